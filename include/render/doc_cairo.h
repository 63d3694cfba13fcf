/*
 * doc_cairo.h - a document (core/doc.h) laid out on pages and painted with cairo: PDF and
 * PostScript, and one chart to PNG.
 *
 * The render/ room: like the core it only takes a model and writes a stream it is handed, but
 * it links cairo, which reads the font files we ship (fontconfig, DejaVu), so it is not held
 * to the core's purity check. Pages: A4 or US letter portrait, margins 18 mm, a running footer
 * with the document's footer text and "page N of M"; with duplex each SECTION starts on an
 * odd page (a blank even page is inserted). Tables that do not fit the page continue on the
 * next one with their header repeated; a chart is never split.
 */
#ifndef SP_DOC_CAIRO_H
#define SP_DOC_CAIRO_H

#include <stdio.h>

#include "core/chart.h"
#include "core/doc.h"

enum sp_paper { SP_PAPER_A4 = 0, SP_PAPER_LETTER };
enum sp_page_format { SP_PAGES_PDF = 0, SP_PAGES_PS };

struct sp_page_opts {
	enum sp_paper paper;
	int duplex;
};

int sp_paper_parse(const char *s, enum sp_paper *out); /* "a4" "letter"; 0 or -EINVAL */

/*
 * Render d to out as PDF or PostScript. *pages_out (may be NULL) gets the page count.
 * Returns: 0; -EINVAL for a bad argument; -EIO when cairo or the stream failed (nothing
 * promised about what out holds then: callers write to a temporary name).
 */
int sp_doc_render_pages(FILE *out, enum sp_page_format fmt, const struct sp_doc *d,
			const struct sp_page_opts *o, int *pages_out);

/* Paint one chart at w_pt wide to out as PNG (scale pixels per point). 0, -EINVAL or -EIO. */
int sp_chart_render_png(FILE *out, const struct sp_chart *c, double w_pt, double scale);

#endif
