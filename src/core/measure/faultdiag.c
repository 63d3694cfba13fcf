/*
 * faultdiag.c - the fault probe's diagnosis (see faultdiag.h): from counters to the cause a
 * reader of the report is told. Each sentence names the cause first and then the numbers
 * that show it, so "invalid" never stands without its evidence.
 */
#include "core/measure/faultdiag.h"

#include <stdio.h>

#define MIB (1024.0 * 1024.0)

static double pct_diff(uint64_t a, uint64_t b)
{
	double big = (double)(a > b ? a : b), d = (double)(a > b ? a - b : b - a);

	return big > 0 ? 100.0 * d / big : 0;
}

static const char *zswap_state(int enabled)
{
	return enabled > 0 ? "enabled" : enabled == 0 ? "disabled" : "in an unknown state";
}

/* Pages the swap-ins read: from the swap device, and on a zswap placement from its pool. */
static uint64_t read_in(const struct sp_fault_counts *c)
{
	return c->pswpin + (c->zswap_placement && c->have_zswpin ? c->zswpin : 0);
}

enum sp_fault_verdict sp_fault_diagnose(const struct sp_fault_counts *c, double valid_pct,
					char *reason, size_t len)
{
	if (len)
		reason[0] = '\0';
	if (c->vmswap_bytes < c->buffer_bytes / 20) {
		snprintf(reason, len,
			 "nothing was evicted: the swap area took %.1f of the %.1f MiB buffer "
			 "(VmSwap after eviction), so no swap area is active or it is full",
			 (double)c->vmswap_bytes / MIB, (double)c->buffer_bytes / MIB);
		return SP_FAULT_NOT_EVICTED;
	}
	if (c->touches == 0) {
		snprintf(reason, len, "no touch was timed: filling and evicting took all the time");
		return SP_FAULT_NO_TOUCHES;
	}
	if (pct_diff(c->touches, c->majflt) > valid_pct && c->majflt < c->touches) {
		snprintf(reason, len,
			 "the swap cache answered: %llu of %llu timed touches were minor faults "
			 "(median %.1f us) with no swap-in, the evicted pages still in the swap "
			 "cache (SwapCached %.1f MiB, %llu pages resident after eviction)",
			 (unsigned long long)c->minor, (unsigned long long)c->touches,
			 c->minor_p50_us, (double)c->swapcached_bytes / MIB,
			 (unsigned long long)c->resident_pages);
		return SP_FAULT_SWAP_CACHE;
	}
	if (pct_diff(c->touches, c->majflt) > valid_pct) {
		snprintf(reason, len,
			 "other memory faulted: %llu major faults over %llu timed touches, so the "
			 "touching threads also waited for pages that were not the buffer's",
			 (unsigned long long)c->majflt, (unsigned long long)c->touches);
		return SP_FAULT_OTHER_FAULTS;
	}
	/* pswpin is system wide: others' swap-ins only add to it, never hide ours */
	/* zswap answers, and no zswpin says how often (before 5.19): the major faults judge */
	if (c->zswap_placement && !c->have_zswpin)
		return SP_FAULT_VALID;
	if ((double)read_in(c) * 100.0 < (double)c->majflt * (100.0 - valid_pct)) {
		if (c->zswap_placement) {
			snprintf(reason, len,
				 "no swap read: %llu swap-ins but only %llu read the swap device "
				 "and %llu came from zswap's pool",
				 (unsigned long long)c->majflt, (unsigned long long)c->pswpin,
				 (unsigned long long)c->zswpin);
			return SP_FAULT_NO_DEVICE_READ;
		}
		if (c->zswap_enabled > 0 || (c->have_zswpin && c->zswpin > 0)) {
			if (c->have_zswpin)
				snprintf(
				    reason, len,
				    "zswap answered: %llu swap-ins but only %llu read the "
				    "swap device and zswpin rose by %llu (zswap %s): the "
				    "pages came from zswap's pool in RAM",
				    (unsigned long long)c->majflt, (unsigned long long)c->pswpin,
				    (unsigned long long)c->zswpin, zswap_state(c->zswap_enabled));
			else
				snprintf(reason, len,
					 "zswap answered: %llu swap-ins but only %llu read the "
					 "swap device (zswap %s): the pages came from zswap's "
					 "pool in RAM",
					 (unsigned long long)c->majflt,
					 (unsigned long long)c->pswpin,
					 zswap_state(c->zswap_enabled));
			return SP_FAULT_ZSWAP;
		}
		snprintf(reason, len,
			 "no device read: %llu swap-ins but only %llu read a swap device, with "
			 "zswap %s",
			 (unsigned long long)c->majflt, (unsigned long long)c->pswpin,
			 zswap_state(c->zswap_enabled));
		return SP_FAULT_NO_DEVICE_READ;
	}
	return SP_FAULT_VALID;
}
