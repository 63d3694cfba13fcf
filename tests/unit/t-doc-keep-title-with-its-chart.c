/*
 * t-doc-keep-title-with-its-chart - a title never ends a page with its chart on the next. The
 * rule (core/doc/keep.h): a title followed by a chart keeps the whole chart; followed by a short
 * introduction and a chart, keeps both, so when they do not fit below it the title moves to the
 * next page; a long introduction keeps only its first lines; a title next keeps nothing. Then
 * the PDF: a section "Latency distributions" with a three-line paragraph and a chart (the
 * report's layout), with or without a heading between title and paragraph, after 0 to 59
 * lines of filler so the page ends at every height: the section's title is always on its
 * chart's page.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/doc/doc.h"
#include "core/doc/keep.h"
#include "render/doc_cairo.h"

#define PAGE_H 700.0
#define TITLE_H 30.0

/* as the renderer decides: the title moves when it and what it keeps do not fit in room */
static int moves(double room, const struct sp_keep_block *k, size_t n)
{
	return TITLE_H + sp_keep_with_title(k, n, PAGE_H) > room;
}

static void rule(void)
{
	struct sp_keep_block chart = {SP_KEEP_FIGURE, 260, 260};
	struct sp_keep_block intro = {SP_KEEP_TEXT, 44, 44};
	struct sp_keep_block para = {SP_KEEP_TEXT, 5 + 13 * 30, 5 + 13 * 3};
	struct sp_keep_block title = {SP_KEEP_TITLE, 0, 0};
	struct sp_keep_block table = {SP_KEEP_FIGURE, 400, 48};
	struct sp_keep_block k[4];

	/* a heading followed by a chart that does not fit: to the next page */
	k[0] = chart;
	CHECK_NEAR(sp_keep_with_title(k, 1, PAGE_H), 260, 1e-9);
	CHECK(moves(200, k, 1));
	CHECK(!moves(300, k, 1));

	/* a short introduction, then the chart: both stay with the title */
	k[0] = intro, k[1] = chart;
	CHECK_NEAR(sp_keep_with_title(k, 2, PAGE_H), 44 + 260, 1e-9);
	CHECK(moves(TITLE_H + 44 + 100, k, 2)); /* the intro fits, the chart would not */
	CHECK(!moves(TITLE_H + 44 + 260, k, 2));
	/* two short paragraphs before a table: both and the table's head */
	k[0] = intro, k[1] = intro, k[2] = table;
	CHECK_NEAR(sp_keep_with_title(k, 3, PAGE_H), 44 + 44 + 48, 1e-9);

	/* a long text is text in its own right: its first lines suffice */
	k[0] = para, k[1] = chart;
	CHECK_NEAR(sp_keep_with_title(k, 2, PAGE_H), 5 + 13 * 3, 1e-9);
	/* text alone, or text up to the next title: its first lines */
	k[0] = intro, k[1] = title, k[2] = chart;
	CHECK_NEAR(sp_keep_with_title(k, 3, PAGE_H), 44, 1e-9);
	CHECK_NEAR(sp_keep_with_title(k, 1, PAGE_H), 44, 1e-9);
	/* a title next, or nothing: nothing to keep */
	k[0] = title;
	CHECK_NEAR(sp_keep_with_title(k, 1, PAGE_H), 0, 1e-9);
	CHECK_NEAR(sp_keep_with_title(k, 0, PAGE_H), 0, 1e-9);
	CHECK_NEAR(sp_keep_with_title(NULL, 3, PAGE_H), 0, 1e-9);
}

static void pdf(enum sp_paper paper, size_t filler, int with_heading)
{
	struct sp_page_opts o = {paper, 0};
	struct sp_page_layout lay;
	struct sp_doc d;
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	struct sp_chart *c = sp_chart_new(SP_CHART_LINES, "Swap-in latency, cumulative",
					  "swap-in latency (us)", "fraction of swap-ins");
	double x[5] = {10, 20, 40, 80, 1000}, y[5] = {0, 0.5, 0.9, 0.99, 1};

	sp_chart_add_series(c, "start", SP_CHART_G_DISK, x, y, 5);
	sp_doc_init(&d);
	sp_doc_set_titles(&d, "t", "s", "f");
	sp_doc_add_text(&d, SP_DOC_SECTION, "Filler");
	for (size_t i = 0; i < filler; i++)
		sp_doc_add_text(&d, SP_DOC_PARA, "line %zu", i);
	sp_doc_add_text(&d, SP_DOC_SECTION, "Latency distributions");
	if (with_heading) /* a section's first heading goes with the section's title */
		sp_doc_add_text(&d, SP_DOC_HEADING, "Swap-in latency");
	sp_doc_add_text(&d, SP_DOC_PARA,
			"Each line is one placement's swap-in latencies: at a latency on the x "
			"axis, the line's height is the fraction of swap-ins that took at most "
			"that long. A line further left is faster; a long flat tail to the right "
			"is the slow swap-ins, and this sentence makes the paragraph three lines.");
	sp_doc_add_chart(&d, c);
	CHECK(sp_doc_render_pages_layout(f, SP_PAGES_PDF, &d, &o, 0, &lay) == 0);
	fclose(f);
	CHECK(lay.n_sections == 2 && lay.n_charts == 1);
	if (lay.n_sections == 2 && lay.n_charts == 1) {
		CHECK(lay.section_page[1] == lay.charts[0].page);
		if (lay.section_page[1] != lay.charts[0].page)
			fprintf(stderr,
				"paper %d, %zu filler lines: title on page %d, chart on %d\n",
				paper, filler, lay.section_page[1], lay.charts[0].page);
		/* the chart never breaks: its box is inside the text area */
		CHECK(lay.charts[0].y_pt + lay.charts[0].h_pt <=
		      lay.body.y_pt + lay.body.h_pt + 0.01);
	}
	sp_page_layout_release(&lay);
	sp_doc_release(&d);
	free(buf);
}

int main(void)
{
	rule();
	for (size_t k = 0; k < 60; k++) {
		pdf(SP_PAPER_A4, k, 0);
		pdf(SP_PAPER_LETTER, k, k % 2);
	}
	return CHECK_DONE();
}
