/*
 * verdict.c - the verdict's sentences, phrased from findings (see verdict.h).
 *
 * Numbers are formatted with fixed precision so both reports are deterministic; microseconds
 * read as report.txt's tables print them ("98.4", "1234", "-" when unknown).
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/analysis.h"
#include "core/report.h"
#include "core/textfmt.h"
#include "core/verdict.h"

static const char *region_phrase(enum sp_region g)
{
	switch (g) {
	case SP_REGION_START:
		return "near the start of the disk";
	case SP_REGION_MID:
		return "mid-disk";
	case SP_REGION_END:
		return "near the end of the disk";
	case SP_REGION_SPREAD:
		return "spread over the disk";
	default:
		return "at an unknown position";
	}
}

static const struct sp_lat_summary *lat(const struct sp_report *r, int i)
{
	return &r->results[i].fault_probe.lat;
}

static const char *name(const struct sp_report *r, int i)
{
	return r->results[i].placement;
}

static const struct sp_scenario_build *job(const struct sp_report *r, int i)
{
	return &r->results[i].scenarios.build;
}

/* "the build job" or "your job 'make -j2'": what ran, as the user knows it */
static void job_name(const struct sp_report *r, const struct sp_findings *f, char *buf,
		     size_t len)
{
	const struct sp_scenario_build *b = NULL;

	for (size_t i = 0; i < r->n_results && !b; i++)
		if (r->results[i].scenarios.build.done)
			b = &r->results[i].scenarios.build;
	(void)f;
	if (b && b->job[0] && strcmp(b->job, "build") != 0)
		snprintf(buf, len, "your job '%.60s'", b->job);
	else
		snprintf(buf, len, "the build job");
}

/*
 * The job's ranking: fastest first with its ratio to the ram baseline, then the others with
 * their ratio to the fastest, then what did not finish.
 */
static void build_sentence(const struct sp_report *r, const struct sp_findings *f, char *buf,
			   size_t len)
{
	const struct sp_build_ranking *k = &f->build;
	char what[96];

	job_name(r, f, what, sizeof(what));
	if (!k->n) {
		sp_cat(buf, len, "%s finished on no placement with swap", what);
	} else {
		sp_cat(buf, len, "%s ran fastest with %s: %.1f s", what, k->rows[0].placement,
		       k->rows[0].wall_s);
		if (k->has_ram)
			sp_cat(buf, len, " (%.2fx its %.1f s in RAM alone)", k->rows[0].ratio_to_ram,
			       k->ram_wall_s);
		for (size_t i = 1; i < k->n; i++)
			sp_cat(buf, len, "%s %s %.1f s (%.2fx)", i == 1 ? "; then" : ",",
			       k->rows[i].placement, k->rows[i].wall_s, k->rows[i].ratio_to_best);
	}
	if (f->build_page_cluster >= 0)
		sp_cat(buf, len, "; vm.page-cluster %d", f->build_page_cluster);
	for (size_t i = 0; i < f->n_build_not_ok; i++) {
		const struct sp_scenario_build *b = job(r, f->build_not_ok[i]);

		sp_cat(buf, len, "%s %s %s", i ? "," : "; not finished:",
		       name(r, f->build_not_ok[i]),
		       b->oom_killed ? "(OOM-killed)" : b->timed_out ? "(timed out)"
			       : b->status == SP_STATUS_INVALID ? "(invalid)" : "(failed)");
	}
}

/*
 * Start vs end, said only as strongly as the runs allow: a difference is claimed when every
 * run of one beat every run of the other; "no measurable difference" only when the runs'
 * spread covers it, naming the smallest difference they could have resolved; with one run each
 * the spread is unknown and nothing is claimed.
 */
static void build_start_end_sentence(const struct sp_report *r, const struct sp_findings *f,
				     char *buf, size_t len)
{
	const struct sp_build_ranking *k = &f->build;
	double rs = job(r, k->start_vs_end.start)->wall_s, re = job(r, k->start_vs_end.end)->wall_s;
	double ratio = k->start_vs_end.ratio;
	const char *faster = ratio >= 1 ? "start" : "end";
	double x = ratio >= 1 ? ratio : 1 / ratio;

	if (k->start_vs_end.resolvable)
		sp_cat(buf, len,
		       "with swap at the %s of the disk the job ran %.2fx faster than at the %s "
		       "(%.1f vs %.1f s), beyond the run-to-run spread (%.1f %% over %zu runs each)",
		       faster, x, ratio >= 1 ? "end" : "start", ratio >= 1 ? rs : re,
		       ratio >= 1 ? re : rs, k->start_vs_end.resolution_pct, k->start_vs_end.min_runs);
	else if (k->start_vs_end.min_runs >= 2)
		sp_cat(buf, len,
		       "swap at the start vs at the end: no measurable difference for the job "
		       "(%.1f vs %.1f s); its runs spread %.1f %%, so only a larger difference could "
		       "have shown",
		       rs, re, k->start_vs_end.resolution_pct);
	else
		sp_cat(buf, len,
		       "swap at the start vs at the end: %.1f vs %.1f s for the job (%s %.2fx "
		       "faster), from one run each: the run-to-run spread is unknown, so this is not "
		       "shown to be more than noise (--repeat 3 measures it)",
		       rs, re, faster, x);
}

static const struct sp_service_case *svc(const struct sp_report *r, int res, int c)
{
	return &r->results[res].scenarios.service.cases[c];
}

/* milliseconds as the service's table prints them: "12.5", "9800", "-" when unknown */
static const char *fmt_ms(char *buf, double v)
{
	if (!isfinite(v) || v < 0)
		snprintf(buf, 16, "-");
	else
		snprintf(buf, 16, v < 100 ? "%.1f" : "%.0f", v);
	return buf;
}

/* "once", "twice", "3 times" */
static void times(char *buf, size_t len, uint64_t n)
{
	if (n == 1)
		sp_cat(buf, len, " once");
	else if (n == 2)
		sp_cat(buf, len, " twice");
	else
		sp_cat(buf, len, " %llu times", (unsigned long long)n);
}

/* "812 of 2400 requests failed" / "none of 2400 requests failed" */
static void failed_phrase(char *buf, size_t len, const struct sp_service_case *c)
{
	if (c->failed)
		sp_cat(buf, len, "%llu of %llu %s failed", (unsigned long long)c->failed,
		       (unsigned long long)c->sent, sp_plural(c->sent, "request", "requests"));
	else
		sp_cat(buf, len, "none of %llu %s failed", (unsigned long long)c->sent,
		       sp_plural(c->sent, "request", "requests"));
}

/*
 * One case of the service scenario: what it is, what the no-swap baseline lost (failed
 * requests, whom the OOM killer took), what the best placement with swap kept, and, for the
 * overflow cases, the best placement's p95 and top speed against its own fits case.
 */
static void service_sentence(const struct sp_report *r, const struct sp_findings *f, int k,
			     char *buf, size_t len)
{
	static const char *const what[SP_SVC_N_CASES] = {
	    [SP_SVC_FITS] = "service, data within its memory",
	    [SP_SVC_COLD] = "service, data 20 % over its memory but the excess idle (cold)",
	    [SP_SVC_HOT] = "service, data 20 % over its memory and all of it read (hot)",
	    [SP_SVC_SPIKE] = "service with a memory spike beside it (the nightly backup)",
	};
	static const char *const subject[SP_SVC_N_CASES] = {
	    [SP_SVC_FITS] = "the load alone", [SP_SVC_COLD] = "the idle data",
	    [SP_SVC_HOT] = "the overflow", [SP_SVC_SPIKE] = "the spike",
	};
	const struct sp_service_finding *sf = &f->service[k];
	char a[16], b[16];

	sp_cat(buf, len, "%s: ", what[k]);
	if (sf->none >= 0) {
		const struct sp_service_case *n = svc(r, sf->none, sf->none_case);

		sp_cat(buf, len, "without swap ");
		if (n->oom_kills) {
			sp_cat(buf, len, "%s got ", subject[k]);
			if (sf->none_service_kills && sf->none_spike_kills)
				sp_cat(buf, len, "the service and the spike job");
			else if (sf->none_spike_kills)
				sp_cat(buf, len, "the spike job");
			else if (sf->none_service_kills)
				sp_cat(buf, len, "the service");
			else
				sp_cat(buf, len, "a process");
			sp_cat(buf, len, " OOM-killed");
			times(buf, len, n->oom_kills);
			sp_cat(buf, len, " and ");
		}
		failed_phrase(buf, len, n);
		if (n->served)
			sp_cat(buf, len, " (p95 %s ms)", fmt_ms(a, n->p95_ms));
	} else {
		sp_cat(buf, len, "no run without swap to compare");
	}
	if (sf->best < 0) {
		sp_cat(buf, len, "; no placement with swap ran it");
		return;
	}
	{
		const struct sp_service_case *c = svc(r, sf->best, sf->best_case);

		sp_cat(buf, len, "; with %s ", name(r, sf->best));
		if (c->failed)
			sp_cat(buf, len, "%llu failed", (unsigned long long)c->failed);
		else
			sp_cat(buf, len, "none failed");
		if (c->oom_kills) {
			sp_cat(buf, len, " and it was OOM-killed");
			times(buf, len, c->oom_kills);
		}
		sp_cat(buf, len, " (p95 %s ms, top speed %s requests/s", fmt_ms(a, c->p95_ms),
		       sp_fmt_rate(b, c->top_speed_per_s));
		if (k != SP_SVC_FITS && sf->best_fits_case >= 0) {
			const struct sp_service_case *fc = svc(r, sf->best, sf->best_fits_case);

			sp_cat(buf, len, "; %s ms and %s requests/s when it fits",
			       fmt_ms(a, fc->p95_ms), sp_fmt_rate(b, fc->top_speed_per_s));
		}
		sp_cat(buf, len, ")");
	}
}

int sp_verdict_sentence(const struct sp_report *r, const struct sp_findings *f,
			enum sp_verdict_kind k, char *buf, size_t len)
{
	char a[16], b[16], c[16];

	if (!len)
		return -EINVAL;
	buf[0] = '\0';
	switch (k) {
	case SP_VERDICT_INTEGRITY_BAD:
		sp_cat(buf, len,
		    "SERIOUS: %llu of %llu pages checked came back different from what was "
		    "written (",
		    (unsigned long long)f->mismatches, (unsigned long long)f->pages_checked);
		for (size_t i = 0; i < f->n_mismatched; i++)
			sp_cat(buf, len, "%s%s: %llu", i ? ", " : "", name(r, f->mismatched[i]),
			    (unsigned long long)r->results[f->mismatched[i]].integrity.mismatches);
		sp_cat(buf, len, "); do not trust that swap area with data");
		return 0;
	case SP_VERDICT_NONE:
		sp_cat(buf, len, "no placement produced a swap-in latency from real swap-ins");
		return 0;
	case SP_VERDICT_BEST:
		sp_cat(buf, len,
		    "fastest swap-in: %s, median %s us (95 %% CI %s-%s us) over %llu real "
		    "swap-ins",
		    name(r, f->best), sp_fmt_us(a, lat(r, f->best)->p50_us),
		    sp_fmt_us(b, lat(r, f->best)->p50_ci_lo_us), sp_fmt_us(c, lat(r, f->best)->p50_ci_hi_us),
		    (unsigned long long)lat(r, f->best)->samples);
		return 0;
	case SP_VERDICT_LOOP_TARGET:
		sp_cat(buf, len,
		    "caution: the target is a loop device, a file on another disk; its start, "
		    "end and middle are wherever the host put the file's blocks, so the "
		    "differences above are the host's, not a disk's geometry");
		return 0;
	case SP_VERDICT_START_END: {
		const struct sp_pair *p = &f->start_end;

		sp_fmt_us(a, lat(r, p->a)->p50_us);
		sp_fmt_us(b, lat(r, p->b)->p50_us);
		if (p->ci_overlap)
			sp_cat(buf, len,
			    "swap partition at the start vs at the end: no measurable "
			    "difference (median %s vs %s us, the 95 %% CIs overlap)",
			    a, b);
		else if (p->ratio >= 1)
			sp_cat(buf, len,
			    "swap partition at the start: %.1fx faster swap-in than at the "
			    "end (median %s vs %s us)",
			    p->ratio, a, b);
		else
			sp_cat(buf, len,
			    "swap partition at the end: %.1fx faster swap-in than at the "
			    "start (median %s vs %s us)",
			    1 / p->ratio, b, a);
		return 0;
	}
	case SP_VERDICT_FILE: {
		const struct sp_pair *p = &f->file_start;

		sp_cat(buf, len, "the swap file lies in %zu %s %s", f->file_extents,
		    sp_plural(f->file_extents, "extent", "extents"), region_phrase(f->file_region));
		if (f->file_region != SP_REGION_UNKNOWN)
			sp_cat(buf, len, " (%.0f-%.0f %% into the disk)", f->file_pos_lo * 100,
			    f->file_pos_hi * 100);
		switch (f->file_gap) {
		case SP_FILE_GAP_FILE:
			sp_cat(buf, len, "; it gave no swap-in latency (%s)",
			    sp_status_name(r->results[f->file].status));
			return 0;
		case SP_FILE_GAP_START:
			sp_cat(buf, len,
			    "; the start partition has no swap-in latency to compare it "
			    "with");
			return 0;
		case SP_FILE_GAP_NONE:
			break;
		}
		sp_fmt_us(a, lat(r, p->b)->p50_us);
		sp_fmt_us(b, lat(r, p->a)->p50_us);
		if (p->ci_overlap)
			sp_cat(buf, len,
			    " and shows no measurable difference to the start partition "
			    "(median %s vs %s us)",
			    a, b);
		else if (f->file_penalty_pct >= 0)
			sp_cat(buf, len,
			    " and costs %+.0f %% swap-in time over the start partition "
			    "(median %s vs %s us)",
			    f->file_penalty_pct, a, b);
		else
			sp_cat(buf, len,
			    " and swaps in %.0f %% faster than the start partition (median "
			    "%s vs %s us)",
			    -f->file_penalty_pct, a, b);
		return 0;
	}
	case SP_VERDICT_ZRAM_DISK:
		sp_fmt_us(a, lat(r, f->best_zram)->p50_us);
		sp_fmt_us(b, lat(r, f->best_disk)->p50_us);
		if (f->zram_disk_ratio >= 1)
			sp_cat(buf, len,
			    "%s swaps in %.1fx faster than the best disk placement, %s "
			    "(median %s vs %s us), at the price of RAM",
			    name(r, f->best_zram), f->zram_disk_ratio, name(r, f->best_disk), a, b);
		else
			sp_cat(buf, len,
			    "the disk placement %s swaps in %.1fx faster than the best "
			    "zram, %s (median %s vs %s us)",
			    name(r, f->best_disk), 1 / f->zram_disk_ratio, name(r, f->best_zram), b,
			    a);
		if (f->zram_ratio > 0)
			sp_cat(buf, len, "; zram stored the pages at %.2f:1", f->zram_ratio);
		return 0;
	case SP_VERDICT_FLOOR: {
		int i = f->best_disk;

		sp_cat(buf, len,
		    "%s: a swap-in alone takes %.1fx the device's own 4 KiB read at QD1 "
		    "(%s vs %s us); the kernel's swap path adds %s us per page",
		    name(r, i), f->floor_ratio[i], sp_fmt_us(a, lat(r, i)->p50_us),
		    sp_fmt_us(b, r->results[i].device_probe.qd1.p50_us),
		    f->floor_overhead_us[i] > 0 ? sp_fmt_us(c, f->floor_overhead_us[i]) : "0.0");
		return 0;
	}
	case SP_VERDICT_PRESSURE:
		if (f->none_oom_killed)
			sp_cat(buf, len,
			    "without swap the workload over its memory limit was "
			    "OOM-killed (%s touches/s until then)",
			    sp_fmt_rate(a, f->none_touches_per_s));
		else
			sp_cat(buf, len,
			    "without swap the workload over its memory limit ran at %s "
			    "touches/s",
			    sp_fmt_rate(a, f->none_touches_per_s));
		if (f->best_pressure < 0) {
			sp_cat(buf, len, "; no placement with swap completed the pressure probe");
			return 0;
		}
		sp_cat(buf, len, "; with %s it ran at %s touches/s", name(r, f->best_pressure),
		    sp_fmt_rate(b, f->best_pressure_touches_per_s));
		if (f->pressure_ratio > 0 && !f->none_oom_killed)
			sp_cat(buf, len, " (%.1fx)", f->pressure_ratio);
		if (r->results[f->best_pressure].pressure_probe.oom_killed)
			sp_cat(buf, len, " before it was OOM-killed too");
		return 0;
	case SP_VERDICT_INTEGRITY_OK:
		sp_cat(buf, len, "all %llu pages checked after swap-in matched their headers",
		    (unsigned long long)f->pages_checked);
		return 0;
	case SP_VERDICT_COMPRESSION:
		sp_cat(buf, len, "the probe's pages compressed %.2f:1 under zstd", f->data_ratio);
		if (f->zram_ratio > 0)
			sp_cat(buf, len, "; %s held them at %.2f:1 (kernel mm_stat)",
			    name(r, f->best_zram), f->zram_ratio);
		return 0;
	case SP_VERDICT_NOT_OK:
		sp_cat(buf, len, "%zu %s gave no latency:", f->n_not_ok,
		    sp_plural(f->n_not_ok, "placement", "placements"));
		for (size_t i = 0; i < f->n_not_ok; i++)
			sp_cat(buf, len, "%s %s (%s)", i ? "," : "", name(r, f->not_ok[i]),
			    sp_status_name(r->results[f->not_ok[i]].status));
		sp_cat(buf, len, "; each has its reason in the report");
		return 0;
	case SP_VERDICT_BUILD:
		build_sentence(r, f, buf, len);
		return 0;
	case SP_VERDICT_BUILD_START_END:
		build_start_end_sentence(r, f, buf, len);
		return 0;
	case SP_VERDICT_SERVICE_FITS:
	case SP_VERDICT_SERVICE_COLD:
	case SP_VERDICT_SERVICE_HOT:
	case SP_VERDICT_SERVICE_SPIKE:
		service_sentence(r, f, (int)(k - SP_VERDICT_SERVICE_FITS), buf, len);
		return 0;
	case SP_VERDICT_SWEEP_SWAPPINESS:
	case SP_VERDICT_SWEEP_PAGE_CLUSTER: {
		const struct sp_sweep_knob_finding *kf = sp_sweep_finding_of(
		    &f->sweep, (enum sp_knob)(k - SP_VERDICT_SWEEP_SWAPPINESS));

		if (!kf)
			return -EINVAL;
		sp_sweep_sentence(kf, buf, len);
		return 0;
	}
	default:
		return -EINVAL;
	}
}
