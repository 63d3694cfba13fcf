/*
 * t-analysis-ranks-and-compares-placements - sp_analyse() on the synthetic run: ranking by
 * swap-in median (an invalid placement is never ranked, however fast it looks), the start/end
 * ratio and when CI overlap turns it into "no measurable difference", the file's penalty and
 * position, zram vs disk, the device floor, the OOM-killed baseline, integrity and the verdict.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/findings/analysis.h"
#include "core/findings/verdict.h"
#include "core/model/report.h"
#include "t-report-synthetic.h"

static struct sp_report r;
static void check_build(const struct sp_findings *f);
static struct sp_findings f;

static int idx(const char *name)
{
	return syn_index(&r, name);
}

static int has_verdict(enum sp_verdict_kind k)
{
	for (size_t i = 0; i < f.n_verdict; i++)
		if (f.verdict[i] == k)
			return 1;
	return 0;
}

/* The service scenario: per case the best placement with swap beside the no-swap baseline. */
static void service_findings(void)
{
	const struct sp_service_finding *sp = &f.service[SP_SVC_SPIKE];
	char s[1024];

	CHECK(f.has_service);
	for (int k = 0; k < SP_SVC_N_CASES; k++)
		CHECK(f.service[k].have && f.service[k].none == idx("none"));
	/* every placement with swap lost nothing: the lower p95 decides (zram-lz4 at half) */
	CHECK(sp->best == idx("zram-lz4"));
	CHECK(sp->best_case == 3 && sp->none_case == 3 && sp->best_fits_case == 0);
	CHECK_EQ_U64(sp->none_service_kills, 2);
	CHECK_EQ_U64(sp->none_spike_kills, 0);
	CHECK(f.service[SP_SVC_HOT].best == idx("zram-lz4"));
	CHECK_EQ_U64(f.service[SP_SVC_HOT].none_service_kills, 1);
	CHECK_EQ_U64(f.service[SP_SVC_FITS].none_service_kills, 0);
	CHECK(sp_verdict_sentence(&r, &f, SP_VERDICT_SERVICE_SPIKE, s, sizeof(s)) == 0);
	CHECK(strstr(s, "without swap the spike got the service OOM-killed twice and 812 of "
			"2400 requests failed") != NULL);
	CHECK(strstr(s, "; with zram-lz4 none failed (p95 15.2 ms") != NULL);
	CHECK(sp_verdict_sentence(&r, &f, SP_VERDICT_SERVICE_FITS, s, sizeof(s)) == 0);
	CHECK(strstr(s, "without swap none of 2400 requests failed") != NULL);
	CHECK(strstr(s, "OOM") == NULL);
	CHECK_STR(sp_verdict_kind_name(SP_VERDICT_SERVICE_SPIKE), "service-spike");

	/* a placement with swap that lost requests ranks below one that lost none, whatever
	 * its p95; one whose spike job was the victim is said so */
	r.results[idx("zram-lz4")].scenarios.service.cases[3].failed = 3;
	r.results[idx("none")].scenarios.service.cases[3].n_oom_victims = 1;
	snprintf(r.results[idx("none")].scenarios.service.cases[3].oom_victims[0],
		 SP_SERVICE_NAME_BYTES, "sp-spike");
	r.results[idx("none")].scenarios.service.cases[3].oom_kills = 1;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.service[SP_SVC_SPIKE].best == idx("start"));
	CHECK_EQ_U64(f.service[SP_SVC_SPIKE].none_spike_kills, 1);
	CHECK(sp_verdict_sentence(&r, &f, SP_VERDICT_SERVICE_SPIKE, s, sizeof(s)) == 0);
	CHECK(strstr(s, "the spike got the spike job OOM-killed once") != NULL);
	syn_build(&r);
	CHECK(sp_analyse(&r, &f) == 0);
}

static void synthetic(void)
{
	double mid;

	syn_build(&r);
	CHECK(sp_analyse(&r, &f) == 0);

	/* ranking: ascending median, zram-zstd (invalid, 1.6 us) excluded, none has no latency */
	CHECK_EQ_U64(f.n_ranked, 5);
	CHECK(f.ranked[0] == idx("zram-lz4"));
	CHECK(f.ranked[1] == idx("zram-lzo"));
	CHECK(f.ranked[2] == idx("start"));
	CHECK(f.ranked[3] == idx("file"));
	CHECK(f.ranked[4] == idx("end"));
	CHECK(f.best == idx("zram-lz4"));
	CHECK_NEAR(f.ratio_to_best[0], 1.0, 1e-12);
	CHECK_NEAR(f.ratio_to_best[2], 98.4 / 11.8, 1e-12);
	CHECK_NEAR(f.ratio_to_best[4], 187.3 / 11.8, 1e-12);

	/* start vs end: 1.9x, CIs [96.1,100.9] and [181,193.5] do not overlap */
	CHECK(f.start_end.have);
	CHECK(f.start_end.a == idx("start") && f.start_end.b == idx("end"));
	CHECK_NEAR(f.start_end.ratio, 187.3 / 98.4, 1e-12);
	CHECK(!f.start_end.ci_overlap);

	/* the file: +12 % over start, 3 extents between 43.7 % and 57.8 % of the span */
	CHECK(f.file == idx("file"));
	CHECK(f.file_start.have);
	CHECK_NEAR(f.file_penalty_pct, (110.2 / 98.4 - 1) * 100, 1e-9);
	CHECK(f.file_penalty_pct > 11.9 && f.file_penalty_pct < 12.1);
	CHECK(!f.file_start.ci_overlap);
	CHECK_EQ_U64(f.file_extents, 3);
	CHECK(f.file_region == SP_REGION_MID);
	CHECK_STR(sp_region_name(f.file_region), "mid");
	/* the span runs from the start partition's first sector to the end partition's last */
	CHECK_NEAR(f.file_pos_lo, (7340032.0 - 2048) / (SYN_DISK_SECTORS - 4096.0), 1e-12);
	CHECK_NEAR(f.file_pos_hi, (9699328.0 - 2048) / (SYN_DISK_SECTORS - 4096.0), 1e-12);
	mid = (262144.0 * (7340032 + 131072) + 1048576.0 * (7667712 + 524288) +
	       786432.0 * (8912896 + 393216)) /
	      2097152;
	CHECK_NEAR(f.file_pos_mid, (mid - 2048) / (SYN_DISK_SECTORS - 4096.0), 1e-12);

	/* zram vs disk, and the device floor of each disk placement */
	CHECK(f.best_zram == idx("zram-lz4"));
	CHECK(f.best_disk == idx("start"));
	CHECK_NEAR(f.zram_disk_ratio, 98.4 / 11.8, 1e-12);
	CHECK_NEAR(f.zram_ratio, 2.3125, 1e-12);
	CHECK_NEAR(f.floor_ratio[idx("start")], 98.4 / 71.25, 1e-12);
	CHECK_NEAR(f.floor_overhead_us[idx("start")], 98.4 - 71.25, 1e-9);
	CHECK_NEAR(f.floor_ratio[idx("end")], 187.3 / 139.5, 1e-12);
	CHECK(f.floor_ratio[idx("zram-lz4")] == 0);  /* zram has no device probe */
	CHECK(f.floor_ratio[idx("zram-zstd")] == 0); /* not ranked: no floor either */

	/* the no-swap baseline was OOM-killed; the best placement under pressure is zram-lz4 */
	CHECK(f.none == idx("none"));
	CHECK(f.none_oom_killed);
	CHECK_NEAR(f.none_touches_per_s, 51234.5, 1e-12);
	CHECK(f.best_pressure == idx("zram-lz4"));
	CHECK_NEAR(f.pressure_ratio, 612000 / 51234.5, 1e-12);

	/* not ok: the invalid and the skipped one, in report order */
	CHECK_EQ_U64(f.n_not_ok, 2);
	CHECK(f.not_ok[0] == idx("zram-zstd"));
	CHECK(f.not_ok[1] == idx("zram-842"));

	CHECK_EQ_U64(f.pages_checked, 6 * 65536);
	CHECK_EQ_U64(f.mismatches, 0);
	CHECK_NEAR(f.data_ratio, 2.0625, 1e-12);

	/* the synthetic run's target is a loop device: the caution follows start-vs-end */
	CHECK(f.target_is_loop);
	CHECK_EQ_U64(f.n_verdict, 18);
	/* the job ran: its ranking leads, the service's outcomes next, the per-page probes
	 * follow and explain them */
	CHECK(f.verdict[0] == SP_VERDICT_BUILD);
	CHECK(f.verdict[1] == SP_VERDICT_BUILD_START_END);
	CHECK(f.verdict[2] == SP_VERDICT_SERVICE_FITS);
	CHECK(f.verdict[3] == SP_VERDICT_SERVICE_COLD);
	CHECK(f.verdict[4] == SP_VERDICT_SERVICE_HOT);
	CHECK(f.verdict[5] == SP_VERDICT_SERVICE_SPIKE);
	/* the cache's trap and the gc's pause: t-analysis-finds-the-cache-trap-and-ranks-gc */
	CHECK(f.verdict[6] == SP_VERDICT_CACHE);
	CHECK(f.verdict[7] == SP_VERDICT_GC);
	CHECK(f.verdict[8] == SP_VERDICT_BEST);
	CHECK(f.verdict[9] == SP_VERDICT_START_END);
	CHECK(f.verdict[10] == SP_VERDICT_LOOP_TARGET);
	CHECK(f.verdict[11] == SP_VERDICT_FILE);
	CHECK(has_verdict(SP_VERDICT_ZRAM_DISK));
	service_findings();
	CHECK(has_verdict(SP_VERDICT_FLOOR));
	CHECK(has_verdict(SP_VERDICT_PRESSURE));
	CHECK(has_verdict(SP_VERDICT_INTEGRITY_OK));
	CHECK(has_verdict(SP_VERDICT_COMPRESSION));
	CHECK(has_verdict(SP_VERDICT_NOT_OK));
	CHECK(!has_verdict(SP_VERDICT_INTEGRITY_BAD));
	check_build(&f);

	/* on a real disk the positions are physical: no caution */
	snprintf(r.target, sizeof(r.target), "/dev/vda");
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(!f.target_is_loop);
	CHECK(!has_verdict(SP_VERDICT_LOOP_TARGET));
}

/* Medians 98.4 and 101 with overlapping CIs: the run cannot tell start from end. */
static void overlap(void)
{
	struct sp_lat_summary *end;

	syn_build(&r);
	end = &r.results[idx("end")].fault_probe.lat;
	end->p50_us = 101.0;
	end->p50_ci_lo_us = 98.0;
	end->p50_ci_hi_us = 104.0;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.start_end.have);
	CHECK(f.start_end.ci_overlap);
	CHECK_NEAR(f.start_end.ratio, 101.0 / 98.4, 1e-12);

	/* touching bounds still overlap; a gap of 0.1 us does not */
	end->p50_ci_lo_us = 100.9;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.start_end.ci_overlap);
	end->p50_ci_lo_us = 101.0;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(!f.start_end.ci_overlap);

	/* end faster than start: ratio below 1, ranking follows */
	end->p50_us = 50;
	end->p50_ci_lo_us = 49;
	end->p50_ci_hi_us = 51;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.start_end.ratio < 1);
	CHECK(f.best_disk == idx("end"));
	CHECK(f.ranked[2] == idx("end"));
}

/* A mismatch anywhere is the first verdict; a failed start still gives the file's position. */
static void integrity_and_failures(void)
{
	syn_build(&r);
	r.results[idx("end")].integrity.mismatches = 3;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK_EQ_U64(f.mismatches, 3);
	CHECK_EQ_U64(f.n_mismatched, 1);
	CHECK(f.mismatched[0] == idx("end"));
	CHECK(f.verdict[0] == SP_VERDICT_INTEGRITY_BAD);
	CHECK(!has_verdict(SP_VERDICT_INTEGRITY_OK));

	syn_build(&r);
	r.results[idx("start")].status = SP_STATUS_FAILED;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(!f.start_end.have);
	CHECK(!f.file_start.have);
	CHECK(f.file_region == SP_REGION_MID); /* extents still place it */
	CHECK(f.best_disk == idx("file"));
	CHECK_EQ_U64(f.n_not_ok, 3);
	CHECK(has_verdict(SP_VERDICT_FILE));
	CHECK(!has_verdict(SP_VERDICT_START_END));
	/* why the file is not compared is a finding: here the start partition lacks a latency */
	CHECK(f.file_gap == SP_FILE_GAP_START);

	/* a file that ran but was invalid is the side without a latency, whatever start did */
	syn_build(&r);
	r.results[idx("file")].status = SP_STATUS_INVALID;
	r.results[idx("file")].fault_probe.invalid = 1;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(!f.file_start.have);
	CHECK(f.file_gap == SP_FILE_GAP_FILE);
	syn_build(&r);
	r.results[idx("file")].fault_probe.done = 0;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.file_gap == SP_FILE_GAP_FILE);
	syn_build(&r);
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.file_start.have && f.file_gap == SP_FILE_GAP_NONE);

	/* without start/end extents the target's size is the span: 7340032 / 16777216 */
	syn_build(&r);
	r.results[idx("start")].n_extents = 0;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK_NEAR(f.file_pos_lo, 7340032.0 / SYN_DISK_SECTORS, 1e-12);

	/* one extent over most of the disk is "spread" */
	syn_build(&r);
	r.results[idx("file")].n_extents = 1;
	r.results[idx("file")].extents[0].start_sector = 100000;
	r.results[idx("file")].extents[0].sectors = 12000000;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.file_region == SP_REGION_SPREAD);
}

/* A median timed by several threads queued on the device says nothing of the kernel's path. */
static void floor_needs_one_thread(void)
{
	syn_build(&r);
	r.results[idx("start")].fault_probe.threads = 2;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.floor_ratio[idx("start")] == 0 && f.floor_overhead_us[idx("start")] == 0);
	CHECK_NEAR(f.floor_ratio[idx("end")], 187.3 / 139.5, 1e-12);
}

static void empty(void)
{
	sp_report_init(&r, "measure");
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.best == -1 && f.n_ranked == 0 && f.none == -1 && f.file == -1);
	CHECK(f.best_zram == -1 && f.best_disk == -1 && f.best_pressure == -1);
	CHECK_EQ_U64(f.n_verdict, 1);
	CHECK(f.verdict[0] == SP_VERDICT_NONE);
	CHECK(sp_analyse(NULL, &f) == -EINVAL);
	CHECK(sp_analyse(&r, NULL) == -EINVAL);
	r.n_results = SP_MAX_RESULTS + 1;
	CHECK(sp_analyse(&r, &f) == -EINVAL);
}

/* The job's findings: ranked by wall time, by kind, against the ram baseline and the spread. */
static void check_build(const struct sp_findings *f)
{
	const struct sp_build_ranking *k = &f->build;
	char s[1024];

	CHECK(f->has_build);
	CHECK_EQ_U64(k->n, 4); /* start, file, end, zram-lz4; none was OOM-killed */
	CHECK(k->rows[0].result == idx("zram-lz4"));
	CHECK(k->rows[1].result == idx("start"));
	CHECK(k->rows[2].result == idx("file"));
	CHECK(k->rows[3].result == idx("end"));
	CHECK(k->has_ram && k->ram == idx("ram"));
	CHECK_NEAR(k->ram_wall_s, 165.25, 1e-12);
	CHECK_NEAR(k->rows[1].ratio_to_ram, 1701.25 / 165.25, 1e-12);
	CHECK_NEAR(k->rows[3].ratio_to_best, 3161.75 / 301.25, 1e-12);
	/* two runs each: however far apart, not enough rounds for a claim */
	CHECK(k->start_vs_end.have && !k->start_vs_end.resolvable);
	CHECK(k->rows[1].rank == 1 && k->rows[3].rank == 1);
	CHECK_NEAR(k->start_vs_end.ratio, 3161.75 / 1701.25, 1e-12);
	CHECK(f->build_page_cluster == 3);
	CHECK_EQ_U64(f->n_build_not_ok, 1);
	CHECK(f->build_not_ok[0] == idx("none"));
	CHECK(sp_verdict_sentence(&r, f, SP_VERDICT_BUILD, s, sizeof(s)) == 0);
	CHECK(strstr(s, "the build job ran fastest with zram-lz4: 301.2 s (1.82x its 165.2 s "
			"in RAM alone); then start 1701.2 s (5.65x, tied)") != NULL);
	CHECK(strstr(s, "; zram-lz4 vs start: not resolved: 2 rounds, a claim needs at least 4") !=
	      NULL);
	CHECK(strstr(s, "not finished: none (OOM-killed)") != NULL);
	CHECK(sp_verdict_sentence(&r, f, SP_VERDICT_BUILD_START_END, s, sizeof(s)) == 0);
	CHECK_STR(s, "swap at the start vs at the end: 1701.2 vs 3161.8 s for the job, not "
		     "resolved: 2 rounds, a claim needs at least 4");
	fprintf(stderr, "%s\n", s);
}

/* Start and end over 8 rounds: resolved with its p and interval; within the noise: not
 * resolved, naming the size that could not be seen; one run each: nothing claimed. */
static void check_build_unresolved(void)
{
	struct sp_findings *g = calloc(1, sizeof(*g));
	struct sp_result *s = &r.results[idx("start")], *e = &r.results[idx("end")];
	struct sp_scenario_build sb = s->scenarios.build, eb = e->scenarios.build;
	char buf[1024];

	for (size_t i = 0; i < 8; i++) {
		s->scenarios.build.wall_s_runs[i] = 1700 + 10 * (double)(i % 3);
		e->scenarios.build.wall_s_runs[i] = 3100 + 20 * (double)(i % 4);
	}
	s->scenarios.build.n_runs = e->scenarios.build.n_runs = 8;
	s->scenarios.build.wall_s = 1700;
	e->scenarios.build.wall_s = 3100;
	CHECK(sp_analyse(&r, g) == 0 && g->build.start_vs_end.resolvable);
	CHECK(sp_verdict_sentence(&r, g, SP_VERDICT_BUILD_START_END, buf, sizeof(buf)) == 0);
	CHECK(strstr(buf, "with swap at the start of the disk the job ran 1.82x faster than at the "
			  "end (1700.0 vs 3100.0 s; p 0.008, 8 rounds, 95 % interval +") != NULL);
	for (size_t i = 0; i < 8; i++)
		e->scenarios.build.wall_s_runs[i] = 1700 + 10 * (double)((i + 1) % 3);
	e->scenarios.build.wall_s = 1700;
	CHECK(sp_analyse(&r, g) == 0 && !g->build.start_vs_end.resolvable);
	CHECK(sp_verdict_sentence(&r, g, SP_VERDICT_BUILD_START_END, buf, sizeof(buf)) == 0);
	CHECK(strstr(buf, "swap at the start vs at the end: 1700.0 vs 1700.0 s for the job, not "
			  "resolved: differences under 5 % could not be seen (p ") != NULL);
	CHECK(strstr(buf, "no measurable") == NULL);
	s->scenarios.build = sb;
	e->scenarios.build = eb;
	s->scenarios.build.n_runs = 1;
	CHECK(sp_analyse(&r, g) == 0);
	CHECK(sp_verdict_sentence(&r, g, SP_VERDICT_BUILD_START_END, buf, sizeof(buf)) == 0);
	CHECK(strstr(buf, "no measurable") == NULL &&
	      strstr(buf, "from one run each: not resolved, no claim") != NULL);
	free(g);
}

int main(void)
{
	synthetic();
	syn_build(&r);
	check_build_unresolved();
	overlap();
	integrity_and_failures();
	floor_needs_one_thread();
	empty();
	return CHECK_DONE();
}
