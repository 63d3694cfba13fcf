/*
 * compare.c - `swapplace compare A.json B.json ...` and `swapplace index DIR`: the edge of the
 * comparison (core/doc/compare.h) and of the lab index (out/labindex.h).
 *
 * compare renders into memory first and writes standard output only when the whole rendering
 * succeeded: a refused file or a failed PDF leaves stdout empty, so `compare ... > cmp.pdf`
 * never leaves half a document behind a message.
 */
#include "core/findings/compare.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/fail.h"
#include "core/doc/compare_doc.h"
#include "core/doc/doc.h"
#include "core/doc/doc_html.h"
#include "core/doc/doc_text.h"
#include "core/report/compare_csv.h"
#include "out/labindex.h"
#include "out/report_io.h"
#include "render/doc_cairo.h"

static int render(FILE *out, const struct sp_config *c, const struct sp_compare *cmp)
{
	struct sp_page_opts po = {.paper = SP_PAPER_A4, .duplex = c->duplex};
	const char *format = c->format ? c->format : "text";
	struct sp_doc d;
	int ret;

	if (!strcmp(format, "csv"))
		return sp_compare_csv_write(out, cmp);
	sp_doc_init(&d);
	ret = sp_compare_doc_build(&d, cmp);
	if (!ret && !strcmp(format, "text"))
		ret = sp_doc_write_text(out, &d, SP_DOC_TEXT_COLUMNS);
	else if (!ret && !strcmp(format, "html"))
		ret = sp_doc_write_html(out, &d);
	else if (!ret && !strcmp(format, "pdf")) {
		ret = c->paper ? sp_paper_parse(c->paper, &po.paper) : 0;
		if (!ret)
			ret = sp_doc_render_pages(out, SP_PAGES_PDF, &d, &po, NULL);
	} else if (!ret)
		ret = -EINVAL;
	sp_doc_release(&d);
	return ret;
}

int sp_cmd_compare(const struct sp_config *c)
{
	const struct sp_report *runs[SP_COMPARE_MAX_RUNS];
	struct sp_report *r[SP_COMPARE_MAX_RUNS] = {0};
	struct sp_compare *cmp = calloc(1, sizeof(*cmp));
	char *buf = NULL;
	size_t len = 0;
	struct sp_err e;
	FILE *mem = NULL;
	int ret, rc = SP_EXIT_OK;

	sp_err_init(&e);
	if (!cmp) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(-ENOMEM), "cannot compare");
		goto out;
	}
	if (c->n_inputs < 2 || c->n_inputs > SP_COMPARE_MAX_RUNS) {
		rc = sp_fail(SP_EXIT_USAGE, NULL, "'compare' takes 2 to %d report files, not %zu",
			     SP_COMPARE_MAX_RUNS, c->n_inputs);
		goto out;
	}
	for (size_t k = 0; k < c->n_inputs; k++) {
		/* a report is large: one at a time on the heap */
		r[k] = calloc(1, sizeof(*r[k]));
		if (!r[k]) {
			rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(-ENOMEM), "cannot read '%s'",
				     c->inputs[k]);
			goto out;
		}
		ret = sp_report_json_read(c->inputs[k], r[k], &e);
		if (ret == -EINVAL) {
			rc = sp_fail(SP_EXIT_USAGE, &e, "refusing '%s' (compare reads %s reports)",
				     c->inputs[k], SP_SCHEMA);
			goto out;
		}
		if (ret < 0) {
			rc = sp_fail(SP_EXIT_USAGE, &e, "cannot compare");
			goto out;
		}
		runs[k] = r[k];
	}
	ret = sp_compare_build(cmp, runs, c->n_inputs);
	if (ret < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot compare the runs");
		goto out;
	}
	mem = open_memstream(&buf, &len);
	if (!mem) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(-errno), "cannot compare the runs");
		goto out;
	}
	ret = render(mem, c, cmp);
	if (fclose(mem) != 0 && !ret)
		ret = -EIO;
	mem = NULL;
	if (ret < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot render the comparison as %s",
			     c->format ? c->format : "text");
		goto out;
	}
	if (fwrite(buf, 1, len, stdout) != len || fflush(stdout) != 0)
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(-EIO), "cannot write the comparison");
out:
	free(buf);
	for (size_t k = 0; k < SP_COMPARE_MAX_RUNS; k++)
		free(r[k]);
	if (cmp)
		sp_compare_release(cmp);
	free(cmp);
	return rc;
}

int sp_cmd_index(const struct sp_config *c)
{
	struct sp_lab_index_stats st;
	int ret = sp_lab_index_write(c->input, &st);

	if (ret == -ENOENT || ret == -ENOTDIR)
		return sp_fail(SP_EXIT_USAGE, SP_ERR_OF(ret), "cannot index '%s'", c->input);
	if (ret < 0)
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot write '%s/index.html'",
			       c->input);
	fprintf(stderr, "swapplace: %s/index.html lists %zu %s (%zu unreadable), %zu compared\n",
		c->input, st.n_runs, st.n_runs == 1 ? "run" : "runs", st.n_unreadable,
		st.n_compared);
	return SP_EXIT_OK;
}
