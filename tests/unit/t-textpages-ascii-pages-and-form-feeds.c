/*
 * t-textpages-ascii-pages-and-form-feeds - the text a printer gets: only printable ASCII, CR
 * and LF (and form feeds), every line ending CR LF, one form feed fewer than pages, a header
 * with the run id and "page N of M" on each page, at most 60 lines a page and 80 columns a
 * line; UTF-8 becomes one '?' per character, long lines wrap without losing a byte.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/doc/textpages.h"

/* every rule of the format, checked on out; returns the page count it saw */
static unsigned check_format(const char *out, size_t len, const char *run_id)
{
	unsigned pages = 1, lines_on_page = 0, ff = 0;
	size_t col = 0, max_col = 0;
	char want[64];
	int bad_char = 0, lone_lf = 0, lone_cr = 0, headers_ok = 1, at_page_start = 1;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)out[i];

		if (at_page_start) {
			size_t w = strcspn(out + i, "\r");

			snprintf(want, sizeof(want), "page %u of ", pages);
			if (w != 80 || !memmem(out + i, w, want, strlen(want)) ||
			    !memmem(out + i, w, run_id, strlen(run_id)))
				headers_ok = 0;
			at_page_start = 0;
		}
		if (c == '\f') {
			ff++;
			pages++;
			CHECK(lines_on_page <= 60);
			lines_on_page = 0;
			at_page_start = 1;
			CHECK(i > 0 &&
			      out[i - 1] == '\n'); /* a form feed only between whole lines */
			continue;
		}
		if (c == '\r') {
			if (i + 1 >= len || out[i + 1] != '\n')
				lone_cr = 1;
			continue;
		}
		if (c == '\n') {
			if (i == 0 || out[i - 1] != '\r')
				lone_lf = 1;
			lines_on_page++;
			col = 0;
			continue;
		}
		if (c < 0x20 || c >= 0x7f)
			bad_char = 1;
		col++;
		if (col > max_col)
			max_col = col;
	}
	CHECK(lines_on_page <= 60);
	CHECK(!bad_char);
	CHECK(!lone_lf);
	CHECK(!lone_cr);
	CHECK(headers_ok);
	CHECK(max_col <= 80);
	CHECK(len >= 2 && out[len - 2] == '\r' && out[len - 1] == '\n');
	CHECK_EQ_U64(ff, pages - 1);
	return pages;
}

int main(void)
{
	const char *id = "20261201-175944-5f3a19c2";
	char *out = NULL, text[64 * 1024], want[64];
	size_t len, n = 0;
	unsigned pages = 0;

	/* 200 lines: 58 body lines a page, so 4 pages */
	for (int i = 1; i <= 200; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "line %d of the report\n", i);
	CHECK(sp_textpages_render(text, n, id, &out, &len, &pages) == 0);
	CHECK_EQ_U64(pages, 4);
	CHECK_EQ_U64(check_format(out, len, id), 4);
	snprintf(want, sizeof(want), "page 4 of 4");
	CHECK(memmem(out, len, want, strlen(want)) != NULL);
	CHECK(memmem(out, len, "line 200 of the report\r\n", 24) != NULL);
	CHECK(memmem(out, len, "line 58 of the report\r\n\fswapplace", 33) != NULL);
	free(out);

	/* UTF-8, control characters, a tab, CR LF input and a 200-column line */
	n = (size_t)snprintf(text, sizeof(text),
			     "median 250 \xc2\xb5s \xe2\x80\x94 ok\r\n\x1b[1mbold\x1b[0m\f\x07\n"
			     "a\tb\n");
	memset(text + n, 'x', 200);
	n += 200;
	text[n++] = '\n';
	CHECK(sp_textpages_render(text, n, id, &out, &len, &pages) == 0);
	CHECK_EQ_U64(pages, 1);
	check_format(out, len, id);
	CHECK(memmem(out, len, "median 250 ?s ? ok\r\n", 20) != NULL);
	CHECK(memmem(out, len, "[1mbold[0m\r\n", 12) != NULL);
	CHECK(memmem(out, len, "\r\na       b\r\n", 13) != NULL);
	/* 200 x: 80 + 80 + 40, nothing lost */
	{
		size_t xs = 0;

		for (size_t i = 0; i < len; i++)
			xs += out[i] == 'x';
		CHECK_EQ_U64(xs, 200);
	}
	free(out);

	/* nothing to print still makes one page with its header; bad arguments are refused */
	CHECK(sp_textpages_render("", 0, id, &out, &len, &pages) == 0);
	CHECK_EQ_U64(pages, 1);
	check_format(out, len, id);
	free(out);
	CHECK(sp_textpages_render(NULL, 5, id, &out, &len, &pages) == -EINVAL);
	CHECK(sp_textpages_render("x", 1, id, NULL, &len, &pages) == -EINVAL);
	return CHECK_DONE();
}
