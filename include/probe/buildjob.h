/*
 * buildjob.h - the build job, executed: its source tree written into the data filesystem, and
 * the job run in a forked worker inside a memory cgroup limited to the budget, measured end to
 * end (wall and CPU time, swap traffic, major faults, swap readahead, file I/O, OOM kill).
 *
 * What the plan (core/scenario/buildjob.h) describes is done literally: the toolchain mapped
 * read-only and its pages read as code runs, sources and interfaces read with read(2) through
 * the page cache (a compiler's reads), heap filled and touched in anonymous memory without
 * huge pages, objects and interfaces written without fsync, and linked. The page cache is
 * charged to the job's cgroup too, so under the limit the toolchain's pages, the job's files
 * and its heap compete as they do for a real build: dropped code is read back from the
 * filesystem between the heap's swap-ins.
 *
 * How one run is started, waited for and measured is shared with the user's own job
 * (probe/jobrun.h).
 */
#ifndef SP_BUILDJOB_H
#define SP_BUILDJOB_H

#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>

#include "core/scenario/buildjob.h"
#include "core/scenario/scenario.h"
#include "sys/timer.h"

struct sp_buildjob_opts {
	uint64_t limit_bytes; /* the cgroup's hard limit; 0: no limit (the ram baseline) */
	int allow_swap;	      /* 0 forbids swap for the cgroup (v2 swap.max, v1 memsw) */
	size_t n_runs;	      /* 1..SP_BUILD_MAX_RUNS repeats; wall_s is the fastest */
	double timeout_s;     /* per run; the worker is killed and the run failed past it */
	const char *tool_dir; /* the toolchain, written by sp_buildjob_setup_toolchain */
};

/* limit = the plan's budget, swap allowed, 1 run, timeout 3600 s. */
void sp_buildjob_defaults(const struct sp_buildjob_plan *p, struct sp_buildjob_opts *o);

/*
 * Write the toolchain into dir (an existing directory on the data filesystem, made where the
 * filesystem's start is): dir/cc1 and dir/lib1.so .. libN.so, each fsync'd and dropped from
 * the page cache. Written before the project and the swap file, as an OS install puts /usr
 * near the filesystem's start. Returns: 0, or -errno.
 */
int sp_buildjob_setup_toolchain(const struct sp_buildjob_plan *p, const char *dir);

/*
 * Write the source tree into dir (an existing directory on the data filesystem): dir/src/NNNN.c
 * and empty dir/obj and dir/iface. Each file is fsync'd and then dropped from the page cache with
 * posix_fadvise(DONTNEED), which works on clean pages, touches only these files and needs no
 * global drop_caches; so the first reads of a run come from the disk.
 * Returns: 0, or -errno.
 */
int sp_buildjob_setup(const struct sp_buildjob_plan *p, const char *dir);

/*
 * Run the job o->n_runs times in dir (set up by sp_buildjob_setup), each run from the same
 * state: the previous objects removed, the filesystem synced, the sources dropped from the
 * page cache, a fresh cgroup. out always says what happened: status ok, or failed with the
 * reason (OOM kill, timeout, a corrupted source page, an error), and invalid when two runs
 * wrote different objects (the job is deterministic: a difference is corruption). Counters
 * are those of the fastest run. An OOM kill or a timeout is a result, not an error.
 * Returns: 0 when out holds a result; -ENOENT without a memory controller, -EINTR on a
 * terminating signal, another -errno when a run could not be started (out says so too).
 */
int sp_buildjob_run(const struct sp_buildjob_plan *p, const char *dir,
		    const struct sp_buildjob_opts *o, struct sp_scenario_build *out);

/*
 * The CPU's cost of one page of the job's work, measured now: 16 MiB of fresh anonymous
 * memory filled with the job's page generator and checked again, over the pages. The plan's
 * estimate multiplies it by the pages the job fills and checks (a QEMU guest or an old CPU is
 * many times slower than this host, and the estimate must know). Returns: 0 or -errno.
 */
int sp_buildjob_calibrate(double *page_s);

/*
 * The CPU's cost of compressing one page of the job's content with libzstd at level 1 (timed
 * here; the kernel's lzo and lz4 do the same kind of work): what zram and zswap cost a swap-out,
 * and the scale of a swap-in from them, for the estimate (core/scenario/estimate.h
 * sp_est_cpu_device). Returns: 0 or -errno.
 */
int sp_buildjob_calibrate_compress(double *compress_page_s);

#endif
