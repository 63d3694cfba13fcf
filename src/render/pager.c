/*
 * pager.c - the page-setting machinery of the cairo page renderer (see pager.h): measuring and
 * wrapping text with cairo in the font being set (the target surface's own metrics, so the
 * lines measured in the first pass are the lines drawn in the second), and the page's end.
 */
#include "render/pager.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/paint.h"

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

double sp_pager_width(struct pager *p, const char *s, size_t n)
{
	cairo_text_extents_t te;

	cairo_text_extents(p->cr, piece(p, s, n), &te);
	return te.x_advance;
}

void sp_pager_show(struct pager *p, double x, double y, const char *s, size_t n, uint32_t rgb)
{
	if (!p->paint || !n)
		return;
	sp_paint_rgb(p->cr, rgb, 1);
	cairo_move_to(p->cr, x, y);
	cairo_show_text(p->cr, piece(p, s, n));
	cairo_new_path(p->cr);
}

void sp_pager_rule(struct pager *p, double x, double y, double w, double lw, uint32_t rgb)
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
		struct pager_line *l = realloc(p->lines, cap * sizeof(*l));

		if (!l) {
			p->err = -ENOMEM;
			return;
		}
		p->lines = l;
		p->cap_lines = cap;
	}
	p->lines[p->n_lines++] = (struct pager_line){off, len};
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
void sp_pager_wrap(struct pager *p, const char *s, double w)
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
				if (fit > i && sp_pager_width(p, s + i, e - i) > w)
					break;
				if (fit == i && sp_pager_width(p, s + i, e - i) > w) {
					/* the first word alone is too wide: cut it */
					size_t c = next_cp(s, i, eol);

					while (c < e && sp_pager_width(p, s + i,
								       next_cp(s, c, eol) - i) <= w)
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

void sp_pager_footer(struct pager *p)
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
	sp_pager_rule(p, p->x0, y, p->tw, 0.4, C_HAIR);
	sp_paint_font(p->cr, SP_FONT_SANS, fs);
	wn = sp_pager_width(p, num, strlen(num));
	sp_pager_show(p, p->x0 + p->tw - wn, y + 10, num, strlen(num), C_GREY);
	/* a long footer shrinks (down to 6 pt) before it is cut */
	room = p->tw - wn - 12;
	while (fs > 6 && sp_pager_width(p, fc, strlen(fc)) > room)
		sp_paint_font(p->cr, SP_FONT_SANS, fs -= 0.5);
	/* cut by hand: sp_pager_wrap() would overwrite the lines of the text being set */
	n = strlen(fc);
	while (n && sp_pager_width(p, fc, n) > room) {
		do
			n--;
		while (n && ((unsigned char)fc[n] & 0xc0) == 0x80);
	}
	sp_pager_show(p, p->x0, y + 10, fc, n, C_GREY);
	free(fc);
}

void sp_pager_break(struct pager *p)
{
	if (p->paint) {
		sp_pager_footer(p);
		cairo_show_page(p->cr);
	}
	p->page++;
	p->y = p->top;
	p->used = 0;
}

/* Vertical space before a block, none at the top of a page. */
void sp_pager_space(struct pager *p, double pt)
{
	if (p->y > p->top + 0.01)
		p->y += pt;
}

/* Start a new page unless h points fit below; a page that is still empty takes anything. */
void sp_pager_need(struct pager *p, double h)
{
	if (p->y + h > p->bottom + 0.01 && p->y > p->top + 0.01)
		sp_pager_break(p);
}

/* Set text wrapped at w from x, breaking pages between lines. */
void sp_pager_text(struct pager *p, const char *text, enum sp_font f, double size_pt, double lh,
		   double x, double w, uint32_t rgb)
{
	char *s = sp_paint_clean_utf8(text);

	if (!s) {
		p->err = -ENOMEM;
		return;
	}
	sp_paint_font(p->cr, f, size_pt);
	sp_pager_wrap(p, s, w);
	/* no first line of a paragraph alone at the foot of a page */
	if (p->n_lines >= 2)
		sp_pager_need(p, 2 * lh);
	for (size_t i = 0; i < p->n_lines && !p->err; i++) {
		sp_pager_need(p, lh);
		sp_paint_font(p->cr, f, size_pt); /* the footer may have changed it */
		sp_pager_show(p, x, p->y + lh * 0.76, s + p->lines[i].off, p->lines[i].len, rgb);
		p->y += lh;
	}
	p->used = 1;
	free(s);
}

/* How many lines text takes at w in font f (the lines stay in p->lines). */
size_t sp_pager_lines(struct pager *p, const char *s, enum sp_font f, double size_pt, double w)
{
	sp_paint_font(p->cr, f, size_pt);
	sp_pager_wrap(p, s, w);
	return p->n_lines ? p->n_lines : 1;
}
