/*
 * report_text.h - the printable report: 80 columns, deterministic, phrased from findings.
 *
 * The renderer computes nothing about the run: every number it compares comes from struct
 * sp_findings (analysis.h). It only formats, wraps and truncates, so that every line it writes
 * is at most SP_TEXT_COLUMNS bytes and carries no control characters, whatever the strings
 * that came from the machine (CPU names, device models) contain.
 */
#ifndef SP_REPORT_TEXT_H
#define SP_REPORT_TEXT_H

#include <stdio.h>

#include "core/findings/analysis.h"
#include "core/model/report.h"

#define SP_TEXT_COLUMNS 80

/*
 * Write the text report of r with its findings f to out. f may be NULL: then it is computed.
 * Returns: 0, -EINVAL on bad arguments, -EIO when out's error flag is set at the end.
 */
int sp_report_text_write(FILE *out, const struct sp_report *r, const struct sp_findings *f);

#endif
