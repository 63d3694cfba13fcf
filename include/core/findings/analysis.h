/*
 * analysis.h - turns a run's results into findings: flags and numbers, no sentences.
 *
 * Like redis' latency doctor, the analysis decides what is true about the run (which placement
 * is fastest, by how much, whether a difference is within noise, where the swap file lies on
 * the disk); the renderers (reportdoc, report_json) only phrase those findings. Keeping the
 * arithmetic here means the text and the JSON can never disagree, and the numbers unit-test
 * without string matching. Everything is a fixed-size array: no allocation, no failure modes.
 *
 * Indices in struct sp_findings are indices into the report's results[]; -1 means "none".
 */
#ifndef SP_ANALYSIS_H
#define SP_ANALYSIS_H

#include <stddef.h>
#include <stdint.h>

#include "core/findings/sweep_findings.h"
#include "core/measure/resolve.h"
#include "core/model/report.h"
#include "core/scenario/scenario.h"

/* Where the swap file's extents lie, as a fraction of the disk. */
enum sp_region {
	SP_REGION_UNKNOWN = 0, /* no disk span to relate the extents to */
	SP_REGION_START,       /* weighted centre in the first third */
	SP_REGION_MID,	       /* in the middle third */
	SP_REGION_END,	       /* in the last third */
	SP_REGION_SPREAD,      /* extents cover more than half of the disk */
};
const char *sp_region_name(enum sp_region g); /* "unknown" "start" "mid" "end" "spread" */

/* The verdict, in order: each item names a finding the renderers phrase as one sentence. */
enum sp_verdict_kind {
	SP_VERDICT_INTEGRITY_BAD = 0, /* pages came back corrupted: serious, listed first */
	SP_VERDICT_BEST,	      /* the fastest placement and its median */
	SP_VERDICT_START_END,	      /* start vs end partition */
	SP_VERDICT_FILE,	      /* the swap file: extents, position, cost vs start */
	SP_VERDICT_ZRAM_DISK,	      /* best zram vs best disk placement */
	SP_VERDICT_FLOOR,	      /* best disk placement's swap-in vs its device floor */
	SP_VERDICT_PRESSURE,	      /* the no-swap baseline vs the best placement */
	SP_VERDICT_INTEGRITY_OK,      /* every page checked came back intact */
	SP_VERDICT_COMPRESSION,	      /* what the probe's data compressed to */
	SP_VERDICT_NOT_OK,	      /* placements that gave no latency */
	SP_VERDICT_NONE,	      /* nothing was measured at all */
	SP_VERDICT_LOOP_TARGET,	      /* the target was a loop device: positions are not physical */
	SP_VERDICT_BUILD,	      /* the build job's ranking by wall time (leads when it ran) */
	SP_VERDICT_BUILD_START_END,  /* the build job at the start vs the end, against its spread */
	SP_VERDICT_CAPS_NOT_APPLIED, /* --cpu-max/--io-max asked and not applied: why */
	SP_VERDICT_BUDGET_KEPT,	     /* zram's pool charged to the budget: how far */
	SP_VERDICT_SERVICE_FITS,     /* the service scenario's cases: the best placement and */
	SP_VERDICT_SERVICE_COLD,     /* what the no-swap baseline lost (failed requests, OOM */
	SP_VERDICT_SERVICE_HOT,	     /* kills and whom they took); in case order, so */
	SP_VERDICT_SERVICE_SPIKE,    /* SP_VERDICT_SERVICE_FITS + k is case k */
	SP_VERDICT_CACHE, /* the cache scenario: the pool size that swaps its own cache */
	SP_VERDICT_GC,	  /* the gc scenario: its pause on disk vs zram */
	SP_VERDICT_TRY,	  /* measure --try: what each try placement did in the spike,
			   * beside what no swap did (the question it answers) */
	SP_VERDICT_SWEEP_SWAPPINESS,   /* --sweep: did the knob's values differ by more than the */
	SP_VERDICT_SWEEP_PAGE_CLUSTER, /* spread; SP_VERDICT_SWEEP_SWAPPINESS + knob (sweep.h) */
	SP_VERDICT_KINDS,
};
const char *sp_verdict_kind_name(enum sp_verdict_kind k); /* "start-vs-end", ... */

/* Why the swap file could not be compared with the start partition. */
enum sp_file_gap {
	SP_FILE_GAP_NONE = 0, /* compared (file_start.have), or there is no swap file */
	SP_FILE_GAP_FILE,     /* the file gave no swap-in latency: its status and reason say why */
	SP_FILE_GAP_START,    /* the file did, but the start partition has none to compare with */
};

/*
 * Two placements' swap-ins compared. Whether a difference is claimed goes by res, the paired
 * test over their probes' block medians (block i of one with block i of the other, measured
 * side by side); ci_overlap is kept for the JSON but decides nothing.
 */
struct sp_pair {
	int have;		  /* both sides ok and measured */
	int a, b;		  /* result indices */
	double ratio;		  /* b median / a median: > 1 means a is faster */
	int ci_overlap;		  /* the two medians' 95 % CIs overlap */
	struct sp_resolution res; /* b's block medians over a's; have 0 without blocks */
};

/*
 * One case of the service scenario across the placements: the best placement with swap (fewest
 * failed requests, then fewest OOM kills, then the lowest p95; ties: report order) beside the
 * no-swap baseline. Indices into results[]; -1: none ran the case. With --repeat a case's
 * figures are its worst run's (core/scenario/scenario_service.h sp_service_merge), so the
 * best is picked from every run, never from one run's p95; whether it is apart from the
 * runner-up beyond the runs' spread is said too.
 */
struct sp_service_finding {
	int have; /* some placement ran the case */
	int best; /* the best placement with swap (not none, not ram), or -1 */
	int none; /* the none baseline, when it ran the case, or -1 */
	/* the best placement's fits case, to set this case against; -1: it has none */
	int best_fits_case;	  /* index into its scenarios.service.cases */
	int best_case, none_case; /* the case's index in their scenarios.service.cases */
	/* the none baseline's victims, counted by who they were */
	uint64_t none_service_kills, none_spike_kills, none_other_kills;
	/* the next best placement with swap and its case's index, or -1 */
	int runner_up, runner_up_case;
	/*
	 * The best is ahead of the runner-up: by failed requests or OOM kills (counts), or,
	 * with as many of those, by p95 when the paired test over their runs resolves it (res:
	 * the runner-up's p95 runs over the best's, Holm across the service's cases). 0 with one
	 * run each: a p95 of one run has no spread to weigh it against.
	 */
	int apart;
	int by_counts; /* apart (or not) by failed requests or OOM kills, not by p95 */
	struct sp_resolution res;
	size_t n_runs; /* the best placement's runs of the case (1 for one run) */
};

/*
 * The cache scenario on one placement that ran it (core/scenario/serverjob.h): the double-caching
 * trap, the smallest pool that swapped its own cache, and the smallest that was OOM-killed.
 */
struct sp_cache_finding {
	int result;		   /* index into results[] */
	struct sp_cache_trap trap; /* sp_cache_trap_find over its cases */
	int trap_case;		   /* the trap's case index in its cases, or -1 */
	int clean_case;		   /* trap.last_clean, or -1 */
	double oom_pct;		   /* the smallest pool whose case was OOM-killed; 0: none was */
	size_t n_ok;		   /* its cases that ran ok */
};

/*
 * The gc scenario: placements whose run was ok, by p99 pause ascending (ties: report order);
 * the best on a disk and the best zram, and how much longer the disk's pause was.
 */
struct sp_gc_finding {
	size_t n_ranked;
	int ranked[SP_MAX_RESULTS];
	int best_disk, best_zram; /* the lowest p99 of each kind, or -1 */
	double disk_zram_ratio;	  /* disk p99 / zram p99; 0 unless both are known and > 0 */
	/* the disk's p99 runs over zram's, paired by round: the ratio is said only resolved */
	struct sp_resolution disk_zram;
	int none;	   /* the none baseline, when its gc ran, or -1 */
	double heap_ratio; /* the heap over its limit (the budget), the first gc's; 0 unknown */
	/* heap, metadata and a cycle's allocations over the limit, the first gc's; 0 unknown */
	double peak_ratio;
	size_t n_not_ok; /* ran but not ok (OOM-killed, timed out), report order */
	int not_ok[SP_MAX_RESULTS];
	/* whose baseline (in RAM, no pressure) is quoted: the best ranked with one ok, or -1 */
	int baseline;
};

/* lines of the profile chart: a twentieth of the disk each */
#define SP_PROFILE_ROWS 20

/*
 * Was what a device probe read ever written (report.h, device_probe.range_written)? A trimmed
 * SSD or NVMe answers a read of a block it never mapped from its mapping table, faster than a
 * read of a written one, so a floor read there may be optimistic.
 */
enum sp_dev_range {
	SP_DEV_RANGE_UNKNOWN = 0,   /* no device probe, or not said (an older report, measure) */
	SP_DEV_RANGE_WRITTEN,	    /* read after writing its range */
	SP_DEV_RANGE_UNWRITTEN_SSD, /* a non-rotational device, its range not written first */
	SP_DEV_RANGE_SPINNING,	    /* a rotational device, not written: it has no mapping */
};

struct sp_findings {
	/* status ok with a fault-probe median, by median ascending (ties: report order) */
	size_t n_ranked;
	int ranked[SP_MAX_RESULTS];
	double ratio_to_best[SP_MAX_RESULTS]; /* per rank: median / best median */
	int best;			      /* ranked[0] or -1 */

	/* per result index: swap-in median / device probe QD1 median; 0 when not both known */
	double floor_ratio[SP_MAX_RESULTS];
	double floor_overhead_us[SP_MAX_RESULTS]; /* swap-in median - device median */
	/* per result index: was its device probe's range written first; and how many were */
	enum sp_dev_range dev_range[SP_MAX_RESULTS];
	size_t n_dev_written, n_dev_unwritten_ssd;
	/*
	 * per result index: the like-for-like floor (fault_probe.floor, report.h): swap-in median
	 * minus the floor's median, never clamped, and its 95 % CI from the paired differences of
	 * the blocks' medians (sp_hist_paired_block_ci_half). have 0: no such floor, nothing said.
	 */
	int slot_floor_have[SP_MAX_RESULTS];
	double slot_floor_add_us[SP_MAX_RESULTS];
	double slot_floor_lo_us[SP_MAX_RESULTS], slot_floor_hi_us[SP_MAX_RESULTS];

	struct sp_pair start_end; /* a = start, b = end */
	struct sp_pair best_next; /* a = best, b = the runner-up (ranked[1]); have 0 without */
	int target_is_loop;	  /* the target disk is a loop device (make demo, tests) */

	/* the swap file */
	int file;		   /* result index or -1 */
	struct sp_pair file_start; /* a = start, b = file */
	double file_penalty_pct;   /* (file / start - 1) * 100, when file_start.have */
	enum sp_file_gap file_gap; /* when file >= 0 and !file_start.have: which side lacks */
	size_t file_extents;
	enum sp_region file_region;
	double file_pos_lo, file_pos_mid, file_pos_hi; /* fractions of the disk, 0..1 */

	/* best zram vs best disk (a placement on a disk: sp_placement_on_disk()) */
	int best_zram, best_disk;
	double zram_disk_ratio; /* disk median / zram median */

	/* the pressure probe: no swap at all vs the best placement with swap */
	int none; /* index of "none" with a pressure probe, or -1 */
	int none_oom_killed;
	double none_touches_per_s;
	int best_pressure; /* highest touches/s among ok placements with swap, or -1 */
	double best_pressure_touches_per_s;
	double pressure_ratio; /* best / none touches/s; 0 when none had none */

	/* placements with status other than ok, in report order */
	size_t n_not_ok;
	int not_ok[SP_MAX_RESULTS];

	/* integrity: any mismatch anywhere is serious */
	uint64_t pages_checked, mismatches;
	size_t n_mismatched;
	int mismatched[SP_MAX_RESULTS];

	/* compression of the probe's data (libzstd), and the best zram's kernel ratio */
	double data_ratio; /* first result that measured it; 0 when none did */
	double zram_ratio; /* of best_zram; 0 when unknown */

	/* the target's position profile, as the chart's lines, with the swap areas marked */
	double profile_outer_inner; /* sequential rate, outer edge / inner edge; 0 unknown */
	size_t n_profile_rows;
	struct sp_profile_row profile_rows[SP_PROFILE_ROWS];

	/*
	 * The job scenario (results[].scenarios.build): ranking by wall time, the ram baseline,
	 * start vs end against the run-to-run spread (core/scenario/scenario.h). has_build: it ran
	 * on at least one placement.
	 */
	int has_build;
	struct sp_build_ranking build;
	int build_page_cluster; /* in force for the ranked runs; -1 unknown or mixed */
	int build_job;		/* which job ran: the first placement that ran it, or -1 */
	int build_user;		/* it was the user's job (--job), not the build job */
	size_t build_runs;	/* how many runs: the most one placement's job ran */
	size_t n_build_not_ok;	/* placements whose job ran but did not finish ok, report order */
	int build_not_ok[SP_MAX_RESULTS];

	/* the service scenario, per case (enum sp_service_case_kind); has_service: it ran */
	int has_service;
	struct sp_service_finding service[SP_SVC_N_CASES];

	/*
	 * The cache scenario, per placement that ran it in report order; cache_lead: the finding
	 * the verdict leads with (the first placement with swap whose own cache swapped, else
	 * the first with swap that ran a case ok), cache_none: the none baseline's; -1: none.
	 */
	int has_cache;
	size_t n_cache;
	struct sp_cache_finding cache[SP_MAX_RESULTS];
	int cache_lead, cache_none;
	size_t n_cache_trapped;	 /* placements with swap whose own cache swapped */
	size_t n_cache_swapping; /* placements with swap that ran a case ok */

	/* the gc scenario; has_gc: it ran on some placement */
	int has_gc;
	struct sp_gc_finding gc;

	/*
	 * measure --try (core/plan/tryplace.h): the placements it made (a measure report's zram and
	 * file results: measure has no other way to get one) that ran the service's spike, in
	 * report order, beside none's spike in service[SP_SVC_SPIKE]. n_try 0: no such run.
	 */
	size_t n_try;
	int try_res[SP_MAX_RESULTS];  /* result index */
	int try_case[SP_MAX_RESULTS]; /* its spike case's index in scenarios.service.cases */

	/* the constrained box (act/caps.h): a cap asked for and not applied where it makes sense
	 * (r->constraints says why); the zram results whose limit the budget keeper lowered */
	int caps_not_applied;
	size_t n_budget_kept;
	int budget_kept[SP_MAX_RESULTS];

	/* --sweep: per knob, each placement x scenario line's figure per value
	 * (core/findings/sweep_findings.h) */
	struct sp_sweep_findings sweep;

	size_t n_verdict;
	enum sp_verdict_kind verdict[SP_VERDICT_KINDS];
};

/*
 * Compute the findings of a report. Pure: reads r, writes f (zeroed first).
 * Returns: 0, or -EINVAL when r or f is NULL or r->n_results exceeds SP_MAX_RESULTS.
 */
int sp_analyse(const struct sp_report *r, struct sp_findings *f);

#endif
