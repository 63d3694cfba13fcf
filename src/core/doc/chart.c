/*
 * chart.c - a chart's data and the canvas of shapes it is drawn into (see chart.h); the
 * layout itself is core/doc/chart_draw.c.
 */
#include "core/doc/chart.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct sp_chart *sp_chart_new(enum sp_chart_kind kind, const char *title, const char *x_label,
			      const char *y_label)
{
	struct sp_chart *c = calloc(1, sizeof(*c));

	if (!c)
		return NULL;
	c->kind = kind;
	c->title = strdup(title ? title : "");
	c->x_label = strdup(x_label ? x_label : "");
	c->y_label = strdup(y_label ? y_label : "");
	if (!c->title || !c->x_label || !c->y_label) {
		sp_chart_free(c);
		return NULL;
	}
	return c;
}

void sp_chart_free(struct sp_chart *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n_bars; i++) {
		free(c->bars[i].name);
		free(c->bars[i].value_label);
	}
	for (size_t i = 0; i < c->n_series; i++) {
		free(c->series[i].name);
		free(c->series[i].x);
		free(c->series[i].y);
	}
	for (size_t i = 0; i < c->n_ranges; i++)
		free(c->ranges[i].name);
	free(c->bars);
	free(c->series);
	free(c->ranges);
	free(c->title);
	free(c->x_label);
	free(c->y_label);
	free(c);
}

/* Keep c's first failure and return it. */
static int chart_fail(struct sp_chart *c, int err)
{
	if (!c->err)
		c->err = err;
	return c->err;
}

int sp_chart_add_bar(struct sp_chart *c, const char *name, enum sp_chart_group g, double value,
		     const char *value_label)
{
	struct sp_chart_bar *nb, *b;

	if (!c)
		return -EINVAL;
	if (c->err)
		return c->err;
	nb = realloc(c->bars, (c->n_bars + 1) * sizeof(*nb));
	if (!nb)
		return chart_fail(c, -ENOMEM);
	c->bars = nb;
	b = &nb[c->n_bars];
	memset(b, 0, sizeof(*b));
	b->name = strdup(name ? name : "");
	b->value_label = value_label ? strdup(value_label) : NULL;
	if (!b->name || (value_label && !b->value_label)) {
		free(b->name);
		free(b->value_label);
		return chart_fail(c, -ENOMEM);
	}
	b->value = value;
	b->group = g;
	c->n_bars++;
	return 0;
}

int sp_chart_bar_range(struct sp_chart *c, double lo, double hi)
{
	if (!c)
		return -EINVAL;
	if (c->err)
		return c->err;
	if (!c->n_bars || !(lo <= hi))
		return chart_fail(c, -EINVAL);
	c->bars[c->n_bars - 1].has_range = 1;
	c->bars[c->n_bars - 1].lo = lo;
	c->bars[c->n_bars - 1].hi = hi;
	return 0;
}

int sp_chart_add_series(struct sp_chart *c, const char *name, enum sp_chart_group g,
			const double *x, const double *y, size_t n)
{
	struct sp_chart_series *ns, *s;

	if (!c)
		return -EINVAL;
	if (c->err)
		return c->err;
	if (!n || !x || !y)
		return chart_fail(c, -EINVAL);
	ns = realloc(c->series, (c->n_series + 1) * sizeof(*ns));
	if (!ns)
		return chart_fail(c, -ENOMEM);
	c->series = ns;
	s = &ns[c->n_series];
	memset(s, 0, sizeof(*s));
	s->name = strdup(name ? name : "");
	s->x = malloc(n * sizeof(double));
	s->y = malloc(n * sizeof(double));
	if (!s->name || !s->x || !s->y) {
		free(s->name);
		free(s->x);
		free(s->y);
		return chart_fail(c, -ENOMEM);
	}
	memcpy(s->x, x, n * sizeof(double));
	memcpy(s->y, y, n * sizeof(double));
	s->n = n;
	s->group = g;
	c->n_series++;
	return 0;
}

int sp_chart_add_range(struct sp_chart *c, const char *name, double x0, double x1)
{
	struct sp_chart_range *nr;

	if (!c)
		return -EINVAL;
	if (c->err)
		return c->err;
	if (!(x0 <= x1))
		return chart_fail(c, -EINVAL);
	nr = realloc(c->ranges, (c->n_ranges + 1) * sizeof(*nr));
	if (!nr)
		return chart_fail(c, -ENOMEM);
	c->ranges = nr;
	nr[c->n_ranges].name = strdup(name ? name : "");
	if (!nr[c->n_ranges].name)
		return chart_fail(c, -ENOMEM);
	nr[c->n_ranges].x0 = x0;
	nr[c->n_ranges].x1 = x1;
	c->n_ranges++;
	return 0;
}

void sp_canvas_init(struct sp_canvas *cv, double w_pt, double h_pt)
{
	memset(cv, 0, sizeof(*cv));
	cv->w_pt = w_pt;
	cv->h_pt = h_pt;
}

void sp_canvas_release(struct sp_canvas *cv)
{
	for (size_t i = 0; i < cv->n; i++) {
		free(cv->s[i].name);
		free(cv->s[i].pts);
		free(cv->s[i].text);
	}
	free(cv->s);
	cv->s = NULL;
	cv->n = cv->cap = 0;
}

struct sp_shape *sp_canvas_add(struct sp_canvas *cv, enum sp_shape_kind k, const char *role)
{
	struct sp_shape *s;

	if (cv->n == cv->cap) {
		size_t cap = cv->cap ? 2 * cv->cap : 64;
		struct sp_shape *ns = realloc(cv->s, cap * sizeof(*ns));

		if (!ns)
			return NULL;
		cv->s = ns;
		cv->cap = cap;
	}
	s = &cv->s[cv->n++];
	memset(s, 0, sizeof(*s));
	s->kind = k;
	s->role = role;
	s->alpha = 1;
	s->stroke_pt = 1;
	return s;
}

int sp_shape_set_name(struct sp_shape *s, const char *name)
{
	char *d = strdup(name ? name : "");

	if (!d)
		return -ENOMEM;
	free(s->name);
	s->name = d;
	return 0;
}

int sp_shape_set_text(struct sp_shape *s, const char *text)
{
	char *d = strdup(text ? text : "");

	if (!d)
		return -ENOMEM;
	free(s->text);
	s->text = d;
	return 0;
}
