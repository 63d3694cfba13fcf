/*
 * placement.h - one swap placement and how it is measured: activated alone (highest
 * priority), probed (device, fault, pressure), then deactivated through the undo list.
 * The orchestration (run.c, measure.c) builds the list of placements; this unit runs one.
 */
#ifndef SP_PLACEMENT_H
#define SP_PLACEMENT_H

#include <stdint.h>

#include "act/hold.h"
#include "core/err.h"
#include "core/report.h"
#include "probe/faultprobe.h"

struct sp_placement {
	char name[48];
	struct sp_placement_id id; /* what it is; everything it does follows this */
	char swap_path[256];  /* partition node or file; for zram filled on activation */
	char probe_dev[256];  /* device the device probe reads; extents are sectors on it */
	size_t n_extents;
	struct sp_extent extents[SP_MAX_EXTENTS];
	uint64_t size_bytes;  /* size of the swap area */
	char zram_alg[32];
	int already_active;   /* SP_PL_EXISTING: it was on before us, leave it on */
	/*
	 * A swap partition of ours (start, end, --also) is held O_EXCL while idle, so nothing
	 * else can mount or swapon it between turns. The orchestration takes the hold (its
	 * release is on the undo list from then on); sp_placement_measure() releases it for
	 * the placement's turn (swapon must claim the partition itself) and takes it back.
	 */
	struct sp_hold hold;
};

/* A placement named name with identity id, nothing located yet and nothing held. */
void sp_placement_init(struct sp_placement *p, const char *name, struct sp_placement_id id);

struct sp_measure_opts {
	uint64_t budget_bytes;
	double time_s;       /* per placement, shared between the probes */
	uint64_t seed;
	uint32_t threads;
	double ci_target_pct;
	/* a disk every placement's measurement waits to be quiet first (run: the target, which
	 * holds the data filesystem even while zram is measured); NULL: only the placement's */
	const char *quiet_dev;
};

/*
 * Activate p, wait until its disk and o->quiet_dev have stopped writing (sys/diskquiet.h: no
 * write for 1 s, at most 10 s; a disk still writing is measured anyway and res's reason says
 * what was seen), run the probes that apply, record everything in res, deactivate. Errors of one
 * probe are recorded in res's reason and do not stop the others; res's status follows the
 * rules of sp_result_status() (core/placements.h).
 * Returns: 0, or -EINTR when interrupted (res is still filled as far as it got).
 */
int sp_placement_measure(struct sp_placement *p, const struct sp_measure_opts *o,
			 struct sp_result *res);


#endif
