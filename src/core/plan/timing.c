/*
 * timing.c - the fault probe's sizing (see timing.h): arithmetic only.
 */
#include "core/plan/timing.h"

#include <errno.h>
#include <math.h>
#include <string.h>

/* clang's C mode takes no floating arithmetic here (C11 6.6); gcc, the product's compiler,
 * checks it, and the fuzz build (clang) compiles the same sources */
#ifndef __clang__
_Static_assert(SP_FAULT_PREP_FRAC + SP_FAULT_ONE_FRAC + SP_FAULT_CONC_FRAC < 1.0,
	       "the io_uring depths keep a part of the fault probe's time");
#endif

int sp_fault_size(const struct sp_fault_sizing_in *in, struct sp_fault_sizing *out)
{
	uint64_t max_pages, pages;
	double rest, warm;

	if (!in || !out || !(in->share_s > 0) || !in->page_bytes || !in->threads ||
	    in->budget_bytes < 16 * in->page_bytes || !(in->qd1_lat_s >= 0) ||
	    !(in->seq_bytes_per_s >= 0))
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->prep_s = in->share_s * SP_FAULT_PREP_FRAC;
	rest = in->share_s - out->prep_s;
	out->one_s = rest * SP_FAULT_ONE_FRAC;
	out->conc_s = rest * SP_FAULT_CONC_FRAC;
	if (in->threads < 2) {
		out->one_s += out->conc_s;
		out->conc_s = 0;
	}
	out->uring_s = in->uring ? rest - out->one_s - out->conc_s : 0;
	if (!in->uring)
		out->one_s = rest - out->conc_s;

	max_pages = in->budget_bytes / in->page_bytes;
	pages = max_pages;
	if (in->seq_bytes_per_s > 0) {
		double fits = out->prep_s * in->seq_bytes_per_s / (double)in->page_bytes;

		if (fits < (double)pages)
			pages = (uint64_t)fits;
	}
	if (pages < 16)
		pages = 16;
	out->buffer_bytes = pages * in->page_bytes;

	warm = SP_FAULT_WARMUP_MAX;
	if (in->qd1_lat_s > 0) {
		out->expected_swapins = (uint64_t)(out->one_s / in->qd1_lat_s);
		warm = (double)out->expected_swapins / 20.0;
	}
	if (warm > SP_FAULT_WARMUP_MAX)
		warm = SP_FAULT_WARMUP_MAX;
	if (warm < SP_FAULT_WARMUP_MIN)
		warm = SP_FAULT_WARMUP_MIN;
	out->warmup = (uint32_t)warm;
	return 0;
}
