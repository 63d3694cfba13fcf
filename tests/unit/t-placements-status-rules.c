/*
 * t-placements-status-rules - when a measured placement is ok, invalid or failed: interrupted
 * or not activated is failed; with swap, a failed fault probe is failed, touches that were not
 * real swap-ins or fewer than SP_MIN_SWAPIN_SAMPLES timed ones are invalid (with a reason that
 * gives the numbers); the baseline fails without a finished pressure probe; a failed
 * deactivation fails an otherwise ok result but does not hide an invalid one.
 */
#include <errno.h>

#include "check.h"
#include "core/plan/placements.h"

static struct sp_result ok_result(enum sp_placement_kind k)
{
	struct sp_result r;

	memset(&r, 0, sizeof(r));
	r.id = sp_placement_id_of(k, k == SP_PL_ALSO ? 0 : -1);
	r.fault_probe.done = 1;
	r.fault_probe.lat.samples = SP_MIN_SWAPIN_SAMPLES;
	r.fault_probe.touches = r.fault_probe.real_swapins = SP_MIN_SWAPIN_SAMPLES;
	r.pressure_probe.done = 1;
	return r;
}

int main(void)
{
	static const enum sp_placement_kind swapping[] = {SP_PL_START, SP_PL_END,  SP_PL_FILE,
							  SP_PL_ZRAM,  SP_PL_ALSO, SP_PL_EXISTING};
	struct sp_outcome none = {.fault_time_s = 30}, o;
	struct sp_result r;
	char why[256];

	for (size_t i = 0; i < sizeof(swapping) / sizeof(swapping[0]); i++) {
		r = ok_result(swapping[i]);
		CHECK(sp_result_status(&r, &none) == SP_STATUS_OK);
		CHECK(sp_result_invalid_reason(&r, &none, why, sizeof(why)) == -EINVAL);

		o = none;
		o.interrupted = 1;
		CHECK(sp_result_status(&r, &o) == SP_STATUS_FAILED);
		o = none;
		o.activate_err = -EBUSY;
		CHECK(sp_result_status(&r, &o) == SP_STATUS_FAILED);
		o = none;
		o.fault_err = -ENOMEM;
		CHECK(sp_result_status(&r, &o) == SP_STATUS_FAILED);
		o = none;
		o.deactivate_err = -EBUSY;
		CHECK(sp_result_status(&r, &o) == SP_STATUS_FAILED);

		/* one sample short of a median */
		r.fault_probe.lat.samples = SP_MIN_SWAPIN_SAMPLES - 1;
		CHECK(sp_result_status(&r, &none) == SP_STATUS_INVALID);
		CHECK(sp_result_invalid_reason(&r, &none, why, sizeof(why)) == 0);
		CHECK(strstr(why, "only 199 swap-ins were timed in 30 s") != NULL);
		/* invalid stays invalid when deactivation fails too: the worse news is kept */
		o = none;
		o.deactivate_err = -EBUSY;
		CHECK(sp_result_status(&r, &o) == SP_STATUS_INVALID);

		r = ok_result(swapping[i]);
		r.fault_probe.invalid = 1;
		r.fault_probe.touches = 1000;
		r.fault_probe.real_swapins = 612;
		r.fault_probe.lat.samples = 5000;
		CHECK(sp_result_status(&r, &none) == SP_STATUS_INVALID);
		CHECK(sp_result_invalid_reason(&r, &none, why, sizeof(why)) == 0);
		CHECK(strstr(why, "1000 timed touches but 612 real swap-ins") != NULL);

		/* a failed device or pressure probe is in the reason, not the status */
		r = ok_result(swapping[i]);
		r.device_probe.done = 0;
		r.pressure_probe.done = 0;
		CHECK(sp_result_status(&r, &none) == SP_STATUS_OK);
	}

	/* the baseline has no swap-ins to time; its pressure probe is its measurement */
	r = ok_result(SP_PL_NONE);
	memset(&r.fault_probe, 0, sizeof(r.fault_probe));
	CHECK(sp_result_status(&r, &none) == SP_STATUS_OK);
	CHECK(sp_result_invalid_reason(&r, &none, why, sizeof(why)) == -EINVAL);
	o = none;
	o.fault_err = -ENOMEM; /* never run for none: cannot matter */
	CHECK(sp_result_status(&r, &o) == SP_STATUS_OK);
	r.pressure_probe.done = 0;
	CHECK(sp_result_status(&r, &none) == SP_STATUS_FAILED);

	CHECK(sp_placement_swaps(SP_PL_ZRAM) && !sp_placement_swaps(SP_PL_NONE) &&
	      !sp_placement_swaps(SP_PL_PROBE));
	CHECK(sp_placement_on_disk(SP_PL_ALSO) && sp_placement_on_disk(SP_PL_FILE) &&
	      !sp_placement_on_disk(SP_PL_ZRAM) && !sp_placement_on_disk(SP_PL_NONE));
	return CHECK_DONE();
}
