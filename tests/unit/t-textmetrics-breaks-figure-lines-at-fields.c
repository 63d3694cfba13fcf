/*
 * t-textmetrics-breaks-figure-lines-at-fields - a monospaced line of figures wider than its
 * column breaks at a field boundary (two spaces, or a space after ',' or ';') or a space away
 * from figures, never between a label and its figure nor a figure and its unit: "max" /
 * "1928 us" cannot happen. A word with no space is cut; the
 * continuation hangs under the value column. The text renderer's preformatted blocks (the
 * appendix) wrap so, where they used to be cut at 80 columns; the appendix's own wrapped
 * reasons keep "p99 1928 us" on one line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/doc/doc.h"
#include "core/doc/doc_text.h"
#include "core/doc/reportdoc.h"
#include "core/doc/textmetrics.h"
#include "t-report-synthetic.h"

/* The lines s breaks into at cols, joined with '|' (continuations not indented). */
static const char *lines(const char *s, size_t cols)
{
	static char out[1024];
	size_t len = strlen(s), off = 0, o = 0;

	out[0] = '\0';
	while (off < len && o + cols + 2 < sizeof(out)) {
		size_t next, n = sp_text_fit_fields(s + off, len - off, cols, &next);

		CHECK(next > 0);
		if (!next)
			break;
		if (o)
			out[o++] = '|';
		memcpy(out + o, s + off, n);
		o += n;
		out[o] = '\0';
		off += next;
	}
	return out;
}

static void breaks(void)
{
	const char *lat = "p50 98.4  p95 157.4  p99 236.2  p99.9 418.2  max 1928 us";
	const char *old = "75634 samples (100 warm-up dropped): min 47.2, p50 69.9, p95 99.1, "
			  "p99 124.2, p99.9 279.6, max 3351 us";

	/* it fits: whole */
	CHECK_STR(lines(lat, 80), lat);
	/* "max" would fit on the first line, "1928 us" not: the field goes whole to the next */
	CHECK_STR(lines(lat, 50), "p50 98.4  p95 157.4  p99 236.2  p99.9 418.2|max 1928 us");
	CHECK_STR(lines(lat, 54), "p50 98.4  p95 157.4  p99 236.2  p99.9 418.2|max 1928 us");
	CHECK_STR(lines(lat, 20), "p50 98.4  p95 157.4|p99 236.2|p99.9 418.2|max 1928 us");
	/* fields after commas */
	CHECK_STR(lines(old, 95),
		  "75634 samples (100 warm-up dropped): min 47.2, p50 69.9, p95 99.1, "
		  "p99 124.2, p99.9 279.6,|max 3351 us");
	/* a field wider than the line: at a space away from figures */
	CHECK_STR(lines("the workload hung past 120 s and was then killed", 26),
		  "the workload hung|past 120 s and was then|killed");
	/* no space at all: cut between code points */
	CHECK_STR(lines("aaaaaaaaaabbbbbbbbbb", 10), "aaaaaaaaaa|bbbbbbbbbb");
	CHECK_STR(lines("\xc2\xb5\xc2\xb5\xc2\xb5\xc2\xb5", 3),
		  "\xc2\xb5\xc2\xb5\xc2\xb5|\xc2\xb5");
	/* the fullest line: a field boundary or a plain space, whichever fits further */
	CHECK_STR(lines("ab  the rest of a long free text here", 30),
		  "ab  the rest of a long free|text here");
	CHECK_STR(lines("flags 0x0 phys_seg 1 prio class 2, then more", 30),
		  "flags 0x0 phys_seg 1 prio|class 2, then more");
	/* figures from end to end: at the last space rather than inside a figure */
	CHECK_STR(lines("flags 0x0 phys_seg 1 prio class 2, then more", 24),
		  "flags 0x0 phys_seg 1|prio class 2, then more");
}

static void hang(void)
{
	const char *a = "  fault probe  1 thread, 256 MiB buffer";
	const char *b = "               p50 98.4  p95 157.4";
	const char *c = "  device probe qd1 p50 71.2 us, p99 171.0 us";
	const char *d = "no label here at all and no double space";

	CHECK_EQ_U64(sp_text_hang(a, strlen(a), 80), 15);
	CHECK_EQ_U64(sp_text_hang(b, strlen(b), 80), 15);
	CHECK_EQ_U64(sp_text_hang(c, strlen(c), 80), 4);
	CHECK_EQ_U64(sp_text_hang(d, strlen(d), 80), 2);
}

static void text_pre(void)
{
	struct sp_doc d;
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	sp_doc_init(&d);
	sp_doc_add_text(&d, SP_DOC_PRE,
			"  fault probe  1 thread, 256 MiB buffer, 3 rounds, 64 warm-up dropped\n"
			"               p50 98.4  p95 157.4  p99 236.2  p99.9 418.2  max 1928 us");
	CHECK(sp_doc_write_text(f, &d, 60) == 0);
	fclose(f);
	CHECK_STR(buf, "  fault probe  1 thread, 256 MiB buffer, 3 rounds,\n"
		       "               64 warm-up dropped\n"
		       "               p50 98.4  p95 157.4  p99 236.2  p99.9 418.2\n"
		       "               max 1928 us\n");
	sp_doc_release(&d);
	free(buf);
}

/* A placement's reason, wrapped by the appendix at 80 columns under "  reason       ". */
static void appendix_reason(void)
{
	static struct sp_report r;
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	struct sp_result *res;

	syn_build(&r);
	res = &r.results[syn_index(&r, "zram-842")];
	/* "p99" ends at column 63 of the 65 the reason has: the old wrap left "1928 us" alone */
	snprintf(res->reason, sizeof(res->reason),
		 "slow slow slow slow slow slow slow slow slow slow slow slow p99 1928 us, "
		 "twice the device's own read");
	CHECK(sp_report_text_write(f, &r, NULL) == 0);
	fclose(f);
	CHECK(strstr(buf,
		     "  reason       slow slow slow slow slow slow slow slow slow slow slow "
		     "slow\n               p99 1928 us, twice the device's own read\n") != NULL);
	CHECK(strstr(buf, "slow p99\n") == NULL);
	free(buf);
}

int main(void)
{
	appendix_reason();
	breaks();
	hang();
	text_pre();
	return CHECK_DONE();
}
