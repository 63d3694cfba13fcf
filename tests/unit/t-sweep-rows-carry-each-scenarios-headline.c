/*
 * t-sweep-rows-carry-each-scenarios-headline - one run of the scenarios gives a sweep row per
 * headline: the build job's (wall_s, pswpin, pswpout, major_faults, oom_killed) and one per
 * service case (case, sent, failed, p95_ms, top_speed_per_s, oom_kills, swapin_pages_per_s),
 * one per cache pool size (cache_pct, ops_per_s, p95_ms, swapin_pages_per_s, oom_killed; an
 * OOM-killed size a failed row with its reason) and the gc scenario's (pauses, p99_pause_ms,
 * worst_pause_ms, faults_in_pauses), each with the contract's knob, value, placement and
 * scenario; report.json writes each row with its own scenario's keys only (p95_ms and
 * swapin_pages_per_s are two scenarios' keys, oom_killed too), and reads every row back bit for
 * bit, each as its own scenario's; a run that could not run gives a failed row per scenario
 * with its reason; the plan names what a sweep's run repeats.
 */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "core/model/report.h"
#include "core/report/report_json.h"
#include "core/scenario/scenario.h"
#include "core/scenario/sweep.h"
#include "report-dump.h"
#include "t-report-synthetic.h"

static struct sp_report a, b;

static int has(json_t *o, const char *k)
{
	return json_object_get(o, k) != NULL;
}

int main(void)
{
	const struct sp_result *start, *none;
	const struct sp_scenarios *sc;
	char what[96];
	struct sp_sweep_row tmpl;
	struct sp_err pe;
	char *j;
	json_t *root, *rows, *x;
	size_t len, n, saw_oom = 0, saw_gc = 0;
	const char *key;
	char line[32];

	syn_build(&a);
	start = &a.results[0];
	CHECK_STR(start->placement, "start");
	memset(&tmpl, 0, sizeof(tmpl));
	snprintf(tmpl.knob, sizeof(tmpl.knob), "swappiness");
	tmpl.value = 10;
	snprintf(tmpl.placement, sizeof(tmpl.placement), "start");
	tmpl.run = 1;

	sc = &start->scenarios;
	n = sp_sweep_rows_from(&tmpl, sc, a.sweeps, SP_SWEEP_MAX_ROWS);
	CHECK_EQ_U64(n, 1 + sc->service.n_cases + sc->cache.n_cases + 1);
	CHECK_EQ_U64(n, 9);
	CHECK_STR(a.sweeps[0].scenario, "build");
	CHECK(a.sweeps[0].is_build && !a.sweeps[0].is_service);
	CHECK(a.sweeps[0].build.wall_s == start->scenarios.build.wall_s);
	CHECK(a.sweeps[0].build.pswpin == start->scenarios.build.pswpin);
	CHECK(a.sweeps[0].build.pswpout == start->scenarios.build.pswpout);
	for (size_t i = 1; i < 5; i++) {
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
	/* the cache's pool sizes, each its own row, and gc's */
	for (size_t i = 5; i < 8; i++) {
		const struct sp_cache_case *c = &sc->cache.cases[i - 5];
		const struct sp_sweep_row *x = &a.sweeps[i];

		CHECK_STR(x->scenario, "cache");
		CHECK(x->is_cache && !x->is_service && !x->is_build && !x->is_gc);
		CHECK(x->cache.cache_pct == c->cache_pct && x->cache.ops_per_s == c->ops_per_s);
		CHECK(x->cache.p95_ms == c->p95_ms);
		CHECK(x->cache.swapin_pages_per_s == c->swapin_pages_per_s);
		CHECK(x->status == SP_STATUS_OK && x->cache.ops_per_s > 0);
		CHECK(sp_sweep_row_figure(x, &key) == c->ops_per_s);
		CHECK_STR(key, "ops_per_s");
	}
	sp_sweep_row_line(&a.sweeps[6], line, sizeof(line));
	CHECK_STR(line, "cache 75 %");
	CHECK_STR(a.sweeps[8].scenario, "gc");
	CHECK(a.sweeps[8].is_gc && !a.sweeps[8].is_cache);
	CHECK(a.sweeps[8].gc.pauses == sc->gc.pauses && a.sweeps[8].gc.pauses > 0);
	CHECK(a.sweeps[8].gc.p99_pause_ms == sc->gc.p99_pause_ms);
	CHECK(a.sweeps[8].gc.worst_pause_ms == sc->gc.worst_pause_ms);
	CHECK(a.sweeps[8].gc.faults_in_pauses == sc->gc.faults_in_pauses);
	CHECK(sp_sweep_row_figure(&a.sweeps[8], &key) == sc->gc.p99_pause_ms);
	CHECK_STR(key, "p99_pause_ms");
	sp_sweep_row_line(&a.sweeps[8], line, sizeof(line));
	CHECK_STR(line, "gc");
	/* none: its 100 % pool was OOM-killed, its gc failed: failed rows with the reasons */
	none = syn_find(&a, "none");
	snprintf(tmpl.placement, sizeof(tmpl.placement), "none");
	CHECK_EQ_U64(
	    sp_sweep_rows_from(&tmpl, &none->scenarios, a.sweeps + n, SP_SWEEP_MAX_ROWS - n),
	    none->scenarios.service.n_cases + 3 + 1 + none->scenarios.build.done);
	for (size_t i = n; i < n + 5 + none->scenarios.service.n_cases; i++) {
		const struct sp_sweep_row *x = &a.sweeps[i];

		if (x->is_cache && x->cache.cache_pct == 100) {
			CHECK(x->status == SP_STATUS_FAILED && x->cache.oom_killed);
			CHECK(strstr(x->reason, "oom-killed") != NULL);
			CHECK(isnan(sp_sweep_row_figure(x, NULL)));
			saw_oom++;
		}
		if (x->is_gc) {
			CHECK(x->status == SP_STATUS_FAILED && isnan(sp_sweep_row_figure(x, NULL)));
			saw_gc++;
		}
	}
	CHECK(saw_oom == 1 && saw_gc == 1);
	/* not the report's rows: the report read back has none there */
	memset(a.sweeps + n, 0, sizeof(a.sweeps[0]) * (SP_SWEEP_MAX_ROWS - n));
	snprintf(tmpl.placement, sizeof(tmpl.placement), "start");
	/* max bounds what is written */
	CHECK_EQ_U64(sp_sweep_rows_from(&tmpl, &start->scenarios, a.sweeps + n, 2), 2);
	CHECK_EQ_U64(sp_sweep_rows_per_run(SP_SCENARIO_BUILD | SP_SCENARIO_SERVICE), 5);
	CHECK_EQ_U64(sp_sweep_rows_per_run(SP_SCENARIO_BUILD), 1);
	CHECK_EQ_U64(sp_sweep_rows_per_run(SP_SCENARIO_CACHE | SP_SCENARIO_GC), 4);
	CHECK_EQ_U64(sp_sweep_rows_per_run(SP_SCENARIO_BUILD | SP_SCENARIO_SERVICE |
					   SP_SCENARIO_CACHE | SP_SCENARIO_GC),
		     9);
	/* the plan's words for what a sweep's run repeats */
	sp_sweep_scenarios_phrase(SP_SCENARIO_BUILD, what, sizeof(what));
	CHECK_STR(what, "job");
	sp_sweep_scenarios_phrase(SP_SCENARIO_GC, what, sizeof(what));
	CHECK_STR(what, "gc scenario");
	sp_sweep_scenarios_phrase(SP_SCENARIO_BUILD | SP_SCENARIO_SERVICE, what, sizeof(what));
	CHECK_STR(what, "job and the service scenario");
	sp_sweep_scenarios_phrase(SP_SCENARIO_BUILD | SP_SCENARIO_SERVICE | SP_SCENARIO_CACHE |
				      SP_SCENARIO_GC,
				  what, sizeof(what));
	CHECK_STR(what, "job and the service, cache and gc scenarios");
	/* a run that could not run: a failed row per scenario, the reason kept */
	tmpl.value = 150;
	n += sp_sweep_rows_failed(
	    &tmpl, SP_SCENARIO_BUILD | SP_SCENARIO_SERVICE | SP_SCENARIO_CACHE | SP_SCENARIO_GC,
	    "cannot set vm.swappiness=150: Invalid argument", a.sweeps + n, SP_SWEEP_MAX_ROWS - n);
	CHECK_EQ_U64(n, 13);
	for (size_t i = 9; i < 13; i++)
		CHECK(a.sweeps[i].status == SP_STATUS_FAILED &&
		      strstr(a.sweeps[i].reason, "Invalid argument") != NULL);
	CHECK_STR(a.sweeps[9].scenario, "build");
	CHECK_STR(a.sweeps[10].scenario, "service");
	CHECK_STR(a.sweeps[11].scenario, "cache");
	CHECK_STR(a.sweeps[12].scenario, "gc");
	a.n_sweeps = n;

	j = report_json_dump(&a, &len);
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
		CHECK(has(x, "p95_ms") == (i >= 1 && i <= 7));
		CHECK(has(x, "swapin_pages_per_s") == (i >= 1 && i <= 7));
		CHECK(has(x, "top_speed_per_s") == (i >= 1 && i <= 4));
		CHECK(has(x, "oom_killed") == (i == 0 || (i >= 5 && i <= 7)));
		CHECK(has(x, "cache_pct") == (i >= 5 && i <= 7));
		CHECK(has(x, "ops_per_s") == (i >= 5 && i <= 7));
		CHECK(has(x, "pauses") == (i == 8) && has(x, "p99_pause_ms") == (i == 8));
		CHECK(has(x, "worst_pause_ms") == (i == 8));
		CHECK(has(x, "faults_in_pauses") == (i == 8));
	}
	CHECK_STR(json_string_value(json_object_get(json_array_get(rows, 6), "scenario")), "cache");
	CHECK(json_real_value(json_object_get(json_array_get(rows, 6), "cache_pct")) == 75);
	CHECK_STR(json_string_value(json_object_get(json_array_get(rows, 8), "scenario")), "gc");
	CHECK_STR(json_string_value(json_object_get(json_array_get(rows, 0), "knob")),
		  "swappiness");
	CHECK(json_integer_value(json_object_get(json_array_get(rows, 0), "value")) == 10);
	CHECK_STR(json_string_value(json_object_get(json_array_get(rows, 2), "case")),
		  start->scenarios.service.cases[1].name);
	json_decref(root);

	CHECK(sp_report_json_parse(j, len, &b, &pe) == 0);
	if (pe.reason[0])
		fprintf(stderr, "%s\n", pe.reason);
	CHECK_EQ_U64(b.n_sweeps, n);
	/* read back each as its own scenario's, whatever keys it shares with another */
	for (size_t i = 0; i < n; i++)
		CHECK(b.sweeps[i].is_build + b.sweeps[i].is_service + b.sweeps[i].is_cache +
			  b.sweeps[i].is_gc ==
		      (i < 9));
	CHECK(b.sweeps[6].is_cache && !b.sweeps[6].is_service && !b.sweeps[6].is_build);
	CHECK(memcmp(&a, &b, sizeof(a)) == 0);
	for (size_t i = 0; i < n; i++)
		if (memcmp(&a.sweeps[i], &b.sweeps[i], sizeof(a.sweeps[i])))
			fprintf(stderr, "row %zu differs after reading it back\n", i);
	free(j);
	return CHECK_DONE();
}
