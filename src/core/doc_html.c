/*
 * doc_html.c - a document as one self-contained HTML file (see doc_html.h).
 * PLACEHOLDER: plain markup, charts as SVG from their shapes; the styled version replaces it.
 */
#include <errno.h>
#include <stdio.h>

#include "core/doc_html.h"

static void esc(FILE *out, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '<')
			fputs("&lt;", out);
		else if (*s == '>')
			fputs("&gt;", out);
		else if (*s == '&')
			fputs("&amp;", out);
		else if (*s == '"')
			fputs("&quot;", out);
		else
			fputc(*s, out);
	}
}

static void svg(FILE *out, const struct sp_canvas *cv)
{
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\">\n",
		cv->w_pt, cv->h_pt);
	for (size_t i = 0; i < cv->n; i++) {
		const struct sp_shape *s = &cv->s[i];

		if (s->kind == SP_SHAPE_RECT) {
			fprintf(out, "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"",
				s->role, s->x, s->y, s->w, s->h);
			if (s->name) {
				fputs(" data-name=\"", out);
				esc(out, s->name);
				fputc('"', out);
			}
			fprintf(out, " fill=\"%s\" stroke=\"%s\"/>\n", s->filled ? "#4878a8" : "none",
				s->stroked ? "#808080" : "none");
		} else if (s->kind == SP_SHAPE_LINE) {
			fprintf(out, "<polyline class=\"%s\" fill=\"none\" stroke=\"#4878a8\" points=\"", s->role);
			for (size_t k = 0; k < s->n_pts; k++)
				fprintf(out, "%.1f,%.1f ", s->pts[2 * k], s->pts[2 * k + 1]);
			fputs("\"/>\n", out);
		} else {
			fprintf(out, "<text class=\"%s\" x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\">", s->role,
				s->x, s->y, s->font_pt);
			esc(out, s->text);
			fputs("</text>\n", out);
		}
	}
	fputs("</svg>\n", out);
}

int sp_chart_write_svg(FILE *out, const struct sp_chart *c, double w_pt)
{
	struct sp_canvas cv;
	int ret;

	sp_canvas_init(&cv, w_pt, sp_chart_height_pt(c, w_pt));
	ret = sp_chart_draw(c, &cv);
	if (!ret)
		svg(out, &cv);
	sp_canvas_release(&cv);
	return ret ? ret : ferror(out) ? -EIO : 0;
}

int sp_doc_write_html(FILE *out, const struct sp_doc *d)
{
	fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>", out);
	esc(out, d->title);
	fputs("</title></head><body>\n<h1>", out);
	esc(out, d->title);
	fputs("</h1>\n", out);
	for (size_t i = 0; i < d->n_blocks; i++) {
		const struct sp_doc_block *b = &d->blocks[i];
		const char *tag = b->kind == SP_DOC_SECTION ? "h2" : b->kind == SP_DOC_HEADING ? "h3"
				  : b->kind == SP_DOC_PRE ? "pre" : "p";

		switch (b->kind) {
		case SP_DOC_TABLE:
			fputs("<table>\n<tr>", out);
			for (size_t c = 0; c < b->table->n_cols; c++) {
				fputs("<th>", out);
				esc(out, b->table->head[c]);
				fputs("</th>", out);
			}
			fputs("</tr>\n", out);
			for (size_t r = 0; r < b->table->n_rows; r++) {
				fputs("<tr>", out);
				for (size_t c = 0; c < b->table->n_cols; c++) {
					fputs("<td>", out);
					esc(out, b->table->cell[r * b->table->n_cols + c]);
					fputs("</td>", out);
				}
				fputs("</tr>\n", out);
			}
			fputs("</table>\n", out);
			break;
		case SP_DOC_FACTS:
			fputs("<dl>\n", out);
			for (size_t k = 0; k < b->n_facts; k++) {
				fputs("<dt>", out);
				esc(out, b->facts[k].key);
				fputs("</dt><dd>", out);
				esc(out, b->facts[k].value);
				fputs("</dd>\n", out);
			}
			fputs("</dl>\n", out);
			break;
		case SP_DOC_CHART:
			sp_chart_write_svg(out, b->chart, 480);
			break;
		default:
			fprintf(out, "<%s>", tag);
			esc(out, b->text);
			fprintf(out, "</%s>\n", tag);
		}
	}
	fputs("</body></html>\n", out);
	return ferror(out) ? -EIO : 0;
}
