/*
 * doc_text.h - any document (core/doc/doc.h) as plain text of a fixed width: what `swapplace
 * compare` prints by default, and what a terminal or a plain-text printer shows of a doc.
 *
 * Sections are underlined with '=', headings with '-'; paragraphs and bullets are wrapped;
 * facts are "key: value" with the keys aligned; tables get aligned columns (numbers right),
 * their long left-aligned cells cut (ending in '~') and, when still too wide, the table is
 * split into parts that each repeat the first column; a BEYOND mark is a '*' after the cell,
 * explained by the table's note. A BARS chart is a small bar chart of '#'; any other chart is
 * the line "[chart: title]". Every line is at most cols characters (UTF-8 counted per code
 * point) and carries no control characters, whatever strings came from the machine.
 * Pure: writes to the stream it is given.
 */
#ifndef SP_DOC_TEXT_H
#define SP_DOC_TEXT_H

#include <stddef.h>
#include <stdio.h>

#include "core/doc/doc.h"

#define SP_DOC_TEXT_COLUMNS 80

/*
 * Write d to out as text lines of at most cols characters (0: SP_DOC_TEXT_COLUMNS; at least
 * 40). Returns: 0, -EINVAL, -ENOMEM, -EIO when out's error flag is set.
 */
int sp_doc_write_text(FILE *out, const struct sp_doc *d, size_t cols);

#endif
