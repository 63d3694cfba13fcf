/*
 * sweep_sentence.h - a sweep's findings in words: the verdict's sentence per knob and the
 * table's cells. Pure.
 */
#ifndef SP_SWEEP_SENTENCE_H
#define SP_SWEEP_SENTENCE_H

#include <stddef.h>

#include "core/findings/sweep_findings.h"

/*
 * The verdict's sentence for one knob (no final period): what was measured, whether any value
 * differed by more than the spread and where, or that nothing can be claimed from one run.
 */
void sp_sweep_sentence(const struct sp_sweep_knob_finding *k, char *buf, size_t len);

/*
 * The table's cell of value v on line l: "12.3", "12.3!" (requests were lost), "failed", "-".
 * buf: 16 bytes.
 */
const char *sp_sweep_cell(const struct sp_sweep_line *l, size_t v, char *buf);

#endif
