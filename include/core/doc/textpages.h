/*
 * textpages.h - a text report made ready for a printer that takes plain text: pages of 60
 * lines with a header line (the run id and "page N of M"), a form feed between pages, CR LF
 * line ends, 7-bit ASCII only and nothing wider than 80 columns.
 *
 * Why its own module: a USB printer that is sent bytes prints them as they come. It knows no
 * UTF-8 (a 'µ' would come out as two odd glyphs and shift the columns), many need CR LF to
 * return the carriage, and only a form feed ejects a page, so the page breaks and the "page N
 * of M" that keep a stack of loose sheets in order must be in the bytes. Pure: text in,
 * buffer out, so every rule is unit-tested.
 */
#ifndef SP_TEXTPAGES_H
#define SP_TEXTPAGES_H

#include <stddef.h>

/* lines on a page, the header and the blank line under it included */
#define SP_TEXTPAGE_LINES 60
#define SP_TEXTPAGE_COLS 80 /* columns: longer lines are wrapped, never cut */

/*
 * Paginate len bytes of text (lines split on '\n'; a '\r' before it is dropped) under a header
 * naming run_id. Each character of 0x80 and above (a UTF-8 sequence counts once) becomes '?',
 * a tab is expanded to the next multiple of 8 columns, other control characters are dropped.
 * The result (malloc'd, *out; the caller frees it) ends every line with CR LF and holds
 * pages - 1 form feeds, one at the start of every page after the first.
 * Returns: 0; -EINVAL for a NULL argument; -ENOMEM (*out is then NULL).
 */
int sp_textpages_render(const char *text, size_t len, const char *run_id, char **out,
			size_t *out_len, unsigned *pages_out);

#endif
