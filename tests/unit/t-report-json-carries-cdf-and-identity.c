/*
 * t-report-json-carries-cdf-and-identity - a latency summary keeps its CDF: the minimum, the
 * fixed percentiles (each equal to the histogram's nearest-rank quantile, p50 equal to p50_us)
 * and the maximum, ascending; report.json writes it as "cdf": [[pct, us], ...] one pair per
 * line and reads it back exactly, beside machine.dmi_serial, bios_vendor, bios_version,
 * bios_date and devices[].firmware; a report without those keys reads as "not kept" (n_cdf 0,
 * ""), and a malformed cdf is refused with its path. The identity comes from the captured
 * desktop: BIOS from /sys/class/dmi/id, firmware from firmware_rev (NVMe) and rev (ATA), an
 * unreadable product_serial as "".
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/measure/hist.h"
#include "core/model/report.h"
#include "core/report/report_json.h"
#include "report-dump.h"
#include "sys/devices.h"
#include "sys/machine.h"
#include "t-report-synthetic.h"

static struct sp_report a, b;
static struct sp_hist h;

static void cdf_from_hist(void)
{
	struct sp_lat_summary l = {0};
	static const double want[] = {0,  0.1, 1,  5,  10, 20, 25, 30,	 40,   50, 60,
				      70, 75,  80, 90, 95, 98, 99, 99.5, 99.9, 100};
	const size_t nw = sizeof(want) / sizeof(want[0]);

	sp_hist_init(&h);
	for (uint64_t i = 1; i <= 10000; i++)
		sp_hist_add(&h, 1000 * i); /* 1 us .. 10 ms, uniform */
	sp_hist_summarize(&h, &l);
	CHECK_EQ_U64(l.n_cdf, nw);
	for (size_t i = 0; i < l.n_cdf && i < nw; i++) {
		CHECK(l.cdf_pct[i] == want[i]);
		if (i)
			CHECK(l.cdf_us[i] >= l.cdf_us[i - 1]);
		if (i && i + 1 < nw)
			CHECK(l.cdf_us[i] == (double)sp_hist_quantile(&h, want[i] / 100) / 1000);
		if (want[i] == 50)
			CHECK(l.cdf_us[i] == l.p50_us);
		if (want[i] == 99)
			CHECK(l.cdf_us[i] == l.p99_us);
	}
	CHECK(l.cdf_us[0] == l.min_us && l.min_us == 1);
	CHECK(l.cdf_us[nw - 1] == l.max_us && l.max_us == 10000);
	/* a uniform 1..10000 us: the 25th percentile is near 2500 us, within the bucket bound */
	CHECK_NEAR(l.cdf_us[6], 2500, 0.01);

	/* no samples: nothing kept */
	sp_hist_init(&h);
	sp_hist_summarize(&h, &l);
	CHECK_EQ_U64(l.n_cdf, 0);
}

static void fill_cdf(struct sp_lat_summary *l)
{
	l->n_cdf = 0;
	l->cdf_pct[l->n_cdf] = 0;
	l->cdf_us[l->n_cdf++] = l->min_us;
	l->cdf_pct[l->n_cdf] = 50;
	l->cdf_us[l->n_cdf++] = l->p50_us;
	l->cdf_pct[l->n_cdf] = 99.9;
	l->cdf_us[l->n_cdf++] = l->p999_us;
	l->cdf_pct[l->n_cdf] = 100;
	l->cdf_us[l->n_cdf++] = l->max_us;
}

static void roundtrip(void)
{
	struct sp_err pe;
	char *j1, *j2;
	size_t l1, l2;

	syn_build(&a);
	snprintf(a.machine.dmi_serial, sizeof(a.machine.dmi_serial), "PF1ABCDE");
	snprintf(a.machine.bios_vendor, sizeof(a.machine.bios_vendor), "SeaBIOS \"x\"");
	snprintf(a.machine.bios_version, sizeof(a.machine.bios_version), "1.16.3-debian");
	snprintf(a.machine.bios_date, sizeof(a.machine.bios_date), "04/01/2014");
	snprintf(a.devices[1].firmware, sizeof(a.devices[1].firmware), "2B2QEXM7");
	for (size_t i = 0; i < a.n_results; i++) {
		/* a section that did not run is written as null: it keeps nothing */
		if (a.results[i].fault_probe.done)
			fill_cdf(&a.results[i].fault_probe.lat);
		if (a.results[i].device_probe.done)
			fill_cdf(&a.results[i].device_probe.qd1);
		if (a.results[i].pressure_probe.done)
			fill_cdf(&a.results[i].pressure_probe.lat);
	}
	j1 = report_json_dump(&a, &l1);
	CHECK(strstr(j1, "\"dmi_serial\": \"PF1ABCDE\"") != NULL);
	CHECK(strstr(j1, "\"bios_vendor\": \"SeaBIOS \\\"x\\\"\"") != NULL);
	CHECK(strstr(j1, "\"bios_version\": \"1.16.3-debian\"") != NULL);
	CHECK(strstr(j1, "\"bios_date\": \"04/01/2014\"") != NULL);
	CHECK(strstr(j1, "\"firmware\": \"2B2QEXM7\"") != NULL);
	/* a pair per line: the start partition's swap-in CDF */
	CHECK(strstr(j1, "\"cdf\": [\n") != NULL);
	CHECK(strstr(j1, "[50.0, 98.4]") != NULL);
	CHECK(strstr(j1, "[100.0, 1131.6000000000001]") != NULL);
	CHECK(sp_report_json_parse(j1, l1, &b, &pe) == 0);
	if (pe.reason[0])
		fprintf(stderr, "%s\n", pe.reason);
	CHECK(memcmp(&a, &b, sizeof(a)) == 0);
	CHECK_EQ_U64(b.results[0].fault_probe.lat.n_cdf, 4);
	CHECK(b.results[0].fault_probe.lat.cdf_us[1] == 98.4);
	CHECK_STR(b.devices[1].firmware, "2B2QEXM7");
	CHECK_STR(b.machine.bios_date, "04/01/2014");
	j2 = report_json_dump(&b, &l2);
	CHECK(l1 == l2 && memcmp(j1, j2, l1) == 0);
	free(j1);
	free(j2);
}

static void old_and_bad(void)
{
	const char *old = "{\"schema\": \"swapplace-report/1\", \"machine\": {\"cpu\": \"x\"},"
			  "\"results\": [{\"placement\": \"start\", \"status\": \"ok\","
			  "\"fault_probe\": {\"samples\": 5, \"p50_us\": 7.5}}]}";
	const char *bad[] = {
	    "\"cdf\": [[1, 2, 3]]",
	    "\"cdf\": [[1, \"2\"]]",
	    "\"cdf\": {\"a\": 1}",
	};
	struct sp_err pe;
	char text[512];

	CHECK(sp_report_json_parse(old, strlen(old), &b, &pe) == 0);
	CHECK_EQ_U64(b.results[0].fault_probe.lat.n_cdf, 0);
	CHECK(b.results[0].fault_probe.lat.p50_us == 7.5);
	CHECK_STR(b.machine.dmi_serial, "");
	CHECK_STR(b.machine.bios_vendor, "");

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(text, sizeof(text),
			 "{\"schema\": \"swapplace-report/1\", \"results\": [{\"placement\": "
			 "\"start\", \"status\": \"ok\", \"fault_probe\": {%s}}]}",
			 bad[i]);
		sp_err_init(&pe);
		CHECK(sp_report_json_parse(text, strlen(text), &b, &pe) == -EINVAL);
		CHECK(strstr(pe.reason, "fault_probe.cdf") != NULL);
		if (!strstr(pe.reason, "fault_probe.cdf"))
			fprintf(stderr, "message: %s\n", pe.reason);
	}
}

static void identity_from_sysfs(void)
{
	static struct sp_device_info d[SP_MAX_DEVICES];
	struct sp_sys_facts f;
	struct sp_machine m;
	size_t n = 0;

	CHECK(sp_machine_probe("tests/fixtures/sys-basic", &m) == 0);
	CHECK_STR(m.bios_vendor, "LENOVO");
	CHECK_STR(m.bios_version, "N23ET75W (1.50 )");
	CHECK_STR(m.bios_date, "10/19/2020");
	CHECK_STR(m.dmi_serial, ""); /* root-only in sysfs: not captured, not an error */

	CHECK(sp_facts_gather("tests/fixtures/sys-basic", &f) == 0);
	CHECK(sp_devices_scan("tests/fixtures/sys-basic", &f, d, SP_MAX_DEVICES, &n) == 0);
	for (size_t i = 0; i < n; i++) {
		if (strcmp(d[i].name, "nvme0n1") == 0)
			CHECK_STR(d[i].firmware, "2B2QEXM7");
		else if (strcmp(d[i].name, "sda") == 0)
			CHECK_STR(d[i].firmware, "CC43");
		else if (strcmp(d[i].name, "loop0") == 0 || strcmp(d[i].name, "zram0") == 0)
			CHECK_STR(d[i].firmware, "");
	}
}

int main(void)
{
	cdf_from_hist();
	roundtrip();
	old_and_bad();
	identity_from_sysfs();
	return CHECK_DONE();
}
