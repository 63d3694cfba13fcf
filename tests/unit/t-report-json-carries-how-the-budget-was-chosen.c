/*
 * t-report-json-carries-how-the-budget-was-chosen - a run that chose its budget from the RAM
 * writes how (budget_source, the share, the floor, the ceiling, the headroom, MemAvailable)
 * right after budget_bytes, and reads them back bit for bit; report.txt says it under the seed
 * line, from the report's own figures; a report without the rule (older files, probe) writes
 * none of those keys, reads back without it, and its text has no such line.
 */
#include <stdlib.h>

#include "check.h"
#include "core/config/budget.h"
#include "core/doc/reportdoc.h"
#include "core/model/report.h"
#include "core/report/report_json.h"
#include "report-dump.h"
#include "t-report-synthetic.h"

static struct sp_report a, b;

int main(void)
{
	struct sp_err pe;
	char *j, *k;
	size_t len, len2;

	syn_build(&a);
	j = report_json_dump(&a, &len);
	CHECK(strstr(j, "\"budget_source\"") == NULL);
	CHECK(strstr(j, "\"mem_available_bytes\"") == NULL);
	CHECK(sp_report_json_parse(j, len, &b, &pe) == 0);
	CHECK(!b.has_budget_rule);
	free(j);

	syn_build(&a);
	a.budget_bytes = 56ull << 20;
	a.has_budget_rule = 1;
	snprintf(a.budget_source, sizeof(a.budget_source), "%s",
		 sp_budget_source_name(SP_BUDGET_RAM));
	a.budget_ram_pct = SP_BUDGET_RAM_PCT;
	a.budget_floor_bytes = SP_BUDGET_FLOOR_BYTES;
	a.budget_ceiling_bytes = SP_BUDGET_CEILING_BYTES;
	a.budget_headroom_bytes = SP_BUDGET_HEADROOM_BYTES;
	a.mem_available_bytes = 150ull << 20;
	j = report_json_dump(&a, &len);
	CHECK(strstr(j, "\"budget_bytes\": 58720256,\n  \"budget_source\": \"ram\",\n"
			"  \"budget_ram_pct\": 25,\n  \"budget_floor_bytes\": 33554432,\n"
			"  \"budget_ceiling_bytes\": 268435456,\n"
			"  \"budget_headroom_bytes\": 50331648,\n"
			"  \"mem_available_bytes\": 157286400,\n") != NULL);
	CHECK(sp_report_json_parse(j, len, &b, &pe) == 0);
	if (pe.reason[0])
		fprintf(stderr, "%s\n", pe.reason);
	CHECK(memcmp(&a, &b, sizeof(a)) == 0);
	k = report_json_dump(&b, &len2);
	CHECK(len == len2 && memcmp(j, k, len) == 0);
	free(j);
	free(k);

	/* report.txt: the rule in the method's sentence, from the report's own figures */
	a.machine.ram_bytes = 205ull << 20;
	a.budget_ram_pct = 20; /* a later version's rule: its own figures are shown, not ours */
	a.budget_bytes = 41ull << 20;
	k = report_text_dump(&a);
	CHECK(text_has(k, "with a memory budget of 41 MiB, 20 % of 205 MiB RAM (floor 32 MiB, "
			  "ceiling 256 MiB) and 30 s per placement"));
	free(k);
	snprintf(a.budget_source, sizeof(a.budget_source), "available");
	k = report_text_dump(&a);
	CHECK(text_has(k, "with a memory budget of 41 MiB, what 150 MiB available leaves beside "
			  "the run's own memory (20 % of 205 MiB RAM would not fit)"));
	free(k);
	a.has_budget_rule = 0;
	k = report_text_dump(&a);
	CHECK(text_has(k, "with a memory budget of 41 MiB and"));
	free(k);
	return CHECK_DONE();
}
