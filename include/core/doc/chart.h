/*
 * chart.h - a chart's data (what to show) and its drawing (where every mark goes), both pure.
 *
 * A chart is drawn once: sp_chart_draw() lays the data out into a list of shapes in points
 * (struct sp_canvas: rectangles, polylines, text) with every decision made there (the axis
 * ranges, a log scale when the values span orders of magnitude, ticks, labels, legend).
 * Painting the shapes is then mechanical: render/doc_cairo.c paints them with cairo into PDF,
 * PostScript and PNG; core/doc/doc_html.c writes them as SVG elements. Each shape carries its role
 * ("bar", "series", "range", "axis", ...) and, for data marks, the name of what it shows (the
 * placement), so an SVG has one <rect class="bar" data-name="start"> per placement and tests
 * can count them. docs/report.md argues this shape against cairo's own SVG surface.
 *
 * Text is measured with the metrics of the font we ship (DejaVu Sans, core/doc/textmetrics.h), so
 * the layout computed here is the layout cairo paints.
 *
 * Ownership: a chart owns its strings and arrays (sp_chart_free); a canvas owns its shapes
 * (sp_canvas_release). Functions return 0 or -errno (-ENOMEM, -EINVAL).
 */
#ifndef SP_CHART_H
#define SP_CHART_H

#include <stddef.h>
#include <stdint.h>

enum sp_chart_kind {
	SP_CHART_BARS,	  /* one bar per item (value with an optional lo..hi range, e.g. a CI) */
	SP_CHART_LINES,	  /* series of (x, y) points: a CDF, the io_uring queue-depth curve */
	SP_CHART_PROFILE, /* series plus shaded x ranges: the disk's position profile with the
			   * swap areas marked */
};

/* Colour groups: what kind of thing a bar or series is, so HDD, SSD and zram read apart. */
enum sp_chart_group {
	SP_CHART_G_DISK = 0, /* a partition or file on the target disk */
	SP_CHART_G_FAST,     /* another SSD/NVMe device */
	SP_CHART_G_ZRAM,     /* zram, zswap: compressed RAM */
	SP_CHART_G_NONE,     /* the no-swap baseline, ram */
	SP_CHART_G_OTHER,
	SP_CHART_GROUPS
};

struct sp_chart_bar {
	char *name;    /* the item's name, also its label under/beside the bar ("start") */
	double value;  /* > 0 for a log axis; NaN: not measured (drawn as a labelled gap) */
	int has_range; /* lo..hi drawn as a whisker */
	double lo, hi;
	enum sp_chart_group group;
	char *value_label; /* printed at the bar's end ("5.8 ms"); may be NULL */
};

struct sp_chart_series {
	char *name;
	enum sp_chart_group group;
	size_t n;
	double *x, *y; /* n points, x ascending */
	int dashed;
};

struct sp_chart_range {
	char *name; /* "start swap" */
	double x0, x1;
};

struct sp_chart {
	enum sp_chart_kind kind;
	char *title;
	char *x_label, *y_label; /* with units: "swap-in median (us)" */
	/* scale: -1 linear, 1 log, 0 let sp_chart_draw decide (log when max/min > 30) */
	int x_log, y_log;
	int horizontal; /* BARS: bars run left to right, one row per item (labels readable) */
	size_t n_bars;
	struct sp_chart_bar *bars;
	size_t n_series;
	struct sp_chart_series *series;
	size_t n_ranges;
	struct sp_chart_range *ranges;
	int err; /* the first failed add: later adds are no-ops, sp_doc_add_chart() reports it */
};

struct sp_chart *sp_chart_new(enum sp_chart_kind kind, const char *title, const char *x_label,
			      const char *y_label); /* NULL on -ENOMEM */
void sp_chart_free(struct sp_chart *c);
/* The adds keep their first failure in c->err (sticky; c NULL: -EINVAL, a no-op). */
int sp_chart_add_bar(struct sp_chart *c, const char *name, enum sp_chart_group g, double value,
		     const char *value_label);
int sp_chart_bar_range(struct sp_chart *c, double lo, double hi); /* on the last bar added */
int sp_chart_add_series(struct sp_chart *c, const char *name, enum sp_chart_group g,
			const double *x, const double *y, size_t n);
int sp_chart_add_range(struct sp_chart *c, const char *name, double x0, double x1);

/* Shapes in points (1/72 inch), origin top left, y down. */
enum sp_shape_kind { SP_SHAPE_RECT, SP_SHAPE_LINE, SP_SHAPE_TEXT };

struct sp_shape {
	enum sp_shape_kind kind;
	const char *role;      /* static: "frame" "grid" "axis" "tick" "label" "title" "bar"
				* "whisker" "series" "range" "legend" "gap" */
	char *name;	       /* the data item shown (bar, series, range), else NULL */
	double x, y, w, h;     /* RECT; TEXT: x, y is the anchor on the baseline */
	size_t n_pts;	       /* LINE: a polyline of n_pts points */
	double *pts;	       /* x0, y0, x1, y1, ... */
	uint32_t fill, stroke; /* 0xRRGGBB */
	int filled, stroked, dashed;
	double stroke_pt;
	double alpha; /* 1 opaque */
	char *text;   /* TEXT */
	double font_pt;
	int bold, mono;
	int anchor;   /* TEXT: 0 start, 1 middle, 2 end */
	int vertical; /* TEXT: rotated 90 degrees counter-clockwise (a y label) */
};

struct sp_canvas {
	double w_pt, h_pt;
	size_t n, cap;
	struct sp_shape *s;
};

void sp_canvas_init(struct sp_canvas *cv, double w_pt, double h_pt);
void sp_canvas_release(struct sp_canvas *cv);
/* Append a zeroed shape of kind k and role (static string), alpha 1; NULL on -ENOMEM. */
struct sp_shape *sp_canvas_add(struct sp_canvas *cv, enum sp_shape_kind k, const char *role);
/* Set a shape's owned strings (copied). 0 or -ENOMEM. */
int sp_shape_set_name(struct sp_shape *s, const char *name);
int sp_shape_set_text(struct sp_shape *s, const char *text);

/*
 * Lay c out into cv (initialised by the caller to the box's size, at least 120 x 80 pt): the
 * shapes are appended. Returns: 0, -EINVAL for a chart with nothing to draw or a box too small,
 * -ENOMEM.
 */
int sp_chart_draw(const struct sp_chart *c, struct sp_canvas *cv);

/* The height a chart wants at width w_pt (bars: grows with the number of items). */
double sp_chart_height_pt(const struct sp_chart *c, double w_pt);

/*
 * What the painters (core/doc/doc_html.c, render/doc_cairo.c) need beyond the shape itself:
 * - a shape's dashed is a pattern number: 0 solid, 1..SP_DASH_PATTERNS-1 the patterns of
 *   sp_chart_dash() (lines of different series differ in dash as well as colour, so they read
 *   apart printed in grey and by colour-blind readers);
 * - TEXT paints in its fill colour; RECT fills with fill (if filled) and strokes with stroke
 *   (if stroked), both at alpha;
 * - a LINES or PROFILE chart whose y values all lie in 0..1 (a CDF) gets a 0..100 % y axis;
 * - an axis drawn logarithmic says so in its title (", log scale" unless it says "log");
 * - BARS are always rows (bars left to right, names at the left, readable), whatever
 *   horizontal says.
 */
#define SP_DASH_PATTERNS 6

/* The on/off lengths in points of pattern dashed into on_off (at most 4); returns how many
 * (0: a solid line). */
size_t sp_chart_dash(int dashed, double on_off[4]);

/* The box a shape covers on its canvas in points, {x0, y0, x1, y1}: text measured with
 * core/doc/textmetrics.h (DejaVu's ascent and descent), a line's half stroke included. */
void sp_shape_bounds(const struct sp_shape *s, double box[4]);

/* A colour group's name as the legends say it ("target disk"). */
const char *sp_chart_group_name(enum sp_chart_group g);

#endif
