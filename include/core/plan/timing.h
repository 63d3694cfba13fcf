/*
 * timing.h - where a placement's time goes, as arithmetic: how the probes share it, how big
 * the fault probe's buffer may be so that filling and evicting it leaves most of its share for
 * timed swap-ins (the run's estimate, core/scenario/estimate.h, counts the same shares).
 *
 * Why this is pure and in one place: the plan prints an estimate before anything is touched,
 * placement.c hands each probe its share, and the fault probe sizes its buffer; all three must
 * agree, and each is a unit test away from proof without a disk. Pure: no allocation, no I/O.
 */
#ifndef SP_TIMING_H
#define SP_TIMING_H

#include <stddef.h>
#include <stdint.h>

/*
 * The split of a placement's time. The fault probe's one-thread median is the headline, and
 * on a 5400 rpm disk (11 ms a random read) 1,000 of them take 11 s; at 30 s per placement the
 * old split (0.20/0.50/0.30) gave the fault probe 15 s of which half went to io_uring depths,
 * so ~680 swap-ins at most. The device probe needs a median of a few hundred QD1 reads (its
 * QD1 phase is 60 % of its share: 2.2 s, ~200 reads at 11 ms) and the pressure probe a rate
 * over a few seconds; the fault probe gets the rest. They add up to 1.
 */
#define SP_SHARE_DEVICE 0.12
#define SP_SHARE_FAULT 0.70
#define SP_SHARE_PRESSURE 0.18

/*
 * Inside the fault probe's share: filling and the first eviction stop growing the buffer at
 * SP_FAULT_PREP_FRAC of it; of what is left, the one-thread (headline) touches get
 * SP_FAULT_ONE_FRAC, the concurrent touches (--threads > 1) SP_FAULT_CONC_FRAC (given to the
 * one-thread phase when there is one thread) and the io_uring depths the rest.
 */
#define SP_FAULT_PREP_FRAC 0.10
#define SP_FAULT_ONE_FRAC 0.78
#define SP_FAULT_CONC_FRAC 0.08
#define SP_FAULT_WARMUP_MAX 100 /* first real swap-ins dropped, at most */
#define SP_FAULT_WARMUP_MIN 10

struct sp_fault_sizing_in {
	double share_s;		/* the fault probe's time */
	double qd1_lat_s;	/* the device's QD1 4 KiB random read; 0: not known */
	double seq_bytes_per_s; /* the device's sequential rate; 0: not known (zram: CPU) */
	uint64_t page_bytes;	/* the machine's page */
	uint64_t budget_bytes;	/* the most the buffer may be */
	uint32_t threads;	/* --threads: the concurrency phase's threads */
	int uring;		/* the io_uring depths are measured too */
};

struct sp_fault_sizing {
	uint64_t buffer_bytes; /* the buffer's ceiling (whole pages, at least 16) */
	double prep_s;	       /* filling + first eviction stop growing the buffer after this */
	double one_s, conc_s, uring_s; /* the phases' times after the preparation */
	uint64_t expected_swapins; /* one-thread swap-ins in one_s; 0 when the latency is unknown */
	uint32_t warmup;	   /* swap-ins to drop at the start of the one-thread phase */
};

/*
 * Size the fault probe. The buffer is as large as the budget allows but no larger than the
 * device can write out sequentially in prep_s (eviction is a stream of page writes; on a disk
 * with a known rate that is the bound). With no rate known (zram, where compression is the
 * cost), it is the budget, and the worker stops growing it when prep_s has gone (it measures
 * as it evicts). A buffer smaller than the swap-ins the time allows is not a loss: touched
 * pages are evicted again in rounds. The warm-up is a twentieth of the expected swap-ins,
 * within [SP_FAULT_WARMUP_MIN, SP_FAULT_WARMUP_MAX], so a slow disk keeps most of its samples.
 * Returns: 0; -EINVAL for NULL, a share <= 0, a page of 0, threads 0 or a budget under 16 pages.
 */
int sp_fault_size(const struct sp_fault_sizing_in *in, struct sp_fault_sizing *out);

#endif
