/*
 * t-doc-html-escaped-self-contained-every-block - the HTML report: every block of the document
 * appears, in order, as its element (sections h2, headings h3, paragraphs, one list per run of
 * bullets, facts as a two-column table, tables with caption, thead/tbody, alignment and mark
 * classes, and note, preformatted text with its lines); every chart as an inline SVG with one
 * rect.bar per measured bar named after it, a polyline.series per series, a rect.range per
 * range; hostile strings (markup, quotes, control characters, broken UTF-8) escaped in text
 * and attributes; nothing external (no script, src=, url(, link, http: beyond the SVG
 * namespace name); a print stylesheet; a failing stream gives -EIO.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "core/doc/doc.h"
#include "core/doc/doc_html.h"

#define EVIL "<script>alert('x')</script> & \"q\""
#define EVIL_ESC "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"

static size_t occurs(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

/* the n-th <svg ...>...</svg> of html, copied (caller frees) */
static char *svg_n(const char *html, size_t n)
{
	const char *p = html, *e;
	char *s;

	for (size_t i = 0; p && i <= n; i++) {
		p = strstr(p, "<svg");
		if (p && i < n)
			p += 4;
	}
	if (!p || !(e = strstr(p, "</svg>")))
		return NULL;
	s = strndup(p, (size_t)(e - p) + 6);
	return s;
}

static char *render(const struct sp_doc *d, int letter, int *ret)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	*ret = letter ? sp_doc_write_html_paper(f, d, 1) : sp_doc_write_html(f, d);
	fclose(f);
	return buf;
}

int main(void)
{
	static const char *const heads[] = {"placement " EVIL, "median (us)", "note"};
	struct sp_doc d;
	struct sp_doc_table *t;
	struct sp_doc_block *f;
	struct sp_chart *c;
	double x[3] = {1, 10, 1000}, y[3] = {0, 0.5, 1};
	char *html, *s;
	int ret;

	sp_doc_init(&d);
	CHECK(!sp_doc_set_titles(&d, "Title " EVIL, "Sub " EVIL, "Footer " EVIL));
	CHECK(!sp_doc_add_text(&d, SP_DOC_PARA, "before any section"));
	CHECK(!sp_doc_add_text(&d, SP_DOC_SECTION, "Verdict " EVIL));
	CHECK(!sp_doc_add_text(&d, SP_DOC_PARA, "para " EVIL "\x01\x02\x1b[31m bell\x07 del\x7f"));
	CHECK(!sp_doc_add_text(&d, SP_DOC_BULLET, "bullet one"));
	CHECK(!sp_doc_add_text(&d, SP_DOC_BULLET, "bullet two " EVIL));
	CHECK(!sp_doc_add_text(&d, SP_DOC_PARA, "between lists"));
	CHECK(!sp_doc_add_text(&d, SP_DOC_BULLET, "bullet three"));
	CHECK(!sp_doc_add_text(&d, SP_DOC_SECTION, "Machine"));
	CHECK(!sp_doc_add_text(&d, SP_DOC_HEADING, "Identity " EVIL));
	f = sp_doc_add_facts(&d);
	CHECK(f != NULL);
	CHECK(
	    !sp_doc_fact(f, "serial " EVIL, "%s", "S\xff\xfeN\xc3\x28 \xed\xa0\x80 \xc2\x85 end"));
	CHECK(!sp_doc_fact(f, "model", "%s", "WDC"));
	CHECK(!sp_doc_add_text(&d, SP_DOC_SECTION, "Placements"));
	t = sp_doc_add_table(&d, "caption " EVIL, 3, heads, "lrl");
	CHECK(t != NULL);
	for (int r = 0; r < 3; r++) {
		CHECK(sp_doc_row_add(t) == r);
		CHECK(!sp_doc_cell(t, (size_t)r, 0, SP_DOC_MARK_STRONG, "row%d %s", r, EVIL));
		CHECK(!sp_doc_cell(t, (size_t)r, 1, r == 1 ? SP_DOC_MARK_BEYOND : SP_DOC_MARK_NONE,
				   "%d", 100 * r));
		CHECK(!sp_doc_cell(t, (size_t)r, 2, r == 2 ? SP_DOC_MARK_WEAK : SP_DOC_MARK_NONE,
				   "%s", "n"));
	}
	CHECK(!sp_doc_table_note(t, "note " EVIL));
	c = sp_chart_new(SP_CHART_BARS, "bars " EVIL, "x " EVIL, "");
	CHECK(!sp_chart_add_bar(c, "start", SP_CHART_G_DISK, 5800, "5.8 ms " EVIL));
	CHECK(!sp_chart_add_bar(c, "zram-lz4", SP_CHART_G_ZRAM, 4.1, NULL));
	CHECK(!sp_chart_add_bar(c, "evil " EVIL, SP_CHART_G_FAST, 95, NULL));
	CHECK(!sp_chart_add_bar(c, "none", SP_CHART_G_NONE, NAN, NULL));
	CHECK(!sp_doc_add_chart(&d, c));
	CHECK(!sp_doc_add_text(&d, SP_DOC_SECTION, "Distributions"));
	c = sp_chart_new(SP_CHART_LINES, "cdf", "latency (us)", "share");
	CHECK(!sp_chart_add_series(c, "start " EVIL, SP_CHART_G_DISK, x, y, 3));
	CHECK(!sp_chart_add_series(c, "end", SP_CHART_G_DISK, x, y, 3));
	CHECK(!sp_doc_add_chart(&d, c));
	c = sp_chart_new(SP_CHART_PROFILE, "profile", "GiB", "MB/s");
	CHECK(!sp_chart_add_series(c, "disk", SP_CHART_G_DISK, x, x, 3));
	CHECK(!sp_chart_add_range(c, "start swap " EVIL, 1, 2));
	CHECK(!sp_chart_add_range(c, "end swap", 900, 1000));
	CHECK(!sp_doc_add_chart(&d, c));
	c = sp_chart_new(SP_CHART_BARS, "empty chart", "", "");
	CHECK(!sp_doc_add_chart(&d, c));
	CHECK(!sp_doc_add_text(&d, SP_DOC_SECTION, "Appendix"));
	CHECK(!sp_doc_add_text(&d, SP_DOC_PRE, "line one\n  line two " EVIL "\nline three"));

	html = render(&d, 0, &ret);
	CHECK(ret == 0);
	CHECK(html != NULL);
	if (!html)
		return 1;
	/* a complete, self-describing HTML5 file */
	CHECK(!strncmp(html, "<!DOCTYPE html>\n<html lang=\"en\">", 32));
	CHECK(strstr(html, "<meta charset=\"utf-8\">") != NULL);
	CHECK(strstr(html, "<title>Title " EVIL_ESC) != NULL);
	CHECK(strstr(html, "</body>\n</html>\n") != NULL);
	/* nothing external: no script, no fetch, no http but the SVG namespace's name */
	s = strdup(html);
	for (char *p; (p = strstr(s, "xmlns=\"http://www.w3.org/2000/svg\""));)
		memset(p, '_', strlen("xmlns=\"http://www.w3.org/2000/svg\""));
	CHECK(!strstr(s, "http:") && !strstr(s, "https:") && !strstr(s, "src=") &&
	      !strstr(s, "url(") && !strstr(s, "<script") && !strstr(s, "<link") &&
	      !strstr(s, "@import") && !strstr(s, "href=") && !strstr(s, "//"));
	free(s);
	/* every hostile string escaped: the raw form appears nowhere */
	CHECK(!strstr(html, "<script>alert"));
	CHECK(!strstr(html, "'x'"));
	CHECK(occurs(html, EVIL_ESC) >= 14);
	/* control characters dropped (newlines only where the file itself breaks lines) */
	for (const unsigned char *p = (const unsigned char *)html; *p; p++)
		CHECK(*p >= 0x20 || *p == '\n');
	CHECK(!strchr(html, 0x7f));
	CHECK(strstr(html, "[31m bell del") != NULL);
	/* broken UTF-8 replaced, C1 control dropped, valid text kept */
	CHECK(strstr(html, "S\xef\xbf\xbd\xef\xbf\xbdN\xef\xbf\xbd(") != NULL);
	CHECK(!strstr(html, "\xc2\x85"));
	CHECK(strstr(html, " end</td>") != NULL);

	/* every block, in order */
	{
		static const char *const order[] = {
		    "<p>before any section</p>",
		    "<h2>Verdict ",
		    "<ul>\n<li>bullet one</li>\n<li>bullet two",
		    "</ul>\n<p>between lists</p>\n<ul>\n<li>bullet three</li>\n</ul>",
		    "<h2>Machine</h2>",
		    "<h3>Identity ",
		    "<table class=\"facts\">",
		    "<th scope=\"row\">serial ",
		    "<th scope=\"row\">model</th><td>WDC</td>",
		    "<h2>Placements</h2>",
		    "<caption>caption ",
		    "<thead><tr>",
		    "<tbody>",
		    "<p class=\"note\">note ",
		    "<svg",
		    "<h2>Distributions</h2>",
		    "<svg",
		    "<svg",
		    "empty chart: nothing to draw",
		    "<h2>Appendix</h2>",
		    "<pre>line one\n  line two " EVIL_ESC "\nline three</pre>",
		    "<footer>",
		    "Footer " EVIL_ESC,
		};
		const char *p = html;

		for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
			const char *q = strstr(p, order[i]);

			if (!q)
				fprintf(stderr, "missing or out of order: %s\n", order[i]);
			CHECK(q != NULL);
			if (q)
				p = q + 1;
		}
	}
	CHECK_EQ_U64(occurs(html, "<section>"), 5);
	CHECK_EQ_U64(occurs(html, "</section>"), 5);
	CHECK_EQ_U64(occurs(html, "<h2>"), 5);
	CHECK_EQ_U64(occurs(html, "<li>"), 3);
	/* table: head cells aligned as asked, marks as classes, three rows */
	CHECK(strstr(html, "<th scope=\"col\" class=\"l\">placement ") != NULL);
	CHECK(strstr(html, "<th scope=\"col\" class=\"r\">median (us)</th>") != NULL);
	CHECK_EQ_U64(occurs(html, "<td class=\"l strong\">row"), 3);
	CHECK_EQ_U64(occurs(html, "<td class=\"r beyond\">100</td>"), 1);
	CHECK_EQ_U64(occurs(html, "<td class=\"l weak\">n</td>"), 1);
	CHECK_EQ_U64(occurs(html, "<td class=\"r\">"), 2);
	/* the print stylesheet, marks visible without colour */
	CHECK(strstr(html, "@page{size:A4;") != NULL);
	CHECK(strstr(html, "@media print{") != NULL);
	CHECK(strstr(html, "section+section>h2{break-before:page;page-break-before:always}") !=
	      NULL);
	CHECK(strstr(html, "thead{display:table-header-group}") != NULL);
	CHECK(strstr(html, "figure,pre,svg{break-inside:avoid") != NULL);
	CHECK(strstr(html, "td.strong{font-weight:bold") != NULL);
	CHECK(strstr(html, "td.beyond{font-weight:bold;text-decoration:underline") != NULL);
	CHECK(strstr(html, "td.weak{color:#555;font-style:italic}") != NULL);

	/* the charts: three drawn, the empty one said so */
	CHECK_EQ_U64(occurs(html, "<svg "), 3);
	CHECK_EQ_U64(occurs(html, "</svg>"), 3);
	s = svg_n(html, 0);
	CHECK(s && strstr(s, "viewBox=\"0 0 480.00 ") && strstr(s, "width=\"640\""));
	CHECK(s && strstr(s, "font-family=\"'DejaVu Sans', sans-serif\""));
	CHECK(s && occurs(s, "<rect class=\"bar\"") == 3);
	CHECK(s && strstr(s, "<rect class=\"bar\" data-name=\"start\""));
	CHECK(s && strstr(s, "<rect class=\"bar\" data-name=\"zram-lz4\""));
	CHECK(s && strstr(s, "<rect class=\"bar\" data-name=\"evil " EVIL_ESC "\""));
	CHECK(s && strstr(s, "<rect class=\"gap\" data-name=\"none\""));
	CHECK(s && occurs(s, "<text") == occurs(s, "</text>"));
	CHECK(s && strstr(s, "stroke-dasharray=")); /* the gap's dotted box */
	free(s);
	s = svg_n(html, 1);
	CHECK(s && occurs(s, "<polyline class=\"series\"") == 2);
	CHECK(s && strstr(s, "<polyline class=\"series\" data-name=\"start " EVIL_ESC "\""));
	CHECK(s && strstr(s, ">100%</text>"));
	free(s);
	s = svg_n(html, 2);
	CHECK(s && occurs(s, "<rect class=\"range\"") == 2);
	CHECK(s && strstr(s, "opacity=\"0.30\""));
	CHECK(s && strstr(s, "<text class=\"range\" data-name=\"end swap\""));
	free(s);
	free(html);

	/* letter paper */
	html = render(&d, 1, &ret);
	CHECK(ret == 0 && strstr(html, "@page{size:letter;"));
	free(html);

	/* an empty document is still a whole page */
	{
		struct sp_doc e;

		sp_doc_init(&e);
		html = render(&e, 0, &ret);
		CHECK(ret == 0 && html && strstr(html, "<html lang=\"en\">") &&
		      strstr(html, "<main>\n</main>") && strstr(html, "</html>\n"));
		free(html);
		sp_doc_release(&e);
	}
	/* a failing stream: -EIO */
	{
		FILE *ro = fopen("/dev/null", "r");

		CHECK(ro != NULL);
		if (ro) {
			CHECK(sp_doc_write_html(ro, &d) == -EIO);
			fclose(ro);
		}
	}
	/* a standalone chart */
	{
		char *buf = NULL;
		size_t len = 0;
		FILE *m = open_memstream(&buf, &len);

		CHECK(sp_chart_write_svg(m, d.blocks[d.n_blocks - 4].chart, 300) == 0);
		fclose(m);
		CHECK(!strncmp(buf, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39));
		CHECK(strstr(buf, "</svg>\n") == buf + len - 7);
		CHECK(occurs(buf, "<rect class=\"range\"") == 2);
		free(buf);
		m = open_memstream(&buf, &len);
		CHECK(sp_chart_write_svg(m, d.blocks[d.n_blocks - 3].chart, 300) == -EINVAL);
		fclose(m);
		free(buf);
	}
	sp_doc_release(&d);
	return CHECK_DONE();
}
