/*
 * textpages.c - plain text for a printer (see textpages.h).
 *
 * Two passes: the text becomes a list of clean lines of at most 80 columns (so the page count
 * M is known before the first header says "page 1 of M"), then the lines are laid out on
 * pages. The body of a page is SP_TEXTPAGE_LINES minus the header line and the blank line
 * under it.
 */
#include "core/doc/textpages.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HEADER_LINES 2 /* the header and a blank line */
#define BODY_LINES (SP_TEXTPAGE_LINES - HEADER_LINES)

struct buf {
	char *p;
	size_t len, cap;
	int oom;
};

static void put(struct buf *b, const char *s, size_t n)
{
	if (b->oom)
		return;
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		char *np;

		while (b->len + n + 1 > cap)
			cap *= 2;
		np = realloc(b->p, cap);
		if (!np) {
			b->oom = 1;
			return;
		}
		b->p = np;
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

/* The clean lines, each SP_TEXTPAGE_COLS wide at most, back to back with '\n' after each. */
static size_t clean_lines(const char *text, size_t len, struct buf *lines)
{
	size_t n = 0, col = 0;
	int open = 0; /* a line has been started and not yet ended */

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		char ch;

		if (c == '\n') {
			put(lines, "\n", 1);
			n++;
			col = 0;
			open = 0;
			continue;
		}
		if (c >= 0x80 && c < 0xc0 && i > 0 && (unsigned char)text[i - 1] >= 0x80)
			continue; /* a UTF-8 continuation byte: its character is already a '?' */
		if (c == '\t') {
			size_t to = (col / 8 + 1) * 8;

			if (to > SP_TEXTPAGE_COLS)
				to = SP_TEXTPAGE_COLS;
			while (col < to) {
				put(lines, " ", 1);
				col++;
				open = 1;
			}
			continue;
		}
		if (c < 0x20 || c == 0x7f)
			continue; /* CR, form feeds, escapes: nothing a printer should act on */
		ch = c >= 0x80 ? '?' : (char)c;
		if (col == SP_TEXTPAGE_COLS) { /* wrap: the rest continues on the next line */
			put(lines, "\n", 1);
			n++;
			col = 0;
		}
		put(lines, &ch, 1);
		col++;
		open = 1;
	}
	if (open) {
		put(lines, "\n", 1);
		n++;
	}
	return n;
}

static void header(struct buf *o, const char *run_id, unsigned page, unsigned pages)
{
	char left[SP_TEXTPAGE_COLS + 1], right[48], line[SP_TEXTPAGE_COLS + 1];
	size_t l, r;

	snprintf(right, sizeof(right), "page %u of %u", page, pages);
	r = strlen(right);
	snprintf(left, sizeof(left), "swapplace report, run %s", run_id);
	/* the run id is the machine's: keep it ASCII and short enough to leave room for the page */
	for (char *p = left; *p; p++)
		if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f)
			*p = '?';
	l = strlen(left);
	if (l + 2 + r > SP_TEXTPAGE_COLS)
		l = SP_TEXTPAGE_COLS - 2 - r;
	memset(line, ' ', SP_TEXTPAGE_COLS);
	memcpy(line, left, l);
	memcpy(line + SP_TEXTPAGE_COLS - r, right, r);
	put(o, line, SP_TEXTPAGE_COLS);
	put(o, "\r\n\r\n", 4);
}

int sp_textpages_render(const char *text, size_t len, const char *run_id, char **out,
			size_t *out_len, unsigned *pages_out)
{
	struct buf lines = {0}, o = {0};
	unsigned pages;
	size_t n;
	const char *p;

	if (!out || !out_len || (!text && len))
		return -EINVAL;
	*out = NULL;
	*out_len = 0;
	if (!run_id)
		run_id = "-";
	n = clean_lines(text, len, &lines);
	pages = n ? (unsigned)((n + BODY_LINES - 1) / BODY_LINES) : 1;
	p = lines.p;
	for (unsigned pg = 1; pg <= pages && !lines.oom; pg++) {
		if (pg > 1)
			put(&o, "\f", 1);
		header(&o, run_id, pg, pages);
		for (size_t k = 0; k < BODY_LINES && p && *p; k++) {
			size_t w = strcspn(p, "\n");

			put(&o, p, w);
			put(&o, "\r\n", 2);
			p += w + 1;
		}
	}
	free(lines.p);
	if (lines.oom || o.oom) {
		free(o.p);
		return -ENOMEM;
	}
	*out = o.p;
	*out_len = o.len;
	if (pages_out)
		*pages_out = pages;
	return 0;
}
