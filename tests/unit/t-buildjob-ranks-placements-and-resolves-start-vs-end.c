/*
 * t-buildjob-ranks-placements-and-resolves-start-vs-end - the build job's ranking: only ok
 * placements, fastest first, ratios to the best and to the ram baseline; start vs end is the
 * ratio of their wall times and is resolvable only when every run of one beats every run of
 * the other (overlapping runs, or a single run each, are not); and the swap-out rate comes
 * from the span in which pswpout rose.
 */
#include <errno.h>

#include "check.h"
#include "core/scenario.h"

static struct sp_scenario_build build(double a, double b)
{
	struct sp_scenario_build s = {0};

	s.status = SP_STATUS_OK;
	s.wall_s_runs[0] = a;
	s.n_runs = 1;
	s.wall_s = a;
	if (b > 0) {
		s.wall_s_runs[1] = b;
		s.n_runs = 2;
		s.wall_s = a < b ? a : b;
	}
	return s;
}

static void check_ranking(void)
{
	const char *names[] = {"end", "file", "start", "zram-lz4", "none"};
	struct sp_scenario_build b[5], ram = build(10, 11);
	struct sp_build_ranking r;

	b[0] = build(316, 330); /* end */
	b[1] = build(260, 270); /* file */
	b[2] = build(170, 175); /* start */
	b[3] = build(45, 50);
	b[4] = build(0, 0);
	b[4].status = SP_STATUS_FAILED; /* none: OOM-killed, not ranked */
	b[4].oom_killed = 1;
	CHECK(sp_build_rank(names, b, 5, &ram, &r) == 0);
	CHECK_EQ_U64(r.n, 4);
	CHECK_STR(r.rows[0].placement, "zram-lz4");
	CHECK_STR(r.rows[1].placement, "start");
	CHECK_STR(r.rows[2].placement, "file");
	CHECK_STR(r.rows[3].placement, "end");
	CHECK_NEAR(r.rows[0].ratio_to_best, 1.0, 1e-12);
	CHECK_NEAR(r.rows[3].ratio_to_best, 316.0 / 45.0, 1e-12);
	CHECK(r.has_ram);
	CHECK_NEAR(r.rows[1].ratio_to_ram, 17.0, 1e-12);
	CHECK(r.start_vs_end.have);
	CHECK_NEAR(r.start_vs_end.ratio, 316.0 / 170.0, 1e-12);
	CHECK(r.start_vs_end.resolvable == 1);

	/* overlapping runs: the difference is within the run-to-run spread */
	b[0] = build(172, 200);
	b[2] = build(170, 180);
	CHECK(sp_build_rank(names, b, 5, &ram, &r) == 0);
	CHECK(r.start_vs_end.have && r.start_vs_end.resolvable == 0);
	CHECK_NEAR(r.start_vs_end.ratio, 172.0 / 170.0, 1e-12);
	/* end faster than start, with no overlap: resolvable the other way */
	b[0] = build(100, 101);
	CHECK(sp_build_rank(names, b, 5, &ram, &r) == 0);
	CHECK(r.start_vs_end.resolvable == 1 && r.start_vs_end.ratio < 1);
	/* one run each shows no spread: never resolvable */
	b[0] = build(316, 0);
	b[2] = build(170, 0);
	CHECK(sp_build_rank(names, b, 5, &ram, &r) == 0);
	CHECK(r.start_vs_end.have && r.start_vs_end.resolvable == 0);
	/* no ram baseline, no end */
	b[0].status = SP_STATUS_FAILED;
	ram.status = SP_STATUS_FAILED;
	CHECK(sp_build_rank(names, b, 5, &ram, &r) == 0);
	CHECK(!r.has_ram && r.rows[0].ratio_to_ram == 0);
	CHECK(!r.start_vs_end.have);
	CHECK(sp_build_rank(names, b, 5, NULL, &r) == 0 && !r.has_ram);
	/* ties keep input order */
	b[1] = build(50, 0);
	b[3] = build(50, 0);
	CHECK(sp_build_rank(names, b, 5, NULL, &r) == 0);
	CHECK_STR(r.rows[0].placement, "file");
	CHECK_STR(r.rows[1].placement, "zram-lz4");
	CHECK(sp_build_rank(names, b, SP_RANK_MAX + 1, NULL, &r) == -EINVAL);
	CHECK(sp_build_rank(NULL, b, 1, NULL, &r) == -EINVAL);
}

static void check_swapout(void)
{
	/* idle 2 s, 3000 pages over 3 s, idle tail */
	const struct sp_vm_sample s[] = {
	    {0, 100}, {1, 100}, {2, 100}, {3, 1100}, {4, 2100}, {5, 3100}, {6, 3100}, {7, 3100},
	};
	const struct sp_vm_sample flat[] = {{0, 5}, {1, 5}, {2, 5}};
	const struct sp_vm_sample back[] = {{0, 5}, {1, 4}};
	const struct sp_vm_sample late[] = {{0, 5}, {2, 4}, {1, 6}};
	struct sp_swapout o;

	CHECK(sp_swapout_from_samples(s, 8, &o) == 0);
	CHECK_EQ_U64(o.pages, 3000);
	CHECK_NEAR(o.seconds, 3.0, 1e-12);
	CHECK_NEAR(o.pages_per_s, 1000.0, 1e-12);
	CHECK(sp_swapout_from_samples(flat, 3, &o) == 0);
	CHECK(o.pages == 0 && o.seconds == 0 && o.pages_per_s == 0);
	CHECK(sp_swapout_from_samples(s, 1, &o) == 0 && o.pages == 0);
	CHECK(sp_swapout_from_samples(back, 2, &o) == -EINVAL);
	CHECK(sp_swapout_from_samples(late, 3, &o) == -EINVAL);
	CHECK(sp_swapout_from_samples(NULL, 3, &o) == -EINVAL);
}

int main(void)
{
	check_ranking();
	check_swapout();
	return CHECK_DONE();
}
