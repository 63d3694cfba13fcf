/*
 * t-doc-cairo-takes-any-bytes - text that is not valid UTF-8 (a device's model is whatever
 * bytes its firmware says) costs neither the page nor the chart: cairo would stop at the first
 * bad byte and fail the whole PDF, so the renderer shows '?' for each byte it cannot read,
 * keeps valid multi-byte text (µs, an en dash) and turns control characters into spaces.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/doc/doc.h"
#include "render/doc_cairo.h"
#include "render/paint.h"

static void clean_is(const char *in, const char *want)
{
	char *s = sp_paint_clean_utf8(in);

	CHECK(s != NULL);
	if (s)
		CHECK_STR(s, want);
	free(s);
}

int main(void)
{
	static const char *const heads[] = {"model\xff", "median (\xc2\xb5s)"};
	struct sp_doc d;
	struct sp_doc_table *t;
	struct sp_doc_block *f;
	struct sp_chart *c;
	char *buf = NULL;
	size_t n = 0;
	FILE *out;
	int pages = 0;

	clean_is("plain", "plain");
	clean_is("3.1 \xc2\xb5s \xe2\x80\x93 ok", "3.1 \xc2\xb5s \xe2\x80\x93 ok");
	clean_is("a\xff"
		 "b",
		 "a?b");
	clean_is("\xc0\x80x", "??x");	    /* overlong NUL */
	clean_is("cut \xe2\x80", "cut ??"); /* a sequence cut short */
	clean_is("\xf0\x9f\x92\xbe disk", "\xf0\x9f\x92\xbe disk");
	clean_is("tab\there\nline", "tab here\nline");
	clean_is(NULL, "");

	sp_doc_init(&d);
	sp_doc_set_titles(&d, "report \xfe", "run \x80\x81", "footer \xc3");
	sp_doc_add_text(&d, SP_DOC_SECTION, "Disks \xff");
	sp_doc_add_text(&d, SP_DOC_PARA, "model WDC\xa0WD5000 at 5.8 ms \xe2\x80\x93 \xc2\xb5s");
	sp_doc_add_text(&d, SP_DOC_BULLET, "\xff\xff\xff");
	sp_doc_add_text(&d, SP_DOC_PRE, "raw\t\xff\x01");
	f = sp_doc_add_facts(&d);
	sp_doc_fact(f, "model\xff",
		    "ST\x92"
		    "500");
	t = sp_doc_add_table(&d, "caption \xff", 2, heads, "lr");
	sp_doc_row_add(t);
	sp_doc_cell(t, 0, 0, SP_DOC_MARK_BEYOND, "disk \xe9");
	sp_doc_cell(t, 0, 1, 0, "5800");
	c = sp_chart_new(SP_CHART_BARS, "median \xff", "\xb5s", NULL);
	sp_chart_add_bar(c, "WDC\xff", SP_CHART_G_DISK, 5800, "5.8 ms\xff");
	sp_doc_add_chart(&d, c);

	out = open_memstream(&buf, &n);
	CHECK(sp_doc_render_pages(out, SP_PAGES_PDF, &d, NULL, &pages) == 0);
	fclose(out);
	CHECK(pages == 1);
	CHECK(n > 1000);
	free(buf);
	buf = NULL, n = 0;
	out = open_memstream(&buf, &n);
	CHECK(sp_doc_render_pages(out, SP_PAGES_PS, &d, NULL, &pages) == 0);
	fclose(out);
	CHECK(n > 1000 && !memcmp(buf, "%!PS", 4));
	free(buf);
	sp_doc_release(&d);
	return CHECK_DONE();
}
