/*
 * t-verdict-phrases-why-the-file-is-not-compared - the swap file's verdict sentence follows the
 * finding analysis.c computed (file_gap), not a test of its own: a file compared with start, a
 * file without a latency, and a start partition without one each get their own words; an unknown
 * verdict kind is refused. The swap-in comparisons (file vs start, start vs end, fastest vs
 * runner-up) claim a difference only when the paired test over their probe blocks resolves it,
 * and say so either way.
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
	CHECK(strstr(s, "; against the start partition, median 110.2 vs 98.4 us, not resolved: one "
			"block each, no claim") != NULL);
	syn_blocks(&r);
	file_sentence(s, sizeof(s));
	CHECK(strstr(s, "costs +12 % swap-in time over the start partition (median 110.2 vs 98.4 "
			"us; p 0.002, 10 blocks, 95 % interval +") != NULL);

	/* fastest vs runner-up: resolved with blocks, "one block each" without */
	CHECK(sp_verdict_sentence(&r, &f, SP_VERDICT_BEST, s, sizeof(s)) == 0);
	CHECK(strstr(s, "; ahead of zram-lzo (median 13.1 us) by 11 % (p 0.002, 10 blocks, 95 % "
			"interval +8.6 % to +13.7 %)") != NULL);
	/* the same blocks on both sides: not resolved, never "no measurable difference" */
	memcpy(r.results[idx("zram-lzo")].fault_probe.block_p50_us,
	       r.results[idx("zram-lz4")].fault_probe.block_p50_us,
	       sizeof(r.results[0].fault_probe.block_p50_us));
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(sp_verdict_sentence(&r, &f, SP_VERDICT_BEST, s, sizeof(s)) == 0);
	CHECK(strstr(s, "; against zram-lzo (median 13.1 us), not resolved: differences under 5 % "
			"could not be seen (p 1.00, 10 blocks)") != NULL);
	memcpy(r.results[idx("end")].fault_probe.block_p50_us,
	       r.results[idx("start")].fault_probe.block_p50_us,
	       sizeof(r.results[0].fault_probe.block_p50_us));
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(sp_verdict_sentence(&r, &f, SP_VERDICT_START_END, s, sizeof(s)) == 0);
	CHECK_STR(s, "swap partition at the start vs at the end: median 98.4 vs 187.3 us, not "
		     "resolved: differences under 5 % could not be seen (p 1.00, 10 blocks)");
	r.results[idx("end")].fault_probe.n_blocks = 3;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(sp_verdict_sentence(&r, &f, SP_VERDICT_START_END, s, sizeof(s)) == 0);
	CHECK(strstr(s, "not resolved: 3 blocks, a claim needs at least 4") != NULL);
	syn_build(&r);
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(sp_verdict_sentence(&r, &f, SP_VERDICT_BEST, s, sizeof(s)) == 0);
	CHECK(strstr(s, "; against zram-lzo (median 13.1 us), not resolved: one block each, no "
			"claim") != NULL);

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
