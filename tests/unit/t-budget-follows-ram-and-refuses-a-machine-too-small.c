/*
 * t-budget-follows-ram-and-refuses-a-machine-too-small - the default budget is a quarter of the
 * RAM (a 256 MiB PC gets about 55 MiB, not the fixed 256 MiB it had), at least the floor, at
 * most the ceiling (so a PC of 1 GiB or more runs as before), and never more than what is
 * available beside the headroom; a --budget is kept as given; a machine that cannot hold the
 * budget and the headroom is too small, with a refusal that gives the figures and, for a
 * --budget, the largest that fits; bad meminfo figures are refused.
 */
#include <errno.h>

#include "check.h"
#include "core/config/budget.h"

#define MIB (1ull << 20)

int main(void)
{
	struct sp_budget b;
	char s[512];

	/* 24 GiB, much available: the ceiling, today's default */
	CHECK(sp_budget_choose(24ull << 30, 20ull << 30, 0, &b) == 0);
	CHECK_EQ_U64(b.budget_bytes, SP_BUDGET_CEILING_BYTES);
	CHECK_EQ_U64(b.budget_bytes, 256 * MIB);
	CHECK(b.source == SP_BUDGET_CEILING && !b.too_small);
	CHECK_STR(sp_budget_source_name(b.source), "ceiling");
	/* exactly 1 GiB: a quarter is the ceiling itself, the share wins */
	CHECK(sp_budget_choose(1024 * MIB, 900 * MIB, 0, &b) == 0);
	CHECK_EQ_U64(b.budget_bytes, 256 * MIB);
	CHECK(b.source == SP_BUDGET_RAM && !b.too_small);

	/* a 256 MiB PC as the kernel reports it (MemTotal 226 MiB), 150 MiB available */
	CHECK(sp_budget_choose(226 * MIB, 150 * MIB, 0, &b) == 0);
	CHECK_EQ_U64(b.share_bytes, 226 * MIB / 4);
	CHECK_EQ_U64(b.budget_bytes, 56 * MIB); /* 56.5 MiB rounded down to a MiB */
	CHECK(b.source == SP_BUDGET_RAM && !b.too_small);
	CHECK_STR(sp_budget_source_name(b.source), "ram");
	CHECK_EQ_U64(b.need_bytes, 56 * MIB + SP_BUDGET_HEADROOM_BYTES);
	CHECK(sp_budget_describe(&b, s, sizeof(s)) > 0);
	CHECK_STR(s, "56 MiB, 25 % of 226 MiB RAM (floor 32 MiB, ceiling 256 MiB)");

	/* the same RAM, less available: the budget shrinks to what fits beside the headroom */
	CHECK(sp_budget_choose(226 * MIB, 90 * MIB, 0, &b) == 0);
	CHECK_EQ_U64(b.budget_bytes, 90 * MIB - SP_BUDGET_HEADROOM_BYTES);
	CHECK(b.source == SP_BUDGET_AVAILABLE && !b.too_small);
	CHECK(b.need_bytes <= b.available_bytes);

	/* 128 MiB RAM: a quarter is below the floor; the floor fits only with enough available */
	CHECK(sp_budget_choose(100 * MIB, 95 * MIB, 0, &b) == 0);
	CHECK_EQ_U64(b.budget_bytes, SP_BUDGET_FLOOR_BYTES);
	CHECK(b.source == SP_BUDGET_FLOOR && !b.too_small);
	CHECK(sp_budget_choose(100 * MIB, 60 * MIB, 0, &b) == 0);
	CHECK_EQ_U64(b.budget_bytes, SP_BUDGET_FLOOR_BYTES);
	CHECK(b.source == SP_BUDGET_FLOOR && b.too_small);
	CHECK(sp_budget_refusal(&b, s, sizeof(s)) > 0);
	CHECK(strstr(s, "too small to run the probes") != NULL);
	CHECK(strstr(s, "100 MiB RAM, 60 MiB available") != NULL);
	CHECK(strstr(s, "needs 80 MiB") != NULL);
	/* the edge: exactly floor + headroom available runs, a byte less does not */
	CHECK(sp_budget_choose(200 * MIB, SP_BUDGET_FLOOR_BYTES + SP_BUDGET_HEADROOM_BYTES, 0,
			       &b) == 0);
	CHECK(!b.too_small);
	CHECK(sp_budget_choose(200 * MIB, SP_BUDGET_FLOOR_BYTES + SP_BUDGET_HEADROOM_BYTES - 1, 0,
			       &b) == 0);
	CHECK(b.too_small);
	/* less available than the headroom itself */
	CHECK(sp_budget_choose(64 * MIB, 20 * MIB, 0, &b) == 0);
	CHECK(b.too_small && b.source == SP_BUDGET_FLOOR);

	/* --budget is kept as given, not rounded, not clamped; judged all the same */
	CHECK(sp_budget_choose(24ull << 30, 20ull << 30, 48 * MIB + 4096, &b) == 0);
	CHECK_EQ_U64(b.budget_bytes, 48 * MIB + 4096);
	CHECK(b.source == SP_BUDGET_GIVEN && !b.too_small);
	CHECK_STR(sp_budget_source_name(b.source), "given");
	CHECK(sp_budget_describe(&b, s, sizeof(s)) > 0);
	CHECK(strstr(s, "(--budget;") != NULL);
	CHECK(sp_budget_choose(226 * MIB, 150 * MIB, 1024 * MIB, &b) == 0);
	CHECK(b.too_small);
	CHECK(sp_budget_refusal(&b, s, sizeof(s)) > 0);
	CHECK(strstr(s, "--budget 1.0 GiB does not fit") != NULL);
	CHECK(strstr(s, "give --budget 102M or less") != NULL); /* 150 - 48 */
	/* a given budget on a machine that cannot run even the smallest: the machine is named */
	CHECK(sp_budget_choose(100 * MIB, 60 * MIB, 64 * MIB, &b) == 0);
	CHECK(b.too_small);
	CHECK(sp_budget_refusal(&b, s, sizeof(s)) > 0);
	CHECK(strstr(s, "too small to run the probes") != NULL);
	/* a budget near 2^64 does not wrap the need around */
	CHECK(sp_budget_choose(1024 * MIB, 900 * MIB, UINT64_MAX - 10, &b) == 0);
	CHECK(b.too_small);

	/* meminfo unread or inconsistent */
	CHECK(sp_budget_choose(0, 100 * MIB, 0, &b) == -EINVAL);
	CHECK(sp_budget_choose(100 * MIB, 0, 0, &b) == -EINVAL);
	CHECK(sp_budget_choose(100 * MIB, 200 * MIB, 0, &b) == -EINVAL);

	/* a buffer too small is said, not overrun */
	CHECK(sp_budget_choose(226 * MIB, 150 * MIB, 0, &b) == 0);
	CHECK(sp_budget_describe(&b, s, 8) == -ENOSPC);
	CHECK(sp_budget_refusal(&b, s, 8) == -ENOSPC);
	return CHECK_DONE();
}
