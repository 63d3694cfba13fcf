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

#include "cmd/commands.h"
#include "cmd/fail.h"
#include "core/doc/advicedoc.h"
#include "core/doc/doc_text.h"
#include "core/findings/analysis.h"
#include "out/report_io.h"
#include "out/setup_write.h"

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
out:
	free(r);
	free(f);
	free(a);
	return rc;
}
