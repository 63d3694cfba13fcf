/*
 * placements.h - which placements a run measures, and when a measured one is ok, invalid or
 * failed. Pure: both are rules over what the edge found (the plan, the compressors the kernel
 * offers, the --also devices, --only; the probes' outcomes), so they unit-test without a disk.
 *
 * A placement's identity is typed (struct sp_placement_id in core/model/report.h): the --also
 * device a placement partitions is the one its also_index names, found when the list is built,
 * never by counting names afterwards (a counter over the names --only kept once pointed a dev-<B>
 * placement at device A).
 */
#ifndef SP_PLACEMENTS_H
#define SP_PLACEMENTS_H

#include <stddef.h>

#include "core/model/report.h"
#include "core/plan/plan.h"

#define SP_PLACEMENT_ALG_MAX 32 /* a zram compressor's name, as in act/zram.h */

/* One placement of a run: its name (for people), identity (for behaviour), compressor. */
struct sp_placement_spec {
	char name[48];
	struct sp_placement_id id;
	char zram_alg[SP_PLACEMENT_ALG_MAX];  /* SP_PL_ZRAM only */
	char zswap_alg[SP_PLACEMENT_ALG_MAX]; /* SP_PL_ZSWAP only */
};

/* What the list of a run's placements follows from. */
struct sp_placements_in {
	const struct sp_layout *layout; /* the target's plan: start/end/file need their part */
	const char (*zram_algs)[SP_PLACEMENT_ALG_MAX]; /* compressors offered, kernel's order */
	size_t n_zram_algs;
	const char *const *also_names; /* kernel names of the --also devices (sdc, loop3) */
	size_t n_also;
	const char *only; /* --only LIST, comma separated; NULL or "" for all */
	int with_ram;	  /* a job runs (--scenario build, or --job): add its ram baseline */
	/* zswap's compressors to measure in front of the start partition, in order
	 * (core/plan/zswap_choice.h sp_zswap_choose); none where the kernel has no zswap */
	const char (*zswap_algs)[SP_PLACEMENT_ALG_MAX];
	size_t n_zswap_algs;
};

/*
 * The placements a run measures, in the order it measures them: start, end, file, zram-<alg>
 * per compressor, zswap-<alg> per zswap compressor (only where the plan has the start
 * partition it sits in front of), dev-<name> per --also device (also_index = its position
 * in also_names), none, and ram (the job's baseline without a limit) when with_ram is set. A
 * placement is kept when --only is empty or one of its words is the placement's name
 * ("dev-sdc", "zram-lz4"), its kind's name ("zram", "zswap", "also", "ram") or "dev" for any
 * --also device.
 * Returns: 0, -ENOENT when --only keeps none of them, -ENOSPC when more than max,
 * -EINVAL for a missing layout or a name too long.
 */
int sp_placements_list(const struct sp_placements_in *in, struct sp_placement_spec *out, size_t max,
		       size_t *n);

/* Index in l->parts of the partition with role, or -ENOENT when the layout has none. */
int sp_layout_part_index(const struct sp_layout *l, enum sp_part_role role);

/*
 * Does a placement of kind k take swap-ins from a disk (anything but zram, zswap, none,
 * probe)? zswap has a disk behind it, but its pool in RAM answers the swap-ins it holds.
 */
int sp_placement_on_disk(enum sp_placement_kind k);

/* Does a placement of kind k live on the target disk (start, end, the swap file)? */
int sp_placement_on_target(enum sp_placement_kind k);

/* Does a placement of kind k have swap to measure swap-ins from (all but none, probe, ram)? */
int sp_placement_swaps(enum sp_placement_kind k);

/*
 * Fewer timed swap-ins than this is no median worth ranking: seen under QEMU TCG, where a
 * slow compressor (zram-lz4hc) spent the whole fault-probe share filling and evicting and
 * then timed 2 touches.
 */
#define SP_MIN_SWAPIN_SAMPLES 200

/* How measuring one placement went, besides what its result's probes hold. */
struct sp_outcome {
	int interrupted;	     /* a terminating signal stopped it */
	int activate_err;	     /* 0, or -errno: its swap area could not be switched on */
	int fault_err;		     /* 0, or -errno: the fault probe could not run */
	int deactivate_err;	     /* 0, or -errno: switching it off (its undo entries) failed */
	double fault_time_s;	     /* the time the fault probe was given (for the reason) */
	const char *fault_diagnosis; /* the fault probe's own word on why it is invalid, or
				      * NULL/"" (core/measure/faultdiag.h) */
};

/*
 * The status of a measured result, first rule that applies:
 *   interrupted, or activation failed                          -> failed
 *   a fault in error (I/O error, vanished disk), or any page
 *   that came back with other bytes (integrity mismatches)      -> failed
 *   it swaps, and the fault probe failed                      -> failed
 *   it swaps, and the touches were not real swap-ins          -> invalid
 *   it swaps, and fewer than SP_MIN_SWAPIN_SAMPLES were timed -> invalid
 *   zswap, and its pool answered none of the fault probe's swap-ins -> invalid
 *   the baseline (none) without a finished pressure probe     -> failed
 *   the ram baseline whose job did not run ok                 -> failed
 *   deactivation failed                                       -> failed
 *   otherwise                                                 -> ok
 * A failing device or pressure probe (with swap) is recorded in the reason but leaves the
 * result ok: the swap-in median does not depend on them.
 */
enum sp_status sp_result_status(const struct sp_result *res, const struct sp_outcome *o);

/*
 * Why a result that sp_result_status() calls invalid is invalid, in buf (one sentence with
 * the numbers). Returns: 0, or -EINVAL when it is not invalid.
 */
int sp_result_invalid_reason(const struct sp_result *res, const struct sp_outcome *o, char *buf,
			     size_t len);

/*
 * Give res its status from o, and a reason that says why: "interrupted"; an invalid result's
 * cause first, then what the probes recorded before (a device probe that failed); a failed
 * one keeps what its steps recorded. Corrupted pages without an error yet get one ("corruption:
 * N of M pages ..."), so the result fails and its error says why.
 */
void sp_result_settle(struct sp_result *res, const struct sp_outcome *o);

#endif
