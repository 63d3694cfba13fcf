/*
 * doc_html.c - a document as one self-contained HTML5 file (see doc_html.h).
 *
 * The file must open on any computer years later, offline, and print well: so everything is
 * inline (CSS in <style>, charts as <svg> written from the chart's shapes, core/doc/chart.h), no
 * script, nothing fetched (no src=, no url(), no link; the SVG namespace name is a name, never
 * loaded). The print stylesheet gives A4 (or letter) margins, a page break before every
 * section but the first, table headers repeated on each page, charts and table rows kept
 * whole, black text; table marks are shown by weight, underline and style, not colour alone,
 * since browsers drop backgrounds when printing.
 *
 * Every string comes from a report that may hold a disk's serial number or a model name the
 * firmware made up, so each is escaped (& < > " '), control characters are dropped and
 * malformed UTF-8 becomes U+FFFD: the file stays valid HTML and each <svg> valid XML.
 */
#include "core/doc/doc_html.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define HTML_CHART_W_PT 480.0 /* A4's text width with 18 mm margins is 493 pt */

/* The length of a valid UTF-8 sequence at s (1..4), or 0 when it is malformed, overlong, a
 * surrogate, beyond U+10FFFF or a non-character XML refuses (U+FFFE, U+FFFF); *c1 is set for
 * a C1 control character (U+0080..U+009F), dropped like the C0 ones. */
static size_t utf8_ok(const unsigned char *s, int *c1)
{
	*c1 = 0;
	unsigned cp;
	size_t n;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10ffff ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp == 0xfffe || cp == 0xffff)
		return 0;
	*c1 = cp >= 0x80 && cp <= 0x9f;
	return n;
}

/* Text and attribute values: escaped, control characters dropped (a newline and a tab
 * become a space unless keep_nl), malformed UTF-8 replaced. */
static void esc_nl(FILE *out, const char *str, int keep_nl)
{
	const unsigned char *s = (const unsigned char *)str;

	while (s && *s) {
		size_t n;
		int c1;

		switch (*s) {
		case '&':
			fputs("&amp;", out);
			s++;
			continue;
		case '<':
			fputs("&lt;", out);
			s++;
			continue;
		case '>':
			fputs("&gt;", out);
			s++;
			continue;
		case '"':
			fputs("&quot;", out);
			s++;
			continue;
		case '\'':
			fputs("&#39;", out);
			s++;
			continue;
		case '\n':
			fputc(keep_nl ? '\n' : ' ', out);
			s++;
			continue;
		case '\t':
			fputc(' ', out);
			s++;
			continue;
		}
		if (*s < 0x20 || *s == 0x7f) {
			s++;
			continue;
		}
		n = utf8_ok(s, &c1);
		if (!n) {
			fputs("\xef\xbf\xbd", out); /* U+FFFD for one bad byte */
			s++;
			continue;
		}
		if (!c1)
			fwrite(s, 1, n, out);
		s += n;
	}
}

static void esc(FILE *out, const char *s)
{
	esc_nl(out, s, 0);
}

/* ---- SVG from shapes ---- */

static void colour(FILE *out, const char *attr, uint32_t rgb)
{
	fprintf(out, " %s=\"#%06x\"", attr, (unsigned)(rgb & 0xffffff));
}

static void stroke_attrs(FILE *out, const struct sp_shape *s)
{
	double dash[4];
	size_t n;

	if (!s->stroked) {
		fputs(" stroke=\"none\"", out);
		return;
	}
	colour(out, "stroke", s->stroke);
	fprintf(out, " stroke-width=\"%.2f\"", s->stroke_pt);
	n = sp_chart_dash(s->dashed, dash);
	if (n) {
		fputs(" stroke-dasharray=\"", out);
		for (size_t i = 0; i < n; i++)
			fprintf(out, "%s%.2f", i ? " " : "", dash[i]);
		fputc('"', out);
	}
}

static void class_name(FILE *out, const struct sp_shape *s)
{
	fputs(" class=\"", out);
	esc(out, s->role ? s->role : "shape");
	fputc('"', out);
	if (s->name) {
		fputs(" data-name=\"", out);
		esc(out, s->name);
		fputc('"', out);
	}
}

static void svg_shape(FILE *out, const struct sp_shape *s)
{
	switch (s->kind) {
	case SP_SHAPE_RECT:
		fputs("<rect", out);
		class_name(out, s);
		fprintf(out, " x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"",
			s->w < 0 ? s->x + s->w : s->x, s->h < 0 ? s->y + s->h : s->y,
			s->w < 0 ? -s->w : s->w, s->h < 0 ? -s->h : s->h);
		if (s->filled)
			colour(out, "fill", s->fill);
		else
			fputs(" fill=\"none\"", out);
		stroke_attrs(out, s);
		break;
	case SP_SHAPE_LINE:
		fputs("<polyline", out);
		class_name(out, s);
		fputs(" fill=\"none\"", out);
		stroke_attrs(out, s);
		fputs(" stroke-linejoin=\"round\" points=\"", out);
		for (size_t i = 0; i < s->n_pts; i++)
			fprintf(out, "%s%.2f,%.2f", i ? " " : "", s->pts[2 * i], s->pts[2 * i + 1]);
		fputc('"', out);
		break;
	case SP_SHAPE_TEXT:
		fputs("<text", out);
		class_name(out, s);
		fprintf(out, " x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\"", s->x, s->y, s->font_pt);
		colour(out, "fill", s->filled ? s->fill : 0);
		if (s->anchor == 1)
			fputs(" text-anchor=\"middle\"", out);
		else if (s->anchor == 2)
			fputs(" text-anchor=\"end\"", out);
		if (s->bold)
			fputs(" font-weight=\"bold\"", out);
		if (s->mono)
			fputs(" font-family=\"'DejaVu Sans Mono', monospace\"", out);
		if (s->vertical)
			fprintf(out, " transform=\"rotate(-90 %.2f %.2f)\"", s->x, s->y);
		if (s->alpha < 1)
			fprintf(out, " opacity=\"%.2f\"", s->alpha);
		fputc('>', out);
		esc(out, s->text);
		fputs("</text>\n", out);
		return;
	}
	if (s->alpha < 1)
		fprintf(out, " opacity=\"%.2f\"", s->alpha < 0 ? 0 : s->alpha);
	fputs("/>\n", out);
}

/* the canvas as one <svg>: drawn in points, shown at 4/3 px per point (CSS's pt) and
 * shrunk with the page when it is narrower */
static void svg_canvas(FILE *out, const struct sp_canvas *cv, const char *title)
{
	fprintf(out,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" role=\"img\""
		" viewBox=\"0 0 %.2f %.2f\" width=\"%.0f\" height=\"%.0f\""
		" font-family=\"'DejaVu Sans', sans-serif\" aria-label=\"",
		cv->w_pt, cv->h_pt, cv->w_pt * 4 / 3, cv->h_pt * 4 / 3);
	esc(out, title);
	fputs("\">\n<title>", out);
	esc(out, title);
	fputs("</title>\n", out);
	fprintf(out,
		"<rect class=\"background\" x=\"0\" y=\"0\" width=\"%.2f\" height=\"%.2f\""
		" fill=\"#ffffff\"/>\n",
		cv->w_pt, cv->h_pt);
	for (size_t i = 0; i < cv->n; i++)
		svg_shape(out, &cv->s[i]);
	fputs("</svg>\n", out);
}

int sp_chart_write_svg(FILE *out, const struct sp_chart *c, double w_pt)
{
	struct sp_canvas cv;
	int ret;

	if (!out || !c || !(w_pt >= 120))
		return -EINVAL;
	sp_canvas_init(&cv, w_pt, sp_chart_height_pt(c, w_pt));
	ret = sp_chart_draw(c, &cv);
	if (!ret)
		svg_canvas(out, &cv, c->title);
	sp_canvas_release(&cv);
	return ret ? ret : ferror(out) ? -EIO : 0;
}

/* ---- the page ---- */

static const char *const css =
    ":root{color-scheme:light}\n"
    "body{font-family:'DejaVu Sans',Verdana,sans-serif;font-size:10.5pt;line-height:1.4;"
    "color:#000;background:#fff;max-width:52em;margin:1.5em auto;padding:0 1em}\n"
    "header h1{font-size:19pt;margin:0 0 .2em}\n"
    "header p.subtitle{margin:0 0 1.2em;color:#222}\n"
    "h2{font-size:14pt;margin:1.6em 0 .5em;padding-bottom:.15em;border-bottom:1.5px solid #000}\n"
    "h3{font-size:11.5pt;margin:1.2em 0 .4em}\n"
    "p{margin:.45em 0}\n"
    "ul{margin:.4em 0;padding-left:1.4em}\n"
    "div.table{overflow-x:auto}\n"
    "table{border-collapse:collapse;margin:.6em 0;font-size:9.5pt}\n"
    "caption{caption-side:top;text-align:left;font-weight:bold;padding:.2em 0 .3em}\n"
    "th,td{border:1px solid #888;padding:.2em .55em;vertical-align:top}\n"
    "thead th{background:#e8e8e8;border-bottom:1.5px solid #000}\n"
    ".l{text-align:left}\n"
    ".r{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}\n"
    "td.strong{font-weight:bold;background:#e4ecf6}\n"
    "td.beyond{font-weight:bold;text-decoration:underline;text-decoration-thickness:2px;"
    "background:#fde9c8}\n"
    "td.beyond::after{content:\" \\2020\"}\n"
    "td.weak{color:#555;font-style:italic}\n"
    "p.note{font-size:9pt;color:#222;margin-top:-.2em}\n"
    "table.facts th{text-align:left;font-weight:normal;color:#222;background:none;"
    "white-space:nowrap}\n"
    "table.facts td{font-weight:bold}\n"
    "pre{font-family:'DejaVu Sans Mono',monospace;font-size:8.5pt;line-height:1.3;"
    "white-space:pre-wrap;border-left:3px solid #888;padding:.3em .6em;margin:.6em 0}\n"
    "figure{margin:.8em 0}\n"
    "svg.chart{max-width:100%;height:auto;display:block}\n"
    "p.nochart{font-style:italic;color:#555}\n"
    "footer{margin-top:2.5em;padding-top:.4em;border-top:1px solid #888;font-size:9pt;"
    "color:#222}\n"
    "@media print{\n"
    "body{max-width:none;margin:0;padding:0;font-size:10pt;color:#000}\n"
    "*{-webkit-print-color-adjust:exact;print-color-adjust:exact}\n"
    "section+section>h2{break-before:page;page-break-before:always}\n"
    "h2,h3,caption{break-after:avoid;page-break-after:avoid}\n"
    "thead{display:table-header-group}\n"
    "tr,figure,pre,svg{break-inside:avoid;page-break-inside:avoid}\n"
    "p.subtitle,p.note,table.facts th,td.weak,footer{color:#000}\n"
    "div.table{overflow:visible}\n"
    "}\n";

static void html_table(FILE *out, const struct sp_doc_table *t)
{
	static const char *const mark_class[] = {"", " strong", " beyond", " weak"};

	fputs("<div class=\"table\"><table class=\"data\">\n", out);
	if (t->caption && t->caption[0]) {
		fputs("<caption>", out);
		esc(out, t->caption);
		fputs("</caption>\n", out);
	}
	fputs("<thead><tr>", out);
	for (size_t c = 0; c < t->n_cols; c++) {
		fprintf(out, "<th scope=\"col\" class=\"%c\">",
			t->align && t->align[c] == 'r' ? 'r' : 'l');
		esc(out, t->head ? t->head[c] : "");
		fputs("</th>", out);
	}
	fputs("</tr></thead>\n<tbody>\n", out);
	for (size_t r = 0; r < t->n_rows; r++) {
		fputs("<tr>", out);
		for (size_t c = 0; c < t->n_cols; c++) {
			size_t i = r * t->n_cols + c;
			unsigned m = t->mark ? t->mark[i] : 0;

			fprintf(out, "<td class=\"%c%s\">",
				t->align && t->align[c] == 'r' ? 'r' : 'l',
				m < 4 ? mark_class[m] : "");
			esc(out, t->cell ? t->cell[i] : "");
			fputs("</td>", out);
		}
		fputs("</tr>\n", out);
	}
	fputs("</tbody>\n</table></div>\n", out);
	if (t->note && t->note[0]) {
		fputs("<p class=\"note\">", out);
		esc(out, t->note);
		fputs("</p>\n", out);
	}
}

static void html_facts(FILE *out, const struct sp_doc_block *b)
{
	fputs("<table class=\"facts\"><tbody>\n", out);
	for (size_t k = 0; k < b->n_facts; k++) {
		fputs("<tr><th scope=\"row\">", out);
		esc(out, b->facts[k].key);
		fputs("</th><td>", out);
		esc(out, b->facts[k].value);
		fputs("</td></tr>\n", out);
	}
	fputs("</tbody></table>\n", out);
}

/* 0, or -ENOMEM when the chart could not be laid out (the rest of the file still is) */
static int html_chart(FILE *out, const struct sp_chart *c)
{
	int ret;

	fputs("<figure class=\"chart\">\n", out);
	ret = c ? sp_chart_write_svg(out, c, HTML_CHART_W_PT) : -EINVAL;
	if (ret == -EINVAL) { /* nothing to draw: say so where the chart would be */
		fputs("<p class=\"nochart\">", out);
		esc(out, c && c->title && c->title[0] ? c->title : "chart");
		fputs(": nothing to draw</p>\n", out);
	}
	fputs("</figure>\n", out);
	return ret == -ENOMEM ? ret : 0;
}

static void text_block(FILE *out, const char *tag, const char *text)
{
	fprintf(out, "<%s>", tag);
	esc(out, text);
	fprintf(out, "</%s>\n", tag);
}

int sp_doc_write_html_paper(FILE *out, const struct sp_doc *d, int letter)
{
	int in_section = 0, in_list = 0, err = 0;

	if (!out || !d)
		return -EINVAL;
	fputs("<!DOCTYPE html>\n<html lang=\"", out);
	esc(out, d->lang && d->lang[0] ? d->lang : "en");
	fputs("\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
	      out);
	esc(out, d->title ? d->title : "");
	if (d->subtitle && d->subtitle[0]) {
		fputs(" \xe2\x80\x94 ", out);
		esc(out, d->subtitle);
	}
	fputs("</title>\n<style>\n", out);
	fprintf(out, "@page{size:%s;margin:18mm 16mm 20mm}\n", letter ? "letter" : "A4");
	fputs(css, out);
	fputs("</style>\n</head>\n<body>\n<header>\n", out);
	text_block(out, "h1", d->title ? d->title : "");
	if (d->subtitle && d->subtitle[0]) {
		fputs("<p class=\"subtitle\">", out);
		esc(out, d->subtitle);
		fputs("</p>\n", out);
	}
	fputs("</header>\n<main>\n", out);
	for (size_t i = 0; i < d->n_blocks; i++) {
		const struct sp_doc_block *b = &d->blocks[i];

		if (in_list && b->kind != SP_DOC_BULLET) {
			fputs("</ul>\n", out);
			in_list = 0;
		}
		switch (b->kind) {
		case SP_DOC_SECTION:
			if (in_section)
				fputs("</section>\n", out);
			fputs("<section>\n", out);
			in_section = 1;
			text_block(out, "h2", b->text);
			break;
		case SP_DOC_HEADING:
			text_block(out, "h3", b->text);
			break;
		case SP_DOC_PARA:
			text_block(out, "p", b->text);
			break;
		case SP_DOC_BULLET:
			if (!in_list)
				fputs("<ul>\n", out);
			in_list = 1;
			text_block(out, "li", b->text);
			break;
		case SP_DOC_FACTS:
			html_facts(out, b);
			break;
		case SP_DOC_TABLE:
			if (b->table)
				html_table(out, b->table);
			break;
		case SP_DOC_CHART:
			if (html_chart(out, b->chart))
				err = -ENOMEM;
			break;
		case SP_DOC_PRE:
			fputs("<pre>", out);
			esc_nl(out, b->text, 1);
			fputs("</pre>\n", out);
			break;
		}
	}
	if (in_list)
		fputs("</ul>\n", out);
	if (in_section)
		fputs("</section>\n", out);
	fputs("</main>\n<footer>\n<p>", out);
	esc(out, d->footer ? d->footer : "");
	fputs("</p>\n</footer>\n</body>\n</html>\n", out);
	return ferror(out) ? -EIO : err;
}

int sp_doc_write_html(FILE *out, const struct sp_doc *d)
{
	return sp_doc_write_html_paper(out, d, 0);
}
