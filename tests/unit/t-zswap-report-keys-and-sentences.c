/*
 * t-zswap-report-keys-and-sentences - zswap in report.json and report.txt: results[].zswap
 * and the run's "zswap" are written and read back exactly, unknown counters as null (read
 * back unknown), a kernel without zswap as null sections; an older report without the keys
 * reads as "no zswap"; the text report has a row per placement and the verdict's sentences
 * ("zswap-lzo in front of start: p50 swap-in ... % of swap-ins answered from the pool").
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/doc/reportdoc.h"
#include "core/findings/zswap.h"
#include "core/model/report.h"
#include "core/report/report_json.h"
#include "report-dump.h"

static struct sp_report a, b;

static void measured(struct sp_result *res, double p50_us)
{
	res->status = SP_STATUS_OK;
	res->fault_probe.done = 1;
	res->fault_probe.threads = 1;
	res->fault_probe.lat.samples = 4000;
	res->fault_probe.lat.p50_us = p50_us;
	res->fault_probe.touches = res->fault_probe.real_swapins = 4000;
}

static void build(struct sp_report *r)
{
	struct sp_result *res;

	sp_report_init(r, "run");
	r->zswap = (struct sp_zswap_run){.done = 1, .enabled_before = 0};
	snprintf(r->zswap.compressor_before, sizeof(r->zswap.compressor_before), "lzo");
	res = sp_report_add_result(r, "start", sp_placement_id_of(SP_PL_START, -1));
	measured(res, 180.0);
	res->zswap = (struct sp_zswap_result){.done = 1,
					      .zswpin = 0,
					      .zswpout = 0,
					      .fault_zswpin = 0,
					      .fault_pswpin = 4100,
					      .pool_bytes = -1};
	res = sp_report_add_result(r, "zswap-lzo", sp_placement_id_of(SP_PL_ZSWAP, -1));
	measured(res, 9.5);
	res->zswap = (struct sp_zswap_result){.done = 1,
					      .enabled = 1,
					      .zswpin = 130000,
					      .zswpout = 131000,
					      .fault_zswpin = 3880,
					      .fault_pswpin = 120,
					      .pool_bytes = 25 << 20};
	snprintf(res->zswap.compressor, sizeof(res->zswap.compressor), "lzo");
	/* a kernel without the counters: done, but every count unknown */
	res = sp_report_add_result(r, "zswap-deflate", sp_placement_id_of(SP_PL_ZSWAP, -1));
	measured(res, 30.0);
	res->zswap = (struct sp_zswap_result){.done = 1,
					      .enabled = 1,
					      .zswpin = -1,
					      .zswpout = -1,
					      .fault_zswpin = -1,
					      .fault_pswpin = -1,
					      .pool_bytes = -1};
	snprintf(res->zswap.compressor, sizeof(res->zswap.compressor), "deflate");
	/* no zswap in the kernel: null */
	sp_report_add_result(r, "none", sp_placement_id_of(SP_PL_NONE, -1));
}

int main(void)
{
	struct sp_err pe;
	char *j, *j2, *t, s[512];
	size_t len, len2;

	build(&a);
	j = report_json_dump(&a, &len);
	CHECK(strstr(j, "\"zswpin\": 130000") != NULL);
	CHECK(strstr(j, "\"fault_zswpin\": null") != NULL);
	CHECK(strstr(j, "\"kind\": \"zswap\"") != NULL);
	CHECK(strstr(j, "\"compressor_before\": \"lzo\"") != NULL);
	CHECK(strstr(j, "\"zswap\": null") != NULL); /* the none result */
	CHECK(sp_report_json_parse(j, len, &b, &pe) == 0);
	if (pe.reason[0])
		fprintf(stderr, "%s\n", pe.reason);
	CHECK(memcmp(&a, &b, sizeof(a)) == 0);
	CHECK(b.results[1].id.kind == SP_PL_ZSWAP && b.results[1].id.role == SP_PART_START);
	CHECK(b.results[2].zswap.zswpin == -1 && b.results[2].zswap.pool_bytes == -1);
	j2 = report_json_dump(&b, &len2);
	CHECK(len == len2 && !memcmp(j, j2, len));
	free(j2);

	/* an older report: no zswap keys anywhere reads as "no zswap" */
	{
		char *old = strdup(j), *p;

		while ((p = strstr(old, "\"zswap\": ")))
			memcpy(p, "\"zsw_x\": ", 9); /* an unknown key is ignored */
		CHECK(sp_report_json_parse(old, len, &b, &pe) == 0);
		CHECK(!b.zswap.done && !b.results[1].zswap.done);
		free(old);
	}
	free(j);

	CHECK(sp_zswap_sentence(&a, 1, s, sizeof(s)) == 0);
	CHECK(strstr(s, "zswap-lzo in front of start: p50 swap-in 9.5 us") != NULL);
	CHECK(strstr(s, "97 % of swap-ins answered from the pool") != NULL);
	CHECK(strstr(s, "start alone: 180") != NULL);
	CHECK(sp_zswap_sentence(&a, 2, s, sizeof(s)) == 0);
	CHECK(strstr(s, "unknown (no zswpin counter)") != NULL);
	CHECK(sp_zswap_sentence(&a, 0, s, sizeof(s)) == -EINVAL); /* start is no zswap */
	CHECK(sp_zswap_run_sentence(&a, s, sizeof(s)) == 0);
	CHECK(strstr(s, "zswap was off before the run") != NULL);

	t = report_text_dump(&a);
	CHECK(strstr(t, "- zswap-lzo in front of start") != NULL);
	CHECK(strstr(t, "zswap        on (lzo): 130000 pages in, 131000 out; pool up to 25.0 MiB"));
	CHECK(strstr(t, "zswap        off: 0 pages in, 0 out") != NULL);
	CHECK(strstr(t, "zswap        on (deflate): - pages in, - out") != NULL);
	free(t);
	a.zswap.done = 0;
	CHECK(sp_zswap_run_sentence(&a, s, sizeof(s)) == -EINVAL);
	return CHECK_DONE();
}
