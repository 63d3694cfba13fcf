/*
 * scenario.h - results of the job scenarios (the build job, or the user's own --job) and the
 * pure arithmetic over them: the swap-out rate from /proc/vmstat samples, and the ranking of
 * placements by the job's wall time with the start-vs-end comparison.
 *
 * Why a job and not only the probes: on a spinning disk the probes time swap-ins alone, with
 * the head parked on the swap area. A real job reads and writes files while it swaps, so the
 * head travels between the filesystem and the swap area; only then does the distance between
 * them (start vs end of the disk) show. struct sp_scenario_build mirrors the JSON contract
 * results[].scenarios.build {status, reason, wall_s, wall_s_runs, cpu_s, pswpin, pswpout,
 * major_faults, swap_ra, swap_ra_hit, file_read_bytes, file_written_bytes, oom_killed,
 * page_cluster, swapout {pages, seconds, pages_per_s}}. Pure: no allocation, no I/O.
 */
#ifndef SP_SCENARIO_H
#define SP_SCENARIO_H

#include <stddef.h>
#include <stdint.h>

#include "core/report.h"

#define SP_BUILD_MAX_RUNS 8

/* struct sp_swapout (eviction throughput) is in core/report.h: results[].swapout uses it too */

/* One /proc/vmstat sample taken while the job ran. */
struct sp_vm_sample {
	double t_s;	  /* seconds since the job was released */
	uint64_t pswpout; /* the counter as read */
};

struct sp_scenario_build {
	enum sp_status status;
	char reason[256];
	double wall_s; /* the fastest run, as the blog did (lowest of the runs) */
	double wall_s_runs[SP_BUILD_MAX_RUNS]; /* every run, in order */
	size_t n_runs;
	/* the counters below belong to the run wall_s names, so they describe the same run */
	double cpu_s; /* the worker's user + sys (rusage of reaped children) */
	uint64_t pswpin, pswpout;
	uint64_t major_faults; /* the worker's, from rusage */
	uint64_t swap_ra, swap_ra_hit;
	int has_swap_ra; /* 0: the kernel has no swap_ra counters: report them absent */
	/*
	 * /proc/<pid>/io write_bytes, and read_bytes less pswpin pages: the kernel accounts every
	 * read bio to the task that submits it (submit_bio), swap-ins included, so the raw
	 * read_bytes (io_read_bytes) of a swapping job is mostly swap.
	 */
	uint64_t file_read_bytes, file_written_bytes;
	uint64_t io_read_bytes;
	int has_file_io; /* 0: /proc/<pid>/io could not be read */
	int oom_killed;
	int page_cluster; /* /proc/sys/vm/page-cluster in force; -1 when unreadable */
	struct sp_swapout swapout;
	/* beyond the contract, for determinism checks and the report's detail */
	uint64_t objects_checksum; /* of every object file the job wrote; equal for every run */
	uint32_t units_done, units_total;
	int exit_code; /* the user job: sh's exit status, or -1 (signal, timeout, not run) */
	int timed_out;
};

/*
 * The swap-out rate from samples in time order (n >= 2 for a rate). The span is the time over
 * which pswpout rose, so the idle start and tail of a job do not dilute the eviction rate.
 * Returns: 0; -EINVAL for NULL or samples out of time order, or a counter that went backwards.
 */
int sp_swapout_from_samples(const struct sp_vm_sample *s, size_t n, struct sp_swapout *out);

#define SP_RANK_MAX 32

struct sp_build_rank_row {
	char placement[48];
	double wall_s;
	double ratio_to_best; /* wall_s / the fastest wall_s: 1.0 for the first row */
	double ratio_to_ram;  /* wall_s / the ram baseline's wall_s; 0 when has_ram is 0 */
};

struct sp_build_ranking {
	size_t n; /* placements with status ok, fastest first (ties: input order) */
	struct sp_build_rank_row rows[SP_RANK_MAX];
	int has_ram; /* the ram baseline ran ok, so ratio_to_ram is meaningful */
	struct {
		int have;	/* both "start" and "end" ran ok */
		double ratio;	/* end wall_s / start wall_s: > 1 means start is faster */
		int resolvable; /* >= 2 runs each and the [min, max] of their runs do not overlap */
	} start_vs_end;
};

/*
 * Rank placements by the job's wall time. names[i] and builds[i] describe placement i; ram
 * may be NULL. Only status ok enters the ranking. A start/end difference is resolvable only
 * when it exceeds the run-to-run spread: every run of one is faster than every run of the
 * other (one run each cannot show a spread, so it is never resolvable).
 * Returns: 0; -EINVAL for NULL arguments or n > SP_RANK_MAX.
 */
int sp_build_rank(const char *const *names, const struct sp_scenario_build *builds, size_t n,
		  const struct sp_scenario_build *ram, struct sp_build_ranking *out);

#endif
