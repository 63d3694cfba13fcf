/*
 * doc_cairo.h - a document (core/doc/doc.h) laid out on pages and painted with cairo: PDF and
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

#include "core/doc/chart.h"
#include "core/doc/doc.h"

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

/*
 * Where things landed, for tests and callers that want to point at a page: a box is in points
 * from the page's top left corner, pages count from 1.
 */
struct sp_page_box {
	int page;
	double x_pt, y_pt, w_pt, h_pt;
};

struct sp_page_table {
	int first_page, last_page;
	int heads;   /* how many times the header row was set (once per page it is on) */
	size_t rows; /* rows set (all of them, unless rendering failed) */
};

struct sp_page_layout {
	int n_pages;
	double page_w_pt, page_h_pt;
	struct sp_page_box body; /* the text area above the footer, the same on every page */
	size_t n_charts, n_sections, n_blanks, n_tables;
	struct sp_page_box *charts;   /* one per CHART block, in order (page 0: not drawn) */
	int *section_page;	      /* one per SECTION block: the page it starts on */
	int *blank_page;	      /* the pages left blank so a section starts on an odd one */
	struct sp_page_table *tables; /* one per TABLE block */
};

/*
 * As sp_doc_render_pages, recording the layout into lay (may be NULL; released by the caller,
 * also on error). created_s is the PDF's creation date in seconds since the epoch (the run's
 * start, so one report renders to the same bytes every time); 0: cairo's clock.
 */
int sp_doc_render_pages_layout(FILE *out, enum sp_page_format fmt, const struct sp_doc *d,
			       const struct sp_page_opts *o, long long created_s,
			       struct sp_page_layout *lay);
void sp_page_layout_release(struct sp_page_layout *lay);

/* Paint one chart at w_pt wide to out as PNG (scale pixels per point). 0, -EINVAL or -EIO. */
int sp_chart_render_png(FILE *out, const struct sp_chart *c, double w_pt, double scale);

#endif
