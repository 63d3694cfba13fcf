/*
 * chart_draw.c - a chart laid out into shapes (see chart.h): every decision a reader sees is
 * made here once (the scale, where the ticks go and what they say, the order and colour of
 * the marks, where each label fits), so the PDF, the PostScript, the PNG and the HTML's SVG
 * show the same chart and tests can read the layout without painting it.
 *
 * Three kinds:
 * - BARS: one row per item, its name at the left, a horizontal bar from the axis' start, the
 *   value's label past the bar's end (or its whisker's), a dotted "not measured" box for an
 *   item without a value. The axis is logarithmic when the values span more than 30x (an HDD
 *   next to zram: on a linear axis zram would be a hairline), with decade ticks and minor
 *   ticks; otherwise linear from 0 with 1-2-5 ticks.
 * - LINES: polylines on x/y axes (a latency CDF, pages/s against io_uring queue depth); a y
 *   axis of values all within 0..1 reads as 0..100 %; x logarithmic when asked or when it
 *   spans more than 30x; queue depths (powers of two) get ticks at powers of two.
 * - PROFILE: LINES plus shaded x ranges (the swap areas on the disk), each labelled above
 *   the plot with a leader down to it, labels stacked in rows so they never overlap.
 *
 * Colours: the groups' fills differ in lightness as well as hue (luma about 52, 97, 125, 162,
 * 213 of 255) so a greyscale print and a colour-blind reader still tell them apart; bars have
 * a dark outline so the light ones stay visible; series differ in colour and dash pattern.
 * All text is at least 7 pt and measured with core/doc/textmetrics.h, so nothing leaves the box.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/doc/chart.h"
#include "core/doc/textmetrics.h"

#define PAD 4.0 /* empty border inside the canvas */
#define TITLE_PT 9.5
#define TITLE_LH 12.5
#define LABEL_PT 8.0 /* item names, axis labels */
#define TICK_PT 7.5
#define LEGEND_PT 7.5
#define VALUE_PT 7.5
#define LINE_LH 11.0 /* legend and range-label rows */
#define ASC 0.928    /* DejaVu Sans ascent per em (1901/2048) */
#define DESC 0.236   /* descent (483/2048) */
#define TICK_LEN 3.0
#define ROW_MIN 9.0
#define ROW_PREF 17.0
#define ROW_MAX 24.0
#define MAX_TICKS 200
#define MAX_TITLE_LINES 3
#define MAX_RANGE_ROWS 4
#define MAX_LEGEND 64

#define INK 0x000000
#define MUTED 0x555555
#define GRID 0xd0d0d0
#define OUTLINE 0x222222

static const char ELLIPSIS[] = "\xe2\x80\xa6";

/* by enum sp_chart_group: navy, orange, teal, pale yellow, purple (luma 52 162 125 213 97) */
static const uint32_t group_fill[SP_CHART_GROUPS] = {0x0b3d73, 0xe69f00, 0x26a68a, 0xf0e442,
						     0x88419d};
static const char *const group_names[SP_CHART_GROUPS] = {
    "target disk", "SSD/NVMe", "compressed RAM", "no swap", "other",
};
/* series by index: Okabe-Ito hues, dark and light alternating */
static const uint32_t line_colour[8] = {0x0b3d73, 0xd55e00, 0x26a68a, 0x88419d,
					0xe69f00, 0x000000, 0x56b4e9, 0x808080};
static const uint32_t range_fill[4] = {0x56b4e9, 0xe69f00, 0x26a68a, 0xcc79a7};

static const double dash_table[SP_DASH_PATTERNS][4] = {
    {0}, {5, 2.5}, {1.2, 2}, {7, 2, 1.2, 2}, {2.5, 2.5}, {10, 2.5},
};
static const size_t dash_len[SP_DASH_PATTERNS] = {0, 2, 2, 4, 2, 2};

size_t sp_chart_dash(int dashed, double on_off[4])
{
	size_t k;

	if (dashed <= 0)
		return 0;
	k = (size_t)dashed % SP_DASH_PATTERNS;
	if (!k)
		k = 1;
	memcpy(on_off, dash_table[k], sizeof(dash_table[k]));
	return dash_len[k];
}

const char *sp_chart_group_name(enum sp_chart_group g)
{
	return (unsigned)g < SP_CHART_GROUPS ? group_names[g] : group_names[SP_CHART_G_OTHER];
}

static enum sp_font shape_font(const struct sp_shape *s)
{
	return s->mono ? SP_FONT_MONO : s->bold ? SP_FONT_SANS_BOLD : SP_FONT_SANS;
}

void sp_shape_bounds(const struct sp_shape *s, double box[4])
{
	double half = s->stroked ? s->stroke_pt / 2 : 0;

	switch (s->kind) {
	case SP_SHAPE_RECT:
		box[0] = fmin(s->x, s->x + s->w) - half;
		box[1] = fmin(s->y, s->y + s->h) - half;
		box[2] = fmax(s->x, s->x + s->w) + half;
		box[3] = fmax(s->y, s->y + s->h) + half;
		return;
	case SP_SHAPE_LINE:
		half = s->stroke_pt / 2;
		box[0] = box[1] = INFINITY;
		box[2] = box[3] = -INFINITY;
		for (size_t i = 0; i < s->n_pts; i++) {
			box[0] = fmin(box[0], s->pts[2 * i] - half);
			box[2] = fmax(box[2], s->pts[2 * i] + half);
			box[1] = fmin(box[1], s->pts[2 * i + 1] - half);
			box[3] = fmax(box[3], s->pts[2 * i + 1] + half);
		}
		if (!s->n_pts)
			box[0] = box[1] = box[2] = box[3] = 0;
		return;
	case SP_SHAPE_TEXT: {
		double tw = sp_text_width_pt(shape_font(s), s->font_pt, s->text);
		double off = s->anchor == 1 ? -tw / 2 : s->anchor == 2 ? -tw : 0;

		if (s->vertical) { /* runs upward from (x, y); its ascent points to -x */
			box[0] = s->x - ASC * s->font_pt;
			box[2] = s->x + DESC * s->font_pt;
			box[1] = s->y - off - tw;
			box[3] = s->y - off;
		} else {
			box[0] = s->x + off;
			box[2] = s->x + off + tw;
			box[1] = s->y - ASC * s->font_pt;
			box[3] = s->y + DESC * s->font_pt;
		}
		return;
	}
	}
	box[0] = box[1] = box[2] = box[3] = 0;
}

/* ---- shapes ---- */

struct dr {
	struct sp_canvas *cv;
	int err;
};

static struct sp_shape *add(struct dr *d, enum sp_shape_kind k, const char *role, const char *name)
{
	struct sp_shape *s;

	if (d->err)
		return NULL;
	s = sp_canvas_add(d->cv, k, role);
	if (!s || (name && sp_shape_set_name(s, name))) {
		d->err = -ENOMEM;
		return NULL;
	}
	return s;
}

static struct sp_shape *text(struct dr *d, const char *role, const char *name, double x, double y,
			     double pt, int bold, int anchor, uint32_t colour, const char *str)
{
	struct sp_shape *s = add(d, SP_SHAPE_TEXT, role, name);

	if (!s)
		return NULL;
	if (sp_shape_set_text(s, str)) {
		d->err = -ENOMEM;
		return NULL;
	}
	s->x = x, s->y = y, s->font_pt = pt, s->bold = bold, s->anchor = anchor;
	s->fill = colour, s->filled = 1;
	return s;
}

static struct sp_shape *rect(struct dr *d, const char *role, const char *name, double x, double y,
			     double w, double h)
{
	struct sp_shape *s = add(d, SP_SHAPE_RECT, role, name);

	if (!s)
		return NULL;
	s->x = x, s->y = y, s->w = w, s->h = h;
	return s;
}

static struct sp_shape *line(struct dr *d, const char *role, const char *name, size_t n,
			     uint32_t colour, double stroke_pt)
{
	struct sp_shape *s = add(d, SP_SHAPE_LINE, role, name);

	if (!s)
		return NULL;
	s->pts = calloc(2 * (n ? n : 1), sizeof(double));
	if (!s->pts) {
		d->err = -ENOMEM;
		return NULL;
	}
	s->n_pts = n;
	s->stroke = colour, s->stroked = 1, s->stroke_pt = stroke_pt;
	return s;
}

static void seg(struct dr *d, const char *role, const char *name, double x0, double y0, double x1,
		double y1, uint32_t colour, double stroke_pt)
{
	struct sp_shape *s = line(d, role, name, 2, colour, stroke_pt);

	if (!s)
		return;
	s->pts[0] = x0, s->pts[1] = y0, s->pts[2] = x1, s->pts[3] = y1;
}

/* ---- text that fits ---- */

static size_t cp_len(const char *s, size_t len)
{
	size_t n = 1;

	if ((unsigned char)s[0] >= 0xc0)
		while (n < len && n < 4 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n++;
	return n;
}

/* s (len bytes) into out, cut at a code point and ended with an ellipsis when it is wider
 * than max_w (nothing at all when not even the ellipsis fits); returns the width written. */
static double fit_into(enum sp_font f, double pt, const char *s, size_t len, double max_w,
		       char *out, size_t outsz)
{
	double ew = sp_text_width_pt(f, pt, ELLIPSIS), w;
	size_t i = 0;

	if (len >= outsz) { /* cut at a code point */
		len = outsz - 1;
		while (len > 0 && ((unsigned char)s[len] & 0xc0) == 0x80)
			len--;
	}
	memcpy(out, s, len);
	out[len] = 0;
	w = sp_text_width_pt(f, pt, out);
	if (w <= max_w)
		return w;
	if (ew > max_w || outsz < sizeof(ELLIPSIS)) {
		out[0] = 0;
		return 0;
	}
	/* the longest prefix that leaves room for the ellipsis */
	w = 0;
	while (i < len) {
		size_t n = cp_len(s + i, len - i);
		char cp[8] = {0};

		memcpy(cp, s + i, n);
		w += sp_text_width_pt(f, pt, cp);
		if (w + ew > max_w)
			break;
		i += n;
	}
	while (i > 0 && s[i - 1] == ' ')
		i--;
	if (i + sizeof(ELLIPSIS) > outsz)
		i = outsz - sizeof(ELLIPSIS);
	memcpy(out + i, ELLIPSIS, sizeof(ELLIPSIS));
	return sp_text_width_pt(f, pt, out);
}

/* ---- numbers and axes ---- */

struct tick {
	double v;
	int major;
	char label[24]; /* "" for none */
};

struct axis {
	int log, pct, pow2;
	double lo, hi; /* data units at p0 and p1 */
	double p0, p1; /* points */
	size_t n;
	struct tick t[MAX_TICKS];
};

static double axis_map(const struct axis *a, double v)
{
	double f;

	if (a->log) {
		if (!(v > 0))
			return a->p0;
		f = (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo));
	} else {
		f = (v - a->lo) / (a->hi - a->lo);
	}
	if (!(f >= 0))
		f = 0;
	if (f > 1)
		f = 1;
	return a->p0 + f * (a->p1 - a->p0);
}

/* a tick label: decimals as the step needs, "k" "M" "G" for large ones: 0.5 2 250 10k 1.5M;
 * the suffix follows mag (a linear axis' largest value: one suffix along the axis) */
static void fmt_num(char *buf, size_t len, double v, double step, double mag)
{
	double av = fabs(mag), div = 1;
	const char *suf = "";
	int dec = 0;

	if (av >= 1e10 || (av >= 1e9 && step >= 1e8)) {
		div = 1e9, suf = "G";
	} else if (av >= 1e7 || (av >= 1e6 && step >= 1e5)) {
		div = 1e6, suf = "M";
	} else if (av >= 1e4 || (av >= 1e3 && step >= 1e3)) {
		div = 1e3, suf = "k";
	}
	step /= div;
	if (step > 0 && step < 1) {
		dec = (int)ceil(-log10(step) - 1e-9);
		if (dec > 6)
			dec = 6;
	}
	if (fabs(v / div) < 0.5 * pow(10, -dec))
		v = 0; /* no "-0" */
	snprintf(buf, len, "%.*f%s", dec, v / div, suf);
}

static double nice_step(double span, double target)
{
	double raw = span / (target < 1 ? 1 : target), mag, f;

	if (!(raw > 0))
		return 1;
	mag = pow(10, floor(log10(raw)));
	f = raw / mag;
	return (f <= 1.0001 ? 1 : f <= 2.0001 ? 2 : f <= 5.0001 ? 5 : 10) * mag;
}

static void tick_add(struct axis *a, double v, int major, const char *label)
{
	if (a->n >= MAX_TICKS)
		return;
	a->t[a->n].v = v;
	a->t[a->n].major = major;
	snprintf(a->t[a->n].label, sizeof(a->t[a->n].label), "%s", label ? label : "");
	a->n++;
}

static void axis_linear(struct axis *a, double lo, double hi, double target)
{
	double step;

	a->log = 0;
	a->n = 0;
	if (a->pct) {
		lo = 0, hi = 1;
	}
	if (!(hi > lo)) {
		if (lo == 0 || !isfinite(lo))
			lo = 0, hi = 1;
		else if (lo > 0)
			lo = 0;
		else
			hi = 0;
	}
	step = nice_step(hi - lo, target);
	a->lo = floor(lo / step + 1e-9) * step;
	a->hi = ceil(hi / step - 1e-9) * step;
	if (!(a->hi > a->lo))
		a->hi = a->lo + step;
	for (double v = a->lo; v <= a->hi + step * 1e-6 && a->n < MAX_TICKS; v += step) {
		char lab[24];
		double r = round(v / step) * step; /* no 0.30000000000000004 */

		if (a->pct)
			snprintf(lab, sizeof(lab), "%.*f%%", step * 100 < 1 ? 1 : 0, r * 100);
		else
			fmt_num(lab, sizeof(lab), r, step, fmax(fabs(a->lo), fabs(a->hi)));
		tick_add(a, r, 1, lab);
	}
}

/* log axis between whole decades; every: label one decade in every; minor: 2..9 marks;
 * fine: also label 2 and 5 (an axis of one or two decades) */
static void axis_log(struct axis *a, double min_pos, double max, int every, int fine)
{
	int d0 = (int)floor(log10(min_pos) + 1e-9), d1 = (int)ceil(log10(max) - 1e-9);

	if (d1 <= d0)
		d1 = d0 + 1;
	if (d1 - d0 > 24)
		d0 = d1 - 24;
	a->log = 1;
	a->n = 0;
	a->lo = pow(10, d0);
	a->hi = pow(10, d1);
	for (int k = d0; k <= d1; k++) {
		double dv = pow(10, k);
		char lab[24];

		fmt_num(lab, sizeof(lab), dv, dv, dv);
		tick_add(a, dv, 1, (k - d0) % every == 0 ? lab : "");
		if (k == d1)
			break;
		for (int m = 2; m <= 9; m++) {
			lab[0] = 0;
			if (fine && (m == 2 || m == 5))
				fmt_num(lab, sizeof(lab), m * dv, dv, m * dv);
			tick_add(a, m * dv, 0, lab);
		}
	}
}

/* powers of two from 2^e0 to 2^e1, labelled one in every */
static void axis_pow2(struct axis *a, double min_pos, double max, int every)
{
	int e0 = (int)floor(log2(min_pos) + 1e-9), e1 = (int)ceil(log2(max) - 1e-9);

	if (e1 <= e0)
		e1 = e0 + 1;
	a->log = 1;
	a->pow2 = 1;
	a->n = 0;
	a->lo = pow(2, e0);
	a->hi = pow(2, e1);
	for (int k = e0; k <= e1; k++) {
		char lab[24];

		fmt_num(lab, sizeof(lab), pow(2, k), 1, pow(2, k));
		tick_add(a, pow(2, k), 1, (k - e0) % every == 0 ? lab : "");
	}
}

/* do the labels of a horizontal axis overlap (or leave [lim0, lim1])? */
static int labels_clash(const struct axis *a, double lim0, double lim1)
{
	double right = -INFINITY;

	for (size_t i = 0; i < a->n; i++) {
		double x, w;

		if (!a->t[i].label[0])
			continue;
		x = axis_map(a, a->t[i].v);
		w = sp_text_width_pt(SP_FONT_SANS, TICK_PT, a->t[i].label);
		if (x - w / 2 < right + 5 || x - w / 2 < lim0 || x + w / 2 > lim1)
			return 1;
		right = x + w / 2;
	}
	return 0;
}

/* The data a scale must show. */
struct span {
	double min, max, min_pos;
	int any, nonpos, pow2;
};

static void span_add(struct span *s, double v)
{
	if (!isfinite(v))
		return;
	if (!s->any) {
		s->min = s->max = v;
		s->min_pos = INFINITY;
		s->any = 1;
	}
	s->min = fmin(s->min, v);
	s->max = fmax(s->max, v);
	if (v > 0)
		s->min_pos = fmin(s->min_pos, v);
	else
		s->nonpos = 1;
	if (!(v >= 1 && fabs(log2(v) - round(log2(v))) < 1e-9))
		s->pow2 = 0;
}

static int want_log(const struct span *s, int mode)
{
	if (!s->any || !(s->max > 0) || !isfinite(s->min_pos))
		return 0;
	if (mode > 0)
		return 1;
	return mode == 0 && !s->nonpos && s->max / s->min_pos > 30;
}

/* the last resort of a box too narrow for any spacing: labels that would clash are dropped */
static void labels_prune(struct axis *a, double lim0, double lim1)
{
	double right = -INFINITY;

	for (size_t i = 0; i < a->n; i++) {
		double x = axis_map(a, a->t[i].v), w;

		if (!a->t[i].label[0])
			continue;
		w = sp_text_width_pt(SP_FONT_SANS, TICK_PT, a->t[i].label);
		if (x - w / 2 < right + 5 || x - w / 2 < lim0 || x + w / 2 > lim1)
			a->t[i].label[0] = 0;
		else
			right = x + w / 2;
	}
}

/*
 * A horizontal (x) axis from p0 to p1 whose labels fit between lim0 and lim1: the fewest
 * label thinning that avoids a clash.
 */
static void axis_x(struct axis *a, const struct span *s, int log, int from_zero, double p0,
		   double p1, double lim0, double lim1)
{
	a->p0 = p0;
	a->p1 = p1;
	if (log && s->pow2) {
		for (int every = 1; every < 64; every++) {
			axis_pow2(a, s->min_pos, s->max, every);
			if (!labels_clash(a, lim0, lim1))
				return;
		}
		labels_prune(a, lim0, lim1);
		return;
	}
	if (log) {
		int decades = (int)(ceil(log10(s->max) - 1e-9) - floor(log10(s->min_pos) + 1e-9));

		if (decades <= 2) {
			axis_log(a, s->min_pos, s->max, 1, 1);
			if (!labels_clash(a, lim0, lim1))
				return;
		}
		for (int every = 1; every < 25; every++) {
			axis_log(a, s->min_pos, s->max, every, 0);
			if (!labels_clash(a, lim0, lim1))
				return;
		}
		labels_prune(a, lim0, lim1);
		return;
	}
	for (double target = fmax(2, (p1 - p0) / 50); target >= 1; target -= 1) {
		double lo = s->any ? s->min : 0, hi = s->any ? s->max : 1;

		if (from_zero || (lo > 0 && lo < 0.5 * hi))
			lo = fmin(lo, 0);
		axis_linear(a, lo, hi, target);
		if (!labels_clash(a, lim0, lim1))
			return;
	}
	labels_prune(a, lim0, lim1);
}

static double max_label_w(const struct axis *a)
{
	double w = 0;

	for (size_t i = 0; i < a->n; i++)
		w = fmax(w, sp_text_width_pt(SP_FONT_SANS, TICK_PT, a->t[i].label));
	return w;
}

static double last_label_half(const struct axis *a)
{
	for (size_t i = a->n; i-- > 0;)
		if (a->t[i].label[0])
			return sp_text_width_pt(SP_FONT_SANS, TICK_PT, a->t[i].label) / 2;
	return 0;
}

/* ---- the vertical layout shared by sp_chart_draw and sp_chart_height_pt ---- */

struct legend_item {
	double x, y; /* the swatch's left edge, the text's baseline */
	int key;     /* BARS: the group; LINES: the series */
	const char *label;
};

struct vlay {
	size_t n_title;
	size_t title_off[MAX_TITLE_LINES], title_len[MAX_TITLE_LINES];
	int title_cut; /* the last line was cut (an ellipsis goes on it) */
	size_t n_legend;
	struct legend_item legend[MAX_LEGEND];
	double legend_top, legend_h;
	size_t range_rows;
	double band_top, band_h; /* PROFILE: the range labels */
	double plot_top;
	double fixed_h; /* everything but the plot's own height */
	double axis_h, xlabel_h;
};

static double swatch_w(const struct sp_chart *c)
{
	return c->kind == SP_CHART_BARS ? 8 : 18;
}

static void vlayout(const struct sp_chart *c, double w, struct vlay *v)
{
	const char *t = c->title ? c->title : "";
	size_t len = strlen(t), pos = 0;
	double y = PAD, x, avail = w - 2 * PAD;
	int row = 0;

	memset(v, 0, sizeof(*v));
	while (pos < len && v->n_title < MAX_TITLE_LINES) {
		size_t next,
		    n = sp_text_fit(SP_FONT_SANS_BOLD, TITLE_PT, t + pos, len - pos, avail, &next);

		v->title_off[v->n_title] = pos;
		v->title_len[v->n_title] = n;
		v->n_title++;
		pos += next ? next : len - pos;
	}
	if (pos < len && v->n_title) {
		v->title_len[v->n_title - 1] = len - v->title_off[v->n_title - 1];
		v->title_cut = 1;
	}
	if (v->n_title)
		y += (double)(v->n_title - 1) * TITLE_LH + (ASC + DESC) * TITLE_PT + 4;

	/* the legend: groups present (BARS) or series, wrapped into rows */
	x = PAD;
	if (c->kind == SP_CHART_BARS) {
		for (int g = 0; g < SP_CHART_GROUPS; g++) {
			int present = 0;

			for (size_t i = 0; i < c->n_bars; i++)
				present |= (int)c->bars[i].group == g ||
					   (g == SP_CHART_G_OTHER &&
					    (unsigned)c->bars[i].group >= SP_CHART_GROUPS);
			if (present && v->n_legend < MAX_LEGEND) {
				v->legend[v->n_legend].key = g;
				v->legend[v->n_legend].label = group_names[g];
				v->n_legend++;
			}
		}
	} else {
		for (size_t i = 0; i < c->n_series && v->n_legend < MAX_LEGEND; i++) {
			v->legend[v->n_legend].key = (int)i;
			v->legend[v->n_legend].label = c->series[i].name;
			v->n_legend++;
		}
	}
	v->legend_top = y;
	for (size_t i = 0; i < v->n_legend; i++) {
		double ew = swatch_w(c) + 3 +
			    fmin(sp_text_width_pt(SP_FONT_SANS, LEGEND_PT, v->legend[i].label),
				 avail - swatch_w(c) - 3);

		if (x > PAD && x + ew > w - PAD) {
			row++;
			x = PAD;
		}
		v->legend[i].x = x;
		v->legend[i].y = y + ASC * LEGEND_PT + row * LINE_LH;
		x += ew + 12;
	}
	if (v->n_legend) {
		v->legend_h = row * LINE_LH + (ASC + DESC) * LEGEND_PT + 5;
		y += v->legend_h;
	}
	if (c->kind == SP_CHART_PROFILE && c->n_ranges) {
		v->range_rows = c->n_ranges < MAX_RANGE_ROWS ? c->n_ranges : MAX_RANGE_ROWS;
		v->band_top = y;
		v->band_h = (double)(v->range_rows - 1) * LINE_LH + (ASC + DESC) * LEGEND_PT + 5;
		y += v->band_h;
	}
	v->plot_top = y;
	v->axis_h = TICK_LEN + 1.5 + (ASC + DESC) * TICK_PT;
	v->xlabel_h = c->x_label && c->x_label[0] ? 3 + (ASC + DESC) * LABEL_PT : 0;
	v->fixed_h = y + v->axis_h + v->xlabel_h + PAD;
}

static double lines_plot_h(double w)
{
	return fmin(260, fmax(110, w * 0.42));
}

double sp_chart_height_pt(const struct sp_chart *c, double w_pt)
{
	struct vlay v;

	if (!c)
		return 0;
	vlayout(c, w_pt, &v);
	/* sp_chart_draw wants at least 80 pt: a chart of one bar gets a little air */
	if (c->kind == SP_CHART_BARS)
		return fmax(80, ceil(v.fixed_h + ROW_PREF * (double)(c->n_bars ? c->n_bars : 1)));
	return fmax(80, ceil(v.fixed_h + lines_plot_h(w_pt)));
}

/* ---- the parts every kind has ---- */

static void draw_title(struct dr *d, const struct sp_chart *c, const struct vlay *v, double w)
{
	for (size_t i = 0; i < v->n_title; i++) {
		char buf[512];

		fit_into(SP_FONT_SANS_BOLD, TITLE_PT, c->title + v->title_off[i], v->title_len[i],
			 w - 2 * PAD, buf, sizeof(buf));
		text(d, "title", NULL, PAD, PAD + ASC * TITLE_PT + (double)i * TITLE_LH, TITLE_PT,
		     1, 0, INK, buf);
	}
}

static void series_style(size_t i, uint32_t *colour, int *dashed)
{
	*colour = line_colour[i % 8];
	*dashed = (int)(i % SP_DASH_PATTERNS);
}

static void draw_legend(struct dr *d, const struct sp_chart *c, const struct vlay *v, double w)
{
	for (size_t i = 0; i < v->n_legend; i++) {
		const struct legend_item *it = &v->legend[i];
		double tx = it->x + swatch_w(c) + 3;
		char buf[256];
		struct sp_shape *s;

		if (c->kind == SP_CHART_BARS) {
			s = rect(d, "legend", NULL, it->x, it->y - 7, 8, 8);
			if (s) {
				s->fill = group_fill[it->key], s->filled = 1;
				s->stroke = OUTLINE, s->stroked = 1, s->stroke_pt = 0.5;
			}
		} else {
			uint32_t col;
			int dash;

			series_style((size_t)it->key, &col, &dash);
			s = line(d, "legend", NULL, 2, col, 1.6);
			if (s) {
				s->pts[0] = it->x, s->pts[1] = it->y - 2.6;
				s->pts[2] = it->x + swatch_w(c), s->pts[3] = it->y - 2.6;
				s->dashed = dash;
			}
		}
		fit_into(SP_FONT_SANS, LEGEND_PT, it->label, strlen(it->label), w - PAD - tx, buf,
			 sizeof(buf));
		text(d, "legend", NULL, tx, it->y, LEGEND_PT, 0, 0, INK, buf);
	}
}

/* an axis' title as shown: a scale the layout chose logarithmic says so, unless it does */
static void axis_title(const char *label, int log, char *buf, size_t len)
{
	if (log && !strstr(label, "log"))
		snprintf(buf, len, "%s, log scale", label);
	else
		snprintf(buf, len, "%s", label);
}

/* x ticks, grid and labels under a plot spanning top..bottom; the x label centred below */
static void draw_x_axis(struct dr *d, const struct sp_chart *c, const struct axis *a, double top,
			double bottom, double w)
{
	double lab_y = bottom + TICK_LEN + 1.5 + ASC * TICK_PT;

	for (size_t i = 0; i < a->n; i++) {
		double x = axis_map(a, a->t[i].v);

		if (a->t[i].major && x > fmin(a->p0, a->p1) + 0.5)
			seg(d, "grid", NULL, x, top, x, bottom, GRID, 0.5);
		seg(d, "tick", NULL, x, bottom, x,
		    bottom + (a->t[i].major ? TICK_LEN : TICK_LEN / 2), INK, 0.6);
		if (a->t[i].label[0])
			text(d, "tick", NULL, x, lab_y, TICK_PT, 0, 1, INK, a->t[i].label);
	}
	seg(d, "axis", NULL, a->p0, bottom, a->p1, bottom, INK, 0.8);
	if (c->x_label && c->x_label[0]) {
		char buf[512], title[512];
		double avail = w - 2 * PAD, tw;
		double cx = (a->p0 + a->p1) / 2;

		axis_title(c->x_label, a->log, title, sizeof(title));
		tw =
		    fit_into(SP_FONT_SANS, LABEL_PT, title, strlen(title), avail, buf, sizeof(buf));
		cx = fmax(PAD + tw / 2, fmin(w - PAD - tw / 2, cx));
		text(d, "label", NULL, cx, lab_y + DESC * TICK_PT + 3 + ASC * LABEL_PT, LABEL_PT, 0,
		     1, INK, buf);
	}
}

/* ---- BARS ---- */

/* the label past a bar: the builder's, else three significant digits ("5800", "9.4M") */
static void bar_value_label(const struct sp_chart_bar *b, char *buf, size_t len)
{
	static const char *const suf[] = {"", "k", "M", "G", "T"};
	double x = b->value;
	int k = 0;

	if (b->value_label) {
		snprintf(buf, len, "%s", b->value_label);
		return;
	}
	if (fabs(x) >= 1e4) /* thousands and up: 10k .. 999k, 1M .. */
		for (x /= 1e3, k = 1; fabs(x) >= 999.5 && k < 4; k++)
			x /= 1e3;
	if (k == 0 && fabs(x) >= 100)
		snprintf(buf, len, "%.0f", x);
	else
		snprintf(buf, len, "%.3g%s", x, suf[k]);
}

static int draw_bars(struct dr *d, const struct sp_chart *c)
{
	double w = d->cv->w_pt, h = d->cv->h_pt, avail = w - 2 * PAD;
	double name_w = 0, val_w = 0, row_h, bar_h, x0, x1, bottom, base;
	struct span sx = {.pow2 = 0};
	struct axis *a;
	struct vlay v;
	int log;

	for (size_t i = 0; i < c->n_bars; i++) {
		const struct sp_chart_bar *b = &c->bars[i];
		char buf[256];

		span_add(&sx, b->value);
		if (b->has_range && isfinite(b->value)) {
			span_add(&sx, b->lo);
			span_add(&sx, b->hi);
		}
		name_w = fmax(name_w, sp_text_width_pt(SP_FONT_SANS, LABEL_PT, b->name));
		if (isfinite(b->value)) {
			bar_value_label(b, buf, sizeof(buf));
			val_w = fmax(val_w, sp_text_width_pt(SP_FONT_SANS, VALUE_PT, buf));
		}
	}
	sx.pow2 = 0;
	vlayout(c, w, &v);
	row_h = fmin(ROW_MAX, (h - v.fixed_h) / (double)c->n_bars);
	if (row_h < ROW_MIN)
		return -EINVAL;
	bar_h = fmin(12, row_h * 0.62);
	name_w = fmin(name_w, 0.35 * avail);
	val_w = fmin(val_w, 0.25 * avail);
	x0 = PAD + name_w + 6;
	x1 = w - PAD - val_w - 6;
	log = want_log(&sx, c->x_log);
	a = calloc(1, sizeof(*a));
	if (!a)
		return -ENOMEM;
	/* the last tick's label is centred on the axis' end: keep it inside the canvas */
	for (int pass = 0; pass < 3; pass++) {
		double half;

		axis_x(a, &sx, log, 1, x0, x1, PAD, w - PAD);
		half = last_label_half(a);
		if (x1 + half <= w - PAD)
			break;
		x1 = w - PAD - half;
	}
	if (x1 - x0 < 30) {
		free(a);
		return -EINVAL;
	}
	bottom = v.plot_top + row_h * (double)c->n_bars;
	base = axis_map(a, log ? a->lo : 0);

	draw_title(d, c, &v, w);
	draw_legend(d, c, &v, w);
	draw_x_axis(d, c, a, v.plot_top, bottom, w);
	seg(d, "axis", NULL, base, v.plot_top, base, bottom, INK, 0.8);

	for (size_t i = 0; i < c->n_bars && !d->err; i++) {
		const struct sp_chart_bar *b = &c->bars[i];
		double yc = v.plot_top + row_h * ((double)i + 0.5), end;
		char buf[512];
		struct sp_shape *s;

		fit_into(SP_FONT_SANS, LABEL_PT, b->name, strlen(b->name), name_w, buf,
			 sizeof(buf));
		text(d, "label", b->name, x0 - 6, yc + 0.36 * LABEL_PT, LABEL_PT, 0, 2, INK, buf);
		if (!isfinite(b->value)) {
			/* not measured: a dotted empty box that says so, where the bar would be */
			double tw = fit_into(SP_FONT_SANS, VALUE_PT, "not measured", 12,
					     x1 - base - 10, buf, sizeof(buf));

			s = rect(d, "gap", b->name, base + 1, yc - bar_h / 2, tw + 8, bar_h);
			if (s) {
				s->stroke = MUTED, s->stroked = 1, s->stroke_pt = 0.6,
				s->dashed = 2;
			}
			text(d, "gap", b->name, base + 5, yc + 0.36 * VALUE_PT, VALUE_PT, 0, 0,
			     MUTED, buf);
			continue;
		}
		end = axis_map(a, b->value);
		/* from the axis' zero (or its start, on a log axis) to the value, either way */
		s = rect(d, "bar", b->name, fmin(base, end), yc - bar_h / 2,
			 fmax(fabs(end - base), 0.8), bar_h);
		if (s) {
			unsigned g = (unsigned)b->group < SP_CHART_GROUPS ? (unsigned)b->group
									  : SP_CHART_G_OTHER;

			s->fill = group_fill[g], s->filled = 1;
			s->stroke = OUTLINE, s->stroked = 1, s->stroke_pt = 0.5;
		}
		if (b->has_range) {
			/* a white halo under the black whisker, so it reads on a dark bar too */
			double lo = axis_map(a, b->lo), hi = axis_map(a, b->hi), cap = bar_h * 0.35;

			for (int k = 0; k < 2; k++) {
				s = line(d, "whisker", b->name, 6, k ? INK : 0xffffff,
					 k ? 0.9 : 2.4);
				if (!s)
					break;
				s->pts[0] = lo, s->pts[1] = yc - cap, s->pts[2] = lo,
				s->pts[3] = yc + cap;
				s->pts[4] = lo, s->pts[5] = yc;
				s->pts[6] = hi, s->pts[7] = yc;
				s->pts[8] = hi, s->pts[9] = yc - cap, s->pts[10] = hi,
				s->pts[11] = yc + cap;
			}
			end = fmax(end, hi);
		}
		bar_value_label(b, buf, sizeof(buf));
		{
			char fit[512];

			fit_into(SP_FONT_SANS, VALUE_PT, buf, strlen(buf), w - PAD - (end + 4), fit,
				 sizeof(fit));
			text(d, "label", b->name, end + 4, yc + 0.36 * VALUE_PT, VALUE_PT, 0, 0,
			     INK, fit);
		}
	}
	free(a);
	return d->err;
}

/* ---- LINES and PROFILE ---- */

static void draw_y_axis(struct dr *d, const struct sp_chart *c, const struct axis *a, double x0,
			double x1, double top, double bottom)
{
	for (size_t i = 0; i < a->n; i++) {
		double y = axis_map(a, a->t[i].v);

		if (a->t[i].major && y < bottom - 0.5)
			seg(d, "grid", NULL, x0, y, x1, y, GRID, 0.5);
		seg(d, "tick", NULL, x0 - (a->t[i].major ? TICK_LEN : TICK_LEN / 2), y, x0, y, INK,
		    0.6);
		if (a->t[i].label[0])
			text(d, "tick", NULL, x0 - TICK_LEN - 2, y + 0.36 * TICK_PT, TICK_PT, 0, 2,
			     INK, a->t[i].label);
	}
	seg(d, "axis", NULL, x0, top, x0, bottom, INK, 0.8);
	if (c->y_label && c->y_label[0]) {
		char buf[512], title[512];
		struct sp_shape *s;

		axis_title(c->y_label, a->log, title, sizeof(title));
		fit_into(SP_FONT_SANS, LABEL_PT, title, strlen(title), bottom - top, buf,
			 sizeof(buf));
		s = text(d, "label", NULL, PAD + ASC * LABEL_PT, (top + bottom) / 2, LABEL_PT, 0, 1,
			 INK, buf);
		if (s)
			s->vertical = 1;
	}
}

/* a y axis with labels that do not crowd: about one major tick per 28 pt */
static void axis_y(struct axis *a, const struct span *s, int log, int pct, double bottom,
		   double top)
{
	a->p0 = bottom;
	a->p1 = top;
	a->pct = pct;
	if (log) {
		int decades = (int)(ceil(log10(s->max) - 1e-9) - floor(log10(s->min_pos) + 1e-9));
		int every = 1;

		while (decades / every > (bottom - top) / 14 && every < 24)
			every++;
		axis_log(a, s->min_pos, s->max, every, decades <= 1);
		return;
	}
	axis_linear(a, s->any ? fmin(s->min, 0) : 0, s->any ? s->max : 1,
		    fmax(2, fmin(10, (bottom - top) / 28)));
}

/*
 * The row of each range's label above the plot: labels go left to right (by the ranges'
 * centres), each into the first row where it does not touch its left neighbour, at most
 * max_rows. Returns the rows used (0 on -ENOMEM); *clash is set when a label had to share the
 * last row with one it touches.
 */
static size_t range_rows(const struct sp_chart *c, const struct axis *ax, double w, size_t max_rows,
			 size_t *row, int *clash)
{
	double row_right[MAX_RANGE_ROWS];
	size_t *order = calloc(c->n_ranges, sizeof(*order)), used = 1;

	if (!order)
		return 0;
	*clash = 0;
	for (size_t i = 0; i < c->n_ranges; i++) {
		double ci = c->ranges[i].x0 + c->ranges[i].x1;
		size_t k = i;

		while (k > 0 && c->ranges[order[k - 1]].x0 + c->ranges[order[k - 1]].x1 > ci) {
			order[k] = order[k - 1];
			k--;
		}
		order[k] = i;
	}
	for (size_t r = 0; r < MAX_RANGE_ROWS; r++)
		row_right[r] = -INFINITY;
	for (size_t k = 0; k < c->n_ranges; k++) {
		const struct sp_chart_range *r = &c->ranges[order[k]];
		double cx = (axis_map(ax, r->x0) + axis_map(ax, r->x1)) / 2, tw, left;
		char buf[256];
		size_t q = 0;

		tw = fit_into(SP_FONT_SANS, LEGEND_PT, r->name, strlen(r->name), w - 2 * PAD, buf,
			      sizeof(buf));
		left = fmax(PAD, fmin(w - PAD - tw, cx - tw / 2));
		while (q + 1 < max_rows && left < row_right[q] + 6)
			q++;
		if (left < row_right[q] + 6)
			*clash = 1;
		row_right[q] = fmax(row_right[q], left + tw);
		row[order[k]] = q;
		if (q + 1 > used)
			used = q + 1;
	}
	free(order);
	return used;
}

/* the shaded ranges and their labels, in the rows range_rows() gave, right above the plot */
static void draw_ranges(struct dr *d, const struct sp_chart *c, const struct vlay *v,
			const struct axis *ax, double top, double bottom, double w,
			const size_t *row)
{
	for (size_t i = 0; i < c->n_ranges && !d->err; i++) {
		const struct sp_chart_range *r = &c->ranges[i];
		double xa = axis_map(ax, r->x0), xb = axis_map(ax, r->x1), cx, tw, left, base;
		uint32_t col = range_fill[i % 4];
		char buf[256];
		struct sp_shape *s;

		if (xb - xa < 1.5) { /* a sliver of a large disk: still visible */
			xa = fmax(ax->p0, (xa + xb) / 2 - 0.75);
			xb = fmin(ax->p1, xa + 1.5);
			xa = xb - 1.5;
		}
		s = rect(d, "range", r->name, xa, top, xb - xa, bottom - top);
		if (s)
			s->fill = col, s->filled = 1, s->alpha = 0.3;
		/* the label, and a leader from it down to the range */
		cx = (xa + xb) / 2;
		tw = fit_into(SP_FONT_SANS, LEGEND_PT, r->name, strlen(r->name), w - 2 * PAD, buf,
			      sizeof(buf));
		left = fmax(PAD, fmin(w - PAD - tw, cx - tw / 2));
		base = v->band_top + ASC * LEGEND_PT + (double)row[i] * LINE_LH;
		text(d, "range", r->name, left, base, LEGEND_PT, 0, 0, INK, buf);
		seg(d, "range", r->name, cx, base + DESC * LEGEND_PT + 1, cx, top, MUTED, 0.6);
		/* its edges in the range's own colour, so a narrow one shows in print */
		seg(d, "range", r->name, xa, top, xa, bottom, col, 0.7);
		seg(d, "range", r->name, xb, top, xb, bottom, col, 0.7);
	}
}

/* both axes of a plot from top to bottom: y first (its labels set the left margin), then x
 * with its last label inside the canvas. 0 or -EINVAL (no room for a plot). */
static int lines_axes(const struct sp_chart *c, const struct span *sx, const struct span *sy,
		      int xlog, int ylog, int pct, double top, double bottom, double w,
		      struct axis *ax, struct axis *ay, double *x0, double *x1)
{
	axis_y(ay, sy, ylog, pct, bottom, top);
	*x0 = PAD + (c->y_label && c->y_label[0] ? (ASC + DESC) * LABEL_PT + 3 : 0) +
	      max_label_w(ay) + 2 + TICK_LEN;
	*x1 = w - PAD - 10;
	for (int pass = 0; pass < 3; pass++) {
		double half;

		axis_x(ax, sx, xlog, c->kind == SP_CHART_PROFILE, *x0, *x1, PAD, w - PAD);
		half = last_label_half(ax);
		if (*x1 + half <= w - PAD)
			break;
		*x1 = w - PAD - half;
	}
	return *x1 - *x0 < 30 ? -EINVAL : 0;
}

static int draw_lines(struct dr *d, const struct sp_chart *c)
{
	double w = d->cv->w_pt, h = d->cv->h_pt, plot_h, top, bottom, x0, x1;
	struct span sx = {.pow2 = 1}, sy = {.pow2 = 0};
	int xlog, ylog, pct = 1, n_pts = 0, ret = 0;
	struct axis *ax = NULL, *ay = NULL;
	size_t *row = NULL, rows;
	struct vlay v;

	for (size_t k = 0; k < c->n_series; k++)
		for (size_t i = 0; i < c->series[k].n; i++) {
			double x = c->series[k].x[i], y = c->series[k].y[i];

			if (!isfinite(x) || !isfinite(y))
				continue;
			span_add(&sx, x);
			span_add(&sy, y);
			if (y < 0 || y > 1)
				pct = 0;
			n_pts++;
		}
	if (!n_pts)
		return -EINVAL;
	for (size_t k = 0; k < c->n_ranges; k++) {
		span_add(&sx, c->ranges[k].x0);
		span_add(&sx, c->ranges[k].x1);
	}
	if (c->n_ranges)
		sx.pow2 = 0;
	if (c->y_log > 0)
		pct = 0;
	sy.pow2 = 0;
	xlog = want_log(&sx, c->x_log);
	ylog = !pct && want_log(&sy, c->y_log);

	vlayout(c, w, &v);
	plot_h = h - v.fixed_h;
	if (plot_h < 40)
		return -EINVAL;
	bottom = v.plot_top + plot_h;
	ax = calloc(1, sizeof(*ax));
	ay = calloc(1, sizeof(*ay));
	row = c->kind == SP_CHART_PROFILE && c->n_ranges ? calloc(c->n_ranges, sizeof(*row)) : NULL;
	if (!ax || !ay || (c->kind == SP_CHART_PROFILE && c->n_ranges && !row)) {
		ret = -ENOMEM;
		goto out;
	}
	/*
	 * The range labels' rows were reserved for the worst case; where fewer do, the plot grows
	 * into the rest. That moves the axes, so the rows are found again, and where the labels
	 * then clash the full reserve is taken back.
	 */
	rows = v.range_rows;
	for (int pass = 0, settled = 0;; pass++) {
		int clash = 0;
		size_t used;

		top = v.plot_top - (double)(v.range_rows - rows) * LINE_LH;
		ret = lines_axes(c, &sx, &sy, xlog, ylog, pct, top, bottom, w, ax, ay, &x0, &x1);
		if (ret || !row)
			break;
		used = range_rows(c, ax, w, rows, row, &clash);
		if (!used) {
			ret = -ENOMEM;
			break;
		}
		if (clash && rows < v.range_rows && !settled) {
			rows = v.range_rows;
			settled = 1;
		} else if (used < rows && !settled && pass < 4) {
			rows = used;
		} else {
			break;
		}
	}
	if (ret)
		goto out;
	draw_title(d, c, &v, w);
	draw_legend(d, c, &v, w);
	if (row)
		draw_ranges(d, c, &v, ax, top, bottom, w, row);
	draw_y_axis(d, c, ay, x0, x1, top, bottom);
	draw_x_axis(d, c, ax, top, bottom, w);

	for (size_t k = 0; k < c->n_series && !d->err; k++) {
		const struct sp_chart_series *se = &c->series[k];
		struct sp_shape *s;
		uint32_t col;
		int dash;
		size_t m = 0;

		series_style(k, &col, &dash);
		s = line(d, "series", se->name, se->n, col, 1.5);
		if (!s)
			break;
		s->dashed = dash;
		for (size_t i = 0; i < se->n; i++) {
			double x = se->x[i], y = se->y[i];

			if (!isfinite(x) || !isfinite(y) || (xlog && !(x > 0)) ||
			    (ylog && !(y > 0)))
				continue;
			s->pts[2 * m] = axis_map(ax, x);
			s->pts[2 * m + 1] = axis_map(ay, y);
			m++;
		}
		s->n_pts = m;
		if (m == 1) { /* one point: a mark, a line of no length would not show */
			struct sp_shape *p =
			    rect(d, "series", se->name, s->pts[0] - 1.5, s->pts[1] - 1.5, 3, 3);

			if (p)
				p->fill = col, p->filled = 1;
		}
	}
	ret = d->err;
out:
	free(ax);
	free(ay);
	free(row);
	return ret;
}

int sp_chart_draw(const struct sp_chart *c, struct sp_canvas *cv)
{
	struct dr d = {.cv = cv, .err = 0};
	int ret;

	if (!c || !cv || !(cv->w_pt >= 120) || !(cv->h_pt >= 80))
		return -EINVAL;
	switch (c->kind) {
	case SP_CHART_BARS:
		if (!c->n_bars)
			return -EINVAL;
		ret = draw_bars(&d, c);
		break;
	case SP_CHART_LINES:
	case SP_CHART_PROFILE:
		if (!c->n_series)
			return -EINVAL;
		ret = draw_lines(&d, c);
		break;
	default:
		return -EINVAL;
	}
	return ret ? ret : d.err;
}
