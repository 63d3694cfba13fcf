/*
 * t-analysis-finds-the-cache-trap-and-ranks-gc - the cache and gc scenarios from the synthetic
 * run through analysis, verdict, report.json and report.txt: the smallest pool that swapped its
 * own cache per placement (start and zram-lz4 from 100 %, clean at 75 %; none OOM-killed at
 * 100 %), the lead the verdict names and how it moves when start stays clean; the gc pause
 * ranked by p99, the best disk against the best zram, with the faults and the allocations, the
 * baseline in RAM, every placement on which it failed named with why, the OOM-killed peak without
 * swap, one run each claimed as one run; the contract's keys in the file (the gc's pause list,
 * allocation latency and baseline too), null where the kernel lacked a counter and read back as
 * "lacked", the gc section read back as written; the sections of report.txt.
 */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>

#include "check.h"
#include "core/doc/reportdoc.h"
#include "core/findings/analysis.h"
#include "core/findings/verdict.h"
#include "core/model/report.h"
#include "core/report/report_json.h"
#include "report-dump.h"
#include "t-report-synthetic.h"

static struct sp_report r, back;
static struct sp_findings f;

static int idx(const char *name)
{
	return syn_index(&r, name);
}

static const char *sentence(enum sp_verdict_kind k)
{
	static char s[1024];

	CHECK(sp_verdict_sentence(&r, &f, k, s, sizeof(s)) == 0);
	return s;
}

#define HAS(s, sub)                                                                                \
	do {                                                                                       \
		const char *s_ = (s);                                                              \
		CHECK(strstr(s_, sub) != NULL);                                                    \
		if (!strstr(s_, sub))                                                              \
			fprintf(stderr, "  in: %s\n  no: %s\n", s_, sub);                          \
	} while (0)

static void cache_findings(void)
{
	const struct sp_cache_finding *st, *z, *n;

	syn_build(&r);
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.has_cache);
	CHECK_EQ_U64(f.n_cache, 3);
	st = &f.cache[0], z = &f.cache[1], n = &f.cache[2];
	CHECK(st->result == idx("start") && z->result == idx("zram-lz4") &&
	      n->result == idx("none"));
	CHECK(st->trap.found && st->trap.cache_pct == 100 && st->trap_case == 2);
	CHECK(st->clean_case == 1 && st->trap.clean_pct == 75);
	CHECK_NEAR(st->trap.ops_ratio, 6125.75 / 39875.25, 1e-12);
	CHECK(z->trap.found && z->trap.cache_pct == 100 && z->clean_case == 1);
	CHECK(!n->trap.found && n->oom_pct == 100 && n->n_ok == 2);
	CHECK(f.cache_lead == 0 && f.cache_none == 2);
	CHECK_EQ_U64(f.n_cache_swapping, 2);
	CHECK_EQ_U64(f.n_cache_trapped, 2);
	/* which memory went out, from the processes' own swap use */
	HAS(sentence(SP_VERDICT_CACHE),
	    "with the pool at 100 % of the budget the service swapped "
	    "its own cache on start: 1234 swap-ins/s, 6126 ops/s; "
	    "out on swap: 80 MiB of the pool and 4.0 MiB of the other "
	    "processes; at 75 % it did not (2 swap-ins/s, 39875 ops/s)");
	HAS(sentence(SP_VERDICT_CACHE), "; 2 of 2 placements with swap swapped their own cache");
	HAS(sentence(SP_VERDICT_CACHE), "; without swap the service was OOM-killed with its pool "
					"at 100 %");
	CHECK_STR(sp_verdict_kind_name(SP_VERDICT_CACHE), "cache-trap");

	/* start keeps its pool in memory: the first that fell into the trap leads */
	r.results[idx("start")].scenarios.cache.cases[2].cache_swapped_bytes = 0;
	r.results[idx("start")].scenarios.cache.cases[2].evicted.pool_bytes = 0;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(!f.cache[0].trap.found && f.cache_lead == 1);
	CHECK_EQ_U64(f.n_cache_trapped, 1);
	HAS(sentence(SP_VERDICT_CACHE), "swapped its own cache on zram-lz4: 2875 swap-ins/s");
	HAS(sentence(SP_VERDICT_CACHE), "; 1 of 2 placements with swap swapped their own cache");
	/* nowhere: the first placement with swap leads, with its largest pool */
	r.results[idx("zram-lz4")].scenarios.cache.cases[2].cache_swapped_bytes = 0;
	r.results[idx("zram-lz4")].scenarios.cache.cases[2].evicted.pool_bytes = 0;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.cache_lead == 0);
	HAS(sentence(SP_VERDICT_CACHE), "up to a pool of 100 % of the budget the service kept its "
					"own cache in memory on start (1234 swap-ins/s");
	/* the seed's case: the workers' memory went out, the pool stayed; never "swapped its
	 * own cache" then, although mincore alone would have said so */
	HAS(sentence(SP_VERDICT_CACHE), "; the kernel swapped out the other processes' memory "
					"(4.0 MiB) while the pool stayed in memory");
	r.results[idx("start")].scenarios.cache.cases[2].cache_swapped_bytes = 1 << 30;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(!f.cache[0].trap.found && f.cache_lead == 0);
	CHECK(strstr(sentence(SP_VERDICT_CACHE), "swapped its own cache") == NULL);
	r.results[idx("start")].scenarios.cache.cases[2].cache_swapped_bytes = 0;
	/* without the processes' swap use nothing is said about which memory went out */
	r.results[idx("start")].scenarios.cache.cases[2].evicted.has = 0;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(strstr(sentence(SP_VERDICT_CACHE), "other processes") == NULL);
	r.results[idx("start")].scenarios.cache.cases[2].evicted.has = 1;
	/* only the baseline ran it */
	r.results[idx("start")].scenarios.cache.done = 0;
	r.results[idx("zram-lz4")].scenarios.cache.done = 0;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.cache_lead < 0 && f.cache_none == 0);
	CHECK(f.verdict[6] == SP_VERDICT_CACHE);
	HAS(sentence(SP_VERDICT_CACHE), "no placement with swap ran it; without swap the service "
					"was OOM-killed with its pool at 100 %");
	/* nothing ran it: no finding, no sentence */
	r.results[idx("none")].scenarios.cache.done = 0;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(!f.has_cache);
	for (size_t i = 0; i < f.n_verdict; i++)
		CHECK(f.verdict[i] != SP_VERDICT_CACHE);
}

static void gc_findings(void)
{
	const struct sp_gc_finding *g = &f.gc;

	syn_build(&r);
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.has_gc);
	CHECK_EQ_U64(g->n_ranked, 2);
	CHECK(g->ranked[0] == idx("zram-lz4") && g->ranked[1] == idx("start"));
	CHECK(g->best_disk == idx("start") && g->best_zram == idx("zram-lz4"));
	CHECK_NEAR(g->disk_zram_ratio, 412.5 / 38.25, 1e-12);
	CHECK(g->none == idx("none"));
	CHECK(g->n_not_ok == 1 && g->not_ok[0] == idx("none"));
	/* the baseline quoted is the best ranked placement's */
	CHECK(g->baseline == idx("zram-lz4"));
	CHECK_NEAR(g->peak_ratio,
		   (double)((19660ull << 12) + (256ull << 12) + (256ull << 20)) / (256ull << 20),
		   1e-12);
	/* one run each: what was measured, nothing ranked beyond it */
	HAS(sentence(SP_VERDICT_GC), "in one run each, the gc pause p99 was 412 ms on start and "
				     "38.2 ms on zram-lz4 (10.8 times as long on the disk, not "
				     "resolved: one run each, no claim), faults "
				     "inside the pauses 9812 vs 9700, up to 201 vs 198 in one "
				     "pause; the allocations' p99 52 us vs 4.8 us");
	/* eight runs each, the disk's p99 about 10x zram's in every round: the ratio resolved */
	{
		struct sp_scenario_gc *d = &r.results[idx("start")].scenarios.gc;
		struct sp_scenario_gc *z = &r.results[idx("zram-lz4")].scenarios.gc;
		char s8[2048];

		d->n_runs = z->n_runs = 8;
		for (size_t i = 0; i < 8; i++) {
			d->p99_pause_ms_runs[i] = 400 + 5 * (double)i;
			z->p99_pause_ms_runs[i] = 38 + (double)(i % 3);
		}
		CHECK(sp_analyse(&r, &f) == 0);
		CHECK(g->disk_zram.resolved);
		CHECK(sp_verdict_sentence(&r, &f, SP_VERDICT_GC, s8, sizeof(s8)) == 0);
		CHECK(strstr(s8,
			     "(10.8 times as long on the disk; p 0.008, 8 rounds, 95 % interval "
			     "+") != NULL);
		/* three runs: not enough for a claim */
		d->n_runs = z->n_runs = 3;
		CHECK(sp_analyse(&r, &f) == 0);
		CHECK(sp_verdict_sentence(&r, &f, SP_VERDICT_GC, s8, sizeof(s8)) == 0);
		CHECK(strstr(s8, "(10.8 times as long on the disk, not resolved: 3 rounds, a claim "
				 "needs at least 4)") != NULL);
		syn_build(&r);
		CHECK(sp_analyse(&r, &f) == 0);
	}
	HAS(sentence(SP_VERDICT_GC), "; in RAM without pressure the pause p99 was 0.004 ms with 0 "
				     "faults and the allocations' p99 4.8 us");
	HAS(sentence(SP_VERDICT_GC), "; without swap it was OOM-killed: at its peak (heap, "
				     "metadata and a cycle's allocations) it needs 1.3 times the "
				     "memory");
	CHECK(strstr(sentence(SP_VERDICT_GC), "failed on") == NULL);
	CHECK_STR(sp_verdict_kind_name(SP_VERDICT_GC), "gc-pause");

	/* a placement with swap on which it failed is named, with why */
	r.results[idx("end")].scenarios.gc = r.results[idx("start")].scenarios.gc;
	r.results[idx("end")].scenarios.gc.status = SP_STATUS_FAILED;
	snprintf(r.results[idx("end")].scenarios.gc.reason,
		 sizeof(r.results[idx("end")].scenarios.gc.reason), "timed out after 100 s");
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK_EQ_U64(g->n_ranked, 2);
	HAS(sentence(SP_VERDICT_GC), "; it failed on end (failed: timed out after 100 s); "
				     "without swap it was OOM-killed");
	r.results[idx("file")].scenarios.gc = r.results[idx("end")].scenarios.gc;
	r.results[idx("file")].scenarios.gc.status = SP_STATUS_INVALID;
	snprintf(r.results[idx("file")].scenarios.gc.reason,
		 sizeof(r.results[idx("file")].scenarios.gc.reason),
		 "2 metadata pages came back different from what was written");
	CHECK(sp_analyse(&r, &f) == 0);
	HAS(sentence(SP_VERDICT_GC), "; it failed on end (failed: timed out after 100 s) and on "
				     "file (invalid: 2 metadata pages came back different from "
				     "what was written); without swap");
	r.results[idx("file")].scenarios.gc.done = 0;
	r.results[idx("end")].scenarios.gc.status = SP_STATUS_OK;

	/* without zram: the shortest and the longest */
	r.results[idx("zram-lz4")].scenarios.gc.done = 0;
	r.results[idx("end")].scenarios.gc.p99_pause_ms = 980.25;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(g->best_zram < 0 && g->disk_zram_ratio == 0);
	CHECK(g->ranked[0] == idx("start") && g->ranked[1] == idx("end"));
	CHECK(g->baseline == idx("start"));
	HAS(sentence(SP_VERDICT_GC), "the gc pause p99 was 412 ms on start (9812 faults inside "
				     "the pauses, up to 201 in one pause; allocations' p99 52 us) "
				     "and 980 ms on end (9812, up to 201 in one pause; 52 us)");
	/* a failed run on a placement with swap is not ranked */
	r.results[idx("end")].scenarios.gc.status = SP_STATUS_FAILED;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK_EQ_U64(g->n_ranked, 1);
	CHECK_EQ_U64(g->n_not_ok, 2);
	/* an older report: no pause list, no baseline, the heap 1.5 times the limit */
	syn_build(&r);
	for (size_t i = 0; i < r.n_results; i++) {
		struct sp_scenario_gc *s = &r.results[i].scenarios.gc;

		s->n_pause_list = 0;
		memset(&s->baseline, 0, sizeof(s->baseline));
		s->meta_bytes = s->alloc_bytes = 0;
		s->heap_bytes = 384ull << 20;
	}
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(g->baseline < 0);
	HAS(sentence(SP_VERDICT_GC), "faults inside the pauses 9812 vs 9700; the allocations'");
	CHECK(strstr(sentence(SP_VERDICT_GC), "in RAM") == NULL);
	HAS(sentence(SP_VERDICT_GC), "; without swap it was OOM-killed: at its peak (heap, "
				     "metadata and a cycle's allocations) it needs 1.5 times the "
				     "memory");
}

static json_t *get(json_t *o, const char *path)
{
	char key[64];

	while (o && *path) {
		size_t n = strcspn(path, ".");

		snprintf(key, sizeof(key), "%.*s", (int)n, path);
		o = json_is_array(o) ? json_array_get(o, strtoul(key, NULL, 10))
				     : json_object_get(o, key);
		path += n + (path[n] == '.');
	}
	return o;
}

static void json_keys(void)
{
	static const char *const cache_keys[] = {
	    "cache_pct",	   "ops_per_s",	    "p95_ms",	  "swapin_pages_per_s",
	    "swapout_pages_per_s", "pgscan_direct", "allocstall", "psi_some_avg10",
	    "psi_full_avg10",	   "status",	    "reason",	  NULL};
	static const char *const gc_keys[] = {"pauses",		  "p50_pause_ms",
					      "p99_pause_ms",	  "worst_pause_ms",
					      "faults_in_pauses", "status",
					      "reason",		  "pause_list",
					      "alloc_latency",	  "baseline",
					      "meta_bytes",	  "alloc_bytes",
					      "pswpin_in_pauses", NULL};
	struct sp_err pe;
	char *buf = NULL, path[64];
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	json_t *j, *c;
	int s = idx("start"), z = idx("zram-lz4"), n = idx("none");

	syn_build(&r);
	CHECK(m && sp_report_json_write(m, &r, NULL) == 0);
	fclose(m);
	j = json_loadb(buf, len, 0, NULL);
	CHECK(j != NULL);
	snprintf(path, sizeof(path), "results.%d.scenarios.cache.cases.2", s);
	c = get(j, path);
	for (int i = 0; cache_keys[i]; i++)
		CHECK(json_object_get(c, cache_keys[i]) != NULL);
	CHECK(json_real_value(json_object_get(c, "cache_pct")) == 100);
	CHECK(json_integer_value(json_object_get(c, "pgscan_direct")) == 49370);
	CHECK(json_number_value(json_object_get(c, "psi_full_avg10")) > 0);
	CHECK_STR(json_string_value(json_object_get(c, "psi_scope")), "system");
	/* zram-lz4's kernel lacked them: null, never 0 */
	snprintf(path, sizeof(path), "results.%d.scenarios.cache.cases.0", z);
	c = get(j, path);
	CHECK(json_is_null(json_object_get(c, "pgscan_direct")));
	CHECK(json_is_null(json_object_get(c, "psi_some_avg10")));
	CHECK(json_is_null(json_object_get(c, "psi_full_avg10")));
	CHECK(json_is_integer(json_object_get(c, "allocstall")));
	snprintf(path, sizeof(path), "results.%d.scenarios.cache.cases.2", n);
	CHECK_STR(json_string_value(json_object_get(get(j, path), "status")), "failed");
	CHECK(json_is_true(json_object_get(get(j, path), "oom_killed")));
	snprintf(path, sizeof(path), "results.%d.scenarios.gc", s);
	for (int i = 0; gc_keys[i]; i++)
		CHECK(json_object_get(get(j, path), gc_keys[i]) != NULL);
	CHECK(json_integer_value(json_object_get(get(j, path), "faults_in_pauses")) == 9812);
	/* each pause {ms, faults}, the allocations {p50_us, p99_us, max_us}, the baseline */
	snprintf(path, sizeof(path), "results.%d.scenarios.gc.pause_list", s);
	CHECK(json_array_size(get(j, path)) == 50);
	snprintf(path, sizeof(path), "results.%d.scenarios.gc.pause_list.7.faults", s);
	CHECK(json_integer_value(get(j, path)) == 201);
	snprintf(path, sizeof(path), "results.%d.scenarios.gc.pause_list.1.ms", s);
	CHECK(json_real_value(get(j, path)) == 412.5 * 0.51);
	snprintf(path, sizeof(path), "results.%d.scenarios.gc.alloc_latency.p99_us", s);
	CHECK(json_real_value(get(j, path)) == 412.5 / 8);
	snprintf(path, sizeof(path), "results.%d.scenarios.gc.alloc_latency.max_us", s);
	CHECK(json_real_value(get(j, path)) == 412.5 * 4);
	snprintf(path, sizeof(path), "results.%d.scenarios.gc.baseline.pause_list.2.ms", s);
	CHECK(json_real_value(get(j, path)) == 0.0035 + 0.0005 * 2);
	snprintf(path, sizeof(path), "results.%d.scenarios.gc.baseline.alloc_latency.p99_us", s);
	CHECK(json_real_value(get(j, path)) == 4.75);
	snprintf(path, sizeof(path), "results.%d.scenarios.gc.baseline.status", s);
	CHECK_STR(json_string_value(get(j, path)), "ok");
	/* none had no baseline: null */
	snprintf(path, sizeof(path), "results.%d.scenarios.gc", n);
	CHECK(json_is_null(json_object_get(get(j, path), "baseline")));
	snprintf(path, sizeof(path), "results.%d.scenarios.gc", idx("end"));
	CHECK(json_is_null(get(j, path)));
	CHECK_STR(json_string_value(get(j, "analysis.cache.lead")), "start");
	CHECK(json_real_value(get(j, "analysis.cache.placements.0.trap_cache_pct")) == 100);
	CHECK(json_real_value(get(j, "analysis.cache.placements.0.clean_cache_pct")) == 75);
	CHECK(json_is_null(get(j, "analysis.cache.placements.2.trap_cache_pct")));
	CHECK(json_real_value(get(j, "analysis.cache.placements.2.oom_cache_pct")) == 100);
	CHECK_STR(json_string_value(get(j, "analysis.gc.ranking.0.placement")), "zram-lz4");
	CHECK_STR(json_string_value(get(j, "analysis.gc.disk")), "start");
	CHECK_NEAR(json_real_value(get(j, "analysis.gc.disk_vs_zram_ratio")), 412.5 / 38.25, 1e-12);
	CHECK(json_is_true(get(j, "analysis.gc.none_oom_killed")));

	/* read back: null is "the kernel lacked it", a value is "it had it" */
	CHECK(sp_report_json_parse(buf, len, &back, &pe) == 0);
	CHECK(!back.results[z].scenarios.cache.cases[0].has_pgscan_direct);
	CHECK(back.results[z].scenarios.cache.cases[0].psi_scope == SP_SCOPE_NONE);
	CHECK(back.results[s].scenarios.cache.cases[2].has_pgscan_direct);
	CHECK(back.results[s].scenarios.cache.cases[2].psi_scope == SP_SCOPE_SYSTEM);
	CHECK(back.results[s].scenarios.cache.cases[2].has_swapped);
	CHECK(memcmp(&back.results[s].scenarios, &r.results[s].scenarios,
		     sizeof(back.results[s].scenarios)) == 0);
	/* the gc's pauses, allocations and baseline came back as written */
	CHECK(back.results[s].scenarios.gc.n_pause_list == 50);
	CHECK(back.results[s].scenarios.gc.pause_list[7].faults == 201);
	CHECK(back.results[s].scenarios.gc.baseline.done);
	CHECK(back.results[s].scenarios.gc.baseline.n_pause_list == 3);
	CHECK(!back.results[n].scenarios.gc.baseline.done);
	CHECK(memcmp(&back.results[n].scenarios.gc, &r.results[n].scenarios.gc,
		     sizeof(back.results[n].scenarios.gc)) == 0);
	/* bad input is refused with the key's path, not read as something else */
	{
		char *at = strstr(buf, "\"psi_scope\": \"system\"");
		char *neg = strstr(buf, "\"pgscan_direct\": 90,");

		CHECK(at != NULL && neg != NULL);
		memcpy(at + strlen("\"psi_scope\": \""), "planet", 6);
		CHECK(sp_report_json_parse(buf, len, &back, &pe) == -EINVAL);
		CHECK(strstr(pe.reason, "psi_scope: expected none, cgroup or system") != NULL);
		memcpy(at + strlen("\"psi_scope\": \""), "system", 6);
		memcpy(neg + 17, "-9", 2);
		CHECK(sp_report_json_parse(buf, len, &back, &pe) == -EINVAL);
		CHECK(strstr(pe.reason, "pgscan_direct: expected a non-negative integer") != NULL);
		memcpy(neg + 17, "90", 2);
		CHECK(sp_report_json_parse(buf, len, &back, &pe) == 0);
	}
	json_decref(j);
	free(buf);
}

static void text(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	syn_build(&r);
	CHECK(m && sp_report_text_write(m, &r, NULL) == 0);
	fclose(m);
	/* as doc_text lays the tables out: wrapping undone, a row's cells one blank apart */
	CHECK(text_has(buf, "The cache ========="));
	CHECK(text_has(buf, "\nstart 100 6126 0.57 1234 1851 49370 12.34/8.23\n"));
	CHECK(text_has(buf, "\nnone 100 - - - - - -\n"));
	CHECK(text_has(buf, "failed: oom-killed while filling (limit 256 MiB)"));
	CHECK(text_has(buf, "The service swapped its own cache: start from a pool of 100 %, "
			    "zram-lz4 from a pool of 100 %, none never."));
	CHECK(text_has(buf, "The gc ======"));
	CHECK(text_has(buf, "The heap was 0.30 times the budget; with its metadata and a cycle's "
			    "allocations 1.30 times."));
	CHECK(text_has(buf, "\nstart 50 309.4 412.5 464.1 9812 51.6 1650\n"));
	CHECK(text_has(buf, "in RAM"));
	CHECK(text_has(buf, "\n(zram-lz4) limit, no swap\n"));
	CHECK(text_has(buf, "3 0.004 0.004 0.004 0 4.8 812 baseline: no"));
	CHECK(text_has(buf, "none - - - - - - - failed: oom-killed while filling the heap after 0 "
			    "pauses"));
	free(buf);
}

int main(void)
{
	cache_findings();
	gc_findings();
	json_keys();
	text();
	return CHECK_DONE();
}
