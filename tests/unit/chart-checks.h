/*
 * chart-checks.h - what the chart tests read back from a laid-out chart (core/doc/chart.h): a
 * tick label's value, and that every shape stays in the canvas at a readable size.
 */
#ifndef T_CHART_CHECKS_H
#define T_CHART_CHECKS_H

#include <stdlib.h>

#include "check.h"
#include "core/doc/chart.h"

/* a tick label as a number: "2k" 2000, "1.5M" 1.5e6, "25%" 0.25 */
static inline double label_value(const char *s)
{
	char *end;
	double v = strtod(s, &end);

	if (*end == 'k')
		v *= 1e3;
	else if (*end == 'M')
		v *= 1e6;
	else if (*end == '%')
		v /= 100;
	return v;
}

/* every shape inside the canvas (1e-9 pt of rounding allowed), no text under 7 pt */
static inline void in_canvas(const struct sp_canvas *cv)
{
	for (size_t i = 0; i < cv->n; i++) {
		double b[4];

		sp_shape_bounds(&cv->s[i], b);
		CHECK(b[0] >= -1e-9 && b[1] >= -1e-9 && b[2] <= cv->w_pt + 1e-9 &&
		      b[3] <= cv->h_pt + 1e-9);
		if (cv->s[i].kind == SP_SHAPE_TEXT)
			CHECK(cv->s[i].font_pt >= 7);
	}
}

#endif
