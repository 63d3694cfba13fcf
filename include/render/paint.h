/*
 * paint.h - a chart's shapes (core/doc/chart.h, struct sp_canvas) painted with cairo, and the
 * fonts every page uses.
 *
 * The chart layout decides everything in the core; painting is mechanical, so the PDF, the
 * PostScript and the PNG of one chart are the same picture. The page renderer (doc_cairo.c)
 * and the PNG writer both call this, so there is one painter.
 */
#ifndef SP_RENDER_PAINT_H
#define SP_RENDER_PAINT_H

#include <cairo.h>

#include "core/doc/chart.h"
#include "core/doc/textmetrics.h"

/* Select one of the shipped DejaVu faces at size_pt on cr. */
void sp_paint_font(cairo_t *cr, enum sp_font f, double size_pt);

/*
 * A copy of s (NULL: "") that cairo takes: bytes that are not valid UTF-8 become '?', control
 * characters but '\n' a space. Free it; NULL on -ENOMEM.
 */
char *sp_paint_clean_utf8(const char *s);

/* Set cr's source to 0xRRGGBB at alpha a. */
void sp_paint_rgb(cairo_t *cr, uint32_t rgb, double a);

/*
 * Paint every shape of cv with its origin at (x_pt, y_pt) of cr's user space, clipped to the
 * canvas box. cr's state is saved and restored. Returns: 0 or -EIO (cairo's status is an
 * error afterwards).
 */
int sp_canvas_paint(cairo_t *cr, const struct sp_canvas *cv, double x_pt, double y_pt);

#endif
