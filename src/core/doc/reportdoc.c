/*
 * reportdoc.c - the report as a document (see reportdoc.h), the one phrasing of report.txt,
 * report.html and report.pdf: the verdict, the machine and its disks, the method, the ranking
 * with its chart, the latency distributions, the io_uring queue-depth curve, each scenario
 * that ran, the disk's position profile with the swap areas marked, and an appendix of raw
 * figures. docs/report.md explains every section.
 *
 * It phrases what the report and its findings hold and computes nothing new: a ratio, a rank,
 * a "best" comes from analysis.c; the only arithmetic here is unit conversion for axes (bytes
 * to GiB, a percentile to a fraction). A value that was not measured is "-", never 0. Strings
 * from the machine (a DMI vendor, a disk model) are carried as they are: escaping them is the
 * backends' job (HTML, PostScript), and a string must read the same in every format.
 *
 * Building is a list of appends; the first failure (-ENOMEM) is sticky in the doc (doc.h) and
 * every later append is a no-op, so the code reads as the document's outline.
 */
#include "core/doc/reportdoc.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/config/budget.h"
#include "core/config/textfmt.h"
#include "core/config/units.h"
#include "core/doc/advicedoc.h"
#include "core/doc/doc_text.h"
#include "core/doc/textmetrics.h"
#include "core/findings/sweep_sentence.h"
#include "core/findings/verdict.h"
#include "core/findings/zswap.h"
#include "core/measure/procparse.h"
#include "core/plan/placements.h"
#include "core/scenario/service.h"
#include "core/scenario/sweep.h"

#define CELL 320 /* one table cell; a failed placement's reason is the longest */
#define MAX_COLS 12

/* A fact from the machine: its text as read, "-" when it was not read. */
static void fact_str(struct sp_doc_block *f, const char *key, const char *v)
{
	sp_doc_fact(f, key, "%s", v && v[0] ? v : "-");
}

/* One row of cells (n_cols of them), every cell with mark m; returns its index. */
static int row(struct sp_doc_table *t, enum sp_doc_mark m, char cells[][CELL])
{
	int r = sp_doc_row_add(t);

	for (size_t c = 0; r >= 0 && c < t->n_cols; c++)
		sp_doc_cell(t, (size_t)r, c, m, "%s", cells[c]);
	return r;
}

/* Hand c to the doc (it owns it from here), or free it when it holds nothing to draw. */
static void chart_done(struct sp_doc *d, struct sp_chart *c)
{
	if (c && !c->err && !c->n_bars && !c->n_series) {
		sp_chart_free(c);
		return;
	}
	sp_doc_add_chart(d, c);
}

/* ---- formatting ------------------------------------------------------------------------ */

static const char *us(char *buf, double v)
{
	return sp_fmt_us(buf, v); /* "-" for a value not measured (0, NaN) */
}

static const char *bytes(char *buf, uint64_t v)
{
	if (!v)
		return snprintf(buf, 16, "-"), buf;
	return sp_format_bytes(v, buf, 16);
}

static const char *ms(char *buf, double v, int known)
{
	if (!known || !isfinite(v))
		snprintf(buf, 16, "-");
	else
		snprintf(buf, 16, "%.1f", v);
	return buf;
}

static void set(char cells[][CELL], size_t c, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void set(char cells[][CELL], size_t c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cells[c], CELL, fmt, ap);
	va_end(ap);
}

enum sp_chart_group sp_placement_chart_group(enum sp_placement_kind k)
{
	switch (k) {
	case SP_PL_START:
	case SP_PL_END:
	case SP_PL_FILE:
	case SP_PL_PROBE:
		return SP_CHART_G_DISK;
	case SP_PL_ALSO:
		return SP_CHART_G_FAST;
	case SP_PL_ZRAM:
	case SP_PL_ZSWAP:
		return SP_CHART_G_ZRAM;
	case SP_PL_NONE:
	case SP_PL_RAM:
		return SP_CHART_G_NONE;
	default:
		return SP_CHART_G_OTHER;
	}
}

static const struct sp_lat_summary *lat(const struct sp_report *r, int i)
{
	return &r->results[i].fault_probe.lat;
}

static int rank_of(const struct sp_findings *f, int i)
{
	for (size_t k = 0; k < f->n_ranked; k++)
		if (f->ranked[k] == i)
			return (int)k;
	return -1;
}

static const char *reason_or(const char *reason, const char *dflt)
{
	return reason && reason[0] ? reason : dflt;
}

/* ---- title ------------------------------------------------------------------------------ */

/* "1 December 2026 17:59 UTC" */
static void date_utc(const struct sp_report *r, char *buf, size_t len)
{
	struct tm tm;
	char s[64];

	if (!r->started || !gmtime_r(&r->started, &tm) ||
	    !strftime(s, sizeof(s), "%d %B %Y %H:%M UTC", &tm)) {
		snprintf(buf, len, "date not recorded");
		return;
	}
	snprintf(buf, len, "%s", s[0] == '0' ? s + 1 : s);
}

static void machine_name(const struct sp_report *r, char *buf, size_t len)
{
	const struct sp_machine *m = &r->machine;

	if (m->dmi_vendor[0] || m->dmi_model[0])
		snprintf(buf, len, "%s%s%s", m->dmi_vendor,
			 m->dmi_vendor[0] && m->dmi_model[0] ? " " : "", m->dmi_model);
	else
		snprintf(buf, len, "machine not identified");
}

/* ---- the verdict ------------------------------------------------------------------------ */

static void verdict_section(struct sp_doc *d, const struct sp_report *r,
			    const struct sp_findings *f)
{
	char s[1024];
	size_t n = 0;

	sp_doc_add_text(d, SP_DOC_SECTION, "Verdict");
	/* the same sentences, in the same order, as report.txt's verdict */
	for (size_t i = 0; i < f->n_verdict; i++) {
		if (sp_verdict_sentence(r, f, f->verdict[i], s, sizeof(s)) < 0)
			continue;
		sp_doc_add_text(d, SP_DOC_BULLET, "%s", s);
		n++;
	}
	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++)
		if (sp_zswap_sentence(r, i, s, sizeof(s)) == 0) {
			sp_doc_add_text(d, SP_DOC_BULLET, "%s", s);
			n++;
		}
	if (sp_zswap_run_sentence(r, s, sizeof(s)) == 0) {
		sp_doc_add_text(d, SP_DOC_BULLET, "%s", s);
		n++;
	}
	if (!n)
		sp_doc_add_text(d, SP_DOC_PARA, "The run holds no finding to state.");
}

/* The kernel's memory policy as the run found it; "-" for what it did not say. */
static void vm_policy_fact(struct sp_doc_block *fb, const struct sp_machine *m)
{
	char sw[16];

	snprintf(sw, sizeof(sw), "%d", m->swappiness);
	sp_doc_fact(fb, "Memory policy", "swappiness %s, THP %s, MGLRU %s",
		    m->have_swappiness ? sw : "-", m->have_thp ? sp_thp_name(m->thp) : "-",
		    !m->have_mglru ? "-"
		    : m->mglru	   ? "on"
				   : "off");
}

/* ---- the machine and its disks ---------------------------------------------------------- */

const char *sp_machine_serial_text(const struct sp_machine *m)
{
	if (m->dmi_serial[0])
		return m->dmi_serial;
	if (!m->have_dmi_serial_state)
		return "-"; /* an older report: why it is empty was not recorded */
	switch (m->dmi_serial_state) {
	case SP_DMI_SERIAL_NOT_REPORTED:
		return "not reported by this machine's firmware";
	case SP_DMI_SERIAL_ROOT_ONLY:
		return "not readable (root only)";
	case SP_DMI_SERIAL_UNREADABLE:
		return "not readable";
	default:
		return "-";
	}
}

static void machine_section(struct sp_doc *d, const struct sp_report *r)
{
	static const char *const heads[] = {"device", "model",	    "serial",	"firmware",
					    "size",   "rotational", "transport"};
	const struct sp_machine *m = &r->machine;
	struct sp_doc_block *fb;
	struct sp_doc_table *t;
	char cells[MAX_COLS][CELL], a[16];

	sp_doc_add_text(d, SP_DOC_SECTION, "The machine and its disks");
	fb = sp_doc_add_facts(d);
	fact_str(fb, "Vendor", m->dmi_vendor);
	fact_str(fb, "Model", m->dmi_model);
	sp_doc_fact(fb, "Serial", "%s", sp_machine_serial_text(m));
	fact_str(fb, "BIOS vendor", m->bios_vendor);
	fact_str(fb, "BIOS version", m->bios_version);
	fact_str(fb, "BIOS date", m->bios_date);
	fact_str(fb, "CPU", m->cpu);
	if (m->cores)
		sp_doc_fact(fb, "Cores", "%u", m->cores);
	else
		sp_doc_fact(fb, "Cores", "-");
	sp_doc_fact(fb, "RAM", "%s", bytes(a, m->ram_bytes));
	fact_str(fb, "Kernel", m->kernel);
	if (m->cgroup_version)
		sp_doc_fact(fb, "Memory cgroup", "v%d", m->cgroup_version);
	else
		sp_doc_fact(fb, "Memory cgroup", "none");
	vm_policy_fact(fb, m);
	if (m->page_size)
		sp_doc_fact(fb, "Page size", "%u bytes", m->page_size);
	else
		sp_doc_fact(fb, "Page size", "-");
	if (r->target[0])
		sp_doc_fact(fb, "Target disk", "%s%s%s", r->target, r->layout[0] ? ", layout " : "",
			    r->layout);
	/* what run overwrote is kept: where, and the command line that puts it back */
	for (size_t i = 0; i < r->n_backups && i < SP_MAX_BACKUPS; i++) {
		const struct sp_backup_entry *be = &r->backups[i];

		sp_doc_fact(fb, "Backup",
			    "%s/ beside this report: %s as it was (partition table %s, "
			    "first and last MiB)",
			    be->dir, be->device, be->table);
		if (be->restore[0])
			sp_doc_fact(fb, "Restore with", "%s (in this report's directory)",
				    be->restore);
	}

	if (!r->n_devices) {
		sp_doc_add_text(d, SP_DOC_PARA, "No device was recorded in this report.");
		return;
	}
	t = sp_doc_add_table(d, "Measured devices", 7, heads, "lllrrll");
	for (size_t i = 0; i < r->n_devices && i < SP_MAX_DEVICES; i++) {
		const struct sp_device_info *d = &r->devices[i];

		set(cells, 0, "%s", d->name[0] ? d->name : "-");
		set(cells, 1, "%s", d->model[0] ? d->model : "-");
		set(cells, 2, "%s", d->serial[0] ? d->serial : "-");
		set(cells, 3, "%s", d->firmware[0] ? d->firmware : "-");
		set(cells, 4, "%s", bytes(a, d->size_bytes));
		set(cells, 5, "%s", d->rotational ? "yes" : "no");
		set(cells, 6, "%s", d->transport[0] ? d->transport : "-");
		row(t,
		    r->target[0] && !strcmp(d->path, r->target) ? SP_DOC_MARK_STRONG
								: SP_DOC_MARK_NONE,
		    cells);
	}
	if (r->target[0])
		sp_doc_table_note(t, "bold: the target disk (%s); -: not reported by the device",
				  r->target);
	else
		sp_doc_table_note(t, "-: not reported by the device");
}

/* The budget as it was chosen, where the run recorded how ("55 MiB, 25 % of 221 MiB RAM
 * (floor 32 MiB, ceiling 256 MiB)"), else its size. */
static const char *budget_phrase(const struct sp_report *r, char *buf, size_t len)
{
	struct sp_budget b = {
	    .budget_bytes = r->budget_bytes,
	    .ram_bytes = r->machine.ram_bytes,
	    .available_bytes = r->mem_available_bytes,
	    .ram_pct = r->budget_ram_pct,
	    .floor_bytes = r->budget_floor_bytes,
	    .ceiling_bytes = r->budget_ceiling_bytes,
	};

	if (r->has_budget_rule && sp_budget_source_parse(r->budget_source, &b.source) == 0 &&
	    sp_budget_describe(&b, buf, len) >= 0)
		return buf;
	return bytes(buf, r->budget_bytes);
}

/* ---- the method ------------------------------------------------------------------------- */

static void method_section(struct sp_doc *d, const struct sp_report *r, const struct sp_findings *f)
{
	char s[4096] = "", rule[160];
	const struct sp_device_probe *dev = NULL;
	const struct sp_fault_probe *fault = NULL, *uring = NULL;
	const struct sp_pressure_probe *press = NULL;
	/* which scenarios ran: the findings say, as for their sections */
	int build = f->has_build, svc = f->has_service, cache = f->has_cache, gc = f->has_gc;
	int baseline = 0;
	double err = 0;

	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++) {
		const struct sp_result *x = &r->results[i];

		/* the settings each probe ran with, as the first placement that ran it says */
		if (!dev && x->device_probe.done)
			dev = &x->device_probe;
		if (!fault && x->fault_probe.done)
			fault = &x->fault_probe;
		if (!uring && x->fault_probe.n_uring)
			uring = &x->fault_probe;
		if (!press && x->pressure_probe.done)
			press = &x->pressure_probe;
		baseline |= x->id.kind == SP_PL_NONE || x->id.kind == SP_PL_RAM;
		if (x->fault_probe.done && x->fault_probe.lat.hist_rel_error > 0)
			err = x->fault_probe.lat.hist_rel_error;
	}
	sp_doc_add_text(d, SP_DOC_SECTION, "Method");
	sp_cat(s, sizeof(s), "swapplace %s (%s) measured %zu %s", r->tool_version, r->command,
	       r->n_results, sp_plural(r->n_results, "placement", "placements"));
	if (r->target[0])
		sp_cat(s, sizeof(s), " on the target %s%s%s", r->target,
		       r->layout[0] ? " laid out as " : "", r->layout);
	sp_cat(s, sizeof(s), ", one after another, with a memory budget of %s",
	       budget_phrase(r, rule, sizeof(rule)));
	if (r->time_per_placement_s > 0)
		sp_cat(s, sizeof(s), " and %.0f s per placement", r->time_per_placement_s);
	sp_cat(s, sizeof(s), "; every random choice came from the seed %" PRIu64 ". ", r->seed);
	if (dev)
		sp_cat(s, sizeof(s),
		       "The device probe read %u-byte blocks with O_DIRECT through io_uring at "
		       "random offsets inside the placement's own sectors, at queue depth 1 (its "
		       "latency is the floor a swap-in there can reach) and at queue depth %u, "
		       "then in order for the sequential rate; it never writes%s",
		       dev->block_bytes, dev->deep_qd, f->n_dev_written ? "" : ". ");
	/* the range a probe read, where the report says (docs/method.md) */
	if (dev && f->n_dev_written)
		sp_cat(s, sizeof(s),
		       " itself, but on a non-rotational disk the run first wrote each swap "
		       "partition whole, once, with pseudo-random data (O_DIRECT, 1 MiB writes), "
		       "so there it read after writing its range. ");
	if (dev && f->n_dev_unwritten_ssd) {
		char names[256] = "";

		for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++)
			if (f->dev_range[i] == SP_DEV_RANGE_UNWRITTEN_SSD)
				sp_cat_sep(names, sizeof(names), ", ", "%s",
					   r->results[i].placement);
		sp_cat(s, sizeof(s),
		       "On %s the device is not rotational and its range was not written "
		       "first: a trimmed SSD answers a read of a block it never mapped from its "
		       "table, so the floor may be optimistic for blocks never written. ",
		       names);
	}
	if (fault)
		sp_cat(s, sizeof(s),
		       "The fault probe filled anonymous pages in a memory cgroup, "
		       "evicted them to the placement, and touched them at random from %u %s; "
		       "only touches that were real swap-ins (the thread's major faults rose) "
		       "are samples, and every page that came back was checked. ",
		       fault->threads, sp_plural(fault->threads, "thread", "threads"));
	if (fault && err > 0)
		sp_cat(s, sizeof(s),
		       "Medians and p99 come from a log-linear histogram (within "
		       "%.2f %%) with 95 %% confidence intervals from order statistics. ",
		       err * 100);
	if (uring) {
		char qds[64] = "";

		for (size_t k = 0; k < uring->n_uring && k < SP_MAX_URING; k++)
			sp_cat_sep(qds, sizeof(qds), ", ", "%u", uring->uring[k].qd);
		sp_cat(s, sizeof(s),
		       "Pages were also swapped in through io_uring (MADV_POPULATE_READ) at "
		       "queue depths %s. ",
		       qds);
	}
	if (press) {
		char l[16], h[16], c[16];

		sp_cat(s, sizeof(s),
		       "The pressure probe ran a workload of %s touched at random and %s left "
		       "idle in a memory cgroup limited to %s for %.0f s, and counted its "
		       "touches per second and whether it was OOM-killed. ",
		       bytes(h, press->hot_bytes), bytes(c, press->cold_bytes),
		       bytes(l, press->limit_bytes), press->duration_s);
	}
	if (build || svc || cache || gc) {
		char which[128] = "";

		if (build)
			sp_cat_sep(which, sizeof(which), ", ", "the build job");
		if (svc)
			sp_cat_sep(which, sizeof(which), ", ", "the service");
		if (cache)
			sp_cat_sep(which, sizeof(which), ", ", "the cache");
		if (gc)
			sp_cat_sep(which, sizeof(which), ", ", "the gc");
		sp_cat(s, sizeof(s),
		       "The scenarios (%s) ran each placement's workload in a memory cgroup "
		       "limited to the budget%s. ",
		       which, baseline ? ", beside a baseline without swap" : "");
	}
	if (r->profile.done)
		sp_cat(s, sizeof(s),
		       "The disk's position profile read %zu "
		       "positions from its first sector to its last in %.1f s. ",
		       r->profile.n, r->profile.duration_s);
	if (r->duration_s > 0)
		sp_cat(s, sizeof(s), "The run took %.0f s.", r->duration_s);
	sp_doc_add_text(d, SP_DOC_PARA, "%s", s);
	if (r->constraints.done) {
		const struct sp_constraints *c = &r->constraints;

		s[0] = '\0';
		if (c->cpu_max > 0)
			sp_cat(s, sizeof(s), "--cpu-max %g: %s", c->cpu_max,
			       c->cpu_applied ? "applied" : c->cpu_reason);
		if (c->io_max_iops > 0) {
			sp_cat(s, sizeof(s), "%s--io-max %lld IOPS", s[0] ? "; " : "",
			       (long long)c->io_max_iops);
			if (c->io_max_bps > 0)
				sp_cat(s, sizeof(s), ", %.1f MiB/s",
				       (double)c->io_max_bps / 1048576);
			sp_cat(s, sizeof(s), ": %s", c->io_applied ? "applied" : c->io_reason);
		}
		if (s[0])
			sp_doc_add_text(d, SP_DOC_PARA,
					"The workloads ran in a constrained box: %s.", s);
	}
}

/* Why a placement has no latency, or what else its result says: the fault first (it is why). */
static void notes(struct sp_doc *d, const struct sp_report *r)
{
	int head = 0;

	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++) {
		const struct sp_result *res = &r->results[i];

		if (!res->error[0] && !res->reason[0])
			continue;
		if (!head++)
			sp_doc_add_text(d, SP_DOC_HEADING, "Status and reason per placement");
		sp_doc_add_text(d, SP_DOC_BULLET, "%s (%s): %s%s%s%s", res->placement,
				sp_status_name(res->status), res->error[0] ? "ERROR: " : "",
				res->error, res->error[0] && res->reason[0] ? "; " : "",
				res->reason);
	}
}

/* ---- the ranking ------------------------------------------------------------------------ */

static void ranking_section(struct sp_doc *d, const struct sp_report *r,
			    const struct sp_findings *f)
{
	static const char *const heads[] = {"#",
					    "placement",
					    "status",
					    "swap-in median (us)",
					    "95 % CI (us)",
					    "p99 (us)",
					    "x best",
					    "device QD1 median (us)",
					    "x device",
					    "real swap-ins"};
	char cells[MAX_COLS][CELL], x[16], y[16];
	struct sp_doc_table *t;
	struct sp_chart *c;

	sp_doc_add_text(d, SP_DOC_SECTION, "Ranking");
	if (!f->n_ranked)
		sp_doc_add_text(d, SP_DOC_PARA, "No placement produced a swap-in latency.");
	sp_doc_add_text(d, SP_DOC_PARA,
			"Swap-in latency from the fault probe, real swap-ins only, fastest "
			"first. \"x best\" is the median over the fastest placement's median.");
	t = sp_doc_add_table(d, "Swap-in latency per placement", 10, heads, "rllrrrrrrr");
	for (size_t k = 0; k < r->n_results && k < SP_MAX_RESULTS; k++) {
		/* the ranked first, in rank order; then the rest in report order */
		int i = k < f->n_ranked ? f->ranked[k] : -1, rk;
		const struct sp_result *res;

		if (i < 0) {
			size_t skip = k - f->n_ranked, seen = 0;

			for (size_t j = 0; j < r->n_results; j++)
				if (rank_of(f, (int)j) < 0 && seen++ == skip) {
					i = (int)j;
					break;
				}
			if (i < 0)
				break;
		}
		res = &r->results[i];
		rk = rank_of(f, i);
		if (rk >= 0)
			set(cells, 0, "%d", rk + 1);
		else
			set(cells, 0, "-");
		set(cells, 1, "%s", res->placement);
		set(cells, 2, "%s", sp_status_name(res->status));
		if (rk >= 0) {
			set(cells, 3, "%s", us(x, lat(r, i)->p50_us));
			set(cells, 4, "%s-%s", us(x, lat(r, i)->p50_ci_lo_us),
			    us(y, lat(r, i)->p50_ci_hi_us));
			set(cells, 5, "%s", us(x, lat(r, i)->p99_us));
			set(cells, 6, "%.2f", f->ratio_to_best[rk]);
		} else {
			for (size_t col = 3; col <= 6; col++)
				set(cells, col, "-");
		}
		set(cells, 7, "%s",
		    res->device_probe.done ? us(x, res->device_probe.qd1.p50_us) : "-");
		if (f->floor_ratio[i] > 0)
			set(cells, 8, "%.2f", f->floor_ratio[i]);
		else
			set(cells, 8, "-");
		if (res->fault_probe.done)
			set(cells, 9, "%" PRIu64, res->fault_probe.real_swapins);
		else
			set(cells, 9, "-");
		row(t,
		    rk == 0  ? SP_DOC_MARK_STRONG
		    : rk < 0 ? SP_DOC_MARK_WEAK
			     : SP_DOC_MARK_NONE,
		    cells);
	}
	sp_doc_table_note(
	    t, "bold: the fastest; grey: no swap-in latency (why: below); CI: the "
	       "median's 95 %% confidence interval; device QD1: the device probe's 4 KiB "
	       "read median over the whole area (not the like-for-like floor); x device: "
	       "swap-in median over it; -: "
	       "not measured");
	notes(d, r);

	if (!f->n_ranked)
		return;
	c = sp_chart_new(SP_CHART_BARS, "Swap-in median per placement, with its 95 % CI",
			 "swap-in median (us)", "placement");
	if (c)
		c->horizontal = 1;
	for (size_t k = 0; k < f->n_ranked && c; k++) {
		int i = f->ranked[k];
		char label[32];

		snprintf(label, sizeof(label), "%s us", us(x, lat(r, i)->p50_us));
		sp_chart_add_bar(c, r->results[i].placement,
				 sp_placement_chart_group(r->results[i].id.kind), lat(r, i)->p50_us,
				 label);
		if (lat(r, i)->p50_ci_lo_us > 0 &&
		    lat(r, i)->p50_ci_lo_us <= lat(r, i)->p50_ci_hi_us)
			sp_chart_bar_range(c, lat(r, i)->p50_ci_lo_us, lat(r, i)->p50_ci_hi_us);
	}
	chart_done(d, c);
}

/* ---- latency distributions -------------------------------------------------------------- */

/*
 * The CDF of a summary: its kept points, or for a report written before them its order
 * statistics (min, p50, p95, p99, p99.9, max). Only points with a latency and x ascending.
 * Returns the number of points in x, y (at most SP_LAT_CDF_MAX); *from_points: the kept ones.
 */
static size_t cdf_points(const struct sp_lat_summary *l, double *x, double *y, int *from_points)
{
	double px[SP_LAT_CDF_MAX], py[SP_LAT_CDF_MAX];
	size_t n = 0, m = 0;

	*from_points = l->n_cdf > 0;
	if (l->n_cdf) {
		for (size_t i = 0; i < l->n_cdf && i < SP_LAT_CDF_MAX; i++) {
			px[m] = l->cdf_us[i];
			py[m++] = l->cdf_pct[i] / 100.0;
		}
	} else {
		const double v[] = {l->min_us, l->p50_us,  l->p95_us,
				    l->p99_us, l->p999_us, l->max_us};
		const double q[] = {0, 0.5, 0.95, 0.99, 0.999, 1};

		for (size_t i = 0; i < 6; i++) {
			px[m] = v[i];
			py[m++] = q[i];
		}
	}
	for (size_t i = 0; i < m; i++) {
		if (!isfinite(px[i]) || px[i] <= 0 || !isfinite(py[i]))
			continue; /* not measured */
		if (n && px[i] < x[n - 1])
			continue;
		x[n] = px[i];
		y[n++] = py[i];
	}
	return n;
}

static void latency_section(struct sp_doc *d, const struct sp_report *r,
			    const struct sp_findings *f)
{
	static const char *const heads[] = {"placement", "samples",  "min (us)",   "p50 (us)",
					    "p95 (us)",	 "p99 (us)", "p99.9 (us)", "max (us)"};
	char cells[MAX_COLS][CELL], a[16];
	double x[SP_LAT_CDF_MAX], y[SP_LAT_CDF_MAX];
	struct sp_doc_table *t;
	struct sp_chart *c;
	size_t n_old = 0;
	int fp;

	if (!f->n_ranked)
		return;
	sp_doc_add_text(d, SP_DOC_SECTION, "Latency distributions");
	c = sp_chart_new(SP_CHART_LINES, "Swap-in latency, cumulative", "swap-in latency (us)",
			 "fraction of swap-ins");
	for (size_t k = 0; k < f->n_ranked && c; k++) {
		int i = f->ranked[k];
		size_t n = cdf_points(lat(r, i), x, y, &fp);

		n_old += !fp;
		if (n >= 2)
			sp_chart_add_series(c, r->results[i].placement,
					    sp_placement_chart_group(r->results[i].id.kind), x, y,
					    n);
	}
	sp_doc_add_text(
	    d, SP_DOC_PARA,
	    "Each line is one placement's swap-in latencies: at a latency on the x axis, the "
	    "line's height is the fraction of swap-ins that took at most that long. A line further "
	    "left is faster; a long flat tail to the right is the slow swap-ins.%s",
	    n_old == f->n_ranked ? " This report kept no CDF points: each line joins the "
				   "minimum, p50, p95, p99, p99.9 and the maximum."
	    : n_old ? " Where a placement kept no CDF points, its line joins the minimum, p50, "
		      "p95, p99, p99.9 and the maximum."
		    : "");
	chart_done(d, c);
	t = sp_doc_add_table(d, "Swap-in latency percentiles", 8, heads, "lrrrrrrr");
	for (size_t k = 0; k < f->n_ranked; k++) {
		const struct sp_lat_summary *l = lat(r, f->ranked[k]);

		set(cells, 0, "%s", r->results[f->ranked[k]].placement);
		set(cells, 1, "%" PRIu64, l->samples);
		set(cells, 2, "%s", us(a, l->min_us));
		set(cells, 3, "%s", us(a, l->p50_us));
		set(cells, 4, "%s", us(a, l->p95_us));
		set(cells, 5, "%s", us(a, l->p99_us));
		set(cells, 6, "%s", us(a, l->p999_us));
		set(cells, 7, "%s", us(a, l->max_us));
		row(t, SP_DOC_MARK_NONE, cells);
	}
}

/* ---- io_uring queue depth --------------------------------------------------------------- */

static void uring_section(struct sp_doc *d, const struct sp_report *r)
{
	static const char *const heads[] = {"placement", "queue depth", "samples", "real swap-ins",
					    "p50 (us)",	 "p99 (us)",	"pages/s", "note"};
	char cells[MAX_COLS][CELL], a[16];
	struct sp_doc_table *t;
	struct sp_chart *c;
	int any = 0;

	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++)
		any |= r->results[i].fault_probe.n_uring > 0;
	if (!any)
		return;
	sp_doc_add_text(d, SP_DOC_SECTION, "io_uring queue depth");
	sp_doc_add_text(d, SP_DOC_PARA,
			"Evicted pages swapped in by io_uring (MADV_POPULATE_READ), several at "
			"once: how many pages per second each placement delivers as the queue "
			"deepens. A disk that gains nothing from depth has one actuator; an "
			"SSD or zram climbs.");
	c = sp_chart_new(SP_CHART_LINES, "Swap-in rate against io_uring queue depth", "queue depth",
			 "pages/s");
	t = NULL;
	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++) {
		const struct sp_fault_probe *fp = &r->results[i].fault_probe;
		double x[SP_MAX_URING], y[SP_MAX_URING];
		size_t n = 0;

		for (size_t k = 0; k < fp->n_uring && k < SP_MAX_URING; k++) {
			const struct sp_uring_point *u = &fp->uring[k];

			if (u->invalid || !(u->pages_per_s > 0) || (n && u->qd <= x[n - 1]))
				continue;
			x[n] = u->qd;
			y[n++] = u->pages_per_s;
		}
		if (n && c)
			sp_chart_add_series(c, r->results[i].placement,
					    sp_placement_chart_group(r->results[i].id.kind), x, y,
					    n);
	}
	chart_done(d, c);
	t = sp_doc_add_table(d, "io_uring swap-ins per queue depth", 8, heads, "lrrrrrrl");
	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++) {
		const struct sp_fault_probe *fp = &r->results[i].fault_probe;

		for (size_t k = 0; k < fp->n_uring && k < SP_MAX_URING; k++) {
			const struct sp_uring_point *u = &fp->uring[k];

			set(cells, 0, "%s", r->results[i].placement);
			set(cells, 1, "%u", u->qd);
			set(cells, 2, "%" PRIu64, u->samples);
			set(cells, 3, "%" PRIu64, u->real_swapins);
			set(cells, 4, "%s", us(a, u->p50_us));
			set(cells, 5, "%s", us(a, u->p99_us));
			set(cells, 6, "%s",
			    u->pages_per_s > 0 ? sp_fmt_rate(a, u->pages_per_s) : "-");
			set(cells, 7, "%s",
			    u->invalid ? "invalid: samples and swap-ins differ by over 5 %" : "");
			row(t, u->invalid ? SP_DOC_MARK_WEAK : SP_DOC_MARK_NONE, cells);
		}
	}
	sp_doc_table_note(
	    t, "grey: not a latency (samples and real swap-ins differ by more than 5 %%)");
}

/* ---- the scenarios ---------------------------------------------------------------------- */

static const char *mib(char *buf, uint64_t v, int known)
{
	if (!known)
		snprintf(buf, 16, "-");
	else
		snprintf(buf, 16, "%llu", (unsigned long long)((v + (1u << 19)) >> 20));
	return buf;
}

static void job_row(struct sp_doc_table *t, const struct sp_result *res, const char *xbest,
		    const char *xram, enum sp_doc_mark m)
{
	const struct sp_scenario_build *j = &res->scenarios.build;
	char cells[MAX_COLS][CELL], a[16];

	set(cells, 0, "%s", res->placement);
	if (j->status == SP_STATUS_OK)
		set(cells, 1, "%.1f", j->wall_s);
	else
		set(cells, 1, "-");
	set(cells, 2, "%s", xbest);
	set(cells, 3, "%s", xram);
	set(cells, 4, "%" PRIu64, j->pswpin);
	set(cells, 5, "%" PRIu64, j->pswpout);
	set(cells, 6, "%" PRIu64, j->major_faults);
	set(cells, 7, "%s", mib(a, j->file_read_bytes, j->has_file_io));
	set(cells, 8, "%s", mib(a, j->file_written_bytes, j->has_file_io));
	set(cells, 9, "%s", j->oom_killed ? "yes" : "no");
	if (j->status == SP_STATUS_OK)
		set(cells, 10, "%s", "");
	else
		set(cells, 10, "%s: %s", sp_status_name(j->status),
		    reason_or(j->reason, "(no reason recorded)"));
	row(t, m, cells);
}

/* The first result whose build job says where its trees lie, or NULL. */
static const struct sp_scenario_build *job_files(const struct sp_report *r)
{
	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++)
		if (r->results[i].scenarios.build.n_files)
			return &r->results[i].scenarios.build;
	return NULL;
}

/* "62/21/17" of wall_s: waiting for swap-ins, for the filesystem, on the CPU */
static int regime_shares(char *buf, size_t len, const struct sp_scenario_build *b)
{
	const struct sp_build_regime *g = &b->regime;

	if (!g->done || !(b->wall_s > 0) || b->status != SP_STATUS_OK)
		return 0;
	snprintf(buf, len, "%.0f/%.0f/%.0f", 100 * g->wait_swap_s / b->wall_s,
		 100 * g->wait_file_s / b->wall_s, 100 * g->cpu_s / b->wall_s);
	return 1;
}

/*
 * The regime the job worked in: how far past the limit, and where its time went on each
 * placement (the worker's own clocks: wall less CPU time while touching heap, while running
 * code and reading and writing files).
 */
static void regime_para(struct sp_doc *d, const struct sp_report *r,
			const struct sp_build_ranking *k)
{
	const struct sp_build_regime *g = NULL;
	char shares[512] = "", one[48], a[16], b[16];

	for (size_t i = 0; i < k->n; i++) {
		const struct sp_scenario_build *j = &r->results[k->rows[i].result].scenarios.build;

		if (!regime_shares(one, sizeof(one), j))
			continue;
		if (!g && j->regime.limit_bytes)
			g = &j->regime;
		sp_cat_sep(shares, sizeof(shares), ", ", "%s %s", k->rows[i].placement, one);
	}
	if (k->has_ram && regime_shares(one, sizeof(one), &r->results[k->ram].scenarios.build))
		sp_cat_sep(shares, sizeof(shares), ", ", "%s %s", r->results[k->ram].placement,
			   one);
	if (!g || !shares[0])
		return;
	sp_doc_add_text(
	    d, SP_DOC_PARA,
	    "The job's regime: without a limit it would hold %s, %.1f times the limit of %s (the "
	    "field's GHC build needed about twice its RAM). Of each placement's wall time, the "
	    "share spent waiting for swap-ins / waiting for the filesystem / on the CPU, in %%: "
	    "%s. With more than one job at once (--jobs) the shares are of the processes' "
	    "summed time and can add up to more than 100.",
	    sp_format_bytes(g->working_set_bytes, a, sizeof(a)),
	    (double)g->working_set_bytes / (double)g->limit_bytes,
	    sp_format_bytes(g->limit_bytes, b, sizeof(b)), shares);
}

static void build_section(struct sp_doc *d, const struct sp_report *r, const struct sp_findings *f)
{
	static const char *const heads[] = {
	    "placement",	  "wall time (s)",     "x best",       "x ram",
	    "swap-ins (pages)",	  "swap-outs (pages)", "major faults", "file read (MiB)",
	    "file written (MiB)", "OOM-killed",	       "note"};
	const struct sp_build_ranking *k = &f->build;
	char xb[16], xr[16], spread[512] = "", pc[16] = "mixed", what[96];
	size_t runs = f->build_runs;
	struct sp_doc_table *t;
	struct sp_chart *c;

	if (!f->has_build)
		return;
	sp_verdict_job_name(r, f, what, sizeof(what)); /* the verdict's words for it */
	if (f->build_page_cluster >= 0)
		snprintf(pc, sizeof(pc), "%d", f->build_page_cluster);
	sp_doc_add_text(d, SP_DOC_SECTION, "%s", f->build_user ? "Your job" : "The build job");
	sp_doc_add_text(
	    d, SP_DOC_PARA,
	    "Wall time of %s per placement, in a memory cgroup limited to the budget (%zu %s each, "
	    "the fastest kept; vm.page-cluster %s). \"x best\" is over the fastest placement, "
	    "\"x ram\" over the job without a memory limit; file read and written are the job's "
	    "own file I/O with the swap-ins taken out.",
	    what, runs, sp_plural(runs, "run", "runs"), pc);
	regime_para(d, r, k);
	t = sp_doc_add_table(d, "Job wall time per placement", 11, heads, "lrrrrrrrrll");
	for (size_t i = 0; i < k->n; i++) {
		snprintf(xb, sizeof(xb), "%.2f", k->rows[i].ratio_to_best);
		if (k->has_ram)
			snprintf(xr, sizeof(xr), "%.2f", k->rows[i].ratio_to_ram);
		else
			snprintf(xr, sizeof(xr), "-");
		job_row(t, &r->results[k->rows[i].result], xb, xr,
			i == 0 ? SP_DOC_MARK_STRONG : SP_DOC_MARK_NONE);
		if (k->rows[i].n_runs >= 2)
			sp_cat_sep(spread, sizeof(spread), ", ", "%s %.1f %%", k->rows[i].placement,
				   k->rows[i].spread_pct);
	}
	for (size_t i = 0; i < f->n_build_not_ok; i++)
		job_row(t, &r->results[f->build_not_ok[i]], "-", "-", SP_DOC_MARK_WEAK);
	if (k->has_ram)
		job_row(t, &r->results[k->ram], "-", "1.00", SP_DOC_MARK_NONE);
	if (spread[0])
		sp_doc_table_note(
		    t,
		    "bold: the fastest; grey: the job did not finish; run-to-run spread (max "
		    "- min over the fastest): %s",
		    spread);
	else
		sp_doc_table_note(
		    t, "bold: the fastest; grey: the job did not finish; -: not measured");

	c = sp_chart_new(SP_CHART_BARS, "Job wall time per placement", "wall time (s)",
			 "placement");
	if (c)
		c->horizontal = 1;
	for (size_t i = 0; i <= k->n && c; i++) {
		int idx = i < k->n ? k->rows[i].result : k->has_ram ? k->ram : -1;
		char label[32];

		if (idx < 0)
			break;
		snprintf(label, sizeof(label), "%.1f s", r->results[idx].scenarios.build.wall_s);
		sp_chart_add_bar(c, r->results[idx].placement,
				 sp_placement_chart_group(r->results[idx].id.kind),
				 r->results[idx].scenarios.build.wall_s, label);
	}
	chart_done(d, c);
}

/* "2: sp-service x2", "1: sp-spike", "-": the OOM kills and whom they took, grouped */
static void victims(char *buf, size_t len, const struct sp_service_case *c)
{
	buf[0] = '\0';
	if (!c->oom_kills) {
		snprintf(buf, len, "-");
		return;
	}
	sp_cat(buf, len, "%" PRIu64, c->oom_kills);
	for (size_t i = 0; i < c->n_oom_victims && i < SP_SERVICE_MAX_VICTIMS;) {
		size_t j = i;

		while (j < c->n_oom_victims && !strcmp(c->oom_victims[j], c->oom_victims[i]))
			j++;
		sp_cat(buf, len, "%s%s", i ? ", " : ": ", c->oom_victims[i]);
		if (j - i > 1)
			sp_cat(buf, len, " x%zu", j - i);
		i = j;
	}
}

/* res's service case named cname, or NULL */
static const struct sp_service_case *case_named(const struct sp_result *res, const char *cname)
{
	const struct sp_scenario_service *sv = &res->scenarios.service;

	for (size_t k = 0; k < sv->n_cases && k < SP_SVC_N_CASES; k++)
		if (!strcmp(sv->cases[k].name, cname))
			return &sv->cases[k];
	return NULL;
}

/* "12.5, 14.1, 13.0": a case's runs of one figure, as the table's cells print it */
static void runs_list(char *buf, size_t len, const double *v, size_t n)
{
	char a[16];

	buf[0] = '\0';
	for (size_t i = 0; i < n && i < SP_SERVICE_MAX_RUNS; i++)
		sp_cat(buf, len, "%s%s", i ? ", " : "", ms(a, v[i], isfinite(v[i])));
}

/*
 * Under a case's table: with --repeat, each placement's runs (the table holds the worst run's
 * figures); and the vm.page-cluster and vm.swappiness the cases ran with.
 */
static void service_notes(const struct sp_report *r, const char *cname, char *note, size_t len)
{
	char runs[600] = "", knobs[400] = "", a[160];
	size_t most = 0;

	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++) {
		const struct sp_service_case *x = case_named(&r->results[i], cname);

		if (!x)
			continue;
		if (x->n_runs > 1) {
			most = x->n_runs > most ? x->n_runs : most;
			runs_list(a, sizeof(a), x->p95_ms_runs, x->n_runs);
			sp_cat_sep(runs, sizeof(runs), "; ", "%s %s", r->results[i].placement, a);
		}
		if (x->page_cluster >= 0 || x->swappiness >= 0) {
			char pc[16] = "?", sw[16] = "?";

			if (x->page_cluster >= 0)
				snprintf(pc, sizeof(pc), "%d", x->page_cluster);
			if (x->swappiness >= 0)
				snprintf(sw, sizeof(sw), "%d", x->swappiness);
			sp_cat_sep(knobs, sizeof(knobs), ", ", "%s %s/%s", r->results[i].placement,
				   pc, sw);
		}
	}
	if (most)
		sp_cat_sep(note, len, "; ",
			   "up to %zu runs each, the worst run's figures shown; p95 (ms) of every "
			   "run: %s",
			   most, runs);
	if (knobs[0])
		sp_cat_sep(note, len, "; ", "vm.page-cluster/vm.swappiness in the case: %s", knobs);
}

static void service_section(struct sp_doc *d, const struct sp_report *r,
			    const struct sp_findings *f)
{
	static const char *const what[SP_SVC_N_CASES] = {
	    [SP_SVC_FITS] = "data at 80 % of the limit",
	    [SP_SVC_COLD] = "120 %, the excess idle",
	    [SP_SVC_HOT] = "120 %, all of it read",
	    [SP_SVC_SPIKE] = "fits, plus a burst beside it",
	};
	/* no p50: the seed reported p95 alone; report.json keeps it */
	static const char *const heads[] = {
	    "placement", "sent",     "failed",	       "start (s)",	  "served (/s)",
	    "p95 (ms)",	 "p99 (ms)", "top speed (/s)", "swap used (MiB)", "OOM kills"};
	char cells[MAX_COLS][CELL], a[16], cap[96], note[1200];

	if (!f->has_service)
		return;
	sp_doc_add_text(d, SP_DOC_SECTION, "The service");
	sp_doc_add_text(
	    d, SP_DOC_PARA,
	    "A service answering requests at a steady rate (open loop) in a memory cgroup limited "
	    "to the budget, per case and placement. Latencies run from each request's intended "
	    "send time, so a stall counts as backlog; start is from the service's launch to the "
	    "first request it served, served the rate it kept up with; top speed is 4 clients "
	    "in a closed loop; swap used is the cgroup's peak.");
	for (int k = 0; k < SP_SVC_N_CASES; k++) {
		const char *cname = sp_service_case_name((enum sp_service_case_kind)k);
		struct sp_doc_table *t;

		if (!f->service[k].have)
			continue;
		snprintf(cap, sizeof(cap), "%s (%s)", cname, what[k]);
		sp_doc_add_text(d, SP_DOC_HEADING, "%s", cap);
		t = sp_doc_add_table(d, NULL, 10, heads,
				     "lrrrrrrrrl"); /* the heading is its caption */
		for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++) {
			const struct sp_service_case *x = case_named(&r->results[i], cname);

			if (!x)
				continue;
			set(cells, 0, "%s", r->results[i].placement);
			set(cells, 1, "%" PRIu64, x->sent);
			set(cells, 2, "%" PRIu64, x->failed);
			set(cells, 3, "%s", ms(a, x->start_s, isfinite(x->start_s)));
			set(cells, 4, "%s",
			    isfinite(x->served_per_s) ? sp_fmt_rate(a, x->served_per_s) : "-");
			set(cells, 5, "%s", ms(a, x->p95_ms, x->served > 0));
			set(cells, 6, "%s", ms(a, x->p99_ms, x->served > 0));
			set(cells, 7, "%s", sp_fmt_rate(a, x->top_speed_per_s));
			set(cells, 8, "%s",
			    mib(a, (uint64_t)(x->swap_used_bytes > 0 ? x->swap_used_bytes : 0),
				x->swap_used_bytes >= 0));
			victims(cells[9], CELL, x);
			row(t, (int)i == f->service[k].best ? SP_DOC_MARK_STRONG : SP_DOC_MARK_NONE,
			    cells);
		}
		note[0] = '\0';
		if (f->service[k].best >= 0)
			sp_cat(note, sizeof(note),
			       "bold: the best placement with swap (fewest failed requests, then "
			       "fewest OOM kills, then the lowest p95)");
		service_notes(r, cname, note, sizeof(note));
		if (note[0])
			sp_doc_table_note(t, "%s", note);
	}
}

static void cache_section(struct sp_doc *d, const struct sp_report *r, const struct sp_findings *f)
{
	static const char *const heads[] = {
	    "placement",     "pool (% of budget)", "ops/s",
	    "p95 (ms)",	     "swap-ins/s",	   "swap-outs/s",
	    "pgscan direct", "PSI some/full",	   "pool/other on swap (%)",
	    "note"};
	char cells[MAX_COLS][CELL], a[16], line[512] = "";
	struct sp_doc_table *t;

	if (!f->has_cache)
		return;
	sp_doc_add_text(d, SP_DOC_SECTION, "The cache");
	sp_doc_add_text(
	    d, SP_DOC_PARA,
	    "A database with its own buffer pool sized as a share of the budget, beside the fixed "
	    "memory of four worker processes, hotter per page than the pool, all under the one "
	    "limit; client threads send each request through a worker to the database. When the "
	    "pool's own pages go out to swap, the cache caches on disk what the disk already "
	    "holds: \"pool/other on swap\" is the most of each seen swapped out (the processes' "
	    "own swap use of that memory, smaps). pgscan is the case's cgroup's where the kernel "
	    "counts it (v2); on v1 it "
	    "is not available (-), never the machine's. PSI is the cgroup's on v2, else the "
	    "machine's.");
	t = sp_doc_add_table(d, "Cache cases per placement", 10, heads, "lrrrrrrrrl");
	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++) {
		const struct sp_scenario_cache *s = &r->results[i].scenarios.cache;

		for (size_t c = 0; s->done && c < s->n_cases && c < SP_CACHE_MAX_CASES; c++) {
			const struct sp_cache_case *x = &s->cases[c];
			int ok = x->status == SP_STATUS_OK;

			set(cells, 0, "%s", r->results[i].placement);
			set(cells, 1, "%.0f", x->cache_pct);
			set(cells, 2, "%s", ok ? sp_fmt_rate(a, x->ops_per_s) : "-");
			set(cells, 3, "%s", ok ? (snprintf(a, 16, "%.2f", x->p95_ms), a) : "-");
			set(cells, 4, "%s", ok ? sp_fmt_rate(a, x->swapin_pages_per_s) : "-");
			set(cells, 5, "%s", ok ? sp_fmt_rate(a, x->swapout_pages_per_s) : "-");
			if (ok && x->has_pgscan_direct)
				set(cells, 6, "%" PRIu64, x->pgscan_direct);
			else
				set(cells, 6, "-");
			if (!ok || x->psi_scope == SP_SCOPE_NONE)
				set(cells, 7, "-");
			else if (x->has_psi_full)
				set(cells, 7, "%.2f/%.2f", x->psi_some_avg10, x->psi_full_avg10);
			else
				set(cells, 7, "%.2f/-", x->psi_some_avg10);
			if (ok && x->evicted.has && x->cache_bytes && x->other_bytes)
				set(cells, 8, "%.0f/%.0f",
				    100.0 * (double)x->evicted.pool_bytes / (double)x->cache_bytes,
				    100.0 * (double)x->evicted.other_bytes /
					(double)x->other_bytes);
			else if (ok && x->has_swapped && x->cache_bytes)
				set(cells, 8, "%.0f/-",
				    100.0 * (double)x->cache_swapped_bytes /
					(double)x->cache_bytes);
			else
				set(cells, 8, "-");
			if (ok)
				set(cells, 9, "%s", "");
			else
				set(cells, 9, "%s: %s", sp_status_name(x->status),
				    reason_or(x->reason, "(no reason recorded)"));
			row(t, ok ? SP_DOC_MARK_NONE : SP_DOC_MARK_WEAK, cells);
		}
	}
	sp_doc_table_note(
	    t, "grey: the case did not run ok (its status and reason); -: not measured or "
	       "the kernel has no such counter");
	for (size_t i = 0; i < f->n_cache; i++) {
		const struct sp_cache_finding *cf = &f->cache[i];

		if (!cf->trap.n_measured)
			continue;
		if (cf->trap.found)
			sp_cat_sep(line, sizeof(line), ", ", "%s from a pool of %.0f %%",
				   r->results[cf->result].placement, cf->trap.cache_pct);
		else
			sp_cat_sep(line, sizeof(line), ", ", "%s never",
				   r->results[cf->result].placement);
	}
	if (line[0])
		sp_doc_add_text(d, SP_DOC_PARA, "The service swapped its own cache: %s.", line);
}

/* A pause in ms: three decimals below 1 ms (in RAM a pause is microseconds). */
static void set_pause(char cells[][CELL], size_t col, double ms)
{
	set(cells, col, ms < 1 ? "%.3f" : "%.1f", ms);
}

/* Columns 1 to 7 of a gc row: a run's figures or its baseline's. */
static void gc_cells(char cells[][CELL], uint64_t pauses, double p50, double p99, double worst,
		     uint64_t faults, const struct sp_gc_alloc_latency *a)
{
	set(cells, 1, "%" PRIu64, pauses);
	set_pause(cells, 2, p50);
	set_pause(cells, 3, p99);
	set_pause(cells, 4, worst);
	set(cells, 5, "%" PRIu64, faults);
	set(cells, 6, "%.1f", a->p99_us);
	set(cells, 7, "%.0f", a->max_us);
}

static void gc_section(struct sp_doc *d, const struct sp_report *r, const struct sp_findings *f)
{
	static const char *const heads[] = {
	    "placement",      "pauses",		  "p50 pause (ms)",
	    "p99 pause (ms)", "worst pause (ms)", "faults in pauses",
	    "alloc p99 (us)", "alloc max (us)",	  "note"};
	char cells[MAX_COLS][CELL], label[32], heap[160] = "";
	struct sp_doc_table *t;
	struct sp_chart *c;

	if (!f->has_gc)
		return;
	if (f->gc.heap_ratio > 0)
		snprintf(heap, sizeof(heap),
			 " The heap was %.2f times the budget; with its metadata and a cycle's "
			 "allocations %.2f times.",
			 f->gc.heap_ratio, f->gc.peak_ratio);
	sp_doc_add_text(d, SP_DOC_SECTION, "The gc");
	sp_doc_add_text(
	    d, SP_DOC_PARA,
	    "A heap that fits, a mutator that allocates past the budget between two "
	    "stop-the-world pauses, and the GC's metadata, which only the pauses read: the "
	    "budget's reclaim takes it, and each pause faults it back. Faults in pauses are the "
	    "worker's major faults inside its pauses; alloc is each allocation with its first "
	    "touch. One run per placement.%s",
	    heap);
	t = sp_doc_add_table(d, "gc pauses per placement", 9, heads, "lrrrrrrrl");
	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++) {
		const struct sp_scenario_gc *g = &r->results[i].scenarios.gc;
		int ok = g->status == SP_STATUS_OK;

		if (!g->done)
			continue;
		set(cells, 0, "%s", r->results[i].placement);
		if (ok) {
			gc_cells(cells, g->pauses, g->p50_pause_ms, g->p99_pause_ms,
				 g->worst_pause_ms, g->faults_in_pauses, &g->alloc_latency);
			set(cells, 8, "%s", "");
		} else {
			for (size_t col = 1; col <= 7; col++)
				set(cells, col, "-");
			set(cells, 8, "%s: %s", sp_status_name(g->status),
			    reason_or(g->reason, "(no reason recorded)"));
		}
		row(t,
		    !ok						  ? SP_DOC_MARK_WEAK
		    : f->gc.n_ranked && f->gc.ranked[0] == (int)i ? SP_DOC_MARK_STRONG
								  : SP_DOC_MARK_NONE,
		    cells);
	}
	if (f->gc.baseline >= 0) {
		const struct sp_gc_baseline *b = &r->results[f->gc.baseline].scenarios.gc.baseline;

		set(cells, 0, "in RAM (%s)", r->results[f->gc.baseline].placement);
		gc_cells(cells, b->pauses, b->p50_pause_ms, b->p99_pause_ms, b->worst_pause_ms,
			 b->faults_in_pauses, &b->alloc_latency);
		set(cells, 8, "%s", "baseline: no limit, no swap");
		row(t, SP_DOC_MARK_NONE, cells);
	}
	sp_doc_table_note(
	    t, "bold: the shortest p99 pause; grey: the gc did not run ok (its status and "
	       "reason); in RAM: the same workload without pressure, before that placement's run");
	c = sp_chart_new(SP_CHART_BARS, "gc p99 pause per placement", "p99 pause (ms)",
			 "placement");
	if (c)
		c->horizontal = 1;
	for (size_t k = 0; k < f->gc.n_ranked && c; k++) {
		const struct sp_result *res = &r->results[f->gc.ranked[k]];

		snprintf(label, sizeof(label), "%.1f ms", res->scenarios.gc.p99_pause_ms);
		sp_chart_add_bar(c, res->placement, sp_placement_chart_group(res->id.kind),
				 res->scenarios.gc.p99_pause_ms, label);
	}
	chart_done(d, c);
}

static void sweep_section(struct sp_doc *d, const struct sp_findings *f)
{
	for (size_t i = 0; i < f->sweep.n_knobs; i++) {
		const struct sp_sweep_knob_finding *k = &f->sweep.knobs[i];
		char heads[MAX_COLS][32], cells[MAX_COLS][CELL], align[MAX_COLS + 1] = "ll";
		const char *hp[MAX_COLS];
		size_t n = 0, nv = k->n_values < MAX_COLS - 3 ? k->n_values : MAX_COLS - 3;
		struct sp_doc_table *t;
		char s[1024];

		sp_doc_add_text(d, SP_DOC_SECTION, "Sweep: %s", sp_knob_sysctl(k->knob));
		sp_sweep_sentence(k, s, sizeof(s));
		sp_doc_add_text(d, SP_DOC_PARA,
				"The scenarios again at each value of %s (median of %zu %s). %s.",
				sp_knob_sysctl(k->knob), k->rounds,
				sp_plural(k->rounds, "run", "runs"), s);
		snprintf(heads[n++], 32, "placement");
		snprintf(heads[n++], 32, "scenario");
		for (size_t v = 0; v < nv; v++) {
			snprintf(heads[n++], 32, "%d",
				 k->values[v]); /* the caption names the knob */
			strcat(align, "r");
		}
		snprintf(heads[n++], 32, "spread");
		strcat(align, "r");
		for (size_t c = 0; c < n; c++)
			hp[c] = heads[c];
		snprintf(s, sizeof(s), "Sweep figures per value of %s", sp_knob_sysctl(k->knob));
		t = sp_doc_add_table(d, s, n, hp, align);
		for (size_t l = 0; l < k->n_lines; l++) {
			const struct sp_sweep_line *ln = &k->lines[l];
			char cell[16];
			int rw;

			set(cells, 0, "%s", ln->placement);
			set(cells, 1, "%s", ln->line);
			for (size_t v = 0; v < nv; v++)
				set(cells, 2 + v, "%s", sp_sweep_cell(ln, v, cell));
			if (isnan(ln->spread_pct))
				set(cells, 2 + nv, "-");
			else
				set(cells, 2 + nv, "%.0f %%", ln->spread_pct);
			rw = row(t, SP_DOC_MARK_NONE, cells);
			/* resolved: the figures and their spread are marked (text: '*') */
			for (size_t c = 2; ln->resolved && rw >= 0 && c < n; c++)
				sp_doc_cell(t, (size_t)rw, c, SP_DOC_MARK_BEYOND, "%s", cells[c]);
		}
		sp_doc_table_note(
		    t,
		    "build: wall time in s; service: each case's p95 in ms; cache: each pool "
		    "size's ops/s (higher is better); gc: the pause's p99 in ms; !: a run "
		    "failed, lost requests or was OOM-killed; spread: the widest range of one "
		    "value's runs; * (marked): every paired run differed by more than the "
		    "spread%s",
		    k->n_dropped ? "; more lines were not analysed" : "");
	}
}

/* ---- the position profile --------------------------------------------------------------- */

/* "The build job's toolchain lies at 0.1-0.2 GiB of the disk, its project at ..." */
static void trees_para(struct sp_doc *d, const struct sp_scenario_build *b)
{
	const double gib = 1024.0 * 1024.0 * 1024.0;
	char where[256] = "";

	for (size_t k = 0; b && k < b->n_files; k++) {
		const struct sp_build_files *t = &b->files[k];

		if (!t->n_extents)
			continue;
		sp_cat_sep(where, sizeof(where), ", ", "its %s at %.2f-%.2f GiB", t->what,
			   (double)t->extents[0].start_sector * 512 / gib,
			   (double)(t->extents[t->n_extents - 1].start_sector +
				    t->extents[t->n_extents - 1].sectors) *
			       512 / gib);
	}
	if (where[0])
		sp_doc_add_text(d, SP_DOC_PARA,
				"The build job's trees lie on the disk as follows: %s.", where);
}

static void profile_section(struct sp_doc *d, const struct sp_report *r,
			    const struct sp_findings *f)
{
	static const char *const heads[] = {"from", "to", "sequential read (MiB/s)",
					    "4 KiB read median (us)", "swap here"};
	const double gib = 1024.0 * 1024.0 * 1024.0;
	const struct sp_profile *p = &r->profile;
	char cells[MAX_COLS][CELL], a[16];
	double *x, *y;
	const struct sp_scenario_build *files;
	struct sp_doc_table *t;
	struct sp_chart *c;
	size_t n = 0;

	if (!p->done || !p->n)
		return;
	files = job_files(r);
	sp_doc_add_text(d, SP_DOC_SECTION, "The disk's position profile");
	sp_doc_add_text(
	    d, SP_DOC_PARA,
	    "The sequential read rate at %zu positions from the disk's first sector (the outer "
	    "tracks of a spinning disk) to its last, read in %.1f s, with the swap areas on the "
	    "target shaded where they lie%s.%s",
	    p->n, p->duration_s,
	    files ? ", and the build job's toolchain and project: between them and a swap area "
		    "the disk's head travels while the job runs"
		  : "",
	    f->profile_outer_inner > 0 ? " The outer edge over the inner edge is below the table "
					 "(a spinning disk gives about 2, an SSD 1)."
				       : "");
	c = sp_chart_new(SP_CHART_PROFILE, "Sequential read rate across the disk",
			 "position on the disk (GiB)", "sequential read (MiB/s)");
	x = malloc(p->n * sizeof(*x));
	y = malloc(p->n * sizeof(*y));
	if (!x || !y) {
		sp_doc_fail(d, -ENOMEM);
	} else {
		for (size_t i = 0; i < p->n && i < SP_PROFILE_MAX_POINTS; i++) {
			double at = (double)p->points[i].offset_bytes / gib;

			if (!(p->points[i].seq_mib_s > 0) || (n && at < x[n - 1]))
				continue; /* not measured there */
			x[n] = at;
			y[n++] = p->points[i].seq_mib_s;
		}
		if (n && c)
			sp_chart_add_series(c, "sequential read", SP_CHART_G_DISK, x, y, n);
	}
	free(x);
	free(y);
	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS && c; i++) {
		const struct sp_result *res = &r->results[i];

		if (!sp_placement_on_target(res->id.kind))
			continue;
		for (size_t e = 0; e < res->n_extents && e < SP_MAX_EXTENTS; e++) {
			double x0 = (double)res->extents[e].start_sector * 512 / gib;
			double x1 =
			    (double)(res->extents[e].start_sector + res->extents[e].sectors) * 512 /
			    gib;

			sp_chart_add_range(c, res->placement, x0, x1);
		}
	}
	for (size_t k = 0; files && k < files->n_files && c; k++)
		for (size_t e = 0; e < files->files[k].n_extents; e++) {
			const struct sp_extent *x = &files->files[k].extents[e];

			sp_chart_add_range(c, files->files[k].what,
					   (double)x->start_sector * 512 / gib,
					   (double)(x->start_sector + x->sectors) * 512 / gib);
		}
	chart_done(d, c);
	trees_para(d, files);
	if (!f->n_profile_rows)
		return;
	t = sp_doc_add_table(d, "Position profile, a twentieth of the disk per row", 5, heads,
			     "rrrrl");
	for (size_t k = 0; k < f->n_profile_rows; k++) {
		const struct sp_profile_row *pr = &f->profile_rows[k];
		char marks[96] = "";

		for (int kind = 0; kind < SP_PL_KINDS; kind++)
			if (pr->marks & (1u << kind))
				sp_cat_sep(marks, sizeof(marks), ", ", "%s",
					   sp_placement_kind_name((enum sp_placement_kind)kind));
		set(cells, 0, "%s", sp_format_bytes(pr->from_bytes, a, 16));
		set(cells, 1, "%s", sp_format_bytes(pr->to_bytes, a, 16));
		set(cells, 2, "%s",
		    pr->seq_mib_s > 0 ? (snprintf(a, 16, "%.0f", pr->seq_mib_s), a) : "-");
		set(cells, 3, "%s", us(a, pr->rand_p50_us));
		set(cells, 4, "%s", marks);
		row(t, marks[0] ? SP_DOC_MARK_STRONG : SP_DOC_MARK_NONE, cells);
	}
	if (f->profile_outer_inner > 0)
		sp_doc_table_note(
		    t,
		    "bold: a swap area lies here; sequential rate, outer edge / inner edge: "
		    "%.2fx",
		    f->profile_outer_inner);
	else
		sp_doc_table_note(t, "bold: a swap area lies here");
}

/* ---- the appendix ----------------------------------------------------------------------- */

/* A growing text for a PRE block; the first failure is sticky (NULL text). */
struct sbuf {
	char *s;
	size_t len, cap;
	int bad;
};

__attribute__((format(printf, 2, 3))) static void sb(struct sbuf *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (o->bad)
		return;
	for (;;) {
		size_t room = o->cap - o->len;

		va_start(ap, fmt);
		n = vsnprintf(o->s ? o->s + o->len : NULL, o->s ? room : 0, fmt, ap);
		va_end(ap);
		if (n < 0) {
			o->bad = 1;
			return;
		}
		if (o->s && (size_t)n < room) {
			o->len += (size_t)n;
			return;
		}
		{
			size_t cap = (o->cap ? o->cap : 512) * 2 + (size_t)n;
			char *ns = realloc(o->s, cap);

			if (!ns) {
				o->bad = 1;
				return;
			}
			o->s = ns;
			o->cap = cap;
		}
	}
}

#define RAW_COLUMNS                                                                                \
	SP_DOC_TEXT_COLUMNS /* the appendix's lines, as report.txt has always had them */

/* One line of the appendix, without trailing blanks (doc_text cuts and cleans it further). */
__attribute__((format(printf, 2, 3))) static void emit(struct sbuf *o, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	n = strlen(line);
	while (n && line[n - 1] == ' ')
		n--;
	sb(o, "%.*s\n", (int)n, line);
}

/* A size as the appendix always printed it: "0 B" for nothing, never "-". */
static const char *mbytes(char *buf, uint64_t v)
{
	return sp_format_bytes(v, buf, 16);
}

/*
 * Word-wrap text: first line after first, the rest after cont (same width as first), broken at
 * field boundaries and never beside a figure ("max" / "1928 us"): core/doc/textmetrics.h.
 */
static void wrap(struct sbuf *out, const char *first, const char *cont, const char *text)
{
	size_t width = RAW_COLUMNS - strlen(first);
	const char *prefix = first;

	while (*text == ' ')
		text++;
	while (*text) {
		size_t n = strlen(text), next, cut = sp_text_fit_fields(text, n, width, &next);

		if (!next)
			next = n;
		emit(out, "%s%.*s", prefix, (int)cut, text);
		text += next;
		prefix = cont;
	}
}

/* Sizes print as everywhere else (units.h: rounded down, never shown larger than they are). */
/* What the box did on one placement: its caps where they differ, the budget keeper. */
static void box_block(struct sbuf *out, const struct sp_result *res)
{
	const struct sp_box_applied *a = &res->constraints;
	const struct sp_budget_kept *k = &res->budget;
	char text[512] = "";

	if (a->done) {
		if (a->cpu_reason[0] && strcmp(a->cpu_reason, "not asked"))
			sp_cat(text, sizeof(text), "cpu %s", a->cpu_reason);
		else if (!a->cpu_reason[0])
			sp_cat(text, sizeof(text), "cpu quota applied");
		/* what the quota did, as the kernel counted it (cpu.stat) */
		if (!a->cpu_reason[0] && a->measured)
			sp_cat(text, sizeof(text), " (throttled in %llu of %llu periods, %.1f s)",
			       (unsigned long long)a->cpu_throttled_periods,
			       (unsigned long long)a->cpu_periods,
			       (double)a->cpu_throttled_us / 1e6);
		if (a->io_reason[0] && strcmp(a->io_reason, "not asked"))
			sp_cat(text, sizeof(text), "%sio cap %s", text[0] ? "; " : "",
			       a->io_reason);
		else if (!a->io_reason[0])
			sp_cat(text, sizeof(text), "%sio cap applied on %s", text[0] ? "; " : "",
			       a->io_device);
		if (!a->io_reason[0] && a->io_measured)
			sp_cat(text, sizeof(text), " (%llu reads, %llu writes through it)",
			       (unsigned long long)a->io_rios, (unsigned long long)a->io_wios);
		if (text[0])
			wrap(out, "  box          ", "               ", text);
	}
	if (k->done) {
		text[0] = '\0';
		sp_cat(text, sizeof(text),
		       "limit %llu MiB, kept down to %llu MiB as zram's pool "
		       "grew to %llu MiB%s",
		       (unsigned long long)(k->limit_bytes_start >> 20),
		       (unsigned long long)(k->limit_bytes_min >> 20),
		       (unsigned long long)(k->zram_pool_peak_bytes >> 20),
		       k->floor_hit ? " (floor hit)" : "");
		wrap(out, "  budget       ", "               ", text);
	}
}

/* A count of results[].zswap, "-" when the kernel has none. */
static const char *count(char *buf, size_t len, int64_t v)
{
	if (v < 0)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%lld", (long long)v);
	return buf;
}

/* One row per placement: was zswap on, and what went through it. */
static void zswap_row(struct sbuf *out, const struct sp_zswap_result *z)
{
	char in[24], o[24], pool[48] = "";

	if (!z->done)
		return;
	if (z->pool_bytes >= 0)
		snprintf(pool, sizeof(pool), "; pool up to %.1f MiB",
			 (double)z->pool_bytes / 1048576.0);
	emit(out, "  zswap        %s%s%s: %s pages in, %s out%s", z->enabled ? "on (" : "off",
	     z->enabled ? z->compressor : "", z->enabled ? ")" : "",
	     count(in, sizeof(in), z->zswpin), count(o, sizeof(o), z->zswpout), pool);
}

static void lat_line(struct sbuf *out, const char *lead, const struct sp_lat_summary *l)
{
	char a[16], b[16], c[16], d[16], e[16];

	emit(out, "%s p50 %s  p95 %s  p99 %s  p99.9 %s  max %s us", lead, sp_fmt_us(a, l->p50_us),
	     sp_fmt_us(b, l->p95_us), sp_fmt_us(c, l->p99_us), sp_fmt_us(d, l->p999_us),
	     sp_fmt_us(e, l->max_us));
}

static void extents(struct sbuf *out, const struct sp_result *res)
{
	char s[SP_MAX_EXTENTS * 44] = "";

	if (!res->n_extents)
		return;
	for (size_t i = 0; i < res->n_extents; i++)
		sp_cat(s, sizeof(s), "%s%llu+%llu", i ? " " : "",
		       (unsigned long long)res->extents[i].start_sector,
		       (unsigned long long)res->extents[i].sectors);
	wrap(out, "  extents      ", "               ", s);
}

static void device_block(struct sbuf *out, const struct sp_device_probe *d, enum sp_dev_range range)
{
	char a[16], b[16], c[16], e[16];

	if (!d->done)
		return;
	emit(out, "  device probe qd1 p50 %s us, p99 %s us, %llu samples over %s",
	     sp_fmt_us(a, d->qd1.p50_us), sp_fmt_us(b, d->qd1.p99_us),
	     (unsigned long long)d->qd1.samples, mbytes(e, d->range_bytes));
	emit(out, "               qd%u %s IOPS, p50 %s us, p99 %s us", d->deep_qd,
	     sp_fmt_rate(a, d->deep_iops), sp_fmt_us(b, d->deep.p50_us),
	     sp_fmt_us(c, d->deep.p99_us));
	emit(out, "               sequential %.1f MiB/s over %s", d->seq_mib_s,
	     mbytes(c, d->seq_bytes));
	if (range == SP_DEV_RANGE_WRITTEN)
		emit(out, "               read after writing its range");
	else if (range == SP_DEV_RANGE_UNWRITTEN_SSD)
		emit(out, "               not rotational, its range not written first:");
	if (range == SP_DEV_RANGE_UNWRITTEN_SSD)
		emit(out, "               the floor may be optimistic for blocks never written");
}

static void fault_block(struct sbuf *out, const struct sp_fault_probe *fp)
{
	char a[16], b[16], c[16], d[16];

	if (!fp->done)
		return;
	emit(out, "  fault probe  %u %s, %s buffer, %u rounds, %llu warm-up dropped", fp->threads,
	     sp_plural(fp->threads, "thread", "threads"), mbytes(a, fp->buffer_bytes), fp->rounds,
	     (unsigned long long)fp->lat.warmup_dropped);
	if (fp->invalid)
		emit(out, "               INVALID: samples and real swap-ins differ by over 5 %%");
	emit(out, "               samples %llu, real swap-ins %llu, pswpin %llu",
	     (unsigned long long)fp->lat.samples, (unsigned long long)fp->real_swapins,
	     (unsigned long long)fp->pswpin_delta);
	emit(out, "               touches %llu, swap-cached %s before the first touch",
	     (unsigned long long)fp->touches, mbytes(d, fp->swapcached_bytes));
	lat_line(out, "              ", &fp->lat);
	emit(out, "               median CI %s-%s us (+/-%.1f %%, target +/-%.1f %%)",
	     sp_fmt_us(a, fp->lat.p50_ci_lo_us), sp_fmt_us(b, fp->lat.p50_ci_hi_us),
	     fp->ci_achieved_pct, fp->ci_target_pct);
	emit(out, "               p99 CI %s-%s us", sp_fmt_us(a, fp->lat.p99_ci_lo_us),
	     sp_fmt_us(c, fp->lat.p99_ci_hi_us));
	if (fp->concurrency.done)
		emit(out, "  concurrency  %u threads at once: p50 %s us, %s swap-ins/s%s",
		     fp->concurrency.threads, sp_fmt_us(a, fp->concurrency.p50_us),
		     sp_fmt_rate(b, fp->concurrency.pages_per_s),
		     fp->concurrency.invalid ? " invalid" : "");
	if (!fp->n_uring)
		return;
	emit(out, "  io_uring     %4s %9s %9s %9s %9s %10s", "qd", "samples", "swap-ins", "p50 us",
	     "p99 us", "pages/s");
	for (size_t i = 0; i < fp->n_uring && i < SP_MAX_URING; i++) {
		const struct sp_uring_point *u = &fp->uring[i];

		emit(out, "               %4u %9llu %9llu %9s %9s %10s%s", u->qd,
		     (unsigned long long)u->samples, (unsigned long long)u->real_swapins,
		     sp_fmt_us(a, u->p50_us), sp_fmt_us(b, u->p99_us),
		     sp_fmt_rate(c, u->pages_per_s), u->invalid ? " invalid" : "");
	}
}

static void pressure_block(struct sbuf *out, const struct sp_pressure_probe *p)
{
	char a[16], b[16], c[16], d[16];

	if (!p->done)
		return;
	emit(out, "  pressure     cgroup v%d, limit %s, hot %s, cold %s, %.1f s", p->cgroup_version,
	     mbytes(a, p->limit_bytes), mbytes(b, p->hot_bytes), mbytes(c, p->cold_bytes),
	     p->duration_s);
	if (!p->touches) /* killed while it filled its memory: nothing was timed */
		emit(out, "               0 timed touches: no rate, no latency");
	else
		emit(out, "               %llu touches, %s/s, p50 %s us, p99 %s us",
		     (unsigned long long)p->touches, sp_fmt_rate(a, p->touches_per_s),
		     sp_fmt_us(b, p->lat.p50_us), sp_fmt_us(c, p->lat.p99_us));
	emit(out, "               %llu major faults, swap used %s, %s",
	     (unsigned long long)p->major_faults, mbytes(d, p->swap_used_bytes),
	     p->oom_killed ? "OOM-KILLED" : "not OOM-killed");
}

static void job_block(struct sbuf *out, const struct sp_scenario_build *b)
{
	char runs[SP_BUILD_MAX_RUNS * 12] = "", a[16];

	if (!b->done)
		return;
	for (size_t i = 0; i < b->n_runs && i < SP_BUILD_MAX_RUNS; i++)
		sp_cat_sep(runs, sizeof(runs), " ", "%.1f", b->wall_s_runs[i]);
	emit(out, "  job          %s, wall %.1f s (runs: %s), cpu %.1f s",
	     sp_status_name(b->status), b->wall_s, runs[0] ? runs : "-", b->cpu_s);
	emit(out, "               limit %s, page-cluster %d",
	     b->limit_bytes ? mbytes(a, b->limit_bytes) : "none", b->page_cluster);
	emit(out, "               swap-out %llu pages at %s pages/s",
	     (unsigned long long)b->swapout.pages, sp_fmt_rate(runs, b->swapout.pages_per_s));
	if (b->regime.done)
		emit(out, "               waited %.1f s for swap-ins, %.1f s for files; cpu %.1f s",
		     b->regime.wait_swap_s, b->regime.wait_file_s, b->regime.cpu_s);
	if (b->reason[0])
		wrap(out, "  job reason   ", "               ", b->reason);
	if (b->output_tail[0] && b->status != SP_STATUS_OK) {
		char line[SP_JOB_TAIL_BYTES];
		const char *p = b->output_tail;

		emit(out, "  job output   (its last lines)");
		while (*p) {
			size_t n = strcspn(p, "\n");

			snprintf(line, sizeof(line), "%.*s", (int)n, p);
			emit(out, "    | %s", line);
			p += n + (p[n] == '\n');
		}
	}
}

static void result_block(struct sbuf *out, const struct sp_result *res, uint32_t page_size,
			 enum sp_dev_range range)
{
	char a[16];

	if (res->error[0])
		wrap(out, "  ERROR        ", "               ", res->error);
	if (res->reason[0])
		wrap(out, "  reason       ", "               ", res->reason);
	for (size_t i = 0; i < res->n_kernel_log && i < SP_KLOG_MAX; i++)
		wrap(out, i ? "               " : "  kernel log   ", "                 ",
		     res->kernel_log[i]);
	if (res->device[0] || res->size_bytes) {
		char ext[32] = "";

		if (res->n_extents)
			snprintf(ext, sizeof(ext), ", %zu %s", res->n_extents,
				 sp_plural(res->n_extents, "extent", "extents"));
		emit(out, "  swap area    %s, %s%s", res->device[0] ? res->device : "-",
		     mbytes(a, res->size_bytes), ext);
	}
	extents(out, res);
	box_block(out, res);
	job_block(out, &res->scenarios.build);
	device_block(out, &res->device_probe, range);
	fault_block(out, &res->fault_probe);
	pressure_block(out, &res->pressure_probe);
	if (res->swapout.pages || res->swapout.seconds > 0) {
		char b[16];

		emit(out, "  swap-out     %llu pages in %.2f s: %s pages/s%s%s%s",
		     (unsigned long long)res->swapout.pages, res->swapout.seconds,
		     sp_fmt_rate(a, res->swapout.pages_per_s), page_size ? " (" : "",
		     page_size ? sp_fmt_rate(b, res->swapout.pages_per_s * page_size / 1048576.0)
			       : "",
		     page_size ? " MiB/s)" : "");
	}
	zswap_row(out, &res->zswap);
	if (res->integrity.pages_checked || res->integrity.mismatches)
		emit(out, "  integrity    %llu pages checked, %llu mismatches%s",
		     (unsigned long long)res->integrity.pages_checked,
		     (unsigned long long)res->integrity.mismatches,
		     res->integrity.mismatches ? "  <-- SERIOUS" : "");
	if (res->compression.data_ratio > 0 || res->compression.zram) {
		const struct sp_compression *c = &res->compression;
		char b[16], d[16];

		emit(out, "  compression  data %.2f:1 (zstd)", c->data_ratio);
		if (c->zram) {
			emit(out, "               zram %.2f:1 (mm_stat): %s stored in %s",
			     c->zram_ratio, mbytes(a, c->orig_data_size),
			     mbytes(b, c->compr_data_size));
			emit(out, "               %s used in all, %llu same-filled pages",
			     mbytes(d, c->mem_used_total), (unsigned long long)c->same_pages);
		}
	}
	emit(out, "%s", "");
}

static void appendix_section(struct sp_doc *d, const struct sp_report *r,
			     const struct sp_findings *f)
{
	struct sp_doc_block *fb;
	char a[16], ts[40] = "-";
	struct tm tm;

	sp_doc_add_text(d, SP_DOC_SECTION, "Appendix: raw figures");
	if (r->started && gmtime_r(&r->started, &tm))
		strftime(ts, sizeof(ts), "%Y-%m-%d %H:%M:%S UTC", &tm);
	fb = sp_doc_add_facts(d);
	fact_str(fb, "Tool version", r->tool_version);
	fact_str(fb, "Schema", r->schema);
	fact_str(fb, "Command", r->command);
	sp_doc_fact(fb, "Started", "%s", ts);
	if (r->duration_s > 0)
		sp_doc_fact(fb, "Duration", "%.1f s", r->duration_s);
	else
		sp_doc_fact(fb, "Duration", "-");
	if (r->estimated_s > 0)
		sp_doc_fact(fb, "Estimated", "%.1f s", r->estimated_s);
	else
		sp_doc_fact(fb, "Estimated", "-");
	sp_doc_fact(fb, "Seed", "%" PRIu64, r->seed);
	sp_doc_fact(fb, "Budget", "%s", bytes(a, r->budget_bytes));
	if (r->time_per_placement_s > 0)
		sp_doc_fact(fb, "Time per placement", "%.0f s", r->time_per_placement_s);
	else
		sp_doc_fact(fb, "Time per placement", "-");
	fact_str(fb, "Target", r->target);
	fact_str(fb, "Layout", r->layout);
	fact_str(fb, "Kernel", r->machine.kernel);
	for (size_t i = 0; r->has_tools && i < r->n_tools && i < SP_REPORT_MAX_TOOLS; i++)
		sp_doc_fact(fb, "Program run", "%s as %s", r->tools[i].name, r->tools[i].path);
	if (r->has_job_user)
		fact_str(fb, "Job run as", r->job_user);
	if (r->machine.timer_cost_ns > 0)
		sp_doc_fact(fb, "Clock read cost", "%.1f ns", r->machine.timer_cost_ns);
	else
		sp_doc_fact(fb, "Clock read cost", "-");
	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++) {
		struct sbuf o = {0};
		const struct sp_result *res = &r->results[i];

		if (res->elapsed_s > 0)
			sp_doc_add_text(d, SP_DOC_HEADING, "%s: %s, %.1f s", res->placement,
					sp_status_name(res->status), res->elapsed_s);
		else
			sp_doc_add_text(d, SP_DOC_HEADING, "%s: %s", res->placement,
					sp_status_name(res->status));
		result_block(&o, res, r->machine.page_size, f->dev_range[i]);
		while (o.len && o.s[o.len - 1] == '\n')
			o.s[--o.len] = '\0';
		if (o.bad) {
			sp_doc_fail(d, -ENOMEM);
		} else if (o.len) {
			sp_doc_add_text(d, SP_DOC_PRE, "%s", o.s);
		}
		free(o.s);
	}
}

/* ---- the whole ---------------------------------------------------------------------------- */

int sp_report_doc_build(struct sp_doc *d, const struct sp_report *r, const struct sp_findings *fin)
{
	struct sp_findings *own = NULL;
	const struct sp_findings *f = fin;
	char id[64], when[64], sub[160], foot[256], mname[160];
	int ret;

	if (!d || !r || r->n_results > SP_MAX_RESULTS || r->n_devices > SP_MAX_DEVICES)
		return -EINVAL;
	if (!f) {
		/* the findings are large: on the heap, not the stack */
		own = malloc(sizeof(*own));
		if (!own)
			return -ENOMEM;
		if ((ret = sp_analyse(r, own))) {
			free(own);
			return ret;
		}
		f = own;
	}
	sp_report_run_id(r, id, sizeof(id));
	date_utc(r, when, sizeof(when));
	machine_name(r, mname, sizeof(mname));
	snprintf(sub, sizeof(sub), "run %s, %s", id, when);
	snprintf(foot, sizeof(foot), "%s - run %s", mname, id);
	sp_doc_set_titles(d, "swapplace report", sub, foot);

	verdict_section(d, r, f);
	sp_advice_doc_default(d, r, f);
	machine_section(d, r);
	method_section(d, r, f);
	ranking_section(d, r, f);
	latency_section(d, r, f);
	uring_section(d, r);
	build_section(d, r, f);
	service_section(d, r, f);
	cache_section(d, r, f);
	gc_section(d, r, f);
	sweep_section(d, f);
	profile_section(d, r, f);
	appendix_section(d, r, f);
	free(own);
	return sp_doc_err(d);
}

int sp_report_text_write(FILE *out, const struct sp_report *r, const struct sp_findings *f)
{
	struct sp_doc d;
	int ret;

	if (!out || !r)
		return -EINVAL;
	sp_doc_init(&d);
	ret = sp_report_doc_build(&d, r, f);
	if (!ret)
		ret = sp_doc_write_text(out, &d, SP_DOC_TEXT_COLUMNS);
	sp_doc_release(&d);
	if (!ret && (fflush(out) != 0 || ferror(out)))
		ret = -EIO;
	return ret;
}
