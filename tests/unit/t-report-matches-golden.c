/*
 * t-report-matches-golden - the synthetic run renders byte for byte as tests/golden/ says,
 * as text and as JSON. A deliberate change of the output regenerates the files with
 * SWAPPLACE_REGEN=1 (then review the diff). Runs from the repo root (tests/run.sh cds there).
 */
#include <errno.h>
#include <stdlib.h>

#include "core/findings/analysis.h"
#include "check.h"
#include "core/model/report.h"
#include "core/report/report_json.h"
#include "core/doc/reportdoc.h"
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
	char *got = render(fn, &len), *again, want[1 << 17];
	FILE *g;

	/* deterministic: a second rendering is the same */
	again = render(fn, &glen);
	CHECK(glen == len && memcmp(got, again, len) == 0);
	free(again);

	if (getenv("SWAPPLACE_REGEN") && strcmp(getenv("SWAPPLACE_REGEN"), "1") == 0) {
		g = fopen(path, "w");
		CHECK(g != NULL);
		if (g) {
			fwrite(got, 1, len, g);
			CHECK(fclose(g) == 0);
			fprintf(stderr, "regenerated %s\n", path);
		}
		free(got);
		return;
	}
	g = fopen(path, "r");
	if (!g) {
		fprintf(stderr, "%s: %s (run from the repo root; SWAPPLACE_REGEN=1 creates it)\n",
			path, strerror(errno));
		check_failures++;
		free(got);
		return;
	}
	glen = fread(want, 1, sizeof(want), g);
	fclose(g);
	CHECK_EQ_U64(len, glen);
	if (len != glen || memcmp(got, want, len) != 0) {
		size_t i = 0;

		while (i < len && i < glen && got[i] == want[i])
			i++;
		fprintf(stderr, "%s: output differs from byte %zu: ...%.60s...\n", path, i,
			got + (i > 20 ? i - 20 : 0));
		check_failures++;
	}
	free(got);
}

int main(void)
{
	syn_build(&r);
	golden("tests/golden/report-synthetic.txt", sp_report_text_write);
	golden("tests/golden/report-synthetic.json", sp_report_json_write);
	return CHECK_DONE();
}
