/*
 * t-report-synthetic.h - a realistic run, built in code, shared by the report and analysis
 * tests: start, end, file (3 extents mid-disk), zram-lz4, zram-lzo, an invalid zram-zstd (its
 * samples were not real swap-ins), a skipped zram-842, a none baseline that was OOM-killed,
 * and the build job (two runs each, the blog's wall times: start 1701 s, file 2600 s, end
 * 3161 s, zram 301 s, none OOM-killed) with its ram baseline (165 s), and the service
 * scenario on start, zram-lz4 and none (the seed's shapes: with swap the spike loses nothing;
 * without it the service is OOM-killed twice and 812 requests fail; hot overflow's top speed
 * falls to a sixth; its swap use unknown on none), and the cache and gc scenarios on the same
 * three (syn_servers: the pool swaps itself from 100 % on start and zram-lz4, without swap the
 * 100 % pool is OOM-killed; the gc pause's p99 412.5 ms on start, 38.25 ms on zram-lz4, the
 * heap OOM-killed without swap).
 * The numbers mimic an 8 GiB loop device on the 2-core test VM: start 1.9x faster than end,
 * the file +12 % over start, zram about 8x faster than the best disk placement.
 */
#ifndef T_REPORT_SYNTHETIC_H
#define T_REPORT_SYNTHETIC_H

#include <stdio.h>
#include <string.h>

#include "core/model/report.h"
#include "core/scenario/server_runs.h"

#define SYN_DISK_SECTORS 16777216ull /* 8 GiB */

static void syn_lat(struct sp_lat_summary *l, uint64_t n, double p50, double lo, double hi)
{
	l->samples = n;
	l->warmup_dropped = 64;
	l->min_us = p50 * 0.55;
	l->mean_us = p50 * 1.12;
	l->p50_us = p50;
	l->p95_us = p50 * 1.6;
	l->p99_us = p50 * 2.4;
	l->p999_us = p50 * 4.25;
	l->max_us = p50 * 11.5;
	l->p50_ci_lo_us = lo;
	l->p50_ci_hi_us = hi;
	l->p99_ci_lo_us = p50 * 2.2;
	l->p99_ci_hi_us = p50 * 2.7;
	l->hist_rel_error = 0.00390625;
}

static void syn_fault(struct sp_result *res, uint64_t n, double p50, double lo, double hi)
{
	struct sp_fault_probe *fp = &res->fault_probe;

	fp->done = 1;
	fp->threads = 1;
	fp->buffer_bytes = 256ull << 20;
	fp->rounds = 3;
	syn_lat(&fp->lat, n, p50, lo, hi);
	fp->touches = n + n / 100;
	fp->real_swapins = n + n / 200;
	fp->pswpin_delta = n + n / 150;
	fp->swapcached_bytes = 1536ull << 10;
	fp->ci_target_pct = 5.0;
	fp->ci_achieved_pct = (hi - lo) / 2 / p50 * 100;
	res->integrity.pages_checked = 65536;
	res->compression.data_ratio = 2.0625;
}

/*
 * Ten probe blocks per fault probe, measured side by side with the other placements' and spread
 * over the median's CI (the synthetic report itself has none, as reports before blocks had).
 */
static inline void syn_blocks(struct sp_report *r)
{
	for (size_t k = 0; k < r->n_results; k++) {
		struct sp_fault_probe *fp = &r->results[k].fault_probe;
		double p50 = fp->lat.p50_us, w = fp->lat.p50_ci_hi_us - fp->lat.p50_ci_lo_us;

		if (!fp->done)
			continue;
		fp->n_blocks = 10;
		for (uint32_t i = 0; i < fp->n_blocks; i++)
			fp->block_p50_us[i] =
			    p50 + w * 0.2 * (double)((int)((i * 7 + (uint32_t)p50) % 5) - 2);
	}
}

/* 12 blocks of swap-ins around the median and a like-for-like floor's beside them */
static void syn_floor(struct sp_result *res, double floor_p50)
{
	struct sp_fault_probe *fp = &res->fault_probe;

	fp->n_blocks = 12;
	fp->floor.done = 1;
	fp->floor.n_blocks = 12;
	for (uint32_t i = 0; i < 12; i++) {
		fp->block_p50_us[i] = fp->lat.p50_us + 0.8 * (double)((int)(7 * i % 5) - 2);
		fp->floor.block_p50_us[i] = floor_p50 + 0.6 * (double)((int)(3 * i % 5) - 2);
	}
	syn_lat(&fp->floor.lat, 5800, floor_p50, floor_p50 * 0.98, floor_p50 * 1.02);
}

static void syn_uring(struct sp_result *res, double qd1_us)
{
	static const uint32_t qds[] = {1, 4, 16, 32};
	struct sp_fault_probe *fp = &res->fault_probe;

	fp->n_uring = 4;
	for (size_t i = 0; i < 4; i++) {
		struct sp_uring_point *u = &fp->uring[i];

		u->qd = qds[i];
		u->samples = 4096;
		u->real_swapins = 4090;
		u->p50_us = qd1_us * (1 + 0.5 * (double)i);
		u->p99_us = u->p50_us * 2.5;
		u->pages_per_s = 1e6 / qd1_us * (1 + 1.25 * (double)i);
	}
}

static void syn_device(struct sp_result *res, double p50)
{
	struct sp_device_probe *d = &res->device_probe;

	d->done = 1;
	d->range_bytes = res->size_bytes;
	d->block_bytes = 4096;
	syn_lat(&d->qd1, 20000, p50, p50 * 0.98, p50 * 1.02);
	d->deep_qd = 32;
	d->deep_iops = 41250.5;
	syn_lat(&d->deep, 200000, p50 * 9.5, p50 * 9.3, p50 * 9.7);
	d->seq_mib_s = 1843.75;
	d->seq_bytes = 256ull << 20;
}

static void syn_pressure(struct sp_result *res, double tps, int oom)
{
	struct sp_pressure_probe *p = &res->pressure_probe;

	p->done = 1;
	p->cgroup_version = 1;
	p->limit_bytes = 200ull << 20;
	p->hot_bytes = 180ull << 20;
	p->cold_bytes = 60ull << 20;
	p->duration_s = 20;
	p->touches = (uint64_t)(tps * 20);
	p->touches_per_s = tps;
	syn_lat(&p->lat, p->touches, 1e6 / tps * 0.5, 1e6 / tps * 0.48, 1e6 / tps * 0.52);
	p->major_faults = p->touches / 9;
	p->oom_killed = oom;
	p->swap_used_bytes = oom ? 0 : 58ull << 20;
}

static void syn_extent(struct sp_result *res, uint64_t start, uint64_t sectors)
{
	res->extents[res->n_extents].start_sector = start;
	res->extents[res->n_extents].sectors = sectors;
	res->n_extents++;
}

static void syn_zram(struct sp_result *res, double ratio)
{
	struct sp_compression *c = &res->compression;

	c->zram = 1;
	c->zram_ratio = ratio;
	c->orig_data_size = 268435456;
	c->compr_data_size = (uint64_t)(268435456 / ratio);
	c->mem_used_total = c->compr_data_size + (3ull << 20);
	c->same_pages = 12;
}

/* An HDD-like profile over the 8 GiB disk: 180 MiB/s outside falling to 90 inside, random
 * reads a little slower towards the middle of the stroke. */
static void syn_profile(struct sp_profile *p)
{
	p->done = 1;
	p->dev_bytes = SYN_DISK_SECTORS * 512;
	p->window_bytes = 64ull << 20;
	p->duration_s = 21.5;
	p->n = 40;
	for (size_t i = 0; i < p->n; i++) {
		struct sp_profile_point *pt = &p->points[i];
		double x = (double)i / (double)(p->n - 1);

		pt->offset_bytes =
		    (uint64_t)(x * (double)(p->dev_bytes - p->window_bytes)) & ~((1ull << 20) - 1);
		pt->seq_mib_s = 180 - 90 * x;
		pt->rand_p50_us = 7800 + 600 * x * (1 - x);
		pt->rand_reads = 9;
	}
}

/* The job: the blog's figures scaled to two runs each, page-cluster 3 as found. */
static void syn_job(struct sp_result *res, double w1, double w2, uint64_t pswpin, int oom)
{
	struct sp_scenario_build *b = &res->scenarios.build;

	b->done = 1;
	snprintf(b->job, sizeof(b->job), "build");
	b->work_scale = 1;
	b->limit_bytes = res->id.kind == SP_PL_RAM ? 0 : 256ull << 20;
	b->status = oom ? SP_STATUS_FAILED : SP_STATUS_OK;
	b->exit_code = oom ? -1 : 0;
	b->units_total = 64;
	b->units_done = oom ? 41 : 64;
	b->page_cluster = 3;
	b->has_file_io = 1;
	b->has_swap_ra = 1;
	b->file_read_bytes = 137ull << 20;
	b->file_written_bytes = 34ull << 20;
	b->io_read_bytes = b->file_read_bytes + pswpin * 4096;
	b->objects_checksum = 0x9e3779b97f4a7c15ull; /* above 2^63: written as a string */
	if (oom) {
		b->oom_killed = 1;
		b->wall_s = w1;
		b->cpu_s = w1 * 0.5;
		snprintf(b->reason, sizeof(b->reason),
			 "oom-killed in unit 42 of 64 (limit 256 MiB)");
		return;
	}
	b->n_runs = 2;
	b->wall_s_runs[0] = w1;
	b->wall_s_runs[1] = w2;
	b->wall_s = w1 < w2 ? w1 : w2;
	b->wall_s_spread_pct = (w1 > w2 ? w1 - w2 : w2 - w1) / b->wall_s * 100;
	b->cpu_s = 150.5;
	b->pswpin = pswpin;
	b->pswpout = pswpin + pswpin / 4;
	b->major_faults = pswpin / 8;
	b->swap_ra = pswpin / 2;
	b->swap_ra_hit = pswpin / 3;
	b->swapout.pages = b->pswpout;
	b->swapout.seconds = b->wall_s / 2;
	b->swapout.pages_per_s = (double)b->pswpout / b->swapout.seconds;
	b->jobs = 1;
	/* the regime: twice the limit; without a limit the waits are small */
	b->regime.done = 1;
	b->regime.working_set_bytes = 540ull << 20;
	b->regime.limit_bytes = b->limit_bytes;
	b->regime.cpu_s = b->cpu_s;
	b->regime.wait_swap_s = b->limit_bytes ? b->wall_s * 0.6 : 0.2;
	b->regime.wait_file_s = b->limit_bytes ? b->wall_s * 0.25 : 1.5;
	/* the toolchain near the data filesystem's start, the project further in */
	b->n_files = 2;
	snprintf(b->files[0].what, sizeof(b->files[0].what), "toolchain");
	b->files[0].n_extents = 1;
	b->files[0].extents[0] = (struct sp_extent){4196352, 98304};
	snprintf(b->files[1].what, sizeof(b->files[1].what), "project");
	b->files[1].n_extents = 2;
	b->files[1].extents[0] = (struct sp_extent){6291456, 65536};
	b->files[1].extents[1] = (struct sp_extent){6426624, 32768};
}

/* One case of the service scenario: rate 40/s, sent over 60 s. */
static struct sp_service_case *syn_case(struct sp_result *res, const char *name, uint64_t failed,
					double p95_ms, double top, uint64_t swap_mib)
{
	struct sp_scenario_service *s = &res->scenarios.service;
	struct sp_service_case *c = &s->cases[s->n_cases++];

	snprintf(c->name, sizeof(c->name), "%s", name);
	c->rate_per_s = 40;
	c->sent = 2400;
	c->failed = failed;
	c->served = c->sent - failed;
	c->p50_ms = p95_ms / 2.5;
	c->p95_ms = p95_ms;
	c->p99_ms = p95_ms * 1.75;
	c->top_speed_per_s = top;
	c->swap_used_bytes = res->id.kind == SP_PL_NONE ? -1 : (int64_t)(swap_mib << 20);
	c->swapin_pages_per_s = swap_mib ? 1250.5 * (double)swap_mib / 64 : 0;
	c->swapout_pages_per_s = swap_mib ? 2048.25 * (double)swap_mib / 64 : 0;
	c->start_s = 0.75 + (double)swap_mib / 16;
	c->served_per_s = (double)c->served / 60.5;
	c->page_cluster = res->id.kind == SP_PL_ZRAM ? 0 : 3;
	c->swappiness = 60;
	c->n_runs = 1;
	c->p95_ms_runs[0] = c->p95_ms;
	c->failed_runs[0] = (double)c->failed;
	c->start_s_runs[0] = c->start_s;
	c->served_per_s_runs[0] = c->served_per_s;
	c->top_speed_per_s_runs[0] = c->top_speed_per_s;
	return c;
}

/* fits, cold, hot, spike; none: the spike gets the service killed twice */
static void syn_service(struct sp_result *res, double scale)
{
	struct sp_service_case *c;

	syn_case(res, "fits", 0, 12.5 * scale, 640.5 / scale, 0);
	syn_case(res, "cold", 0, 21.25 * scale, 602.25 / scale, 48);
	if (res->id.kind == SP_PL_NONE) {
		c = syn_case(res, "hot", 1410, 9800.5, 12.25, 0);
		c->oom_kills = 1;
		snprintf(c->oom_victims[c->n_oom_victims++], SP_SERVICE_NAME_BYTES, "sp-service");
		c->restarts = 1;
		c = syn_case(res, "spike", 812, 14.5, 630.75, 0);
		c->oom_kills = 2;
		snprintf(c->oom_victims[c->n_oom_victims++], SP_SERVICE_NAME_BYTES, "sp-service");
		snprintf(c->oom_victims[c->n_oom_victims++], SP_SERVICE_NAME_BYTES, "sp-service");
		c->restarts = 2;
		return;
	}
	syn_case(res, "hot", 0, 180.75 * scale, 104.5 / scale, 80);
	syn_case(res, "spike", 0, 30.5 * scale, 631.5 / scale, 52);
}

/* One case of the cache scenario over a 20 s span; out_pct of the pool out on swap. */
static struct sp_cache_case *syn_cache_case(struct sp_result *res, double pct, double ops_per_s,
					    double si_per_s, double out_pct)
{
	struct sp_scenario_cache *s = &res->scenarios.cache;
	struct sp_cache_case *c = &s->cases[s->n_cases++];

	s->done = 1;
	c->cache_pct = pct;
	c->limit_bytes = 256ull << 20;
	c->cache_bytes = (uint64_t)(pct / 100 * 256) << 20;
	c->other_bytes = 102ull << 20;
	c->span_s = 20;
	c->ops_per_s = ops_per_s;
	c->ops = (uint64_t)(ops_per_s * 20);
	c->p50_ms = 1e3 / ops_per_s;
	c->p95_ms = c->p50_ms * 3.5;
	c->p99_ms = c->p50_ms * 6.25;
	c->swapin_pages_per_s = si_per_s;
	c->swapout_pages_per_s = si_per_s * 1.5;
	c->pswpin = (uint64_t)(si_per_s * 20);
	c->pswpout = (uint64_t)(si_per_s * 30);
	c->has_allocstall = 1;
	c->allocstall = si_per_s > 0 ? 17 : 0;
	c->has_swapped = 1;
	c->cache_swapped_bytes = (uint64_t)((double)c->cache_bytes * out_pct / 100);
	c->other_swapped_bytes = si_per_s > 0 ? 4ull << 20 : 0;
	/* the processes' own swap use: as mincore saw it, the workers' a little more */
	c->evicted.has = 1;
	c->evicted.pool_bytes = c->cache_swapped_bytes;
	c->evicted.other_bytes = si_per_s > 0 ? 4ull << 20 : 0;
	c->has_swappiness = 1;
	c->swappiness = 60;
	s->threads = 8;
	c->hits = c->ops * 8 * (uint64_t)pct / 100;
	c->misses = c->ops * 8 - c->hits;
	c->major_faults = c->pswpin;
	return c;
}

static struct sp_result *syn_find(struct sp_report *r, const char *name)
{
	for (size_t i = 0; i < r->n_results; i++)
		if (!strcmp(r->results[i].placement, name))
			return &r->results[i];
	return NULL;
}

/*
 * The index of the result named name, or -100 when there is none: not -1, which is what a
 * finding holds for "no such placement", so a name missing from the run never matches one.
 */
static inline int syn_index(const struct sp_report *r, const char *name)
{
	for (size_t i = 0; i < r->n_results; i++)
		if (!strcmp(r->results[i].placement, name))
			return (int)i;
	return -100;
}

/* The gc scenario: 50 pauses over a 10 s span. */
static void syn_gc(struct sp_result *res, double p99_ms, uint64_t faults)
{
	struct sp_scenario_gc *g = &res->scenarios.gc;

	g->done = 1;
	g->status = SP_STATUS_OK;
	g->pauses = 50;
	g->p50_pause_ms = p99_ms * 0.75;
	g->p99_pause_ms = p99_ms;
	g->worst_pause_ms = p99_ms * 1.125;
	g->faults_in_pauses = faults;
	g->pauses_with_faults = 49;
	g->faulting_p50_pause_ms = p99_ms * 0.8;
	g->limit_bytes = 256ull << 20;
	g->heap_bytes = g->hot_bytes = 19660ull << 12;
	g->meta_bytes = 256ull << 12;
	g->alloc_bytes = 256ull << 20;
	g->mutator_touches = 1250000;
	g->pages_checked = 50 * 256;
	g->pswpin = faults + 112;
	g->pswpout = faults + 33000;
	g->wall_s = 14.5;
	/* each pause: the faults spread over them, the last 49 with some */
	g->n_pause_list = 50;
	for (size_t i = 0; i < 50; i++) {
		g->pause_list[i].ms = p99_ms * (0.5 + (double)i / 100);
		g->pause_list[i].faults = i ? faults / 49 + (i == 7) : 0;
	}
	g->alloc_latency = (struct sp_gc_alloc_latency){2.25, p99_ms / 8, p99_ms * 4};
	g->allocations = 50 * 65536;
	g->pswpin_in_pauses = faults + 3;
	g->span_s = 10.25;
	/* the same workload in RAM first */
	g->baseline.done = 1;
	g->baseline.status = SP_STATUS_OK;
	g->baseline.pauses = 3;
	g->baseline.n_pause_list = 3;
	for (size_t i = 0; i < 3; i++)
		g->baseline.pause_list[i] = (struct sp_gc_pause){0.0035 + 0.0005 * (double)i, 0};
	g->baseline.p50_pause_ms = 0.004;
	g->baseline.p99_pause_ms = g->baseline.worst_pause_ms = 0.0045;
	g->baseline.alloc_latency = (struct sp_gc_alloc_latency){2.125, 4.75, 812.5};
	g->baseline.allocations = 3 * 65536;
	g->baseline.wall_s = 1.5;
}

/* The cache and gc scenarios on start, zram-lz4 and none. */
static void syn_servers(struct sp_report *r)
{
	struct sp_result *res = syn_find(r, "start");
	struct sp_cache_case *c;

	syn_cache_case(res, 50, 41250.5, 0, 0);
	syn_cache_case(res, 75, 39875.25, 2.25, 0.25);
	c = syn_cache_case(res, 100, 6125.75, 1234.25, 31.5);
	for (size_t i = 0; i < res->scenarios.cache.n_cases; i++) {
		c = &res->scenarios.cache.cases[i];
		c->psi_scope = SP_SCOPE_SYSTEM;
		c->has_psi_full = 1;
		c->psi_some_avg10 = c->swapin_pages_per_s / 100;
		c->psi_full_avg10 = c->swapin_pages_per_s / 150;
		c->has_pgscan_direct = 1;
		c->pgscan_scope = SP_SCOPE_SYSTEM;
		c->pgscan_direct = (uint64_t)(c->swapin_pages_per_s * 40);
	}
	syn_gc(res, 412.5, 9812);

	res = syn_find(r, "zram-lz4");
	syn_cache_case(res, 50, 41500.25, 0, 0);
	syn_cache_case(res, 75, 40750.5, 0, 0);
	syn_cache_case(res, 100, 31250.75, 2875.25, 44.5);
	syn_gc(res, 38.25, 9700);

	res = syn_find(r, "none");
	syn_cache_case(res, 50, 41125.5, 0, 0);
	syn_cache_case(res, 75, 40250.25, 0, 0);
	c = syn_cache_case(res, 100, 0, 0, 0);
	memset(c, 0, sizeof(*c));
	c->cache_pct = 100;
	c->status = SP_STATUS_FAILED;
	c->oom_killed = 1;
	snprintf(c->reason, sizeof(c->reason), "oom-killed while filling (limit 256 MiB)");
	res->scenarios.gc.done = 1;
	res->scenarios.gc.status = SP_STATUS_FAILED;
	res->scenarios.gc.oom_killed = 1;
	res->scenarios.gc.limit_bytes = 256ull << 20;
	res->scenarios.gc.heap_bytes = res->scenarios.gc.hot_bytes = 19660ull << 12;
	res->scenarios.gc.meta_bytes = 256ull << 12;
	res->scenarios.gc.alloc_bytes = 256ull << 20;
	res->scenarios.gc.wall_s = 3.25;
	snprintf(res->scenarios.gc.reason, sizeof(res->scenarios.gc.reason),
		 "oom-killed while filling the heap after 0 pauses (limit 256 MiB)");
	/* one run each, listed as the run's first round lists it */
	for (size_t i = 0; i < r->n_results; i++)
		sp_server_runs_first(&r->results[i].scenarios.cache, &r->results[i].scenarios.gc);
}

static void syn_build(struct sp_report *r)
{
	struct sp_result *res;
	struct sp_device_info *d;

	sp_report_init(r, "run");
	/* a fixed version keeps the golden files independent of the build; zero the tail of the
	 * build's longer version too, or the bit-for-bit roundtrip sees its leftovers */
	memset(r->tool_version, 0, sizeof(r->tool_version));
	snprintf(r->tool_version, sizeof(r->tool_version), "0.1-test");
	r->started = 1767225600; /* 2026-01-01 00:00:00 UTC */
	r->duration_s = 512.25;
	r->estimated_s = 540;
	r->seed = 42;
	r->budget_bytes = 256ull << 20;
	r->time_per_placement_s = 30;
	snprintf(r->target, sizeof(r->target), "/dev/loop0");
	snprintf(r->layout, sizeof(r->layout), "installed");
	/* what run saved before partitioning (core/safety/backup.h): one disk, no serial */
	r->n_backups = 1;
	snprintf(r->backups[0].device, sizeof(r->backups[0].device), "/dev/loop0");
	snprintf(r->backups[0].dir, sizeof(r->backups[0].dir), "backup-loop0");
	snprintf(r->backups[0].table, sizeof(r->backups[0].table), "gpt");
	snprintf(r->backups[0].restore, sizeof(r->backups[0].restore),
		 "swapplace restore backup-loop0 --target /dev/loop0 --confirm 4294967296");
	syn_profile(&r->profile);

	snprintf(r->machine.cpu, sizeof(r->machine.cpu),
		 "Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz");
	r->machine.cores = 2;
	r->machine.ram_bytes = 24ull << 30;
	snprintf(r->machine.kernel, sizeof(r->machine.kernel), "6.18.0-1-amd64");
	snprintf(r->machine.dmi_vendor, sizeof(r->machine.dmi_vendor), "QEMU");
	snprintf(r->machine.dmi_model, sizeof(r->machine.dmi_model),
		 "Standard PC (Q35 + ICH9, 2009)");
	r->machine.timer_cost_ns = 21.5;
	r->machine.cgroup_version = 1;
	r->machine.swappiness = 60, r->machine.have_swappiness = 1;
	r->machine.thp = SP_THP_MADVISE, r->machine.have_thp = 1;
	r->machine.mglru = 1, r->machine.have_mglru = 1;
	r->machine.page_size = 4096;

	d = &r->devices[r->n_devices++];
	snprintf(d->name, sizeof(d->name), "loop0");
	snprintf(d->path, sizeof(d->path), "/dev/loop0");
	snprintf(d->model, sizeof(d->model), "loop");
	d->size_bytes = SYN_DISK_SECTORS * 512;
	d->logical_sector = 512;
	d->physical_sector = 512;
	snprintf(d->transport, sizeof(d->transport), "loop");
	snprintf(d->partitions, sizeof(d->partitions), "loop0p1 loop0p2 loop0p3");
	snprintf(d->signatures, sizeof(d->signatures),
		 "gpt; loop0p1:swap; loop0p2:ext4; loop0p3:swap");
	d = &r->devices[r->n_devices++];
	snprintf(d->name, sizeof(d->name), "vda");
	snprintf(d->path, sizeof(d->path), "/dev/vda");
	snprintf(d->by_id, sizeof(d->by_id), "/dev/disk/by-id/virtio-root0001");
	snprintf(d->serial, sizeof(d->serial), "root0001");
	d->size_bytes = 64ull << 30;
	d->logical_sector = 512;
	d->physical_sector = 4096;
	d->rotational = 1;
	snprintf(d->transport, sizeof(d->transport), "virtio");
	snprintf(d->partitions, sizeof(d->partitions), "vda1");
	snprintf(d->signatures, sizeof(d->signatures), "dos; vda1:ext4");
	d->unsafe = 1;
	snprintf(d->unsafe_reason, sizeof(d->unsafe_reason),
		 "holds the running root filesystem '/'");

	res = sp_report_add_result(r, "start", sp_placement_id_of(SP_PL_START, -1));
	snprintf(res->device, sizeof(res->device), "/dev/loop0p1");
	res->size_bytes = 1ull << 30;
	syn_extent(res, 2048, 2097152);
	res->elapsed_s = 41.5;
	syn_device(res, 71.25);
	syn_fault(res, 12000, 98.4, 96.1, 100.9);
	syn_floor(res, 76.0);
	syn_uring(res, 64.5);
	syn_pressure(res, 148250.5, 0);
	res->fault_probe.concurrency.done = 1;
	res->fault_probe.concurrency.threads = 2;
	res->fault_probe.concurrency.samples = 3100;
	res->fault_probe.concurrency.real_swapins = 3120;
	res->fault_probe.concurrency.p50_us = 170.5;
	res->fault_probe.concurrency.pages_per_s = 11250.25;
	res->swapout.pages = 65536;
	res->swapout.seconds = 1.25;
	res->swapout.pages_per_s = 52428.8;
	syn_job(res, 1701.25, 1750.5, 1200000, 0);
	syn_service(res, 1.0);

	res = sp_report_add_result(r, "end", sp_placement_id_of(SP_PL_END, -1));
	snprintf(res->device, sizeof(res->device), "/dev/loop0p3");
	res->size_bytes = 1ull << 30;
	syn_extent(res, SYN_DISK_SECTORS - 2048 - 2097152, 2097152);
	res->elapsed_s = 44.75;
	syn_device(res, 139.5);
	syn_fault(res, 9000, 187.3, 181.0, 193.5);
	syn_pressure(res, 80125.25, 0);
	syn_job(res, 3161.75, 3201.5, 1250000, 0);

	res = sp_report_add_result(r, "file", sp_placement_id_of(SP_PL_FILE, -1));
	snprintf(res->device, sizeof(res->device), "/run/swapplace/data/swapfile");
	res->size_bytes = 1ull << 30;
	syn_extent(res, 7340032, 262144);
	syn_extent(res, 7667712, 1048576);
	syn_extent(res, 8912896, 786432);
	res->elapsed_s = 43;
	syn_device(res, 77.0);
	syn_fault(res, 11000, 110.2, 107.0, 113.4);
	syn_pressure(res, 131000, 0);
	syn_job(res, 2650.5, 2600.25, 1230000, 0);

	res = sp_report_add_result(r, "zram-lz4", sp_placement_id_of(SP_PL_ZRAM, -1));
	snprintf(res->device, sizeof(res->device), "/dev/zram1");
	res->size_bytes = 256ull << 20;
	res->elapsed_s = 12.5;
	syn_fault(res, 50000, 11.8, 11.5, 12.1);
	syn_uring(res, 9.5);
	syn_pressure(res, 612000, 0);
	syn_zram(res, 2.3125);
	syn_job(res, 310.5, 301.25, 1190000, 0);
	syn_service(res, 0.5);

	res = sp_report_add_result(r, "zram-lzo", sp_placement_id_of(SP_PL_ZRAM, -1));
	snprintf(res->device, sizeof(res->device), "/dev/zram1");
	res->size_bytes = 256ull << 20;
	res->elapsed_s = 13.25;
	syn_fault(res, 50000, 13.1, 12.7, 13.6);
	syn_pressure(res, 590500, 0);
	syn_zram(res, 2.25);

	res = sp_report_add_result(r, "zram-zstd", sp_placement_id_of(SP_PL_ZRAM, -1));
	res->status = SP_STATUS_INVALID;
	snprintf(res->reason, sizeof(res->reason),
		 "1000 samples but 612 real swap-ins (differ by 39 %%): the pages stayed in "
		 "the swap cache, so the touches were minor faults");
	snprintf(res->device, sizeof(res->device), "/dev/zram1");
	res->size_bytes = 256ull << 20;
	res->elapsed_s = 9;
	syn_fault(res, 1000, 1.6, 1.5, 1.7); /* fast because it is not a swap-in */
	res->fault_probe.real_swapins = 612;
	res->fault_probe.invalid = 1;

	res = sp_report_add_result(r, "zram-842", sp_placement_id_of(SP_PL_ZRAM, -1));
	res->status = SP_STATUS_SKIPPED;
	snprintf(res->reason, sizeof(res->reason),
		 "the kernel does not offer 842 in comp_algorithm");

	res = sp_report_add_result(r, "none", sp_placement_id_of(SP_PL_NONE, -1));
	res->elapsed_s = 20.5;
	syn_pressure(res, 51234.5, 1);
	syn_job(res, 412.5, 0, 0, 1);
	syn_service(res, 1.0);

	res = sp_report_add_result(r, "ram", sp_placement_id_of(SP_PL_RAM, -1));
	res->elapsed_s = 170.75;
	syn_job(res, 165.25, 168.5, 0, 0);

	/* zswap: on before the run, off for it; the start partition's swap-ins all from disk */
	r->zswap = (struct sp_zswap_run){.done = 1, .enabled_before = 1, .disabled = 1};
	snprintf(r->zswap.compressor_before, sizeof(r->zswap.compressor_before), "lzo");
	r->results[0].zswap = (struct sp_zswap_result){.done = 1,
						       .zswpin = 0,
						       .zswpout = 0,
						       .fault_zswpin = 0,
						       .fault_pswpin = 12040,
						       .pool_bytes = -1};
	syn_servers(r);
}

#endif
