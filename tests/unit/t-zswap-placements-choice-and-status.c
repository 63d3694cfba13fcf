/*
 * t-zswap-placements-choice-and-status - the zswap-<alg> placements: --zswap's choice (the
 * kernel's compressor alone by default, all /proc/crypto's compressors, none, a list; a bad
 * name or a list on a kernel without zswap is an error), /proc/crypto's compressors parsed
 * from its text, their place in the list (after zram, before the --also devices, only in
 * front of a start partition, kept by --only zswap or zswap-<alg>), their identity, and the
 * status rule that a zswap placement whose pool answered none of the swap-ins is invalid;
 * the fault diagnosis counts zswpin as swap-ins on a zswap placement only.
 */
#include <errno.h>

#include "check.h"
#include "core/findings/zswap.h"
#include "core/measure/faultdiag.h"
#include "core/measure/procparse.h"
#include "core/plan/placements.h"
#include "core/plan/plan.h"
#include "core/plan/zswap_choice.h"

#define GiB (1024ull * 1024 * 1024)

static const char offered[3][SP_ZSWAP_ALG_MAX] = {"lzo-rle", "lzo", "deflate"};

static void choice(void)
{
	char out[8][SP_ZSWAP_ALG_MAX];
	struct sp_err e;
	size_t n = 99;

	CHECK(sp_zswap_choose(NULL, 1, "lzo", offered, 3, out, 8, &n, &e) == 0);
	CHECK_EQ_U64(n, 1);
	CHECK_STR(out[0], "lzo");
	CHECK(sp_zswap_choose("default", 1, "zstd", offered, 3, out, 8, &n, &e) == 0);
	CHECK(n == 1 && !strcmp(out[0], "zstd"));
	/* all: the kernel's own first, then the others once each */
	CHECK(sp_zswap_choose("all", 1, "lzo", offered, 3, out, 8, &n, &e) == 0);
	CHECK_EQ_U64(n, 3);
	CHECK(!strcmp(out[0], "lzo") && !strcmp(out[1], "lzo-rle") && !strcmp(out[2], "deflate"));
	CHECK(sp_zswap_choose("none", 1, "lzo", offered, 3, out, 8, &n, &e) == 0);
	CHECK_EQ_U64(n, 0);
	CHECK(sp_zswap_choose("lz4,lzo,lz4", 1, "lzo", offered, 3, out, 8, &n, &e) == 0);
	CHECK(n == 2 && !strcmp(out[0], "lz4") && !strcmp(out[1], "lzo"));
	/* no zswap: nothing by default, and a named list is the user's mistake */
	CHECK(sp_zswap_choose("all", 0, "", offered, 3, out, 8, &n, &e) == 0);
	CHECK_EQ_U64(n, 0);
	CHECK(sp_zswap_choose("lz4", 0, "", offered, 3, out, 8, &n, &e) == -EINVAL);
	CHECK(strstr(e.reason, "no zswap") != NULL);
	CHECK(sp_zswap_choose("lz4,,lzo", 1, "lzo", offered, 3, out, 8, &n, &e) == -EINVAL);
	CHECK(sp_zswap_choose("LZ4", 1, "lzo", offered, 3, out, 8, &n, &e) == -EINVAL);
	CHECK(strstr(e.reason, "'LZ4'") != NULL);
	CHECK(sp_zswap_choose("a,b,c", 1, "lzo", offered, 3, out, 2, &n, &e) == -ENOSPC);
}

static void crypto(void)
{
	static const char text[] = "name         : sha256\n"
				   "driver       : sha256-generic\n"
				   "type         : shash\n"
				   "\n"
				   "name         : lzo-rle\n"
				   "driver       : lzo-rle-scomp\n"
				   "type         : scomp\n"
				   "\n"
				   "name         : deflate\n"
				   "type         : acomp\n"
				   "\n"
				   "name         : lzo\n"
				   "type         : compression\n"
				   "\n"
				   "name         : lzo-rle\n"
				   "type         : compression\n";
	char out[8][SP_ZSWAP_ALG_MAX];
	size_t n = 99;

	CHECK(sp_parse_crypto_compressors(text, out, 8, &n) == 0);
	CHECK_EQ_U64(n, 3);
	CHECK(!strcmp(out[0], "lzo-rle") && !strcmp(out[1], "deflate") && !strcmp(out[2], "lzo"));
	CHECK(sp_parse_crypto_compressors(text, out, 2, &n) == -E2BIG && n == 2);
	CHECK(sp_parse_crypto_compressors("", out, 8, &n) == 0 && n == 0);
}

static size_t list(const struct sp_layout *l, const char *only, struct sp_placement_spec *s,
		   int *ret)
{
	static const char zram[1][SP_PLACEMENT_ALG_MAX] = {"lz4"};
	static const char zswap[2][SP_PLACEMENT_ALG_MAX] = {"lzo", "deflate"};
	static const char *const also[1] = {"loop7"};
	struct sp_placements_in in = {.layout = l,
				      .zram_algs = zram,
				      .n_zram_algs = 1,
				      .also_names = also,
				      .n_also = 1,
				      .only = only,
				      .zswap_algs = zswap,
				      .n_zswap_algs = 2};
	size_t n = 99;

	*ret = sp_placements_list(&in, s, 16, &n);
	return n;
}

static void placements(void)
{
	struct sp_layout l, bare;
	struct sp_placement_spec s[16];
	size_t n;
	int ret;

	CHECK(sp_plan_layout(8 * GiB, 512, NULL, &l) == 0);
	n = list(&l, NULL, s, &ret);
	CHECK(ret == 0);
	CHECK_EQ_U64(n, 8); /* start end file zram-lz4 zswap-lzo zswap-deflate dev-loop7 none */
	CHECK_STR(s[3].name, "zram-lz4");
	CHECK_STR(s[4].name, "zswap-lzo");
	CHECK(s[4].id.kind == SP_PL_ZSWAP && s[4].id.role == SP_PART_START);
	CHECK_STR(s[4].zswap_alg, "lzo");
	CHECK(s[4].zram_alg[0] == '\0');
	CHECK_STR(s[5].name, "zswap-deflate");
	CHECK_STR(s[6].name, "dev-loop7");
	CHECK_STR(s[7].name, "none");
	n = list(&l, "zswap", s, &ret);
	CHECK(ret == 0 && n == 2 && s[0].id.kind == SP_PL_ZSWAP && s[1].id.kind == SP_PL_ZSWAP);
	n = list(&l, "start,zswap-deflate", s, &ret);
	CHECK(ret == 0 && n == 2);
	CHECK(!strcmp(s[0].name, "start") && !strcmp(s[1].name, "zswap-deflate"));
	/* "start" alone does not take zswap in front of it along */
	n = list(&l, "start", s, &ret);
	CHECK(ret == 0 && n == 1);
	/* without a start partition there is nothing to put zswap in front of */
	memset(&bare, 0, sizeof(bare));
	n = list(&bare, "zswap", s, &ret);
	CHECK(ret == -ENOENT && n == 0);
	/* its kind: it swaps, not from a disk (the pool in RAM answers), and is written "zswap" */
	CHECK(sp_placement_swaps(SP_PL_ZSWAP) && !sp_placement_on_disk(SP_PL_ZSWAP));
	CHECK_STR(sp_placement_kind_name(SP_PL_ZSWAP), "zswap");
	{
		enum sp_placement_kind k;

		CHECK(sp_placement_kind_parse("zswap", &k) == 0 && k == SP_PL_ZSWAP);
		CHECK(sp_placement_kind_from_name("zswap-lz4", &k) == 0 && k == SP_PL_ZSWAP);
	}
}

static struct sp_result zswap_result(int64_t fault_zswpin, int64_t fault_pswpin)
{
	struct sp_result r;

	memset(&r, 0, sizeof(r));
	snprintf(r.placement, sizeof(r.placement), "zswap-lzo");
	r.id = sp_placement_id_of(SP_PL_ZSWAP, -1);
	r.fault_probe.done = 1;
	r.fault_probe.lat.samples = 5000;
	r.fault_probe.touches = r.fault_probe.real_swapins = 5000;
	r.pressure_probe.done = 1;
	r.zswap = (struct sp_zswap_result){.done = 1,
					   .enabled = 1,
					   .zswpin = 9000,
					   .zswpout = 9100,
					   .fault_zswpin = fault_zswpin,
					   .fault_pswpin = fault_pswpin,
					   .pool_bytes = 1 << 20};
	snprintf(r.zswap.compressor, sizeof(r.zswap.compressor), "lzo");
	return r;
}

static void status(void)
{
	struct sp_outcome o = {.fault_time_s = 30};
	struct sp_result r;
	char why[256];

	r = zswap_result(4900, 100);
	CHECK(sp_result_status(&r, &o) == SP_STATUS_OK);
	CHECK(sp_result_invalid_reason(&r, &o, why, sizeof(why)) == -EINVAL);
	CHECK_NEAR(sp_zswap_pool_share_pct(&r.zswap), 98.0, 1e-9);
	/* the pool answered nothing: the start partition was measured under zswap's name */
	r = zswap_result(0, 5000);
	CHECK(sp_result_status(&r, &o) == SP_STATUS_INVALID);
	CHECK(sp_result_invalid_reason(&r, &o, why, sizeof(why)) == 0);
	CHECK(strstr(why, "zswap answered none of the 5000 swap-ins") != NULL);
	sp_result_settle(&r, &o);
	CHECK(r.status == SP_STATUS_INVALID && strstr(r.reason, "zswap-lzo") != NULL);
	CHECK_NEAR(sp_zswap_pool_share_pct(&r.zswap), 0.0, 1e-9);
	/* counters the kernel lacks decide nothing */
	r = zswap_result(-1, -1);
	CHECK(sp_result_status(&r, &o) == SP_STATUS_OK);
	CHECK(sp_zswap_pool_share_pct(&r.zswap) < 0);
	/* the same counters on the start partition are no zswap rule's business */
	r = zswap_result(0, 5000);
	r.id = sp_placement_id_of(SP_PL_START, -1);
	CHECK(sp_result_status(&r, &o) == SP_STATUS_OK);
}

static void diagnosis(void)
{
	struct sp_fault_counts c;
	char why[256];

	memset(&c, 0, sizeof(c));
	c.buffer_bytes = c.vmswap_bytes = 64ull << 20;
	c.touches = c.majflt = 16384;
	c.pswpin = 0;
	c.zswap_enabled = 1;
	c.have_zswpin = 1;
	c.zswpin = 16384;
	/* a disk placement: zswap answering makes it invalid */
	CHECK(sp_fault_diagnose(&c, 5.0, why, sizeof(why)) == SP_FAULT_ZSWAP);
	/* a zswap placement: that is exactly what it measures */
	c.zswap_placement = 1;
	CHECK(sp_fault_diagnose(&c, 5.0, why, sizeof(why)) == SP_FAULT_VALID);
	CHECK(why[0] == '\0');
	c.pswpin = 8000;
	c.zswpin = 8384;
	CHECK(sp_fault_diagnose(&c, 5.0, why, sizeof(why)) == SP_FAULT_VALID);
	/* neither the pool nor the device gave the pages */
	c.pswpin = 0;
	c.zswpin = 100;
	CHECK(sp_fault_diagnose(&c, 5.0, why, sizeof(why)) == SP_FAULT_NO_DEVICE_READ);
	CHECK(strstr(why, "100 came from zswap's pool") != NULL);
	/* no zswpin counter (before 5.19): nothing tells the pool's answers apart, so the major
	 * faults alone judge; the swap cache still does not pass for the pool */
	c.have_zswpin = 0;
	c.zswpin = 0;
	CHECK(sp_fault_diagnose(&c, 5.0, why, sizeof(why)) == SP_FAULT_VALID);
	c.majflt = 100;
	c.minor = 16284;
	CHECK(sp_fault_diagnose(&c, 5.0, why, sizeof(why)) == SP_FAULT_SWAP_CACHE);
}

static void parse(void)
{
	struct sp_zswap_counters c;

	CHECK(sp_zswap_parse_counters("pgfault 9\npswpin 12\npswpout 40\nzswpin 7\nzswpout 30\n"
				      "zswpwb 0\n",
				      &c) == 0);
	CHECK(c.pswpin == 12 && c.zswpin == 7 && c.zswpout == 30);
	/* a kernel before 5.19: no zswap counters, unknown rather than zero */
	CHECK(sp_zswap_parse_counters("pswpin 12\npswpout 40\n", &c) == 0);
	CHECK(c.pswpin == 12 && c.zswpin == -1 && c.zswpout == -1);
	CHECK(sp_zswap_parse_counters("pgfault 9\n", &c) == -EINVAL);
	CHECK(sp_zswap_delta(5, 9) == 4 && sp_zswap_delta(-1, 9) == -1 &&
	      sp_zswap_delta(9, 5) == -1);
	CHECK(sp_zswap_parse_enabled("Y") == 1 && sp_zswap_parse_enabled("N") == 0);
	CHECK(sp_zswap_parse_enabled("1") == 1 && sp_zswap_parse_enabled("0") == 0);
	CHECK(sp_zswap_parse_enabled("maybe") == -EINVAL);
}

int main(void)
{
	choice();
	crypto();
	placements();
	status();
	diagnosis();
	parse();
	return CHECK_DONE();
}
