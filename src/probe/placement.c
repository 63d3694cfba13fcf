/*
 * placement.c - measure one swap placement: activate it alone at the highest priority, run
 * the device, fault and pressure probes within the time given, deactivate it by unwinding the
 * undo list to where it was. A probe that fails is recorded, and the others still run.
 */
#include "probe/placement.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "act/caps.h"
#include "act/swap.h"
#include "act/sysctl.h"
#include "act/undo.h"
#include "act/worker.h"
#include "act/zram.h"
#include "act/zswap.h"
#include "core/config/textfmt.h"
#include "core/config/units.h"
#include "core/err.h"
#include "core/measure/kmsg.h"
#include "core/plan/placements.h"
#include "core/plan/timing.h"
#include "core/scenario/scenario.h"
#include "core/scenario/server_runs.h"
#include "probe/buildjob.h"
#include "probe/devprobe.h"
#include "probe/faultprobe.h"
#include "probe/pressure.h"
#include "probe/serverjob.h"
#include "probe/service.h"
#include "probe/userjob.h"
#include "sys/diskquiet.h"
#include "sys/kmsg.h"
#include "sys/log.h"
#include "sys/timer.h"

/* Highest swap priority: ours is used before any other area the machine may have. */
#define SP_SWAP_PRIO 32767

/* How the time of a placement is shared between the probes: core/plan/timing.h says why. */
#define SHARE_DEVICE SP_SHARE_DEVICE
#define SHARE_FAULT SP_SHARE_FAULT
#define SHARE_PRESSURE SP_SHARE_PRESSURE

/* Add "<what>: <why>" to the result's reason; a probe's failure does not hide another's. */
static void fail_reason(struct sp_result *res, const char *what, const struct sp_err *e)
{
	size_t len = strlen(res->reason);

	snprintf(res->reason + len, sizeof(res->reason) - len, "%s%s: %s", len ? "; " : "", what,
		 sp_err_msg(e));
}

void sp_placement_init(struct sp_placement *p, const char *name, struct sp_placement_id id)
{
	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "%s", name);
	p->id = id;
	sp_hold_init(&p->hold);
	p->rotational = -1;
	p->range_written = -1;
	p->range_kmsg = SP_KMSG_MARK_INIT;
}

/* The hold p lends to swapon for its turn: its own, or the start placement's (zswap). */
static struct sp_hold *hold_of(struct sp_placement *p)
{
	return p->shared_hold ? p->shared_hold : &p->hold;
}

/* the hold's identity check found another disk under the partition's name */
static int stale_nothing_written(const struct sp_placement *p, struct sp_err *e)
{
	return sp_err_set(e, -ESTALE,
			  "'%s' is no longer the partition the run made (another disk has its "
			  "name): nothing written",
			  p->swap_path);
}

/*
 * A partition of ours made a swap area for its turn: the header written through the idle hold
 * (O_RDWR | O_EXCL since the run made the partition: the device the hold has, whatever its name
 * leads to now), then the hold lent, released, and the name checked to lead to that same device
 * (its number and its disk's sequence) right before swapon claims it by name. A partition without
 * a hold (none was taken) is written by its name. Returns: 0, or -errno (-ESTALE: the name leads
 * to another device now; nothing was written to it).
 */
static int mkswap_and_lend(struct sp_placement *p, struct sp_err *e)
{
	struct sp_hold *h = hold_of(p);
	int ret;

	if (!h->registered) {
		ret = sp_mkswap(p->swap_path, p->size_bytes, "swapplace");
		return ret < 0 ? sp_err_prefix(e, ret, "mkswap on '%s'", p->swap_path) : 0;
	}
	ret = sp_hold_retake(h);
	if (ret == 0)
		ret = sp_hold_check(h);
	if (ret == 0)
		ret = (h->flags & O_ACCMODE) == O_RDONLY
			  ? sp_mkswap(p->swap_path, p->size_bytes, "swapplace")
			  : sp_mkswap_fd(h->fd, p->swap_path, p->size_bytes, "swapplace");
	sp_hold_release(h);
	if (ret == -ESTALE)
		return stale_nothing_written(p, e);
	if (ret < 0)
		return sp_err_prefix(e, ret, "mkswap on '%s'", p->swap_path);
	ret = sp_hold_check(h);
	if (ret < 0)
		return sp_err_set(e, ret == -ESTALE ? ret : -ESTALE,
				  "'%s' is no longer the partition the run made (another disk has "
				  "its name): not swapped on",
				  p->swap_path);
	return 0;
}

int sp_placement_write_range(struct sp_placement *p, uint64_t seed, struct sp_fill_stats *st,
			     struct sp_err *e)
{
	struct sp_hold *h = hold_of(p);
	uint64_t disk_off = p->n_extents ? p->extents[0].start_sector * 512 : 0;
	int ret;

	if (st)
		memset(st, 0, sizeof(*st));
	/* through the hold only: a name may lead to another disk by now, the hold cannot */
	if (!h->registered || (h->flags & O_ACCMODE) != O_RDWR)
		return sp_err_set(e, -EBADF, "'%s' is not held for writing: nothing written",
				  p->swap_path);
	ret = sp_hold_retake(h);
	if (ret == 0)
		ret = sp_hold_check(h);
	if (ret == -ESTALE)
		return stale_nothing_written(p, e);
	if (ret < 0)
		return sp_err_set(e, ret, "cannot hold '%s' to write it (%s)", p->swap_path,
				  strerror(-ret));
	/* the kernel's lines about a failing write are logged now, long before the turn */
	sp_kmsg_release(&p->range_kmsg);
	if (sp_kmsg_mark(&p->range_kmsg) < 0)
		sp_debug("placement", "%s: the kernel log cannot be read", p->name);
	ret = sp_disk_fill_fd(h->fd, p->swap_path, disk_off, seed, st, e);
	if (ret == 0) {
		p->range_written = 1;
	} else if (ret != -EINTR) {
		p->range_err = ret;
		snprintf(p->range_why, sizeof(p->range_why), "%s", sp_err_msg(e));
		return ret; /* the mark stays, for the turn (sp_placement_measure) */
	}
	sp_kmsg_release(&p->range_kmsg);
	return ret;
}

/*
 * zswap in front of the start partition: the partition swapped on, then zswap's compressor and
 * switch, each with its undo. Unwinding turns zswap off first, then puts the compressor back,
 * then swapoff reads back what the pool and the partition still hold.
 */
static int activate_zswap(struct sp_placement *p, struct sp_err *e)
{
	struct sp_zswap_state st;
	int ret;

	ret = mkswap_and_lend(p, e);
	if (ret < 0)
		return ret;
	ret = sp_swap_on(p->swap_path, SP_SWAP_PRIO, e);
	if (ret < 0)
		return ret;
	ret = sp_zswap_set_compressor(p->zswap_alg);
	if (ret < 0)
		return sp_err_set(e, ret,
				  "zswap refuses compressor '%s' (%s): the kernel has no "
				  "crypto driver for it",
				  p->zswap_alg, strerror(-ret));
	ret = sp_zswap_set_enabled(1);
	if (ret < 0)
		return sp_err_set(e, ret, "cannot turn zswap on (%s)", strerror(-ret));
	/* before its first use zswap takes any name and falls back to its default when it
	 * starts: what it runs with is what it says now */
	ret = sp_zswap_read(&st);
	if (ret < 0)
		return sp_err_set(e, ret, "cannot read zswap's state back (%s)", strerror(-ret));
	if (!st.enabled || strcmp(st.compressor, p->zswap_alg))
		return sp_err_set(e, -ENOENT,
				  "zswap did not take compressor '%s': it runs %s with "
				  "'%s' (the kernel has no crypto driver for '%s')",
				  p->zswap_alg, st.enabled ? "on" : "off", st.compressor,
				  p->zswap_alg);
	return 0;
}

/*
 * Faults (docs/safety.md, "Faults"): what a placement's turn watches besides its probes. The
 * kernel answers a swap-in it cannot read with SIGBUS (do_swap_page), a failing device with
 * "I/O error, dev sdb, sector N" in its log, a pulled disk by removing it from /sys/class/block.
 * A placement that met any of these is failed with the error and the kernel's lines about it;
 * the run goes on with the next one.
 */
struct fault_watch {
	struct sp_kmsg_mark kmsg;
	unsigned long sigbus0; /* workers dead by SIGBUS before the turn */
	char part[64];	       /* the swap area's block device ("sdb2", "zram1"), "" none */
	char disk[64];	       /* the whole disk it is on ("sdb"), "" none */
	char devt[24];	       /* the swap area's device number "MAJ:MIN", "" unknown */
	int io_err;	       /* a probe or step saw EIO, ENXIO or ENODEV: the device failed */
	char io_what[200];     /* that error, as the probe said it */
};

/* The block device name of /dev/X (X), and the whole disk it is a partition of (or X). */
static void disk_of(const char *dev, char *part, size_t plen, char *disk, size_t dlen)
{
	char link[128], real[PATH_MAX], attr[160];
	const char *base = strrchr(dev, '/');

	part[0] = disk[0] = '\0';
	if (strncmp(dev, "/dev/", 5) || !base || !base[1])
		return;
	snprintf(part, plen, "%s", base + 1);
	snprintf(disk, dlen, "%s", base + 1);
	snprintf(link, sizeof(link), "/sys/class/block/%.64s", base + 1);
	snprintf(attr, sizeof(attr), "%s/partition", link);
	if (access(attr, F_OK) < 0 || !realpath(link, real))
		return;
	/* .../block/sdb/sdb2: the parent directory is the disk */
	*strrchr(real, '/') = '\0';
	base = strrchr(real, '/');
	if (base && base[1])
		snprintf(disk, dlen, "%s", base + 1);
}

static void watch_begin(const struct sp_placement *p, struct fault_watch *w)
{
	struct stat st;

	memset(w, 0, sizeof(*w));
	w->kmsg = SP_KMSG_MARK_INIT;
	if (sp_kmsg_mark(&w->kmsg) < 0)
		sp_debug("placement",
			 "%s: the kernel log cannot be read: no kernel lines on a fault", p->name);
	w->sigbus0 = sp_worker_sigbus_deaths();
	/* zram is no disk (and its device goes with the turn); the others live on one */
	if ((sp_placement_swaps(p->id.kind) && p->id.kind != SP_PL_ZRAM) ||
	    p->id.kind == SP_PL_PROBE)
		disk_of(p->probe_dev[0] ? p->probe_dev : p->swap_path, w->part, sizeof(w->part),
			w->disk, sizeof(w->disk));
	if (w->part[0] && stat(p->swap_path, &st) == 0 && S_ISBLK(st.st_mode))
		snprintf(w->devt, sizeof(w->devt), "%u:%u", major(st.st_rdev), minor(st.st_rdev));
}

/* Is err a device's failure (not a refusal or a lack of time)? */
static int is_io_err(int err)
{
	return err == -EIO || err == -ENXIO || err == -ENODEV || err == -EREMOTEIO;
}

/* Note a step's error e (code ret) when it is a failure of the device. */
static void watch_err(struct fault_watch *w, const char *what, int ret, const struct sp_err *e)
{
	if (!is_io_err(ret) || w->io_err)
		return;
	w->io_err = ret;
	snprintf(w->io_what, sizeof(w->io_what), "%.60s: %.130s", what, sp_err_msg(e));
}

/* Did the disk the placement lives on leave the machine (pulled, dropped off the bus)? */
static int disk_gone(const struct fault_watch *w)
{
	char path[128];

	if (!w->disk[0])
		return 0;
	snprintf(path, sizeof(path), "/sys/class/block/%s", w->disk);
	return access(path, F_OK) < 0 && errno == ENOENT;
}

/*
 * A swap area of ours that could not be switched off (its disk vanished: swapoff cannot open
 * it) stays active at the highest priority until the machine restarts, and the kernel keeps
 * giving it pages whose writes fail. A placement measured after that would be measured beside
 * it, so the ones that swap are not measured; the first such area is remembered here.
 */
static char stuck_area[256], stuck_of[48];

#define DELETED "\\040(deleted)"
#define GONE_WAIT_MS 3000

/* Is the swap area path still in /proc/swaps (its swapoff failed)? */
static int still_swapping(const char *path)
{
	char line[512];
	size_t n = strlen(path);
	FILE *f = fopen("/proc/swaps", "re");
	int found = 0;

	if (!f)
		return 0;
	/* a vanished device's area is listed as "/dev/sdc1\040(deleted)" (the space escaped) */
	while (!found && fgets(line, sizeof(line), f))
		found =
		    !strncmp(line, path, n) && (line[n] == ' ' || line[n] == '\t' ||
						!strncmp(line + n, DELETED, sizeof(DELETED) - 1));
	fclose(f);
	return found;
}

/* Is p a placement that must not be activated beside a stuck area? The why goes into buf. */
static int beside_stuck(const struct sp_placement *p, char *buf, size_t len)
{
	if (!sp_placement_swaps(p->id.kind) || !stuck_area[0] || !still_swapping(stuck_area))
		return 0;
	snprintf(buf, len,
		 "not measured: the swap area '%.100s' of '%.40s' is still active (its "
		 "swapoff failed) and would take the pages",
		 stuck_area, stuck_of);
	return 1;
}

/*
 * Is p not to be activated again: its range could not be written before its probes (its disk
 * fails writes), or it would sit beside a stuck area? The why goes into buf.
 */
static int not_again(const struct sp_placement *p, char *buf, size_t len)
{
	if (p->range_err) {
		snprintf(buf, len,
			 "not measured: writing its range before the device probe: %.180s",
			 p->range_why);
		return 1;
	}
	return beside_stuck(p, buf, len);
}

/*
 * After the turn (deactivated): the error that fails the placement, if any, and the kernel's
 * lines about it. The first cause found names it: a vanished disk explains the I/O errors it
 * caused, a SIGBUS explains a worker that died.
 */
static void watch_end(const struct sp_placement *p, struct fault_watch *w, int deactivate_err,
		      struct sp_result *res)
{
	const char *devs[2] = {w->part, w->disk};
	unsigned long sigbus = sp_worker_sigbus_deaths() - w->sigbus0;
	int gone = disk_gone(w), io_logged = 0, got;
	size_t dropped = 0;

	/*
	 * A disk being pulled fails its I/O before the kernel has finished removing it (seen:
	 * swapoff's ENXIO while /sys/class/block still had it): after a fault, give the removal
	 * a moment before the fault is called an I/O error rather than a disappearance.
	 */
	for (int i = 0; !gone && w->disk[0] && (sigbus || w->io_err || deactivate_err) &&
			i < GONE_WAIT_MS / 100;
	     i++) {
		sp_sleep_ms(100);
		gone = disk_gone(w);
	}

	got = sp_kmsg_collect(&w->kmsg, devs, 2, &res->kernel_log[0][0], SP_KLOG_LINE, SP_KLOG_MAX,
			      &dropped);
	sp_kmsg_release(&w->kmsg);
	if (got < 0)
		got = 0;
	/* an I/O error about this placement's device (another disk's is not its fault) */
	for (int i = 0; i < got; i++) {
		const char *l = res->kernel_log[i];

		if (sp_kmsg_says_io_error(l, strlen(l)) &&
		    sp_kmsg_about(l, strlen(l), devs, 2, w->devt))
			io_logged = 1;
	}
	if (gone)
		snprintf(res->error, sizeof(res->error),
			 "the disk '/dev/%s' disappeared during "
			 "the measurement of '%.47s'",
			 w->disk, p->name);
	else if (sigbus)
		snprintf(res->error, sizeof(res->error),
			 "I/O error: %lu worker%s killed by SIGBUS "
			 "(a page could not be read back from '%.120s')",
			 sigbus, sigbus > 1 ? "s were" : " was",
			 res->device[0] ? res->device : p->swap_path);
	else if (w->io_err)
		snprintf(res->error, sizeof(res->error), "I/O error: %.200s", w->io_what);
	else if (io_logged && w->part[0])
		snprintf(res->error, sizeof(res->error),
			 "I/O error: the kernel logged I/O errors "
			 "on '%.120s' during the measurement",
			 res->device[0] ? res->device : p->swap_path);
	/* a swap area left on: loud, it stays at the highest priority until it goes */
	if (deactivate_err && sp_placement_swaps(p->id.kind) && still_swapping(p->swap_path)) {
		sp_warn("the swap area '%s' of '%s' is STILL ACTIVE: swapoff failed (%s)%s",
			p->swap_path, p->name, strerror(-deactivate_err),
			gone ? "; its disk is gone, so it stays until the machine restarts"
			     : "; `swapoff` it by hand, or restart the machine");
		sp_cat_sep(res->error, sizeof(res->error), "; ",
			   "its swap area '%s' stayed "
			   "active (swapoff: %s)",
			   p->swap_path, strerror(-deactivate_err));
		if (!stuck_area[0]) {
			snprintf(stuck_area, sizeof(stuck_area), "%s", p->swap_path);
			snprintf(stuck_of, sizeof(stuck_of), "%s", p->name);
		}
	}
	if (!res->error[0]) {
		res->n_kernel_log = 0; /* nothing failed: the lines are no one's business */
		return;
	}
	res->n_kernel_log = (size_t)got;
	if (dropped)
		sp_debug("placement", "%s: %zu more kernel lines not kept", p->name, dropped);
	sp_warn("'%s' failed: %s", p->name, res->error);
}

static int activate(struct sp_placement *p, const struct sp_measure_opts *o, struct sp_err *e)
{
	int ret;

	switch (p->id.kind) {
	case SP_PL_NONE:
	case SP_PL_PROBE:
	case SP_PL_RAM:
		return 0;
	case SP_PL_EXISTING:
		if (p->already_active)
			return 0;
		return sp_swap_on(p->swap_path, SP_SWAP_PRIO, e);
	case SP_PL_ZRAM:
		/* sized for the fault buffer plus the pressure workload's overflow */
		p->size_bytes = o->budget_bytes * 2;
		ret = sp_zram_swap_on(p->zram_alg, p->size_bytes, "swapplace-zram", SP_SWAP_PRIO,
				      p->swap_path, sizeof(p->swap_path), e);
		if (ret < 0)
			return ret;
		snprintf(p->probe_dev, sizeof(p->probe_dev), "%s", p->swap_path);
		p->n_extents = 1;
		p->extents[0].start_sector = 0;
		p->extents[0].sectors = p->size_bytes / 512;
		return 0;
	case SP_PL_START:
	case SP_PL_END:
	case SP_PL_ALSO:
		/* lend our exclusive hold for the turn: swapon claims the partition itself */
		ret = mkswap_and_lend(p, e);
		if (ret < 0)
			return ret;
		return sp_swap_on(p->swap_path, SP_SWAP_PRIO, e);
	case SP_PL_FILE:
		return sp_swap_on(p->swap_path, SP_SWAP_PRIO, e);
	case SP_PL_ZSWAP:
		return activate_zswap(p, e);
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
	const char *devs[2] = {o->quiet_dev,
			       sp_placement_on_disk(p->id.kind) ? p->probe_dev : NULL};

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
				   "(%s) in %.1f s, measured anyway",
				   devs[i], (unsigned long long)q.writes,
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

static int has_job(const struct sp_measure_opts *o)
{
	return o->job && o->job->kind != SP_JOB_NONE;
}

/*
 * One run of the job on the active placement p (the ram baseline: no limit), folded into
 * res->scenarios.build. vm.page-cluster is the job's for the run and the probes' again after:
 * set here with its undo, put back by unwinding to the mark.
 * Returns: 0, or -EINTR when interrupted (the run is recorded as failed).
 */
static int run_job(const struct sp_placement *p, const struct sp_measure_opts *o,
		   struct sp_result *res)
{
	const struct sp_job_spec *j = o->job;
	struct sp_scenario_build *run;
	size_t mark = sp_undo_depth();
	uint64_t limit = p->id.kind == SP_PL_RAM ? 0 : o->budget_bytes;
	int ret = 0, allow_swap = sp_placement_swaps(p->id.kind);

	if (!has_job(o))
		return 0;
	run = calloc(1, sizeof(*run));
	if (!run)
		return -ENOMEM;
	if (j->page_cluster && (ret = sp_sysctl_set("vm.page-cluster", j->page_cluster)) < 0)
		sp_warn("cannot set vm.page-cluster=%s for the job (%s)", j->page_cluster,
			strerror(-ret));
	if (j->kind == SP_JOB_BUILD) {
		struct sp_buildjob_opts bo;

		sp_buildjob_defaults(j->plan, &bo);
		bo.limit_bytes = limit;
		bo.allow_swap = allow_swap;
		bo.timeout_s = j->timeout_s;
		bo.tool_dir = j->tool_dir;
		ret = sp_buildjob_run(j->plan, j->dir, &bo, run);
		for (size_t i = 0; i < j->n_files && i < sizeof(run->files) / sizeof(run->files[0]);
		     i++)
			run->files[run->n_files++] = j->files[i];
		snprintf(run->job, sizeof(run->job), "build");
		run->work_scale = j->plan->work_scale;
	} else {
		struct sp_userjob_opts uo = {.cmd = j->cmd,
					     .dir = j->dir,
					     .limit_bytes = limit,
					     .allow_swap = allow_swap,
					     .timeout_s = j->timeout_s,
					     .user = j->user};

		ret = sp_userjob_run(&uo, run, run->output_tail, sizeof(run->output_tail));
		snprintf(run->job, sizeof(run->job), "%s", j->cmd);
		if (run->status == SP_STATUS_OK)
			run->output_tail[0] = '\0'; /* kept to say why a run failed */
	}
	run->limit_bytes = limit;
	if (ret < 0 && !run->reason[0])
		snprintf(run->reason, sizeof(run->reason), "%s", strerror(-ret));
	sp_undo_run_to(mark);
	if (sp_build_merge(&res->scenarios.build, run) < 0)
		sp_debug("placement", "%s: no room for another run of the job", p->name);
	sp_debug("placement", "%s: job %s in %.2f s (%s)", p->name, sp_status_name(run->status),
		 run->wall_s, run->reason);
	free(run);
	return ret == -EINTR ? -EINTR : 0;
}

/*
 * The service scenario's four cases on the active placement p (not ram: it has no limit to
 * overflow), into res->scenarios.service, with swap forbidden to the cgroup where p has none.
 * A case that cannot run is said in res's reason and the next one still runs; an OOM kill or a
 * failed request is a result.
 * Returns: 0, or -EINTR when interrupted.
 */
static int run_service(const struct sp_placement *p, const struct sp_measure_opts *o,
		       struct sp_result *res)
{
	static const enum sp_service_case_kind cases[] = {SP_SVC_FITS, SP_SVC_COLD, SP_SVC_HOT,
							  SP_SVC_SPIKE};
	struct sp_scenario_service *sv = &res->scenarios.service;
	struct sp_service_opts so;
	size_t mark = sp_undo_depth();
	int ret = 0;

	if (!(o->service_s > 0) || p->id.kind == SP_PL_RAM)
		return 0;
	sp_service_defaults(o->budget_bytes, &so);
	if (sp_service_times(o->service_s, &so.load_s, &so.top_s, &so.timeout_s) < 0)
		return 0;
	so.allow_swap = sp_placement_swaps(p->id.kind);
	so.seed = o->seed;
	if (o->service_workers)
		so.threads = o->service_workers;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]) && !sp_interrupted(); i++) {
		struct sp_service_case *c = &sv->cases[sv->n_cases];

		ret = sp_service_run_case(&so, cases[i], c, NULL);
		if (ret == -EINTR)
			break;
		if (ret < 0) {
			sp_cat_sep(res->reason, sizeof(res->reason), "; ", "service case %s: %s",
				   sp_service_case_name(cases[i]), strerror(-ret));
			memset(c, 0, sizeof(*c));
			if (ret == -ENOENT) /* no memory controller: no case can run */
				break;
			continue;
		}
		sv->n_cases++;
		sp_debug("placement",
			 "%s: service %s: %llu sent, %llu failed, p95 %.1f ms, "
			 "%llu OOM kills",
			 p->name, c->name, (unsigned long long)c->sent,
			 (unsigned long long)c->failed, c->p95_ms,
			 (unsigned long long)c->oom_kills);
	}
	sp_undo_run_to(mark);
	return ret == -EINTR || sp_interrupted() ? -EINTR : 0;
}

/*
 * The cache scenario's pool sizes on the active placement p (not ram), into
 * res->scenarios.cache, with swap forbidden to the cgroup where p has none (the `none`
 * baseline: an OOM kill there is its result). A case that could not be started is said in
 * res's reason. Returns: 0, or -EINTR when interrupted.
 */
static int run_cache(const struct sp_placement *p, const struct sp_measure_opts *o,
		     struct sp_result *res)
{
	struct sp_cache_opts co;
	size_t mark = sp_undo_depth();
	int ret;

	if (!(o->cache_s > 0) || p->id.kind == SP_PL_RAM)
		return 0;
	sp_cache_defaults(&co, o->budget_bytes);
	if (sp_cache_times(o->cache_s, &co.warmup_s, &co.duration_s, &co.timeout_s) < 0)
		return 0;
	co.dir = o->cache_dir;
	if (o->cache_threads)
		co.threads = o->cache_threads;
	co.allow_swap = sp_placement_swaps(p->id.kind);
	co.seed = o->seed;
	ret = sp_cache_run(&co, &res->scenarios.cache);
	sp_undo_run_to(mark);
	sp_cache_evicted_most(&res->scenarios.cache);
	/* a figure the kernel did not give is not reported at all (null), whatever was parsed */
	for (size_t i = 0; i < res->scenarios.cache.n_cases; i++) {
		struct sp_cache_case *c = &res->scenarios.cache.cases[i];

		if (c->psi_scope == SP_SCOPE_NONE) {
			c->psi_some_avg10 = c->psi_full_avg10 = 0;
			c->has_psi_full = 0;
		}
		if (!c->has_psi_full)
			c->psi_full_avg10 = 0;
	}
	if (ret < 0 && ret != -EINTR)
		sp_cat_sep(res->reason, sizeof(res->reason), "; ", "cache scenario: %s",
			   strerror(-ret));
	for (size_t i = 0; i < res->scenarios.cache.n_cases; i++) {
		const struct sp_cache_case *c = &res->scenarios.cache.cases[i];

		sp_debug("placement",
			 "%s: cache %.0f %%: %s, %.0f ops/s, si %.0f so %.0f pages/s "
			 "(%s)",
			 p->name, c->cache_pct, sp_status_name(c->status), c->ops_per_s,
			 c->swapin_pages_per_s, c->swapout_pages_per_s, c->reason);
	}
	return ret == -EINTR || sp_interrupted() ? -EINTR : 0;
}

/* The gc scenario on the active placement p (not ram), as run_cache. */
static int run_gc(const struct sp_placement *p, const struct sp_measure_opts *o,
		  struct sp_result *res)
{
	struct sp_gc_opts go;
	size_t mark = sp_undo_depth();
	int ret;

	if (!(o->gc_s > 0) || p->id.kind == SP_PL_RAM)
		return 0;
	sp_gc_defaults(&go, o->budget_bytes);
	if (sp_gc_times(o->gc_s, &go.duration_s, &go.timeout_s) < 0)
		return 0;
	go.allow_swap = sp_placement_swaps(p->id.kind);
	go.seed = o->seed;
	ret = sp_gc_run(&go, &res->scenarios.gc);
	sp_undo_run_to(mark);
	/* a run that could not start still says why in its section: it ran, and failed */
	res->scenarios.gc.done = 1;
	if (ret < 0 && ret != -EINTR)
		sp_cat_sep(res->reason, sizeof(res->reason), "; ", "gc scenario: %s",
			   strerror(-ret));
	sp_debug("placement", "%s: gc: %s, %llu pauses, p99 %.1f ms, %llu faults in pauses (%s)",
		 p->name, sp_status_name(res->scenarios.gc.status),
		 (unsigned long long)res->scenarios.gc.pauses, res->scenarios.gc.p99_pause_ms,
		 (unsigned long long)res->scenarios.gc.faults_in_pauses, res->scenarios.gc.reason);
	return ret == -EINTR || sp_interrupted() ? -EINTR : 0;
}

/*
 * vm.page-cluster for the service, cache and gc on p (o->server_page_cluster), with its undo:
 * the placement's unwinding puts the probes' value back. zram gets 0, as seed 000 set it
 * there (a RAM-backed device has no use for readahead), unless the value was asked for.
 */
static void server_tuning(const struct sp_placement *p, const struct sp_measure_opts *o)
{
	const char *pc = o->server_page_cluster;
	int ret;

	if (p->id.kind == SP_PL_RAM || !(o->service_s > 0 || o->cache_s > 0 || o->gc_s > 0))
		return;
	if (p->id.kind == SP_PL_ZRAM && !o->server_page_cluster_all)
		pc = "0";
	if (pc && (ret = sp_sysctl_set("vm.page-cluster", pc)) < 0)
		sp_warn("cannot set vm.page-cluster=%s for the service, cache and gc (%s)", pc,
			strerror(-ret));
}

/*
 * The box the workloads after the probes run in (act/caps.h): the caps asked for and, on
 * zram, the budget keeper; recorded in res, left through the undo list with the turn.
 */
static void enter_box(const struct sp_placement *p, const struct sp_measure_opts *o,
		      struct sp_result *res)
{
	int ret = sp_box_enter_for(o->caps, sp_placement_swaps(p->id.kind) ? p->swap_path : NULL,
				   &res->constraints, &res->budget);

	if (ret < 0)
		sp_debug("placement", "%s: no constrained box: %d", p->name, ret);
}

/* A later round's run of the service, cache and gc (in run) folded into res's. */
static void merge_servers(const struct sp_placement *p, struct sp_result *res,
			  const struct sp_result *run)
{
	if (sp_service_merge(&res->scenarios.service, &run->scenarios.service) < 0 ||
	    sp_cache_merge(&res->scenarios.cache, &run->scenarios.cache) < 0 ||
	    sp_gc_merge(&res->scenarios.gc, &run->scenarios.gc) < 0)
		sp_debug("placement", "%s: no room for another run of the scenarios", p->name);
	if (run->reason[0])
		sp_cat_sep(res->reason, sizeof(res->reason), "; ", "a later round: %s",
			   run->reason);
}

int sp_placement_again(struct sp_placement *p, const struct sp_measure_opts *o,
		       struct sp_result *res)
{
	size_t mark = sp_undo_depth();
	struct sp_result *run = NULL;
	char why[256];
	struct sp_err e;
	int ret;

	if (not_again(p, why, sizeof(why))) {
		struct sp_scenario_build failed = {.status = SP_STATUS_FAILED, .exit_code = -1};

		snprintf(failed.reason, sizeof(failed.reason), "%s", why);
		if (has_job(o))
			sp_build_merge(&res->scenarios.build, &failed);
		return 0;
	}
	sp_err_init(&e);
	ret = activate(p, o, &e);
	if (ret < 0) {
		struct sp_scenario_build failed = {.status = SP_STATUS_FAILED, .exit_code = -1};

		snprintf(failed.reason, sizeof(failed.reason), "activating the swap area: %s",
			 sp_err_msg(&e));
		if (has_job(o))
			sp_build_merge(&res->scenarios.build, &failed);
	} else {
		enter_box(p, o, res);
		ret = run_job(p, o, res);
		/* the other scenarios into a run of their own, then folded in: their runs */
		run = ret == -EINTR ? NULL : calloc(1, sizeof(*run));
		if (run) {
			server_tuning(p, o);
			run->id = p->id;
			ret = run_service(p, o, run);
			if (ret != -EINTR)
				ret = run_cache(p, o, run);
			if (ret != -EINTR)
				ret = run_gc(p, o, run);
			if (ret != -EINTR) {
				sp_server_runs_first(&run->scenarios.cache, &run->scenarios.gc);
				merge_servers(p, res, run);
			}
			free(run);
		}
	}
	if (sp_undo_run_to(mark) < 0)
		sp_debug("placement", "%s: deactivating after a later round failed", p->name);
	if (hold_of(p)->registered && sp_hold_retake(hold_of(p)) < 0)
		sp_debug("placement", "%s: cannot hold '%s' again", p->name, hold_of(p)->path);
	/* the ram baseline has nothing but its job: a later run that failed fails it */
	if (p->id.kind == SP_PL_RAM && res->scenarios.build.status != SP_STATUS_OK &&
	    res->status == SP_STATUS_OK) {
		res->status = SP_STATUS_FAILED;
		snprintf(res->reason, sizeof(res->reason), "the job: %.240s",
			 res->scenarios.build.reason);
	}
	return ret == -EINTR || sp_interrupted() ? -EINTR : 0;
}

/*
 * zswap around one placement's measurement (results[].zswap): its state once the placement is
 * active, /proc/vmstat's counters from here to zswap_end(), and on a zswap placement the
 * largest pool a watcher thread saw meanwhile.
 */
struct zswap_span {
	struct sp_zswap_counters c0, f0;
	struct sp_zswap_watch *watch;
};

static void zswap_begin(const struct sp_placement *p, struct sp_result *res, struct zswap_span *z)
{
	struct sp_zswap_state st;

	memset(z, 0, sizeof(*z));
	if (sp_zswap_read(&st) < 0 || !st.present)
		return;
	/* unknown until read: a kernel without the counters leaves them null */
	res->zswap.zswpin = res->zswap.zswpout = res->zswap.pool_bytes = -1;
	res->zswap.fault_zswpin = res->zswap.fault_pswpin = -1;
	res->zswap.done = 1;
	res->zswap.enabled = st.enabled;
	if (st.enabled)
		snprintf(res->zswap.compressor, sizeof(res->zswap.compressor), "%s", st.compressor);
	if (sp_zswap_counters_read(&z->c0) < 0)
		z->c0.pswpin = z->c0.zswpin = z->c0.zswpout = -1;
	if (p->id.kind == SP_PL_ZSWAP && sp_zswap_watch_start(&z->watch) < 0)
		z->watch = NULL;
}

/* Around the fault probe: before (first) and after it. */
static void zswap_fault(const struct sp_result *res, struct zswap_span *z, int first,
			struct sp_zswap_result *out)
{
	struct sp_zswap_counters c;

	if (!res->zswap.done)
		return;
	if (sp_zswap_counters_read(&c) < 0)
		c.pswpin = c.zswpin = c.zswpout = -1;
	if (first) {
		z->f0 = c;
		return;
	}
	out->fault_zswpin = sp_zswap_delta(z->f0.zswpin, c.zswpin);
	out->fault_pswpin = sp_zswap_delta(z->f0.pswpin, c.pswpin);
}

static void zswap_end(struct sp_result *res, struct zswap_span *z)
{
	struct sp_zswap_counters c;

	if (z->watch)
		res->zswap.pool_bytes = sp_zswap_watch_stop(z->watch);
	z->watch = NULL;
	if (!res->zswap.done || sp_zswap_counters_read(&c) < 0)
		return;
	res->zswap.zswpin = sp_zswap_delta(z->c0.zswpin, c.zswpin);
	res->zswap.zswpout = sp_zswap_delta(z->c0.zswpout, c.zswpout);
}

int sp_placement_scenarios_again(struct sp_placement *p, const struct sp_measure_opts *o,
				 struct sp_result *res)
{
	size_t mark = sp_undo_depth();
	char why[256];
	struct sp_err e;
	int ret;

	res->id = p->id;
	sp_err_init(&e);
	if (not_again(p, why, sizeof(why))) {
		sp_cat_sep(res->reason, sizeof(res->reason), "; ", "%s", why);
		return 0;
	}
	ret = activate(p, o, &e);
	if (ret < 0) {
		fail_reason(res, "activating the swap area", &e);
	} else {
		/*
		 * the same scenarios, in the same order and the same box, as the placement's own
		 * turn; on a zswap placement activate() turned zswap on with its compressor, and
		 * it stays on until the unwinding below
		 */
		enter_box(p, o, res);
		ret = run_job(p, o, res);
		if (ret != -EINTR)
			server_tuning(p, o);
		if (ret != -EINTR)
			ret = run_service(p, o, res);
		if (ret != -EINTR)
			ret = run_cache(p, o, res);
		if (ret != -EINTR)
			ret = run_gc(p, o, res);
	}
	if (sp_undo_run_to(mark) < 0)
		sp_debug("placement", "%s: deactivating after the sweep's run failed", p->name);
	/* zswap lends the start placement's hold: that one is taken back */
	if (hold_of(p)->registered && sp_hold_retake(hold_of(p)) < 0)
		sp_debug("placement", "%s: cannot hold '%s' again", p->name, hold_of(p)->path);
	if (ret == -EINTR || sp_interrupted())
		return -EINTR;
	return ret < 0 ? ret : 0;
}

int sp_placement_measure(struct sp_placement *p, const struct sp_measure_opts *o,
			 struct sp_result *res)
{
	struct zswap_span zs;
	size_t mark = sp_undo_depth();
	struct sp_time t0 = sp_now();
	struct sp_outcome oc = {.fault_time_s = o->time_s * SHARE_FAULT};
	struct sp_faultprobe_diag diag;
	struct fault_watch fw;
	struct sp_err e;
	int ret, interrupted = 0, said, swaps = sp_placement_swaps(p->id.kind);

	res->id = p->id;
	memset(&diag, 0, sizeof(diag));
	memset(&zs, 0, sizeof(zs)); /* zswap_end() at out: finds nothing begun */
	watch_begin(p, &fw);
	if (beside_stuck(p, res->error, sizeof(res->error))) {
		sp_kmsg_release(&fw.kmsg);
		res->n_kernel_log = 0;
		oc.activate_err = -EBUSY;
		sp_warn("'%s' is not measured: %s", p->name, res->error);
		goto settled;
	}
	/* its range could not be written before the probe: the disk fails writes, and its swap
	 * area would only meet the same errors */
	if (p->range_err) {
		/* the kernel's lines since the write began, not only since the turn did */
		if (p->range_kmsg.fd >= 0) {
			sp_kmsg_release(&fw.kmsg);
			fw.kmsg = p->range_kmsg;
			p->range_kmsg = SP_KMSG_MARK_INIT;
		}
		sp_err_init(&e);
		sp_err_set(&e, p->range_err, "%s", p->range_why);
		oc.activate_err = p->range_err;
		watch_err(&fw, "writing its range before the device probe", p->range_err, &e);
		fail_reason(res, "writing its range before the device probe", &e);
		snprintf(res->device, sizeof(res->device), "%s", p->swap_path);
		goto out;
	}
	sp_err_init(&e);
	ret = activate(p, o, &e);
	/* after activation: a zram device has its name only once it exists */
	snprintf(res->device, sizeof(res->device), "%s", swaps ? p->swap_path : "");
	if (ret < 0) {
		oc.activate_err = ret;
		watch_err(&fw, "activating the swap area", ret, &e);
		fail_reason(res, "activating the swap area", &e);
		goto out;
	}
	wait_quiet(p, o, res);
	zswap_begin(p, res, &zs);
	res->size_bytes = p->size_bytes;
	res->n_extents = p->n_extents;
	memcpy(res->extents, p->extents, sizeof(p->extents[0]) * p->n_extents);

	/* zswap's start partition has its own placement: its device probe would be the same */
	if (swaps && p->n_extents && p->id.kind != SP_PL_ZSWAP) {
		struct sp_devprobe_opts d;

		sp_devprobe_defaults(&d);
		d.time_s = o->time_s * SHARE_DEVICE;
		d.ci_target_pct = o->ci_target_pct;
		d.seed = o->seed;
		sp_err_init(&e);
		ret = sp_devprobe_run(p->probe_dev, p->extents, p->n_extents, &d,
				      &res->device_probe, &e);
		/* beside its figures: was what it read ever written (docs/method.md) */
		res->device_probe.has_rotational = p->rotational >= 0;
		res->device_probe.rotational = p->rotational == 1;
		res->device_probe.has_range_written = p->range_written >= 0;
		res->device_probe.range_written = p->range_written == 1;
		watch_err(&fw, "device probe", ret, &e);
		if (ret == -EINTR)
			interrupted = 1;
		else if (ret < 0)
			fail_reason(res, "device probe", &e);
		else if (!res->device_probe.qd1.samples) {
			sp_err_set(&e, -ETIME,
				   "no QD1 read kept in its %.1f s (give it more "
				   "--time-per-placement)",
				   d.time_s);
			fail_reason(res, "device probe", &e);
		}
		/* the device fails: its swap area would only meet the same errors */
		if (!interrupted && (fw.io_err || disk_gone(&fw)))
			goto out;
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
		f.swapout = &res->swapout;
		/* the device probe ran first: its floor sizes the buffer (core/plan/timing.h) */
		if (res->device_probe.done) {
			f.qd1_lat_s = res->device_probe.qd1.p50_us / 1e6;
			/* zram: reading is not what evicting costs (compressing is), so no rate */
			if (p->id.kind != SP_PL_ZRAM)
				f.seq_bytes_per_s = res->device_probe.seq_mib_s * 1048576.0;
		}
		if (p->id.kind == SP_PL_ZRAM)
			f.zram_dev = p->swap_path;
		/*
		 * The like-for-like floor reads the evicted pages' own slots on the area's node or
		 * file (zram: synchronous reads of written slots). Not on zswap: its pool holds the
		 * pages, and their slots on the partition were never written.
		 */
		if (p->id.kind != SP_PL_ZSWAP && p->swap_path[0])
			f.floor_path = p->swap_path;
		/* on zswap a swap-in its pool answers is zswpin, not pswpin (docs/method.md) */
		f.zswap_answers = p->id.kind == SP_PL_ZSWAP;
		sp_err_init(&e);
		zswap_fault(res, &zs, 1, &res->zswap);
		ret = sp_faultprobe_run(&f, &res->fault_probe, &res->integrity, &res->compression,
					&e);
		zswap_fault(res, &zs, 0, &res->zswap);
		if (ret == -EINTR) {
			interrupted = 1;
		} else if (ret < 0) {
			oc.fault_err = ret;
			fail_reason(res, "fault probe", &e);
			watch_err(&fw, "fault probe", ret, &e);
		}
		oc.fault_diagnosis = diag.reason;
		if (!interrupted && (disk_gone(&fw) || sp_worker_sigbus_deaths() != fw.sigbus0))
			goto out; /* its swap area fails: the rest would only meet it again */
	}

	/* the ram baseline is the job alone: there is no swap to probe or pressure to measure */
	if (!interrupted && p->id.kind != SP_PL_RAM) {
		struct sp_pressure_opts pr;

		sp_pressure_defaults(&pr);
		pr.limit_bytes = (o->budget_bytes / 2) & ~(uint64_t)0xfffff;
		pr.time_s = o->time_s * SHARE_PRESSURE;
		pr.seed = o->seed;
		pr.allow_swap = swaps;
		sp_err_init(&e);
		ret = sp_pressure_run(&pr, &res->pressure_probe, &e);
		watch_err(&fw, "pressure probe", ret, &e);
		if (ret == -EINTR)
			interrupted = 1;
		else if (ret < 0)
			fail_reason(res, "pressure probe", &e);
		if (!interrupted && (disk_gone(&fw) || sp_worker_sigbus_deaths() != fw.sigbus0))
			goto out;
	}
	/* every workload from here runs in the box: caps, and the budget keeper on zram */
	if (!interrupted)
		enter_box(p, o, res);
	/* after the probes, with only this placement active: the job's first run */
	if (!interrupted && run_job(p, o, res) == -EINTR)
		interrupted = 1;
	/* then the service's cases, still with only this placement active, and their
	 * page-cluster, which the cache and gc keep */
	if (!interrupted)
		server_tuning(p, o);
	if (!interrupted && run_service(p, o, res) == -EINTR)
		interrupted = 1;
	/* and the cache and gc scenarios, likewise */
	if (!interrupted && run_cache(p, o, res) == -EINTR)
		interrupted = 1;
	if (!interrupted && run_gc(p, o, res) == -EINTR)
		interrupted = 1;
	sp_server_runs_first(&res->scenarios.cache, &res->scenarios.gc); /* --repeat's run 1 */
out:
	/* before deactivation: swapoff reads the rest back, which is no swap-in of the probes */
	zswap_end(res, &zs);
	ret = sp_undo_run_to(mark);
	if (ret < 0) {
		oc.deactivate_err = ret;
		fail_reason(res, "deactivating (undoing the swap area's setup)", SP_ERR_OF(ret));
	}
	watch_end(p, &fw, oc.deactivate_err, res);
	/* idle again: ours alone until its next turn or the end (a retake that fails leaves the
	 * partition unclaimed, which costs the claim, not the measurement) */
	if (hold_of(p)->registered && sp_hold_retake(hold_of(p)) < 0)
		sp_debug("placement", "%s: cannot hold '%s' again", p->name, hold_of(p)->path);
settled:
	oc.interrupted = interrupted;
	said = res->error[0] != '\0';
	sp_result_settle(res, &oc);
	/* corruption is named by the settling: as loud as the faults watch_end() names */
	if (!said && res->error[0])
		sp_warn("'%s' failed: %s", p->name, res->error);
	if (p->id.kind == SP_PL_RAM && res->status == SP_STATUS_FAILED && !res->reason[0])
		snprintf(res->reason, sizeof(res->reason), "the job: %.240s",
			 res->scenarios.build.done ? res->scenarios.build.reason : "did not run");
	res->elapsed_s = sp_elapsed_s(t0, sp_now());
	sp_debug("placement", "%s: %s %s (%.1f s)", p->name, sp_status_name(res->status),
		 res->reason, res->elapsed_s);
	return interrupted ? -EINTR : 0;
}
