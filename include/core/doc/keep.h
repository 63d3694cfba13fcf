/*
 * keep.h - what a title (a section's or a heading's) keeps with it on its page, so no title
 * ends a page with its text or its chart on the next.
 *
 * The page renderer measures the blocks after a title and asks here how much of them must fit
 * below the title on the same page; when it does not fit, the title goes to the next page. A
 * short introduction and the figure it introduces go together: a title, two lines about a
 * chart, and the chart overleaf is the layout a reader notices first. Pure arithmetic on the
 * heights the renderer measured, so every rule is unit-tested without a font.
 */
#ifndef SP_DOC_KEEP_H
#define SP_DOC_KEEP_H

#include <stddef.h>

enum sp_keep_kind {
	SP_KEEP_TEXT,	/* a paragraph, a bullet, facts, preformatted lines: breaks between lines */
	SP_KEEP_FIGURE, /* a chart (never split) or a table (split between rows) */
	SP_KEEP_TITLE,	/* another section or heading: what the title keeps ends there */
};

struct sp_keep_block {
	enum sp_keep_kind kind;
	double h;      /* its whole height, the space above it included (points) */
	double head_h; /* the least of it that may stand at a page's foot: a text's first lines,
			* a table's caption, header and first row, a whole chart */
};

/*
 * The height that must stand on the title's page below it, given the n blocks that follow the
 * title (in order, up to the next title or as many as the caller measured) on a text area
 * page_h high: the head of the first block; when text comes first and a figure follows it, the
 * whole of that text and the figure's head, as long as the text takes at most a third of the
 * page (a longer introduction is text in its own right: its first lines suffice).
 * Returns 0 for n 0 or a title next.
 */
double sp_keep_with_title(const struct sp_keep_block *next, size_t n, double page_h);

#endif
