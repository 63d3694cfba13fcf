/*
 * jobrun.h - what the build job (probe/buildjob.h) and the user's job (probe/userjob.h) share:
 * one forked worker run in a fresh memory cgroup limited to the budget, waited for with a
 * timeout, and measured around it (the watch: wall and CPU time, vmstat swap counters sampled
 * for the swap-out rate, /proc/<pid>/io of the exited worker, OOM kills).
 *
 * The parent never blocks on the worker: it polls for its exit with waitid(WNOWAIT), which
 * leaves a zombie whose /proc/<pid>/io still holds the totals, reads them, and only then
 * reaps it. wall_s therefore has the poll's granularity (10 ms), far below the job's seconds.
 */
#ifndef SP_JOBRUN_H
#define SP_JOBRUN_H

#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>

#include "act/worker.h"
#include "core/model/report.h"
#include "sys/timer.h"

/* ---- the watch: what a parent measures around one forked worker ---- */

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

/* ---- one run of one worker ---- */

struct sp_jobrun {
	const char *cg_name;  /* the memory cgroup's name under swapplace's */
	uint64_t limit_bytes; /* its hard limit; 0: none (the ram baseline) */
	int allow_swap;	      /* 0 forbids swap for the cgroup (v2 swap.max, v1 memsw) */
	double timeout_s;     /* past it the worker (its process group with kill_group) is killed */
	int kill_group;	      /* the worker leads a process group (setsid): kill all of it */
	/*
	 * Called while waiting instead of sleeping: it may block up to ms milliseconds (the user
	 * job drains its output pipe here). NULL: sleep.
	 */
	void (*wait)(void *ctx, int ms);
	void *ctx;
};

/*
 * Run child(arg) once as a worker in a fresh cgroup (removed again before returning), measured
 * by the watch. out gets the measurements, limit_bytes, timed_out, oom_killed (the cgroup's
 * OOM kill counter rose, or a SIGKILL that was not ours) and exit_code (or -1); status is left
 * failed for the caller to decide, and *wstatus gets the wait status.
 * Returns: 0 when the worker ran and was reaped; -EINTR on a terminating signal; -ETIMEDOUT
 * when a killed worker could not be reaped; another -errno when it could not be started (out's
 * reason says which step failed).
 */
int sp_jobrun_once(const struct sp_jobrun *j, sp_worker_fn child, void *arg,
		   struct sp_scenario_build *out, int *wstatus);

/*
 * The swap counters of /proc/vmstat now: pswpin and pswpout, and swap_ra/swap_ra_hit with
 * *has_ra set where the kernel has them (ra, ra_hit and has_ra may all be NULL).
 * Returns: 0 or -errno.
 */
int sp_jobrun_read_vm(uint64_t *in, uint64_t *out, uint64_t *ra, uint64_t *ra_hit, int *has_ra);

/* A workload's anonymous memory of bytes, in 4 KiB pages (no THP), not yet faulted in; NULL
 * for 0 bytes or when mmap fails. Unmapped with munmap. */
void *sp_job_map_anon(uint64_t bytes);

#endif
