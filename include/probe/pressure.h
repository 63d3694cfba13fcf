/*
 * pressure.h - the pressure probe: a forked workload in a memory cgroup, larger than the
 * cgroup's limit, with a hot set touched at random and a cold set left idle. It measures what
 * a placement gives a program that does not fit in RAM: touches per second, per-touch latency,
 * major faults, swap held, and whether the kernel OOM-killed it. swapplace stays outside the
 * cgroup with oom_score_adj -1000 (restored afterwards; skipped without CAP_SYS_RESOURCE), the
 * workload runs at +1000, so a cgroup OOM kill takes the workload and swapplace records it.
 * A workload killed mid-run still reports what it measured until then (touches, histogram,
 * duration; major faults from the cgroup's memory.stat). The memory it needs is the
 * cgroup limit plus a few pages: it works on a 512 MiB machine with a 128 MiB limit.
 */
#ifndef SP_PRESSURE_H
#define SP_PRESSURE_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/model/report.h"

struct sp_pressure_opts {
	uint64_t limit_bytes; /* the cgroup's hard limit (memory.max / limit_in_bytes) */
	double over_ratio;    /* workload size / limit: 1.2 = 120 % of the limit */
	double hot_fraction;  /* share of the workload touched at random, e.g. 0.5 */
	double time_s;	      /* length of the timed touch phase */
	uint64_t seed;	      /* data and touch order are reproducible from it */
	int allow_swap;	      /* 0 forbids swap for the cgroup (the none baseline) */
};

/* limit 128 MiB, over 1.2, hot 0.5, 10 s, seed 1, swap allowed. */
void sp_pressure_defaults(struct sp_pressure_opts *o);

/*
 * Run the probe once: cgroup created, workload forked into it before it allocates, the
 * cgroup removed and oom_score_adj restored before returning (all on the undo list as well).
 * An OOM kill is a result, not an error: it returns 0 with out->done = 1, out->oom_killed = 1
 * and whatever the workload had measured before it died.
 * On an error e (may be NULL) says which step failed, or why the workload left early.
 * Returns: 0 on success; -ENOENT without a memory controller; -EINVAL for bad options;
 * -ETIMEDOUT when the workload hung and was killed; -EINTR on a terminating signal.
 */
int sp_pressure_run(const struct sp_pressure_opts *o, struct sp_pressure_probe *out,
		    struct sp_err *e);

/*
 * Fill the workload's n_pages pages of page_size bytes: page i is sp_page_fill(i, seed)
 * (pagefill.h), the fault probe's pages, so zram is given the same data in both probes.
 */
void sp_pressure_fill(void *buf, uint64_t n_pages, size_t page_size, uint64_t seed);

#endif
