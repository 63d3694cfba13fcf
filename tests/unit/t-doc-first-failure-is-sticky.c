/*
 * The doc's first failure is sticky: after a call fails, every later call on the doc, its
 * facts, its tables and its charts is a no-op returning that failure, nothing more is
 * appended, and sp_doc_err() reports it once at the end. A chart's own failure becomes the
 * doc's when the chart is handed over. A doc that never failed reports 0.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/doc/doc.h"

int main(void)
{
	static const char *const heads[] = {"a", "b"};
	struct sp_doc d;
	struct sp_doc_table *t;
	struct sp_doc_block *fb;
	struct sp_chart *c;
	size_t n;
	int row;

	/* a doc that never failed */
	sp_doc_init(&d);
	CHECK(sp_doc_add_text(&d, SP_DOC_PARA, "one") == 0);
	fb = sp_doc_add_facts(&d);
	CHECK(fb && sp_doc_fact(fb, "k", "%d", 1) == 0);
	t = sp_doc_add_table(&d, NULL, 2, heads, "lr");
	row = sp_doc_row_add(t);
	CHECK(row == 0);
	CHECK(sp_doc_cell(t, 0, 1, SP_DOC_MARK_NONE, "x") == 0);
	CHECK(sp_doc_err(&d) == 0);

	/* a failing call (a cell outside the table) fails the doc */
	CHECK(sp_doc_cell(t, 5, 0, SP_DOC_MARK_NONE, "y") == -EINVAL);
	CHECK(sp_doc_err(&d) == -EINVAL);
	n = d.n_blocks;
	/* and every later call is a no-op that returns it */
	CHECK(sp_doc_add_text(&d, SP_DOC_PARA, "two") == -EINVAL);
	CHECK(sp_doc_add_facts(&d) == NULL);
	CHECK(sp_doc_fact(fb, "k2", "v") == -EINVAL);
	CHECK(sp_doc_add_table(&d, NULL, 2, heads, "lr") == NULL);
	CHECK(sp_doc_row_add(t) == -EINVAL);
	CHECK(sp_doc_table_note(t, "note") == -EINVAL);
	CHECK(sp_doc_set_titles(&d, "t", NULL, NULL) == -EINVAL);
	CHECK(d.title == NULL);
	CHECK(sp_doc_add_chart(&d, sp_chart_new(SP_CHART_BARS, "c", "x", "y")) == -EINVAL);
	CHECK(d.n_blocks == n);
	CHECK(t->n_rows == 1 && t->note == NULL);
	CHECK(d.blocks[1].n_facts == 1);
	/* a NULL table or facts block (its add failed) is a no-op too */
	CHECK(sp_doc_row_add(NULL) < 0 && sp_doc_cell(NULL, 0, 0, SP_DOC_MARK_NONE, "z") < 0);
	CHECK(sp_doc_fact(NULL, "k", "v") < 0);
	sp_doc_release(&d);

	/* a chart's own failure is sticky in the chart and becomes the doc's */
	sp_doc_init(&d);
	c = sp_chart_new(SP_CHART_BARS, "c", "x", "y");
	CHECK(c != NULL);
	CHECK(sp_chart_bar_range(c, 1, 2) == -EINVAL); /* no bar yet */
	CHECK(sp_chart_add_bar(c, "a", SP_CHART_G_DISK, 1, NULL) == -EINVAL);
	CHECK(c->n_bars == 0);
	CHECK(sp_doc_add_chart(&d, c) == -EINVAL);
	CHECK(sp_doc_err(&d) == -EINVAL);
	/* a chart that could not be made (NULL) fails the doc */
	sp_doc_release(&d);
	sp_doc_init(&d);
	CHECK(sp_doc_add_chart(&d, NULL) == -ENOMEM && sp_doc_err(&d) == -ENOMEM);
	sp_doc_release(&d);
	return CHECK_DONE();
}
