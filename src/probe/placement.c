/*
 * placement.c - measure one swap placement: activate it alone at the highest priority, run
 * the device, fault and pressure probes within the time given, deactivate it by unwinding the
 * undo list to where it was. A probe that fails is recorded, and the others still run.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/err.h"
#include "core/textfmt.h"
#include "core/units.h"
#include "core/placements.h"
#include "probe/devprobe.h"
#include "sys/diskquiet.h"
#include "probe/faultprobe.h"
#include "sys/log.h"
#include "probe/placement.h"
#include "probe/pressure.h"
#include "act/swap.h"
#include "sys/timer.h"
#include "act/undo.h"
#include "act/zram.h"

/* Highest swap priority: ours is used before any other area the machine may have. */
#define SP_SWAP_PRIO 32767

/* How the time of a placement is shared between the probes. */
#define SHARE_DEVICE 0.20
#define SHARE_FAULT 0.50
#define SHARE_PRESSURE 0.30

/* Add "<what>: <why>" to the result's reason; a probe's failure does not hide another's. */
static void fail_reason(struct sp_result *res, const char *what, const struct sp_err *e)
{
	size_t len = strlen(res->reason);

	snprintf(res->reason + len, sizeof(res->reason) - len, "%s%s: %s", len ? "; " : "",
		 what, sp_err_msg(e));
}

void sp_placement_init(struct sp_placement *p, const char *name, struct sp_placement_id id)
{
	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "%s", name);
	p->id = id;
	sp_hold_init(&p->hold);
}

static int activate(struct sp_placement *p, const struct sp_measure_opts *o, struct sp_err *e)
{
	int ret;

	switch (p->id.kind) {
	case SP_PL_NONE:
	case SP_PL_PROBE:
		return 0;
	case SP_PL_EXISTING:
		if (p->already_active)
			return 0;
		return sp_swap_on(p->swap_path, SP_SWAP_PRIO, e);
	case SP_PL_ZRAM:
		/* sized for the fault buffer plus the pressure workload's overflow */
		p->size_bytes = o->budget_bytes * 2;
		ret = sp_zram_create(p->zram_alg, p->size_bytes, p->swap_path,
				     sizeof(p->swap_path), e);
		if (ret < 0)
			return ret;
		snprintf(p->probe_dev, sizeof(p->probe_dev), "%s", p->swap_path);
		p->n_extents = 1;
		p->extents[0].start_sector = 0;
		p->extents[0].sectors = p->size_bytes / 512;
		ret = sp_mkswap(p->swap_path, p->size_bytes, "swapplace-zram");
		if (ret < 0)
			return sp_err_prefix(e, ret, "mkswap on '%s'", p->swap_path);
		return sp_swap_on(p->swap_path, SP_SWAP_PRIO, e);
	case SP_PL_START:
	case SP_PL_END:
	case SP_PL_ALSO:
		/* lend our exclusive hold for the turn: swapon claims the partition itself */
		sp_hold_release(&p->hold);
		ret = sp_mkswap(p->swap_path, p->size_bytes, "swapplace");
		if (ret < 0)
			return sp_err_prefix(e, ret, "mkswap on '%s'", p->swap_path);
		return sp_swap_on(p->swap_path, SP_SWAP_PRIO, e);
	case SP_PL_FILE:
		return sp_swap_on(p->swap_path, SP_SWAP_PRIO, e);
	case SP_PL_KINDS:
		break;
	}
	return sp_err_set(e, -EINVAL, "unknown kind of placement %d", (int)p->id.kind);
}

/* Quiet: no write for this long; waited for at most QUIET_MAX_MS. */
#define QUIET_MS 1000
#define QUIET_MAX_MS 10000

/*
 * Before the probes: wait until the disks this placement's numbers depend on have stopped
 * writing (its own disk; the run's target, which holds the data filesystem). One that keeps
 * writing is measured anyway, with what was seen in the reason: the numbers may be disturbed,
 * and the reader should know by how much.
 */
static void wait_quiet(const struct sp_placement *p, const struct sp_measure_opts *o,
		       struct sp_result *res)
{
	const char *devs[2] = { o->quiet_dev,
				sp_placement_on_disk(p->id.kind) ? p->probe_dev : NULL };

	for (int i = 0; i < 2; i++) {
		struct sp_quiet q;
		char b[32];
		int ret;

		if (!devs[i] || !devs[i][0] || (i == 1 && devs[0] && !strcmp(devs[0], devs[1])))
			continue;
		ret = sp_disk_wait_quiet(devs[i], QUIET_MS, QUIET_MAX_MS, sp_interrupted, &q);
		if (ret == -ETIMEDOUT)
			sp_cat_sep(res->reason, sizeof(res->reason), "; ",
				   "'%s' was still writing before the measurement: %llu writes "
				   "(%s) in %.1f s, measured anyway", devs[i],
				   (unsigned long long)q.writes,
				   sp_format_bytes(q.write_bytes, b, sizeof(b)), q.waited_ms / 1e3);
		else if (ret < 0 && ret != -EINTR)
			sp_debug("placement", "%s: no quiet check of '%s': %d", p->name, devs[i],
				 ret);
	}
}

static uint64_t fault_buffer_bytes(const struct sp_placement *p, const struct sp_measure_opts *o)
{
	uint64_t b = o->budget_bytes;

	/* leave room in the swap area: the pressure probe and the kernel need some too */
	if (p->size_bytes && b > p->size_bytes / 10 * 8)
		b = p->size_bytes / 10 * 8;
	return b & ~(uint64_t)0xfffff;
}

int sp_placement_measure(struct sp_placement *p, const struct sp_measure_opts *o,
			 struct sp_result *res)
{
	size_t mark = sp_undo_depth();
	struct sp_time t0 = sp_now();
	struct sp_outcome oc = { .fault_time_s = o->time_s * SHARE_FAULT };
	struct sp_faultprobe_diag diag;
	struct sp_err e;
	int ret, interrupted = 0, swaps = sp_placement_swaps(p->id.kind);

	res->id = p->id;
	memset(&diag, 0, sizeof(diag));
	sp_err_init(&e);
	ret = activate(p, o, &e);
	/* after activation: a zram device has its name only once it exists */
	snprintf(res->device, sizeof(res->device), "%s", swaps ? p->swap_path : "");
	if (ret < 0) {
		oc.activate_err = ret;
		fail_reason(res, "activating the swap area", &e);
		goto out;
	}
	wait_quiet(p, o, res);
	res->size_bytes = p->size_bytes;
	res->n_extents = p->n_extents;
	memcpy(res->extents, p->extents, sizeof(p->extents[0]) * p->n_extents);

	if (swaps && p->n_extents) {
		struct sp_devprobe_opts d;

		sp_devprobe_defaults(&d);
		d.time_s = o->time_s * SHARE_DEVICE;
		d.ci_target_pct = o->ci_target_pct;
		d.seed = o->seed;
		sp_err_init(&e);
		ret = sp_devprobe_run(p->probe_dev, p->extents, p->n_extents, &d,
				      &res->device_probe, &e);
		if (ret == -EINTR)
			interrupted = 1;
		else if (ret < 0)
			fail_reason(res, "device probe", &e);
	}

	if (swaps && !interrupted) {
		struct sp_faultprobe_opts f;

		sp_faultprobe_defaults(&f);
		f.diag = &diag;
		f.buffer_bytes = fault_buffer_bytes(p, o);
		f.threads = o->threads;
		f.time_s = o->time_s * SHARE_FAULT;
		f.ci_target_pct = o->ci_target_pct;
		f.seed = o->seed;
		f.allow_swap = 1;
		if (p->id.kind == SP_PL_ZRAM)
			f.zram_dev = p->swap_path;
		sp_err_init(&e);
		ret = sp_faultprobe_run(&f, &res->fault_probe, &res->integrity,
					&res->compression, &e);
		if (ret == -EINTR) {
			interrupted = 1;
		} else if (ret < 0) {
			oc.fault_err = ret;
			fail_reason(res, "fault probe", &e);
		}
		oc.fault_diagnosis = diag.reason;
	}

	if (!interrupted) {
		struct sp_pressure_opts pr;

		sp_pressure_defaults(&pr);
		pr.limit_bytes = (o->budget_bytes / 2) & ~(uint64_t)0xfffff;
		pr.time_s = o->time_s * SHARE_PRESSURE;
		pr.seed = o->seed;
		pr.allow_swap = swaps;
		sp_err_init(&e);
		ret = sp_pressure_run(&pr, &res->pressure_probe, &e);
		if (ret == -EINTR)
			interrupted = 1;
		else if (ret < 0)
			fail_reason(res, "pressure probe", &e);
	}
out:
	ret = sp_undo_run_to(mark);
	if (ret < 0) {
		oc.deactivate_err = ret;
		fail_reason(res, "deactivating (undoing the swap area's setup)", SP_ERR_OF(ret));
	}
	/* idle again: ours alone until its next turn or the end (a retake that fails leaves the
	 * partition unclaimed, which costs the claim, not the measurement) */
	if (p->hold.registered && sp_hold_retake(&p->hold) < 0)
		sp_debug("placement", "%s: cannot hold '%s' again", p->name, p->hold.path);
	oc.interrupted = interrupted;
	sp_result_settle(res, &oc);
	res->elapsed_s = sp_elapsed_s(t0, sp_now());
	sp_debug("placement", "%s: %s %s (%.1f s)", p->name, sp_status_name(res->status),
		 res->reason, res->elapsed_s);
	return interrupted ? -EINTR : 0;
}
