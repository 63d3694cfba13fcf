/*
 * verdict.h - the verdict's sentences: one per finding that analysis.h put in the verdict.
 *
 * Every format carries the same words: the report document (core/doc/reportdoc.h) makes each
 * sentence a bullet of report.txt, .html and .pdf, report.json stores it as
 * analysis.verdict[].text. The sentences only phrase findings (numbers, flags and
 * the result indices they name); what is true about the run is decided in analysis.c.
 */
#ifndef SP_VERDICT_H
#define SP_VERDICT_H

#include <stddef.h>

#include "core/findings/analysis.h"
#include "core/model/report.h"

/*
 * Phrase verdict item k of findings f about r as one sentence (no final period, no line
 * breaks) into buf; a sentence longer than len is cut.
 * Returns: 0, or -EINVAL for an unknown kind or len 0 (buf then holds "" when len > 0).
 */
int sp_verdict_sentence(const struct sp_report *r, const struct sp_findings *f,
			enum sp_verdict_kind k, char *buf, size_t len);

/* Which job ran, as the user knows it: "the build job" or "your job 'make -j2'". */
void sp_verdict_job_name(const struct sp_report *r, const struct sp_findings *f, char *buf,
			 size_t len);

#endif
