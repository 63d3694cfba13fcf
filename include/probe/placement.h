/*
 * placement.h - one swap placement and how it is measured: activated alone (highest
 * priority), probed (device, fault, pressure), then deactivated through the undo list.
 * The orchestration (run.c, measure.c) builds the list of placements; this unit runs one.
 */
#ifndef SP_PLACEMENT_H
#define SP_PLACEMENT_H

#include <stdint.h>

#include "act/disk.h"
#include "act/hold.h"
#include "core/config/caps.h"
#include "core/err.h"
#include "core/model/report.h"
#include "core/scenario/buildjob.h"
#include "probe/faultprobe.h"
#include "probe/userjob.h"
#include "sys/kmsg.h"

struct sp_placement {
	char name[48];
	struct sp_placement_id id; /* what it is; everything it does follows this */
	char swap_path[256];	   /* partition node or file; for zram filled on activation */
	char probe_dev[256];	   /* device the device probe reads; extents are sectors on it */
	size_t n_extents;
	struct sp_extent extents[SP_MAX_EXTENTS];
	uint64_t size_bytes; /* size of the swap area */
	char zram_alg[32];
	char zswap_alg[32]; /* SP_PL_ZSWAP: zswap's compressor for the turn */
	int already_active; /* SP_PL_EXISTING: it was on before us, leave it on */
	/*
	 * A swap partition of ours (start, end, --also) is held O_EXCL while idle, so nothing
	 * else can mount or swapon it between turns. The orchestration takes the hold (its
	 * release is on the undo list from then on); sp_placement_measure() releases it for
	 * the placement's turn (swapon must claim the partition itself) and takes it back.
	 */
	struct sp_hold hold;
	/*
	 * SP_PL_ZSWAP: the start placement's hold, when the run has one: zswap sits in front of
	 * the same partition, which one O_EXCL hold claims (a second one would be refused).
	 * NULL: its own hold (a run without the start placement).
	 */
	struct sp_hold *shared_hold;
	/*
	 * The device probe's range, for the report (device_probe.rotational, .range_written):
	 * rotational is its disk's queue/rotational (1, 0; -1 unknown: null). write_range (run:
	 * a swap partition of ours on a non-rotational disk) asks sp_placement_write_range() to
	 * write it once before its first mkswap; range_written is 1 when its range was written
	 * before the probe read it (that write, or a swap file written with data), 0 when not,
	 * -1 unknown (null). range_err: that write failed (-errno), and the placement's turn fails
	 * with range_why instead of measuring a device that fails writes; range_kmsg is the kernel
	 * log's mark from before that write, kept for the turn to collect the kernel's lines about
	 * the failure (its result's kernel_log, as for a failure in the turn itself).
	 */
	int rotational;
	int write_range;
	int range_written;
	int range_err;
	char range_why[200];
	struct sp_kmsg_mark range_kmsg;
};

/* A placement named name with identity id, nothing located yet and nothing held. */
void sp_placement_init(struct sp_placement *p, const char *name, struct sp_placement_id id);

/*
 * Write p's partition once, whole, before its first mkswap (p->write_range; act/disk.h
 * sp_disk_fill_fd: pseudo-random data from seed, O_DIRECT, 1 MiB writes), through p's idle
 * hold: taken back if released and checked to be the partition the run made, exactly as its
 * mkswap is; never opened by name. The hold stays held. Sets p->range_written to 1, or on an
 * error other than an interruption p->range_err, p->range_why and p->range_kmsg. *st (may be
 * NULL) says how much was written in how long.
 * Returns: 0; -EINTR when interrupted; -EBADF when p has no read-write hold (nothing written);
 * -ESTALE when the hold's device is no longer the partition; or sp_disk_fill_fd's -errno.
 */
int sp_placement_write_range(struct sp_placement *p, uint64_t seed, struct sp_fill_stats *st,
			     struct sp_err *e);

/* The job run on every placement after its probes (docs/method.md, "The build job"). */
enum sp_job_kind {
	SP_JOB_NONE = 0, /* --scenario none */
	SP_JOB_BUILD,	 /* the synthetic build job (probe/buildjob.h) */
	SP_JOB_USER,	 /* the user's --job (probe/userjob.h) */
};

struct sp_job_spec {
	enum sp_job_kind kind;
	const struct sp_buildjob_plan *plan; /* SP_JOB_BUILD: set up in dir already */
	const char *cmd;		     /* SP_JOB_USER: given to sh -c */
	const struct sp_userjob_user *user;  /* SP_JOB_USER: who runs it */
	const char *dir;		     /* its tree, on the target's data filesystem */
	const char *tool_dir;		     /* SP_JOB_BUILD: its toolchain, there too */
	const struct sp_build_files *files;  /* where they lie, copied into each result */
	size_t n_files;
	double timeout_s; /* per run */
	/*
	 * vm.page-cluster while the job runs (the machine's own, or --page-cluster), set right
	 * before it with its undo, so the probes around it keep theirs; NULL: leave it.
	 */
	const char *page_cluster;
};

struct sp_measure_opts {
	uint64_t budget_bytes;
	double time_s; /* per placement, shared between the probes */
	uint64_t seed;
	uint32_t threads;
	double ci_target_pct;
	const struct sp_job_spec *job; /* NULL or SP_JOB_NONE: no job */
	/* the service scenario's time per case (core/scenario/service.h sp_service_times); 0: it
	 * does not run */
	double service_s;
	/*
	 * The cache scenario's measured span per case and the gc scenario's span (core/
	 * serverjob.h sp_cache_times, sp_gc_times); 0: it does not run. cache_dir holds the
	 * cache's database, written once (probe/serverjob.h sp_cache_setup with budget_bytes and
	 * seed); NULL: a miss generates its page, costing CPU only.
	 */
	double cache_s, gc_s;
	unsigned cache_threads; /* the cache's client threads; 0: its default */
	const char *cache_dir;
	/* a disk every placement's measurement waits to be quiet first (run: the target, which
	 * holds the data filesystem even while zram is measured); NULL: only the placement's */
	const char *quiet_dev;
	/* --cpu-max, --io-max: the box every workload after the probes runs in (act/caps.h),
	 * with the budget keeper on zram; NULL: no caps (the keeper still keeps) */
	const struct sp_caps *caps;
	/* --service-workers: the service's serving workers (0: SP_SERVICE_DEFAULT_WORKERS) */
	unsigned service_workers;
	/*
	 * vm.page-cluster while the service, cache and gc run, set after the job with its undo:
	 * on zram "0", as seed 000 set it there, unless server_page_cluster_all (--page-cluster
	 * given, or a page-cluster sweep: the value asked for holds everywhere); elsewhere
	 * server_page_cluster (the machine's own, or the value asked for). NULL: leave it.
	 */
	const char *server_page_cluster;
	int server_page_cluster_all;
};

/*
 * Activate p, wait until its disk and o->quiet_dev have stopped writing (sys/diskquiet.h: no
 * write for 1 s, at most 10 s; a disk still writing is measured anyway and res's reason says
 * what was seen), run the probes that apply, then the job's first run (o->job), the service
 * scenario's cases (o->service_s) and the cache and gc scenarios (o->cache_s, o->gc_s; none
 * of them on ram) with only p active, record everything
 * in res, deactivate. Errors of one probe are recorded in res's
 * reason and do not stop the others; res's status follows the rules of sp_result_status()
 * (core/plan/placements.h). The ram placement runs the job alone, without a limit.
 * Returns: 0, or -EINTR when interrupted (res is still filled as far as it got).
 */
int sp_placement_measure(struct sp_placement *p, const struct sp_measure_opts *o,
			 struct sp_result *res);

/*
 * --repeat's later rounds: activate p again, run every scenario once more (the job, the
 * service's cases, the cache and gc scenarios, as in sp_placement_measure, the probes not)
 * and fold the run into res->scenarios (core/scenario/scenario.h sp_build_merge,
 * core/scenario/scenario_service.h sp_service_merge, core/scenario/serverjob.h
 * sp_cache_merge and sp_gc_merge), deactivate.
 * Returns: 0, or -EINTR when interrupted.
 */
int sp_placement_again(struct sp_placement *p, const struct sp_measure_opts *o,
		       struct sp_result *res);

/*
 * One run of a sweep (cmd/run_sweep.c): activate p again (a zswap placement with zswap on and
 * its compressor, as in its own turn), enter the same box (caps, zram's budget keeper), run the
 * job once (o->job), the service's cases (o->service_s), the cache and gc scenarios (o->cache_s,
 * o->gc_s; none of them on ram) in the order of sp_placement_measure() into res->scenarios (res
 * zeroed by the caller), deactivate. The knob swept is the caller's to set, with its undo,
 * before.
 * Returns: 0; -EINTR when interrupted; -errno when p could not be activated (res's reason
 * says why).
 */
int sp_placement_scenarios_again(struct sp_placement *p, const struct sp_measure_opts *o,
				 struct sp_result *res);

#endif
