/*
 * zswap.c - what the report says about zswap (see zswap.h): the pool's share of the swap-ins
 * and the sentences. Pure: counts in, sentences out.
 */
#include "core/findings/zswap.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/config/textfmt.h"

double sp_zswap_pool_share_pct(const struct sp_zswap_result *z)
{
	if (!z->done || z->fault_zswpin < 0 || z->fault_pswpin < 0 ||
	    z->fault_zswpin + z->fault_pswpin <= 0)
		return -1;
	return 100.0 * (double)z->fault_zswpin / (double)(z->fault_zswpin + z->fault_pswpin);
}

/* The start partition's result with a latency, or NULL. */
static const struct sp_result *start_of(const struct sp_report *r)
{
	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++)
		if (r->results[i].id.kind == SP_PL_START && r->results[i].status == SP_STATUS_OK &&
		    r->results[i].fault_probe.lat.samples)
			return &r->results[i];
	return NULL;
}

int sp_zswap_sentence(const struct sp_report *r, size_t i, char *buf, size_t len)
{
	const struct sp_result *res, *start;
	char a[16], b[16];
	double share;

	if (i >= r->n_results || i >= SP_MAX_RESULTS)
		return -EINVAL;
	res = &r->results[i];
	if (res->id.kind != SP_PL_ZSWAP || res->status != SP_STATUS_OK ||
	    !res->fault_probe.lat.samples)
		return -EINVAL;
	share = sp_zswap_pool_share_pct(&res->zswap);
	snprintf(buf, len, "%s in front of start: p50 swap-in %s us", res->placement,
		 sp_fmt_us(a, res->fault_probe.lat.p50_us));
	if (share >= 0)
		sp_cat(buf, len, ", %.0f %% of swap-ins answered from the pool", share);
	else
		sp_cat(buf, len, ", the share answered from the pool unknown (no zswpin counter)");
	if (res->zswap.pool_bytes > 0)
		sp_cat(buf, len, " (pool up to %.1f MiB)",
		       (double)res->zswap.pool_bytes / (1024.0 * 1024.0));
	start = start_of(r);
	if (start)
		sp_cat(buf, len, "; start alone: %s us",
		       sp_fmt_us(b, start->fault_probe.lat.p50_us));
	return 0;
}

int sp_zswap_run_sentence(const struct sp_report *r, char *buf, size_t len)
{
	const struct sp_zswap_run *z = &r->zswap;

	if (!z->done)
		return -EINVAL;
	if (z->enabled_before)
		snprintf(
		    buf, len,
		    "zswap was on before the run (compressor %s): it was disabled for every "
		    "placement but the zswap ones, so it never answered for a disk, and turned "
		    "back on afterwards",
		    z->compressor_before[0] ? z->compressor_before : "unknown");
	else
		snprintf(buf, len,
			 "zswap was off before the run (compressor %s) and stayed off outside the "
			 "zswap placements",
			 z->compressor_before[0] ? z->compressor_before : "unknown");
	return 0;
}
