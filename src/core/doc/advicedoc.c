/*
 * advicedoc.c - "What to set up" (see advicedoc.h): a paragraph naming the workload and how a
 * choice was made, one bullet per choice with its reason, the note, and where the files are.
 */
#include "core/doc/advicedoc.h"

#include <errno.h>
#include <stdlib.h>

int sp_advice_doc_section(struct sp_doc *d, const struct sp_report *r, const struct sp_advice *a)
{
	struct sp_advice_item it[SP_ADVICE_ITEMS];
	size_t n;

	(void)r;
	sp_doc_add_text(d, SP_DOC_SECTION, "What to set up");
	if (!a) {
		sp_doc_add_text(d, SP_DOC_PARA,
				"No workload ran (build, service, cache or gc), so no setup is "
				"advised: a per-page latency alone does not say what helps a "
				"workload (docs/advise.md).");
		return sp_doc_err(d);
	}
	sp_doc_add_text(
	    d, SP_DOC_PARA,
	    "For the %s workload (swapplace advise RUN.json --for build|service|cache|gc "
	    "for another). Each choice says how it was made: measured (a resolved "
	    "comparison), default (nothing was resolved: docs/advise.md names the "
	    "default) or keep (the machine's own setting stays).",
	    sp_workload_name(a->workload));
	n = sp_advice_items(a, it);
	for (size_t i = 0; i < n; i++)
		sp_doc_add_text(d, SP_DOC_BULLET, "%s (%s): %s", it[i].label,
				sp_advice_basis_name(it[i].c->basis), it[i].c->reason);
	if (a->note[0])
		sp_doc_add_text(d, SP_DOC_PARA, "Note: %s.", a->note);
	sp_doc_add_text(d, SP_DOC_PARA,
			"The files that set this up (zram-generator.conf, fstab.swap, "
			"99-swapplace.conf, zswap.cmdline and a README saying where each goes and "
			"how to undo it) are in setup/ beside a run's or measure's report, or "
			"written by swapplace advise RUN.json --write DIR.");
	return sp_doc_err(d);
}

int sp_advice_doc_default(struct sp_doc *d, const struct sp_report *r, const struct sp_findings *f)
{
	enum sp_workload w;
	struct sp_advice *a;
	int ret;

	if (sp_advice_default_workload(f, &w) < 0)
		return sp_advice_doc_section(d, r, NULL);
	a = malloc(sizeof(*a));
	if (!a)
		return sp_doc_fail(d, -ENOMEM);
	ret = sp_advise(r, f, w, a);
	ret = ret < 0 ? sp_doc_fail(d, ret) : sp_advice_doc_section(d, r, a);
	free(a);
	return ret;
}
