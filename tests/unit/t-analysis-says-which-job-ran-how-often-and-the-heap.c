/*
 * The findings carry the facts every format phrases, computed once: which job ran (the first
 * placement that ran it; the user's job or the build job), how many runs (the most one
 * placement ran), and the gc's heap over its limit. The verdict and the report document read
 * them and compute nothing: "your job 'make -j2'" is said the same in both.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/doc/reportdoc.h"
#include "core/findings/analysis.h"
#include "core/findings/verdict.h"
#include "core/model/report.h"
#include "report-dump.h"
#include "t-report-synthetic.h"

static struct sp_report r;
static struct sp_findings f;

int main(void)
{
	char name[96], *t;
	int first = -1;

	syn_build(&r);
	CHECK(sp_analyse(&r, &f) == 0);
	for (size_t i = 0; i < r.n_results && first < 0; i++)
		if (r.results[i].scenarios.build.done)
			first = (int)i;
	CHECK(f.has_build && f.build_job == first && !f.build_user);
	CHECK_EQ_U64(f.build_runs, 2);
	/* 19660 pages over 256 MiB; with 1 MiB of metadata and 256 MiB allocated a cycle */
	CHECK_NEAR(f.gc.heap_ratio, (double)(19660ull << 12) / (256ull << 20), 1e-9);
	CHECK_NEAR(f.gc.peak_ratio, (double)((19660ull << 12) + (257ull << 20)) / (256ull << 20),
		   1e-9);
	sp_verdict_job_name(&r, &f, name, sizeof(name));
	CHECK_STR(name, "the build job");

	/* the user's job, one placement ran it three times */
	for (size_t i = 0; i < r.n_results; i++)
		if (r.results[i].scenarios.build.done)
			snprintf(r.results[i].scenarios.build.job,
				 sizeof(r.results[i].scenarios.build.job), "make -j2");
	r.results[first].scenarios.build.n_runs = 3;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.build_user && f.build_job == first);
	CHECK_EQ_U64(f.build_runs, 3);
	sp_verdict_job_name(&r, &f, name, sizeof(name));
	CHECK_STR(name, "your job 'make -j2'");
	t = report_text_dump(&r);
	CHECK(text_has(t, "Your job ========"));
	CHECK(text_has(t, "Wall time of your job 'make -j2' per placement"));
	CHECK(text_has(t, "(3 runs each, the fastest kept"));
	CHECK(text_has(t, "- your job 'make -j2' ran fastest with"));
	free(t);

	/* no job, no gc: nothing to say */
	for (size_t i = 0; i < r.n_results; i++) {
		memset(&r.results[i].scenarios.build, 0, sizeof(r.results[i].scenarios.build));
		memset(&r.results[i].scenarios.gc, 0, sizeof(r.results[i].scenarios.gc));
	}
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(!f.has_build && f.build_job == -1 && !f.build_user && f.build_runs == 0);
	CHECK(f.gc.heap_ratio == 0);
	return CHECK_DONE();
}
