/*
 * t-sweep-rows-carry-each-scenarios-headline - one run of the scenarios gives a sweep row per
 * headline: the build job's (wall_s, pswpin, pswpout, major_faults, oom_killed) and one per
 * service case (case, sent, failed, p95_ms, top_speed_per_s, oom_kills, swapin_pages_per_s),
 * each with the contract's knob, value, placement and scenario; report.json writes each row
 * with its own scenario's keys only, and reads every row back bit for bit; a run that could
 * not run gives a failed row per scenario with its reason.
 */
#include <jansson.h>
#include <stdlib.h>

#include "check.h"
#include "core/report.h"
#include "core/report_json.h"
#include "core/scenario.h"
#include "core/sweep.h"
#include "t-report-synthetic.h"

static struct sp_report a, b;

static char *dump(const struct sp_report *r, size_t *len)
{
	char *buf = NULL;
	FILE *m = open_memstream(&buf, len);

	CHECK(m != NULL);
	CHECK(sp_report_json_write(m, r, NULL) == 0);
	fclose(m);
	return buf;
}

static int has(json_t *o, const char *k)
{
	return json_object_get(o, k) != NULL;
}

int main(void)
{
	const struct sp_result *start;
	struct sp_sweep_row tmpl;
	char err[256] = "", *j;
	json_t *root, *rows, *x;
	size_t len, n;

	syn_build(&a);
	start = &a.results[0];
	CHECK_STR(start->placement, "start");
	memset(&tmpl, 0, sizeof(tmpl));
	snprintf(tmpl.knob, sizeof(tmpl.knob), "swappiness");
	tmpl.value = 10;
	snprintf(tmpl.placement, sizeof(tmpl.placement), "start");
	tmpl.run = 1;

	n = sp_sweep_rows_from(&tmpl, &start->scenarios, a.sweeps, SP_SWEEP_MAX_ROWS);
	CHECK_EQ_U64(n, 1 + start->scenarios.service.n_cases);
	CHECK_EQ_U64(n, 5);
	CHECK_STR(a.sweeps[0].scenario, "build");
	CHECK(a.sweeps[0].is_build && !a.sweeps[0].is_service);
	CHECK(a.sweeps[0].build.wall_s == start->scenarios.build.wall_s);
	CHECK(a.sweeps[0].build.pswpin == start->scenarios.build.pswpin);
	CHECK(a.sweeps[0].build.pswpout == start->scenarios.build.pswpout);
	for (size_t i = 1; i < n; i++) {
		const struct sp_service_case *c = &start->scenarios.service.cases[i - 1];

		CHECK_STR(a.sweeps[i].scenario, "service");
		CHECK(a.sweeps[i].is_service && !a.sweeps[i].is_build);
		CHECK_STR(a.sweeps[i].service.case_name, c->name);
		CHECK(a.sweeps[i].service.p95_ms == c->p95_ms);
		CHECK(a.sweeps[i].service.failed == c->failed);
		CHECK(a.sweeps[i].service.top_speed_per_s == c->top_speed_per_s);
		CHECK_STR(a.sweeps[i].placement, "start");
		CHECK(a.sweeps[i].value == 10 && a.sweeps[i].run == 1);
	}
	/* max bounds what is written */
	CHECK_EQ_U64(sp_sweep_rows_from(&tmpl, &start->scenarios, a.sweeps + n, 2), 2);
	CHECK_EQ_U64(sp_sweep_rows_per_run(SP_SCENARIO_BUILD | SP_SCENARIO_SERVICE), 5);
	CHECK_EQ_U64(sp_sweep_rows_per_run(SP_SCENARIO_BUILD), 1);
	/* a run that could not run: a failed row per scenario, the reason kept */
	tmpl.value = 150;
	n += sp_sweep_rows_failed(&tmpl, SP_SCENARIO_BUILD | SP_SCENARIO_SERVICE,
				  "cannot set vm.swappiness=150: Invalid argument", a.sweeps + n,
				  SP_SWEEP_MAX_ROWS - n);
	CHECK_EQ_U64(n, 7);
	CHECK(a.sweeps[5].status == SP_STATUS_FAILED && a.sweeps[6].status == SP_STATUS_FAILED);
	CHECK_STR(a.sweeps[5].scenario, "build");
	CHECK_STR(a.sweeps[6].scenario, "service");
	CHECK(strstr(a.sweeps[6].reason, "Invalid argument") != NULL);
	a.n_sweeps = n;

	j = dump(&a, &len);
	root = json_loadb(j, len, 0, NULL);
	CHECK(root != NULL);
	rows = json_object_get(root, "sweeps");
	CHECK(json_is_array(rows) && json_array_size(rows) == n);
	for (size_t i = 0; i < json_array_size(rows); i++) {
		x = json_array_get(rows, i);
		CHECK(has(x, "knob") && has(x, "value") && has(x, "placement") &&
		      has(x, "scenario") && has(x, "run") && has(x, "status"));
		/* each row with its own scenario's figures, never another's */
		CHECK(has(x, "wall_s") == (i == 0));
		CHECK(has(x, "pswpin") == (i == 0) && has(x, "pswpout") == (i == 0));
		CHECK(has(x, "case") == (i >= 1 && i <= 4));
		CHECK(has(x, "p95_ms") == (i >= 1 && i <= 4));
		CHECK(has(x, "top_speed_per_s") == (i >= 1 && i <= 4));
	}
	CHECK_STR(json_string_value(json_object_get(json_array_get(rows, 0), "knob")),
		  "swappiness");
	CHECK(json_integer_value(json_object_get(json_array_get(rows, 0), "value")) == 10);
	CHECK_STR(json_string_value(json_object_get(json_array_get(rows, 2), "case")),
		  start->scenarios.service.cases[1].name);
	json_decref(root);

	CHECK(sp_report_json_parse(j, len, &b, err, sizeof(err)) == 0);
	if (err[0])
		fprintf(stderr, "%s\n", err);
	CHECK_EQ_U64(b.n_sweeps, n);
	CHECK(memcmp(&a, &b, sizeof(a)) == 0);
	for (size_t i = 0; i < n; i++)
		if (memcmp(&a.sweeps[i], &b.sweeps[i], sizeof(a.sweeps[i])))
			fprintf(stderr, "row %zu differs after reading it back\n", i);
	free(j);
	return CHECK_DONE();
}
