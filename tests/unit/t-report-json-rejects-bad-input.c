/*
 * t-report-json-rejects-bad-input - sp_report_json_read() refuses what is not a report of
 * this schema with -EINVAL and a message naming the problem (malformed JSON, no or another
 * "schema", wrong types, lists longer than the model), and accepts what a future or hand
 * written producer may do: unknown keys, missing optional sections (fixtures/report-*.json).
 */
#include <errno.h>

#include "check.h"
#include "core/model/report.h"
#include "core/report/report_json.h"
#include "out/report_io.h"

static struct sp_report r;

static void bad(const char *json, const char *want)
{
	struct sp_err pe;
	int ret = sp_report_json_parse(json, strlen(json), &r, &pe);

	CHECK(ret == -EINVAL);
	if (!strstr(pe.reason, want)) {
		fprintf(stderr, "for %s\n  error '%s' lacks '%s'\n", json, pe.reason, want);
		check_failures++;
	}
}

#define S "{\"schema\": \"swapplace-report/1\", "

int main(void)
{
	char big[8192];
	struct sp_err e, pe;
	size_t n;

	bad("", "malformed JSON");
	bad("{\"schema\": \"swapplace-report/1\"", "malformed JSON");
	bad("{\"schema\": \"swapplace-report/1\",}", "malformed JSON");
	bad("[1, 2]", "not an object");
	bad("{\"results\": []}", "no \"schema\"");
	bad("{\"schema\": 1}", "no \"schema\"");
	bad("{\"schema\": \"swapplace-report/2\"}", "schema 'swapplace-report/2' is not supported");
	bad(S "\"schema\": \"swapplace-report/1\"}", "malformed JSON"); /* duplicate key */
	bad(S "\"seed\": -1}", "report.seed");
	bad(S "\"seed\": \"12x\"}", "report.seed");
	bad(S "\"budget_bytes\": 1.5}", "report.budget_bytes");
	bad(S "\"machine\": []}", "report.machine");
	bad(S "\"machine\": {\"cores\": \"two\"}}", "machine.cores");
	bad(S "\"machine\": {\"cores\": 4294967296}}", "machine.cores");
	bad(S "\"results\": {}}", "results: expected a list");
	bad(S "\"results\": [{\"status\": \"ok\"}]}", "results[0].placement: missing");
	bad(S "\"results\": [{\"placement\": \"start\"}]}", "results[0].status");
	bad(S "\"results\": [{\"placement\": \"start\", \"status\": \"great\"}]}",
	    "results[0].status");
	bad(S "\"results\": [{\"placement\": \"start\", \"status\": \"ok\", "
	      "\"fault_probe\": {\"p50_us\": \"fast\"}}]}",
	    "results[0].fault_probe.p50_us: expected a number");
	bad(S "\"results\": [{\"placement\": \"start\", \"status\": \"ok\", "
	      "\"fault_probe\": {\"ci\": {\"p50_lo_us\": true}}}]}",
	    "results[0].fault_probe.ci.p50_lo_us");
	bad(S "\"results\": [{\"placement\": \"start\", \"status\": \"ok\", "
	      "\"extents\": [{\"start_sector\": 1}]}]}",
	    "results[0].extents[0]");
	bad(S "\"results\": [{\"placement\": \"start\", \"status\": \"ok\", "
	      "\"pressure_probe\": {\"oom_killed\": 1}}]}",
	    "pressure_probe.oom_killed: expected true or false");
	bad(S "\"results\": [{\"placement\": "
	      "\"0123456789012345678901234567890123456789012345678\", \"status\": \"ok\"}]}",
	    "longer than 47 bytes");
#define SVC(c)                                                                                     \
	S "\"results\": [{\"placement\": \"none\", \"status\": \"ok\", "                           \
	  "\"scenarios\": {\"service\": {\"cases\": [{" c "}]}}}]}"
	bad(SVC("\"oom_victims\": \"sp-service\""), "cases[0].oom_victims: expected a list");
	bad(SVC("\"oom_victims\": [1]"), "cases[0].oom_victims[0]: expected a string");
	bad(SVC("\"oom_victims\": [\"0123456789abcdef\"]"), "oom_victims[0]: longer than 15");
	bad(SVC("\"swap_used_bytes\": -1"), "swap_used_bytes: expected null or a non-negative");
	bad(SVC("\"swap_used_bytes\": \"big\""), "swap_used_bytes: expected null");
	{
		struct sp_err pe;
		static const char ok[] = SVC("\"case\": \"spike\", \"oom_victims\": []");

		/* a missing swap use reads as unknown, as null does */
		CHECK(sp_report_json_parse(ok, sizeof(ok) - 1, &r, &pe) == 0);
		CHECK(r.results[0].scenarios.service.n_cases == 1);
		CHECK(r.results[0].scenarios.service.cases[0].swap_used_bytes == -1);
	}
#undef SVC

	/* more results than the model holds */
	n = (size_t)snprintf(big, sizeof(big), S "\"results\": [");
	for (int i = 0; i <= SP_MAX_RESULTS; i++)
		n += (size_t)snprintf(big + n, sizeof(big) - n,
				      "%s{\"placement\": \"p%d\", \"status\": \"ok\"}",
				      i ? "," : "", i);
	snprintf(big + n, sizeof(big) - n, "]}");
	bad(big, "results: more than 32");

	/* a file that is not there: -ENOENT and the path in the message */
	CHECK(sp_report_json_read("tests/fixtures/no-such-report.json", &r, &e) == -ENOENT);
	CHECK(strstr(e.reason, "no-such-report.json") != NULL);

	CHECK(sp_report_json_read("tests/fixtures/report-wrong-schema.json", &r, &e) == -EINVAL);
	CHECK(strstr(e.reason, "swapplace-report/2") != NULL);

	/* unknown keys ignored, missing sections fine */
	CHECK(sp_report_json_read("tests/fixtures/report-minimal.json", &r, &e) == 0);
	if (e.code)
		fprintf(stderr, "minimal: %s\n", sp_err_msg(&e));
	CHECK_STR(r.command, "measure");
	CHECK_EQ_U64(r.n_results, 2);
	CHECK_STR(r.results[0].placement, "current-/dev/sda2");
	CHECK(r.results[0].fault_probe.done);
	CHECK(!r.results[0].device_probe.done && !r.results[0].pressure_probe.done);
	CHECK_EQ_U64(r.results[0].fault_probe.lat.samples, 500);
	CHECK(r.results[0].fault_probe.lat.p50_us == 250.5);
	CHECK(r.results[0].fault_probe.lat.p50_ci_hi_us == 260.0);
	CHECK(r.results[1].status == SP_STATUS_SKIPPED);
	CHECK_STR(r.results[1].reason, "no zram module");
	CHECK_EQ_U64(r.n_devices, 0);
	CHECK(r.started == 0);

	/* started only as a string (no started_unix) */
	{
		const char *j = S "\"started\": \"2026-01-01T00:00:00Z\"}";

		CHECK(sp_report_json_parse(j, strlen(j), &r, &pe) == 0);
	}
	CHECK(r.started == 1767225600);
	bad(S "\"started\": \"yesterday\"}", "report.started");
	return CHECK_DONE();
}
