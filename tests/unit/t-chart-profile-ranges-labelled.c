/*
 * t-chart-profile-ranges-labelled - the disk's position profile: the series plus one shaded
 * box per swap area, named after it, spanning the plot's height at the area's position (a
 * sliver on a large disk is still drawn at least 1.5 pt wide), each with its label above the
 * plot, labels never overlapping even when the areas are close together, and the shading
 * behind the series (drawn first).
 */
#include <stdlib.h>

#include "check.h"
#include "core/doc/chart.h"

static const struct sp_shape *find(const struct sp_canvas *cv, enum sp_shape_kind k,
				   const char *role, const char *name, size_t *idx)
{
	for (size_t i = 0; i < cv->n; i++)
		if (cv->s[i].kind == k && !strcmp(cv->s[i].role, role) &&
		    (!name || (cv->s[i].name && !strcmp(cv->s[i].name, name)))) {
			if (idx)
				*idx = i;
			return &cv->s[i];
		}
	return NULL;
}

static double tick_x(const struct sp_canvas *cv, const char *label)
{
	for (size_t i = 0; i < cv->n; i++)
		if (cv->s[i].kind == SP_SHAPE_TEXT && !strcmp(cv->s[i].role, "tick") &&
		    cv->s[i].anchor == 1 && !strcmp(cv->s[i].text, label))
			return cv->s[i].x;
	return NAN;
}

static void check_profile(const char *const *names, const double *x0, const double *x1, size_t n,
			  double w)
{
	struct sp_chart *c =
	    sp_chart_new(SP_CHART_PROFILE, "position profile", "position (GiB)", "read (MB/s)");
	double xs[40], ys[40], boxes[8][4];
	struct sp_canvas cv;
	size_t series_idx;

	for (int k = 0; k < 40; k++) {
		xs[k] = k * 1000.0 / 39;
		ys[k] = 200 - k * 2.5;
	}
	CHECK(!sp_chart_add_series(c, "ST1000DM003", SP_CHART_G_DISK, xs, ys, 40));
	for (size_t i = 0; i < n; i++)
		CHECK(!sp_chart_add_range(c, names[i], x0[i], x1[i]));
	sp_canvas_init(&cv, w, sp_chart_height_pt(c, w));
	CHECK(!sp_chart_draw(c, &cv));
	CHECK(find(&cv, SP_SHAPE_LINE, "series", "ST1000DM003", &series_idx) != NULL);
	for (size_t i = 0; i < n; i++) {
		size_t ri;
		const struct sp_shape *r = find(&cv, SP_SHAPE_RECT, "range", names[i], &ri);
		const struct sp_shape *t = find(&cv, SP_SHAPE_TEXT, "range", names[i], NULL);
		size_t k = 0;

		CHECK(r && t);
		if (!r || !t)
			continue;
		for (size_t j = 0; j < cv.n; j++)
			k += cv.s[j].kind == SP_SHAPE_RECT && !strcmp(cv.s[j].role, "range") &&
			     !strcmp(cv.s[j].name, names[i]);
		CHECK_EQ_U64(k, 1);
		CHECK(ri < series_idx); /* shading behind the curve */
		CHECK(r->w >= 1.5 - 1e-9);
		CHECK(r->filled && r->alpha < 1);
		/* at its position: the box covers where x0..x1 lie between the 0 and 1000 ticks */
		{
			double p0 = tick_x(&cv, "0"), p1 = tick_x(&cv, "1000");
			double a = p0 + (p1 - p0) * x0[i] / 1000, b = p0 + (p1 - p0) * x1[i] / 1000;

			CHECK(r->x <= a + 0.76 && r->x + r->w >= b - 0.76);
			CHECK(r->x >= p0 - 1e-9 && r->x + r->w <= p1 + 1e-9);
		}
		CHECK_EQ_U64(strlen(t->text), strlen(names[i]));
		sp_shape_bounds(t, boxes[i]);
		CHECK(boxes[i][3] <= r->y); /* the label above the plot */
	}
	/* labels do not overlap */
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < i; j++)
			CHECK(boxes[i][2] <= boxes[j][0] || boxes[j][2] <= boxes[i][0] ||
			      boxes[i][3] <= boxes[j][1] || boxes[j][3] <= boxes[i][1]);
	for (size_t i = 0; i < cv.n; i++) {
		double b[4];

		sp_shape_bounds(&cv.s[i], b);
		CHECK(b[0] >= 0 && b[1] >= 0 && b[2] <= cv.w_pt && b[3] <= cv.h_pt);
	}
	sp_canvas_release(&cv);
	sp_chart_free(c);
}

int main(void)
{
	static const char *const spaced[] = {"start swap", "end swap", "swap file", "sliver"};
	static const double sx0[] = {0, 992, 400, 700}, sx1[] = {8, 1000, 408, 700.2};
	/* three areas within 2 % of the disk: their labels must stack */
	static const char *const close[] = {"start swap", "second area", "third area"};
	static const double cx0[] = {0, 8, 16}, cx1[] = {8, 16, 24};

	check_profile(spaced, sx0, sx1, 4, 480);
	check_profile(close, cx0, cx1, 3, 480);
	check_profile(close, cx0, cx1, 3, 200);
	return CHECK_DONE();
}
