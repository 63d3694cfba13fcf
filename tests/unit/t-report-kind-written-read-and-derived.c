/*
 * t-report-kind-written-read-and-derived - results[].kind and also_index: written and read
 * back exactly (an --also result keeps its device's index); a report from before "kind" still
 * loads, its kinds derived from the placement names; an unknown kind, a name that says
 * nothing without a kind, or a bad also_index is refused with the key in the message. And the
 * analysis follows the kind, not the name: results named against their kind are paired,
 * counted as zram or disk and taken as the baseline by what they are.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/findings/analysis.h"
#include "core/model/report.h"
#include "core/report/report_json.h"

static struct sp_report a, b;

#define S "{\"schema\": \"swapplace-report/1\", \"command\": \"run\", "

static int parse(const char *text, struct sp_err *e)
{
	return sp_report_json_parse(text, strlen(text), &b, e);
}

static void timed(struct sp_result *res, double p50_us)
{
	res->status = SP_STATUS_OK;
	res->fault_probe.done = 1;
	res->fault_probe.lat.samples = 1000;
	res->fault_probe.lat.p50_us = p50_us;
}

int main(void)
{
	struct sp_findings *f = calloc(1, sizeof(*f));
	char *buf = NULL;
	struct sp_err pe;
	size_t len = 0;
	FILE *m;

	/* every kind has a name that parses back to it */
	for (int k = 0; k < SP_PL_KINDS; k++) {
		enum sp_placement_kind got;

		CHECK(sp_placement_kind_parse(sp_placement_kind_name(k), &got) == 0 &&
		      (int)got == k);
	}

	/* written and read back: the --also index survives */
	sp_report_init(&a, "run");
	sp_report_add_result(&a, "dev-nvme0n1", sp_placement_id_of(SP_PL_ALSO, 3));
	sp_report_add_result(&a, "zram-lz4", sp_placement_id_of(SP_PL_ZRAM, 5));
	m = open_memstream(&buf, &len);
	CHECK(m && sp_report_json_write(m, &a, NULL) == 0);
	fclose(m);
	CHECK(strstr(buf, "\"kind\": \"also\"") != NULL);
	CHECK(strstr(buf, "\"also_index\": 3") != NULL);
	CHECK(sp_report_json_parse(buf, len, &b, &pe) == 0);
	CHECK(b.results[0].id.kind == SP_PL_ALSO && b.results[0].id.also_index == 3);
	CHECK(b.results[0].id.role == SP_PART_SWAP);
	CHECK(b.results[1].id.kind == SP_PL_ZRAM && b.results[1].id.also_index == -1);
	CHECK(memcmp(&a, &b, sizeof(a)) == 0);
	free(buf);

	/* a report from before "kind": every name any version gave */
	CHECK(parse(S "\"results\": [{\"placement\": \"start\", \"status\": \"ok\"},"
		      "{\"placement\": \"end\", \"status\": \"ok\"},"
		      "{\"placement\": \"file\", \"status\": \"ok\"},"
		      "{\"placement\": \"zram-lzo-rle\", \"status\": \"ok\"},"
		      "{\"placement\": \"dev-sdc\", \"status\": \"ok\"},"
		      "{\"placement\": \"none\", \"status\": \"ok\"},"
		      "{\"placement\": \"current\", \"status\": \"ok\"},"
		      "{\"placement\": \"swap-sda2\", \"status\": \"ok\"},"
		      "{\"placement\": \"probe-sdb\", \"status\": \"ok\"}]}",
		    &pe) == 0);
	CHECK_EQ_U64(b.n_results, 9);
	CHECK(b.results[0].id.kind == SP_PL_START && b.results[0].id.role == SP_PART_START);
	CHECK(b.results[1].id.kind == SP_PL_END);
	CHECK(b.results[2].id.kind == SP_PL_FILE && b.results[2].id.role == SP_PART_DATA);
	CHECK(b.results[3].id.kind == SP_PL_ZRAM);
	/* an old report does not say which --also device: unknown, not a guess */
	CHECK(b.results[4].id.kind == SP_PL_ALSO && b.results[4].id.also_index == -1);
	CHECK(b.results[5].id.kind == SP_PL_NONE);
	CHECK(b.results[6].id.kind == SP_PL_EXISTING && b.results[7].id.kind == SP_PL_EXISTING);
	CHECK(b.results[8].id.kind == SP_PL_PROBE);

	/* the kind wins over the name */
	CHECK(parse(S "\"results\": [{\"placement\": \"none\", \"kind\": \"file\", "
		      "\"status\": \"ok\"}]}",
		    &pe) == 0);
	CHECK(b.results[0].id.kind == SP_PL_FILE);

	CHECK(parse(S "\"results\": [{\"placement\": \"start\", \"kind\": \"disk\", "
		      "\"status\": \"ok\"}]}",
		    &pe) == -EINVAL);
	CHECK(strstr(pe.reason, "results[0].kind") != NULL);
	CHECK(parse(S "\"results\": [{\"placement\": \"start\", \"kind\": 1, "
		      "\"status\": \"ok\"}]}",
		    &pe) == -EINVAL);
	CHECK(strstr(pe.reason, "results[0].kind") != NULL);
	CHECK(parse(S "\"results\": [{\"placement\": \"ssd\", \"status\": \"ok\"}]}", &pe) ==
	      -EINVAL);
	CHECK(strstr(pe.reason, "results[0].kind: missing") != NULL);
	CHECK(parse(S "\"results\": [{\"placement\": \"dev-a\", \"kind\": \"also\", "
		      "\"also_index\": -1, \"status\": \"ok\"}]}",
		    &pe) == -EINVAL);
	CHECK(strstr(pe.reason, "results[0].also_index") != NULL);

	/* the analysis reads kinds: names here lie about every result */
	sp_report_init(&a, "run");
	timed(sp_report_add_result(&a, "end", sp_placement_id_of(SP_PL_START, -1)), 100);
	timed(sp_report_add_result(&a, "start", sp_placement_id_of(SP_PL_END, -1)), 200);
	timed(sp_report_add_result(&a, "zram-fast", sp_placement_id_of(SP_PL_ALSO, 0)), 50);
	timed(sp_report_add_result(&a, "none", sp_placement_id_of(SP_PL_ZRAM, -1)), 10);
	sp_report_add_result(&a, "file", sp_placement_id_of(SP_PL_NONE, -1))->pressure_probe.done =
	    1;
	CHECK(f && sp_analyse(&a, f) == 0);
	CHECK(f->start_end.have && f->start_end.a == 0 && f->start_end.b == 1);
	CHECK(f->start_end.ratio == 2.0);
	CHECK(f->best_zram == 3);
	CHECK(f->best_disk == 2);
	CHECK(f->file == -1);
	CHECK(f->none == 4);
	free(f);
	return CHECK_DONE();
}
