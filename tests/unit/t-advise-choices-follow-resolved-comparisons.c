/*
 * t-advise-choices-follow-resolved-comparisons - the advice for a workload from synthetic
 * reports: a resolved winner is advised with its resolution; an unresolved ranking falls back
 * to the default and says so; swap that hurt the service (no swap lost fewer requests in hot
 * overflow) advises none and says why; zram that won per page but lost the job is not advised;
 * zram that won the job goes in front at zram-generator's size, with the compressor that won;
 * gc's disk against zram decides zram and only with runs that resolve it; the service's counts
 * decide before its p95.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/findings/advise.h"
#include "core/findings/analysis.h"
#include "core/model/report.h"

static struct sp_report r;
static struct sp_findings f;
static struct sp_advice a;

static struct sp_result *add(const char *name, enum sp_placement_kind k, const char *dev)
{
	struct sp_result *res = sp_report_add_result(&r, name, sp_placement_id_of(k, -1));

	res->status = SP_STATUS_OK;
	snprintf(res->device, sizeof(res->device), "%s", dev);
	res->size_bytes = 1ull << 30;
	return res;
}

/* eight rounds of the job (the most a result keeps): base times with a small wobble, so the
 * paired test can resolve a difference even after Holm across the table's steps */
static void job(struct sp_result *res, double base)
{
	struct sp_scenario_build *b = &res->scenarios.build;
	static const double wob[8] = {0, 0.01, -0.005, 0.008, -0.01, 0.003, 0.004, -0.002};

	b->done = 1;
	b->status = SP_STATUS_OK;
	snprintf(b->job, sizeof(b->job), "build");
	b->n_runs = 8;
	b->wall_s = 1e9;
	for (int i = 0; i < 8; i++) {
		b->wall_s_runs[i] = base * (1 + wob[i]);
		if (b->wall_s_runs[i] < b->wall_s)
			b->wall_s = b->wall_s_runs[i];
	}
}

/* a fault-probe median, so the per-page ranking has it */
static void per_page(struct sp_result *res, double p50_us)
{
	res->fault_probe.done = 1;
	res->fault_probe.lat.samples = 1000;
	res->fault_probe.lat.p50_us = p50_us;
}

static void start(void)
{
	sp_report_init(&r, "run");
	r.machine.ram_bytes = 24ull << 30;
	r.machine.swappiness = 60;
	r.machine.have_swappiness = 1;
}

static void advise(enum sp_workload w)
{
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(sp_advise(&r, &f, w, &a) == 0);
}

static void resolved_winner(void)
{
	start();
	job(add("start", SP_PL_START, "/dev/sdb1"), 40);
	job(add("end", SP_PL_END, "/dev/sdb3"), 60);
	job(add("file", SP_PL_FILE, "/mnt/x/swapfile"), 50);
	advise(SP_WL_BUILD);
	CHECK(a.have_workload && !a.none);
	CHECK(a.swap.on && a.swap.basis == SP_ADV_MEASURED);
	CHECK_STR(a.swap_device, "/dev/sdb1");
	CHECK(a.swap_priority == SP_ADVICE_DISK_PRIORITY);
	CHECK(a.swap.res.have && a.swap.res.resolved);
	CHECK(strstr(a.swap.reason, "start") && strstr(a.swap.reason, "file"));
	CHECK(strstr(a.swap.reason, "p ") != NULL); /* the resolution's tail */
	CHECK(!a.zram.on && !a.zswap.on);
	/* no sweep: the machine's sysctls stay, said so */
	CHECK(!a.swappiness.on && a.swappiness.basis == SP_ADV_KEEP);
	CHECK(strstr(a.swappiness.reason, "no sweep") && strstr(a.swappiness.reason, "60"));
	CHECK(!a.page_cluster.on);
}

static void unresolved(void)
{
	start();
	job(add("start", SP_PL_START, "/dev/sdb1"), 40);
	job(add("end", SP_PL_END, "/dev/sdb3"), 40.4); /* 1 %: under the minimum effect */
	advise(SP_WL_BUILD);
	CHECK(!a.swap.on && a.swap.basis == SP_ADV_DEFAULT);
	CHECK(strstr(a.swap.reason, "not resolved") != NULL);
	CHECK(strstr(a.swap.reason, "the default") != NULL);
	CHECK(a.swap.res.have && !a.swap.res.resolved);
	CHECK(!a.none && !a.zram.on);
	/* the one-run case: no claim at all */
	start();
	add("start", SP_PL_START, "/dev/sdb1");
	r.results[0].scenarios.build.done = 1;
	r.results[0].scenarios.build.status = SP_STATUS_OK;
	r.results[0].scenarios.build.wall_s = 40;
	r.results[0].scenarios.build.n_runs = 1;
	r.results[0].scenarios.build.wall_s_runs[0] = 40;
	advise(SP_WL_BUILD);
	CHECK(!a.swap.on && a.swap.basis == SP_ADV_DEFAULT);
	CHECK(strstr(a.swap.reason, "only one disk placement") != NULL);
}

static void hot(struct sp_result *res, uint64_t failed, uint64_t kills, double p95)
{
	struct sp_service_case *c = &res->scenarios.service.cases[res->scenarios.service.n_cases++];

	snprintf(c->name, sizeof(c->name), "hot");
	c->rate_per_s = 40;
	c->sent = 800;
	c->failed = failed;
	c->served = c->sent - failed;
	c->served_per_s = 12;
	c->oom_kills = kills;
	c->n_runs = 8;
	c->p95_ms = p95;
	for (int i = 0; i < 8; i++) {
		c->p95_ms_runs[i] = p95 * (1 + 0.001 * i);
		c->failed_runs[i] = (double)failed;
	}
}

static void swap_hurt(void)
{
	start();
	hot(add("file", SP_PL_FILE, "/var/tmp/swapfile"), 300, 0, 1200);
	hot(add("zram-lz4", SP_PL_ZRAM, "/dev/zram1"), 250, 0, 900);
	hot(add("none", SP_PL_NONE, ""), 40, 2, 30);
	advise(SP_WL_SERVICE);
	CHECK(a.have_workload);
	CHECK(a.none);
	CHECK(!a.swap.on && a.swap.basis == SP_ADV_MEASURED);
	CHECK(a.swap.by_counts);
	CHECK(strstr(a.swap.reason, "no swap") && strstr(a.swap.reason, "hot"));
	CHECK(strstr(a.swap.reason, "none") && strstr(a.swap.reason, "zram-lz4"));
	CHECK(!a.zram.on && !a.zswap.on);
	CHECK(strstr(a.note, "hot overflow") != NULL);
	/* swap that saved requests is never "hurt": flip the counts */
	start();
	hot(add("file", SP_PL_FILE, "/var/tmp/swapfile"), 0, 0, 60);
	hot(add("none", SP_PL_NONE, ""), 400, 4, 30);
	advise(SP_WL_SERVICE);
	CHECK(!a.none);
}

static void zram_lost_on_the_job(void)
{
	start();
	{
		struct sp_result *s = add("start", SP_PL_START, "/dev/sdb1");
		struct sp_result *z = add("zram-lz4", SP_PL_ZRAM, "/dev/zram1");

		job(s, 40);
		job(z, 55);
		per_page(s, 900);
		per_page(z, 12); /* per page, zram is 75 times faster */
	}
	advise(SP_WL_BUILD);
	CHECK(f.best_zram == 1 && f.zram_disk_ratio > 1);
	CHECK(!a.zram.on && a.zram.basis == SP_ADV_MEASURED);
	CHECK(strstr(a.zram.reason, "lost on the workload") != NULL);
	CHECK(strstr(a.zram.reason, "per page") != NULL);
	CHECK(a.zram.res.resolved);
	/* the disk is the area (it was ahead of zram, and the only disk) */
	CHECK(!a.page_cluster.on);
}

static void zram_won_the_job(void)
{
	start();
	job(add("start", SP_PL_START, "/dev/sdb1"), 60);
	job(add("zram-lz4", SP_PL_ZRAM, "/dev/zram1"), 30);
	job(add("zram-lzo", SP_PL_ZRAM, "/dev/zram2"), 45);
	advise(SP_WL_BUILD);
	CHECK(a.zram.on && a.zram.basis == SP_ADV_MEASURED && a.zram.res.resolved);
	CHECK(a.zram_size_bytes == SP_ADVICE_ZRAM_CAP_BYTES); /* 24 GiB RAM: capped */
	CHECK(a.zram_priority > a.swap_priority);
	CHECK(a.compressor.on);
	CHECK_STR(a.zram_alg, "lz4");
	CHECK(a.swap.on); /* the disk behind it */
	CHECK_STR(a.swap_device, "/dev/sdb1");
	/* page-cluster 0 for zram, said as the documented default */
	CHECK(a.page_cluster.on && a.page_cluster_value == 0);
	CHECK(a.page_cluster.basis == SP_ADV_DEFAULT);
	/* small RAM: half of it, never past it */
	r.machine.ram_bytes = 1ull << 30;
	advise(SP_WL_BUILD);
	CHECK(a.zram_size_bytes == 512ull << 20);
}

static void gc(struct sp_result *res, double p99)
{
	struct sp_scenario_gc *g = &res->scenarios.gc;

	g->done = 1;
	g->status = SP_STATUS_OK;
	g->n_runs = 8;
	g->p99_pause_ms = p99;
	for (int i = 0; i < 8; i++)
		g->p99_pause_ms_runs[i] = p99 * (1 + 0.002 * i);
}

/* gc: the findings' disk against zram decides zram; two disks they never compare */
static void gc_zram(void)
{
	start();
	gc(add("start", SP_PL_START, "/dev/sdb1"), 80);
	gc(add("end", SP_PL_END, "/dev/sdb3"), 95);
	gc(add("zram-lz4", SP_PL_ZRAM, "/dev/zram1"), 9);
	advise(SP_WL_GC);
	CHECK(a.have_workload && f.gc.disk_zram.resolved);
	CHECK(a.zram.on && a.zram.basis == SP_ADV_MEASURED);
	CHECK(strstr(a.zram.reason, "p99 GC pause") != NULL);
	CHECK(!a.swap.on && a.swap.basis == SP_ADV_DEFAULT); /* start vs end: never compared */
	/* one run each: the same pauses claim nothing */
	for (size_t i = 0; i < r.n_results; i++)
		r.results[i].scenarios.gc.n_runs = 1;
	advise(SP_WL_GC);
	CHECK(!a.zram.on && a.zram.basis == SP_ADV_DEFAULT);
}

/* service: zram lost fewer requests than the disk in the spike: ahead by counts */
static void service_zram_by_counts(void)
{
	struct sp_result *d, *z;

	start();
	d = add("file", SP_PL_FILE, "/var/tmp/swapfile");
	z = add("zram-lz4", SP_PL_ZRAM, "/dev/zram1");
	hot(d, 30, 0, 200);
	hot(z, 0, 0, 250);
	snprintf(d->scenarios.service.cases[0].name, 16, "spike");
	snprintf(z->scenarios.service.cases[0].name, 16, "spike");
	advise(SP_WL_SERVICE);
	CHECK(a.zram.on && a.zram.by_counts);
	CHECK(strstr(a.zram.reason, "0 failed requests") != NULL);
	CHECK(a.swap.on); /* the only disk, behind zram */
	CHECK_STR(a.swap_device, "/swapfile");
	CHECK(a.swap_is_file && a.swap_size_bytes == 1ull << 30);
}

static void workloads(void)
{
	enum sp_workload w;

	CHECK(sp_workload_parse("gc", &w) == 0 && w == SP_WL_GC);
	CHECK(sp_workload_parse("nope", &w) == -EINVAL);
	start();
	job(add("start", SP_PL_START, "/dev/sdb1"), 40);
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(sp_advice_default_workload(&f, &w) == 0 && w == SP_WL_BUILD);
	/* a workload the report has no figures of: defaults, said so */
	CHECK(sp_advise(&r, &f, SP_WL_GC, &a) == 0);
	CHECK(!a.have_workload && strstr(a.note, "no figures") != NULL);
	CHECK(!a.swap.on && !a.zram.on && !a.none);
	CHECK(sp_advise(&r, &f, SP_WL_N, &a) == -EINVAL);
}

int main(void)
{
	resolved_winner();
	unresolved();
	swap_hurt();
	zram_lost_on_the_job();
	zram_won_the_job();
	gc_zram();
	service_zram_by_counts();
	workloads();
	return CHECK_DONE();
}
