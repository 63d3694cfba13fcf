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

/*
 * For monospaced lines of figures (the appendix): the length in bytes of the longest prefix of
 * s (at most len bytes, no '\n' in it) that fits in cols columns (a code point is a column),
 * broken at a field boundary (a run of two or more spaces, or a space after ',' or ';') or at a
 * single space that is not beside a figure: no break before a word that starts with a digit
 * nor after one that ends with one, so "max 1928 us" and "sector 6291464" stay whole. The last
 * such break that fits is taken; where none fits, the last space; a line with no space is cut
 * between code points. *next_out is
 * where the next line starts (spaces skipped). A line that fits is returned whole.
 */
size_t sp_text_fit_fields(const char *s, size_t len, size_t cols, size_t *next_out);

/*
 * The columns a continuation of the monospaced line s (len bytes) is indented by, so it reads
 * under the line's value column: the leading blanks of an indented line (4 or more); for a
 * "label  value" line the column of the value when it is within cols / 3; else the leading
 * blanks plus 2.
 */
size_t sp_text_hang(const char *s, size_t len, size_t cols);

#endif
