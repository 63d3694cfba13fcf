/*
 * reportdoc.h - the report as a document (core/doc/doc.h): every section report.txt, the PDF,
 * the HTML and the printed page carry, built from a report and its findings. It phrases; it
 * computes nothing analysis.c has not decided (docs/report.md explains each section).
 */
#ifndef SP_REPORTDOC_H
#define SP_REPORTDOC_H

#include <stddef.h>
#include <stdio.h>

#include "core/doc/doc.h"
#include "core/findings/analysis.h"
#include "core/model/report.h"

/*
 * Build the report of r (findings f; NULL: computed here) into d (initialised by the caller).
 * Returns: 0, -EINVAL, -ENOMEM (d then holds what was built so far and must be released).
 */
int sp_report_doc_build(struct sp_doc *d, const struct sp_report *r, const struct sp_findings *f);

/*
 * report.txt: the same document as the HTML and the PDF, laid out by core/doc/doc_text.h in
 * 80 columns, so a sentence reads the same in every format (f NULL: computed here).
 * Returns: 0, -EINVAL, -ENOMEM, -EIO when out's error flag is set.
 */
int sp_report_text_write(FILE *out, const struct sp_report *r, const struct sp_findings *f);

/*
 * The colour group of a placement of kind k in every chart (the report's and a comparison's):
 * partitions, files and probed ranges on a disk, --also devices, compressed RAM, the
 * baselines; an existing swap area may be any of these, so it is "other".
 */
enum sp_chart_group sp_placement_chart_group(enum sp_placement_kind k);

/*
 * The machine's DMI serial as the report's "Serial" fact says it: the serial, or why there is
 * none (not reported by the firmware, readable by root only, not readable); "-" for a report
 * that did not record why.
 */
const char *sp_machine_serial_text(const struct sp_machine *m);

#endif
