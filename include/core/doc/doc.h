/*
 * doc.h - a printable document, independent of its format: titled sections of paragraphs,
 * facts (key: value lines), tables, charts and preformatted text.
 *
 * Why a model between the report and its formats: the report (core/doc/reportdoc.h), a comparison
 * of runs (core/doc/compare_doc.h) and the lab index on a stick all say things a person prints, and
 * the PDF and PostScript (render/doc_cairo.h), the HTML (core/doc/doc_html.h) and the paginated
 * text must say the same things in the same order. Builders decide *what* is said (from the report
 * and its findings: they compute nothing new, they phrase); backends decide only *where* it
 * goes on a page. Tests of content read the model, tests of layout read the rendered page.
 *
 * A doc owns every string, table and chart it holds (copied in); sp_doc_release() frees them
 * all. The first failure is sticky (like a FILE's error flag): it is kept in d->err, every
 * later call on the doc, its facts and its tables is a no-op returning it, and the builder
 * checks once, with sp_doc_err(), at the end. So a builder reads as the document's outline,
 * not as a ladder of checks. A doc that failed to grow is still valid and releasable (a
 * renderer given it renders what it holds). The doc must not move while it is built: its
 * tables and facts point back at its error.
 */
#ifndef SP_DOC_H
#define SP_DOC_H

#include <stddef.h>
#include <stdint.h>

#include "core/doc/chart.h"

enum sp_doc_block_kind {
	SP_DOC_SECTION, /* a new section: text is its title; --duplex starts it on an odd page */
	SP_DOC_HEADING, /* a heading inside a section */
	SP_DOC_PARA,	/* running text, wrapped by the backend */
	SP_DOC_BULLET,	/* one item of a bulleted list (consecutive bullets form the list) */
	SP_DOC_FACTS,	/* key: value lines, e.g. the machine's identity */
	SP_DOC_TABLE,
	SP_DOC_CHART,
	SP_DOC_PRE, /* preformatted monospace text, lines as given (the appendix) */
};

/* What a table cell says beyond its text. */
enum sp_doc_mark {
	SP_DOC_MARK_NONE = 0,
	SP_DOC_MARK_STRONG, /* emphasised: the best placement's row, a headline */
	SP_DOC_MARK_BEYOND, /* compare: a difference larger than the runs' spread allows */
	SP_DOC_MARK_WEAK,   /* greyed: not measured, within the spread, a failed placement */
};

struct sp_doc_table {
	char *caption; /* may be NULL */
	size_t n_cols, n_rows;
	char **head;	     /* n_cols column titles, the unit in each ("median (us)") */
	char *align;	     /* n_cols: 'l' or 'r' (numbers right) */
	char **cell;	     /* n_rows * n_cols, row-major; never NULL (empty is "") */
	unsigned char *mark; /* n_rows * n_cols, enum sp_doc_mark */
	char *note;	     /* a line under the table (a legend of its marks), may be NULL */
	int *err;	     /* the doc's sticky error (struct sp_doc's err) */
};

struct sp_doc_fact {
	char *key, *value;
};

struct sp_doc_block {
	enum sp_doc_block_kind kind;
	char *text;	/* SECTION, HEADING, PARA, BULLET, PRE (lines split on '\n') */
	size_t n_facts; /* FACTS */
	struct sp_doc_fact *facts;
	struct sp_doc_table *table; /* TABLE */
	struct sp_chart *chart;	    /* CHART */
	int *err;		    /* FACTS: the doc's sticky error */
};

struct sp_doc {
	char *title;	/* "swapplace report" */
	char *subtitle; /* run id and date: "run 20261201-175944-5f3a19c2, 1 December 2026 17:59
			   UTC" */
	char *footer;	/* on every page: machine and run id */
	char *lang;	/* "en" */
	size_t n_blocks, cap_blocks;
	struct sp_doc_block *blocks;
	int err; /* the first failure (-ENOMEM, -EINVAL); 0 while every call succeeded */
};

void sp_doc_init(struct sp_doc *d);
void sp_doc_release(struct sp_doc *d);

/* The first failure of any call that built d, or 0: what a builder returns, checked once. */
int sp_doc_err(const struct sp_doc *d);

/* Record a failure of the caller's own (a chart it could not fill): sticky like the doc's. */
int sp_doc_fail(struct sp_doc *d, int err);

/*
 * Every call below returns 0 (a row: its index) or the doc's sticky error, and does nothing
 * once the doc has failed; a NULL facts block or table (its add failed) is such a no-op too.
 */

/* The title strings (copied; NULL leaves one unset). */
int sp_doc_set_titles(struct sp_doc *d, const char *title, const char *subtitle,
		      const char *footer);

/* Append a SECTION, HEADING, PARA, BULLET or PRE block; printf-style text. */
int sp_doc_add_text(struct sp_doc *d, enum sp_doc_block_kind kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Append a FACTS block and return it, to fill with sp_doc_fact() before the next block is
 * appended; NULL when the doc has failed. */
struct sp_doc_block *sp_doc_add_facts(struct sp_doc *d);
int sp_doc_fact(struct sp_doc_block *facts, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * Append a TABLE of n_cols columns; heads[i] and align ("lrrr...", n_cols letters) are copied.
 * Rows are added with sp_doc_row_add() and filled with sp_doc_cell(). NULL when the doc has
 * failed (-ENOMEM, -EINVAL).
 */
struct sp_doc_table *sp_doc_add_table(struct sp_doc *d, const char *caption, size_t n_cols,
				      const char *const *heads, const char *align);
int sp_doc_row_add(struct sp_doc_table *t); /* returns the new row's index */
int sp_doc_cell(struct sp_doc_table *t, size_t row, size_t col, enum sp_doc_mark mark,
		const char *fmt, ...) __attribute__((format(printf, 5, 6)));
int sp_doc_table_note(struct sp_doc_table *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Append a CHART block that takes ownership of c (freed by sp_doc_release). c NULL (its
 * sp_chart_new failed) or a chart whose own error is set fails the doc; c is then freed. */
int sp_doc_add_chart(struct sp_doc *d, struct sp_chart *c);

#endif
