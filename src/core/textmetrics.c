/*
 * textmetrics.c - text widths in the fonts we ship (see textmetrics.h).
 * PLACEHOLDER: an average advance per glyph until the DejaVu tables land.
 */
#include <string.h>

#include "core/textmetrics.h"

static double advance_em(enum sp_font f, unsigned char c)
{
	(void)c;
	return f == SP_FONT_MONO ? 0.602 : f == SP_FONT_SANS_BOLD ? 0.62 : 0.56;
}

double sp_text_width_pt(enum sp_font f, double size_pt, const char *s)
{
	double w = 0;

	for (; s && *s; s++)
		if ((*s & 0xc0) != 0x80)
			w += advance_em(f, (unsigned char)*s);
	return w * size_pt;
}

size_t sp_text_fit(enum sp_font f, double size_pt, const char *s, size_t len, double width_pt,
		   size_t *next_out)
{
	size_t i = 0, brk = 0;
	double w = 0;

	while (i < len) {
		size_t j = i + 1;

		while (j < len && (s[j] & 0xc0) == 0x80)
			j++;
		w += advance_em(f, (unsigned char)s[i]) * size_pt;
		if (w > width_pt && i > 0)
			break;
		if (s[i] == ' ')
			brk = i;
		i = j;
	}
	if (i < len && brk > 0)
		i = brk;
	*next_out = i;
	while (*next_out < len && s[*next_out] == ' ')
		(*next_out)++;
	return i;
}
