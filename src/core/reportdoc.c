/*
 * reportdoc.c - the printable report as a document (see reportdoc.h).
 * PLACEHOLDER: title and verdict only; the full report replaces it.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <time.h>

#include "core/reportdoc.h"
#include "core/verdict.h"

void sp_report_run_id(const struct sp_report *r, char *buf, size_t len)
{
	struct tm tm;
	char when[32] = "00000000-000000";

	if (gmtime_r(&r->started, &tm))
		strftime(when, sizeof(when), "%Y%m%d-%H%M%S", &tm);
	snprintf(buf, len, "%s-%08" PRIx64, when, r->seed & 0xffffffffu);
}

int sp_report_doc_build(struct sp_doc *d, const struct sp_report *r,
			const struct sp_findings *fin)
{
	struct sp_findings own;
	const struct sp_findings *f = fin;
	char id[64], sub[96], s[1024];
	int ret;

	if (!d || !r)
		return -EINVAL;
	if (!f) {
		if ((ret = sp_analyse(r, &own)))
			return ret;
		f = &own;
	}
	sp_report_run_id(r, id, sizeof(id));
	snprintf(sub, sizeof(sub), "run %s", id);
	if ((ret = sp_doc_set_titles(d, "swapplace report", sub, sub)))
		return ret;
	if ((ret = sp_doc_add_text(d, SP_DOC_SECTION, "%s", "Verdict")))
		return ret;
	for (size_t i = 0; i < f->n_verdict; i++) {
		if (sp_verdict_sentence(r, f, f->verdict[i], s, sizeof(s)))
			continue;
		if ((ret = sp_doc_add_text(d, SP_DOC_BULLET, "%s", s)))
			return ret;
	}
	return 0;
}
