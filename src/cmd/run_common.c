/*
 * run_common.c - report header, device list and saving, shared by run, measure and probe.
 */
#include "cmd/run_common.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "act/journal.h"
#include "act/runlock.h"
#include "act/sysctl.h"
#include "act/zswap.h"
#include "cmd/fail.h"
#include "core/config/textfmt.h"
#include "core/doc/reportdoc.h"
#include "core/findings/analysis.h"
#include "core/report/report_json.h"
#include "out/metrics.h"
#include "out/report_io.h"
#include "out/setup_write.h"
#include "sys/devices.h"
#include "sys/log.h"
#include "sys/machine.h"
#include "sys/sysfs.h"
#include "sys/timer.h"

int sp_cmd_budget(struct sp_config *c)
{
	/* a test hook, as SWAPPLACE_PROC_SYS is: another machine's meminfo, read instead */
	const char *alt = getenv("SWAPPLACE_MEMINFO");
	uint64_t total = 0, avail = 0;
	char why[512];
	int ret;

	ret = sp_machine_memory("", alt ? alt : "/proc/meminfo", &total, &avail);
	if (ret == 0)
		ret = sp_budget_choose(total, avail, c->budget_given ? c->budget_bytes : 0,
				       &c->budget);
	if (ret < 0)
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret),
			       "cannot read how much memory this machine has (%s)",
			       alt ? alt : "/proc/meminfo");
	c->budget_bytes = c->budget.budget_bytes;
	if (c->budget.too_small) {
		sp_budget_refusal(&c->budget, why, sizeof(why));
		return sp_fail(SP_EXIT_REFUSED, NULL, "refusing to run: %s", why);
	}
	return SP_EXIT_OK;
}

void run_report_init(struct sp_report *r, const char *command, const struct sp_config *c)
{
	sp_report_init(r, command);
	r->started = time(NULL);
	r->seed = c->seed;
	r->min_effect_pct = c->min_effect_pct;
	r->budget_bytes = c->budget_bytes;
	if (c->budget.ram_bytes) {
		r->has_budget_rule = 1;
		snprintf(r->budget_source, sizeof(r->budget_source), "%s",
			 sp_budget_source_name(c->budget.source));
		r->budget_ram_pct = c->budget.ram_pct;
		r->budget_floor_bytes = c->budget.floor_bytes;
		r->budget_ceiling_bytes = c->budget.ceiling_bytes;
		r->budget_headroom_bytes = c->budget.headroom_bytes;
		r->mem_available_bytes = c->budget.available_bytes;
	}
	r->time_per_placement_s = c->time_per_placement_s;
	if (sp_machine_probe("", &r->machine) < 0)
		sp_warn("cannot read all of the machine's description");
	r->machine.timer_cost_ns = sp_timer_cost_ns();
}

void run_report_devices(struct sp_report *r)
{
	struct sp_sys_facts *f = calloc(1, sizeof(*f));

	if (!f)
		return;
	if (sp_facts_gather("", f) == 0 &&
	    sp_devices_scan("", f, r->devices, SP_MAX_DEVICES, &r->n_devices) < 0)
		r->n_devices = 0;
	free(f);
}

void run_tuning_plan(struct run_tuning *t)
{
	t->page_cluster = "0";
	t->job_page_cluster[0] = '\0';	  /* no job unless run_tuning_plan_job says so */
	t->server_page_cluster[0] = '\0'; /* until run_tuning_plan_servers */
}

/* --page-cluster, else as the machine has it now (read before run_tuning_apply changes it);
 * "" when neither is known: the workload runs with what is set */
static void page_cluster_of_run(const struct sp_config *c, char *buf, size_t len)
{
	uint64_t pc;

	if (c->page_cluster_given)
		snprintf(buf, len, "%u", c->page_cluster);
	else if (sp_sysctl_get_u64("vm.page-cluster", &pc) == 0 && pc < 100)
		snprintf(buf, len, "%u", (unsigned)pc);
	else
		buf[0] = '\0';
}

void run_tuning_plan_job(struct run_tuning *t, const struct sp_config *c)
{
	page_cluster_of_run(c, t->job_page_cluster, sizeof(t->job_page_cluster));
}

void run_tuning_plan_servers(struct run_tuning *t, const struct sp_config *c)
{
	page_cluster_of_run(c, t->server_page_cluster, sizeof(t->server_page_cluster));
}

void run_tuning_servers_opts(const struct run_tuning *t, const struct sp_config *c,
			     struct sp_measure_opts *mo)
{
	mo->server_page_cluster = t->server_page_cluster[0] ? t->server_page_cluster : NULL;
	mo->server_page_cluster_all = c->page_cluster_given;
}

void run_tuning_apply(const struct run_tuning *t)
{
	int ret = sp_sysctl_set("vm.page-cluster", t->page_cluster);

	if (ret < 0)
		sp_warn("cannot set vm.page-cluster=%s (%s): swap readahead stays on",
			t->page_cluster, strerror(-ret));
}

void run_measure_opts(const struct sp_config *c, struct sp_measure_opts *mo)
{
	mo->budget_bytes = c->budget_bytes;
	mo->time_s = c->time_per_placement_s;
	mo->seed = c->seed;
	mo->cache_threads = c->cache_threads;
	mo->threads = c->threads;
	mo->ci_target_pct = c->ci_target_pct;
	mo->job = NULL;		    /* run sets its job; measure runs none */
	mo->quiet_dev = NULL;	    /* run sets its target */
	mo->service_s = 0;	    /* run sets the service scenario's time */
	mo->cache_s = mo->gc_s = 0; /* and the cache and gc scenarios' */
	mo->cache_dir = NULL;
	mo->caps = &c->caps; /* --cpu-max, --io-max */
	mo->service_workers = c->service_workers;
	mo->server_page_cluster = NULL; /* run_tuning_servers_opts sets it */
	mo->server_page_cluster_all = 0;
}

int run_lock(const char *cmd)
{
	char holder[200];
	int ret = sp_runlock_take(cmd, holder, sizeof(holder));

	if (ret == -EBUSY)
		return sp_fail(SP_EXIT_REFUSED, NULL, "another swapplace run is active (%s)",
			       holder);
	if (ret < 0)
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot take the lock in '%s'",
			       sp_run_dir());
	/* a run killed before it could undo left its swap, zram, sysctls behind: measuring
	 * beside them would take them for the machine's own "before" values */
	if (!strcmp(cmd, "run") || !strcmp(cmd, "measure")) {
		char left[600];

		ret = sp_journal_find_unfinished(left, sizeof(left));
		if (ret > 0)
			return sp_fail(SP_EXIT_REFUSED, NULL,
				       "an earlier swapplace run of this boot did not finish: its "
				       "journal '%s' lists changes still to undo; run 'swapplace "
				       "cleanup' first",
				       left);
		if (ret < 0)
			return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret),
				       "cannot look for unfinished journals in '%s'", sp_run_dir());
	}
	return SP_EXIT_OK;
}

int run_journal_open(struct sp_report *r, const char *cmd, const char *out_dir)
{
	struct sp_err e;
	int ret;

	sp_err_init(&e);
	ret = sp_journal_open(cmd, out_dir, &e);
	if (ret < 0)
		return sp_fail(SP_EXIT_FAILURE, &e, "cannot keep a journal of the run");
	r->has_journal = 1;
	snprintf(r->journal, sizeof(r->journal), "%s", sp_journal_path());
	return SP_EXIT_OK;
}

void run_journal_finish(void)
{
	char path[600];

	snprintf(path, sizeof(path), "%s", sp_journal_path());
	if (sp_journal_finish() == -EBUSY)
		sp_warn("not every change could be undone: 'swapplace cleanup %s' tries again",
			path);
}

void run_report_dir(const struct sp_report *r, const struct sp_config *c, char *dir, size_t len)
{
	struct tm tm;

	dir[0] = '\0';
	if (c->out_dir) {
		snprintf(dir, len, "%s", c->out_dir);
	} else if (c->cmd == SP_CMD_RUN) {
		/* absolute: the journal's twin and the cleanup command printed name it so */
		char cwd[PATH_MAX];

		if (!getcwd(cwd, sizeof(cwd)))
			snprintf(cwd, sizeof(cwd), ".");
		gmtime_r(&r->started, &tm);
		snprintf(dir, len, "%s/reports/%04d%02d%02d-%02d%02d%02d",
			 strcmp(cwd, "/") ? cwd : "", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
			 tm.tm_hour, tm.tm_min, tm.tm_sec);
	}
}

void run_page_opts(const struct sp_config *c, struct sp_page_opts *o)
{
	o->paper = SP_PAPER_A4;
	o->duplex = c->duplex;
	if (c->paper && sp_paper_parse(c->paper, &o->paper) < 0)
		o->paper = SP_PAPER_A4;
}

int run_metrics_check(const struct sp_config *c)
{
	struct sp_err e;
	int ret;

	if (!c->metrics_dir)
		return SP_EXIT_OK;
	ret = sp_metrics_dir_check(c->metrics_dir, &e);
	if (ret < 0)
		return sp_fail(ret == -ENOENT || ret == -ENOTDIR ? SP_EXIT_USAGE : SP_EXIT_FAILURE,
			       &e, "cannot keep the metrics (--metrics) in '%s'", c->metrics_dir);
	return SP_EXIT_OK;
}

/* --metrics DIR: DIR/swapplace.prom; the report is saved whatever becomes of it */
static int run_metrics_save(const struct sp_report *r, const struct sp_findings *f,
			    const struct sp_config *c)
{
	char path[4096];
	struct sp_err e;

	if (!c->metrics_dir)
		return SP_EXIT_OK;
	if (sp_metrics_write(c->metrics_dir, r, f, path, sizeof(path), &e) < 0)
		return sp_fail(SP_EXIT_FAILURE, &e, "cannot write the metrics into '%s'",
			       c->metrics_dir);
	fprintf(stderr, "swapplace: metrics written to '%s'\n", path);
	return SP_EXIT_OK;
}

int run_report_save(struct sp_report *r, const struct sp_config *c, char *dir, size_t len)
{
	struct sp_findings *f = calloc(1, sizeof(*f));
	struct sp_report_failed failed = {0};
	struct sp_page_opts po;
	char written[256] = "";
	int ret, mrc;

	if (!f)
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(-ENOMEM), "cannot save the report");
	/* what --cpu-max and --io-max did, over every placement */
	sp_caps_summarise(&c->caps, r->results, r->n_results, &r->constraints);
	run_report_dir(r, c, dir, len);
	/* measure writes files only when asked (--out); run always keeps its report */
	run_page_opts(c, &po);
	ret = dir[0] ? sp_report_write_dir_opts(dir, r, &po, &failed) : 0;
	if (ret < 0) {
		free(f);
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot write the report into '%s'",
			       dir);
	}
	sp_analyse(r, f);
	mrc = run_metrics_save(r, f, c);
	if (c->json)
		ret = sp_report_json_write(stdout, r, f);
	else
		ret = sp_report_text_write(stdout, r, f);
	fflush(stdout);
	if (dir[0]) {
		/* what is there, then each rendering that is not, with why: a PDF that failed
		 * must not be looked for on the stick */
		for (size_t i = 0; i < sp_n_report_formats; i++) {
			const struct sp_report_format *fm = &sp_report_formats[i];
			int bad = 0;

			for (size_t k = 0; k < failed.n; k++)
				bad |= failed.f[k].file == fm->file;
			if (fm->file && !bad)
				snprintf(written + strlen(written),
					 sizeof(written) - strlen(written), "%s%s",
					 written[0] ? ", " : "", fm->file);
		}
		/* the advice's files beside the report (on the stick, with it): a warning when
		 * they cannot be, never a failed run */
		{
			char setup[PATH_MAX];
			struct sp_err se;
			int sr;

			snprintf(setup, sizeof(setup), "%s/setup", dir);
			sr = sp_setup_write_default(setup, r, &se);
			if (sr < 0)
				fprintf(
				    stderr,
				    "swapplace: warning: the setup files were not written (%s): "
				    "%s\n",
				    setup, sp_err_msg(&se));
			else if (!access(setup, F_OK))
				sp_cat_sep(written, sizeof(written), ", ", "setup/");
		}
		fprintf(stderr, "swapplace: report written to '%s' (%s)\n", dir, written);
		for (size_t k = 0; k < failed.n; k++)
			fprintf(stderr,
				"swapplace: warning: the %s report was not written (%s): %s\n",
				failed.f[k].name, failed.f[k].file, strerror(-failed.f[k].err));
	}
	free(f);
	if (ret < 0)
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot print the report");
	return mrc;
}

/*
 * zswap off for the whole run (its undo puts back what the machine had), so it never answers
 * for a disk placement (run) or a temporary swap file (measure --try); run's zswap placements
 * turn it on for their turn only.
 */
void run_zswap_off(struct sp_report *r)
{
	int ret = sp_zswap_off_for_run(&r->zswap);

	if (ret < 0)
		sp_warn("cannot turn zswap off for the run (%s): it may answer for the disk "
			"placements",
			strerror(-ret));
	else if (r->zswap.disabled)
		fprintf(stderr,
			"swapplace: zswap was on (compressor %s): off for the run, on "
			"again afterwards\n",
			r->zswap.compressor_before);
}

void run_print_service(const struct sp_result *res)
{
	for (size_t j = 0; j < res->scenarios.service.n_cases; j++) {
		const struct sp_service_case *sc = &res->scenarios.service.cases[j];

		fprintf(stderr,
			"swapplace: '%s': the service, %s: %llu of %llu requests failed, "
			"p95 %.1f ms, %llu OOM kills\n",
			res->placement, sc->name, (unsigned long long)sc->failed,
			(unsigned long long)sc->sent, sc->p95_ms,
			(unsigned long long)sc->oom_kills);
	}
}
