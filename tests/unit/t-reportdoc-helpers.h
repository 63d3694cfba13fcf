/*
 * t-reportdoc-helpers.h - reading a built document back in the reportdoc tests: its sections
 * in order, the blocks of one section, a table's cells, the whole doc as text (with
 * SWAPPLACE_DOC_DUMP=1 it is printed to stderr, to look at what a change did).
 */
#ifndef T_REPORTDOC_HELPERS_H
#define T_REPORTDOC_HELPERS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/doc/doc.h"

/* Index of the SECTION block titled title, or -1. */
static inline long doc_section(const struct sp_doc *d, const char *title)
{
	for (size_t i = 0; i < d->n_blocks; i++)
		if (d->blocks[i].kind == SP_DOC_SECTION && strcmp(d->blocks[i].text, title) == 0)
			return (long)i;
	return -1;
}

/* The end (exclusive) of the section starting at block s. */
static inline size_t doc_section_end(const struct sp_doc *d, long s)
{
	size_t i = (size_t)s + 1;

	while (i < d->n_blocks && d->blocks[i].kind != SP_DOC_SECTION)
		i++;
	return i;
}

/* The n-th (0-based) block of kind k in section s, or NULL. */
static inline const struct sp_doc_block *doc_nth(const struct sp_doc *d, long s,
						 enum sp_doc_block_kind k, size_t n)
{
	if (s < 0)
		return NULL;
	for (size_t i = (size_t)s + 1; i < doc_section_end(d, s); i++)
		if (d->blocks[i].kind == k && n-- == 0)
			return &d->blocks[i];
	return NULL;
}

static inline const char *cell(const struct sp_doc_table *t, size_t r, size_t c)
{
	return t->cell[r * t->n_cols + c];
}

static inline int mark(const struct sp_doc_table *t, size_t r, size_t c)
{
	return t->mark[r * t->n_cols + c];
}

/* The row of table t whose column c says v, or -1. */
static inline long row_where(const struct sp_doc_table *t, size_t c, const char *v)
{
	for (size_t r = 0; r < t->n_rows; r++)
		if (strcmp(cell(t, r, c), v) == 0)
			return (long)r;
	return -1;
}

static inline void dump_append(char **buf, size_t *len, size_t *cap, const char *s)
{
	size_t n = strlen(s);

	if (*len + n + 2 > *cap) {
		*cap = (*len + n + 2) * 2;
		*buf = realloc(*buf, *cap);
		CHECK(*buf != NULL);
	}
	memcpy(*buf + *len, s, n);
	*len += n;
	(*buf)[(*len)++] = '\n';
	(*buf)[*len] = '\0';
}

/* Every string the doc holds, one per line (the caller frees it). */
static inline char *doc_text(const struct sp_doc *d)
{
	char *buf = NULL;
	size_t len = 0, cap = 0;

	dump_append(&buf, &len, &cap, d->title ? d->title : "");
	dump_append(&buf, &len, &cap, d->subtitle ? d->subtitle : "");
	dump_append(&buf, &len, &cap, d->footer ? d->footer : "");
	for (size_t i = 0; i < d->n_blocks; i++) {
		const struct sp_doc_block *b = &d->blocks[i];

		if (b->text)
			dump_append(&buf, &len, &cap, b->text);
		for (size_t k = 0; k < b->n_facts; k++) {
			dump_append(&buf, &len, &cap, b->facts[k].key);
			dump_append(&buf, &len, &cap, b->facts[k].value);
		}
		if (b->table) {
			const struct sp_doc_table *t = b->table;

			for (size_t c = 0; c < t->n_cols; c++)
				dump_append(&buf, &len, &cap, t->head[c]);
			for (size_t c = 0; c < t->n_rows * t->n_cols; c++)
				dump_append(&buf, &len, &cap, t->cell[c]);
			if (t->note)
				dump_append(&buf, &len, &cap, t->note);
		}
		if (b->chart) {
			dump_append(&buf, &len, &cap, b->chart->title);
			for (size_t k = 0; k < b->chart->n_bars; k++)
				dump_append(&buf, &len, &cap, b->chart->bars[k].name);
			for (size_t k = 0; k < b->chart->n_series; k++)
				dump_append(&buf, &len, &cap, b->chart->series[k].name);
		}
	}
	return buf;
}

/* With SWAPPLACE_DOC_DUMP set: the doc's outline and cells on stderr. */
static inline void doc_dump(const struct sp_doc *d)
{
	static const char *const kinds[] = {"SECTION", "HEADING", "PARA",  "BULLET",
					    "FACTS",   "TABLE",	  "CHART", "PRE"};

	if (!getenv("SWAPPLACE_DOC_DUMP"))
		return;
	fprintf(stderr, "# %s\n# %s\n# %s\n", d->title, d->subtitle, d->footer);
	for (size_t i = 0; i < d->n_blocks; i++) {
		const struct sp_doc_block *b = &d->blocks[i];

		fprintf(stderr, "[%s] %s\n", kinds[b->kind], b->text ? b->text : "");
		for (size_t k = 0; k < b->n_facts; k++)
			fprintf(stderr, "    %s: %s\n", b->facts[k].key, b->facts[k].value);
		if (b->table) {
			const struct sp_doc_table *t = b->table;

			fprintf(stderr, "    (%s)\n    ", t->caption ? t->caption : "");
			for (size_t c = 0; c < t->n_cols; c++)
				fprintf(stderr, "%s | ", t->head[c]);
			for (size_t r = 0; r < t->n_rows; r++) {
				fprintf(stderr, "\n    ");
				for (size_t c = 0; c < t->n_cols; c++)
					fprintf(stderr, "%s%s | ", cell(t, r, c),
						mark(t, r, c) == SP_DOC_MARK_STRONG ? "*"
						: mark(t, r, c) == SP_DOC_MARK_WEAK ? "~"
						: mark(t, r, c)			    ? "!"
										    : "");
			}
			fprintf(stderr, "\n    note: %s\n", t->note ? t->note : "");
		}
		if (b->chart) {
			const struct sp_chart *c = b->chart;

			fprintf(stderr, "    chart %d '%s' x '%s' y '%s'\n", c->kind, c->title,
				c->x_label, c->y_label);
			for (size_t k = 0; k < c->n_bars; k++)
				fprintf(stderr, "    bar %s g%d %g [%g..%g] %s\n", c->bars[k].name,
					c->bars[k].group, c->bars[k].value, c->bars[k].lo,
					c->bars[k].hi, c->bars[k].value_label);
			for (size_t k = 0; k < c->n_series; k++) {
				fprintf(stderr, "    series %s g%d:", c->series[k].name,
					c->series[k].group);
				for (size_t p = 0; p < c->series[k].n; p++)
					fprintf(stderr, " (%g,%g)", c->series[k].x[p],
						c->series[k].y[p]);
				fprintf(stderr, "\n");
			}
			for (size_t k = 0; k < c->n_ranges; k++)
				fprintf(stderr, "    range %s %g..%g\n", c->ranges[k].name,
					c->ranges[k].x0, c->ranges[k].x1);
		}
	}
}

#endif
