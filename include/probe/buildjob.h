/*
 * buildjob.h - the build job, executed: its source tree written into the data filesystem, and
 * the job run in a forked worker inside a memory cgroup limited to the budget, measured end to
 * end (wall and CPU time, swap traffic, major faults, swap readahead, file I/O, OOM kill).
 *
 * What the plan (core/buildjob_plan.h) describes is done literally: sources read with read(2)
 * through the page cache (a compiler's reads), heap filled and re-touched in anonymous memory
 * without huge pages, objects written and fsync'd. The page cache is charged to the job's
 * cgroup too, so under the limit the job's files and its heap compete as they do for a real
 * build, and re-reads of evicted sources go to the disk while the heap swaps.
 *
 * The watch (sp_job_watch_*) is shared with the user's own job (probe/userjob.h): the
 * measurements a parent takes around one forked worker.
 */
#ifndef SP_BUILDJOB_H
#define SP_BUILDJOB_H

#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>

#include "core/buildjob_plan.h"
#include "core/scenario.h"
#include "sys/timer.h"

struct sp_buildjob_opts {
	uint64_t limit_bytes; /* the cgroup's hard limit; 0: no limit (the ram baseline) */
	int allow_swap;	      /* 0 forbids swap for the cgroup (v2 swap.max, v1 memsw) */
	size_t n_runs;	      /* 1..SP_BUILD_MAX_RUNS repeats; wall_s is the fastest */
	double timeout_s;     /* per run; the worker is killed and the run failed past it */
};

/* limit = the plan's budget, swap allowed, 1 run, timeout 3600 s. */
void sp_buildjob_defaults(const struct sp_buildjob_plan *p, struct sp_buildjob_opts *o);

/*
 * Write the source tree into dir (an existing directory on the data filesystem): dir/src/NNNN.c
 * and an empty dir/obj. Each file is fsync'd and then dropped from the page cache with
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

/* ---- the watch: what a parent measures around one forked worker (both jobs) ---- */

#define SP_JOB_MAX_SAMPLES 1024

struct sp_job_watch {
	struct sp_time t0, t_end;
	struct rusage ru0; /* RUSAGE_CHILDREN before the worker */
	uint64_t pswpin0, pswpout0, swap_ra0, swap_ra_hit0;
	int has_ra;
	double sample_every_s; /* doubles whenever the sample array is full (halved in place) */
	double next_sample_s;
	size_t n_samples;
	struct sp_vm_sample samples[SP_JOB_MAX_SAMPLES];
};

/* Take the starting counters; t0 is now. Returns: 0, or -errno when /proc/vmstat is unreadable. */
int sp_job_watch_start(struct sp_job_watch *jw);

/* Sample pswpout when one is due (call it often while waiting). */
void sp_job_watch_tick(struct sp_job_watch *jw);

/* 1 when pid has exited (it stays a zombie, so /proc/<pid>/io is still readable), 0 if not. */
int sp_job_exited(pid_t pid);

/* The worker ended: stop the clock (wall_s) and take the last sample. */
void sp_job_watch_end(struct sp_job_watch *jw);

/* read_bytes and write_bytes of /proc/<pid>/io (a zombie's included). Returns: 0, -errno. */
int sp_job_read_io(pid_t pid, uint64_t *read_bytes, uint64_t *write_bytes);

/*
 * After the worker was reaped: wall_s, cpu_s and major_faults (RUSAGE_CHILDREN deltas: the
 * caller must reap no other child meanwhile), the vmstat deltas, page_cluster and swapout; and
 * with has_file_io set, file_read_bytes (holding /proc/<pid>/io read_bytes on entry) becomes
 * read_bytes less the pswpin pages, the raw value kept in io_read_bytes.
 */
void sp_job_watch_finish(struct sp_job_watch *jw, struct sp_scenario_build *out);

#endif
