/*
 * plandoc.c - the plan as a document (see plandoc.h). The order is the run's: the target and
 * its layout, the placements, what each placement runs (probes, tuning, zswap, scenarios, the
 * job, the box), the sweep, and what it costs (budget, time).
 */
#include "core/doc/plandoc.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/config/budget.h"
#include "core/config/caps.h"
#include "core/config/textfmt.h"
#include "core/config/units.h"
#include "core/doc/doc.h"
#include "core/plan/plan.h"
#include "core/scenario/scenario.h"
#include "core/scenario/serverjob.h"
#include "core/scenario/service.h"
#include "core/scenario/sweep.h"
#include "core/scenario/sweep_rows.h"

static void target(const struct sp_plan_view *v, struct sp_doc *d)
{
	const struct sp_device_info *t = v->target;
	const struct sp_layout *l = v->layout;
	/* the layout is planned in 512-byte units whatever the disk's logical sector (libfdisk
	 * converts): said in the head, so a 4Kn disk's table is not read in 4096-byte ones */
	static const char *const heads[] = {"part", "role", "512-byte sectors", "size", "holds"};
	struct sp_doc_block *f = sp_doc_add_facts(d);
	struct sp_doc_table *tb;
	char a[32];

	sp_doc_fact(
	    f, "target", "%s (%s, %s, serial '%s')", t->path, t->model[0] ? t->model : "no model",
	    sp_format_bytes(t->size_bytes, a, sizeof(a)), t->serial[0] ? t->serial : "none");
	/* which identity a USB disk is checked by: its bridge's serial alone says little */
	if (t->disk_serial[0])
		sp_doc_fact(f, "identity",
			    "the USB bridge's serial '%s' and the disk's own serial '%s' (VPD "
			    "page 0x80); --plan refuses a disk whose own serial changed",
			    t->serial, t->disk_serial);
	sp_doc_fact(f, "partition table", "GPT, %u-byte sectors, layout %s", l->sector_bytes,
		    sp_layout_kind_name(l->kind));
	tb = sp_doc_add_table(d, NULL, 5, heads, "rlrrl");
	for (int i = 0; i < 3; i++) {
		const struct sp_part *p = &l->parts[i];
		int row = sp_doc_row_add(tb);

		sp_doc_cell(tb, (size_t)row, 0, SP_DOC_MARK_NONE, "%d", i + 1);
		sp_doc_cell(tb, (size_t)row, 1, SP_DOC_MARK_NONE, "%s", p->role);
		sp_doc_cell(tb, (size_t)row, 2, SP_DOC_MARK_NONE, "%llu-%llu",
			    (unsigned long long)p->start_sector,
			    (unsigned long long)(p->start_sector + p->sectors - 1));
		sp_doc_cell(tb, (size_t)row, 3, SP_DOC_MARK_NONE, "%s",
			    sp_format_bytes(p->sectors * 512, a, sizeof(a)));
		sp_doc_cell(tb, (size_t)row, 4, SP_DOC_MARK_NONE, "%s",
			    p->kind == SP_PART_DATA ? "ext4: the swap file, then the job directory"
						    : "swap");
	}
}

static void placements(const struct sp_plan_view *v, struct sp_doc *d)
{
	struct sp_doc_block *f = sp_doc_add_facts(d);
	char a[32], names[1024] = "";

	sp_doc_fact(f, "swap file", "%s", sp_format_bytes(v->layout->swapfile_bytes, a, sizeof(a)));
	for (size_t i = 0; i < v->c->n_also && v->also; i++)
		sp_doc_fact(f, "also", "%s (%s): one swap partition of %s at its start",
			    v->also[i].path, v->also[i].model,
			    sp_format_bytes(v->c->swap_bytes, a, sizeof(a)));
	for (size_t i = 0; i < v->n_placements; i++)
		sp_cat(names, sizeof(names), "%s%s", i ? " " : "", v->placements[i]);
	sp_doc_fact(f, "placements", "%s", names);
	if (v->c->profile_time_s > 0)
		sp_doc_add_text(d, SP_DOC_PARA,
				"position profile of the target first: read-only, at most %.0f s",
				v->c->profile_time_s);
}

static void probes(const struct sp_plan_view *v, struct sp_doc *d)
{
	struct sp_doc_block *f;
	char a[32];

	sp_doc_add_text(d, SP_DOC_PARA, "probes per placement:");
	sp_doc_add_text(d, SP_DOC_BULLET,
			"device: io_uring O_DIRECT 4 KiB random reads, QD1 "
			"and QD32, sequential");
	sp_doc_add_text(d, SP_DOC_BULLET,
			"fault: evicted pages touched by one thread, then %u at once, io_uring "
			"MADV_POPULATE_READ at QD 1/4/16/32",
			v->c->threads);
	sp_doc_add_text(d, SP_DOC_BULLET, "pressure: memory cgroup, workload 120%% of %s",
			sp_format_bytes(v->c->budget_bytes / 2, a, sizeof(a)));
	f = sp_doc_add_facts(d);
	sp_doc_fact(f, "sysctl while measuring",
		    "vm.page-cluster=%s (swap readahead off for the per-page probes; restored "
		    "after)",
		    v->page_cluster);
	if (v->job_page_cluster && v->job_page_cluster[0])
		sp_doc_fact(f, "sysctl while the job runs",
			    "vm.page-cluster=%s (swap-ins of 2^%s pages; back to %s for the "
			    "probes)",
			    v->job_page_cluster, v->job_page_cluster, v->page_cluster);
	if (v->server_page_cluster && v->server_page_cluster[0] &&
	    (v->scenarios & (SP_SCENARIO_SERVICE | SP_SCENARIO_CACHE | SP_SCENARIO_GC)))
		sp_doc_fact(f, "sysctl, service/cache/gc",
			    "vm.page-cluster=%s on disks%s (back to %s for the probes)",
			    v->server_page_cluster,
			    v->server_page_cluster_all ? " and zram"
						       : ", 0 on zram as seed 000 had it",
			    v->page_cluster);
	if (v->zswap_present)
		sp_doc_add_text(d, SP_DOC_PARA,
				"zswap: off for the run (now %s, compressor %s; restored after)%s",
				v->zswap_enabled ? "on" : "off", v->zswap_compressor,
				v->n_zswap_algs ? "; on for each zswap placement, in front of "
						  "the start partition"
						: "");
}

static void scenarios(const struct sp_plan_view *v, struct sp_doc *d)
{
	const struct sp_config *c = v->c;
	double load, top, warm, dur, timeout;

	if (v->scenarios & SP_SCENARIO_SERVICE) {
		unsigned workers = c->service_workers ? c->service_workers : 1;

		sp_service_times(c->service_time_s, &load, &top, &timeout);
		sp_doc_add_text(d, SP_DOC_PARA,
				"service per placement (not ram): fits, cold, hot, spike; each "
				"%.0f s at %.0f requests/s, %.0f s timeout, %.0f s of top speed, "
				"%u serving %s, in a memory cgroup limited to the budget; "
				"%u %s",
				load, SP_SERVICE_DEFAULT_RATE, timeout, top, workers,
				workers == 1 ? "worker" : "workers", c->repeat ? c->repeat : 1,
				c->repeat > 1 ? "interleaved runs each" : "run each");
	}
	if ((v->scenarios & SP_SCENARIO_CACHE) &&
	    sp_cache_times(c->cache_time_s, &warm, &dur, &timeout) == 0)
		sp_doc_add_text(d, SP_DOC_PARA,
				"cache per placement (not ram): its own cache at 50, 75 and 100 %% "
				"of the budget beside %.0f %% other memory in %d worker "
				"processes, %u client threads; each %.0f s after a "
				"%.0f s warm-up, its database a budget large on the data "
				"filesystem, in a memory cgroup limited to the budget",
				SP_CACHE_DEFAULT_OTHER_PCT, SP_CACHE_WORKERS,
				c->cache_threads ? c->cache_threads : SP_CACHE_DEFAULT_THREADS, dur,
				warm);
	if ((v->scenarios & SP_SCENARIO_GC) && sp_gc_times(c->gc_time_s, &dur, &timeout) == 0)
		sp_doc_add_text(d, SP_DOC_PARA,
				"gc per placement (not ram): a heap of %.0f %% of the budget and "
				"%.0f %% of the budget allocated between two stop-the-world pauses "
				"that read the GC's metadata, for %.0f s after the fill and a "
				"%.2g s baseline in RAM",
				SP_GC_DEFAULT_HEAP_PCT, SP_GC_DEFAULT_ALLOC_PCT, dur,
				sp_gc_baseline_s(c->gc_time_s));
}

static void job(const struct sp_plan_view *v, struct sp_doc *d)
{
	const struct sp_config *c = v->c;
	const struct sp_buildjob_plan *p = v->job_plan;
	char a[32], b[32], limit[128];

	if (v->job == SP_PLAN_JOB_NONE || (v->job == SP_PLAN_JOB_BUILD && !p)) {
		sp_doc_add_text(d, SP_DOC_PARA, "job per placement: none (--scenario %s)",
				c->scenario ? c->scenario : "none");
		return;
	}
	snprintf(limit, sizeof(limit),
		 "limited to the budget, %u %s each, plus a ram baseline without a limit",
		 c->repeat, c->repeat == 1 ? "run" : "interleaved runs");
	if (v->job == SP_PLAN_JOB_USER) {
		sp_doc_add_text(d, SP_DOC_PARA,
				"job per placement: your job 'sh -c %s' in a copy of %s on "
				"the data filesystem, as %s (no new privileges, a clean "
				"environment, a /dev without disks), timeout %.0f s per run, %s",
				c->job_cmd ? c->job_cmd : "",
				c->job_dir ? c->job_dir : "an empty directory",
				v->job_user && *v->job_user ? v->job_user : "its user",
				v->job_timeout_s, limit);
		return;
	}
	sp_doc_add_text(
	    d, SP_DOC_PARA,
	    "job per placement: the build job (scale %g: %u units, %u sources of %s, heap to %s), "
	    "estimated %.*f s per run, %s",
	    p->work_scale, p->n_units, p->n_sources,
	    sp_format_bytes(p->source_bytes_total, a, sizeof(a)),
	    sp_format_bytes(p->heap_pages * SP_BUILDJOB_PAGE_BYTES, b, sizeof(b)),
	    /* a fast disk's job takes under a second: "0 s" would read as none */
	    v->job_run_s < 10 ? 1 : 0, v->job_run_s, limit);
}

static void box(const struct sp_plan_view *v, struct sp_doc *d)
{
	const struct sp_caps *k = &v->c->caps;
	char line[256];

	if (!sp_caps_asked(k))
		return;
	sp_doc_add_text(d, SP_DOC_PARA, "box of every workload (the probes run outside it):");
	if (k->cpu_max > 0)
		sp_doc_add_text(
		    d, SP_DOC_BULLET,
		    "--cpu-max %g: a CPU quota of %llu us per %llu us (v2 cpu.max, v1 "
		    "cpu.cfs_quota_us)",
		    k->cpu_max,
		    (unsigned long long)sp_caps_cpu_quota_us(k->cpu_max, SP_CPU_PERIOD_US),
		    SP_CPU_PERIOD_US);
	if (k->io_iops) {
		snprintf(line, sizeof(line), "--io-max %llu IOPS", (unsigned long long)k->io_iops);
		if (k->io_bps)
			sp_cat(line, sizeof(line), ", %.1f MiB/s", (double)k->io_bps / 1048576);
		sp_doc_add_text(d, SP_DOC_BULLET,
				"%s read and write on the swap area's disk (cgroup v2 io.max; not "
				"applied on cgroup v1, zram or none: the report says where)",
				line);
	}
}

/* Preformatted: the tests and the reader find each knob's values and the count on a line. */
static void sweep(const struct sp_plan_view *v, struct sp_doc *d)
{
	const struct sp_config *c = v->c;
	double all_s = (double)v->sweep_runs * v->sweep_run_s;
	char text[1024] = "sweep:", what[96];
	size_t n = v->sweep_runs;

	if (!v->sweep || !v->sweep->n_knobs)
		return;
	sp_sweep_scenarios_phrase(v->sweep_scenarios, what, sizeof(what));
	for (size_t k = 0; k < v->sweep->n_knobs; k++) {
		const struct sp_knob_sweep *ks = &v->sweep->knobs[k];

		sp_cat(text, sizeof(text), "%s %s at", k ? ";" : "", sp_knob_sysctl(ks->knob));
		for (size_t i = 0; i < ks->n_values; i++)
			sp_cat(text, sizeof(text), "%s %d", i ? "," : "", ks->values[i]);
	}
	sp_cat(text, sizeof(text),
	       "\n  the %s again\n  on every placement but ram, %zu %s (%u %s of each value),\n"
	       "  each knob restored after; adds about %d min %02d s",
	       what, n, n == 1 ? "run" : "runs", c->repeat, c->repeat == 1 ? "run" : "runs",
	       (int)all_s / 60, (int)all_s % 60);
	sp_doc_add_text(d, SP_DOC_PRE, "%s", text);
}

/* Each its own facts block: "budget: ..." and "estimated time: ..." start their lines. */
static void cost(const struct sp_plan_view *v, struct sp_doc *d)
{
	const struct sp_config *c = v->c;
	struct sp_doc_block *f;
	char b[160];

	if (sp_budget_describe(&c->budget, b, sizeof(b)) < 0)
		sp_format_bytes(c->budget_bytes, b, sizeof(b));
	f = sp_doc_add_facts(d);
	sp_doc_fact(f, "budget", "%s", b);
	sp_doc_add_text(d, SP_DOC_PARA, "%.0f s per placement, seed %llu", c->time_per_placement_s,
			(unsigned long long)c->seed);
	f = sp_doc_add_facts(d);
	if (v->job_known)
		sp_doc_fact(f, "estimated time", "%d min %02d s (the disk's speed %s)",
			    (int)v->estimate_s / 60, (int)v->estimate_s % 60,
			    v->estimate_from ? v->estimate_from : "unknown");
	else
		sp_doc_fact(f, "estimated time",
			    "%d min %02d s (the disk's speed %s) plus your job's %zu %s, whose "
			    "time is unknown until it has run",
			    (int)v->estimate_s / 60, (int)v->estimate_s % 60,
			    v->estimate_from ? v->estimate_from : "unknown", v->job_runs,
			    v->job_runs == 1 ? "run" : "runs");
}

int sp_plandoc_build(const struct sp_plan_view *v, struct sp_doc *d)
{
	if (!v || !v->c || !v->target || !v->layout || !d)
		return -EINVAL;
	/* every call below is a no-op once one has failed (the doc's sticky error): checked once */
	target(v, d);
	placements(v, d);
	probes(v, d);
	scenarios(v, d);
	job(v, d);
	box(v, d);
	sweep(v, d);
	cost(v, d);
	return sp_doc_err(d);
}
