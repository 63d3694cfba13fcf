/*
 * faultdiag.h - why a fault probe's result is not a swap-in latency, decided from the counters
 * the probe measured. Pure: the probe reads /proc and /sys, this only judges the numbers, so
 * every cause can be unit-tested with synthetic counters.
 *
 * The causes, in the order they are checked:
 *   nothing was evicted       VmSwap stayed far below the buffer: no swap area took the pages
 *                             (none active, or it is full)
 *   no touches were timed     the touch phase ran out of time before its first touch
 *   the swap cache answered   most touches were minor faults: the evicted pages were still
 *                             in the swap cache, read back without any I/O (the MADV_PAGEOUT
 *                             trap, or reclaim that could not drop the cached copies)
 *   other memory faulted      more major faults than touches: the touching threads faulted on
 *                             something else too (their own code or stack was evicted)
 *   zswap answered            major faults, but pswpin did not rise with them while zswap is
 *                             enabled or its zswpin counter rose: the pages came from zswap's
 *                             compressed pool in RAM, not from the swap area
 *   no device read            the same without zswap: the swap-ins read no swap device
 * On a zswap placement (zswap_placement) zswpin counts with pswpin: there a swap-in zswap's
 * pool answers is what is measured, and only pages neither read is a cause; without a zswpin
 * counter (before 5.19) the major faults alone judge.
 */
#ifndef SP_FAULTDIAG_H
#define SP_FAULTDIAG_H

#include <stddef.h>
#include <stdint.h>

enum sp_fault_verdict {
	SP_FAULT_VALID = 0,
	SP_FAULT_NOT_EVICTED,
	SP_FAULT_NO_TOUCHES,
	SP_FAULT_SWAP_CACHE,
	SP_FAULT_OTHER_FAULTS,
	SP_FAULT_ZSWAP,
	SP_FAULT_NO_DEVICE_READ,
};

/* What the fault probe measured over its touch rounds (counts are deltas over them). */
struct sp_fault_counts {
	uint64_t buffer_bytes;	   /* the evicted buffer */
	uint64_t vmswap_bytes;	   /* the worker's VmSwap after its first eviction */
	uint64_t swapcached_bytes; /* /proc/meminfo SwapCached then */
	uint64_t resident_pages;   /* buffer pages mincore found resident then */
	uint64_t touches;	   /* timed touches */
	uint64_t majflt;	   /* major faults across them */
	uint64_t minor;		   /* touches that were no major fault */
	double minor_p50_us;	   /* median of those */
	uint64_t pswpin;	   /* /proc/vmstat pswpin (pages read from a swap device) */
	int zswap_enabled;	   /* /sys/module/zswap/parameters/enabled: 1, 0, -1 unknown */
	int have_zswpin;	   /* /proc/vmstat has zswpin (kernel 5.19+ with zswap) */
	uint64_t zswpin;	   /* its rise: pages zswap handed back */
	int zswap_placement;	   /* the swap is zswap in front of a partition: zswap's answers
				    * are the swap-ins measured, counted with pswpin */
};

/*
 * Judge the counters: 0 (SP_FAULT_VALID) when the touches were real swap-ins read from a swap
 * device within valid_pct percent, else the first cause that applies, with a sentence for
 * the report in reason (lowercase, numbers included, no final period; "" when valid).
 * Called with touches 0 right after the first eviction, it tells whether eviction worked
 * (SP_FAULT_NOT_EVICTED) before anything is timed.
 */
enum sp_fault_verdict sp_fault_diagnose(const struct sp_fault_counts *c, double valid_pct,
					char *reason, size_t len);

#endif
