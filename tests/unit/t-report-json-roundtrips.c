/*
 * t-report-json-roundtrips - report.json restores everything it writes: write -> read gives
 * the same struct bit for bit (every double exact), and write -> read -> write gives the same
 * bytes, the recomputed "analysis" included. Also the edge cases of the encoding: a seed beyond
 * int64 (written as a string), non-finite doubles (null), strings that are not valid UTF-8.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "core/findings/analysis.h"
#include "core/model/report.h"
#include "core/report/report_json.h"
#include "report-dump.h"
#include "t-report-synthetic.h"

static struct sp_report a, b;

static void roundtrip(const struct sp_report *r, const char *what)
{
	struct sp_err pe;
	char *j1, *j2;
	size_t l1, l2;

	j1 = report_json_dump(r, &l1);
	CHECK(sp_report_json_parse(j1, l1, &b, &pe) == 0);
	if (pe.reason[0])
		fprintf(stderr, "%s: %s\n", what, pe.reason);
	CHECK(memcmp(r, &b, sizeof(b)) == 0);
	j2 = report_json_dump(&b, &l2);
	CHECK_EQ_U64(l1, l2);
	CHECK(l1 == l2 && memcmp(j1, j2, l1) == 0);
	if (l1 != l2 || memcmp(j1, j2, l1))
		fprintf(stderr, "%s: second write differs\n", what);
	free(j1);
	free(j2);
}

/* the synthetic report with swappiness 60, THP madvise and MGLRU off, or all three unknown
 * (an unknown value is 0, as reading leaves it): the dump holds the keys, and reads back */
static void vm_policy(int known, const char *sw, const char *thp, const char *mglru)
{
	size_t len;
	char *j;

	syn_build(&a);
	a.machine.swappiness = known ? 60 : 0, a.machine.have_swappiness = known;
	a.machine.thp = known ? SP_THP_MADVISE : 0, a.machine.have_thp = known;
	a.machine.mglru = 0, a.machine.have_mglru = known;
	j = report_json_dump(&a, &len);
	CHECK(strstr(j, sw) && strstr(j, thp) && strstr(j, mglru));
	free(j);
	roundtrip(&a, known ? "vm policy" : "vm policy unknown");
}

int main(void)
{
	struct sp_err pe;
	char *j;
	size_t len;

	syn_build(&a);
	roundtrip(&a, "synthetic");
	CHECK_EQ_U64(b.n_results, 9);
	/* the job's figures come back: runs, the ram kind, a checksum above 2^63 */
	CHECK(b.results[0].scenarios.build.done && b.results[0].scenarios.build.n_runs == 2);
	CHECK(b.results[8].id.kind == SP_PL_RAM && b.results[8].scenarios.build.limit_bytes == 0);
	CHECK(b.results[0].scenarios.build.objects_checksum == 0x9e3779b97f4a7c15ull);
	CHECK(!b.results[5].scenarios.build.done);
	CHECK_STR(b.results[5].placement, "zram-zstd");
	CHECK(b.results[5].status == SP_STATUS_INVALID);
	CHECK(b.results[5].fault_probe.invalid == 1);
	CHECK(b.results[6].status == SP_STATUS_SKIPPED);
	CHECK(!b.results[6].fault_probe.done && !b.results[6].device_probe.done);
	CHECK(b.results[7].pressure_probe.oom_killed == 1);
	CHECK_EQ_U64(b.results[2].n_extents, 3);
	CHECK_EQ_U64(b.results[2].extents[1].start_sector, 7667712);
	CHECK_EQ_U64(b.results[0].fault_probe.n_uring, 4);
	CHECK(b.results[0].fault_probe.uring[3].qd == 32);
	CHECK(b.results[3].compression.zram == 1);
	CHECK(b.devices[1].unsafe == 1);
	CHECK_STR(b.devices[1].unsafe_reason, "holds the running root filesystem '/'");
	CHECK(b.started == 1767225600);
	CHECK(b.results[0].fault_probe.lat.p50_us == 98.4); /* exact, not "close" */
	/* the service scenario: its cases, the victims' names, an unknown swap use */
	CHECK_EQ_U64(b.results[0].scenarios.service.n_cases, 4);
	CHECK_STR(b.results[0].scenarios.service.cases[3].name, "spike");
	CHECK(b.results[0].scenarios.service.cases[1].swap_used_bytes == 48ll << 20);
	CHECK_EQ_U64(b.results[7].scenarios.service.cases[3].oom_kills, 2);
	CHECK_EQ_U64(b.results[7].scenarios.service.cases[3].n_oom_victims, 2);
	CHECK_STR(b.results[7].scenarios.service.cases[3].oom_victims[1], "sp-service");
	CHECK(b.results[7].scenarios.service.cases[3].swap_used_bytes == -1);
	CHECK_EQ_U64(b.results[1].scenarios.service.n_cases, 0);

	/* the JSON states the time both ways, and the section that did not run is null */
	j = report_json_dump(&a, &len);
	CHECK(strstr(j, "\"started\": \"2026-01-01T00:00:00Z\"") != NULL);
	CHECK(strstr(j, "\"started_unix\": 1767225600") != NULL);
	CHECK(strstr(j, "\"time_per_placement_s\": 30.0,") != NULL);
	CHECK(strstr(j, "\"fault_probe\": null") != NULL);
	CHECK(strstr(j, "\"oom_victims\": []") != NULL);
	CHECK(strstr(j, "\"sp-service\",\n") != NULL); /* a list of names */
	CHECK(strstr(j, "\"swap_used_bytes\": null") != NULL);
	CHECK(strstr(j, "\"service\": null") != NULL); /* end: the build job only */
	CHECK(strstr(j, "\"schema\": \"swapplace-report/1\"") == j + 4);
	free(j);

	/* the device probe's range: written first (true), not written on an SSD or a spinning
	 * disk (false), unknown (null); each comes back as it went */
	syn_build(&a);
	a.results[0].device_probe.has_rotational = 1;
	a.results[0].device_probe.has_range_written = 1;
	a.results[0].device_probe.range_written = 1;
	a.results[1].device_probe.has_rotational = 1;
	a.results[1].device_probe.rotational = 1;
	a.results[1].device_probe.has_range_written = 1;
	j = report_json_dump(&a, &len);
	CHECK(strstr(j, "\"range_written\": true") != NULL);
	CHECK(strstr(j, "\"range_written\": false") != NULL);
	CHECK(strstr(j, "\"range_written\": null") != NULL);
	CHECK(strstr(j, "\"rotational\": true,\n        \"range_written\": false") != NULL);
	free(j);
	roundtrip(&a, "device probe range");
	CHECK(b.results[0].device_probe.has_range_written &&
	      b.results[0].device_probe.range_written);
	CHECK(b.results[0].device_probe.has_rotational && !b.results[0].device_probe.rotational);
	CHECK(b.results[1].device_probe.has_range_written &&
	      !b.results[1].device_probe.range_written);
	CHECK(b.results[1].device_probe.rotational);
	CHECK(!b.results[2].device_probe.has_range_written &&
	      !b.results[2].device_probe.has_rotational);

	/* a full 64-bit seed is a decimal string */
	syn_build(&a);
	a.seed = UINT64_MAX - 1;
	j = report_json_dump(&a, &len);
	CHECK(strstr(j, "\"seed\": \"18446744073709551614\"") != NULL);
	free(j);
	roundtrip(&a, "big seed");
	CHECK(b.seed == UINT64_MAX - 1);

	/* odd doubles: tiny, huge, negative zero and a value that needs 17 digits */
	syn_build(&a);
	a.results[0].fault_probe.lat.mean_us = 1e-300;
	a.results[0].fault_probe.lat.max_us = 1.2345678901234567e+22;
	a.results[0].elapsed_s = 0.1 + 0.2;
	a.machine.timer_cost_ns = 1.0 / 3;
	roundtrip(&a, "odd doubles");

	/* a non-finite value is written as null and read back as NaN */
	syn_build(&a);
	a.results[1].fault_probe.lat.mean_us = INFINITY;
	j = report_json_dump(&a, &len);
	CHECK(sp_report_json_parse(j, len, &b, &pe) == 0);
	CHECK(isnan(b.results[1].fault_probe.lat.mean_us));
	free(j);

	/* bytes that are not UTF-8 become '?', so the file always parses; controls are escaped */
	syn_build(&a);
	snprintf(a.machine.cpu, sizeof(a.machine.cpu), "bad \xff\xfe utf8 \xc3\xa9 ok\ttab\x01");
	j = report_json_dump(&a, &len);
	CHECK(strstr(j, "\"cpu\": \"bad ?? utf8 \xc3\xa9 ok\\ttab\\u0001\"") != NULL);
	CHECK(sp_report_json_parse(j, len, &b, &pe) == 0);
	CHECK_STR(b.machine.cpu, "bad ?? utf8 \xc3\xa9 ok\ttab\x01");
	free(j);
	memcpy(&a, &b, sizeof(a));
	roundtrip(&a, "sanitised strings");

	/* the machine's memory policy: known values, then each unknown written as null */
	vm_policy(1, "\"swappiness\": 60", "\"thp\": \"madvise\"", "\"mglru\": false");
	vm_policy(0, "\"swappiness\": null", "\"thp\": null", "\"mglru\": null");

	/* an empty measure report */
	sp_report_init(&a, "measure");
	roundtrip(&a, "empty");
	return CHECK_DONE();
}
