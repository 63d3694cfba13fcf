/*
 * t-chart-lines-cdf-percent-and-queue-depth - line charts: a latency CDF (y within 0..1) gets
 * a 0..100 % y axis and, spanning orders of magnitude, a log x axis; a queue-depth curve
 * (x = 1, 2, 4 .. 128) gets ticks at powers of two; one polyline per series, named after it,
 * each series in its own colour and dash pattern, listed in the legend; the polylines' points
 * are where the axes say their values are, inside the plot.
 */
#include <stdlib.h>

#include "chart-checks.h"
#include "check.h"
#include "core/doc/chart.h"

static const struct sp_shape *find(const struct sp_canvas *cv, enum sp_shape_kind k,
				   const char *role, const char *name)
{
	for (size_t i = 0; i < cv->n; i++)
		if (cv->s[i].kind == k && !strcmp(cv->s[i].role, role) &&
		    (!name || (cv->s[i].name && !strcmp(cv->s[i].name, name))))
			return &cv->s[i];
	return NULL;
}

static size_t count(const struct sp_canvas *cv, enum sp_shape_kind k, const char *role)
{
	size_t n = 0;

	for (size_t i = 0; i < cv->n; i++)
		n += cv->s[i].kind == k && !strcmp(cv->s[i].role, role);
	return n;
}

/* the position of the tick label saying v on the x (anchor middle) or y (anchor end) axis */
static double tick_at(const struct sp_canvas *cv, int y_axis, const char *label)
{
	for (size_t i = 0; i < cv->n; i++) {
		const struct sp_shape *s = &cv->s[i];

		if (s->kind == SP_SHAPE_TEXT && !strcmp(s->role, "tick") &&
		    s->anchor == (y_axis ? 2 : 1) && !strcmp(s->text, label))
			return y_axis ? s->y : s->x;
	}
	return NAN;
}

/* labels of one axis increase along it (x: rightwards, y: upwards); returns how many */
static size_t axis_increases(const struct sp_canvas *cv, int y_axis)
{
	double last_p = y_axis ? INFINITY : -INFINITY, last_v = -INFINITY;
	size_t n = 0;

	for (size_t i = 0; i < cv->n; i++) {
		const struct sp_shape *s = &cv->s[i];
		double p;

		if (s->kind != SP_SHAPE_TEXT || strcmp(s->role, "tick") ||
		    s->anchor != (y_axis ? 2 : 1))
			continue;
		p = y_axis ? s->y : s->x;
		CHECK(y_axis ? p < last_p : p > last_p);
		CHECK(label_value(s->text) > last_v);
		last_p = p;
		last_v = label_value(s->text);
		n++;
	}
	return n;
}

int main(void)
{
	static const char *const names[] = {"start",	 "end",		"file",	  "zram-lz4",
					    "zram-zstd", "dev-nvme0n1", "dev-sdb"};
	static const double medians[] = {5800, 9400, 7300, 4.1, 6.3, 95, 3000};
	struct sp_chart *c = sp_chart_new(SP_CHART_LINES, "latency CDF", "latency (us)", "share");
	struct sp_canvas cv;
	double x[21], y[21];

	for (size_t i = 0; i < 7; i++) {
		for (int k = 0; k < 21; k++) {
			x[k] = medians[i] * pow(1.5, (k - 10) / 4.0);
			y[k] = k / 20.0;
		}
		CHECK(!sp_chart_add_series(c, names[i], SP_CHART_G_DISK, x, y, 21));
	}
	sp_canvas_init(&cv, 480, sp_chart_height_pt(c, 480));
	CHECK(!sp_chart_draw(c, &cv));
	/* one polyline per series, named after it, with all its points */
	CHECK_EQ_U64(count(&cv, SP_SHAPE_LINE, "series"), 7);
	for (size_t i = 0; i < 7; i++) {
		const struct sp_shape *s = find(&cv, SP_SHAPE_LINE, "series", names[i]);

		CHECK(s && s->n_pts == 21);
		/* no two series look alike: colour or dash differs, and the first six all dash
		 * differently */
		for (size_t j = 0; j < i; j++) {
			const struct sp_shape *o = find(&cv, SP_SHAPE_LINE, "series", names[j]);

			CHECK(s->stroke != o->stroke || s->dashed != o->dashed);
			if (i < SP_DASH_PATTERNS)
				CHECK(s->dashed != o->dashed);
		}
	}
	/* y: 0 % .. 100 %, labelled as percentages */
	CHECK(!isnan(tick_at(&cv, 1, "0%")) && !isnan(tick_at(&cv, 1, "100%")));
	CHECK(axis_increases(&cv, 1) >= 3);
	/* x: log (4.1 us .. 9.4 ms), decades labelled */
	CHECK(!isnan(tick_at(&cv, 0, "10")) && !isnan(tick_at(&cv, 0, "100")) &&
	      !isnan(tick_at(&cv, 0, "1k")));
	CHECK(axis_increases(&cv, 0) >= 4);
	/* points where the axes say: zram-lz4's y = 1 at the 100 % tick, 0 at the 0 % tick */
	{
		const struct sp_shape *s = find(&cv, SP_SHAPE_LINE, "series", "zram-lz4");
		double y100 = tick_at(&cv, 1, "100%") - 0.36 * 7.5,
		       y0 = tick_at(&cv, 1, "0%") - 0.36 * 7.5;

		CHECK_NEAR(s->pts[41], y100, 0.001);
		CHECK_NEAR(s->pts[1], y0, 0.001);
		/* and the start series' median (x = 5800) lies between the 1k and 10k ticks */
		s = find(&cv, SP_SHAPE_LINE, "series", "start");
		CHECK(s->pts[20] > tick_at(&cv, 0, "1k") && s->pts[20] < tick_at(&cv, 0, "10k"));
	}
	/* a legend entry per series: a line sample and its name */
	CHECK_EQ_U64(count(&cv, SP_SHAPE_LINE, "legend"), 7);
	CHECK_EQ_U64(count(&cv, SP_SHAPE_TEXT, "legend"), 7);
	in_canvas(&cv);
	sp_canvas_release(&cv);
	sp_chart_free(c);

	/* the io_uring queue-depth curve: x = depth at powers of two, y = pages/s */
	{
		static const double depth[] = {1, 2, 4, 8, 16, 32, 64, 128};
		static const double pages[] = {160, 210, 260, 300, 330, 345, 350, 352};

		c = sp_chart_new(SP_CHART_LINES, "pages/s against queue depth", "queue depth",
				 "pages/s");
		CHECK(!sp_chart_add_series(c, "start", SP_CHART_G_DISK, depth, pages, 8));
		sp_canvas_init(&cv, 480, sp_chart_height_pt(c, 480));
		CHECK(!sp_chart_draw(c, &cv));
		CHECK(!isnan(tick_at(&cv, 0, "1")) && !isnan(tick_at(&cv, 0, "2")) &&
		      !isnan(tick_at(&cv, 0, "4")) && !isnan(tick_at(&cv, 0, "128")));
		CHECK(isnan(tick_at(&cv, 0, "10"))); /* not decades */
		/* evenly spaced doublings */
		CHECK_NEAR(tick_at(&cv, 0, "4") - tick_at(&cv, 0, "2"),
			   tick_at(&cv, 0, "2") - tick_at(&cv, 0, "1"), 1e-6);
		/* y linear from 0 (span 2.2x), not percent */
		CHECK(!isnan(tick_at(&cv, 1, "0")));
		CHECK(isnan(tick_at(&cv, 1, "0%")));
		CHECK(axis_increases(&cv, 1) >= 3);
		CHECK(axis_increases(&cv, 0) >= 4);
		/* the first point sits at x = the "1" tick */
		CHECK_NEAR(find(&cv, SP_SHAPE_LINE, "series", "start")->pts[0],
			   tick_at(&cv, 0, "1"), 1e-6);
		in_canvas(&cv);
		sp_canvas_release(&cv);

		/* x asked linear: the 1-2-5 ticks of a linear axis */
		c->x_log = -1;
		sp_canvas_init(&cv, 480, sp_chart_height_pt(c, 480));
		CHECK(!sp_chart_draw(c, &cv));
		CHECK(isnan(tick_at(&cv, 0, "4")) || isnan(tick_at(&cv, 0, "8")));
		CHECK(!isnan(tick_at(&cv, 0, "0")));
		in_canvas(&cv);
		sp_canvas_release(&cv);
		sp_chart_free(c);
	}

	/* a span under 30x stays linear on x */
	{
		static const double xs[] = {10, 50, 100, 200, 290};
		static const double ys[] = {0.1, 0.3, 0.5, 0.8, 1.0};

		c = sp_chart_new(SP_CHART_LINES, "narrow", "latency (us)", "");
		CHECK(!sp_chart_add_series(c, "start", SP_CHART_G_DISK, xs, ys, 5));
		sp_canvas_init(&cv, 480, sp_chart_height_pt(c, 480));
		CHECK(!sp_chart_draw(c, &cv));
		CHECK(!isnan(tick_at(&cv, 0, "0")) && !isnan(tick_at(&cv, 0, "100")) &&
		      !isnan(tick_at(&cv, 0, "200")));
		CHECK_NEAR(tick_at(&cv, 0, "200") - tick_at(&cv, 0, "100"),
			   tick_at(&cv, 0, "100") - tick_at(&cv, 0, "0"), 1e-6);
		in_canvas(&cv);
		sp_canvas_release(&cv);
		sp_chart_free(c);
	}
	/* no series: nothing to draw */
	c = sp_chart_new(SP_CHART_LINES, "empty", "", "");
	sp_canvas_init(&cv, 480, 200);
	CHECK(sp_chart_draw(c, &cv) < 0);
	sp_canvas_release(&cv);
	sp_chart_free(c);
	return CHECK_DONE();
}
