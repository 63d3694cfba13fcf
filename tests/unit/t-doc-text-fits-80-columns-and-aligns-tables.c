/*
 * Any document as text fits its width: every line at most 80 code points, no trailing blanks,
 * no control characters (a device model with a tab and an escape, a UTF-8 model), whatever
 * the paragraphs, facts, very long words and tables hold. A table's numbers line up right; a
 * table too wide is split into parts that each repeat its first column, and every cell still
 * appears; a BEYOND mark is a '*' after its cell; a BARS chart draws '#' bars, longer for
 * the larger value; any other chart is "[chart: title]"; the sections are underlined.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/doc/doc.h"
#include "core/doc/doc_text.h"

static char *render(const struct sp_doc *d, size_t cols)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CHECK(f != NULL);
	CHECK(sp_doc_write_text(f, d, cols) == 0);
	fclose(f);
	return buf;
}

/* every line of text within cols code points, no control characters, no trailing blank */
static void check_lines(const char *text, size_t cols)
{
	size_t w = 0, line = 1;
	const char *p;

	for (p = text; *p; p++) {
		unsigned char ch = (unsigned char)*p;

		if (ch == '\n') {
			if (p > text && p[-1] == ' ') {
				fprintf(stderr, "line %zu ends in a blank\n", line);
				CHECK(0);
			}
			w = 0, line++;
			continue;
		}
		if (ch < 0x20 || ch == 0x7f) {
			fprintf(stderr, "line %zu: control character 0x%02x\n", line, ch);
			CHECK(0);
		}
		if ((ch & 0xc0) != 0x80 && ++w > cols) {
			fprintf(stderr, "line %zu is wider than %zu\n", line, cols);
			CHECK(0);
			w = 0;
		}
	}
	CHECK(p == text || p[-1] == '\n');
}

static size_t count(const char *text, const char *needle)
{
	size_t n = 0;

	for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

/* the line that holds needle, copied into buf */
static const char *line_with(const char *text, const char *needle, char *buf, size_t len)
{
	const char *p = strstr(text, needle), *s, *e;

	if (!p)
		return "";
	for (s = p; s > text && s[-1] != '\n'; s--)
		;
	e = strchr(p, '\n');
	snprintf(buf, len, "%.*s", (int)(e - s), s);
	return buf;
}

int main(void)
{
	static const char *const heads[] = {"placement", "median (us)", "p99 (us)"};
	struct sp_doc d;
	struct sp_doc_table *t, *wide;
	struct sp_doc_block *f;
	struct sp_chart *ch;
	char *out, l1[256], l2[256];
	const char *h[20];
	char hb[20][32];

	sp_doc_init(&d);
	CHECK(sp_doc_set_titles(&d, "swapplace comparison", "2 runs", "footer") == 0);
	CHECK(sp_doc_add_text(&d, SP_DOC_SECTION, "Runs compared") == 0);
	CHECK(sp_doc_add_text(&d, SP_DOC_PARA,
			      "A paragraph long enough to wrap several times over the width of an "
			      "eighty column terminal, with a word far longer than any line can "
			      "hold: %s, and then some more words to end it.",
			      "Supercalifragilisticexpialidocious-and-then-some-more-and-more-and-"
			      "more-characters-than-eighty") == 0);
	CHECK(sp_doc_add_text(&d, SP_DOC_BULLET, "a bullet that wraps: %s",
			      "the runs used different budgets: 256 MiB, 48 MiB, and the text "
			      "goes on past the edge of the line so the bullet must wrap") == 0);
	f = sp_doc_add_facts(&d);
	CHECK(f && sp_doc_fact(f, "disk", "WDC\tWD5000\x1b[31m model") == 0);
	CHECK(sp_doc_fact(f, "machine", "Gerät München Ökonom") == 0);
	CHECK(sp_doc_add_text(&d, SP_DOC_HEADING, "Swap-in latency") == 0);
	t = sp_doc_add_table(&d, "Swap-in median", 3, heads, "lrr");
	CHECK(t != NULL);
	CHECK(sp_doc_row_add(t) == 0);
	CHECK(sp_doc_cell(t, 0, 0, SP_DOC_MARK_NONE, "start") == 0);
	CHECK(sp_doc_cell(t, 0, 1, SP_DOC_MARK_BEYOND, "98.4") == 0);
	CHECK(sp_doc_cell(t, 0, 2, SP_DOC_MARK_NONE, "236.2") == 0);
	CHECK(sp_doc_row_add(t) == 1);
	CHECK(sp_doc_cell(t, 1, 0, SP_DOC_MARK_NONE, "zram-lz4") == 0);
	CHECK(sp_doc_cell(t, 1, 1, SP_DOC_MARK_NONE, "11.8") == 0);
	CHECK(sp_doc_cell(t, 1, 2, SP_DOC_MARK_NONE, "28.3") == 0);
	CHECK(sp_doc_table_note(t, "* the CIs do not overlap") == 0);
	/* a last column of text: its padding must not trail */
	{
		static const char *const lh[] = {"run", "machine"};
		struct sp_doc_table *lt = sp_doc_add_table(&d, NULL, 2, lh, "rl");

		CHECK(lt && sp_doc_row_add(lt) == 0 && sp_doc_row_add(lt) == 1);
		CHECK(sp_doc_cell(lt, 0, 0, SP_DOC_MARK_NONE, "1") == 0);
		CHECK(sp_doc_cell(lt, 0, 1, SP_DOC_MARK_NONE, "QEMU Standard PC") == 0);
		CHECK(sp_doc_cell(lt, 1, 0, SP_DOC_MARK_NONE, "2") == 0);
		CHECK(sp_doc_cell(lt, 1, 1, SP_DOC_MARK_NONE, "LENOVO") == 0);
	}

	/* 20 columns of 9-character numbers: 200 columns, so it must be split */
	for (int i = 0; i < 20; i++) {
		snprintf(hb[i], sizeof(hb[i]), i ? "run %d" : "placement", i);
		h[i] = hb[i];
	}
	wide = sp_doc_add_table(&d, NULL, 20, h, "lrrrrrrrrrrrrrrrrrrr");
	CHECK(wide != NULL);
	for (int r = 0; r < 3; r++) {
		CHECK(sp_doc_row_add(wide) == r);
		CHECK(sp_doc_cell(wide, r, 0, SP_DOC_MARK_NONE, "row-%d", r) == 0);
		for (int c = 1; c < 20; c++)
			CHECK(sp_doc_cell(wide, r, c, SP_DOC_MARK_NONE, "%03d%06d", r, c) == 0);
	}
	ch = sp_chart_new(SP_CHART_BARS, "Swap-in median", "us", NULL);
	CHECK(ch && sp_chart_add_bar(ch, "start (run 1)", SP_CHART_G_DISK, 100, "100 us") == 0);
	CHECK(sp_chart_add_bar(ch, "start (run 2)", SP_CHART_G_DISK, 50, "50 us") == 0);
	CHECK(sp_doc_add_chart(&d, ch) == 0);
	ch = sp_chart_new(SP_CHART_LINES, "Latency distribution", "us", "share");
	CHECK(ch && sp_chart_add_series(ch, "start", SP_CHART_G_DISK, (double[]){1, 2},
					(double[]){0.5, 1}, 2) == 0);
	CHECK(sp_doc_add_chart(&d, ch) == 0);
	CHECK(sp_doc_add_text(&d, SP_DOC_PRE, "a preformatted line\n%0120d", 7) == 0);

	out = render(&d, 80);
	fputs(out, stderr);
	check_lines(out, 80);

	/* titles underlined */
	CHECK(strstr(out, "Runs compared\n=============\n") != NULL);
	CHECK(strstr(out, "Swap-in latency\n---------------\n") != NULL);
	/* bullets and facts */
	CHECK(strstr(out, "\n- a bullet that wraps:") != NULL);
	CHECK(strstr(out, "disk:    WDC WD5000 [31m model") != NULL);
	CHECK(strstr(out, "machine: Gerät München Ökonom") != NULL);
	/* numbers right-aligned: the two rows' median columns end in the same place */
	line_with(out, "start ", l1, sizeof(l1));
	line_with(out, "zram-lz4 ", l2, sizeof(l2));
	CHECK(strstr(l1, "98.4*") != NULL);
	CHECK(strlen(l1) == strlen(l2));
	CHECK(strstr(l1, "98.4*") - l1 == strstr(l2, "11.8 ") - l2);
	CHECK(strstr(out, "* the CIs do not overlap") != NULL);
	/* the wide table: split, first column repeated, every cell present */
	CHECK(count(out, "placement") >= 3 + 1);
	CHECK(count(out, "row-1") >= 3);
	for (int c = 1; c < 20; c++) {
		char want[16];

		snprintf(want, sizeof(want), "002%06d", c);
		CHECK(count(out, want) == 1);
	}
	/* the bar chart: run 1's bar twice run 2's */
	line_with(out, "start (run 1)", l1, sizeof(l1));
	line_with(out, "start (run 2)", l2, sizeof(l2));
	CHECK(count(l1, "#") > 0 && count(l1, "#") == 2 * count(l2, "#"));
	CHECK(strstr(l1, "100 us") != NULL);
	CHECK(strstr(out, "[chart: Latency distribution]") != NULL);
	free(out);

	/* narrower widths hold too; below 40 is refused */
	out = render(&d, 40);
	check_lines(out, 40);
	free(out);
	CHECK(sp_doc_write_text(stderr, &d, 20) == -EINVAL);
	sp_doc_release(&d);
	return CHECK_DONE();
}
