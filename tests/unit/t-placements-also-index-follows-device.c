/*
 * t-placements-also-index-follows-device - the list of a run's placements: the order (start,
 * end, file, zram-<alg> per compressor, dev-<name> per --also device, none); each dev-
 * placement's also_index is its device's position on the command line whatever --only drops
 * (the bug: `--also A --also B --only dev-B` partitioned A); --only keeps by name, by kind
 * name, or "dev" for every --also device; a plan without a partition has no placement on it;
 * an --only that keeps nothing, or a list longer than room, is an error.
 */
#include <errno.h>

#include "check.h"
#include "core/plan/placements.h"
#include "core/plan/plan.h"

#define GiB (1024ull * 1024 * 1024)

static struct sp_layout layout;
static const char algs[2][SP_PLACEMENT_ALG_MAX] = {"lzo-rle", "lz4"};
static const char *const also[2] = {"loop1", "loop2"};

static size_t list(const char *only, struct sp_placement_spec *out, int *ret)
{
	struct sp_placements_in in = {.layout = &layout,
				      .zram_algs = algs,
				      .n_zram_algs = 2,
				      .also_names = also,
				      .n_also = 2,
				      .only = only};
	size_t n = 99;

	*ret = sp_placements_list(&in, out, 16, &n);
	return n;
}

int main(void)
{
	struct sp_placement_spec s[16];
	int ret;
	size_t n;

	CHECK(sp_plan_layout(8 * GiB, 512, NULL, &layout) == 0);

	/* everything, in order, each with its identity */
	n = list(NULL, s, &ret);
	CHECK(ret == 0);
	CHECK_EQ_U64(n, 8);
	CHECK_STR(s[0].name, "start");
	CHECK(s[0].id.kind == SP_PL_START && s[0].id.role == SP_PART_START);
	CHECK_STR(s[1].name, "end");
	CHECK(s[1].id.kind == SP_PL_END && s[1].id.role == SP_PART_END);
	CHECK_STR(s[2].name, "file");
	CHECK(s[2].id.kind == SP_PL_FILE && s[2].id.role == SP_PART_DATA);
	CHECK_STR(s[3].name, "zram-lzo-rle");
	CHECK(s[3].id.kind == SP_PL_ZRAM && s[3].id.role == SP_PART_NONE);
	CHECK_STR(s[3].zram_alg, "lzo-rle");
	CHECK_STR(s[4].zram_alg, "lz4");
	CHECK_STR(s[5].name, "dev-loop1");
	CHECK(s[5].id.kind == SP_PL_ALSO && s[5].id.also_index == 0);
	CHECK(s[5].id.role == SP_PART_SWAP);
	CHECK_STR(s[6].name, "dev-loop2");
	CHECK(s[6].id.kind == SP_PL_ALSO && s[6].id.also_index == 1);
	CHECK_STR(s[7].name, "none");
	CHECK(s[7].id.kind == SP_PL_NONE && s[7].id.also_index == -1);
	for (size_t i = 0; i < n; i++)
		CHECK(s[i].id.kind == SP_PL_ALSO || s[i].id.also_index == -1);

	/* the bug: only B kept, and it is still B (index 1), not the first --also device */
	n = list("dev-loop2", s, &ret);
	CHECK(ret == 0);
	CHECK_EQ_U64(n, 1);
	CHECK_STR(s[0].name, "dev-loop2");
	CHECK(s[0].id.kind == SP_PL_ALSO);
	CHECK(s[0].id.also_index == 1);

	/* "dev" and the kind name "also" keep every --also device, each with its own index */
	for (int w = 0; w < 2; w++) {
		n = list(w ? "also" : "dev", s, &ret);
		CHECK(ret == 0);
		CHECK_EQ_U64(n, 2);
		CHECK(s[0].id.also_index == 0 && s[1].id.also_index == 1);
	}

	/* a kind name keeps the family, a name one member, words combine, order stays */
	n = list("none,zram,start", s, &ret);
	CHECK(ret == 0);
	CHECK_EQ_U64(n, 4);
	CHECK(s[0].id.kind == SP_PL_START && s[1].id.kind == SP_PL_ZRAM &&
	      s[2].id.kind == SP_PL_ZRAM && s[3].id.kind == SP_PL_NONE);
	n = list("zram-lz4,,end", s, &ret);
	CHECK(ret == 0);
	CHECK_EQ_U64(n, 2);
	CHECK_STR(s[0].name, "end");
	CHECK_STR(s[1].name, "zram-lz4");
	/* a word is a whole name: no prefixes */
	n = list("star,dev-loop,zram-lz", s, &ret);
	CHECK(ret == -ENOENT);
	CHECK_EQ_U64(n, 0);

	/* a plan without the target's partitions has no placement on them */
	CHECK(sp_plan_single(8 * GiB, 512, 0, &layout) == 0);
	n = list(NULL, s, &ret);
	CHECK(ret == 0);
	CHECK_EQ_U64(n, 5);
	CHECK(s[0].id.kind == SP_PL_ZRAM);
	CHECK(sp_layout_part_index(&layout, SP_PART_SWAP) == 0);
	CHECK(sp_layout_part_index(&layout, SP_PART_DATA) == -ENOENT);
	CHECK(sp_plan_layout(8 * GiB, 512, NULL, &layout) == 0);
	CHECK(sp_layout_part_index(&layout, SP_PART_START) == SP_PLAN_START);
	CHECK(sp_layout_part_index(&layout, SP_PART_DATA) == SP_PLAN_DATA);
	CHECK(sp_layout_part_index(&layout, SP_PART_END) == SP_PLAN_END);
	CHECK(sp_layout_part_index(&layout, SP_PART_NONE) == -ENOENT);

	/* more than room: an error, not a silently shorter run */
	{
		struct sp_placements_in in = {.layout = &layout,
					      .zram_algs = algs,
					      .n_zram_algs = 2,
					      .also_names = also,
					      .n_also = 2};

		CHECK(sp_placements_list(&in, s, 7, &n) == -ENOSPC);
		CHECK(sp_placements_list(&in, s, 8, &n) == 0);
		in.layout = NULL;
		CHECK(sp_placements_list(&in, s, 8, &n) == -EINVAL);
	}

	/* with a job, the ram baseline comes last, of its own kind; --only ram keeps it alone */
	{
		struct sp_placements_in in = {.layout = &layout, .with_ram = 1};

		CHECK(sp_placements_list(&in, s, 8, &n) == 0);
		CHECK_EQ_U64(n, 5);
		CHECK_STR(s[4].name, "ram");
		CHECK(s[4].id.kind == SP_PL_RAM && s[3].id.kind == SP_PL_NONE);
		CHECK(!sp_placement_swaps(SP_PL_RAM) && !sp_placement_on_disk(SP_PL_RAM));
		in.only = "ram";
		CHECK(sp_placements_list(&in, s, 8, &n) == 0 && n == 1 &&
		      s[0].id.kind == SP_PL_RAM);
		in.with_ram = 0;
		CHECK(sp_placements_list(&in, s, 8, &n) == -ENOENT);
	}
	return CHECK_DONE();
}
