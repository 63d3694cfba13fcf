/*
 * t-service-schedule-is-open-loop - the load's schedule is fixed by the rate alone: request i
 * is meant to go at i/rate seconds, with no drift over a long load; how many are due follows
 * the clock exactly at every boundary (a sender that falls behind sends the backlog at once,
 * each request keeping its intended time), and a load of T seconds sends rate*T requests.
 */
#include "check.h"
#include "core/scenario/service.h"

int main(void)
{
	CHECK_EQ_U64(sp_service_intended_ns(40, 0), 0);
	CHECK_EQ_U64(sp_service_intended_ns(40, 1), 25000000);
	CHECK_EQ_U64(sp_service_intended_ns(40, 2400), 60000000000ull);
	/* 3/s: 1/3 s does not add up exactly; the index does */
	CHECK_EQ_U64(sp_service_intended_ns(3, 3000000), 1000000000000000ull);
	CHECK_EQ_U64(sp_service_intended_ns(0, 5), 0);

	CHECK_EQ_U64(sp_service_n_requests(40, 60), 2400);
	CHECK_EQ_U64(sp_service_n_requests(40, 0.1), 4);
	CHECK_EQ_U64(sp_service_n_requests(0, 60), 0);
	CHECK_EQ_U64(sp_service_n_requests(40, -1), 0);

	/* due: request 0 at t=0, request 1 at exactly 25 ms, not a nanosecond before */
	CHECK_EQ_U64(sp_service_due(40, 2400, 0), 1);
	CHECK_EQ_U64(sp_service_due(40, 2400, 24999999), 1);
	CHECK_EQ_U64(sp_service_due(40, 2400, 25000000), 2);
	/* a sender stalled for 2 s finds 80 more due at once */
	CHECK_EQ_U64(sp_service_due(40, 2400, 2025000000) - sp_service_due(40, 2400, 25000000), 80);
	CHECK_EQ_U64(sp_service_due(40, 2400, 600000000000ull), 2400);
	CHECK_EQ_U64(sp_service_due(40, 0, 1000), 0);
	/* every boundary of an awkward rate */
	for (uint64_t i = 1; i < 10000; i++) {
		uint64_t t = sp_service_intended_ns(7.3, i);

		CHECK_EQ_U64(sp_service_due(7.3, 20000, t), i + 1);
		CHECK_EQ_U64(sp_service_due(7.3, 20000, t - 1), i);
	}
	return CHECK_DONE();
}
