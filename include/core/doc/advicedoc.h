/*
 * advicedoc.h - the advice (core/findings/advise.h) as a document section, "What to set up":
 * the one phrasing of the report's section (report.txt, .html, .pdf) and of `swapplace advise`.
 * It phrases what the advice holds and computes nothing.
 */
#ifndef SP_ADVICEDOC_H
#define SP_ADVICEDOC_H

#include "core/doc/doc.h"
#include "core/findings/advise.h"
#include "core/findings/analysis.h"
#include "core/model/report.h"

/*
 * Append the section "What to set up" for advice a (NULL: the report ran no workload, and the
 * section says that nothing is advised without one). Returns: the doc's sticky error, or 0.
 */
int sp_advice_doc_section(struct sp_doc *d, const struct sp_report *r, const struct sp_advice *a);

/*
 * The section for the report's default workload (sp_advice_default_workload), advised from f.
 * Returns: as sp_advice_doc_section, or -ENOMEM.
 */
int sp_advice_doc_default(struct sp_doc *d, const struct sp_report *r, const struct sp_findings *f);

#endif
