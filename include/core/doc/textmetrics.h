/*
 * textmetrics.h - how wide a string is in the fonts we ship (DejaVu Sans, Sans Bold, Sans
 * Mono from Debian's fonts-dejavu-core), and where to break it, without opening a font.
 *
 * The chart layout and the HTML's fixed boxes are computed in the core, where no font file may
 * be read; the advance widths of DejaVu's ASCII glyphs are a property of the font (units per
 * em 2048), so a table of them gives the same widths cairo measures when it paints with that
 * font. Bytes outside ASCII (UTF-8 sequences) count as one average-width glyph per code point.
 */
#ifndef SP_TEXTMETRICS_H
#define SP_TEXTMETRICS_H

#include <stddef.h>

enum sp_font { SP_FONT_SANS = 0, SP_FONT_SANS_BOLD, SP_FONT_MONO };

/* The advance width of s at size_pt, in points. */
double sp_text_width_pt(enum sp_font f, double size_pt, const char *s);

/*
 * The length in bytes of the longest prefix of s (at most len bytes) that fits in width_pt,
 * broken after a space where there is one, never inside a UTF-8 sequence; at least one code
 * point. *next_out is where the next line starts (spaces after the break skipped). A '\n'
 * ends the line where it stands (the newline is neither in the line nor in the next).
 */
size_t sp_text_fit(enum sp_font f, double size_pt, const char *s, size_t len, double width_pt,
		   size_t *next_out);

#endif
