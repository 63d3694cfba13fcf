/*
 * pager.h - the page-setting machinery shared by the cairo page renderer's parts (render/
 * doc_cairo.c sets the blocks, render/doc_table.c the tables): where the pen is on which page,
 * text measured and wrapped in the shipped fonts, page breaks with their footers.
 *
 * Internal to render/: callers outside use render/doc_cairo.h. Every function works in both
 * passes (struct pager.paint 0: measure and count pages only; 1: also draw), so the two passes
 * take the same decisions. Errors are kept in p->err (-ENOMEM) and the pass stops at the next
 * block.
 */
#ifndef SP_RENDER_PAGER_H
#define SP_RENDER_PAGER_H

#include <cairo.h>
#include <stddef.h>
#include <stdint.h>

#include "core/doc/doc.h"
#include "core/doc/textmetrics.h"
#include "render/doc_cairo.h"

/* Page geometry (points) */
#define PT_PER_MM (72.0 / 25.4)
#define MARGIN_PT (18 * PT_PER_MM)
#define FOOTER_GAP_PT 8.0 /* from the text area's bottom to the footer's rule */

/* Type sizes (points) and their line heights */
#define TITLE_PT 20.0
#define SUBTITLE_PT 10.0
#define SECTION_PT 15.0
#define HEADING_PT 11.0
#define BODY_PT 9.5
#define BODY_LH 13.0
#define TABLE_PT_MAX 8.5
#define TABLE_PT_MIN 7.0
#define PRE_PT 7.5
#define PRE_LH 9.0
#define FOOTER_PT 7.5
#define CELL_PAD_PT 4.0

/* Inks: black and greys, which any printer prints */
#define C_TEXT 0x000000
#define C_GREY 0x555555
#define C_WEAK 0x808080
#define C_RULE 0x000000
#define C_HAIR 0xb0b0b0
#define C_SHADE 0xd0d0d0

struct pager_line {
	size_t off, len; /* bytes of the string wrapped */
};

/* One document being set: the surface, the pen (page, y) and the text area. */
struct pager {
	cairo_t *cr;
	cairo_surface_t *surf;
	enum sp_page_format fmt;
	const struct sp_doc *d;
	int duplex;
	int paint;   /* second pass: draw; the first only measures */
	int page;    /* the page being set, from 1 */
	int n_pages; /* known in the second pass */
	int used;    /* something beyond the title is on this page */
	double pw, ph, x0, tw, top, bottom, y;
	struct sp_page_layout *lay; /* recorded in the second pass */
	size_t i_chart, i_section, i_table;
	enum sp_doc_block_kind prev;
	size_t i_block; /* the block being set */
	char *buf;	/* a NUL-terminated copy of what is measured or shown */
	size_t buf_cap;
	struct pager_line *lines;
	size_t n_lines, cap_lines;
	int err;
};

/* The width of s[0..n) in the current font, in points. */
double sp_pager_width(struct pager *p, const char *s, size_t n);
/* Draw s[0..n) with its baseline at (x, y) (second pass only). */
void sp_pager_show(struct pager *p, double x, double y, const char *s, size_t n, uint32_t rgb);
/* A horizontal rule of width w from (x, y), lw thick (second pass only). */
void sp_pager_rule(struct pager *p, double x, double y, double w, double lw, uint32_t rgb);
/*
 * Break s into lines of at most w points in the current font, after spaces and at '\n'; a
 * word wider than a line is broken between characters. The lines land in p->lines (reset).
 */
void sp_pager_wrap(struct pager *p, const char *s, double w);
/* The running footer: d->footer on the left, "page N of M" on the right. */
void sp_pager_footer(struct pager *p);
/* End the page (its footer, in the second pass) and start the next. */
void sp_pager_break(struct pager *p);
/* Vertical space before a block, none at the top of a page. */
void sp_pager_space(struct pager *p, double pt);
/* Start a new page unless h points fit below; a page that is still empty takes anything. */
void sp_pager_need(struct pager *p, double h);
/* Set text (any bytes: cleaned here) wrapped at w from x, breaking pages between lines. */
void sp_pager_text(struct pager *p, const char *text, enum sp_font f, double size_pt, double lh,
		   double x, double w, uint32_t rgb);
/* How many lines s (clean UTF-8) takes at w in font f (at least 1; the lines stay in p->lines). */
size_t sp_pager_lines(struct pager *p, const char *s, enum sp_font f, double size_pt, double w);

#endif
