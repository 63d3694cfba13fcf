/*
 * metrics_prom.c - swapplace.prom (see metrics_prom.h): the report's headline figures as metric
 * families for node_exporter's textfile collector.
 *
 * One function per family, in a fixed order; each writes its `# HELP` and `# TYPE` lines before
 * its first sample and all its samples together, as the collector's parser requires, and a
 * family with no measured value is left out whole. The per-placement families share one label
 * set (placement, kind, model), so a fleet's figures can be summed or compared by any of them.
 * Values are printed with the fewest digits that read back as the same double (the report's
 * figure, converted to the base unit by one division), so a reader gets the report's numbers.
 */
#include "core/report/metrics_prom.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/config/textfmt.h"
#include "core/scenario/service.h"

struct fam {
	const char *name;
	const char *help;
	int shown; /* its HELP and TYPE are written */
};

struct label {
	const char *name;
	const char *value;
};

#define MAX_LABELS 6

/* ---- the text format ---- */

void sp_prom_label_value(FILE *out, const char *s)
{
	size_t len = s ? strlen(s) : 0;

	fputc('"', out);
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)s[i];
		size_t n = sp_utf8_seq_len(s, i, len);

		if (c == '\\' || c == '"') {
			fputc('\\', out);
			fputc(c, out);
		} else if (c == '\n') {
			fputs("\\n", out);
		} else if (n == 0 || c < 0x20 || c == 0x7f) {
			fputc('?', out);
		} else {
			fwrite(s + i, 1, n, out);
		}
		i += n ? n : 1;
	}
	fputc('"', out);
}

/* v with the fewest significant digits (15 to 17) that read back as v */
static void value(FILE *out, double v)
{
	char buf[40];

	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	fputs(buf, out);
}

/* One sample of fm; a value that is not finite is no measurement and is left out. */
static void sample(FILE *out, struct fam *fm, const struct label *l, size_t n, double v)
{
	if (!isfinite(v))
		return;
	if (!fm->shown) {
		fprintf(out, "# HELP %s %s\n# TYPE %s gauge\n", fm->name, fm->help, fm->name);
		fm->shown = 1;
	}
	fputs(fm->name, out);
	for (size_t i = 0; i < n; i++) {
		fprintf(out, "%s%s=", i ? "," : "{", l[i].name);
		sp_prom_label_value(out, l[i].value);
	}
	fputs(n ? "} " : " ", out);
	value(out, v);
	fputc('\n', out);
}

/* ---- what the labels say ---- */

const char *sp_report_prom_mode(const struct sp_report *r)
{
	if (strcmp(r->command, "measure"))
		return r->command;
	/* only --try makes zram and file placements in a measure report (core/findings) */
	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++)
		if (r->results[i].id.kind == SP_PL_ZRAM || r->results[i].id.kind == SP_PL_FILE)
			return "try";
	return "measure";
}

/*
 * path is disk or one of its partitions: sdb1 of sdb; a disk whose name ends in a digit has a
 * "p" before the partition's number (nvme0n1p2 of nvme0n1, loop0p1 of loop0), so nvme0n12 is
 * another namespace, not a partition of nvme0n1
 */
static int on_disk(const char *path, const char *disk)
{
	size_t n = strlen(disk);
	const char *rest = path + n;

	if (!n || strncmp(path, disk, n))
		return 0;
	if (!*rest)
		return 1;
	if (disk[n - 1] >= '0' && disk[n - 1] <= '9' && *rest++ != 'p')
		return 0;
	if (!*rest)
		return 0;
	for (; *rest; rest++)
		if (*rest < '0' || *rest > '9')
			return 0;
	return 1;
}

const char *sp_report_prom_device_model(const struct sp_report *r, const struct sp_result *res)
{
	const struct sp_device_info *d = NULL;

	for (size_t i = 0; i < r->n_devices && i < SP_MAX_DEVICES && res->device[0]; i++)
		if (!r->devices[i].is_partition && on_disk(res->device, r->devices[i].path))
			d = &r->devices[i];
	if (!d && r->target[0] &&
	    (res->id.kind == SP_PL_START || res->id.kind == SP_PL_END ||
	     res->id.kind == SP_PL_FILE || res->id.kind == SP_PL_ZSWAP))
		for (size_t i = 0; i < r->n_devices && i < SP_MAX_DEVICES; i++)
			if (!strcmp(r->devices[i].path, r->target))
				d = &r->devices[i];
	return d ? d->model : "";
}

/* The labels every per-placement family starts with; returns how many. */
static size_t who(const struct sp_report *r, const struct sp_result *res, struct label *l)
{
	l[0] = (struct label){"placement", res->placement};
	l[1] = (struct label){"kind", sp_placement_kind_name(res->id.kind)};
	l[2] = (struct label){"model", sp_report_prom_device_model(r, res)};
	return 3;
}

/* ---- the families ---- */

static void run_families(FILE *out, const struct sp_report *r)
{
	struct fam info = {"swapplace_info",
			   "The run these figures are from: swapplace's version, the run's id, "
			   "what made it (run, measure, try) and the machine's DMI vendor and "
			   "model; always 1.",
			   0};
	struct fam when = {"swapplace_run_timestamp_seconds",
			   "When the run started, in seconds since the Unix epoch.", 0};
	struct fam took = {"swapplace_run_duration_seconds", "How long the run took, in seconds.",
			   0};
	char run_id[64];
	struct label l[] = {
	    {"version", r->tool_version},
	    {"run_id", run_id},
	    {"mode", sp_report_prom_mode(r)},
	    {"machine_vendor", r->machine.dmi_vendor},
	    {"machine_model", r->machine.dmi_model},
	};

	sp_report_run_id(r, run_id, sizeof(run_id));
	sample(out, &info, l, sizeof(l) / sizeof(l[0]), 1);
	if (r->started > 0)
		sample(out, &when, NULL, 0, (double)r->started);
	if (r->duration_s > 0)
		sample(out, &took, NULL, 0, r->duration_s);
}

static void swapin(FILE *out, const struct sp_report *r, const struct sp_findings *f)
{
	struct fam fm = {"swapplace_swapin_latency_seconds",
			 "Swap-in latency of one page truly evicted and touched at random by one "
			 "thread (the fault probe), per placement: its median (quantile 0.5) and "
			 "99th percentile (0.99), in seconds.",
			 0};
	struct label l[MAX_LABELS];

	/* the ranked results are those with a measured latency (core/findings/analysis.h) */
	for (size_t i = 0; i < r->n_results; i++) {
		const struct sp_result *res = &r->results[i];
		int ranked = 0;
		size_t n;

		for (size_t k = 0; k < f->n_ranked; k++)
			ranked |= f->ranked[k] == (int)i;
		if (!ranked)
			continue;
		n = who(r, res, l);
		l[n] = (struct label){"quantile", "0.5"};
		sample(out, &fm, l, n + 1, res->fault_probe.lat.p50_us / 1e6);
		l[n].value = "0.99";
		if (res->fault_probe.lat.p99_us > 0)
			sample(out, &fm, l, n + 1, res->fault_probe.lat.p99_us / 1e6);
	}
}

static void build(FILE *out, const struct sp_report *r)
{
	struct fam fm = {
	    "swapplace_build_wall_seconds",
	    "Wall time of the build job (job=\"build\") or the user's --job "
	    "(job=\"user\") per placement, the fastest of its runs, in seconds; absent "
	    "where the job failed (OOM-killed, timed out).",
	    0};
	struct label l[MAX_LABELS];

	for (size_t i = 0; i < r->n_results; i++) {
		const struct sp_scenario_build *b = &r->results[i].scenarios.build;
		size_t n;

		if (!b->done || b->status != SP_STATUS_OK)
			continue;
		n = who(r, &r->results[i], l);
		l[n] = (struct label){
		    "job", b->work_scale > 0 || !strcmp(b->job, "build") ? "build" : "user"};
		sample(out, &fm, l, n + 1, b->wall_s);
	}
}

/* One figure of every service case of every placement; p95 only where a request was served. */
static void service(FILE *out, const struct sp_report *r, struct fam *fm, int what)
{
	struct label l[MAX_LABELS];

	for (size_t i = 0; i < r->n_results; i++) {
		const struct sp_scenario_service *s = &r->results[i].scenarios.service;

		for (size_t k = 0; k < s->n_cases && k < SP_SVC_N_CASES; k++) {
			const struct sp_service_case *c = &s->cases[k];
			size_t n = who(r, &r->results[i], l);

			l[n] = (struct label){"case", c->name};
			if (what == 0 && c->served)
				sample(out, fm, l, n + 1, c->p95_ms / 1e3);
			else if (what == 1)
				sample(out, fm, l, n + 1, c->top_speed_per_s);
			else if (what == 2)
				sample(out, fm, l, n + 1, (double)c->oom_kills);
		}
	}
}

static void services(FILE *out, const struct sp_report *r)
{
	struct fam p95 = {"swapplace_service_p95_seconds",
			  "The service's 95th-percentile request latency (from each request's "
			  "intended send time) per placement and case, the worst run's with "
			  "--repeat, in seconds; absent where no request was served.",
			  0};
	struct fam top = {"swapplace_service_top_speed_per_second",
			  "Requests per second the service served at its top speed (4 clients in "
			  "a closed loop) per placement and case.",
			  0};
	struct fam ooms = {"swapplace_oom_kills",
			   "OOM kills in the service's memory cgroup per placement and case, the "
			   "kernel's count, during that case.",
			   0};

	service(out, r, &p95, 0);
	service(out, r, &top, 1);
	service(out, r, &ooms, 2);
}

static void oom_killed(FILE *out, const struct sp_report *r)
{
	struct fam fm = {"swapplace_oom_killed",
			 "1 where the OOM killer killed a scenario's workload on a placement, 0 "
			 "where it ran without: the build job (scenario=\"build\"), the cache at "
			 "each pool size (scenario=\"cache\", case its percent of the budget) and "
			 "the gc heap (scenario=\"gc\").",
			 0};
	struct label l[MAX_LABELS];
	char pct[32];

	for (size_t i = 0; i < r->n_results; i++) {
		const struct sp_scenarios *s = &r->results[i].scenarios;
		size_t n = who(r, &r->results[i], l);

		l[n + 1] = (struct label){"case", ""};
		l[n] = (struct label){"scenario", "build"};
		if (s->build.done)
			sample(out, &fm, l, n + 2, s->build.oom_killed ? 1 : 0);
		l[n].value = "cache";
		for (size_t k = 0; s->cache.done && k < s->cache.n_cases && k < SP_CACHE_MAX_CASES;
		     k++) {
			snprintf(pct, sizeof(pct), "%.10g%%", s->cache.cases[k].cache_pct);
			l[n + 1].value = pct;
			sample(out, &fm, l, n + 2, s->cache.cases[k].oom_killed ? 1 : 0);
		}
		l[n].value = "gc";
		l[n + 1].value = "";
		if (s->gc.done)
			sample(out, &fm, l, n + 2, s->gc.oom_killed ? 1 : 0);
	}
}

int sp_report_prom_write(FILE *out, const struct sp_report *r, const struct sp_findings *fin)
{
	struct sp_findings *own = NULL; /* the findings are large: on the heap */
	const struct sp_findings *f = fin;

	if (!out || !r || r->n_results > SP_MAX_RESULTS || r->n_devices > SP_MAX_DEVICES)
		return -EINVAL;
	if (!f) {
		own = malloc(sizeof(*own));
		if (!own)
			return -ENOMEM;
		if (sp_analyse(r, own) < 0) {
			free(own);
			return -EINVAL;
		}
		f = own;
	}
	run_families(out, r);
	swapin(out, r, f);
	build(out, r);
	services(out, r);
	oom_killed(out, r);
	fputs("# EOF\n", out);
	free(own);
	if (fflush(out) != 0 || ferror(out))
		return -EIO;
	return 0;
}
