/*
 * t-report-matches-golden - the synthetic run renders byte for byte as tests/golden/ says,
 * as text and as JSON. A deliberate change of the output regenerates the files with
 * SWAPPLACE_REGEN=1 (then review the diff). Runs from the repo root (tests/run.sh cds there).
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/doc/reportdoc.h"
#include "core/findings/analysis.h"
#include "core/model/report.h"
#include "core/report/report_json.h"
#include "golden.h"
#include "t-report-synthetic.h"

static struct sp_report r;

typedef int (*writer_fn)(FILE *, const struct sp_report *, const struct sp_findings *);

static char *render(writer_fn fn, size_t *len)
{
	struct sp_findings f;
	char *buf = NULL;
	FILE *m = open_memstream(&buf, len);

	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(fn(m, &r, &f) == 0);
	fclose(m);
	return buf;
}

static void golden(const char *path, writer_fn fn)
{
	size_t len, glen = 0;
	char *got = render(fn, &len), *again;

	/* deterministic: a second rendering is the same */
	again = render(fn, &glen);
	CHECK(glen == len && memcmp(got, again, len) == 0);
	free(again);

	golden_check(path, got, len);
	free(got);
}

int main(void)
{
	syn_build(&r);
	golden("tests/golden/report-synthetic.txt", sp_report_text_write);
	golden("tests/golden/report-synthetic.json", sp_report_json_write);
	return CHECK_DONE();
}
