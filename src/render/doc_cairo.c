/*
 * doc_cairo.c - a document (core/doc/doc.h) laid out on pages and painted with cairo as PDF or
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
 * blank even page with its footer); a title keeps a few lines of its text with it, or its
 * short introduction and the chart or table after it (core/doc/keep.h); tables
 * break between rows and repeat their header; a chart never breaks.
 */
#include "render/doc_cairo.h"

#include <cairo-pdf.h>
#include <cairo-ps.h>
#include <cairo.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/doc/keep.h"
#include "render/doc_table.h"
#include "render/pager.h"
#include "render/paint.h"

struct sink {
	FILE *f;
	int failed;
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

static void title_block(struct pager *p)
{
	if (p->d->title) {
		sp_pager_text(p, p->d->title, SP_FONT_SANS_BOLD, TITLE_PT, TITLE_PT * 1.25, p->x0,
			      p->tw, C_TEXT);
	}
	if (p->d->subtitle) {
		p->y += 2;
		sp_pager_text(p, p->d->subtitle, SP_FONT_SANS, SUBTITLE_PT, SUBTITLE_PT * 1.35,
			      p->x0, p->tw, C_GREY);
	}
	if (p->d->title || p->d->subtitle) {
		p->y += 5;
		sp_pager_rule(p, p->x0, p->y, p->tw, 1.0, C_RULE);
		p->y += 12;
	}
	p->used = 0; /* the title alone does not make a duplex section move on */
}

/* The height of a text block as it would be set at w in font f (clean copy measured). */
static double text_h(struct pager *p, const char *text, enum sp_font f, double size_pt, double lh,
		     double w, size_t *lines)
{
	char *s = sp_paint_clean_utf8(text ? text : "");

	if (!s) {
		p->err = -ENOMEM;
		*lines = 1;
		return lh;
	}
	*lines = sp_pager_lines(p, s, f, size_pt, w);
	free(s);
	return (double)*lines * lh;
}

/*
 * How much of the blocks after a title must stand on the title's page (core/doc/keep.h): a
 * whole chart (it never splits), a table's caption, header and first row, else three lines;
 * a short introduction together with the chart or table it introduces. A title alone at the
 * foot of a page, its text or chart overleaf, is the first thing a reader notices.
 */
#define KEEP_LOOKAHEAD 6
static double keep_h(struct pager *p)
{
	struct sp_keep_block k[KEEP_LOOKAHEAD];
	size_t n = 0;

	for (size_t i = p->i_block + 1; i < p->d->n_blocks && n < KEEP_LOOKAHEAD; i++) {
		const struct sp_doc_block *b = &p->d->blocks[i];
		struct sp_keep_block *kb = &k[n++];
		size_t lines = 1;
		double h;

		kb->kind = SP_KEEP_TEXT;
		switch (b->kind) {
		case SP_DOC_CHART:
			if (!b->chart) {
				kb->h = kb->head_h = 0;
				break;
			}
			h = sp_chart_height_pt(b->chart, p->tw);
			kb->kind = SP_KEEP_FIGURE;
			kb->h = kb->head_h = 8 + (h >= 80 ? fmin(h, p->bottom - p->top) : 80);
			break;
		case SP_DOC_TABLE:
			if (!b->table) {
				kb->h = kb->head_h = 0;
				break;
			}
			h = 8 + 2 * (TABLE_PT_MAX * 1.3 + 4) + 2;
			if (b->table->caption && *b->table->caption)
				h += BODY_LH + 2;
			kb->kind = SP_KEEP_FIGURE;
			kb->h = kb->head_h = h;
			break;
		case SP_DOC_HEADING:
			if (n == 1 && p->d->blocks[p->i_block].kind == SP_DOC_SECTION) {
				/* a section's first heading: with its own first lines or figure */
				kb->h = 10 + 2 +
					text_h(p, b->text, SP_FONT_SANS_BOLD, HEADING_PT,
					       HEADING_PT * 1.3, p->tw, &lines);
				kb->head_h = kb->h + 3 * BODY_LH + 5;
				break;
			}
			/* fall through */
		case SP_DOC_SECTION:
			kb->kind = SP_KEEP_TITLE;
			kb->h = kb->head_h = 0;
			break;
		case SP_DOC_PARA:
			kb->h =
			    5 + text_h(p, b->text, SP_FONT_SANS, BODY_PT, BODY_LH, p->tw, &lines);
			kb->head_h = 5 + (double)(lines < 3 ? lines : 3) * BODY_LH;
			break;
		case SP_DOC_BULLET:
			kb->h = 5 + text_h(p, b->text, SP_FONT_SANS, BODY_PT, BODY_LH, p->tw - 13,
					   &lines);
			kb->head_h = 5 + (double)(lines < 3 ? lines : 3) * BODY_LH;
			break;
		case SP_DOC_FACTS:
			kb->h = 5 + (double)(b->n_facts + 1) * BODY_LH;
			kb->head_h = 3 * BODY_LH + 5;
			break;
		case SP_DOC_PRE:
		default:
			/* its lines are not measured here: it counts as long text */
			kb->h = p->bottom - p->top;
			kb->head_h = 3 * BODY_LH + 5;
			break;
		}
		if (kb->kind == SP_KEEP_TITLE)
			break;
	}
	return sp_keep_with_title(k, n, p->bottom - p->top);
}

static void section(struct pager *p, const char *title)
{
	double lh = SECTION_PT * 1.3;
	size_t n;
	char *s;

	if (p->duplex) {
		if (p->used)
			sp_pager_break(p);
		if (p->page % 2 == 0) {
			if (p->paint && p->lay && p->lay->blank_page)
				p->lay->blank_page[p->lay->n_blanks++] = p->page;
			sp_pager_break(p);
		}
	} else if (p->used && p->bottom - p->y < (p->bottom - p->top) / 4) {
		sp_pager_break(p);
	}
	sp_pager_space(p, 16);
	s = sp_paint_clean_utf8(title);
	if (!s) {
		p->err = -ENOMEM;
		return;
	}
	n = sp_pager_lines(p, s, SP_FONT_SANS_BOLD, SECTION_PT, p->tw);
	sp_pager_need(p, n * lh + 8 + keep_h(p)); /* a title keeps the start of its text with it */
	if (p->paint && p->lay && p->lay->section_page)
		p->lay->section_page[p->i_section] = p->page;
	p->i_section++;
	if (p->paint && p->fmt == SP_PAGES_PDF) {
		char dest[64];

		snprintf(dest, sizeof(dest), "page=%d pos=[%.1f %.1f]", p->page, p->x0, p->y);
		cairo_pdf_surface_add_outline(p->surf, CAIRO_PDF_OUTLINE_ROOT, s, dest, 0);
	}
	free(s);
	sp_pager_text(p, title, SP_FONT_SANS_BOLD, SECTION_PT, lh, p->x0, p->tw, C_TEXT);
	p->y += 2;
	sp_pager_rule(p, p->x0, p->y, p->tw, 0.6, C_RULE);
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
	n = sp_pager_lines(p, s, SP_FONT_SANS_BOLD, HEADING_PT, p->tw);
	free(s);
	sp_pager_space(p, 10);
	sp_pager_need(p, n * lh + 2 + keep_h(p));
	sp_pager_text(p, text, SP_FONT_SANS_BOLD, HEADING_PT, lh, p->x0, p->tw, C_TEXT);
	p->y += 2;
}

static void bullet(struct pager *p, const char *text)
{
	static const char dot[] = "\xe2\x80\xa2"; /* U+2022 */
	double indent = 13, y;

	sp_pager_space(p, p->prev == SP_DOC_BULLET ? 2 : 5);
	sp_pager_need(p, BODY_LH);
	y = p->y;
	sp_paint_font(p->cr, SP_FONT_SANS, BODY_PT);
	sp_pager_show(p, p->x0 + 3, y + BODY_LH * 0.76, dot, strlen(dot), C_TEXT);
	sp_pager_text(p, text, SP_FONT_SANS, BODY_PT, BODY_LH, p->x0 + indent, p->tw - indent,
		      C_TEXT);
}

static void facts(struct pager *p, const struct sp_doc_block *b)
{
	double kw = 0, gap = 10, lh = BODY_LH;

	sp_pager_space(p, 5);
	sp_paint_font(p->cr, SP_FONT_SANS_BOLD, BODY_PT);
	for (size_t i = 0; i < b->n_facts; i++) {
		char *k = sp_paint_clean_utf8(b->facts[i].key);

		if (!k) {
			p->err = -ENOMEM;
			return;
		}
		kw = fmax(kw, sp_pager_width(p, k, strlen(k)));
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
		nk = sp_pager_lines(p, k, SP_FONT_SANS_BOLD, BODY_PT, kw);
		nv = sp_pager_lines(p, v, SP_FONT_SANS, BODY_PT, p->tw - kw - gap);
		/* one fact is never split across pages */
		sp_pager_need(p, (double)(nk > nv ? nk : nv) * lh);
		y0 = p->y;
		sp_pager_text(p, k, SP_FONT_SANS_BOLD, BODY_PT, lh, p->x0, kw, C_TEXT);
		p->y = y0;
		sp_pager_text(p, v, SP_FONT_SANS, BODY_PT, lh, p->x0 + kw + gap, p->tw - kw - gap,
			      C_TEXT);
		p->y = y0 + (double)(nk > nv ? nk : nv) * lh + 1;
		free(k), free(v);
	}
}

/* One line of a PRE block, set off by a grey bar at its left, so raw figures read apart from
 * running text on every page they cover; indent: a continuation's hang (points). */
static void pre_line(struct pager *p, const char *s, size_t n, double indent)
{
	sp_pager_need(p, PRE_LH);
	sp_paint_font(p->cr, SP_FONT_MONO, PRE_PT); /* the footer may have changed it */
	if (p->paint) {
		sp_paint_rgb(p->cr, C_HAIR, 1);
		cairo_rectangle(p->cr, p->x0, p->y, 1.5, PRE_LH);
		cairo_fill(p->cr);
	}
	sp_pager_show(p, p->x0 + 8 + indent, p->y + PRE_LH * 0.76, s, n, C_TEXT);
	p->y += PRE_LH;
}

static void pre(struct pager *p, const char *text)
{
	/* tabs to 8 columns, so a table someone typed keeps its columns */
	size_t n = strlen(text), tabs = 0, col = 0, j = 0, cols;
	char *x, *s;
	double adv;

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
	sp_pager_space(p, 5);
	/* monospaced: a line wider than the text area continues on the next, broken at a field
	 * boundary (never "max" / "1928 us") and hung under its value column */
	sp_paint_font(p->cr, SP_FONT_MONO, PRE_PT);
	adv = sp_pager_width(p, "0", 1);
	cols = adv > 0 ? (size_t)floor((p->tw - 8) / adv) : 80;
	if (cols < 20)
		cols = 20;
	for (const char *a = s; !p->err;) {
		size_t len = strcspn(a, "\n"), off = 0, hang = sp_text_hang(a, len, cols);

		if (hang > cols / 2)
			hang = cols / 2;
		do {
			size_t next, w = off ? cols - hang : cols;
			size_t k = sp_text_fit_fields(a + off, len - off, w, &next);

			if (!next)
				next = len - off; /* never stall */
			pre_line(p, a + off, k, off ? (double)hang * adv : 0);
			off += next;
		} while (off < len && !p->err);
		if (!a[len])
			break;
		a += len + 1;
	}
	p->used = 1;
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
		sp_pager_space(p, 5);
		sp_pager_text(p, note, SP_FONT_SANS, BODY_PT, BODY_LH, p->x0, p->tw, C_GREY);
	} else {
		sp_pager_space(p, 8);
		sp_pager_need(p, h);
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
			sp_pager_space(p, 5);
			sp_pager_text(p, text, SP_FONT_SANS, BODY_PT, BODY_LH, p->x0, p->tw,
				      C_TEXT);
			break;
		case SP_DOC_BULLET:
			bullet(p, text);
			break;
		case SP_DOC_FACTS:
			facts(p, b);
			break;
		case SP_DOC_TABLE:
			if (b->table)
				sp_pager_table(p, b->table);
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
		sp_pager_footer(p);
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
