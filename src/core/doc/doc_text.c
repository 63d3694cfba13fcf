/*
 * doc_text.c - a document as fixed-width plain text (see doc_text.h).
 *
 * Widths are counted in code points, not bytes, so a device model with a UTF-8 character
 * still lines up; every string is cleaned of control characters once, when it is emitted, so
 * a CPU name with a tab or an escape sequence cannot break a line or drive a terminal.
 */
#include "core/doc/doc_text.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/doc/textmetrics.h"

#define MIN_COLS 40
#define LCOL_MIN 12 /* a left-aligned column is not cut below this */

/* ---- strings measured in code points ---- */

static size_t width(const char *s)
{
	size_t n = 0;

	for (; s && *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* Bytes of the first w code points of s. */
static size_t bytes_of(const char *s, size_t w)
{
	size_t i = 0, n = 0;

	while (s[i]) {
		if (((unsigned char)s[i] & 0xc0) != 0x80) {
			if (n == w)
				break;
			n++;
		}
		i++;
	}
	return i;
}

/* ---- a line at a time, so no line ends in blanks whatever the padding ---- */

struct sink {
	FILE *out;
	char *buf;
	size_t len, cap;
	int oom;
};

static void sput(struct sink *k, int ch)
{
	if (ch == '\n') {
		while (k->len && k->buf[k->len - 1] == ' ')
			k->len--;
		fwrite(k->buf, 1, k->len, k->out);
		fputc('\n', k->out);
		k->len = 0;
		return;
	}
	if (k->len == k->cap) {
		size_t nc = k->cap ? k->cap * 2 : 256;
		char *nb = realloc(k->buf, nc);

		if (!nb) {
			k->oom = 1;
			return;
		}
		k->buf = nb, k->cap = nc;
	}
	k->buf[k->len++] = (char)ch;
}

static void sputs(struct sink *k, const char *s)
{
	for (; *s; s++)
		sput(k, (unsigned char)*s);
}

/* n bytes of s, control characters as spaces */
static void put_clean(struct sink *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];

		sput(out, ch < 0x20 || ch == 0x7f ? ' ' : ch);
	}
}

static void spaces(struct sink *out, size_t n)
{
	while (n--)
		sput(out, ' ');
}

static void repeat(struct sink *out, char ch, size_t n)
{
	while (n--)
		sput(out, ch);
}

/* s in a field of w: cut to w (the last character '~' when cut), padded on the side align says */
static void field(struct sink *out, const char *s, size_t w, char align)
{
	size_t sw = width(s);

	if (sw > w) {
		if (w)
			put_clean(out, s, bytes_of(s, w - 1)), sput(out, '~');
		return;
	}
	if (align == 'r')
		spaces(out, w - sw);
	put_clean(out, s, strlen(s));
	if (align != 'r')
		spaces(out, w - sw);
}

/* A unit after a number stays on its line: "+12 %", "98.4 us)". */
static int glued(const char *word)
{
	if (word[0] == '%')
		return 1;
	return word[0] == 'u' && word[1] == 's' && (!word[2] || strchr(" \n\t),;", word[2]));
}

/*
 * Words of text wrapped into lines of cols: the first line starts with first, the others with
 * as many spaces as first is wide. A word longer than a line is split.
 */
static void wrap(struct sink *out, const char *text, const char *first, size_t cols)
{
	size_t indent = width(first), col = 0;
	const char *p = text ? text : "";

	put_clean(out, first, strlen(first));
	col = indent;
	for (;;) {
		size_t wb, ww;

		while (*p == ' ' || *p == '\n' || *p == '\t')
			p++;
		if (!*p)
			break;
		wb = strcspn(p, " \n\t");
		while (p[wb] == ' ' && glued(p + wb + 1)) /* "12 %" wraps as one word */
			wb += 1 + strcspn(p + wb + 1, " \n\t");
		ww = 0;
		for (size_t i = 0; i < wb; i++)
			ww += ((unsigned char)p[i] & 0xc0) != 0x80;
		if (col > indent && col + 1 + ww > cols) {
			sput(out, '\n');
			spaces(out, indent);
			col = indent;
		} else if (col > indent) {
			sput(out, ' ');
			col++;
		}
		while (ww > cols - col) { /* a word wider than the line: split it */
			size_t take = bytes_of(p, cols - col);

			put_clean(out, p, take);
			p += take, wb -= take, ww -= cols - col;
			sput(out, '\n');
			spaces(out, indent);
			col = indent;
		}
		put_clean(out, p, wb);
		col += ww;
		p += wb;
	}
	sput(out, '\n');
}

static void underlined(struct sink *out, const char *text, char ch, size_t cols)
{
	size_t w = width(text);

	if (w > cols) {
		wrap(out, text, "", cols);
		repeat(out, ch, cols);
	} else {
		put_clean(out, text, strlen(text));
		sput(out, '\n');
		repeat(out, ch, w);
	}
	sput(out, '\n');
}

/* ---- facts ---- */

static void facts(struct sink *out, const struct sp_doc_block *b, size_t cols)
{
	size_t kw = 0;
	char first[64];

	for (size_t i = 0; i < b->n_facts; i++)
		if (width(b->facts[i].key) > kw)
			kw = width(b->facts[i].key);
	if (kw > cols / 3)
		kw = cols / 3;
	for (size_t i = 0; i < b->n_facts; i++) {
		size_t kb = bytes_of(b->facts[i].key, kw), w = width(b->facts[i].key);

		/* the key cut to kw, then ": " and padding, as the wrapped value's indent */
		snprintf(first, sizeof(first), "%.*s:%*s", (int)kb, b->facts[i].key,
			 (int)(kw - (w < kw ? w : kw) + 1), "");
		for (char *q = first; *q; q++)
			if ((unsigned char)*q < 0x20 || *q == 0x7f)
				*q = ' ';
		wrap(out, b->facts[i].value, first, cols);
	}
}

/* ---- tables ---- */

static size_t head_min(const char *h) /* its longest word */
{
	size_t best = 0;

	while (*h) {
		size_t n = strcspn(h, " "), w = 0;

		for (size_t i = 0; i < n; i++)
			w += ((unsigned char)h[i] & 0xc0) != 0x80;
		if (w > best)
			best = w;
		h += n;
		h += strspn(h, " ");
	}
	return best;
}

/* The head of column c wrapped into lines of w: line k of it into buf. */
static void head_line(const char *h, size_t w, size_t k, char *buf, size_t len)
{
	size_t line = 0, col = 0;

	buf[0] = '\0';
	while (*h) {
		size_t n = strcspn(h, " "), ww = 0, used = strlen(buf);

		for (size_t i = 0; i < n; i++)
			ww += ((unsigned char)h[i] & 0xc0) != 0x80;
		if (col > 0 && col + 1 + ww > w) {
			if (line == k)
				return;
			line++;
			col = 0;
			buf[0] = '\0';
			used = 0;
		}
		if (line == k && used + 2 < len) {
			size_t cp =
			    used + n + 2 <= len ? n : len - used - 2; /* longer than buf: cut */

			if (col > 0)
				buf[used++] = ' ';
			memcpy(buf + used, h, cp);
			buf[used + cp] = '\0';
		}
		col += (col > 0) + ww;
		h += n;
		h += strspn(h, " ");
	}
	if (line != k)
		buf[0] = '\0';
}

static size_t head_lines(const char *h, size_t w)
{
	size_t lines = 1, col = 0;

	while (*h) {
		size_t n = strcspn(h, " "), ww = 0;

		for (size_t i = 0; i < n; i++)
			ww += ((unsigned char)h[i] & 0xc0) != 0x80;
		if (col > 0 && col + 1 + ww > w) {
			lines++;
			col = 0;
		}
		col += (col > 0) + ww;
		h += n;
		h += strspn(h, " ");
	}
	return lines;
}

#define GAP 2

static const char *cell(const struct sp_doc_table *t, size_t r, size_t c)
{
	return t->cell[r * t->n_cols + c] ? t->cell[r * t->n_cols + c] : "";
}

static int marked(const struct sp_doc_table *t, size_t r, size_t c)
{
	return t->mark && t->mark[r * t->n_cols + c] == SP_DOC_MARK_BEYOND;
}

static int right(const struct sp_doc_table *t, size_t c)
{
	return t->align && t->align[c] == 'r';
}

/* One part of a table: columns cols_of[0..n-1] at widths w (mark: a '*' slot after). */
static void table_part(struct sink *out, const struct sp_doc_table *t, const size_t *cs, size_t n,
		       const size_t *w, const int *mark)
{
	size_t lines = 1;
	char buf[1024];

	for (size_t i = 0; i < n; i++) {
		size_t l = head_lines(t->head[cs[i]], w[i] + (size_t)mark[i]);

		if (l > lines)
			lines = l;
	}
	for (size_t k = 0; k < lines; k++) {
		for (size_t i = 0; i < n; i++) {
			size_t fw = w[i] + (size_t)mark[i];

			head_line(t->head[cs[i]], fw, k, buf, sizeof(buf));
			field(out, buf, fw, t->align && t->align[cs[i]] == 'r' ? 'r' : 'l');
			if (i + 1 < n)
				spaces(out, GAP);
		}
		sput(out, '\n');
	}
	for (size_t i = 0; i < n; i++) {
		repeat(out, '-', w[i] + (size_t)mark[i]);
		if (i + 1 < n)
			spaces(out, GAP);
	}
	sput(out, '\n');
	/* a left-aligned cell wraps at its words within its column; a number stays whole */
	for (size_t r = 0; r < t->n_rows; r++) {
		size_t rl = 1;

		for (size_t i = 0; i < n; i++) {
			size_t l = right(t, cs[i]) ? 1 : head_lines(cell(t, r, cs[i]), w[i]);

			if (l > rl)
				rl = l;
		}
		for (size_t k = 0; k < rl; k++) {
			for (size_t i = 0; i < n; i++) {
				const char *s = cell(t, r, cs[i]);

				if (!right(t, cs[i]))
					head_line(s, w[i], k, buf, sizeof(buf));
				else
					snprintf(buf, sizeof(buf), "%s", k ? "" : s);
				field(out, buf, w[i], right(t, cs[i]) ? 'r' : 'l');
				if (mark[i])
					sput(out, !k && marked(t, r, cs[i]) ? '*' : ' ');
				if (i + 1 < n)
					spaces(out, GAP);
			}
			sput(out, '\n');
		}
	}
}

static int table(struct sink *out, const struct sp_doc_table *t, size_t cols)
{
	size_t n = t->n_cols, total, start;
	size_t *w = calloc(n ? n : 1, sizeof(*w) * 4);
	int *mark = calloc(n ? n : 1, sizeof(*mark) * 2);
	size_t *hmin, *cs, *pw;
	int *pm;

	if (!w || !mark) {
		free(w);
		free(mark);
		return -ENOMEM;
	}
	hmin = w + n, cs = w + 2 * n, pw = w + 3 * n;
	pm = mark + n;
	if (t->caption)
		wrap(out, t->caption, "", cols);
	if (!n)
		goto out;
	for (size_t c = 0; c < n; c++) {
		hmin[c] = head_min(t->head[c] ? t->head[c] : "");
		w[c] = 0;
		for (size_t r = 0; r < t->n_rows; r++) {
			if (width(cell(t, r, c)) > w[c])
				w[c] = width(cell(t, r, c));
			mark[c] |= marked(t, r, c);
		}
		if (w[c] + (size_t)mark[c] < hmin[c])
			w[c] = hmin[c] - (size_t)mark[c];
	}
	/*
	 * narrow long left-aligned columns (names, models, sentences) before splitting the
	 * table: first down to their longest word (they wrap), then down to LCOL_MIN (cut)
	 */
	for (int pass = 0; pass < 2; pass++) {
		for (;;) {
			size_t widest = n;

			total = 0;
			for (size_t c = 0; c < n; c++)
				total += w[c] + (size_t)mark[c] + (c ? GAP : 0);
			if (total <= cols)
				break;
			for (size_t c = 0; c < n; c++) {
				size_t floor = LCOL_MIN;

				if (!pass)
					for (size_t r = 0; r < t->n_rows; r++)
						if (head_min(cell(t, r, c)) > floor)
							floor = head_min(cell(t, r, c));
				if (!right(t, c) && w[c] > floor &&
				    (widest == n || w[c] > w[widest]))
					widest = c;
			}
			if (widest == n)
				break;
			w[widest]--;
		}
	}
	/* widen columns to their whole head where the line has room, so heads wrap less */
	for (size_t c = 0; c < n && total <= cols; c++) {
		size_t full = width(t->head[c] ? t->head[c] : "");

		if (w[c] + (size_t)mark[c] < full &&
		    total + full - w[c] - (size_t)mark[c] <= cols) {
			total += full - w[c] - (size_t)mark[c];
			w[c] = full - (size_t)mark[c];
		}
	}
	/* parts that fit, each repeating the first column */
	start = 1;
	do {
		size_t k = 0, used;

		cs[k] = 0, pw[k] = w[0], pm[k] = mark[0];
		used = w[0] + (size_t)mark[0];
		if (used > cols / 2 && n > 1)
			pw[0] = cols / 2 > (size_t)mark[0] ? cols / 2 - (size_t)mark[0] : 1,
			used = cols / 2;
		k++;
		while (start < n) {
			size_t need = GAP + w[start] + (size_t)mark[start];

			if (k > 1 && used + need > cols)
				break;
			cs[k] = start, pw[k] = w[start], pm[k] = mark[start];
			if (used + need > cols) /* one column alone too wide: cut it */
				pw[k] = cols - used - GAP > (size_t)pm[k] + 1
					    ? cols - used - GAP - (size_t)pm[k]
					    : 1;
			used += GAP + pw[k] + (size_t)pm[k];
			k++, start++;
		}
		if (n == 1 && pw[0] + (size_t)pm[0] > cols)
			pw[0] = cols - (size_t)pm[0];
		/* the part's spare width goes to its heads, so fewer of them wrap */
		for (size_t i = 0; i < k; i++) {
			size_t full = width(t->head[cs[i]] ? t->head[cs[i]] : "");
			size_t has = pw[i] + (size_t)pm[i];

			if (has < full && used + full - has <= cols) {
				used += full - has;
				pw[i] = full - (size_t)pm[i];
			}
		}
		table_part(out, t, cs, k, pw, pm);
		if (start < n)
			sput(out, '\n');
	} while (start < n);
out:
	if (t->note)
		wrap(out, t->note, "", cols);
	free(w);
	free(mark);
	return 0;
}

/* ---- charts ---- */

static void bars(struct sink *out, const struct sp_chart *c, size_t cols)
{
	double vmax = 0, vmin = INFINITY;
	size_t nw = 0, lw = 0, barw;
	int log_scale;

	for (size_t i = 0; i < c->n_bars; i++) {
		const struct sp_chart_bar *b = &c->bars[i];

		if (isfinite(b->value) && b->value > 0) {
			vmax = fmax(vmax, b->value);
			vmin = fmin(vmin, b->value);
		}
		if (width(b->name) > nw)
			nw = width(b->name);
		if (b->value_label && width(b->value_label) > lw)
			lw = width(b->value_label);
	}
	if (nw > cols / 3)
		nw = cols / 3;
	if (lw > cols / 4)
		lw = cols / 4;
	log_scale = c->x_log == 1 || c->y_log == 1 ||
		    (c->x_log == 0 && c->y_log == 0 && vmax > 0 && vmax / vmin > 30);
	barw = cols - nw - 2 - (lw ? lw + 1 : 0);
	{
		char title[256];

		snprintf(title, sizeof(title), "%s%s", c->title ? c->title : "chart",
			 log_scale ? " (log scale)" : "");
		wrap(out, title, "", cols);
	}
	for (size_t i = 0; i < c->n_bars; i++) {
		const struct sp_chart_bar *b = &c->bars[i];
		size_t len = 0;

		field(out, b->name ? b->name : "", nw, 'l');
		sputs(out, "  ");
		if (!(isfinite(b->value) && b->value > 0) || !(vmax > 0)) {
			sputs(out, "not measured\n");
			continue;
		}
		if (log_scale && vmax > vmin)
			len = 1 + (size_t)lround((double)(barw - 1) * log(b->value / vmin) /
						 log(vmax / vmin));
		else
			len = (size_t)lround((double)barw * b->value / vmax);
		if (len < 1)
			len = 1;
		if (len > barw)
			len = barw;
		repeat(out, '#', len);
		if (b->value_label && *b->value_label) {
			sput(out, ' ');
			field(out, b->value_label,
			      width(b->value_label) < lw ? width(b->value_label) : lw, 'l');
		}
		sput(out, '\n');
	}
}

static void chart(struct sink *out, const struct sp_chart *c, size_t cols)
{
	char line[256];

	if (c->kind == SP_CHART_BARS && c->n_bars) {
		bars(out, c, cols);
		return;
	}
	snprintf(line, sizeof(line), "[chart: %s]", c->title ? c->title : "untitled");
	wrap(out, line, "", cols);
}

/* Monospaced lines as they are; one wider than cols continues on the next, broken at a field
 * boundary (core/doc/textmetrics.h) and hung under its value column. */
static void pre(struct sink *out, const char *text, size_t cols)
{
	const char *p = text ? text : "";

	for (;;) {
		size_t n = strcspn(p, "\n"), off = 0, hang = sp_text_hang(p, n, cols);

		if (hang > cols / 2)
			hang = cols / 2;
		do {
			size_t next, k = sp_text_fit_fields(p + off, n - off,
							    off ? cols - hang : cols, &next);

			if (!next)
				next = n - off;
			if (off)
				spaces(out, hang);
			while (k > 0 && p[off + k - 1] == ' ')
				k--;
			put_clean(out, p + off, k);
			sput(out, '\n');
			off += next;
		} while (off < n);
		if (!p[n])
			break;
		p += n + 1;
	}
}

int sp_doc_write_text(FILE *stream, const struct sp_doc *d, size_t cols)
{
	struct sink sk = {.out = stream}, *out = &sk;
	int prev = -1, ret = 0;

	if (!stream || !d)
		return -EINVAL;
	if (!cols)
		cols = SP_DOC_TEXT_COLUMNS;
	if (cols < MIN_COLS)
		return -EINVAL;
	if (d->title && *d->title)
		underlined(out, d->title, '=', cols);
	if (d->subtitle && *d->subtitle)
		wrap(out, d->subtitle, "", cols);
	if ((d->title && *d->title) || (d->subtitle && *d->subtitle))
		prev = SP_DOC_SECTION;
	for (size_t i = 0; i < d->n_blocks && !ret; i++) {
		const struct sp_doc_block *b = &d->blocks[i];

		/* a blank line between blocks, none inside a list */
		if (prev >= 0 && !(b->kind == SP_DOC_BULLET && prev == SP_DOC_BULLET))
			sput(out, '\n');
		switch (b->kind) {
		case SP_DOC_SECTION:
			if (prev >= 0)
				sput(out, '\n');
			underlined(out, b->text ? b->text : "", '=', cols);
			break;
		case SP_DOC_HEADING:
			underlined(out, b->text ? b->text : "", '-', cols);
			break;
		case SP_DOC_PARA:
			wrap(out, b->text, "", cols);
			break;
		case SP_DOC_BULLET:
			wrap(out, b->text, "- ", cols);
			break;
		case SP_DOC_FACTS:
			facts(out, b, cols);
			break;
		case SP_DOC_TABLE:
			if (b->table)
				ret = table(out, b->table, cols);
			break;
		case SP_DOC_CHART:
			if (b->chart)
				chart(out, b->chart, cols);
			break;
		case SP_DOC_PRE:
			pre(out, b->text, cols);
			break;
		}
		prev = (int)b->kind;
	}
	if (sk.len)
		sput(out, '\n');
	free(sk.buf);
	if (ret)
		return ret;
	if (sk.oom)
		return -ENOMEM;
	return ferror(stream) ? -EIO : 0;
}
