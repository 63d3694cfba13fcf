/*
 * t-service-plan-sizes-cases-from-the-limit - each case's hot set, cold set and spike burst
 * are the stated shares of the limit in whole 64 KiB chunks: fits and spike hold 80 %, cold
 * and hot 120 % (cold's excess idle, hot's read), spike's burst takes it to 120 %; names
 * round-trip and bad input is refused.
 */
#include <errno.h>

#include "check.h"
#include "core/scenario/service.h"

static double pct(uint64_t bytes, uint64_t limit)
{
	return 100.0 * (double)bytes / (double)limit;
}

int main(void)
{
	const uint64_t lim = 256ull << 20;
	struct sp_service_sizes s;
	enum sp_service_case_kind k;

	CHECK(sp_service_size(SP_SVC_FITS, lim, &s) == 0);
	CHECK_NEAR(pct(s.hot_bytes + s.cold_bytes, lim), 80, 0.01);
	CHECK(s.spike_bytes == 0);
	CHECK(s.hot_bytes > 0 && s.cold_bytes > 0);

	CHECK(sp_service_size(SP_SVC_COLD, lim, &s) == 0);
	CHECK_NEAR(pct(s.hot_bytes + s.cold_bytes, lim), 120, 0.01);
	/* the hot set is what fits' is, and fits well: only idle data is over the limit */
	{
		struct sp_service_sizes f;

		sp_service_size(SP_SVC_FITS, lim, &f);
		CHECK_EQ_U64(s.hot_bytes, f.hot_bytes);
		CHECK(s.hot_bytes < lim / 2);
	}

	CHECK(sp_service_size(SP_SVC_HOT, lim, &s) == 0);
	CHECK_NEAR(pct(s.hot_bytes, lim), 120, 0.01);
	CHECK(s.hot_bytes > lim); /* the read set alone cannot fit */
	CHECK_EQ_U64(s.cold_bytes, 0);

	CHECK(sp_service_size(SP_SVC_SPIKE, lim, &s) == 0);
	CHECK_NEAR(pct(s.hot_bytes + s.cold_bytes, lim), 80, 0.01);
	CHECK(s.spike_bytes > 0);
	CHECK(s.hot_bytes + s.cold_bytes + s.spike_bytes > lim);
	CHECK_NEAR(pct(s.hot_bytes + s.cold_bytes + s.spike_bytes, lim), 120, 0.01);

	/* whole chunks, at an odd limit too */
	for (int c = 0; c < SP_SVC_N_CASES; c++) {
		CHECK(sp_service_size((enum sp_service_case_kind)c, (40ull << 20) + 12345, &s) ==
		      0);
		CHECK(s.hot_bytes % SP_SERVICE_CHUNK_BYTES == 0);
		CHECK(s.cold_bytes % SP_SERVICE_CHUNK_BYTES == 0);
		CHECK(s.spike_bytes % SP_SERVICE_CHUNK_BYTES == 0);
		CHECK_EQ_U64(s.hot_chunks * SP_SERVICE_CHUNK_BYTES, s.hot_bytes);
		CHECK(sp_service_case_parse(sp_service_case_name((enum sp_service_case_kind)c),
					    &k) == 0);
		CHECK(k == (enum sp_service_case_kind)c);
	}
	CHECK(sp_service_size(SP_SVC_FITS, SP_SERVICE_MIN_LIMIT - 1, &s) == -EINVAL);
	CHECK(sp_service_size(SP_SVC_N_CASES, lim, &s) == -EINVAL);
	CHECK(sp_service_case_parse("warm", &k) == -EINVAL);
	CHECK(sp_service_case_parse(NULL, &k) == -EINVAL);
	CHECK_STR(sp_service_case_name(SP_SVC_N_CASES), "?");
	/* a case's times from --service-time: load as given, top speed a quarter within
	 * [1, 10] s, the timeout the seed's 10 s or the load when shorter */
	{
		double load, top, timeout;

		CHECK(sp_service_times(20, &load, &top, &timeout) == 0);
		CHECK(load == 20 && top == 5 && timeout == 10);
		CHECK(sp_service_times(3, &load, &top, &timeout) == 0);
		CHECK(load == 3 && top == 1 && timeout == 3);
		CHECK(sp_service_times(120, &load, &top, &timeout) == 0);
		CHECK(top == SP_SERVICE_DEFAULT_TOP_S && timeout == SP_SERVICE_DEFAULT_TIMEOUT_S);
		CHECK(sp_service_times(0, &load, &top, &timeout) == -EINVAL);
		CHECK(sp_service_case_estimate_s(20) == 25);
		CHECK(sp_service_case_estimate_s(-1) == 0);
	}
	return CHECK_DONE();
}
