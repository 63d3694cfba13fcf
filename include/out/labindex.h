/*
 * labindex.h - the lab index on the stick: reports/index.html lists every run saved in
 * reports/<run>/report.json (date, machine, target disk, the verdict's first sentence, links to
 * each run's report files), groups them by machine model (a table per DMI vendor and product: each
 * machine of one kind by its serial, with its fastest swap-in and build job and its verdict) and
 * compares all of them (core/findings/compare.h), so one file opened on any computer shows a
 * lab's machines side by side after one stick has booted them all.
 *
 * It reads report files and writes one file, atomically: index.html is first written under a
 * temporary name in the same directory, flushed, fsync'd, its stream's sticky error checked,
 * then renamed into place and the directory fsync'd. A crash leaves the old index or the new.
 */
#ifndef SP_LABINDEX_H
#define SP_LABINDEX_H

#include <stddef.h>

/* What the index holds: the runs listed, and the files that were not readable reports. */
struct sp_lab_index_stats {
	size_t n_runs;
	size_t n_unreadable;
	size_t n_compared; /* runs in the comparison (the most recent SP_COMPARE_MAX_RUNS) */
};

/*
 * Read every reports_dir/<dir>/report.json (one that does not parse is listed as unreadable,
 * with why) and write reports_dir/index.html. st may be NULL.
 * Returns: 0; -ENOENT/-ENOTDIR when reports_dir is not a directory; -ENOMEM; -errno of the
 * failed write (no index.html half-written: the old one stays).
 */
int sp_lab_index_write(const char *reports_dir, struct sp_lab_index_stats *st);

#endif
