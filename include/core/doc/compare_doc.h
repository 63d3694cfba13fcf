/*
 * compare_doc.h - a comparison of runs (core/findings/compare.h) as a printable document
 * (core/doc/doc.h): what `swapplace compare` prints and the lab index carries.
 */
#ifndef SP_COMPARE_DOC_H
#define SP_COMPARE_DOC_H

#include "core/doc/doc.h"
#include "core/findings/compare.h"

/*
 * Phrase c into d: a section on the runs, one on their settings (the differences as bullets),
 * one per metric table (one column per run, then a ratio column per run against the first,
 * BEYOND marks where analysis above allows), a bar chart of the medians per placement per run,
 * and how to read the marks. Appends to d (sections only; the titles are the caller's).
 * Returns: 0, -EINVAL, -ENOMEM.
 */
int sp_compare_doc_add(struct sp_doc *d, const struct sp_compare *c);

/* sp_compare_doc_add() with the titles of a comparison document. */
int sp_compare_doc_build(struct sp_doc *d, const struct sp_compare *c);

#endif
