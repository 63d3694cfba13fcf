/*
 * t-caps-parse-and-budget-keeper - --cpu-max and --io-max as a user types them: good values
 * parse to what the cgroup files take (cpu.max "50000 100000", the v1 quota, io.max with and
 * without a bandwidth), bad ones are refused with a message naming the option; the budget
 * keeper's limit is the budget less the zram pool in whole MiB, never below the floor (25 % of
 * the budget) and says when the floor was hit; the report's summary counts zram and no-swap
 * placements as moot for the io cap and names the first placement a cap was not applied on.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "core/config/caps.h"

#define MiB (1ull << 20)

int main(void)
{
	char buf[128];
	struct sp_err e;
	double cpus = 0;
	uint64_t iops = 0, bps = 0;
	int floor_hit;

	/* --cpu-max */
	CHECK(sp_caps_parse_cpu("0.5", &cpus, &e) == 0);
	CHECK(cpus == 0.5);
	CHECK(sp_caps_parse_cpu("1", &cpus, &e) == 0);
	CHECK(cpus == 1.0);
	CHECK(sp_caps_parse_cpu("2.25", &cpus, &e) == 0);
	CHECK(cpus == 2.25);
	cpus = 7;
	CHECK(sp_caps_parse_cpu("0", &cpus, &e) == -EINVAL);
	CHECK(strstr(e.reason, "--cpu-max") != NULL);
	CHECK(cpus == 7); /* untouched on error */
	CHECK(sp_caps_parse_cpu("0.001", &cpus, &e) == -EINVAL);
	CHECK(sp_caps_parse_cpu("-1", &cpus, &e) == -EINVAL);
	CHECK(sp_caps_parse_cpu("1e3", &cpus, &e) == -EINVAL);
	CHECK(sp_caps_parse_cpu("half", &cpus, &e) == -EINVAL);
	CHECK(sp_caps_parse_cpu("", &cpus, &e) == -EINVAL);
	CHECK(sp_caps_parse_cpu("1.2.3", &cpus, &e) == -EINVAL);
	CHECK(sp_caps_parse_cpu("5000", &cpus, &e) == -EINVAL);
	CHECK(sp_caps_parse_cpu("nan", &cpus, &e) == -EINVAL);
	CHECK(sp_caps_parse_cpu(" 1", &cpus, &e) == -EINVAL);

	CHECK_EQ_U64(sp_caps_cpu_quota_us(0.5, SP_CPU_PERIOD_US), 50000);
	CHECK_EQ_U64(sp_caps_cpu_quota_us(1, SP_CPU_PERIOD_US), 100000);
	CHECK_EQ_U64(sp_caps_cpu_quota_us(2, SP_CPU_PERIOD_US), 200000);
	CHECK_EQ_U64(sp_caps_cpu_quota_us(0.01, SP_CPU_PERIOD_US), 1000);
	CHECK_EQ_U64(sp_caps_cpu_quota_us(0.001, SP_CPU_PERIOD_US), 1000); /* kernel minimum */
	CHECK(sp_caps_cpu_max_text(0.5, buf, sizeof(buf)) > 0);
	CHECK_STR(buf, "50000 100000");
	CHECK(sp_caps_cpu_max_text(0.5, buf, 4) == -ENOSPC);

	/* --io-max */
	CHECK(sp_caps_parse_io("300", &iops, &bps, &e) == 0);
	CHECK_EQ_U64(iops, 300);
	CHECK_EQ_U64(bps, 0);
	CHECK(sp_caps_parse_io("3000,50M", &iops, &bps, &e) == 0);
	CHECK_EQ_U64(iops, 3000);
	CHECK_EQ_U64(bps, 50 * MiB);
	CHECK(sp_caps_parse_io("3000,1048576", &iops, &bps, &e) == 0);
	CHECK_EQ_U64(bps, MiB);
	iops = 9;
	CHECK(sp_caps_parse_io("0", &iops, &bps, &e) == -EINVAL);
	CHECK(strstr(e.reason, "--io-max") != NULL);
	CHECK_EQ_U64(iops, 9);
	CHECK(sp_caps_parse_io("", &iops, &bps, &e) == -EINVAL);
	CHECK(sp_caps_parse_io(",5M", &iops, &bps, &e) == -EINVAL);
	CHECK(sp_caps_parse_io("300,", &iops, &bps, &e) == -EINVAL);
	CHECK(sp_caps_parse_io("300,0", &iops, &bps, &e) == -EINVAL);
	CHECK(sp_caps_parse_io("300,5Q", &iops, &bps, &e) == -EINVAL);
	CHECK(sp_caps_parse_io("-300", &iops, &bps, &e) == -EINVAL);
	CHECK(sp_caps_parse_io("3k", &iops, &bps, &e) == -EINVAL);
	CHECK(sp_caps_parse_io("300,5M,7", &iops, &bps, &e) == -EINVAL);
	CHECK(sp_caps_io_max_text(7, 0, 300, 0, buf, sizeof(buf)) > 0);
	CHECK_STR(buf, "7:0 riops=300 wiops=300");
	CHECK(sp_caps_io_max_text(8, 16, 3000, 50 * MiB, buf, sizeof(buf)) > 0);
	CHECK_STR(buf, "8:16 riops=3000 wiops=3000 rbps=52428800 wbps=52428800");

	/* the budget keeper */
	floor_hit = 0;
	CHECK_EQ_U64(sp_budget_keep_limit(256 * MiB, 0, &floor_hit), 256 * MiB);
	CHECK(!floor_hit);
	CHECK_EQ_U64(sp_budget_keep_limit(256 * MiB, 40 * MiB, &floor_hit), 216 * MiB);
	/* a pool of 40 MiB and a bit: the limit goes down a whole MiB more, never above */
	CHECK_EQ_U64(sp_budget_keep_limit(256 * MiB, 40 * MiB + 4096, &floor_hit), 215 * MiB);
	CHECK(!floor_hit);
	CHECK_EQ_U64(sp_budget_floor(256 * MiB), 64 * MiB);
	CHECK_EQ_U64(sp_budget_keep_limit(256 * MiB, 192 * MiB, &floor_hit), 64 * MiB);
	CHECK(!floor_hit); /* exactly the floor is not below it */
	CHECK_EQ_U64(sp_budget_keep_limit(256 * MiB, 200 * MiB, &floor_hit), 64 * MiB);
	CHECK(floor_hit);
	floor_hit = 0;
	CHECK_EQ_U64(sp_budget_keep_limit(256 * MiB, 300 * MiB, &floor_hit), 64 * MiB);
	CHECK(floor_hit);
	CHECK_EQ_U64(sp_budget_keep_limit(256 * MiB, 300 * MiB, NULL), 64 * MiB);
	/* limit + pool never above the budget while above the floor */
	for (uint64_t pool = 0; pool < 192 * MiB; pool += 777777) {
		uint64_t l = sp_budget_keep_limit(256 * MiB, pool, NULL);

		CHECK(l + pool <= 256 * MiB);
		CHECK(l + pool + SP_BUDGET_STEP_BYTES > 256 * MiB);
	}

	/* the summary */
	{
		static struct sp_result res[3];
		struct sp_caps asked = {.cpu_max = 0.5, .io_iops = 300};
		struct sp_constraints c;

		sp_caps_summarise(NULL, res, 0, &c);
		CHECK(!c.done);
		sp_caps_summarise(&(struct sp_caps){0}, res, 0, &c);
		CHECK(!c.done);
		CHECK(isnan(c.cpu_max));

		snprintf(res[0].placement, sizeof(res[0].placement), "start");
		res[0].constraints =
		    (struct sp_box_applied){.done = 1, .ran = 1, .cpu_applied = 1, .io_applied = 1};
		snprintf(res[1].placement, sizeof(res[1].placement), "zram-lz4");
		res[1].constraints =
		    (struct sp_box_applied){.done = 1, .ran = 1, .cpu_applied = 1, .io_moot = 1};
		snprintf(res[1].constraints.io_reason, sizeof(res[1].constraints.io_reason),
			 "not applied: zram is memory");
		snprintf(res[2].placement, sizeof(res[2].placement), "none");
		res[2].constraints = (struct sp_box_applied){.done = 1, .ran = 0};
		sp_caps_summarise(&asked, res, 3, &c);
		CHECK(c.done);
		CHECK(c.cpu_max == 0.5);
		CHECK(c.io_max_iops == 300);
		CHECK(c.io_max_bps == -1);
		CHECK(c.cpu_applied);
		CHECK(c.io_applied); /* zram is moot, none ran nothing */
		CHECK_STR(c.cpu_reason, "");

		res[0].constraints.io_applied = 0;
		snprintf(res[0].constraints.io_reason, sizeof(res[0].constraints.io_reason),
			 "not applied: cgroup v1 has no io.max");
		res[1].constraints.cpu_applied = 0;
		snprintf(res[1].constraints.cpu_reason, sizeof(res[1].constraints.cpu_reason),
			 "not applied: no cpu controller");
		sp_caps_summarise(&asked, res, 3, &c);
		CHECK(!c.cpu_applied);
		CHECK(!c.io_applied);
		CHECK_STR(c.io_reason, "not applied: cgroup v1 has no io.max (start)");
		CHECK_STR(c.cpu_reason, "not applied: no cpu controller (zram-lz4)");

		/* io asked, but only zram ran: nothing to cap, said so */
		asked = (struct sp_caps){.io_iops = 300, .io_bps = MiB};
		sp_caps_summarise(&asked, res + 1, 1, &c);
		CHECK(!c.io_applied);
		CHECK(c.io_max_bps == (int64_t)MiB);
		CHECK(isnan(c.cpu_max));
		CHECK_STR(c.cpu_reason, "not asked");
		CHECK(strstr(c.io_reason, "not applied") != NULL);
	}
	{
		/* io.stat: the swap disk's line, not a longer MAJ:MIN nor dios for rios */
		struct sp_io_stat io;
		const char *t = "8:16 rbytes=1 wbytes=2 rios=3 wios=4 dbytes=5 dios=6\n"
				"8:1 rbytes=7 wbytes=8 rios=9 wios=10 dbytes=0 dios=11\n"
				"8:0 dios=99 dbytes=98 wios=40 rios=30 wbytes=20 rbytes=10\n";

		CHECK(sp_caps_parse_io_stat(t, "8:0", &io) == 0);
		CHECK(io.rbytes == 10 && io.wbytes == 20 && io.rios == 30 && io.wios == 40);
		CHECK(sp_caps_parse_io_stat(t, "8:1", &io) == 0);
		CHECK(io.rbytes == 7 && io.wios == 10 && io.rios == 9);
		CHECK(sp_caps_parse_io_stat(t, "8:16", &io) == 0);
		CHECK(io.rios == 3);
		CHECK(sp_caps_parse_io_stat(t, "8:32", &io) == -ENOENT);
		CHECK(io.rios == 0 && io.wbytes == 0);
		CHECK(sp_caps_parse_io_stat("", "8:0", &io) == -ENOENT);
		CHECK(sp_caps_parse_io_stat("8:0 rbytes=1 wbytes=2\n", "8:0", &io) == -EINVAL);
		CHECK(sp_caps_parse_io_stat("8:0 rbytes=x wbytes=2 rios=3 wios=4", "8:0", &io) ==
		      -EINVAL);
		/* the last line without its newline */
		CHECK(sp_caps_parse_io_stat("8:0 rbytes=1 wbytes=2 rios=3 wios=4", "8:0", &io) ==
		      0);
		CHECK(io.wios == 4);
	}
	return CHECK_DONE();
}
