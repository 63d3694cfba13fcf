/*
 * chart_draw.c - a chart laid out into shapes (see chart.h).
 * PLACEHOLDER: linear axes, bars and polylines in a frame; the full layout replaces it.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "core/chart.h"

double sp_chart_height_pt(const struct sp_chart *c, double w_pt)
{
	(void)w_pt;
	return c->kind == SP_CHART_BARS ? 40 + 18.0 * (double)c->n_bars : 200;
}

int sp_chart_draw(const struct sp_chart *c, struct sp_canvas *cv)
{
	double vmax = 0, xmin = INFINITY, xmax = -INFINITY, ymax = 0;
	double left = 80, top = 24, w = cv->w_pt - left - 10, h = cv->h_pt - top - 20;
	struct sp_shape *s;

	if (cv->w_pt < 120 || cv->h_pt < 80 || (!c->n_bars && !c->n_series))
		return -EINVAL;
	s = sp_canvas_add(cv, SP_SHAPE_TEXT, "title");
	if (!s || sp_shape_set_text(s, c->title))
		return -ENOMEM;
	s->x = 4, s->y = 14, s->font_pt = 10, s->bold = 1;
	s = sp_canvas_add(cv, SP_SHAPE_RECT, "frame");
	if (!s)
		return -ENOMEM;
	s->x = left, s->y = top, s->w = w, s->h = h, s->stroked = 1, s->stroke = 0x808080;
	for (size_t i = 0; i < c->n_bars; i++)
		if (c->bars[i].value > vmax)
			vmax = c->bars[i].value;
	for (size_t i = 0; i < c->n_bars; i++) {
		double bh = h / (double)c->n_bars;

		s = sp_canvas_add(cv, SP_SHAPE_RECT, "bar");
		if (!s || sp_shape_set_name(s, c->bars[i].name))
			return -ENOMEM;
		s->x = left, s->y = top + bh * (double)i + 2, s->h = bh - 4;
		s->w = vmax > 0 && isfinite(c->bars[i].value) ? w * c->bars[i].value / vmax : 0;
		s->filled = 1, s->fill = 0x4878a8;
		s = sp_canvas_add(cv, SP_SHAPE_TEXT, "label");
		if (!s || sp_shape_set_text(s, c->bars[i].name))
			return -ENOMEM;
		s->x = left - 4, s->y = top + bh * (double)i + bh / 2 + 3, s->font_pt = 8, s->anchor = 2;
	}
	for (size_t k = 0; k < c->n_series; k++)
		for (size_t i = 0; i < c->series[k].n; i++) {
			xmin = fmin(xmin, c->series[k].x[i]);
			xmax = fmax(xmax, c->series[k].x[i]);
			ymax = fmax(ymax, c->series[k].y[i]);
		}
	for (size_t k = 0; k < c->n_series; k++) {
		const struct sp_chart_series *se = &c->series[k];

		s = sp_canvas_add(cv, SP_SHAPE_LINE, "series");
		if (!s || sp_shape_set_name(s, se->name))
			return -ENOMEM;
		s->pts = malloc(2 * se->n * sizeof(double));
		if (!s->pts)
			return -ENOMEM;
		s->n_pts = se->n;
		for (size_t i = 0; i < se->n; i++) {
			s->pts[2 * i] = left + (xmax > xmin ? w * (se->x[i] - xmin) / (xmax - xmin) : 0);
			s->pts[2 * i + 1] = top + h - (ymax > 0 ? h * se->y[i] / ymax : 0);
		}
		s->stroked = 1, s->stroke = 0x4878a8;
	}
	return 0;
}
