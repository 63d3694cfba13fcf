/*
 * doc_cairo.c - a document (core/doc.h) laid out on pages and painted with cairo as PDF or
 * PostScript, and one chart as PNG (see doc_cairo.h).
 *
 * The pages are set in two passes over the same code: the first only measures (with the
 * target surface's own font metrics, so both passes break lines identically) and counts the
 * pages, the second paints, so every footer can say "page N of M". Both passes run the same
 * decisions on the same numbers, so the page a block lands on in the second pass is the page
 * the first pass counted.
 *
 * What goes where: page 1 opens with the title and subtitle; a section starts on a new page
 * when less than a quarter of the page remains (with duplex: always, on an odd page, leaving a
 * blank even page with its footer); a heading keeps a few lines of its text with it; tables
 * break between rows and repeat their header; a chart never breaks.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cairo-pdf.h>
#include <cairo-ps.h>
#include <cairo.h>

#include "render/doc_cairo.h"
#include "render/paint.h"

#define PT_PER_MM (72.0 / 25.4)
#define MARGIN_PT (18 * PT_PER_MM)
#define FOOTER_GAP_PT 8.0 /* from the text area's bottom to the footer's rule */

/* Type sizes (points) and their line heights */
#define TITLE_PT 20.0
#define SUBTITLE_PT 10.0
#define SECTION_PT 15.0
#define HEADING_PT 11.0
#define BODY_PT 9.5
#define BODY_LH 13.0
#define TABLE_PT_MAX 8.5
#define TABLE_PT_MIN 7.0
#define PRE_PT 7.5
#define PRE_LH 9.0
#define FOOTER_PT 7.5
#define CELL_PAD_PT 4.0

#define C_TEXT 0x000000
#define C_GREY 0x555555
#define C_WEAK 0x808080
#define C_RULE 0x000000
#define C_HAIR 0xb0b0b0
#define C_SHADE 0xd0d0d0

struct sink {
	FILE *f;
	int failed;
};

struct line {
	size_t off, len;
};

struct pager {
	cairo_t *cr;
	cairo_surface_t *surf;
	enum sp_page_format fmt;
	const struct sp_doc *d;
	int duplex;
	int paint;   /* second pass: draw; the first only measures */
	int page;    /* the page being set, from 1 */
	int n_pages; /* known in the second pass */
	int used;    /* something beyond the title is on this page */
	double pw, ph, x0, tw, top, bottom, y;
	struct sp_page_layout *lay; /* recorded in the second pass */
	size_t i_chart, i_section, i_table;
	enum sp_doc_block_kind prev;
	size_t i_block; /* the block being set */
	char *buf;	/* a NUL-terminated copy of what is measured or shown */
	size_t buf_cap;
	struct line *lines;
	size_t n_lines, cap_lines;
	int err;
};

/*
 * The stream cairo writes to. After the first failed write the rest is swallowed and the
 * failure reported by the renderer, not handed to cairo: cairo 1.16 crashes finishing a PDF
 * whose stream returned an error (t-doc-cairo-reports-a-failing-stream, unbuffered /dev/full).
 */
static cairo_status_t sink_write(void *closure, const unsigned char *data, unsigned int len)
{
	struct sink *k = closure;

	if (!k->failed && len && fwrite(data, 1, len, k->f) != len)
		k->failed = 1;
	return CAIRO_STATUS_SUCCESS;
}

static const char *piece(struct pager *p, const char *s, size_t n)
{
	if (n + 1 > p->buf_cap) {
		char *b = realloc(p->buf, n + 64);

		if (!b) {
			p->err = -ENOMEM;
			return "";
		}
		p->buf = b;
		p->buf_cap = n + 64;
	}
	memcpy(p->buf, s, n);
	p->buf[n] = 0;
	return p->buf;
}

static double width(struct pager *p, const char *s, size_t n)
{
	cairo_text_extents_t te;

	cairo_text_extents(p->cr, piece(p, s, n), &te);
	return te.x_advance;
}

static void show(struct pager *p, double x, double y, const char *s, size_t n, uint32_t rgb)
{
	if (!p->paint || !n)
		return;
	sp_paint_rgb(p->cr, rgb, 1);
	cairo_move_to(p->cr, x, y);
	cairo_show_text(p->cr, piece(p, s, n));
	cairo_new_path(p->cr);
}

static void rule(struct pager *p, double x, double y, double w, double lw, uint32_t rgb)
{
	if (!p->paint)
		return;
	sp_paint_rgb(p->cr, rgb, 1);
	cairo_set_line_width(p->cr, lw);
	cairo_move_to(p->cr, x, y);
	cairo_line_to(p->cr, x + w, y);
	cairo_stroke(p->cr);
}

static void add_line(struct pager *p, size_t off, size_t len)
{
	if (p->n_lines == p->cap_lines) {
		size_t cap = p->cap_lines ? 2 * p->cap_lines : 32;
		struct line *l = realloc(p->lines, cap * sizeof(*l));

		if (!l) {
			p->err = -ENOMEM;
			return;
		}
		p->lines = l;
		p->cap_lines = cap;
	}
	p->lines[p->n_lines++] = (struct line){off, len};
}

static size_t next_cp(const char *s, size_t i, size_t end)
{
	for (i++; i < end && ((unsigned char)s[i] & 0xc0) == 0x80; i++)
		;
	return i;
}

/*
 * Break s into lines of at most w points in the current font, after spaces and at '\n'; a
 * word wider than a line is broken between characters. The lines land in p->lines (reset).
 */
static void wrap(struct pager *p, const char *s, double w)
{
	size_t n = strlen(s), i = 0;

	p->n_lines = 0;
	do {
		size_t eol = i;

		while (eol < n && s[eol] != '\n')
			eol++;
		/* one source line: greedy, one word at a time */
		while (1) {
			size_t end = i, fit = i;

			while (end < eol) {
				size_t e = end;

				while (e < eol && s[e] == ' ')
					e++;
				while (e < eol && s[e] != ' ')
					e++;
				if (fit > i && width(p, s + i, e - i) > w)
					break;
				if (fit == i && width(p, s + i, e - i) > w) {
					/* the first word alone is too wide: cut it */
					size_t c = next_cp(s, i, eol);

					while (c < e &&
					       width(p, s + i, next_cp(s, c, eol) - i) <= w)
						c = next_cp(s, c, eol);
					fit = c;
					break;
				}
				fit = end = e;
			}
			add_line(p, i, fit - i);
			i = fit;
			while (i < eol && s[i] == ' ')
				i++;
			if (i >= eol)
				break;
		}
		i = eol + 1;
	} while (i <= n && p->err == 0);
}

static void footer(struct pager *p)
{
	char num[48];
	double y = p->bottom + FOOTER_GAP_PT, fs = FOOTER_PT, wn, room;
	size_t n;
	const char *f = p->d->footer ? p->d->footer : "";
	char *fc = sp_paint_clean_utf8(f);

	if (!fc) {
		p->err = -ENOMEM;
		return;
	}
	snprintf(num, sizeof(num), "page %d of %d", p->page, p->n_pages);
	rule(p, p->x0, y, p->tw, 0.4, C_HAIR);
	sp_paint_font(p->cr, SP_FONT_SANS, fs);
	wn = width(p, num, strlen(num));
	show(p, p->x0 + p->tw - wn, y + 10, num, strlen(num), C_GREY);
	/* a long footer shrinks (down to 6 pt) before it is cut */
	room = p->tw - wn - 12;
	while (fs > 6 && width(p, fc, strlen(fc)) > room)
		sp_paint_font(p->cr, SP_FONT_SANS, fs -= 0.5);
	/* cut by hand: wrap() would overwrite the lines of the text being set */
	n = strlen(fc);
	while (n && width(p, fc, n) > room) {
		do
			n--;
		while (n && ((unsigned char)fc[n] & 0xc0) == 0x80);
	}
	show(p, p->x0, y + 10, fc, n, C_GREY);
	free(fc);
}

static void page_break(struct pager *p)
{
	if (p->paint) {
		footer(p);
		cairo_show_page(p->cr);
	}
	p->page++;
	p->y = p->top;
	p->used = 0;
}

/* Vertical space before a block, none at the top of a page. */
static void space(struct pager *p, double pt)
{
	if (p->y > p->top + 0.01)
		p->y += pt;
}

/* Start a new page unless h points fit below; a page that is still empty takes anything. */
static void need(struct pager *p, double h)
{
	if (p->y + h > p->bottom + 0.01 && p->y > p->top + 0.01)
		page_break(p);
}

/* Set text wrapped at w from x, breaking pages between lines. */
static void text_lines(struct pager *p, const char *text, enum sp_font f, double size_pt, double lh,
		       double x, double w, uint32_t rgb)
{
	char *s = sp_paint_clean_utf8(text);

	if (!s) {
		p->err = -ENOMEM;
		return;
	}
	sp_paint_font(p->cr, f, size_pt);
	wrap(p, s, w);
	/* no first line of a paragraph alone at the foot of a page */
	if (p->n_lines >= 2)
		need(p, 2 * lh);
	for (size_t i = 0; i < p->n_lines && !p->err; i++) {
		need(p, lh);
		sp_paint_font(p->cr, f, size_pt); /* the footer may have changed it */
		show(p, x, p->y + lh * 0.76, s + p->lines[i].off, p->lines[i].len, rgb);
		p->y += lh;
	}
	p->used = 1;
	free(s);
}

/* How many lines text takes at w in font f (the lines stay in p->lines). */
static size_t count_lines(struct pager *p, const char *s, enum sp_font f, double size_pt, double w)
{
	sp_paint_font(p->cr, f, size_pt);
	wrap(p, s, w);
	return p->n_lines ? p->n_lines : 1;
}

static void title_block(struct pager *p)
{
	if (p->d->title) {
		text_lines(p, p->d->title, SP_FONT_SANS_BOLD, TITLE_PT, TITLE_PT * 1.25, p->x0,
			   p->tw, C_TEXT);
	}
	if (p->d->subtitle) {
		p->y += 2;
		text_lines(p, p->d->subtitle, SP_FONT_SANS, SUBTITLE_PT, SUBTITLE_PT * 1.35, p->x0,
			   p->tw, C_GREY);
	}
	if (p->d->title || p->d->subtitle) {
		p->y += 5;
		rule(p, p->x0, p->y, p->tw, 1.0, C_RULE);
		p->y += 12;
	}
	p->used = 0; /* the title alone does not make a duplex section move on */
}

/*
 * How much of the block after a title must stand on the title's page: a whole chart (it never
 * splits), a table's caption, header and first row, else three lines. A title alone at the
 * foot of a page, its text overleaf, is the first thing a reader notices.
 */
static double keep_h(struct pager *p)
{
	const struct sp_doc_block *b;
	double h;

	if (p->i_block + 1 >= p->d->n_blocks)
		return 0;
	b = &p->d->blocks[p->i_block + 1];
	switch (b->kind) {
	case SP_DOC_CHART:
		if (!b->chart)
			return 0;
		h = sp_chart_height_pt(b->chart, p->tw);
		return 8 + (h >= 80 ? fmin(h, p->bottom - p->top) : 80);
	case SP_DOC_TABLE:
		h = 8 + 2 * (TABLE_PT_MAX * 1.3 + 4) + 2;
		if (b->table && b->table->caption && *b->table->caption)
			h += BODY_LH + 2;
		return h;
	case SP_DOC_SECTION:
	case SP_DOC_HEADING:
		return 0;
	default:
		return 3 * BODY_LH + 5;
	}
}

static void section(struct pager *p, const char *title)
{
	double lh = SECTION_PT * 1.3;
	size_t n;
	char *s;

	if (p->duplex) {
		if (p->used)
			page_break(p);
		if (p->page % 2 == 0) {
			if (p->paint && p->lay && p->lay->blank_page)
				p->lay->blank_page[p->lay->n_blanks++] = p->page;
			page_break(p);
		}
	} else if (p->used && p->bottom - p->y < (p->bottom - p->top) / 4) {
		page_break(p);
	}
	space(p, 16);
	s = sp_paint_clean_utf8(title);
	if (!s) {
		p->err = -ENOMEM;
		return;
	}
	n = count_lines(p, s, SP_FONT_SANS_BOLD, SECTION_PT, p->tw);
	need(p, n * lh + 8 + keep_h(p)); /* a title keeps the start of its text with it */
	if (p->paint && p->lay && p->lay->section_page)
		p->lay->section_page[p->i_section] = p->page;
	p->i_section++;
	if (p->paint && p->fmt == SP_PAGES_PDF) {
		char dest[64];

		snprintf(dest, sizeof(dest), "page=%d pos=[%.1f %.1f]", p->page, p->x0, p->y);
		cairo_pdf_surface_add_outline(p->surf, CAIRO_PDF_OUTLINE_ROOT, s, dest, 0);
	}
	free(s);
	text_lines(p, title, SP_FONT_SANS_BOLD, SECTION_PT, lh, p->x0, p->tw, C_TEXT);
	p->y += 2;
	rule(p, p->x0, p->y, p->tw, 0.6, C_RULE);
	p->y += 6;
}

static void heading(struct pager *p, const char *text)
{
	double lh = HEADING_PT * 1.3;
	char *s = sp_paint_clean_utf8(text);
	size_t n;

	if (!s) {
		p->err = -ENOMEM;
		return;
	}
	n = count_lines(p, s, SP_FONT_SANS_BOLD, HEADING_PT, p->tw);
	free(s);
	space(p, 10);
	need(p, n * lh + 2 + keep_h(p));
	text_lines(p, text, SP_FONT_SANS_BOLD, HEADING_PT, lh, p->x0, p->tw, C_TEXT);
	p->y += 2;
}

static void bullet(struct pager *p, const char *text)
{
	static const char dot[] = "\xe2\x80\xa2"; /* U+2022 */
	double indent = 13, y;

	space(p, p->prev == SP_DOC_BULLET ? 2 : 5);
	need(p, BODY_LH);
	y = p->y;
	sp_paint_font(p->cr, SP_FONT_SANS, BODY_PT);
	show(p, p->x0 + 3, y + BODY_LH * 0.76, dot, strlen(dot), C_TEXT);
	text_lines(p, text, SP_FONT_SANS, BODY_PT, BODY_LH, p->x0 + indent, p->tw - indent, C_TEXT);
}

static void facts(struct pager *p, const struct sp_doc_block *b)
{
	double kw = 0, gap = 10, lh = BODY_LH;

	space(p, 5);
	sp_paint_font(p->cr, SP_FONT_SANS_BOLD, BODY_PT);
	for (size_t i = 0; i < b->n_facts; i++) {
		char *k = sp_paint_clean_utf8(b->facts[i].key);

		if (!k) {
			p->err = -ENOMEM;
			return;
		}
		kw = fmax(kw, width(p, k, strlen(k)));
		free(k);
	}
	kw = fmin(kw, p->tw * 0.38);
	for (size_t i = 0; i < b->n_facts && !p->err; i++) {
		char *k = sp_paint_clean_utf8(b->facts[i].key),
		     *v = sp_paint_clean_utf8(b->facts[i].value);
		size_t nk, nv;
		double y0;

		if (!k || !v) {
			free(k), free(v);
			p->err = -ENOMEM;
			return;
		}
		nk = count_lines(p, k, SP_FONT_SANS_BOLD, BODY_PT, kw);
		nv = count_lines(p, v, SP_FONT_SANS, BODY_PT, p->tw - kw - gap);
		/* one fact is never split across pages */
		need(p, (double)(nk > nv ? nk : nv) * lh);
		y0 = p->y;
		text_lines(p, k, SP_FONT_SANS_BOLD, BODY_PT, lh, p->x0, kw, C_TEXT);
		p->y = y0;
		text_lines(p, v, SP_FONT_SANS, BODY_PT, lh, p->x0 + kw + gap, p->tw - kw - gap,
			   C_TEXT);
		p->y = y0 + (double)(nk > nv ? nk : nv) * lh + 1;
		free(k), free(v);
	}
}

static void pre(struct pager *p, const char *text)
{
	/* tabs to 8 columns, so a table someone typed keeps its columns */
	size_t n = strlen(text), tabs = 0, col = 0, j = 0;
	char *x, *s;

	for (size_t i = 0; i < n; i++)
		tabs += text[i] == '\t';
	x = malloc(n + 8 * tabs + 1);
	if (!x) {
		p->err = -ENOMEM;
		return;
	}
	for (size_t i = 0; i < n; i++) {
		if (text[i] == '\t') {
			do
				x[j++] = ' ';
			while (++col % 8);
			continue;
		}
		col = text[i] == '\n' ? 0 : col + 1;
		x[j++] = text[i];
	}
	x[j] = 0;
	s = sp_paint_clean_utf8(x);
	free(x);
	if (!s) {
		p->err = -ENOMEM;
		return;
	}
	space(p, 5);
	text_lines(p, s, SP_FONT_MONO, PRE_PT, PRE_LH, p->x0, p->tw, C_TEXT);
	free(s);
}

static void chart(struct pager *p, const struct sp_chart *c)
{
	double h = sp_chart_height_pt(c, p->tw);
	struct sp_canvas cv;
	int r;

	if (!(h >= 80))
		h = 80;
	if (h > p->bottom - p->top)
		h = p->bottom - p->top;
	sp_canvas_init(&cv, p->tw, h);
	r = sp_chart_draw(c, &cv);
	if (r == -ENOMEM) {
		p->err = r;
	} else if (r) {
		char note[300];

		/* the builder gave a chart with nothing in it: say so where it would stand */
		snprintf(note, sizeof(note), "(chart \"%s\": nothing to draw)",
			 c->title ? c->title : "");
		space(p, 5);
		text_lines(p, note, SP_FONT_SANS, BODY_PT, BODY_LH, p->x0, p->tw, C_GREY);
	} else {
		space(p, 8);
		need(p, h);
		if (p->paint) {
			if (sp_canvas_paint(p->cr, &cv, p->x0, p->y))
				p->err = -EIO;
			if (p->lay && p->lay->charts)
				p->lay->charts[p->i_chart] =
				    (struct sp_page_box){p->page, p->x0, p->y, p->tw, h};
		}
		p->y += h;
		p->used = 1;
	}
	p->i_chart++;
	sp_canvas_release(&cv);
}

/* ---- tables ---- */

struct tab {
	const struct sp_doc_table *t;
	double fs, lh, *w;
	char **cell; /* cleaned copies: n_cols head cells, then the body */
	char *cap;   /* the caption, cleaned; NULL: none */
};

static enum sp_font cell_font(unsigned char mark)
{
	return mark == SP_DOC_MARK_STRONG || mark == SP_DOC_MARK_BEYOND ? SP_FONT_SANS_BOLD
									: SP_FONT_SANS;
}

/* Index into tab.cell: row -1 is the header. */
static size_t ci(const struct tab *tb, long row, size_t col)
{
	return (size_t)(row + 1) * tb->t->n_cols + col;
}

static unsigned char mark_of(const struct tab *tb, long row, size_t col)
{
	return row < 0 || !tb->t->mark ? 0 : tb->t->mark[(size_t)row * tb->t->n_cols + col];
}

/* The marker beside a cell beyond the runs' spread: a filled triangle, plain in black ink. */
static double marker_w(const struct tab *tb, unsigned char mark)
{
	return mark == SP_DOC_MARK_BEYOND ? tb->fs * 0.9 : 0;
}

/*
 * Column widths: each column's natural width (its widest cell) at the largest size from
 * 8.5 pt down to 7 pt where the table fits the text width; at 7 pt a table still too wide
 * keeps its narrow columns whole and shares what is left among the wide ones by their width,
 * which then wrap.
 */
static void table_widths(struct pager *p, struct tab *tb)
{
	size_t nc = tb->t->n_cols;
	double *nat = tb->w, sum = 0;

	for (tb->fs = TABLE_PT_MAX;; tb->fs -= 0.5) {
		sum = 0;
		for (size_t c = 0; c < nc; c++) {
			nat[c] = 0;
			for (long r = -1; r < (long)tb->t->n_rows; r++) {
				unsigned char m = mark_of(tb, r, c);
				const char *s = tb->cell[ci(tb, r, c)];

				sp_paint_font(p->cr, r < 0 ? SP_FONT_SANS_BOLD : cell_font(m),
					      tb->fs);
				nat[c] = fmax(nat[c], width(p, s, strlen(s)) + marker_w(tb, m));
			}
			nat[c] += 2 * CELL_PAD_PT;
			sum += nat[c];
		}
		if (sum <= p->tw || tb->fs <= TABLE_PT_MIN)
			break;
	}
	tb->lh = tb->fs * 1.3;
	if (sum > p->tw) {
		int *fixed = calloc(nc, sizeof(*fixed));
		double left = p->tw, wide = 0;
		size_t n_free = nc, changed = 1;

		if (!fixed) {
			p->err = -ENOMEM;
			return;
		}
		while (changed && n_free) {
			changed = 0;
			for (size_t c = 0; c < nc; c++)
				if (!fixed[c] && nat[c] <= left / (double)n_free) {
					fixed[c] = 1, left -= nat[c], n_free--, changed = 1;
				}
		}
		for (size_t c = 0; c < nc; c++)
			if (!fixed[c])
				wide += nat[c];
		for (size_t c = 0; c < nc; c++)
			if (!fixed[c])
				nat[c] = left * nat[c] / wide;
		free(fixed);
	}
}

static double row_height(struct pager *p, const struct tab *tb, long row)
{
	size_t most = 1;

	for (size_t c = 0; c < tb->t->n_cols; c++) {
		unsigned char m = mark_of(tb, row, c);
		size_t n = count_lines(p, tb->cell[ci(tb, row, c)],
				       row < 0 ? SP_FONT_SANS_BOLD : cell_font(m), tb->fs,
				       tb->w[c] - 2 * CELL_PAD_PT - marker_w(tb, m));

		most = n > most ? n : most;
	}
	return (double)most * tb->lh + 4;
}

static void triangle(struct pager *p, double x, double base, double sz)
{
	if (!p->paint)
		return;
	sp_paint_rgb(p->cr, C_TEXT, 1);
	cairo_move_to(p->cr, x, base);
	cairo_line_to(p->cr, x + sz, base);
	cairo_line_to(p->cr, x + sz / 2, base - sz * 0.9);
	cairo_close_path(p->cr);
	cairo_fill(p->cr);
}

static void table_row(struct pager *p, const struct tab *tb, long row, double h)
{
	double x = p->x0;

	for (size_t c = 0; c < tb->t->n_cols; c++) {
		unsigned char m = mark_of(tb, row, c);
		enum sp_font f = row < 0 ? SP_FONT_SANS_BOLD : cell_font(m);
		double mw = marker_w(tb, m), inner = tb->w[c] - 2 * CELL_PAD_PT - mw;
		const char *s = tb->cell[ci(tb, row, c)];
		int right = tb->t->align && tb->t->align[c] == 'r';

		if (m == SP_DOC_MARK_BEYOND && p->paint) {
			sp_paint_rgb(p->cr, C_SHADE, 1);
			cairo_rectangle(p->cr, x, p->y, tb->w[c], h);
			cairo_fill(p->cr);
		}
		sp_paint_font(p->cr, f, tb->fs);
		wrap(p, s, inner);
		for (size_t i = 0; i < p->n_lines; i++) {
			const struct line *l = &p->lines[i];
			double lx = x + CELL_PAD_PT + mw;

			if (right)
				lx += inner - width(p, s + l->off, l->len);
			/* the marker stands just before the first line, as a sign of the figure */
			if (i == 0 && mw > 0)
				triangle(p, lx - mw, p->y + 2 + tb->lh * 0.76, tb->fs * 0.65);
			show(p, lx, p->y + 2 + tb->lh * (double)i + tb->lh * 0.76, s + l->off,
			     l->len, m == SP_DOC_MARK_WEAK ? C_WEAK : C_TEXT);
		}
		x += tb->w[c];
	}
}

static double table_total_w(const struct tab *tb)
{
	double w = 0;

	for (size_t c = 0; c < tb->t->n_cols; c++)
		w += tb->w[c];
	return w;
}

static void table_caption(struct pager *p, const struct tab *tb, int cont)
{
	const char *cap = tb->cap;

	if (!cap || !*cap)
		return;
	if (cont) {
		size_t n = strlen(cap) + 16;
		char *s = malloc(n);

		if (!s) {
			p->err = -ENOMEM;
			return;
		}
		snprintf(s, n, "%s (continued)", cap);
		text_lines(p, s, SP_FONT_SANS, 8, 11, p->x0, p->tw, C_GREY);
		free(s);
	} else {
		text_lines(p, cap, SP_FONT_SANS_BOLD, BODY_PT, BODY_LH, p->x0, p->tw, C_TEXT);
	}
	p->y += 2;
}

static void table_head(struct pager *p, struct tab *tb, struct sp_page_table *rec)
{
	double h = row_height(p, tb, -1), w = table_total_w(tb);

	rule(p, p->x0, p->y, w, 0.8, C_RULE);
	table_row(p, tb, -1, h);
	p->y += h;
	rule(p, p->x0, p->y, w, 0.5, C_RULE);
	if (rec)
		rec->heads++;
}

static void table(struct pager *p, const struct sp_doc_table *t)
{
	struct sp_page_table *rec = NULL;
	struct tab tb = {.t = t};
	size_t nc = t->n_cols, ncell = (t->n_rows + 1) * nc;
	double w, caph = 0;

	if (p->paint && p->lay && p->lay->tables)
		rec = &p->lay->tables[p->i_table];
	p->i_table++;
	space(p, 8);
	if (t->caption && !(tb.cap = sp_paint_clean_utf8(t->caption)))
		goto oom;
	if (!nc) {
		table_caption(p, &tb, 0);
		goto out;
	}
	tb.w = calloc(nc, sizeof(*tb.w));
	tb.cell = calloc(ncell, sizeof(*tb.cell));
	if (!tb.w || !tb.cell)
		goto oom;
	for (size_t c = 0; c < nc; c++)
		if (!(tb.cell[c] = sp_paint_clean_utf8(t->head && t->head[c] ? t->head[c] : "")))
			goto oom;
	for (size_t i = 0; i < t->n_rows * nc; i++)
		if (!(tb.cell[nc + i] =
			  sp_paint_clean_utf8(t->cell && t->cell[i] ? t->cell[i] : "")))
			goto oom;
	table_widths(p, &tb);
	if (p->err)
		goto out;
	w = table_total_w(&tb);
	if (tb.cap && *tb.cap)
		caph =
		    (double)count_lines(p, tb.cap, SP_FONT_SANS_BOLD, BODY_PT, p->tw) * BODY_LH + 2;
	/* the caption, the header and the first row stay together */
	need(p, caph + row_height(p, &tb, -1) + (t->n_rows ? row_height(p, &tb, 0) : 0) + 1);
	if (rec)
		rec->first_page = p->page;
	table_caption(p, &tb, 0);
	table_head(p, &tb, rec);
	for (size_t r = 0; r < t->n_rows && !p->err; r++) {
		double h = row_height(p, &tb, (long)r);

		if (p->y + h > p->bottom + 0.01) {
			rule(p, p->x0, p->y, w, 0.8, C_RULE);
			page_break(p);
			table_caption(p, &tb, 1);
			table_head(p, &tb, rec);
		} else if (r > 0) {
			rule(p, p->x0, p->y, w, 0.25, C_HAIR);
		}
		table_row(p, &tb, (long)r, h);
		p->y += h;
		if (rec)
			rec->rows++;
	}
	rule(p, p->x0, p->y, w, 0.8, C_RULE);
	if (rec)
		rec->last_page = p->page;
	p->y += 3;
	p->used = 1;
	if (t->note && *t->note)
		text_lines(p, t->note, SP_FONT_SANS, 7.5, 10, p->x0, p->tw, C_GREY);
	goto out;
oom:
	p->err = -ENOMEM;
out:
	if (tb.cell)
		for (size_t i = 0; i < ncell; i++)
			free(tb.cell[i]);
	free(tb.cell);
	free(tb.w);
	free(tb.cap);
}

/* One pass over the whole document; returns the page count. */
static int run_pass(struct pager *p)
{
	p->page = 1;
	p->y = p->top;
	p->used = 0;
	p->i_chart = p->i_section = p->i_table = 0;
	p->prev = SP_DOC_SECTION;
	title_block(p);
	for (size_t i = 0; i < p->d->n_blocks && !p->err; i++) {
		const struct sp_doc_block *b = &p->d->blocks[i];
		const char *text = b->text ? b->text : "";

		p->i_block = i;

		switch (b->kind) {
		case SP_DOC_SECTION:
			section(p, text);
			break;
		case SP_DOC_HEADING:
			heading(p, text);
			break;
		case SP_DOC_PARA:
			space(p, 5);
			text_lines(p, text, SP_FONT_SANS, BODY_PT, BODY_LH, p->x0, p->tw, C_TEXT);
			break;
		case SP_DOC_BULLET:
			bullet(p, text);
			break;
		case SP_DOC_FACTS:
			facts(p, b);
			break;
		case SP_DOC_TABLE:
			if (b->table)
				table(p, b->table);
			else
				p->i_table++;
			break;
		case SP_DOC_CHART:
			if (b->chart)
				chart(p, b->chart);
			else
				p->i_chart++;
			break;
		case SP_DOC_PRE:
			pre(p, text);
			break;
		}
		p->prev = b->kind;
		if (!p->err && cairo_status(p->cr))
			p->err = -EIO;
	}
	if (p->paint) {
		footer(p);
		cairo_show_page(p->cr);
	}
	return p->page;
}

static int layout_alloc(struct sp_page_layout *lay, const struct sp_doc *d)
{
	for (size_t i = 0; i < d->n_blocks; i++) {
		enum sp_doc_block_kind k = d->blocks[i].kind;

		lay->n_charts += k == SP_DOC_CHART;
		lay->n_sections += k == SP_DOC_SECTION;
		lay->n_tables += k == SP_DOC_TABLE;
	}
	lay->charts = calloc(lay->n_charts + 1, sizeof(*lay->charts));
	lay->section_page = calloc(lay->n_sections + 1, sizeof(*lay->section_page));
	lay->blank_page = calloc(lay->n_sections + 1, sizeof(*lay->blank_page));
	lay->tables = calloc(lay->n_tables + 1, sizeof(*lay->tables));
	return lay->charts && lay->section_page && lay->blank_page && lay->tables ? 0 : -ENOMEM;
}

void sp_page_layout_release(struct sp_page_layout *lay)
{
	if (!lay)
		return;
	free(lay->charts);
	free(lay->section_page);
	free(lay->blank_page);
	free(lay->tables);
	memset(lay, 0, sizeof(*lay));
}

int sp_paper_parse(const char *s, enum sp_paper *out)
{
	if (!s || !strcmp(s, "a4"))
		*out = SP_PAPER_A4;
	else if (!strcmp(s, "letter"))
		*out = SP_PAPER_LETTER;
	else
		return -EINVAL;
	return 0;
}

/* The PDF or PostScript surface on the sink, with the document's title and date. */
static cairo_surface_t *open_surface(enum sp_page_format fmt, struct sink *k,
				     const struct sp_doc *d, double pw, double ph,
				     long long created_s)
{
	char *title = sp_paint_clean_utf8(d->title);
	cairo_surface_t *s;

	if (fmt == SP_PAGES_PDF) {
		s = cairo_pdf_surface_create_for_stream(sink_write, k, pw, ph);
		if (title)
			cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, title);
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR, "swapplace");
		if (created_s > 0) {
			time_t t = (time_t)created_s;
			struct tm tm;
			char iso[32];

			if (gmtime_r(&t, &tm) &&
			    strftime(iso, sizeof(iso), "%Y-%m-%dT%H:%M:%SZ", &tm))
				cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE,
							       iso);
		}
	} else {
		s = cairo_ps_surface_create_for_stream(sink_write, k, pw, ph);
		/* level 2: what the oldest office laser printer still takes */
		cairo_ps_surface_restrict_to_level(s, CAIRO_PS_LEVEL_2);
		if (title && *title) {
			/* a DSC comment is one line of printable ASCII */
			char dsc[256];
			size_t n = (size_t)snprintf(dsc, sizeof(dsc), "%%%%Title: %s", title);

			for (size_t i = 0; i < n && i < sizeof(dsc) - 1; i++)
				if ((unsigned char)dsc[i] < 0x20 || (unsigned char)dsc[i] > 0x7e)
					dsc[i] = '?';
			cairo_ps_surface_dsc_comment(s, dsc);
		}
	}
	free(title);
	return s;
}

int sp_doc_render_pages_layout(FILE *out, enum sp_page_format fmt, const struct sp_doc *d,
			       const struct sp_page_opts *o, long long created_s,
			       struct sp_page_layout *lay)
{
	static const struct sp_page_opts defaults = {SP_PAPER_A4, 0};
	struct sink k = {out, 0};
	struct pager p = {.fmt = fmt, .d = d};
	int ret = 0;

	if (lay)
		memset(lay, 0, sizeof(*lay));
	if (!out || !d || (fmt != SP_PAGES_PDF && fmt != SP_PAGES_PS))
		return -EINVAL;
	if (!o)
		o = &defaults;
	if (o->paper != SP_PAPER_A4 && o->paper != SP_PAPER_LETTER)
		return -EINVAL;
	p.duplex = o->duplex;
	p.pw = o->paper == SP_PAPER_LETTER ? 612 : 595.28;
	p.ph = o->paper == SP_PAPER_LETTER ? 792 : 841.89;
	p.x0 = MARGIN_PT;
	p.tw = p.pw - 2 * MARGIN_PT;
	p.top = MARGIN_PT;
	/* the footer sits in the bottom margin, 11 mm above the paper's edge */
	p.bottom = p.ph - MARGIN_PT;
	if (lay && layout_alloc(lay, d)) {
		sp_page_layout_release(lay);
		return -ENOMEM;
	}
	p.surf = open_surface(fmt, &k, d, p.pw, p.ph, created_s);
	p.cr = cairo_create(p.surf);
	if (cairo_status(p.cr)) {
		ret = -EIO;
		goto out;
	}
	p.n_pages = run_pass(&p);
	if (!p.err) {
		p.paint = 1;
		p.lay = lay;
		run_pass(&p);
	}
	ret = p.err;
	if (lay) {
		lay->n_pages = p.n_pages;
		lay->page_w_pt = p.pw;
		lay->page_h_pt = p.ph;
		lay->body = (struct sp_page_box){0, p.x0, p.top, p.tw, p.bottom - p.top};
	}
out:
	cairo_destroy(p.cr);
	cairo_surface_finish(p.surf);
	if (!ret && (cairo_surface_status(p.surf) || k.failed))
		ret = -EIO;
	cairo_surface_destroy(p.surf);
	if (fflush(out) || ferror(out))
		ret = ret ? ret : -EIO;
	free(p.buf);
	free(p.lines);
	return ret;
}

int sp_doc_render_pages(FILE *out, enum sp_page_format fmt, const struct sp_doc *d,
			const struct sp_page_opts *o, int *pages_out)
{
	struct sp_page_layout lay;
	int ret = sp_doc_render_pages_layout(out, fmt, d, o, 0, &lay);

	if (pages_out)
		*pages_out = ret ? 0 : lay.n_pages;
	sp_page_layout_release(&lay);
	return ret;
}

int sp_chart_render_png(FILE *out, const struct sp_chart *c, double w_pt, double scale)
{
	struct sink k = {out, 0};
	struct sp_canvas cv;
	cairo_surface_t *s;
	cairo_t *cr;
	double h;
	int ret;

	if (!out || !c || !(w_pt >= 120 && w_pt <= 10000) || !(scale > 0 && scale <= 16))
		return -EINVAL;
	h = sp_chart_height_pt(c, w_pt);
	if (!(h >= 80))
		h = 80;
	sp_canvas_init(&cv, w_pt, h);
	ret = sp_chart_draw(c, &cv);
	if (ret) {
		sp_canvas_release(&cv);
		return ret;
	}
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)ceil(w_pt * scale),
				       (int)ceil(h * scale));
	cr = cairo_create(s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_scale(cr, scale, scale);
	ret = sp_canvas_paint(cr, &cv, 0, 0);
	sp_canvas_release(&cv);
	cairo_destroy(cr);
	if (!ret && (cairo_surface_status(s) ||
		     cairo_surface_write_to_png_stream(s, sink_write, &k) || k.failed))
		ret = -EIO;
	cairo_surface_destroy(s);
	if (fflush(out) || ferror(out))
		ret = ret ? ret : -EIO;
	return ret;
}
