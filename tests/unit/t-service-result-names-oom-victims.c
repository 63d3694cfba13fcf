/*
 * t-service-result-names-oom-victims - a case's result from its counters: the OOM kills are
 * the cgroup counter's rise, the victims the processes that died of a SIGKILL we did not send
 * (no more than the kernel counted: a stray SIGKILL is not the OOM killer's); without a
 * readable counter the deaths count; top speed is replies over the span; swap use is null
 * when unreadable; percentiles come from the log within the histogram's error bound; a
 * counter that went backwards is refused.
 */
#include <errno.h>

#include "check.h"
#include "core/measure/hist.h"
#include "core/scenario/scenario_service.h"
#include "core/scenario/service.h"

int main(void)
{
	static struct sp_service_log log;
	static uint8_t state[1000];
	struct sp_service_counters c;
	struct sp_service_case r;

	CHECK(sp_service_log_init(&log, 40, 10, 1000, state) == 0);
	for (uint64_t i = 0; i < 1000; i++) {
		sp_service_log_send(&log, i, 1);
		/* latencies 1..1000 ms */
		sp_service_log_reply(&log, i, sp_service_intended_ns(40, i) + (i + 1) * 1000000, 0);
	}
	memset(&c, 0, sizeof(c));
	c.kind = SP_SVC_SPIKE;
	c.log = &log;
	c.load_s = 25;
	c.top_served = 3000;
	c.top_span_s = 2;
	c.has_oom_counter = 1;
	c.oom0 = 3;
	c.oom1 = 5;
	c.n_killed = 3;
	snprintf(c.killed[0], sizeof(c.killed[0]), "%s", SP_SERVICE_PROC_NAME);
	snprintf(c.killed[1], sizeof(c.killed[1]), "%s", SP_SERVICE_SPIKE_NAME);
	snprintf(c.killed[2], sizeof(c.killed[2]), "%s", SP_SERVICE_PROC_NAME);
	c.restarts = 2;
	c.has_swap_usage = 1;
	c.swap_peak_bytes = 123 << 20;
	CHECK(sp_service_case_result(&c, &r) == 0);
	CHECK_STR(r.name, "spike");
	CHECK_EQ_U64(r.sent, 1000);
	CHECK_EQ_U64(r.served, 1000);
	CHECK_NEAR(r.p50_ms, 500, 0.01);
	CHECK_NEAR(r.p95_ms, 950, 0.01);
	CHECK_NEAR(r.p99_ms, 990, 0.01);
	CHECK_NEAR(r.top_speed_per_s, 1500, 1e-9);
	CHECK_EQ_U64(r.oom_kills, 2);
	CHECK_EQ_U64(r.n_oom_victims, 2);
	CHECK_STR(r.oom_victims[0], "sp-service");
	CHECK_STR(r.oom_victims[1], "sp-spike");
	CHECK_EQ_U64(r.restarts, 2);
	CHECK(r.swap_used_bytes == 123 << 20);

	c.has_oom_counter = 0; /* no counter: the deaths are all we know */
	CHECK(sp_service_case_result(&c, &r) == 0);
	CHECK_EQ_U64(r.oom_kills, 3);
	CHECK_EQ_U64(r.n_oom_victims, 3);
	c.has_oom_counter = 1;
	c.oom1 = c.oom0; /* the kernel killed nobody: a stray SIGKILL names no victim */
	CHECK(sp_service_case_result(&c, &r) == 0);
	CHECK_EQ_U64(r.oom_kills, 0);
	CHECK_EQ_U64(r.n_oom_victims, 0);
	c.n_killed = 0; /* the counter rose but no child of ours died of it yet */
	c.oom1 = c.oom0 + 1;
	CHECK(sp_service_case_result(&c, &r) == 0);
	CHECK_EQ_U64(r.oom_kills, 1);
	CHECK_EQ_U64(r.n_oom_victims, 0);

	c.oom1 = c.oom0 - 1;
	CHECK(sp_service_case_result(&c, &r) == -EINVAL);
	c.oom1 = c.oom0;
	c.pswpin0 = 2;
	CHECK(sp_service_case_result(&c, &r) == -EINVAL);
	c.pswpin0 = 0;
	c.load_s = 0;
	CHECK(sp_service_case_result(&c, &r) == -EINVAL);
	c.load_s = 1;
	c.log = NULL;
	CHECK(sp_service_case_result(&c, &r) == -EINVAL);
	c.log = &log;
	/* nothing served: percentiles 0, not garbage */
	CHECK(sp_service_log_init(&log, 40, 10, 10, state) == 0);
	CHECK(sp_service_case_result(&c, &r) == 0);
	CHECK(r.p50_ms == 0 && r.p99_ms == 0 && r.served == 0);
	return CHECK_DONE();
}
