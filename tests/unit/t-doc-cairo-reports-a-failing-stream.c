/*
 * t-doc-cairo-reports-a-failing-stream - the page renderer returns -EIO, and never crashes,
 * when its stream cannot take the bytes (a FILE on /dev/full, a memory stream of one byte),
 * for PDF, PostScript and a chart's PNG; the same documents render to a working stream; an
 * empty document is one page; bad arguments are -EINVAL.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "core/doc/doc.h"
#include "render/doc_cairo.h"

static struct sp_chart *chart(void)
{
	struct sp_chart *c = sp_chart_new(SP_CHART_BARS, "median", "us", NULL);

	sp_chart_add_bar(c, "start", SP_CHART_G_DISK, 5800, "5.8 ms");
	sp_chart_add_bar(c, "zram", SP_CHART_G_ZRAM, 3.1, "3.1 us");
	return c;
}

static void build(struct sp_doc *d)
{
	static const char *const heads[] = {"placement", "median (us)"};
	struct sp_doc_table *t;

	sp_doc_init(d);
	sp_doc_set_titles(d, "swapplace report", "run 1", "machine, run 1");
	sp_doc_add_text(d, SP_DOC_SECTION, "Verdict");
	sp_doc_add_text(d, SP_DOC_PARA, "Put swap on zram.");
	t = sp_doc_add_table(d, "Table", 2, heads, "lr");
	sp_doc_row_add(t);
	sp_doc_cell(t, 0, 0, 0, "start");
	sp_doc_cell(t, 0, 1, 0, "5800");
	sp_doc_add_chart(d, chart());
}

/* Render into a stream that fails; the stream is closed here. */
static int render_to(FILE *f, enum sp_page_format fmt, const struct sp_doc *d)
{
	int r = sp_doc_render_pages(f, fmt, d, NULL, NULL);

	fclose(f);
	return r;
}

int main(void)
{
	struct sp_page_opts o = {SP_PAPER_A4, 0};
	struct sp_doc d, empty;
	struct sp_chart *c = chart();
	char one[1];
	FILE *f;
	int pages = -1;

	build(&d);
	sp_doc_init(&empty);

	/* a stream that works: the baseline the failures are measured against */
	for (int fmt = SP_PAGES_PDF; fmt <= SP_PAGES_PS; fmt++) {
		f = tmpfile();
		CHECK(f);
		CHECK(sp_doc_render_pages(f, fmt, &d, &o, &pages) == 0);
		CHECK(pages == 1);
		CHECK(ftell(f) > 1000);
		fclose(f);
	}

	f = fopen("/dev/full", "w");
	if (!f) {
		fprintf(stderr, "skip: no /dev/full\n");
	} else {
		CHECK(render_to(f, SP_PAGES_PDF, &d) == -EIO);
		CHECK(render_to(fopen("/dev/full", "w"), SP_PAGES_PS, &d) == -EIO);
		CHECK(render_to(fopen("/dev/full", "w"), SP_PAGES_PDF, &empty) == -EIO);
		f = fopen("/dev/full", "w");
		CHECK(sp_chart_render_png(f, c, 400, 2) == -EIO);
		fclose(f);
	}
	/* unbuffered: cairo's own writes fail, not only the final flush */
	f = fopen("/dev/full", "w");
	if (f) {
		setvbuf(f, NULL, _IONBF, 0);
		CHECK(render_to(f, SP_PAGES_PDF, &d) == -EIO);
	}
	CHECK(render_to(fmemopen(one, sizeof(one), "w"), SP_PAGES_PDF, &d) == -EIO);
	CHECK(render_to(fmemopen(one, sizeof(one), "w"), SP_PAGES_PS, &d) == -EIO);
	f = fmemopen(one, sizeof(one), "w");
	CHECK(sp_chart_render_png(f, c, 400, 2) == -EIO);
	fclose(f);

	/* an empty document: one page with its (absent) title, no crash */
	f = tmpfile();
	pages = -1;
	CHECK(sp_doc_render_pages(f, SP_PAGES_PDF, &empty, NULL, &pages) == 0);
	CHECK(pages == 1);
	fclose(f);

	/* bad arguments */
	f = tmpfile();
	CHECK(sp_doc_render_pages(NULL, SP_PAGES_PDF, &d, &o, NULL) == -EINVAL);
	CHECK(sp_doc_render_pages(f, SP_PAGES_PDF, NULL, &o, NULL) == -EINVAL);
	CHECK(sp_doc_render_pages(f, (enum sp_page_format)7, &d, &o, NULL) == -EINVAL);
	o.paper = (enum sp_paper)9;
	CHECK(sp_doc_render_pages(f, SP_PAGES_PDF, &d, &o, NULL) == -EINVAL);
	CHECK(sp_chart_render_png(f, c, 10, 2) == -EINVAL);
	CHECK(sp_chart_render_png(f, c, 400, 0) == -EINVAL);
	CHECK(sp_chart_render_png(f, c, 400, 2) == 0);
	CHECK(ftell(f) > 100);
	fclose(f);

	sp_chart_free(c);
	sp_doc_release(&d);
	sp_doc_release(&empty);
	return CHECK_DONE();
}
