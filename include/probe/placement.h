/*
 * placement.h - one swap placement and how it is measured: activated alone (highest
 * priority), probed (device, fault, pressure), then deactivated through the undo list.
 * The orchestration (run.c, measure.c) builds the list of placements; this unit runs one.
 */
#ifndef SP_PLACEMENT_H
#define SP_PLACEMENT_H

#include <stdint.h>

#include "core/err.h"
#include "core/report.h"
#include "probe/faultprobe.h"

enum sp_placement_kind {
	SP_PL_PARTITION, /* a swap partition: start, end, dev-<name> */
	SP_PL_FILE,      /* the swap file in the data filesystem */
	SP_PL_ZRAM,      /* a zram device we create with one compressor */
	SP_PL_EXISTING,  /* a swap area the machine already has or was given (measure) */
	SP_PL_NONE,      /* no swap: the baseline */
};

struct sp_placement {
	char name[48];
	enum sp_placement_kind kind;
	char swap_path[256];  /* partition node or file; for zram filled on activation */
	char probe_dev[256];  /* device the device probe reads; extents are sectors on it */
	size_t n_extents;
	struct sp_extent extents[SP_MAX_EXTENTS];
	uint64_t size_bytes;  /* size of the swap area */
	char zram_alg[32];
	int already_active;   /* SP_PL_EXISTING: it was on before us, leave it on */
	int excl_fd;          /* O_EXCL hold on the partition while it is idle, or -1 */
};

struct sp_measure_opts {
	uint64_t budget_bytes;
	double time_s;       /* per placement, shared between the probes */
	uint64_t seed;
	uint32_t threads;
	double ci_target_pct;
};

/*
 * Activate p, run the probes that apply, record everything in res, deactivate. Errors of one
 * probe are recorded in res (status failed, reason) and do not stop the others.
 * Returns: 0, or -EINTR when interrupted (res is still filled as far as it got).
 */
int sp_placement_measure(struct sp_placement *p, const struct sp_measure_opts *o,
			 struct sp_result *res);

/*
 * The status and reason the fault probe's outcome gives a placement's result: ret is what
 * sp_faultprobe_run() returned (not -EINTR), with its error e and diagnosis diag (either may
 * be NULL); res->fault_probe is filled; fault_time_s is the probe's share of the time. A
 * failed probe's reason is e's, an invalid one's is the diagnosis (the cause, not a fixed
 * sentence).
 */
void sp_placement_fault_verdict(struct sp_result *res, int ret, const struct sp_err *e,
				const struct sp_faultprobe_diag *diag, double fault_time_s);

#endif
