/*
 * faultprobe.h - the fault probe: real swap-in latency of truly evicted anonymous pages.
 *
 * A forked worker, alone in a memory cgroup created for it, fills an anonymous buffer (THP off)
 * with verifiable text-like pages (pagefill.h), evicts it to whatever swap is active and touches
 * the pages back in at random: (a) one thread reading one word per page, each touch timed (the
 * headline, like for like with the device's QD1 read), then --threads at once (concurrency); (b)
 * io_uring IORING_OP_MADVISE(MADV_POPULATE_READ) per page at several queue depths.
 *
 * The measured trap: madvise(MADV_PAGEOUT) writes pages out but, on an asynchronous device,
 * leaves them in the swap cache, and the next touch is a ~1.6 us minor fault with no I/O. So
 * every eviction is followed by cgroup reclaim (memory.reclaim / force_empty) that drops those
 * copies, eviction is proven before timing (VmSwap, mincore residency, SwapCached), and a touch
 * counts as a sample only when the touching thread's major-fault count rose across it. A result
 * whose touches and real swap-ins differ by more than 5 % is marked invalid, never a latency.
 *
 * The caller makes exactly one swap area active (highest priority) and sets vm.page-cluster=0:
 * swap readahead would bring neighbours back into the swap cache and later touches of them
 * would be minor faults (the probe would then, correctly, report invalid).
 */
#ifndef SP_FAULTPROBE_H
#define SP_FAULTPROBE_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/model/report.h"
#include "core/scenario/scenario.h"

/* Proof of eviction and bookkeeping behind a result: what tests and --debug look at. */
struct sp_faultprobe_diag {
	uint64_t floor_bytes;	    /* the worker's cgroup usage before the buffer existed */
	uint64_t vmswap_bytes;	    /* the worker's VmSwap after its first eviction */
	uint64_t resident_pages;    /* buffer pages mincore found resident then (swap cache too) */
	uint64_t usage_after_evict; /* cgroup usage after the first eviction */
	uint64_t minor_touches;	    /* timed touches that were not major faults */
	double minor_p50_us;	    /* their median: a swap-cache hit costs ~1-2 us */
	uint64_t evictions;
	double evict_s;			     /* time spent evicting, all phases */
	double fill_s;			     /* time to fill the buffer */
	int page_cluster;		     /* vm.page-cluster seen by the worker, -1 unreadable */
	uint64_t uring_pswpin[SP_MAX_URING]; /* /proc/vmstat pswpin over each io_uring depth */
	int zswap_enabled;		     /* /sys/module/zswap/parameters/enabled: 1, 0, -1 */
	int have_zswpin;		     /* /proc/vmstat has zswpin */
	uint64_t zswpin_delta;		     /* its rise over the touch rounds */
	char reason[256]; /* why the result is invalid (core/measure/faultdiag.h) */
};

struct sp_faultprobe_opts {
	uint64_t buffer_bytes; /* the most the buffer may be (sizing and time may shrink it) */
	uint32_t threads;      /* threads of the concurrency phase (2); the headline is 1 */
	double time_s;	      /* whole budget, split as sp_fault_size() says (core/plan/timing.h) */
	double ci_target_pct; /* touch rounds stop once the median's 95 % CI is within (5) */
	uint64_t seed;	      /* page contents and touch order */
	const uint32_t *uring_qds; /* io_uring depths ({1, 4, 16, 32}); n_uring_qds 0 skips (b) */
	size_t n_uring_qds;	   /* at most SP_MAX_URING */
	uint32_t warmup;	   /* first real swap-ins of the touch phase dropped (counted); the
				    * sizing's smaller figure wins on a slow device */
	int allow_swap;		   /* 0: the no-swap baseline: fill and measure the data only */
	int no_reclaim;		   /* test only: evict with MADV_PAGEOUT alone (the trap) */
	const char *zram_dev;	   /* the swap is this zram (/dev/zramN): fill comp's zram fields
				    * from its mm_stat while the buffer sits in it; NULL: don't */
	/*
	 * 1: the swap is zswap in front of a partition, so a swap-in zswap's pool answers
	 * counts as real (zswpin rises, pswpin does not; majflt rises for both): the checks
	 * that touches were swap-ins read pswpin + zswpin. 0: pswpin alone, and zswap answering
	 * makes the result invalid (core/measure/faultdiag.h).
	 */
	int zswap_answers;
	/*
	 * The like-for-like floor (report.h, struct sp_fault_floor): the swap area's own device
	 * node or swap file, read O_DIRECT at the slots /proc/self/pagemap gives for the evicted
	 * pages, one read per FLOOR_EVERY swap-ins in the same blocks. NULL: no floor.
	 */
	const char *floor_path;
	uint32_t blocks; /* the touch phase's blocks of equal time (16; 10 to SP_MAX_BLOCKS) */
	struct sp_faultprobe_diag *diag; /* optional: filled when not NULL */
	/* the device probe's figures, for sizing (core/plan/timing.h); 0: not known */
	double qd1_lat_s;	    /* QD1 4 KiB random read median */
	double seq_bytes_per_s;	    /* sequential rate */
	struct sp_swapout *swapout; /* optional: the preparation's eviction rate */
};

/*
 * Defaults: 256 MiB, 2 threads, 30 s, ±5 %, seed 1, depths {1, 4, 16, 32}, warmup 100, 16
 * blocks, no floor.
 */
void sp_faultprobe_defaults(struct sp_faultprobe_opts *o);

/*
 * Run the probe. Fills *out (done = 1; lat only from real swap-ins; uring points), *integ
 * (pages verified after each phase against their headers) and comp->data_ratio (libzstd per
 * page, compress.h); with o->zram_dev also comp->zram and the mm_stat fields, read right after
 * the first eviction (otherwise they are left alone). The worker's cgroup is on the undo list
 * while it exists and removed before returning.
 * An io_uring depth the kernel cannot drive (MADV_POPULATE_READ refused) is a point with
 * invalid = 1 and samples 0. With allow_swap 0, or when eviction put (almost) nothing in swap,
 * nothing is timed and out->invalid = 1. A result is also invalid when /proc/vmstat pswpin rose
 * by less than 95 % of the major faults (zswap served them). diag->reason then says which
 * cause it was (sp_fault_diagnose, core/measure/faultdiag.h). On an error e (may be NULL) says what
 * failed: the worker's step and the kernel's errno, a missed deadline, a death.
 * Returns: 0 (check out->invalid), -EINVAL for bad options, -EINTR when sp_interrupted(),
 * -ETIMEDOUT when the worker overran its deadline (it is killed), -ENOENT without a memory
 * cgroup controller, or another -errno from the worker.
 */
int sp_faultprobe_run(const struct sp_faultprobe_opts *o, struct sp_fault_probe *out,
		      struct sp_integrity *integ, struct sp_compression *comp, struct sp_err *e);

#endif
