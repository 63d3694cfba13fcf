/*
 * doc.c - the printable document model (see doc.h): growing arrays of blocks that own copies
 * of everything they say. Every call starts with the sticky error's check and ends by
 * recording its own failure, so a builder never checks in between.
 */
#include "core/doc/doc.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *vdup(const char *fmt, va_list ap)
{
	va_list aq;
	int n;
	char *s;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		return NULL;
	s = malloc((size_t)n + 1);
	if (s)
		vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}

void sp_doc_init(struct sp_doc *d)
{
	memset(d, 0, sizeof(*d));
}

static void table_free(struct sp_doc_table *t)
{
	if (!t)
		return;
	for (size_t i = 0; t->head && i < t->n_cols; i++)
		free(t->head[i]);
	for (size_t i = 0; t->cell && i < t->n_rows * t->n_cols; i++)
		free(t->cell[i]);
	free(t->head);
	free(t->cell);
	free(t->mark);
	free(t->align);
	free(t->caption);
	free(t->note);
	free(t);
}

int sp_doc_err(const struct sp_doc *d)
{
	return d ? d->err : -EINVAL;
}

/* Keep the first failure in *err (NULL: the caller's object was never made) and return it. */
static int fail(int *err, int ret)
{
	if (!err)
		return ret;
	if (!*err)
		*err = ret;
	return *err;
}

int sp_doc_fail(struct sp_doc *d, int err)
{
	return err < 0 ? fail(&d->err, err) : d->err;
}

void sp_doc_release(struct sp_doc *d)
{
	for (size_t i = 0; i < d->n_blocks; i++) {
		struct sp_doc_block *b = &d->blocks[i];

		free(b->text);
		for (size_t k = 0; k < b->n_facts; k++) {
			free(b->facts[k].key);
			free(b->facts[k].value);
		}
		free(b->facts);
		table_free(b->table);
		sp_chart_free(b->chart);
	}
	free(d->blocks);
	free(d->title);
	free(d->subtitle);
	free(d->footer);
	free(d->lang);
	memset(d, 0, sizeof(*d));
}

int sp_doc_set_titles(struct sp_doc *d, const char *title, const char *subtitle, const char *footer)
{
	const char *in[3] = {title, subtitle, footer};
	char **out[3] = {&d->title, &d->subtitle, &d->footer};

	if (d->err)
		return d->err;
	for (int i = 0; i < 3; i++) {
		char *s;

		if (!in[i])
			continue;
		s = strdup(in[i]);
		if (!s)
			return sp_doc_fail(d, -ENOMEM);
		free(*out[i]);
		*out[i] = s;
	}
	return 0;
}

/* A new block, or NULL with the doc's error set. */
static struct sp_doc_block *add_block(struct sp_doc *d, enum sp_doc_block_kind kind)
{
	if (d->err)
		return NULL;
	if (d->n_blocks == d->cap_blocks) {
		size_t cap = d->cap_blocks ? 2 * d->cap_blocks : 32;
		struct sp_doc_block *nb = realloc(d->blocks, cap * sizeof(*nb));

		if (!nb) {
			sp_doc_fail(d, -ENOMEM);
			return NULL;
		}
		d->blocks = nb;
		d->cap_blocks = cap;
	}
	memset(&d->blocks[d->n_blocks], 0, sizeof(d->blocks[0]));
	d->blocks[d->n_blocks].kind = kind;
	return &d->blocks[d->n_blocks++];
}

int sp_doc_add_text(struct sp_doc *d, enum sp_doc_block_kind kind, const char *fmt, ...)
{
	struct sp_doc_block *b;
	va_list ap;
	char *s;

	if (d->err)
		return d->err;
	if (kind == SP_DOC_FACTS || kind == SP_DOC_TABLE || kind == SP_DOC_CHART)
		return sp_doc_fail(d, -EINVAL);
	va_start(ap, fmt);
	s = vdup(fmt, ap);
	va_end(ap);
	if (!s)
		return sp_doc_fail(d, -ENOMEM);
	b = add_block(d, kind);
	if (!b) {
		free(s);
		return d->err;
	}
	b->text = s;
	return 0;
}

struct sp_doc_block *sp_doc_add_facts(struct sp_doc *d)
{
	struct sp_doc_block *b = add_block(d, SP_DOC_FACTS);

	if (b)
		b->err = &d->err;
	return b;
}

int sp_doc_fact(struct sp_doc_block *facts, const char *key, const char *fmt, ...)
{
	struct sp_doc_fact *nf;
	va_list ap;
	char *k, *v;

	if (!facts || facts->kind != SP_DOC_FACTS)
		return -EINVAL; /* its add failed: the doc's error says why */
	if (*facts->err)
		return *facts->err;
	nf = realloc(facts->facts, (facts->n_facts + 1) * sizeof(*nf));
	if (!nf)
		return fail(facts->err, -ENOMEM);
	facts->facts = nf;
	va_start(ap, fmt);
	v = vdup(fmt, ap);
	va_end(ap);
	k = strdup(key ? key : "");
	if (!k || !v) {
		free(k);
		free(v);
		return fail(facts->err, -ENOMEM);
	}
	nf[facts->n_facts].key = k;
	nf[facts->n_facts].value = v;
	facts->n_facts++;
	return 0;
}

struct sp_doc_table *sp_doc_add_table(struct sp_doc *d, const char *caption, size_t n_cols,
				      const char *const *heads, const char *align)
{
	struct sp_doc_table *t;
	struct sp_doc_block *b;

	if (d->err)
		return NULL;
	if (!n_cols || !heads || !align || strlen(align) != n_cols) {
		sp_doc_fail(d, -EINVAL);
		return NULL;
	}
	t = calloc(1, sizeof(*t));
	if (!t) {
		sp_doc_fail(d, -ENOMEM);
		return NULL;
	}
	t->n_cols = n_cols;
	t->head = calloc(n_cols, sizeof(*t->head));
	t->align = strdup(align);
	t->caption = caption ? strdup(caption) : NULL;
	if (!t->head || !t->align || (caption && !t->caption))
		goto fail;
	for (size_t i = 0; i < n_cols; i++)
		if (!(t->head[i] = strdup(heads[i] ? heads[i] : "")))
			goto fail;
	b = add_block(d, SP_DOC_TABLE);
	if (!b)
		goto fail;
	t->err = &d->err;
	b->table = t;
	return t;
fail:
	sp_doc_fail(d, -ENOMEM);
	table_free(t);
	return NULL;
}

int sp_doc_row_add(struct sp_doc_table *t)
{
	size_t n;
	char **nc;
	unsigned char *nm;

	if (!t)
		return -EINVAL; /* its add failed: the doc's error says why */
	if (*t->err)
		return *t->err;
	n = (t->n_rows + 1) * t->n_cols;
	nc = realloc(t->cell, n * sizeof(*nc));
	if (!nc)
		return fail(t->err, -ENOMEM);
	t->cell = nc;
	nm = realloc(t->mark, n);
	if (!nm)
		return fail(t->err, -ENOMEM);
	t->mark = nm;
	for (size_t i = t->n_rows * t->n_cols; i < n; i++) {
		nc[i] = strdup("");
		nm[i] = SP_DOC_MARK_NONE;
		if (!nc[i]) {
			for (size_t k = t->n_rows * t->n_cols; k < i; k++)
				free(nc[k]);
			return fail(t->err, -ENOMEM);
		}
	}
	return (int)t->n_rows++;
}

int sp_doc_cell(struct sp_doc_table *t, size_t row, size_t col, enum sp_doc_mark mark,
		const char *fmt, ...)
{
	va_list ap;
	char *s;

	if (!t)
		return -EINVAL;
	if (*t->err)
		return *t->err;
	if (row >= t->n_rows || col >= t->n_cols)
		return fail(t->err, -EINVAL);
	va_start(ap, fmt);
	s = vdup(fmt, ap);
	va_end(ap);
	if (!s)
		return fail(t->err, -ENOMEM);
	free(t->cell[row * t->n_cols + col]);
	t->cell[row * t->n_cols + col] = s;
	t->mark[row * t->n_cols + col] = (unsigned char)mark;
	return 0;
}

int sp_doc_table_note(struct sp_doc_table *t, const char *fmt, ...)
{
	va_list ap;
	char *s;

	if (!t)
		return -EINVAL;
	if (*t->err)
		return *t->err;
	va_start(ap, fmt);
	s = vdup(fmt, ap);
	va_end(ap);
	if (!s)
		return fail(t->err, -ENOMEM);
	free(t->note);
	t->note = s;
	return 0;
}

int sp_doc_add_chart(struct sp_doc *d, struct sp_chart *c)
{
	struct sp_doc_block *b;

	if (!c)
		return sp_doc_fail(d, -ENOMEM); /* its sp_chart_new failed */
	if (c->err)
		sp_doc_fail(d, c->err);
	b = add_block(d, SP_DOC_CHART);
	if (!b) {
		sp_chart_free(c);
		return d->err;
	}
	b->chart = c;
	return 0;
}
