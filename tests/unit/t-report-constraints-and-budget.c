/*
 * t-report-constraints-and-budget - the constrained box in the report: results[].constraints,
 * results[].budget and the top-level constraints survive report.json (write -> read gives the
 * same struct, write -> read -> write the same bytes), what the caps did (cpu.stat, io.stat)
 * included and null where nothing was read, are null when nothing was asked or kept,
 * and the text report and the verdict say plainly what was asked, what was not applied and
 * why, and how far the budget keeper lowered a zram placement's limit.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/config/caps.h"
#include "core/doc/reportdoc.h"
#include "core/findings/analysis.h"
#include "core/model/report.h"
#include "core/report/report_json.h"

#define MiB (1ull << 20)

static struct sp_report a, b;

static char *dump(const struct sp_report *r, size_t *len, int json)
{
	char *buf = NULL;
	FILE *m = open_memstream(&buf, len);

	CHECK(m != NULL);
	if (json)
		CHECK(sp_report_json_write(m, r, NULL) == 0);
	else
		CHECK(sp_report_text_write(m, r, NULL) == 0);
	fclose(m);
	return buf;
}

/* the text with its wrapping undone: every run of newline and indent is one space */
static void flatten(char *t)
{
	char *w = t;

	for (char *r = t; *r; r++) {
		if (*r == '\n') {
			while (r[1] == ' ' || r[1] == '-')
				r++;
			*w++ = ' ';
			continue;
		}
		*w++ = *r;
	}
	*w = '\0';
}

static void build(struct sp_report *r)
{
	struct sp_result *s, *z;
	struct sp_caps asked = {.cpu_max = 0.5, .io_iops = 300, .io_bps = 50 * MiB};

	sp_report_init(r, "run");
	r->budget_bytes = 256 * MiB;
	s = sp_report_add_result(r, "start", sp_placement_id_of(SP_PL_START, -1));
	z = sp_report_add_result(r, "zram-lz4", sp_placement_id_of(SP_PL_ZRAM, -1));
	s->constraints = (struct sp_box_applied){.done = 1, .ran = 1, .cpu_applied = 1};
	snprintf(s->constraints.io_reason, sizeof(s->constraints.io_reason),
		 "not applied: cgroup v1 has no io.max");
	z->constraints = (struct sp_box_applied){.done = 1,
						 .ran = 1,
						 .cpu_applied = 1,
						 .io_moot = 1,
						 .measured = 1,
						 .usage_known = 1,
						 .spanned = 1,
						 .cpu_periods = 40,
						 .cpu_throttled_periods = 31,
						 .cpu_throttled_us = 1200000,
						 .cpu_usage_us = 2000000,
						 .cgroup_s = 4.5};
	snprintf(z->constraints.io_reason, sizeof(z->constraints.io_reason),
		 "not applied: zram is memory");
	z->budget = (struct sp_budget_kept){.done = 1,
					    .limit_bytes_start = 256 * MiB,
					    .limit_bytes_min = 181 * MiB,
					    .floor_bytes = 64 * MiB,
					    .zram_pool_peak_bytes = 75 * MiB,
					    .over_budget_peak_bytes = 3 * MiB,
					    .samples = 1234,
					    .cgroups = 5,
					    .kept = 1};
	sp_caps_summarise(&asked, r->results, r->n_results, &r->constraints);
}

int main(void)
{
	struct sp_err pe;
	char *j1, *j2, *t;
	size_t l1, l2, lt;
	struct sp_findings f;

	build(&a);
	CHECK(a.constraints.done && a.constraints.cpu_applied && !a.constraints.io_applied);
	j1 = dump(&a, &l1, 1);
	CHECK(strstr(j1, "\"cpu_max\": 0.5") != NULL);
	CHECK(strstr(j1, "\"io_max_iops\": 300") != NULL);
	CHECK(strstr(j1, "\"io_reason\": \"not applied: cgroup v1 has no io.max (start)\"") !=
	      NULL);
	CHECK(strstr(j1, "\"io_reason\": \"not applied: zram is memory\"") != NULL);
	CHECK(strstr(j1, "\"limit_bytes_min\": 189792256") != NULL);
	CHECK(strstr(j1, "\"kept\": true") != NULL);
	CHECK(strstr(j1, "\"budget\": null") != NULL); /* start: nothing kept */
	/* what the caps did: zram's cpu.stat; no io.stat anywhere (null, not 0) */
	CHECK(strstr(j1, "\"cpu_throttled_periods\": 31") != NULL);
	CHECK(strstr(j1, "\"cpu_usage_us\": 2000000") != NULL);
	CHECK(strstr(j1, "\"cgroup_s\": 4.5") != NULL);
	CHECK(strstr(j1, "\"cpu_periods\": null") != NULL); /* start: nothing read */
	CHECK(strstr(j1, "\"io_wios\": null") != NULL);
	CHECK(strstr(j1, "\"io_wios\": 0") == NULL);
	CHECK(sp_report_json_parse(j1, l1, &b, &pe) == 0);
	if (pe.reason[0])
		fprintf(stderr, "%s\n", pe.reason);
	CHECK(memcmp(&a, &b, sizeof(b)) == 0);
	j2 = dump(&b, &l2, 1);
	CHECK(l1 == l2 && memcmp(j1, j2, l1) == 0);

	/* the text: the summary line, each placement's box and budget */
	t = dump(&a, &lt, 0);
	flatten(t);
	CHECK(strstr(t, "The workloads ran in a constrained box: --cpu-max 0.5: applied; --io-max "
			"300 IOPS, 50.0 MiB/s: not "
			"applied: cgroup v1 has no io.max (start)") != NULL);
	CHECK(strstr(t, "io cap not applied: zram is memory") != NULL);
	CHECK(strstr(t, "cpu quota applied (throttled in 31 of 40 periods, 1.2 s)") != NULL);
	CHECK(strstr(t, "limit 256 MiB, kept down to 181 MiB as zram's pool grew to 75 MiB") !=
	      NULL);

	/* the verdict says it, in plain words */
	CHECK(sp_analyse(&a, &f) == 0);
	CHECK(f.caps_not_applied);
	CHECK_EQ_U64(f.n_budget_kept, 1);
	CHECK(strstr(t, "--io-max 300 IOPS was not applied: cgroup v1 has no io.max (start)") !=
	      NULL);
	CHECK(strstr(t,
		     "on zram-lz4 the workloads' limit went from 256 MiB to 181 MiB as the pool "
		     "grew to 75 MiB, so zram got no more memory than a disk placement") != NULL);
	free(t);
	/* the floor held: the sentence must not claim zram was held to the budget */
	a.results[1].budget.floor_hit = 1;
	t = dump(&a, &lt, 0);
	flatten(t);
	CHECK(strstr(t, "more than the budget)") != NULL);
	CHECK(strstr(t, "no more memory than a disk placement") == NULL);
	a.results[1].budget.floor_hit = 0;

	/* all applied: no caps sentence; nothing asked: null everywhere */
	a.constraints.io_applied = 1;
	CHECK(sp_analyse(&a, &f) == 0);
	CHECK(!f.caps_not_applied);
	free(j1);
	free(j2);
	free(t);
	memset(&a, 0, sizeof(a));
	sp_report_init(&a, "run");
	sp_report_add_result(&a, "start", sp_placement_id_of(SP_PL_START, -1));
	sp_caps_summarise(&(struct sp_caps){0}, a.results, a.n_results, &a.constraints);
	j1 = dump(&a, &l1, 1);
	CHECK(strstr(j1, "\"constraints\": null") != NULL);
	CHECK(strstr(j1, "\"cpu_max\"") == NULL);
	t = dump(&a, &lt, 0);
	CHECK(strstr(t, "constraints") == NULL);
	free(j1);
	free(t);
	return CHECK_DONE();
}
