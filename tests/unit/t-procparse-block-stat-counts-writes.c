/*
 * t-procparse-block-stat-counts-writes - /sys/block/DEV/stat as this kernel prints it (17
 * fields, captured), as older kernels did (11 and 15 fields: the missing counters are 0), and
 * malformed text refused; the writes between two readings count writes, discards and flushes,
 * and a counter that went backwards (a loop device attached again) counts as none.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/measure/procparse.h"
#include "slurp.h"

int main(void)
{
	struct sp_blk_stat a, b;
	char *text = slurp("tests/fixtures/live/block-vda-stat", NULL);

	/* 2862352 9524 57173403 375409 155172 66790 68045720 175065 0 112760 562311 68888 37
	 * 52176664 11300 14796 536 */
	CHECK(sp_parse_blk_stat(text, &a) == 0);
	CHECK_EQ_U64(a.fields, 17);
	CHECK_EQ_U64(a.read_ios, 2862352);
	CHECK_EQ_U64(a.read_sectors, 57173403);
	CHECK_EQ_U64(a.write_ios, 155172);
	CHECK_EQ_U64(a.write_sectors, 68045720);
	CHECK_EQ_U64(a.in_flight, 0);
	CHECK_EQ_U64(a.discard_ios, 68888);
	CHECK_EQ_U64(a.discard_sectors, 52176664);
	CHECK_EQ_U64(a.flush_ios, 14796);
	free(text);

	/* an 11-field kernel (before 4.18): no discards, no flushes */
	CHECK(sp_parse_blk_stat("   10 0 80 5   7 1 56 3   2 9 9\n", &a) == 0);
	CHECK_EQ_U64(a.fields, 11);
	CHECK_EQ_U64(a.write_ios, 7);
	CHECK_EQ_U64(a.write_sectors, 56);
	CHECK_EQ_U64(a.in_flight, 2);
	CHECK_EQ_U64(a.discard_ios, 0);
	CHECK_EQ_U64(a.flush_ios, 0);
	/* 15 fields (4.18 to 5.4): discards, no flushes */
	CHECK(sp_parse_blk_stat("10 0 80 5 7 1 56 3 0 9 9 4 0 64 1", &a) == 0);
	CHECK_EQ_U64(a.fields, 15);
	CHECK_EQ_U64(a.discard_ios, 4);
	CHECK_EQ_U64(a.discard_sectors, 64);
	CHECK_EQ_U64(a.flush_ios, 0);

	/* refused: too few fields, too many, not a number, a second line, nothing */
	CHECK(sp_parse_blk_stat("10 0 80 5 7 1 56 3 0 9", &a) == -EINVAL);
	CHECK(sp_parse_blk_stat("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18", &a) == -EINVAL);
	CHECK(sp_parse_blk_stat("10 0 80 5 7 1 -56 3 0 9 9", &a) == -EINVAL);
	CHECK(sp_parse_blk_stat("10 0 80 5 7 1 5x 3 0 9 9", &a) == -EINVAL);
	CHECK(sp_parse_blk_stat("10 0 80 5 7 1 56 3 0 9 9\n1 2\n", &a) == -EINVAL);
	CHECK(sp_parse_blk_stat("", &a) == -EINVAL);
	CHECK(sp_parse_blk_stat(NULL, &a) == -EINVAL);

	/* between two readings: writes + discards + flushes; bytes of writes and discards */
	CHECK(sp_parse_blk_stat("10 0 80 5 7 1 56 3 0 9 9 4 0 64 1 20 2", &a) == 0);
	CHECK(sp_parse_blk_stat("99 0 900 5 7 1 56 3 1 9 9 4 0 64 1 20 2", &b) == 0);
	CHECK_EQ_U64(sp_blk_stat_writes_between(&a, &b), 0); /* reads only */
	CHECK(sp_parse_blk_stat("99 0 900 5 9 1 72 3 0 9 9 5 0 72 1 23 2", &b) == 0);
	CHECK_EQ_U64(sp_blk_stat_writes_between(&a, &b), 2 + 1 + 3);
	CHECK_EQ_U64(sp_blk_stat_write_bytes_between(&a, &b), (16 + 8) * 512);
	/* backwards: the device was attached again, its counters restarted */
	CHECK_EQ_U64(sp_blk_stat_writes_between(&b, &a), 0);
	CHECK_EQ_U64(sp_blk_stat_write_bytes_between(&b, &a), 0);
	return CHECK_DONE();
}
