/*
 * doc_table.c - a table on the pages (see doc_table.h).
 *
 * Widths come from the content: each column's widest cell at the largest size from 8.5 down
 * to 7 pt at which the table fits; marks print in black and white (bold for a strong cell;
 * bold, a grey shade and a black triangle for a difference beyond the runs' spread; grey text
 * for a weak one), so a photocopy keeps them apart.
 */
#include "render/doc_table.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/paint.h"

struct tab {
	const struct sp_doc_table *t;
	double fs, lh, *w;
	char **cell; /* cleaned copies: n_cols head cells, then the body */
	char *cap;   /* the caption, cleaned; NULL: none */
};

static enum sp_font cell_font(unsigned char mark)
{
	return mark == SP_DOC_MARK_STRONG || mark == SP_DOC_MARK_BEYOND ? SP_FONT_SANS_BOLD
									: SP_FONT_SANS;
}

/* Index into tab.cell: row -1 is the header. */
static size_t ci(const struct tab *tb, long row, size_t col)
{
	return (size_t)(row + 1) * tb->t->n_cols + col;
}

static unsigned char mark_of(const struct tab *tb, long row, size_t col)
{
	return row < 0 || !tb->t->mark ? 0 : tb->t->mark[(size_t)row * tb->t->n_cols + col];
}

/* The marker beside a cell beyond the runs' spread: a filled triangle, plain in black ink. */
static double marker_w(const struct tab *tb, unsigned char mark)
{
	return mark == SP_DOC_MARK_BEYOND ? tb->fs * 0.9 : 0;
}

/* The widest word of s (split at spaces): below that a cell must break inside a word. */
static double widest_word(struct pager *p, const char *s)
{
	double most = 0;

	while (*s) {
		size_t n = strcspn(s, " ");

		if (n)
			most = fmax(most, sp_pager_width(p, s, n));
		s += n;
		s += strspn(s, " ");
	}
	return most;
}

/* Every column's natural width (its widest cell) and least width (its widest word) at fs. */
static void measure_cols(struct pager *p, struct tab *tb, double *nat, double *least,
			 double *sum_nat, double *sum_least)
{
	*sum_nat = *sum_least = 0;
	for (size_t c = 0; c < tb->t->n_cols; c++) {
		nat[c] = least[c] = 0;
		for (long r = -1; r < (long)tb->t->n_rows; r++) {
			unsigned char m = mark_of(tb, r, c);
			const char *s = tb->cell[ci(tb, r, c)];

			sp_paint_font(p->cr, r < 0 ? SP_FONT_SANS_BOLD : cell_font(m), tb->fs);
			nat[c] = fmax(nat[c], sp_pager_width(p, s, strlen(s)) + marker_w(tb, m));
			least[c] = fmax(least[c], widest_word(p, s) + marker_w(tb, m));
		}
		nat[c] += 2 * CELL_PAD_PT;
		least[c] += 2 * CELL_PAD_PT;
		*sum_nat += nat[c];
		*sum_least += least[c];
	}
}

/*
 * Column widths, in order of preference: every cell on one line at the largest size from
 * 8.5 pt down to 7 pt; else the largest size at which every column holds its widest word
 * (cells then wrap at spaces only: "0.02/0.01" or "swap-outs/s" never split), the room left
 * shared by how much each column would like beyond that; else 7 pt with the widest words
 * shrunk in proportion, which then break inside.
 */
static void table_widths(struct pager *p, struct tab *tb)
{
	size_t nc = tb->t->n_cols;
	double *nat = tb->w, *least = calloc(nc, sizeof(*least)), sum_nat = 0, sum_least = 0;

	if (!least) {
		p->err = -ENOMEM;
		return;
	}
	for (tb->fs = TABLE_PT_MAX; tb->fs >= TABLE_PT_MIN; tb->fs -= 0.5) {
		measure_cols(p, tb, nat, least, &sum_nat, &sum_least);
		if (sum_nat <= p->tw)
			goto done;
	}
	for (tb->fs = TABLE_PT_MAX;; tb->fs -= 0.5) {
		measure_cols(p, tb, nat, least, &sum_nat, &sum_least);
		if (sum_least <= p->tw || tb->fs <= TABLE_PT_MIN)
			break;
	}
	if (sum_least <= p->tw) {
		double extra = p->tw - sum_least, want = sum_nat - sum_least;

		for (size_t c = 0; c < nc; c++)
			nat[c] = least[c] + (want > 0 ? extra * (nat[c] - least[c]) / want : 0);
	} else {
		for (size_t c = 0; c < nc; c++)
			nat[c] = least[c] * p->tw / sum_least;
	}
done:
	tb->lh = tb->fs * 1.3;
	free(least);
}

static double row_height(struct pager *p, const struct tab *tb, long row)
{
	size_t most = 1;

	for (size_t c = 0; c < tb->t->n_cols; c++) {
		unsigned char m = mark_of(tb, row, c);
		size_t n = sp_pager_lines(p, tb->cell[ci(tb, row, c)],
					  row < 0 ? SP_FONT_SANS_BOLD : cell_font(m), tb->fs,
					  tb->w[c] - 2 * CELL_PAD_PT - marker_w(tb, m));

		most = n > most ? n : most;
	}
	return (double)most * tb->lh + 4;
}

static void triangle(struct pager *p, double x, double base, double sz)
{
	if (!p->paint)
		return;
	sp_paint_rgb(p->cr, C_TEXT, 1);
	cairo_move_to(p->cr, x, base);
	cairo_line_to(p->cr, x + sz, base);
	cairo_line_to(p->cr, x + sz / 2, base - sz * 0.9);
	cairo_close_path(p->cr);
	cairo_fill(p->cr);
}

static void table_row(struct pager *p, const struct tab *tb, long row, double h)
{
	double x = p->x0;

	for (size_t c = 0; c < tb->t->n_cols; c++) {
		unsigned char m = mark_of(tb, row, c);
		enum sp_font f = row < 0 ? SP_FONT_SANS_BOLD : cell_font(m);
		double mw = marker_w(tb, m), inner = tb->w[c] - 2 * CELL_PAD_PT - mw;
		const char *s = tb->cell[ci(tb, row, c)];
		int right = tb->t->align && tb->t->align[c] == 'r';

		if (m == SP_DOC_MARK_BEYOND && p->paint) {
			sp_paint_rgb(p->cr, C_SHADE, 1);
			cairo_rectangle(p->cr, x, p->y, tb->w[c], h);
			cairo_fill(p->cr);
		}
		sp_paint_font(p->cr, f, tb->fs);
		sp_pager_wrap(p, s, inner);
		for (size_t i = 0; i < p->n_lines; i++) {
			const struct pager_line *l = &p->lines[i];
			double lx = x + CELL_PAD_PT + mw;

			if (right)
				lx += inner - sp_pager_width(p, s + l->off, l->len);
			/* the marker stands just before the first line, as a sign of the figure */
			if (i == 0 && mw > 0)
				triangle(p, lx - mw, p->y + 2 + tb->lh * 0.76, tb->fs * 0.65);
			sp_pager_show(p, lx, p->y + 2 + tb->lh * (double)i + tb->lh * 0.76,
				      s + l->off, l->len, m == SP_DOC_MARK_WEAK ? C_WEAK : C_TEXT);
		}
		x += tb->w[c];
	}
}

static double table_total_w(const struct tab *tb)
{
	double w = 0;

	for (size_t c = 0; c < tb->t->n_cols; c++)
		w += tb->w[c];
	return w;
}

static void table_caption(struct pager *p, const struct tab *tb, int cont)
{
	const char *cap = tb->cap;

	if (!cap || !*cap)
		return;
	if (cont) {
		size_t n = strlen(cap) + 16;
		char *s = malloc(n);

		if (!s) {
			p->err = -ENOMEM;
			return;
		}
		snprintf(s, n, "%s (continued)", cap);
		sp_pager_text(p, s, SP_FONT_SANS, 8, 11, p->x0, p->tw, C_GREY);
		free(s);
	} else {
		sp_pager_text(p, cap, SP_FONT_SANS_BOLD, BODY_PT, BODY_LH, p->x0, p->tw, C_TEXT);
	}
	p->y += 2;
}

static void table_head(struct pager *p, struct tab *tb, struct sp_page_table *rec)
{
	double h = row_height(p, tb, -1), w = table_total_w(tb);

	sp_pager_rule(p, p->x0, p->y, w, 0.8, C_RULE);
	table_row(p, tb, -1, h);
	p->y += h;
	sp_pager_rule(p, p->x0, p->y, w, 0.5, C_RULE);
	if (rec)
		rec->heads++;
}

void sp_pager_table(struct pager *p, const struct sp_doc_table *t)
{
	struct sp_page_table *rec = NULL;
	struct tab tb = {.t = t};
	size_t nc = t->n_cols, ncell = (t->n_rows + 1) * nc;
	double w, caph = 0;

	if (p->paint && p->lay && p->lay->tables)
		rec = &p->lay->tables[p->i_table];
	p->i_table++;
	sp_pager_space(p, 8);
	if (t->caption && !(tb.cap = sp_paint_clean_utf8(t->caption)))
		goto oom;
	if (!nc) {
		table_caption(p, &tb, 0);
		goto out;
	}
	tb.w = calloc(nc, sizeof(*tb.w));
	tb.cell = calloc(ncell, sizeof(*tb.cell));
	if (!tb.w || !tb.cell)
		goto oom;
	for (size_t c = 0; c < nc; c++)
		if (!(tb.cell[c] = sp_paint_clean_utf8(t->head && t->head[c] ? t->head[c] : "")))
			goto oom;
	for (size_t i = 0; i < t->n_rows * nc; i++)
		if (!(tb.cell[nc + i] =
			  sp_paint_clean_utf8(t->cell && t->cell[i] ? t->cell[i] : "")))
			goto oom;
	table_widths(p, &tb);
	if (p->err)
		goto out;
	w = table_total_w(&tb);
	if (tb.cap && *tb.cap)
		caph =
		    (double)sp_pager_lines(p, tb.cap, SP_FONT_SANS_BOLD, BODY_PT, p->tw) * BODY_LH +
		    2;
	/* the caption, the header and the first row stay together */
	sp_pager_need(p,
		      caph + row_height(p, &tb, -1) + (t->n_rows ? row_height(p, &tb, 0) : 0) + 1);
	if (rec)
		rec->first_page = p->page;
	table_caption(p, &tb, 0);
	table_head(p, &tb, rec);
	for (size_t r = 0; r < t->n_rows && !p->err; r++) {
		double h = row_height(p, &tb, (long)r);

		if (p->y + h > p->bottom + 0.01) {
			sp_pager_rule(p, p->x0, p->y, w, 0.8, C_RULE);
			sp_pager_break(p);
			table_caption(p, &tb, 1);
			table_head(p, &tb, rec);
		} else if (r > 0) {
			sp_pager_rule(p, p->x0, p->y, w, 0.25, C_HAIR);
		}
		table_row(p, &tb, (long)r, h);
		p->y += h;
		if (rec)
			rec->rows++;
	}
	sp_pager_rule(p, p->x0, p->y, w, 0.8, C_RULE);
	if (rec)
		rec->last_page = p->page;
	p->y += 3;
	p->used = 1;
	if (t->note && *t->note)
		sp_pager_text(p, t->note, SP_FONT_SANS, 7.5, 10, p->x0, p->tw, C_GREY);
	goto out;
oom:
	p->err = -ENOMEM;
out:
	if (tb.cell)
		for (size_t i = 0; i < ncell; i++)
			free(tb.cell[i]);
	free(tb.cell);
	free(tb.w);
	free(tb.cap);
}
