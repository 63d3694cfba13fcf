/*
 * paint.c - a chart's shapes painted with cairo (see paint.h).
 *
 * Only mechanics live here: every coordinate, colour and size comes from the shape. Text is
 * anchored on its baseline at start, middle or end of its advance width, measured by cairo in
 * the same DejaVu face the core's text metrics describe, so a label the layout centred is
 * centred on paper.
 */
#include "render/paint.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/config/textfmt.h"

void sp_paint_font(cairo_t *cr, enum sp_font f, double size_pt)
{
	cairo_select_font_face(
	    cr, f == SP_FONT_MONO ? "DejaVu Sans Mono" : "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
	    f == SP_FONT_SANS_BOLD ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size_pt);
}

/*
 * A copy of s with what cairo refuses made harmless: bytes that are not valid UTF-8 become
 * '?', control characters a space (a tab in a device model must not cost the whole report).
 */
char *sp_paint_clean_utf8(const char *s)
{
	size_t n = s ? strlen(s) : 0;
	char *d = malloc(n + 1);

	if (!d)
		return NULL;
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		size_t k = sp_utf8_seq_len(s, i, n);

		if (!k) {
			d[i++] = '?';
			continue;
		}
		if (k == 1 && c != '\n' && (c < 0x20 || c == 0x7f))
			d[i] = ' ';
		else
			memcpy(d + i, s + i, k);
		i += k;
	}
	d[n] = 0;
	return d;
}

void sp_paint_rgb(cairo_t *cr, uint32_t rgb, double a)
{
	cairo_set_source_rgba(cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
			      (rgb & 0xff) / 255.0, a);
}

/* The alpha a shape asks for; 0 means "unset" in a zeroed shape, so it reads as opaque. */
static double shape_alpha(const struct sp_shape *s)
{
	return s->alpha > 0 && s->alpha <= 1 ? s->alpha : 1;
}

static void stroke_style(cairo_t *cr, const struct sp_shape *s)
{
	double w = s->stroke_pt > 0 ? s->stroke_pt : 0.75;
	double dash[4];
	/* the chart's own pattern (core/doc/chart.h), the one the SVG draws too */
	size_t n = sp_chart_dash(s->dashed, dash);

	cairo_set_line_width(cr, w);
	cairo_set_dash(cr, dash, (int)n, 0);
	sp_paint_rgb(cr, s->stroke, shape_alpha(s));
}

static void paint_rect(cairo_t *cr, const struct sp_shape *s)
{
	if (!(s->w > 0 && s->h > 0) && !s->stroked)
		return;
	cairo_rectangle(cr, s->x, s->y, s->w, s->h);
	if (s->filled) {
		sp_paint_rgb(cr, s->fill, shape_alpha(s));
		if (s->stroked)
			cairo_fill_preserve(cr);
		else
			cairo_fill(cr);
	}
	if (s->stroked) {
		stroke_style(cr, s);
		cairo_stroke(cr);
	}
	cairo_new_path(cr);
}

static void paint_line(cairo_t *cr, const struct sp_shape *s)
{
	size_t drawn = 0;

	/* a NaN point (not measured) breaks the polyline instead of drawing to nowhere */
	for (size_t i = 0; i < s->n_pts; i++) {
		double x = s->pts[2 * i], y = s->pts[2 * i + 1];

		if (!isfinite(x) || !isfinite(y)) {
			cairo_new_sub_path(cr);
			continue;
		}
		if (cairo_has_current_point(cr))
			cairo_line_to(cr, x, y);
		else
			cairo_move_to(cr, x, y);
		drawn++;
	}
	if (drawn >= 3 && s->filled) {
		sp_paint_rgb(cr, s->fill, shape_alpha(s));
		cairo_fill_preserve(cr);
	}
	/* a polyline is a line unless it is only an area: unset stroke means black */
	if (drawn >= 2 && (s->stroked || !s->filled)) {
		cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
		stroke_style(cr, s);
		cairo_stroke(cr);
	}
	cairo_new_path(cr);
}

static void paint_text(cairo_t *cr, const struct sp_shape *s)
{
	cairo_text_extents_t te;
	char *text;

	if (!s->text || !*s->text)
		return;
	/* a name read from a device may be any bytes; cairo stops at invalid UTF-8 */
	text = sp_paint_clean_utf8(s->text);
	if (!text)
		return;
	sp_paint_font(cr,
		      s->mono	? SP_FONT_MONO
		      : s->bold ? SP_FONT_SANS_BOLD
				: SP_FONT_SANS,
		      s->font_pt > 0 ? s->font_pt : 8);
	cairo_text_extents(cr, text, &te);
	cairo_save(cr);
	cairo_translate(cr, s->x, s->y);
	if (s->vertical)
		cairo_rotate(cr, -M_PI / 2);
	cairo_move_to(cr,
		      s->anchor == 1   ? -te.x_advance / 2
		      : s->anchor == 2 ? -te.x_advance
				       : 0,
		      0);
	/* text has no stroke colour of its own: its colour is the fill (black when unset) */
	sp_paint_rgb(cr, s->fill ? s->fill : s->stroke, shape_alpha(s));
	cairo_show_text(cr, text);
	cairo_restore(cr);
	cairo_new_path(cr);
	free(text);
}

int sp_canvas_paint(cairo_t *cr, const struct sp_canvas *cv, double x_pt, double y_pt)
{
	cairo_save(cr);
	cairo_translate(cr, x_pt, y_pt);
	cairo_rectangle(cr, 0, 0, cv->w_pt, cv->h_pt);
	cairo_clip(cr);
	cairo_new_path(cr);
	for (size_t i = 0; i < cv->n; i++) {
		const struct sp_shape *s = &cv->s[i];

		/* a coordinate that is not a number would put cairo in an error state and cost
		 * the whole document: such a shape is left out */
		if (!isfinite(s->x) || !isfinite(s->y) ||
		    (s->kind == SP_SHAPE_RECT && (!isfinite(s->w) || !isfinite(s->h))) ||
		    (s->kind == SP_SHAPE_TEXT && !isfinite(s->font_pt)) || !isfinite(s->stroke_pt))
			continue;

		switch (s->kind) {
		case SP_SHAPE_RECT:
			paint_rect(cr, s);
			break;
		case SP_SHAPE_LINE:
			paint_line(cr, s);
			break;
		case SP_SHAPE_TEXT:
			paint_text(cr, s);
			break;
		}
	}
	cairo_restore(cr);
	return cairo_status(cr) ? -EIO : 0;
}
