/*
 * metrics.h - `--metrics DIR`: the report as DIR/swapplace.prom (core/report/metrics_prom.h) for
 * node_exporter's textfile collector, which reads every *.prom file in its directory at each
 * scrape. The collector requires a file that appears whole: it is written under a temporary
 * name in DIR itself (".swapplace.prom.XXXXXX", which the collector does not read: it takes only
 * names ending in .prom), flushed, fsync'd and renamed over the old one (out/atomic.h). A scrape
 * sees the previous run's figures or this run's, never half a file.
 */
#ifndef SP_OUT_METRICS_H
#define SP_OUT_METRICS_H

#include "core/err.h"
#include "core/findings/analysis.h"
#include "core/model/report.h"

/*
 * Before a long run: dir must be an existing directory (never made: a mistyped path would
 * make one no collector reads) in which a file can be created; one is made and removed.
 * Returns: 0; -ENOENT, -ENOTDIR, or the -errno of the failed create, with why in e.
 */
int sp_metrics_dir_check(const char *dir, struct sp_err *e);

/*
 * Write r (findings f; NULL: computed) as dir/swapplace.prom, atomically; the path written in
 * path (may be NULL, len bytes). Returns: 0, or -errno with why in e (an older swapplace.prom
 * is then left as it was).
 */
int sp_metrics_write(const char *dir, const struct sp_report *r, const struct sp_findings *f,
		     char *path, size_t len, struct sp_err *e);

#endif
