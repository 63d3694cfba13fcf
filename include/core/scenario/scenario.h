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

#include "core/measure/resolve.h"
#include "core/model/report.h"

/* struct sp_swapout, sp_vm_sample and sp_scenario_build live in core/model/report.h */

/* The scenarios --scenario names, as bits. */
#define SP_SCENARIO_BUILD 0x1u	 /* the build job (or the user's --job) */
#define SP_SCENARIO_SERVICE 0x2u /* the service scenario (core/scenario/scenario_service.h) */
#define SP_SCENARIO_CACHE 0x4u	 /* the cache scenario (core/scenario/serverjob.h) */
#define SP_SCENARIO_GC 0x8u	 /* the gc scenario (core/scenario/serverjob.h) */

/*
 * The set --scenario LIST names: a comma list of build, service, cache, gc, all (= all four)
 * and none (alone: no scenario). NULL is the default, build.
 * Returns: 0, or -EINVAL for an unknown or empty item, or none beside another.
 */
int sp_scenario_set_parse(const char *list, unsigned *mask);

/*
 * The swap-out rate from samples in time order (n >= 2 for a rate). The span is the time over
 * which pswpout rose, so the idle start and tail of a job do not dilute the eviction rate.
 * Returns: 0; -EINVAL for NULL or samples out of time order, or a counter that went backwards.
 */
int sp_swapout_from_samples(const struct sp_vm_sample *s, size_t n, struct sp_swapout *out);

#define SP_RANK_MAX 32

struct sp_build_rank_row {
	int result; /* index into the results given */
	char placement[48];
	double wall_s;
	double ratio_to_best; /* wall_s / the fastest wall_s: 1.0 for the first row */
	double ratio_to_ram;  /* wall_s / the ram baseline's wall_s; 0 when has_ram is 0 */
	double spread_pct;    /* its runs' max - min over wall_s; 0 with one run */
	size_t n_runs;
	/*
	 * 1-based rank: a row whose difference to the row above is not resolved (the paired test
	 * over their runs, Holm across the table) shares that row's rank: a tie.
	 */
	size_t rank;
	struct sp_resolution vs_above; /* this row's runs over the row above's; rows[0]: have 0 */
};

struct sp_build_ranking {
	size_t
	    n; /* placements (ram excepted) whose job ran ok, fastest first (ties: input order) */
	struct sp_build_rank_row rows[SP_RANK_MAX];
	int ram;     /* index of the ram baseline (kind SP_PL_RAM) that ran ok, or -1 */
	int has_ram; /* ram >= 0: ratio_to_ram is meaningful */
	double ram_wall_s;
	struct {
		int have;	 /* the start and the end placement (by kind) both ran ok */
		int start, end;	 /* their result indices, or -1 */
		double ratio;	 /* end wall_s / start wall_s: > 1 means start is faster */
		int resolvable;	 /* the paired test over their rounds resolved it (resolution) */
		size_t min_runs; /* the fewer runs of the two */
		/*
		 * The smallest difference the runs could have resolved, in percent: the paired
		 * test's interval half-width (core/measure/resolve.h). 0 when the test could not
		 * bound it (fewer than 6 rounds: no difference of any size is resolvable).
		 */
		double resolution_pct;
		struct sp_resolution resolution; /* end's rounds over start's, paired by round */
	} start_vs_end;
};

/*
 * Rank the n results by their build scenario's wall time, going by kind only: the baseline is
 * the result of kind SP_PL_RAM, start and end the results of kinds SP_PL_START and SP_PL_END.
 * Only a scenario that ran (done) with status ok enters. Every comparison goes by the one rule
 * (core/measure/resolve.h): the runs paired by round (run i of one with run i of the other),
 * at least 4 rounds, p below 5 % and a difference of at least min_effect percent (<= 0: the
 * default 5 %). The adjacent rows' tests are one family, Holm-corrected; a row not resolved
 * from the one above ties with it. Start vs end is a test of its own. One run each is never
 * resolvable. Returns: 0; -EINVAL for NULL arguments or n > SP_MAX_RESULTS.
 */
int sp_build_rank(const struct sp_result *res, size_t n, double min_effect,
		  struct sp_build_ranking *out);

/*
 * Fold one run (run, n_runs 1) into acc, the placement's result so far (acc->n_runs 0: the
 * first run). wall_s_runs gains the run; wall_s and the counters are the fastest run's; a run
 * that failed makes acc failed with its reason (the failure is the result: later runs are
 * not added); objects that differ from the first run's make acc invalid. wall_s_spread_pct
 * follows the runs. Returns: 0, -EINVAL for NULL or -ENOSPC when acc holds SP_BUILD_MAX_RUNS.
 */
int sp_build_merge(struct sp_scenario_build *acc, const struct sp_scenario_build *run);

/* One step of a measurement with --repeat: placement index and round (0-based). */
struct sp_step {
	size_t placement;
	size_t round; /* 0: the probes and the job's first run; later: the job alone */
};

/*
 * The order in which --repeat N measures n placements: interleaved, round by round, and
 * counterbalanced: rounds go in pairs, the second of a pair the first reversed (start end file,
 * file end start), and every pair after the first rotated by an offset drawn from seed. So a
 * machine that drifts over the run (a warming disk, a busy host) loads every placement alike
 * over a pair of rounds, and no placement always follows the same other one (carry-over).
 * Round 0 keeps the placements' own order (it holds the probes). The order is written to the
 * report (repeat_order). Returns: the number of steps (n * rounds), or -ENOSPC when max is
 * smaller, -EINVAL for 0.
 */
int sp_repeat_order(size_t n, size_t rounds, uint64_t seed, struct sp_step *out, size_t max);

#endif
