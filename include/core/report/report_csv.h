/*
 * report_csv.h - summary.csv: one row per placement and one per scenario case, the headline
 * figures, units in the header (RFC 4180 quoting). Pure: writes to the stream it is given.
 */
#ifndef SP_REPORT_CSV_H
#define SP_REPORT_CSV_H

#include <stdio.h>

#include "core/findings/analysis.h"
#include "core/model/report.h"

/* Write r's summary (findings f; NULL: computed) to out. 0, -EINVAL, -EIO (out's error flag). */
int sp_report_csv_write(FILE *out, const struct sp_report *r, const struct sp_findings *f);

/*
 * One field, RFC 4180: as it is, or quoted when it holds a comma, a quote, CR or LF (its
 * quotes doubled). Every CSV this tool writes quotes through here.
 */
void sp_csv_field(FILE *out, const char *s);

#endif
