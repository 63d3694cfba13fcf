/*
 * metrics_prom.h - a report as swapplace.prom, for node_exporter's textfile collector: a fleet's
 * swap figures in the monitoring it already has (docs/metrics.md lists every family).
 *
 * The text is the Prometheus exposition format that the collector parses (node_exporter 1.5:
 * `# HELP`, `# TYPE`, then the family's samples together, no timestamps), ending in `# EOF`, so
 * it is OpenMetrics text as well: every family is a gauge (a run's figures, replaced whole by
 * the next run, are no counter), names carry their base unit (seconds, per_second), label
 * values are escaped and valid UTF-8. Only measured values are written: a figure the report
 * does not hold (a skipped or invalid placement's swap-in latency, an OOM-killed job's wall
 * time, the p95 of a case that served nothing) has no sample, never a 0. Pure: writes to the
 * stream it is given.
 */
#ifndef SP_METRICS_PROM_H
#define SP_METRICS_PROM_H

#include <stddef.h>
#include <stdio.h>

#include "core/findings/analysis.h"
#include "core/model/report.h"

/* The file node_exporter's textfile collector reads in the --metrics directory. */
#define SP_PROM_FILE "swapplace.prom"

/*
 * Write r (findings f: which swap-in latencies are measured ones; NULL: computed) as metric
 * families to out. Returns: 0; -EINVAL for NULL or a report holding more results than the
 * model; -ENOMEM; -EIO when out's error flag is set.
 */
int sp_report_prom_write(FILE *out, const struct sp_report *r, const struct sp_findings *f);

/*
 * What a report was made by, as the metric's mode label: "run", "measure", "try" (a measure
 * report with the temporary zram or file placements only --try makes), or its command.
 */
const char *sp_report_prom_mode(const struct sp_report *r);

/*
 * The model of the disk a result's swap area lives on, "" when the report does not say (zram,
 * no swap, a file outside the run's target): the device whose path the area's is, or is a
 * partition of, else for a placement on the target (start, end, file, zswap) the target's.
 */
const char *sp_report_prom_device_model(const struct sp_report *r, const struct sp_result *res);

/*
 * s as a label value between double quotes: backslash, double quote and line feed escaped
 * (\\ \" \n), every other control byte and every byte that is not part of valid UTF-8 replaced
 * by '?', since the collector refuses the whole file over one bad label. Writes to out.
 */
void sp_prom_label_value(FILE *out, const char *s);

#endif
