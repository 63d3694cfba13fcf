/*
 * doc_html.h - a document (core/doc/doc.h) as one self-contained HTML file: inline CSS with a
 * print stylesheet (A4/letter margins, a page break before each section, tables that repeat
 * their header), every chart as inline SVG written from its shapes (core/doc/chart.h), no script,
 * nothing fetched. Text from the machine is escaped. Pure: writes to the stream it is given.
 */
#ifndef SP_DOC_HTML_H
#define SP_DOC_HTML_H

#include <stdio.h>

#include "core/doc/chart.h"
#include "core/doc/doc.h"

/* Write d to out as HTML. Returns: 0, -EINVAL, -ENOMEM, or -EIO when out's error flag is set. */
int sp_doc_write_html(FILE *out, const struct sp_doc *d);

/* The same for a paper size: letter nonzero prints on US letter, else A4 (what
 * sp_doc_write_html does). The only URI in the file is the SVG namespace's name. */
int sp_doc_write_html_paper(FILE *out, const struct sp_doc *d, int letter);

/* One chart as a standalone <svg> element of width w_pt (for the HTML and for tests). */
int sp_chart_write_svg(FILE *out, const struct sp_chart *c, double w_pt);

#endif
