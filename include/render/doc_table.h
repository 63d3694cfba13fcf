/*
 * doc_table.h - a document's table set on the pages (render/pager.h): column widths from the
 * content, shrinking the type to 7 pt and then wrapping cells to fit the text width; rows that
 * do not fit continue on the next page under the caption "(continued)" and the header again.
 * Internal to render/.
 */
#ifndef SP_RENDER_DOC_TABLE_H
#define SP_RENDER_DOC_TABLE_H

#include "core/doc/doc.h"
#include "render/pager.h"

/* Set t at the pen, recording its pages into p->lay's next table (second pass). */
void sp_pager_table(struct pager *p, const struct sp_doc_table *t);

#endif
