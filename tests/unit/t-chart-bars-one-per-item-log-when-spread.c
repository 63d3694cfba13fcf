/*
 * t-chart-bars-one-per-item-log-when-spread - a bar chart's layout: one bar shape per measured
 * item, named after it, in the order given; an unmeasured (NaN) item becomes a "not measured"
 * gap, never a bar; a log axis exactly when the values span more than 30x (or when asked),
 * with decade labels and minor ticks; otherwise a linear axis from 0 with 1-2-5 ticks; tick
 * labels increase left to right and sit where the bars of those values end; whiskers for
 * ranges; a legend of the groups present; the height grows with the number of bars.
 */
#include <errno.h>
#include <stdlib.h>

#include "chart-checks.h"
#include "check.h"
#include "core/doc/chart.h"

static size_t count(const struct sp_canvas *cv, enum sp_shape_kind k, const char *role,
		    const char *name)
{
	size_t n = 0;

	for (size_t i = 0; i < cv->n; i++)
		if (cv->s[i].kind == k && !strcmp(cv->s[i].role, role) &&
		    (!name || (cv->s[i].name && !strcmp(cv->s[i].name, name))))
			n++;
	return n;
}

static const struct sp_shape *find(const struct sp_canvas *cv, enum sp_shape_kind k,
				   const char *role, const char *name)
{
	for (size_t i = 0; i < cv->n; i++)
		if (cv->s[i].kind == k && !strcmp(cv->s[i].role, role) &&
		    (!name || (cv->s[i].name && !strcmp(cv->s[i].name, name))))
			return &cv->s[i];
	return NULL;
}

static int has_text(const struct sp_canvas *cv, const char *t)
{
	for (size_t i = 0; i < cv->n; i++)
		if (cv->s[i].kind == SP_SHAPE_TEXT && !strcmp(cv->s[i].text, t))
			return 1;
	return 0;
}

/* the x of the tick label saying v, or NaN */
static double tick_x(const struct sp_canvas *cv, double v)
{
	for (size_t i = 0; i < cv->n; i++)
		if (cv->s[i].kind == SP_SHAPE_TEXT && !strcmp(cv->s[i].role, "tick") &&
		    fabs(label_value(cv->s[i].text) - v) < 1e-9 * fmax(1, v))
			return cv->s[i].x;
	return NAN;
}

/* tick labels strictly increasing from left to right; returns how many */
static size_t ticks_increase(const struct sp_canvas *cv)
{
	double last_x = -1, last_v = -INFINITY;
	size_t n = 0;

	for (size_t i = 0; i < cv->n; i++) {
		const struct sp_shape *s = &cv->s[i];

		if (s->kind != SP_SHAPE_TEXT || strcmp(s->role, "tick"))
			continue;
		CHECK(s->x > last_x);
		CHECK(label_value(s->text) > last_v);
		last_x = s->x;
		last_v = label_value(s->text);
		n++;
	}
	return n;
}

static struct sp_chart *chart(const double *v, size_t n)
{
	struct sp_chart *c = sp_chart_new(SP_CHART_BARS, "swap-in median", "median (us)", "");
	static const char *const names[] = {"start",	 "end",	 "file",    "zram-lz4",
					    "zram-zstd", "none", "dev-sdb", "dev-nvme0n1"};

	for (size_t i = 0; c && i < n; i++)
		CHECK(!sp_chart_add_bar(c, names[i % 8],
					i < 3	? SP_CHART_G_DISK
					: i < 5 ? SP_CHART_G_ZRAM
						: SP_CHART_G_FAST,
					v[i], NULL));
	return c;
}

static int draw(const struct sp_chart *c, struct sp_canvas *cv, double w)
{
	sp_canvas_init(cv, w, sp_chart_height_pt(c, w));
	return sp_chart_draw(c, cv);
}

int main(void)
{
	static const double spread[] = {5800, 9400, 7300, 4.1, 6.3};	  /* 2293x */
	static const double narrow[] = {29, 12, 20, 1, 15};		  /* 29x */
	static const double measured_gap[] = {5800, NAN, 7300, 4.1, NAN}; /* two not measured */
	struct sp_canvas cv;
	struct sp_chart *c;
	double h3, h8;

	/* spread over three orders: log axis */
	c = chart(spread, 5);
	CHECK(!sp_chart_bar_range(c, 5.9, 6.8)); /* on the last bar added, zram-zstd */
	CHECK(!draw(c, &cv, 480));
	CHECK_EQ_U64(count(&cv, SP_SHAPE_RECT, "bar", NULL), 5);
	for (size_t i = 0; i < 5; i++)
		CHECK_EQ_U64(count(&cv, SP_SHAPE_RECT, "bar", c->bars[i].name), 1);
	/* rows in the order given */
	CHECK(find(&cv, SP_SHAPE_RECT, "bar", "start")->y <
	      find(&cv, SP_SHAPE_RECT, "bar", "end")->y);
	CHECK(find(&cv, SP_SHAPE_RECT, "bar", "end")->y <
	      find(&cv, SP_SHAPE_RECT, "bar", "file")->y);
	/* log: the 4.1 us bar is far longer than 1/1000 of the 5.8 ms one, decade labels */
	CHECK(find(&cv, SP_SHAPE_RECT, "bar", "zram-lz4")->w >
	      0.1 * find(&cv, SP_SHAPE_RECT, "bar", "start")->w);
	CHECK(!isnan(tick_x(&cv, 1)) && !isnan(tick_x(&cv, 10)) && !isnan(tick_x(&cv, 100)) &&
	      !isnan(tick_x(&cv, 1000)) && !isnan(tick_x(&cv, 10000)));
	CHECK(isnan(tick_x(&cv, 5000))); /* no linear ticks */
	/* the axis title tells the reader */
	CHECK(has_text(&cv, "median (us), log scale"));
	/* minor ticks: more tick marks than labels */
	CHECK(count(&cv, SP_SHAPE_LINE, "tick", NULL) >
	      2 * count(&cv, SP_SHAPE_TEXT, "tick", NULL));
	/* decades evenly spaced */
	CHECK_NEAR(tick_x(&cv, 100) - tick_x(&cv, 10), tick_x(&cv, 1000) - tick_x(&cv, 100), 1e-6);
	CHECK(ticks_increase(&cv) >= 5);
	/* a whisker on the bar with a range, none on the others */
	CHECK(count(&cv, SP_SHAPE_LINE, "whisker", "zram-zstd") >= 1);
	CHECK_EQ_U64(count(&cv, SP_SHAPE_LINE, "whisker", "start"), 0);
	/* value labels at the bars' ends, one per bar, formatted when none was given */
	CHECK_EQ_U64(count(&cv, SP_SHAPE_TEXT, "label", "start"), 2); /* name and value */
	/* a legend of the groups present: disk and compressed RAM, not SSD/NVMe */
	CHECK_EQ_U64(count(&cv, SP_SHAPE_RECT, "legend", NULL), 2);
	in_canvas(&cv);
	sp_canvas_release(&cv);
	sp_chart_free(c);

	/* asked for linear: linear even though the values spread */
	c = chart(spread, 5);
	c->x_log = -1;
	CHECK(!draw(c, &cv, 480));
	CHECK(find(&cv, SP_SHAPE_RECT, "bar", "zram-lz4")->w <
	      0.01 * find(&cv, SP_SHAPE_RECT, "bar", "start")->w);
	sp_canvas_release(&cv);
	sp_chart_free(c);

	/* 29x: linear from 0; bars end where the tick of their value is */
	c = chart(narrow, 5);
	CHECK(!draw(c, &cv, 480));
	CHECK(!isnan(tick_x(&cv, 0)));
	CHECK(!isnan(tick_x(&cv, 20)));
	CHECK(has_text(&cv, "median (us)") && !has_text(&cv, "median (us), log scale"));
	CHECK_NEAR(find(&cv, SP_SHAPE_RECT, "bar", "file")->x +
		       find(&cv, SP_SHAPE_RECT, "bar", "file")->w,
		   tick_x(&cv, 20), 1e-6);
	CHECK_NEAR(find(&cv, SP_SHAPE_RECT, "bar", "file")->w,
		   20 * find(&cv, SP_SHAPE_RECT, "bar", "zram-lz4")->w, 1e-6);
	CHECK(ticks_increase(&cv) >= 3);
	/* 1-2-5 steps: consecutive tick values differ by 1, 2 or 5 times a power of ten */
	{
		double prev = NAN;

		for (size_t i = 0; i < cv.n; i++) {
			if (cv.s[i].kind != SP_SHAPE_TEXT || strcmp(cv.s[i].role, "tick"))
				continue;
			if (!isnan(prev)) {
				double step = label_value(cv.s[i].text) - prev;
				double m = step / pow(10, floor(log10(step)));

				CHECK(fabs(m - 1) < 1e-9 || fabs(m - 2) < 1e-9 ||
				      fabs(m - 5) < 1e-9);
			}
			prev = label_value(cv.s[i].text);
		}
	}
	in_canvas(&cv);
	sp_canvas_release(&cv);
	sp_chart_free(c);

	/* millions on a linear axis: one suffix along it ("0 500k 1M" would mix units) */
	{
		static const double big[] = {5e5, 3e6, 1.2e6};
		char suffix = 0;
		size_t n = 0;

		c = chart(big, 3);
		CHECK(!draw(c, &cv, 480));
		for (size_t i = 0; i < cv.n; i++) {
			const char *t = cv.s[i].text;

			if (cv.s[i].kind != SP_SHAPE_TEXT || strcmp(cv.s[i].role, "tick") ||
			    !strcmp(t, "0"))
				continue;
			CHECK(!suffix || t[strlen(t) - 1] == suffix);
			suffix = t[strlen(t) - 1];
			n++;
		}
		CHECK(suffix == 'M' && n >= 2);
		CHECK(ticks_increase(&cv) >= 3);
		/* the default value label: three digits and a suffix */
		n = 0;
		for (size_t i = 0; i < cv.n; i++)
			n += cv.s[i].kind == SP_SHAPE_TEXT && cv.s[i].name &&
			     !strcmp(cv.s[i].name, "end") && !strcmp(cv.s[i].text, "3M");
		CHECK_EQ_U64(n, 1);
		sp_canvas_release(&cv);
		sp_chart_free(c);
	}

	/* asked for log: log even at 29x */
	c = chart(narrow, 5);
	c->x_log = 1;
	CHECK(!draw(c, &cv, 480));
	CHECK(!isnan(tick_x(&cv, 1)) && !isnan(tick_x(&cv, 10)) && isnan(tick_x(&cv, 0)));
	in_canvas(&cv);
	sp_canvas_release(&cv);
	sp_chart_free(c);

	/* not measured: a gap that says so, named after the item, and no bar */
	c = chart(measured_gap, 5);
	CHECK(!draw(c, &cv, 480));
	CHECK_EQ_U64(count(&cv, SP_SHAPE_RECT, "bar", NULL), 3);
	CHECK_EQ_U64(count(&cv, SP_SHAPE_RECT, "bar", "end"), 0);
	CHECK_EQ_U64(count(&cv, SP_SHAPE_RECT, "gap", NULL), 2);
	CHECK_EQ_U64(count(&cv, SP_SHAPE_RECT, "gap", "end"), 1);
	CHECK(find(&cv, SP_SHAPE_TEXT, "gap", "end") &&
	      !strcmp(find(&cv, SP_SHAPE_TEXT, "gap", "end")->text, "not measured"));
	/* the NaN does not spoil the scale: still log over the measured ones */
	CHECK(!isnan(tick_x(&cv, 1000)));
	in_canvas(&cv);
	sp_canvas_release(&cv);
	sp_chart_free(c);

	/* all not measured: gaps only, still a valid chart */
	{
		static const double none[] = {NAN, NAN};

		c = chart(none, 2);
		CHECK(!draw(c, &cv, 300));
		CHECK_EQ_U64(count(&cv, SP_SHAPE_RECT, "bar", NULL), 0);
		CHECK_EQ_U64(count(&cv, SP_SHAPE_RECT, "gap", NULL), 2);
		in_canvas(&cv);
		sp_canvas_release(&cv);
		sp_chart_free(c);
	}

	/* the height grows with the number of bars */
	c = chart(spread, 3);
	h3 = sp_chart_height_pt(c, 480);
	sp_chart_free(c);
	{
		static const double eight[] = {1, 2, 3, 4, 5, 6, 7, 8};

		c = chart(eight, 8);
		h8 = sp_chart_height_pt(c, 480);
		CHECK(!draw(c, &cv, 480));
		CHECK_EQ_U64(count(&cv, SP_SHAPE_RECT, "bar", NULL), 8);
		sp_canvas_release(&cv);
		sp_chart_free(c);
	}
	CHECK(h8 > h3 + 4 * 10);

	/* nothing to draw, or a box too small: -EINVAL */
	c = sp_chart_new(SP_CHART_BARS, "empty", "", "");
	sp_canvas_init(&cv, 480, 200);
	CHECK(sp_chart_draw(c, &cv) == -EINVAL);
	sp_chart_free(c);
	c = chart(spread, 5);
	sp_canvas_init(&cv, 100, 200);
	CHECK(sp_chart_draw(c, &cv) == -EINVAL);
	sp_canvas_init(&cv, 480, 80); /* five rows do not fit in 80 pt with axis and title */
	CHECK(sp_chart_draw(c, &cv) == -EINVAL);
	sp_canvas_release(&cv);
	sp_chart_free(c);
	return CHECK_DONE();
}
