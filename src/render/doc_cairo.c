/*
 * doc_cairo.c - a document on pages, painted with cairo (see doc_cairo.h).
 * PLACEHOLDER: not yet rendered; the paginating renderer replaces it.
 */
#include <errno.h>
#include <string.h>

#include "render/doc_cairo.h"

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

int sp_doc_render_pages(FILE *out, enum sp_page_format fmt, const struct sp_doc *d,
			const struct sp_page_opts *o, int *pages_out)
{
	(void)out, (void)fmt, (void)d, (void)o, (void)pages_out;
	return -ENOSYS;
}

int sp_chart_render_png(FILE *out, const struct sp_chart *c, double w_pt, double scale)
{
	(void)out, (void)c, (void)w_pt, (void)scale;
	return -ENOSYS;
}
