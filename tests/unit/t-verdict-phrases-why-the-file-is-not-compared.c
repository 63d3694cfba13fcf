/*
 * t-verdict-phrases-why-the-file-is-not-compared - the swap file's verdict sentence follows the
 * finding analysis.c computed (file_gap), not a test of its own: a file compared with start, a
 * file without a latency, and a start partition without one each get their own words; an unknown
 * verdict kind is refused.
 */
#include <errno.h>

#include "check.h"
#include "core/findings/analysis.h"
#include "core/findings/verdict.h"
#include "t-report-synthetic.h"

static struct sp_report r;
static struct sp_findings f;

static int idx(const char *name)
{
	return syn_index(&r, name);
}

static const char *file_sentence(char *s, size_t len)
{
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(sp_verdict_sentence(&r, &f, SP_VERDICT_FILE, s, len) == 0);
	return s;
}

int main(void)
{
	char s[512];

	syn_build(&r);
	file_sentence(s, sizeof(s));
	CHECK(strstr(s, "costs +12 % swap-in time over the start partition") != NULL);

	r.results[idx("file")].status = SP_STATUS_INVALID;
	file_sentence(s, sizeof(s));
	CHECK(f.file_gap == SP_FILE_GAP_FILE);
	CHECK(strstr(s, "; it gave no swap-in latency (invalid)") != NULL);

	syn_build(&r);
	r.results[idx("start")].status = SP_STATUS_FAILED;
	file_sentence(s, sizeof(s));
	CHECK(f.file_gap == SP_FILE_GAP_START);
	CHECK(strstr(s, "; the start partition has no swap-in latency to compare it with") != NULL);

	/* the finding alone decides: flip it and the words follow */
	f.file_gap = SP_FILE_GAP_FILE;
	CHECK(sp_verdict_sentence(&r, &f, SP_VERDICT_FILE, s, sizeof(s)) == 0);
	CHECK(strstr(s, "; it gave no swap-in latency (ok)") != NULL);

	CHECK(sp_verdict_sentence(&r, &f, SP_VERDICT_KINDS, s, sizeof(s)) == -EINVAL);
	CHECK_STR(s, "");
	return CHECK_DONE();
}
