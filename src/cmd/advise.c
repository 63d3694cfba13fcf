/*
 * advise.c - `swapplace advise RUN.json [--for WORKLOAD] [--write DIR]`: a saved run read
 * back, analysed, advised for one workload (core/findings/advise), printed as the report's
 * "What to set up" section, and with --write its files put into a new directory.
 */
#include "core/findings/advise.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "act/journal.h"
#include "act/runlock.h"
#include "act/setup_apply.h"
#include "act/undo.h"
#include "cmd/commands.h"
#include "cmd/fail.h"
#include "core/doc/advicedoc.h"
#include "core/doc/doc_text.h"
#include "core/findings/analysis.h"
#include "core/safety/samemachine.h"
#include "out/report_io.h"
#include "out/setup_write.h"
#include "sys/devices.h"
#include "sys/machine.h"

/* "build, service": the workloads the report has figures of */
static void ran(const struct sp_findings *f, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s%s%s", f->has_build && f->build.n ? "build " : "",
		 f->has_service ? "service " : "", f->has_cache ? "cache " : "",
		 f->has_gc ? "gc " : "");
	if (!buf[0])
		snprintf(buf, len, "none");
}

static int print_advice(const struct sp_report *r, const struct sp_advice *a)
{
	struct sp_doc d;
	char id[64], sub[128];
	int ret;

	sp_doc_init(&d);
	sp_report_run_id(r, id, sizeof(id));
	snprintf(sub, sizeof(sub), "run %s", id);
	sp_doc_set_titles(&d, "swapplace advise", sub, NULL);
	sp_advice_doc_section(&d, r, a);
	ret = sp_doc_err(&d);
	if (!ret)
		ret = sp_doc_write_text(stdout, &d, SP_DOC_TEXT_COLUMNS);
	sp_doc_release(&d);
	if (!ret && fflush(stdout) != 0)
		ret = -errno;
	return ret;
}

static void print_log(const struct sp_apply_log *log)
{
	for (size_t i = 0; i < log->n; i++)
		fprintf(stderr, "swapplace: %s\n", log->line[i]);
}

/* Is r a measure report of this machine as it is now? 0, -EPERM (why in e), -errno. */
static int this_machine(const struct sp_report *r, struct sp_err *e)
{
	struct sp_sys_facts *f = malloc(sizeof(*f));
	struct sp_device_info *now = calloc(SP_MAX_DEVICES, sizeof(*now));
	int found[SP_MAX_DEVICES] = {0};
	struct sp_machine m;
	int ret;

	if (!f || !now) {
		ret = -ENOMEM;
		goto out;
	}
	ret = sp_machine_probe(NULL, &m);
	if (ret == 0)
		ret = sp_facts_gather(NULL, f);
	if (ret < 0) {
		sp_err_sys(e, ret, "cannot read this machine's identity");
		goto out;
	}
	for (size_t i = 0; i < r->n_devices && i < SP_MAX_DEVICES; i++)
		found[i] = strcmp(r->devices[i].transport, "zram") &&
			   sp_device_find(NULL, f, r->devices[i].path, &now[i]) == 0;
	ret = sp_same_machine(r, &m, now, found, e);
out:
	free(f);
	free(now);
	return ret;
}

/* one at a time with run, measure and cleanup: a measure restoring the sysctls it found would
 * undo an apply's */
static int lock(const char *what)
{
	char holder[200];
	int ret = sp_runlock_take(what, holder, sizeof(holder));

	if (ret == -EBUSY)
		return sp_fail(SP_EXIT_REFUSED, NULL,
			       "another swapplace run is active (%s): %s after it ends", holder,
			       what);
	if (ret < 0)
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot take the lock in '%s'",
			       sp_run_dir());
	return SP_EXIT_OK;
}

static int apply(const struct sp_config *c, const struct sp_report *r, const struct sp_advice *a)
{
	struct sp_apply_log log = {0};
	struct sp_err e;
	int ret;

	sp_err_init(&e);
	if (geteuid() != 0)
		return sp_fail(SP_EXIT_FAILURE, NULL, "--apply needs root");
	if ((ret = lock("advise --apply")) != SP_EXIT_OK)
		return ret;
	ret = this_machine(r, &e);
	if (ret == -EPERM)
		return sp_fail(SP_EXIT_REFUSED, &e, "refusing to apply '%s'", c->input);
	if (ret < 0)
		return sp_fail(SP_EXIT_FAILURE, &e, "cannot apply '%s'", c->input);
	sp_undo_install();
	ret = sp_setup_apply(c->root ? c->root : "/", r, a, &log, &e);
	print_log(&log);
	if (ret < 0) {
		int refused = ret == -EEXIST || ret == -ENOENT || ret == -ELOOP || ret == -EPERM;

		return sp_fail(refused ? SP_EXIT_REFUSED : SP_EXIT_FAILURE, &e,
			       "the advice was not applied%s",
			       refused ? "" : " (what was done is undone)");
	}
	fprintf(stderr, "swapplace: applied; `swapplace advise --undo%s%s` puts it back\n",
		c->root ? " --root " : "", c->root ? c->root : "");
	return SP_EXIT_OK;
}

static int undo(const struct sp_config *c)
{
	struct sp_apply_log log = {0};
	struct sp_err e;
	int ret;

	sp_err_init(&e);
	if (c->input || c->write_dir || c->workload)
		return sp_fail(SP_EXIT_USAGE, NULL, "--undo takes no report, --for or --write");
	if (geteuid() != 0)
		return sp_fail(SP_EXIT_FAILURE, NULL, "--undo needs root");
	if ((ret = lock("advise --undo")) != SP_EXIT_OK)
		return ret;
	ret = sp_setup_undo(c->root ? c->root : "/", &log, &e);
	print_log(&log);
	if (ret < 0)
		return sp_fail(SP_EXIT_FAILURE, &e, "the apply was not undone");
	fprintf(stderr, "swapplace: undone\n");
	return SP_EXIT_OK;
}

int sp_cmd_advise(const struct sp_config *c)
{
	struct sp_report *r = malloc(sizeof(*r));
	struct sp_findings *f = malloc(sizeof(*f));
	struct sp_advice *a = malloc(sizeof(*a));
	enum sp_workload w;
	struct sp_err e;
	char list[64];
	int ret, rc = SP_EXIT_OK;

	sp_err_init(&e);
	if (c->undo && c->apply) {
		rc = sp_fail(SP_EXIT_USAGE, NULL, "--apply and --undo exclude each other");
		goto out;
	}
	if (c->undo) {
		rc = undo(c);
		goto out;
	}
	if (!c->input) {
		rc = sp_fail(SP_EXIT_USAGE, NULL, "advise needs a report.json (or --undo)");
		goto out;
	}
	if (c->root && !c->apply) {
		rc = sp_fail(SP_EXIT_USAGE, NULL, "--root goes with --apply or --undo");
		goto out;
	}
	if (!r || !f || !a) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(-ENOMEM), "cannot advise");
		goto out;
	}
	if ((ret = sp_report_json_read(c->input, r, &e)) < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, &e, "cannot read '%s'", c->input);
		goto out;
	}
	if ((ret = sp_analyse(r, f)) < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot analyse '%s'", c->input);
		goto out;
	}
	ran(f, list, sizeof(list));
	if (c->workload) {
		/* the parser checked the choice */
		if (sp_workload_parse(c->workload, &w) < 0) {
			rc = sp_fail(SP_EXIT_USAGE, NULL, "unknown workload '%s'", c->workload);
			goto out;
		}
	} else if (sp_advice_default_workload(f, &w) < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, NULL,
			     "'%s' ran no workload (build, service, cache or gc): nothing is "
			     "advised without one",
			     c->input);
		goto out;
	}
	if ((ret = sp_advise(r, f, w, a)) < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot advise");
		goto out;
	}
	if (!a->have_workload) {
		rc = sp_fail(SP_EXIT_FAILURE, NULL,
			     "'%s' has no figures of the %s workload (it ran: %s): nothing is "
			     "advised without a measurement",
			     c->input, sp_workload_name(w), list);
		goto out;
	}
	if ((ret = print_advice(r, a)) < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot print the advice");
		goto out;
	}
	if (c->write_dir) {
		ret = sp_setup_write_dir(c->write_dir, r, a, &e);
		if (ret < 0) {
			int refused =
			    ret == -EEXIST || ret == -ELOOP || ret == -EPERM || ret == -ENOTDIR;

			rc = sp_fail(refused ? SP_EXIT_REFUSED : SP_EXIT_FAILURE, &e,
				     "the setup files were not written");
			goto out;
		}
		fprintf(stderr, "swapplace: setup files written to '%s' (read its README)\n",
			c->write_dir);
	}
	if (c->apply)
		rc = apply(c, r, a);
out:
	free(r);
	free(f);
	free(a);
	return rc;
}
