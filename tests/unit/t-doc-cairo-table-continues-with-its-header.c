/*
 * t-doc-cairo-table-continues-with-its-header - a table longer than a page breaks between
 * rows onto the next pages with its header set again on each (the layout record counts the
 * headers and rows set), on A4 and letter; a table whose columns cannot fit even at 7 pt wraps
 * its cells and still sets every row; a chart after it is never split (its box lies inside the
 * text area); the footer's page count is the number of pages the PDF holds.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/doc/doc.h"
#include "render/doc_cairo.h"

static void long_table(struct sp_doc *d, size_t rows, size_t cols, const char *cell)
{
	const char *heads[8] = {"placement", "median (us)", "lo", "hi", "p99", "e", "f", "g"};
	char align[9] = "lrrrrrrr";
	struct sp_doc_table *t;

	align[cols] = 0;
	t = sp_doc_add_table(d, "a long table", cols, heads, align);
	CHECK(t != NULL);
	for (size_t r = 0; r < rows; r++) {
		int i = sp_doc_row_add(t);

		CHECK(i == (int)r);
		for (size_t c = 0; c < cols; c++)
			sp_doc_cell(t, r, c, r % 3 ? 0 : SP_DOC_MARK_BEYOND, "%s %zu.%zu", cell, r,
				    c);
	}
}

/* The number of "/Type /Page" objects (not /Pages) in a PDF held in memory. */
static int pdf_pages(const char *buf, size_t n)
{
	int k = 0;

	for (const char *p = buf; (p = memmem(p, n - (size_t)(p - buf), "/Type /Page", 11));
	     p += 11)
		k += p[11] != 's';
	return k;
}

static void check_table(enum sp_paper paper, size_t rows, size_t cols, const char *cell)
{
	struct sp_page_opts o = {paper, 0};
	struct sp_page_layout lay;
	struct sp_doc d;
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	struct sp_chart *c = sp_chart_new(SP_CHART_LINES, "curve", "x", "y");
	double x[3] = {1, 2, 3}, y[3] = {3, 1, 2};

	sp_chart_add_series(c, "s", SP_CHART_G_DISK, x, y, 3);
	sp_doc_init(&d);
	sp_doc_set_titles(&d, "t", "s", "f");
	sp_doc_add_text(&d, SP_DOC_SECTION, "Tables");
	long_table(&d, rows, cols, cell);
	sp_doc_add_chart(&d, c);
	CHECK(sp_doc_render_pages_layout(f, SP_PAGES_PDF, &d, &o, 0, &lay) == 0);
	fclose(f);
	CHECK(lay.n_tables == 1 && lay.n_charts == 1);
	if (lay.n_tables == 1) {
		const struct sp_page_table *t = &lay.tables[0];

		fprintf(stderr, "paper %d, %zu rows x %zu cols: pages %d..%d of %d, %d heads\n",
			paper, rows, cols, t->first_page, t->last_page, lay.n_pages, t->heads);
		CHECK(t->first_page == 1);
		CHECK(t->last_page >= 3);			     /* it did span pages */
		CHECK(t->heads == t->last_page - t->first_page + 1); /* a header on each */
		CHECK(t->rows == rows);
	}
	if (lay.n_charts == 1) {
		const struct sp_page_box *b = &lay.charts[0];

		CHECK(b->page >= lay.tables[0].last_page && b->page <= lay.n_pages);
		CHECK(b->y_pt >= lay.body.y_pt - 0.01);
		CHECK(b->y_pt + b->h_pt <= lay.body.y_pt + lay.body.h_pt + 0.01);
	}
	CHECK(pdf_pages(buf, n) == lay.n_pages);
	CHECK(memmem(buf, n, "%PDF-", 5) == buf);
	sp_page_layout_release(&lay);
	sp_doc_release(&d);
	free(buf);
}

int main(void)
{
	check_table(SP_PAPER_A4, 150, 5, "cell");
	check_table(SP_PAPER_LETTER, 150, 5, "cell");
	/* eight columns of long words: too wide at 7 pt, so cells wrap and rows grow */
	check_table(SP_PAPER_A4, 60, 8, "a-rather-long-cell-text with words");
	return CHECK_DONE();
}
