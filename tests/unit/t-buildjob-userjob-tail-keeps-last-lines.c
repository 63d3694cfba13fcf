/*
 * t-buildjob-userjob-tail-keeps-last-lines - the user job's output tail: the last N lines of
 * what the ring holds, a trailing newline not counted as an empty line, a final line without
 * one counted, fewer lines when there are fewer, and a tail too long for the output buffer cut
 * at its front (the newest bytes are what explain a failure).
 */
#include <string.h>

#include "check.h"
#include "probe/userjob.h"

int main(void)
{
	const char *t = "a\nb\nc\nd\n";
	char out[64];

	CHECK_EQ_U64(sp_userjob_tail_lines(t, strlen(t), 2, out, sizeof(out)), 2);
	CHECK_STR(out, "c\nd");
	CHECK_EQ_U64(sp_userjob_tail_lines(t, strlen(t), 20, out, sizeof(out)), 4);
	CHECK_STR(out, "a\nb\nc\nd");
	CHECK_EQ_U64(sp_userjob_tail_lines("x\ny", 3, 1, out, sizeof(out)), 1);
	CHECK_STR(out, "y");
	CHECK_EQ_U64(sp_userjob_tail_lines("x\ny", 3, 5, out, sizeof(out)), 2);
	CHECK_STR(out, "x\ny");
	CHECK_EQ_U64(sp_userjob_tail_lines("", 0, 5, out, sizeof(out)), 0);
	CHECK_STR(out, "");
	CHECK_EQ_U64(sp_userjob_tail_lines(t, strlen(t), 0, out, sizeof(out)), 0);
	CHECK_STR(out, "");
	/* too long for out: the newest bytes are kept */
	CHECK(sp_userjob_tail_lines("0123456789\nabcdefghij\n", 22, 2, out, 6) == 2);
	CHECK_STR(out, "fghij");
	return CHECK_DONE();
}
