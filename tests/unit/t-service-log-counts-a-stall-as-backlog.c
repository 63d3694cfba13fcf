/*
 * t-service-log-counts-a-stall-as-backlog - no coordinated omission: a service that answers
 * in 2 ms but stalls for 3 s in the middle of the load. Every request due during the stall is
 * answered when it ends, and its latency is counted from its intended send time, so the
 * stall's backlog shows: p99 is near the stall's length, not 2 ms. A closed-loop timer (from
 * the actual send, which a stalled sender also delays) would have seen 2 ms. Then the timeout
 * (a reply later than it fails, an unanswered request expires), a refused request while the
 * service is down, a dropped one when it dies, and a corrupt reply each fail and are counted
 * once; a reply after the request failed is ignored.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/measure/hist.h"
#include "core/scenario/scenario_service.h"
#include "core/scenario/service.h"

#define MS 1000000ull

int main(void)
{
	static struct sp_service_log log;
	static uint8_t state[4000];
	struct sp_service_counters c;
	struct sp_service_case r;
	const double rate = 40;
	uint64_t n = sp_service_n_requests(rate, 20); /* 800 */

	CHECK(sp_service_log_init(&log, rate, 10, n, state) == 0);
	/* the stall: 5.0 s .. 8.0 s; every request due in it is answered at 8.0 s */
	for (uint64_t i = 0; i < n; i++) {
		uint64_t t = sp_service_intended_ns(rate, i), done;

		CHECK(sp_service_log_send(&log, i, 1) == 0);
		done = t + 2 * MS;
		if (t >= 5000 * MS && t < 8000 * MS)
			done = 8000 * MS;
		CHECK(sp_service_log_reply(&log, i, done, 0) == 0);
	}
	CHECK_EQ_U64(log.sent, n);
	CHECK_EQ_U64(log.served, n);
	CHECK_EQ_U64(log.failed, 0);
	CHECK_EQ_U64(log.pending, 0);
	/* 120 of 800 requests (15 %) waited 0..3 s: p95 and p99 are inside the backlog */
	CHECK_NEAR((double)sp_hist_quantile(&log.lat, 0.50), 2e6, 0.01);
	/* the stalled ones waited 3000, 2975, ... 25 ms: rank 760 of 800 is 2025 ms, 792 is 2825 */
	CHECK_NEAR((double)sp_hist_quantile(&log.lat, 0.95), 2.025e9, 0.02);
	CHECK_NEAR((double)sp_hist_quantile(&log.lat, 0.99), 2.825e9, 0.02);
	CHECK_NEAR((double)log.lat.max_ns, 3e9, 0.01);

	memset(&c, 0, sizeof(c));
	c.kind = SP_SVC_FITS;
	c.log = &log;
	c.load_s = 20;
	c.pswpin0 = 100;
	c.pswpin1 = 300;
	c.pswpout1 = 4000;
	CHECK(sp_service_case_result(&c, &r) == 0);
	CHECK_STR(r.name, "fits");
	CHECK_NEAR(r.p50_ms, 2, 0.01);
	CHECK(r.p95_ms > 1000);
	CHECK_NEAR(r.swapin_pages_per_s, 10, 1e-9);
	CHECK_NEAR(r.swapout_pages_per_s, 200, 1e-9);
	CHECK(r.swap_used_bytes == -1);
	CHECK(r.rate_per_s == 40);

	/* the timeout: a 10 s stall from request 0 on */
	CHECK(sp_service_log_init(&log, rate, 10, n, state) == 0);
	for (uint64_t i = 0; i < 40; i++)
		CHECK(sp_service_log_send(&log, i, 1) == 0);
	sp_service_log_expire(&log, 9999 * MS); /* nothing is 10 s old yet */
	CHECK_EQ_U64(log.failed, 0);
	CHECK(sp_service_log_reply(&log, 0, 10001 * MS, 0) == 0); /* too late: failed */
	CHECK_EQ_U64(log.late, 1);
	sp_service_log_expire(&log, 10500 * MS); /* requests 1..20 (intended <= 0.5 s) */
	CHECK_EQ_U64(log.expired, 20);
	CHECK(sp_service_log_reply(&log, 5, 10600 * MS, 0) == 1);  /* already failed: ignored */
	CHECK(sp_service_log_reply(&log, 21, 10600 * MS, 1) == 0); /* corrupt */
	CHECK_EQ_U64(log.corrupt, 1);
	CHECK(sp_service_log_reply(&log, 22, 10600 * MS, 0) == 0); /* 10.05 s: within 10 s? no */
	CHECK_EQ_U64(log.late, 2);
	CHECK(sp_service_log_reply(&log, 30, 10600 * MS, 0) == 0); /* intended 0.75 s: 9.85 s */
	CHECK_EQ_U64(log.served, 1);
	sp_service_log_drop(&log); /* the service died: 23..29 and 31..39 */
	CHECK_EQ_U64(log.dropped, 16);
	CHECK(sp_service_log_send(&log, 40, 0) == 0); /* down: refused */
	CHECK_EQ_U64(log.refused, 1);
	CHECK(sp_service_log_send(&log, 40, 1) == -EINVAL);	/* sent twice */
	CHECK(sp_service_log_reply(&log, 41, 0, 0) == -EINVAL); /* never sent */
	CHECK(sp_service_log_send(&log, n, 1) == -EINVAL);
	CHECK_EQ_U64(log.sent, 41);
	CHECK_EQ_U64(log.failed, 40);
	CHECK_EQ_U64(log.failed, log.late + log.expired + log.corrupt + log.dropped + log.refused);
	CHECK_EQ_U64(log.sent, log.served + log.failed + log.pending);
	CHECK(sp_service_log_init(&log, 0, 10, n, state) == -EINVAL);
	CHECK(sp_service_log_init(&log, 40, 0, n, state) == -EINVAL);
	CHECK(sp_service_log_init(&log, 40, 10, n, NULL) == -EINVAL);
	return CHECK_DONE();
}
