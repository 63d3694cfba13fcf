/*
 * report_text.c - report.txt: header, ranking, bar chart, verdict, one block per placement.
 *
 * Every line goes through emit(), which cuts it at SP_TEXT_COLUMNS and replaces control bytes,
 * so the 80-column promise holds by construction, not by care in each printf. Sentences go
 * through wrap(). Numbers are formatted with fixed precision so the output is deterministic.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/findings/analysis.h"
#include "core/findings/sweep_sentence.h"
#include "core/config/budget.h"
#include "core/model/report.h"
#include "core/doc/report_text.h"
#include "core/scenario/service.h"
#include "core/config/textfmt.h"
#include "core/config/units.h"
#include "core/findings/verdict.h"
#include "core/findings/zswap.h"

#define BAR_WIDTH 40

__attribute__((format(printf, 2, 3))) static void emit(FILE *out, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	for (char *p = line; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	n = strlen(line);
	if (n > SP_TEXT_COLUMNS)
		n = SP_TEXT_COLUMNS;
	while (n && line[n - 1] == ' ')
		n--;
	fwrite(line, 1, n, out);
	fputc('\n', out);
}

/* A unit after a number stays on its line: "+12 %", "98.4 us)". */
static int glued(const char *word)
{
	if (word[0] == '%')
		return 1;
	return word[0] == 'u' && word[1] == 's' &&
	       (word[2] == '\0' || word[2] == ' ' || word[2] == ')' || word[2] == ',' ||
		word[2] == ';');
}

/* Word-wrap text: first line after first, the rest after cont (same width as first). */
static void wrap(FILE *out, const char *first, const char *cont, const char *text)
{
	size_t width = SP_TEXT_COLUMNS - strlen(first);
	const char *prefix = first;

	while (*text == ' ')
		text++;
	while (*text) {
		size_t n = strlen(text), cut = n;

		if (n > width) {
			cut = width;
			while (cut > 0 && (text[cut] != ' ' || glued(text + cut + 1)))
				cut--;
			if (cut == 0) /* one word longer than the line: break it */
				cut = width;
		}
		emit(out, "%s%.*s", prefix, (int)cut, text);
		text += cut;
		while (*text == ' ')
			text++;
		prefix = cont;
	}
}

/* Sizes print as everywhere else (units.h: rounded down, never shown larger than they are). */
static const char *bytes(char *buf, uint64_t b)
{
	return sp_format_bytes(b, buf, 16);
}

static const struct sp_lat_summary *lat(const struct sp_report *r, int i)
{
	return &r->results[i].fault_probe.lat;
}

static const char *name(const struct sp_report *r, int i)
{
	return r->results[i].placement;
}

static const struct sp_device_info *target_info(const struct sp_report *r)
{
	for (size_t i = 0; r->target[0] && i < r->n_devices; i++)
		if (strcmp(r->devices[i].path, r->target) == 0)
			return &r->devices[i];
	return NULL;
}

/* The box the workloads ran in (--cpu-max, --io-max), under the summary: asked and got. */
static void constraints_line(FILE *out, const struct sp_report *r)
{
	const struct sp_constraints *c = &r->constraints;
	char text[512] = "";

	if (!c->done)
		return;
	if (c->cpu_max > 0)
		sp_cat(text, sizeof(text), "--cpu-max %g: %s", c->cpu_max,
		       c->cpu_applied ? "applied" : c->cpu_reason);
	if (c->io_max_iops > 0) {
		sp_cat(text, sizeof(text), "%s--io-max %lld IOPS", text[0] ? "; " : "",
		       (long long)c->io_max_iops);
		if (c->io_max_bps > 0)
			sp_cat(text, sizeof(text), ", %.1f MiB/s", (double)c->io_max_bps / 1048576);
		sp_cat(text, sizeof(text), ": %s", c->io_applied ? "applied" : c->io_reason);
	}
	wrap(out, "constraints ", "            ", text);
}

/* What the box did on one placement: its caps where they differ, the budget keeper. */
static void box_block(FILE *out, const struct sp_result *res)
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
			       (unsigned long long)a->cpu_periods, (double)a->cpu_throttled_us / 1e6);
		if (a->io_reason[0] && strcmp(a->io_reason, "not asked"))
			sp_cat(text, sizeof(text), "%sio cap %s", text[0] ? "; " : "", a->io_reason);
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
		sp_cat(text, sizeof(text), "limit %llu MiB, kept down to %llu MiB as zram's pool "
					   "grew to %llu MiB%s",
		       (unsigned long long)(k->limit_bytes_start >> 20),
		       (unsigned long long)(k->limit_bytes_min >> 20),
		       (unsigned long long)(k->zram_pool_peak_bytes >> 20),
		       k->floor_hit ? " (floor hit)" : "");
		wrap(out, "  budget       ", "               ", text);
	}
}

/* Where run saved what it overwrote, and the command line that puts it back. */
static void backups(FILE *out, const struct sp_report *r)
{
	char text[1200];

	for (size_t i = 0; i < r->n_backups && i < SP_MAX_BACKUPS; i++) {
		const struct sp_backup_entry *be = &r->backups[i];

		snprintf(text, sizeof(text), "%s/ beside this report: %s as it was (partition "
					     "table %s, first and last MiB)",
			 be->dir, be->device, be->table);
		wrap(out, "backup      ", "            ", text);
		if (be->restore[0]) {
			snprintf(text, sizeof(text), "to put it back, in this report's directory: %s",
				 be->restore);
			wrap(out, "            ", "              ", text);
		}
	}
}

/* how the budget was chosen, where the run recorded it: "budget      51 MiB, 25 % of ..." */
static void budget_line(FILE *out, const struct sp_report *r)
{
	struct sp_budget b = {
		.budget_bytes = r->budget_bytes,
		.ram_bytes = r->machine.ram_bytes,
		.available_bytes = r->mem_available_bytes,
		.ram_pct = r->budget_ram_pct,
		.floor_bytes = r->budget_floor_bytes,
		.ceiling_bytes = r->budget_ceiling_bytes,
	};
	char text[256];

	if (!r->has_budget_rule || !r->n_results ||
	    sp_budget_source_parse(r->budget_source, &b.source) < 0 ||
	    sp_budget_describe(&b, text, sizeof(text)) < 0)
		return;
	wrap(out, "budget      ", "            ", text);
}

static void header(FILE *out, const struct sp_report *r)
{
	const struct sp_machine *m = &r->machine;
	const struct sp_device_info *d = target_info(r);
	char ts[32] = "-", b1[16], b2[16];
	struct tm tm;

	if (r->started && gmtime_r(&r->started, &tm))
		strftime(ts, sizeof(ts), "%Y-%m-%d %H:%M:%S UTC", &tm);
	emit(out, "swapplace %s report (%s)", r->tool_version, r->schema);
	emit(out, "%.80s",
	     "========================================================================"
	     "========");
	emit(out, "command     %s, started %s, took %.0f s", r->command, ts, r->duration_s);
	emit(out, "machine     %s", m->cpu[0] ? m->cpu : "unknown cpu");
	emit(out, "            %u cores, %s RAM, kernel %s", m->cores, bytes(b1, m->ram_bytes),
	     m->kernel[0] ? m->kernel : "unknown");
	if (m->dmi_vendor[0] || m->dmi_model[0])
		emit(out, "            %s %s", m->dmi_vendor, m->dmi_model);
	emit(out, "            timer cost %.1f ns, memory cgroup v%d, page %u B", m->timer_cost_ns,
	     m->cgroup_version, m->page_size);
	if (r->target[0]) {
		emit(out, "target      %s", r->target);
		if (d)
			emit(out, "            %s, %s, %s, model %s, serial %s", d->transport,
			     d->rotational ? "rotational" : "non-rotational",
			     bytes(b1, d->size_bytes), d->model[0] ? d->model : "-",
			     d->serial[0] ? d->serial : "-");
	}
	backups(out, r);
	if (r->n_results) /* a profile alone measured no placement */
		emit(out, "seed        %llu, budget %s, %.0f s per placement", (unsigned long long)r->seed,
		     bytes(b2, r->budget_bytes), r->time_per_placement_s);
	budget_line(out, r);
	constraints_line(out, r);
	emit(out, "%s", "");
}

static void ranking(FILE *out, const struct sp_report *r, const struct sp_findings *f)
{
	char a[16], b[16], c[16], d[16];

	emit(out, "Swap-in latency ranking (fault probe, real swap-ins only)");
	emit(out, "%.57s", "-----------------------------------------------------------");
	if (!f->n_ranked) {
		emit(out, "  no placement produced a swap-in latency");
		emit(out, "%s", "");
		return;
	}
	emit(out, "%3s  %-18s %9s  %-21s %7s %8s", "#", "placement", "median us", "95 % CI us",
	     "x best", "x device");
	for (size_t i = 0; i < f->n_ranked; i++) {
		int k = f->ranked[i];
		char ci[32], fl[16];

		snprintf(ci, sizeof(ci), "%s-%s", sp_fmt_us(b, lat(r, k)->p50_ci_lo_us),
			 sp_fmt_us(c, lat(r, k)->p50_ci_hi_us));
		if (f->floor_ratio[k] > 0)
			snprintf(fl, sizeof(fl), "%.2f", f->floor_ratio[k]);
		else
			snprintf(fl, sizeof(fl), "-");
		emit(out, "%3zu  %-18.18s %9s  %-21s %7.2f %8s", i + 1, name(r, k),
		     sp_fmt_us(a, lat(r, k)->p50_us), ci, f->ratio_to_best[i], fl);
	}
	(void)d;
	emit(out, "%s", "");
	emit(out, "  x device: swap-in median / the device probe's QD1 4 KiB read median");
	emit(out, "%s", "");
}

static void chart(FILE *out, const struct sp_report *r, const struct sp_findings *f)
{
	double max = 0;
	char bar[BAR_WIDTH + 1], a[16];

	if (!f->n_ranked)
		return;
	for (size_t i = 0; i < f->n_ranked; i++)
		if (lat(r, f->ranked[i])->p50_us > max)
			max = lat(r, f->ranked[i])->p50_us;
	emit(out, "Swap-in median, us (each # is %.1f us)", max / BAR_WIDTH);
	for (size_t i = 0; i < f->n_ranked; i++) {
		int k = f->ranked[i];
		size_t n = (size_t)lround(lat(r, k)->p50_us / max * BAR_WIDTH);

		if (n < 1)
			n = 1; /* a placement that exists must be visible */
		if (n > BAR_WIDTH)
			n = BAR_WIDTH;
		memset(bar, '#', n);
		bar[n] = '\0';
		emit(out, "  %-18.18s |%-*s %s", name(r, k), BAR_WIDTH, bar,
		     sp_fmt_us(a, lat(r, k)->p50_us));
	}
	emit(out, "%s", "");
}

/* Bytes as whole MiB, short enough for the job table; "-" when not known. */
static const char *mib(char *buf, uint64_t b, int known)
{
	if (!known)
		snprintf(buf, 16, "-");
	else
		snprintf(buf, 16, "%lluM", (unsigned long long)((b + (1u << 19)) >> 20));
	return buf;
}

static void job_row(FILE *out, const struct sp_result *res, const char *xbest, const char *xram)
{
	const struct sp_scenario_build *b = &res->scenarios.build;
	char w[16], rd[16], wr[16];

	if (b->status == SP_STATUS_OK)
		snprintf(w, sizeof(w), "%.1f", b->wall_s);
	else
		snprintf(w, sizeof(w), "%s", sp_status_name(b->status));
	emit(out, "  %-12.12s %7s %5s %5s %7llu %7llu %7llu %6s %6s %3s", res->placement, w, xbest,
	     xram, (unsigned long long)b->pswpin, (unsigned long long)b->pswpout,
	     (unsigned long long)b->major_faults, mib(rd, b->file_read_bytes, b->has_file_io),
	     mib(wr, b->file_written_bytes, b->has_file_io), b->oom_killed ? "yes" : "no");
}

/* The job scenario: a table of every placement it ran on, and a bar chart of wall time. */
static void job_section(FILE *out, const struct sp_report *r, const struct sp_findings *f)
{
	const struct sp_build_ranking *k = &f->build;
	char xb[16], xr[16], bar[BAR_WIDTH + 1], spread[256] = "";
	double max = k->has_ram ? k->ram_wall_s : 0;
	const char *what = NULL;
	char pc[16] = "mixed";
	size_t runs = 0;

	if (!f->has_build)
		return;
	for (size_t i = 0; i < r->n_results; i++)
		if (r->results[i].scenarios.build.n_runs > runs)
			runs = r->results[i].scenarios.build.n_runs;
	for (size_t i = 0; i < r->n_results && !what; i++)
		if (r->results[i].scenarios.build.done)
			what = strcmp(r->results[i].scenarios.build.job, "build") ? "your job"
										 : "the build job";
	if (f->build_page_cluster >= 0)
		snprintf(pc, sizeof(pc), "%d", f->build_page_cluster);
	emit(out, "Job wall time per placement (%s, %zu %s each, vm.page-cluster %s)", what, runs,
	     sp_plural(runs, "run", "runs"), pc);
	emit(out, "%.78s", "------------------------------------------------------------------"
			   "------------");
	emit(out, "  %-12s %7s %5s %5s %7s %7s %7s %6s %6s %3s", "placement", "wall s", "xbest",
	     "xram", "pswpin", "pswpout", "majflt", "read", "write", "OOM");
	for (size_t i = 0; i < k->n; i++) {
		snprintf(xb, sizeof(xb), "%.2f", k->rows[i].ratio_to_best);
		if (k->has_ram)
			snprintf(xr, sizeof(xr), "%.2f", k->rows[i].ratio_to_ram);
		else
			snprintf(xr, sizeof(xr), "-");
		job_row(out, &r->results[k->rows[i].result], xb, xr);
		if (k->rows[i].n_runs >= 2)
			sp_cat_sep(spread, sizeof(spread), ", ", "%s %.1f %%", k->rows[i].placement,
				   k->rows[i].spread_pct);
		if (k->rows[i].wall_s > max)
			max = k->rows[i].wall_s;
	}
	for (size_t i = 0; i < f->n_build_not_ok; i++)
		job_row(out, &r->results[f->build_not_ok[i]], "-", "-");
	if (k->has_ram)
		job_row(out, &r->results[k->ram], "-", "1.00");
	emit(out, "%s", "");
	emit(out, "  xbest: wall time / the fastest placement's; xram: / the job without a limit");
	emit(out, "  read, write: the job's file I/O (swap-ins taken out); OOM: killed for memory");
	if (spread[0])
		wrap(out, "  run-to-run spread (max - min over the fastest): ", "    ", spread);
	emit(out, "%s", "");
	if (!(max > 0))
		return;
	emit(out, "Job wall time, s (each # is %.2f s)", max / BAR_WIDTH);
	for (size_t i = 0; i <= k->n; i++) {
		int idx = i < k->n ? k->rows[i].result : k->has_ram ? k->ram : -1;
		double w;
		size_t n;

		if (idx < 0)
			break;
		w = r->results[idx].scenarios.build.wall_s;
		n = (size_t)lround(w / max * BAR_WIDTH);
		n = n < 1 ? 1 : n > BAR_WIDTH ? BAR_WIDTH : n;
		memset(bar, '#', n);
		bar[n] = '\0';
		emit(out, "  %-18.18s |%-*s %.1f", r->results[idx].placement, BAR_WIDTH, bar, w);
	}
	emit(out, "%s", "");
}

/* "2 sp-service x2", "1 sp-spike", "-": the OOM kills and whom they took, grouped */
static const char *victims(char *buf, size_t len, const struct sp_service_case *c)
{
	buf[0] = '\0';
	if (!c->oom_kills)
		return snprintf(buf, len, "-"), buf;
	sp_cat(buf, len, "%llu", (unsigned long long)c->oom_kills);
	for (size_t i = 0; i < c->n_oom_victims && i < SP_SERVICE_MAX_VICTIMS;) {
		size_t j = i;

		while (j < c->n_oom_victims && !strcmp(c->oom_victims[j], c->oom_victims[i]))
			j++;
		sp_cat(buf, len, "%s %s", i ? "," : "", c->oom_victims[i]);
		if (j - i > 1)
			sp_cat(buf, len, " x%zu", j - i);
		i = j;
	}
	return buf;
}

/* The service scenario: a table per case of every placement that ran it. */
static void service_section(FILE *out, const struct sp_report *r, const struct sp_findings *f)
{
	static const char *const what[SP_SVC_N_CASES] = {
	    [SP_SVC_FITS] = "data at 80 % of the limit",
	    [SP_SVC_COLD] = "120 %, the excess idle",
	    [SP_SVC_HOT] = "120 %, all of it read",
	    [SP_SVC_SPIKE] = "fits, plus a burst beside it",
	};
	char p95[16], top[16], sw[16], oom[48];

	if (!f->has_service)
		return;
	emit(out, "The service: requests at a steady rate, per case and placement");
	emit(out, "%.78s", "------------------------------------------------------------------"
			   "------------");
	for (int k = 0; k < SP_SVC_N_CASES; k++) {
		if (!f->service[k].have)
			continue;
		emit(out, "  %s (%s)", sp_service_case_name((enum sp_service_case_kind)k), what[k]);
		emit(out, "  %-12s %6s %6s %6s %8s %7s %6s  %s", "placement", "sent", "served",
		     "failed", "p95 ms", "top/s", "swap", "OOM kills");
		for (size_t i = 0; i < r->n_results; i++) {
			const struct sp_scenario_service *sv = &r->results[i].scenarios.service;

			for (size_t c = 0; c < sv->n_cases && c < SP_SVC_N_CASES; c++) {
				const struct sp_service_case *x = &sv->cases[c];

				if (strcmp(x->name,
					   sp_service_case_name((enum sp_service_case_kind)k)))
					continue;
				snprintf(p95, sizeof(p95), x->served ? "%.1f" : "-", x->p95_ms);
				snprintf(top, sizeof(top), "%.0f", x->top_speed_per_s);
				mib(sw, (uint64_t)(x->swap_used_bytes > 0 ? x->swap_used_bytes : 0),
				    x->swap_used_bytes >= 0);
				emit(out, "  %-12.12s %6llu %6llu %6llu %8s %7s %6s  %.26s",
				     r->results[i].placement, (unsigned long long)x->sent,
				     (unsigned long long)x->served, (unsigned long long)x->failed, p95,
				     top, sw, victims(oom, sizeof(oom), x));
			}
		}
		emit(out, "%s", "");
	}
	emit(out, "  p95: from each request's intended send time (a stall counts as backlog);");
	emit(out, "  top/s: 4 clients in a closed loop; swap: the cgroup's peak swap use");
	emit(out, "%s", "");
}

/* "0.65/0.44", "0.65/-", "-": a case's PSI memory avg10, some and full */
static const char *psi_pair(char *buf, size_t len, const struct sp_cache_case *c)
{
	if (c->psi_scope == SP_SCOPE_NONE)
		snprintf(buf, len, "-");
	else if (c->has_psi_full)
		snprintf(buf, len, "%.2f/%.2f", c->psi_some_avg10, c->psi_full_avg10);
	else
		snprintf(buf, len, "%.2f/-", c->psi_some_avg10);
	return buf;
}

/* The cache scenario: a row per pool size of every placement that ran it, then the trap. */
static void cache_section(FILE *out, const struct sp_report *r, const struct sp_findings *f)
{
	char ops[16], p95[16], si[16], so[16], scan[24], psi[24], pool[16], lead[64], line[512];

	if (!f->has_cache)
		return;
	emit(out, "The service with its own cache: a buffer pool at a share of the budget");
	emit(out, "%.78s", "------------------------------------------------------------------"
			   "------------");
	emit(out, "  %-12s %6s %7s %7s %6s %6s %7s %11s %6s", "placement", "pool", "ops/s",
	     "p95 ms", "si/s", "so/s", "pgscan", "psi s/f", "out");
	for (size_t i = 0; i < r->n_results; i++) {
		const struct sp_scenario_cache *s = &r->results[i].scenarios.cache;

		for (size_t c = 0; s->done && c < s->n_cases && c < SP_CACHE_MAX_CASES; c++) {
			const struct sp_cache_case *x = &s->cases[c];

			if (x->status != SP_STATUS_OK) {
				snprintf(lead, sizeof(lead), "  %-12.12s %4.0f %%  ",
					 r->results[i].placement, x->cache_pct);
				snprintf(line, sizeof(line), "%s: %s", sp_status_name(x->status),
					 x->reason[0] ? x->reason : "(no reason recorded)");
				wrap(out, lead, "                       ", line);
				continue;
			}
			snprintf(p95, sizeof(p95), "%.2f", x->p95_ms);
			if (x->has_pgscan_direct)
				snprintf(scan, sizeof(scan), "%llu",
					 (unsigned long long)x->pgscan_direct);
			else
				snprintf(scan, sizeof(scan), "-");
			if (x->has_swapped && x->cache_bytes)
				snprintf(pool, sizeof(pool), "%.0f %%",
					 100.0 * (double)x->cache_swapped_bytes /
					     (double)x->cache_bytes);
			else
				snprintf(pool, sizeof(pool), "-");
			emit(out, "  %-12.12s %4.0f %% %7s %7s %6s %6s %7s %11s %6s",
			     r->results[i].placement, x->cache_pct, sp_fmt_rate(ops, x->ops_per_s),
			     p95, sp_fmt_rate(si, x->swapin_pages_per_s),
			     sp_fmt_rate(so, x->swapout_pages_per_s), scan,
			     psi_pair(psi, sizeof(psi), x), pool);
		}
	}
	line[0] = '\0';
	for (size_t i = 0; i < f->n_cache; i++) {
		const struct sp_cache_finding *cf = &f->cache[i];

		if (!cf->trap.n_measured)
			continue;
		if (cf->trap.found)
			sp_cat_sep(line, sizeof(line), ", ", "%s from %.0f %%",
				   r->results[cf->result].placement, cf->trap.cache_pct);
		else
			sp_cat_sep(line, sizeof(line), ", ", "%s never",
				   r->results[cf->result].placement);
	}
	if (line[0])
		wrap(out, "  its own cache swapped: ", "    ", line);
	emit(out, "  si/so: swap-ins/outs per second (the machine's); out: the pool's own pages");
	emit(out, "  on swap at most (mincore); pgscan, psi s/f (memory some/full avg10): the");
	emit(out, "  case's cgroup where the kernel counts it (v2), else the machine's; -: the");
	emit(out, "  kernel has no such counter");
	emit(out, "%s", "");
}

/* The gc scenario: a row per placement that ran it. */
static void gc_section(FILE *out, const struct sp_report *r, const struct sp_findings *f)
{
	char p50[16], p99[16], worst[16], lead[64], line[320];
	double ratio = 0;

	if (!f->has_gc)
		return;
	for (size_t i = 0; i < r->n_results && !(ratio > 0); i++)
		if (r->results[i].scenarios.gc.done && r->results[i].scenarios.gc.limit_bytes)
			ratio = (double)r->results[i].scenarios.gc.heap_bytes /
				(double)r->results[i].scenarios.gc.limit_bytes;
	emit(out, "The gc: stop-the-world pauses, a heap %.1f times the budget", ratio);
	emit(out, "%.78s", "------------------------------------------------------------------"
			   "------------");
	emit(out, "  %-12s %7s %9s %9s %9s %10s %10s", "placement", "pauses", "p50 ms", "p99 ms",
	     "worst ms", "faults in", "swap-ins");
	for (size_t i = 0; i < r->n_results; i++) {
		const struct sp_scenario_gc *g = &r->results[i].scenarios.gc;

		if (!g->done)
			continue;
		if (g->status != SP_STATUS_OK) {
			snprintf(lead, sizeof(lead), "  %-12.12s ", r->results[i].placement);
			snprintf(line, sizeof(line), "%s: %s", sp_status_name(g->status),
				 g->reason[0] ? g->reason : "(no reason recorded)");
			wrap(out, lead, "               ", line);
			continue;
		}
		snprintf(p50, sizeof(p50), "%.1f", g->p50_pause_ms);
		snprintf(p99, sizeof(p99), "%.1f", g->p99_pause_ms);
		snprintf(worst, sizeof(worst), "%.1f", g->worst_pause_ms);
		emit(out, "  %-12.12s %7llu %9s %9s %9s %10llu %10llu", r->results[i].placement,
		     (unsigned long long)g->pauses, p50, p99, worst,
		     (unsigned long long)g->faults_in_pauses, (unsigned long long)g->pswpin);
	}
	emit(out, "  faults in: major faults inside the pauses, summed; swap-ins: the machine's");
	emit(out, "  pswpin over the whole run");
	emit(out, "%s", "");
}

/*
 * --sweep: a table per knob, one column per value, a line per placement and scenario (and
 * service case, cache pool size); the figures and their comparison are the analysis' (core/scenario/sweep.h).
 */
static void sweep_section(FILE *out, const struct sp_findings *f)
{
	char head[128], row[160], cell[16], spread[16];

	for (size_t i = 0; i < f->sweep.n_knobs; i++) {
		const struct sp_sweep_knob_finding *k = &f->sweep.knobs[i];

		emit(out, "Sweep: %s (the scenarios again at each value; median of %zu %s)",
		     sp_knob_sysctl(k->knob), k->rounds, sp_plural(k->rounds, "run", "runs"));
		emit(out, "%.78s", "------------------------------------------------------------"
				   "------------------");
		snprintf(head, sizeof(head), "  %-11s %-13s", "placement", "scenario");
		for (size_t v = 0; v < k->n_values; v++)
			sp_cat(head, sizeof(head), " %6d", k->values[v]);
		sp_cat(head, sizeof(head), " %7s", "spread");
		emit(out, "%s", head);
		for (size_t l = 0; l < k->n_lines; l++) {
			const struct sp_sweep_line *ln = &k->lines[l];

			snprintf(row, sizeof(row), "  %-11.11s %-13.13s", ln->placement, ln->line);
			for (size_t v = 0; v < k->n_values; v++)
				sp_cat(row, sizeof(row), " %6s", sp_sweep_cell(ln, v, cell));
			if (isnan(ln->spread_pct))
				snprintf(spread, sizeof(spread), "-");
			else
				snprintf(spread, sizeof(spread), "%.0f %%%s", ln->spread_pct,
					 ln->resolved ? "*" : " ");
			sp_cat(row, sizeof(row), " %7s", spread);
			emit(out, "%s", row);
		}
		if (k->n_dropped)
			emit(out, "  (%zu more lines not shown)", k->n_dropped);
		emit(out, "  build: wall time in s; service: each case's p95 in ms; cache: each");
		emit(out, "  pool size's ops/s (higher is better); gc: the pause's p99 in ms;");
		emit(out, "  ! a run failed, lost requests or was OOM-killed; spread: the widest");
		emit(out, "  range of one value's runs; * every paired run differed by more than");
		emit(out, "  the spread");
		emit(out, "%s", "");
	}
}

#define PROFILE_BAR 34

/* The position profile: a line per twentieth of the disk, the swap areas named where they lie. */
static void profile(FILE *out, const struct sp_report *r, const struct sp_findings *f)
{
	char bar[PROFILE_BAR + 1], off[16], rnd[16], marks[32];
	double max = 0;

	if (!f->n_profile_rows)
		return;
	for (size_t k = 0; k < f->n_profile_rows; k++)
		if (f->profile_rows[k].seq_mib_s > max)
			max = f->profile_rows[k].seq_mib_s;
	emit(out, "Position profile of the target (%zu points in %.1f s)", r->profile.n,
	     r->profile.duration_s);
	emit(out, "  %-9s  %-*s %6s %9s  %s", "offset", PROFILE_BAR + 1, "sequential read",
	     "MiB/s", "4K read", "swap here");
	for (size_t k = 0; k < f->n_profile_rows; k++) {
		const struct sp_profile_row *row = &f->profile_rows[k];
		size_t n = max > 0 ? (size_t)lround(row->seq_mib_s / max * PROFILE_BAR) : 0;

		if (n > PROFILE_BAR)
			n = PROFILE_BAR;
		memset(bar, '#', n);
		bar[n] = '\0';
		marks[0] = '\0';
		for (int kind = 0; kind < SP_PL_KINDS; kind++)
			if (row->marks & (1u << kind))
				sp_cat_sep(marks, sizeof(marks), ", ", "%s",
					   sp_placement_kind_name((enum sp_placement_kind)kind));
		sp_fmt_us(rnd, row->rand_p50_us);
		emit(out, "  %-9s |%-*s %6.0f %6s us  %s", sp_format_bytes(row->from_bytes, off, 16),
		     PROFILE_BAR, bar, row->seq_mib_s, rnd, marks);
	}
	if (f->profile_outer_inner > 0)
		emit(out, "  sequential rate, outer edge / inner edge: %.2fx (HDD about 2, SSD 1)",
		     f->profile_outer_inner);
	emit(out, "%s", "");
}

/* zswap's sentences, in the verdict: the run's word on it, then each zswap placement. */
static void zswap_verdicts(FILE *out, const struct sp_report *r)
{
	char s[512];

	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++)
		if (sp_zswap_sentence(r, i, s, sizeof(s)) == 0)
			wrap(out, "- ", "  ", s);
	if (sp_zswap_run_sentence(r, s, sizeof(s)) == 0)
		wrap(out, "- ", "  ", s);
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
static void zswap_row(FILE *out, const struct sp_zswap_result *z)
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

static void verdicts(FILE *out, const struct sp_report *r, const struct sp_findings *f)
{
	char s[1024];

	emit(out, "Verdict");
	emit(out, "-------");
	for (size_t i = 0; i < f->n_verdict; i++) {
		if (sp_verdict_sentence(r, f, f->verdict[i], s, sizeof(s)) < 0)
			continue;
		wrap(out, "- ", "  ", s);
	}
	zswap_verdicts(out, r);
	emit(out, "%s", "");
}

static void lat_line(FILE *out, const char *lead, const struct sp_lat_summary *l)
{
	char a[16], b[16], c[16], d[16], e[16];

	emit(out, "%s p50 %s  p95 %s  p99 %s  p99.9 %s  max %s us", lead, sp_fmt_us(a, l->p50_us),
	     sp_fmt_us(b, l->p95_us), sp_fmt_us(c, l->p99_us), sp_fmt_us(d, l->p999_us), sp_fmt_us(e, l->max_us));
}

static void extents(FILE *out, const struct sp_result *res)
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

static void device_block(FILE *out, const struct sp_device_probe *d)
{
	char a[16], b[16], c[16], e[16];

	if (!d->done)
		return;
	emit(out, "  device probe qd1 p50 %s us, p99 %s us, %llu samples over %s",
	     sp_fmt_us(a, d->qd1.p50_us), sp_fmt_us(b, d->qd1.p99_us), (unsigned long long)d->qd1.samples,
	     bytes(e, d->range_bytes));
	emit(out, "               qd%u %s IOPS, p50 %s us, p99 %s us", d->deep_qd,
	     sp_fmt_rate(a, d->deep_iops), sp_fmt_us(b, d->deep.p50_us), sp_fmt_us(c, d->deep.p99_us));
	emit(out, "               sequential %.1f MiB/s over %s", d->seq_mib_s,
	     bytes(c, d->seq_bytes));
}

static void fault_block(FILE *out, const struct sp_fault_probe *fp)
{
	char a[16], b[16], c[16], d[16];

	if (!fp->done)
		return;
	emit(out, "  fault probe  %u %s, %s buffer, %u rounds, %llu warm-up dropped",
	     fp->threads, sp_plural(fp->threads, "thread", "threads"), bytes(a, fp->buffer_bytes),
	     fp->rounds,
	     (unsigned long long)fp->lat.warmup_dropped);
	if (fp->invalid)
		emit(out, "               INVALID: samples and real swap-ins differ by over 5 %%");
	emit(out, "               samples %llu, real swap-ins %llu, pswpin %llu",
	     (unsigned long long)fp->lat.samples, (unsigned long long)fp->real_swapins,
	     (unsigned long long)fp->pswpin_delta);
	emit(out, "               touches %llu, swap-cached %s before the first touch",
	     (unsigned long long)fp->touches, bytes(d, fp->swapcached_bytes));
	lat_line(out, "              ", &fp->lat);
	emit(out, "               median CI %s-%s us (+/-%.1f %%, target +/-%.1f %%)",
	     sp_fmt_us(a, fp->lat.p50_ci_lo_us), sp_fmt_us(b, fp->lat.p50_ci_hi_us), fp->ci_achieved_pct,
	     fp->ci_target_pct);
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
		     sp_fmt_us(a, u->p50_us), sp_fmt_us(b, u->p99_us), sp_fmt_rate(c, u->pages_per_s),
		     u->invalid ? " invalid" : "");
	}
}

static void pressure_block(FILE *out, const struct sp_pressure_probe *p)
{
	char a[16], b[16], c[16], d[16];

	if (!p->done)
		return;
	emit(out, "  pressure     cgroup v%d, limit %s, hot %s, cold %s, %.1f s", p->cgroup_version,
	     bytes(a, p->limit_bytes), bytes(b, p->hot_bytes), bytes(c, p->cold_bytes),
	     p->duration_s);
	emit(out, "               %llu touches, %s/s, p50 %s us, p99 %s us",
	     (unsigned long long)p->touches, sp_fmt_rate(a, p->touches_per_s), sp_fmt_us(b, p->lat.p50_us),
	     sp_fmt_us(c, p->lat.p99_us));
	emit(out, "               %llu major faults, swap used %s, %s",
	     (unsigned long long)p->major_faults, bytes(d, p->swap_used_bytes),
	     p->oom_killed ? "OOM-KILLED" : "not OOM-killed");
}

static void job_block(FILE *out, const struct sp_scenario_build *b)
{
	char runs[SP_BUILD_MAX_RUNS * 12] = "", a[16];

	if (!b->done)
		return;
	for (size_t i = 0; i < b->n_runs && i < SP_BUILD_MAX_RUNS; i++)
		sp_cat_sep(runs, sizeof(runs), " ", "%.1f", b->wall_s_runs[i]);
	emit(out, "  job          %s, wall %.1f s (runs: %s), cpu %.1f s, page-cluster %d",
	     sp_status_name(b->status), b->wall_s, runs[0] ? runs : "-", b->cpu_s,
	     b->page_cluster);
	emit(out, "               limit %s, swap-out %llu pages at %s pages/s",
	     b->limit_bytes ? bytes(a, b->limit_bytes) : "none",
	     (unsigned long long)b->swapout.pages, sp_fmt_rate(runs, b->swapout.pages_per_s));
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

static void result_block(FILE *out, const struct sp_result *res, uint32_t page_size)
{
	char a[16], head[96];
	size_t n;

	if (res->elapsed_s > 0)
		snprintf(head, sizeof(head), "--- %s: %s, %.1f s ", res->placement,
			 sp_status_name(res->status), res->elapsed_s);
	else
		snprintf(head, sizeof(head), "--- %s: %s ", res->placement,
			 sp_status_name(res->status));
	n = strlen(head);
	emit(out, "%s%.*s", head, n < SP_TEXT_COLUMNS ? (int)(SP_TEXT_COLUMNS - n) : 0,
	     "--------------------------------------------------------------------------------");
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
		     bytes(a, res->size_bytes), ext);
	}
	extents(out, res);
	box_block(out, res);
	job_block(out, &res->scenarios.build);
	device_block(out, &res->device_probe);
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
			     c->zram_ratio, bytes(a, c->orig_data_size),
			     bytes(b, c->compr_data_size));
			emit(out, "               %s used in all, %llu same-filled pages",
			     bytes(d, c->mem_used_total), (unsigned long long)c->same_pages);
		}
	}
	emit(out, "%s", "");
}

static void not_ok(FILE *out, const struct sp_report *r, const struct sp_findings *f)
{
	char lead[64];

	if (!f->n_not_ok)
		return;
	emit(out, "Placements without a latency");
	emit(out, "----------------------------");
	for (size_t i = 0; i < f->n_not_ok; i++) {
		const struct sp_result *res = &r->results[f->not_ok[i]];

		snprintf(lead, sizeof(lead), "  %-14.14s %-8s ", res->placement,
			 sp_status_name(res->status));
		/* a fault (I/O error, vanished disk, corruption) is the first thing to say */
		if (res->error[0])
			wrap(out, lead, "                          ", res->error);
		wrap(out, res->error[0] ? "                          " : lead,
		     "                          ",
		     res->reason[0] ? res->reason : "(no reason recorded)");
	}
	emit(out, "%s", "");
}

int sp_report_text_write(FILE *out, const struct sp_report *r, const struct sp_findings *f)
{
	struct sp_findings own;

	if (!out || !r)
		return -EINVAL;
	if (!f) {
		if (sp_analyse(r, &own) < 0)
			return -EINVAL;
		f = &own;
	}
	header(out, r);
	if (!r->n_results) { /* `swapplace profile`: the profile is the report */
		profile(out, r, f);
		goto done;
	}
	job_section(out, r, f);
	service_section(out, r, f);
	cache_section(out, r, f);
	gc_section(out, r, f);
	sweep_section(out, f);
	ranking(out, r, f);
	chart(out, r, f);
	verdicts(out, r, f);
	profile(out, r, f);
	emit(out, "Placements");
	emit(out, "==========");
	emit(out, "%s", "");
	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++)
		result_block(out, &r->results[i], r->machine.page_size);
	not_ok(out, r, f);
done:
	if (fflush(out) != 0 || ferror(out))
		return -EIO;
	return 0;
}
