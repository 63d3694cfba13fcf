/*
 * t-chart-shapes-stay-in-canvas - whatever the data (long or non-ASCII names, values from
 * nanoseconds to hours, one bar or forty, NaN, zero, negative values on a log request, a
 * single point, a title longer than the box) and whatever the width from 120 pt up, every
 * shape of every chart kind lies inside its canvas, no text is under 7 pt or overlaps another,
 * text lines are whole UTF-8, and a chart drawn at its own sp_chart_height_pt never fails.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "core/doc/chart.h"

static int utf8_whole(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		size_t n = *p < 0x80 ? 1 : *p >= 0xf0 ? 4 : *p >= 0xe0 ? 3 : *p >= 0xc0 ? 2 : 0;

		if (!n)
			return 0;
		for (size_t i = 1; i < n; i++)
			if ((p[i] & 0xc0) != 0x80)
				return 0;
		p += n;
	}
	return 1;
}

static unsigned checked;

static void check_canvas(const struct sp_chart *c, double w)
{
	struct sp_canvas cv;
	double h = sp_chart_height_pt(c, w);
	int ret;

	sp_canvas_init(&cv, w, h);
	ret = sp_chart_draw(c, &cv);
	if (ret)
		fprintf(stderr, "chart '%s' at %.0f x %.0f: %d\n", c->title, w, h, ret);
	CHECK(ret == 0);
	for (size_t i = 0; i < cv.n; i++) {
		const struct sp_shape *s = &cv.s[i];
		double b[4];

		sp_shape_bounds(s, b);
		if (!(b[0] >= -1e-9 && b[1] >= -1e-9 && b[2] <= w + 1e-9 && b[3] <= h + 1e-9))
			fprintf(stderr,
				"'%s' at %.0f: %s '%s' [%.1f %.1f %.1f %.1f] outside %.1f x %.1f\n",
				c->title, w, s->role,
				s->text	  ? s->text
				: s->name ? s->name
					  : "",
				b[0], b[1], b[2], b[3], w, h);
		CHECK(b[0] >= -1e-9 && b[1] >= -1e-9 && b[2] <= w + 1e-9 && b[3] <= h + 1e-9);
		CHECK(isfinite(b[0]) && isfinite(b[1]) && isfinite(b[2]) && isfinite(b[3]));
		CHECK(s->role != NULL);
		if (s->kind == SP_SHAPE_TEXT) {
			CHECK(s->font_pt >= 7);
			CHECK(s->text && utf8_whole(s->text));
		}
		if (s->kind == SP_SHAPE_LINE)
			for (size_t k = 0; k < 2 * s->n_pts; k++)
				CHECK(isfinite(s->pts[k]));
		checked++;
	}
	/* no two texts overlap (a label's box: its advance, DejaVu's ascent and descent) */
	for (size_t i = 0; i < cv.n; i++)
		for (size_t j = 0; j < i; j++) {
			double a[4], b[4];
			int apart;

			if (cv.s[i].kind != SP_SHAPE_TEXT || cv.s[j].kind != SP_SHAPE_TEXT)
				continue;
			sp_shape_bounds(&cv.s[i], a);
			sp_shape_bounds(&cv.s[j], b);
			apart = a[2] <= b[0] + 0.01 || b[2] <= a[0] + 0.01 || a[3] <= b[1] + 0.01 ||
				b[3] <= a[1] + 0.01;
			if (!apart)
				fprintf(stderr, "'%s' at %.0f: '%s' overlaps '%s'\n", c->title, w,
					cv.s[i].text, cv.s[j].text);
			CHECK(apart);
		}
	sp_canvas_release(&cv);
}

static const char *const long_name =
    "a very long placement name from a disk's model string WDC WD10EZEX-08WN4A0 partition 2";
static const char *const utf8_name =
    "zram-\xc3\xa9\xc3\xa9\xc3\xa9\xe2\x80\x94\xf0\x9f\x92\xbe-\xc2\xb5s";

int main(void)
{
	static const double widths[] = {120, 160, 230, 320, 480, 700, 1000};
	static const double vals[] = {0.003, 1, 57, 5800, 9.4e6, 3.6e9, 0, NAN, 42, 1e-6};
	struct sp_chart *c;

	for (size_t wi = 0; wi < sizeof(widths) / sizeof(widths[0]); wi++) {
		double w = widths[wi];

		/* bars: extremes, with ranges and labels, and forty rows */
		for (int mode = -1; mode <= 1; mode++) {
			c = sp_chart_new(SP_CHART_BARS, long_name, long_name, "");
			c->x_log = mode;
			for (size_t i = 0; i < 10; i++) {
				char name[64];

				snprintf(name, sizeof(name), "p%zu", i);
				CHECK(!sp_chart_add_bar(
				    c,
				    i == 3   ? long_name
				    : i == 4 ? utf8_name
					     : name,
				    (enum sp_chart_group)(i % SP_CHART_GROUPS), vals[i],
				    i == 5 ? "9.4 s, the slowest by far and away" : NULL));
				if (i % 3 == 0 && isfinite(vals[i]))
					CHECK(!sp_chart_bar_range(c, vals[i] * 0.5, vals[i] * 2));
			}
			check_canvas(c, w);
			sp_chart_free(c);
		}
		c = sp_chart_new(SP_CHART_BARS, "forty", "", "");
		for (int i = 0; i < 40; i++) {
			char name[32];

			snprintf(name, sizeof(name), "case-%d", i);
			CHECK(!sp_chart_add_bar(c, name, SP_CHART_G_DISK, 1 + i * i, NULL));
		}
		check_canvas(c, w);
		sp_chart_free(c);
		/* one bar of zero; one negative value on a linear axis */
		c = sp_chart_new(SP_CHART_BARS, "", "", "");
		CHECK(!sp_chart_add_bar(c, "zero", SP_CHART_G_NONE, 0, NULL));
		check_canvas(c, w);
		CHECK(!sp_chart_add_bar(c, "minus", SP_CHART_G_NONE, -5, NULL));
		check_canvas(c, w);
		sp_chart_free(c);

		/* lines: wide spans, a single point, NaNs, zeros on a log request, many series */
		for (int mode = -1; mode <= 1; mode++) {
			double x[6] = {0, 1e-3, 10, 1e5, NAN, 3e7},
			       y[6] = {0, 0.2, 0.5, 0.9, 0.95, 1};
			double one_x = 5, one_y = 1234;

			c = sp_chart_new(SP_CHART_LINES, long_name, long_name, long_name);
			c->x_log = mode;
			c->y_log = -mode;
			for (int k = 0; k < 9; k++) {
				char name[64];

				snprintf(name, sizeof(name), "%s %d", k == 2 ? utf8_name : "series",
					 k);
				CHECK(!sp_chart_add_series(c, k == 4 ? long_name : name,
							   SP_CHART_G_ZRAM, x, y, 6));
			}
			CHECK(!sp_chart_add_series(c, "one point", SP_CHART_G_DISK, &one_x, &one_y,
						   1));
			check_canvas(c, w);
			c->kind = SP_CHART_PROFILE;
			CHECK(!sp_chart_add_range(c, long_name, 0, 10));
			CHECK(!sp_chart_add_range(c, utf8_name, 9, 11));
			CHECK(!sp_chart_add_range(c, "r3", 2e7, 3e7));
			CHECK(!sp_chart_add_range(c, "r4", 1e5, 1e5));
			CHECK(!sp_chart_add_range(c, "r5", 1, 2));
			check_canvas(c, w);
			sp_chart_free(c);
		}
	}
	CHECK(checked > 5000);
	return CHECK_DONE();
}
