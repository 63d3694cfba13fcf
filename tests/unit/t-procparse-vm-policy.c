/*
 * t-procparse-vm-policy - the machine's memory policy from its files: the bracketed THP mode,
 * lru_gen's hex mask (MGLRU on when nonzero) and vm.swappiness, and what is refused.
 */
#include <errno.h>

#include "check.h"
#include "core/measure/procparse.h"

static void test_thp(void)
{
	int m = -1;

	CHECK(sp_parse_thp_enabled("always [madvise] never", &m) == 0 && m == SP_THP_MADVISE);
	CHECK(sp_parse_thp_enabled("[always] madvise never\n", &m) == 0 && m == SP_THP_ALWAYS);
	CHECK(sp_parse_thp_enabled("always madvise [never]", &m) == 0 && m == SP_THP_NEVER);
	m = -1;
	CHECK(sp_parse_thp_enabled("always madvise never", &m) == -EINVAL); /* no choice */
	CHECK(sp_parse_thp_enabled("", &m) == -EINVAL);
	CHECK(sp_parse_thp_enabled("always [madvise never", &m) == -EINVAL);
	CHECK(sp_parse_thp_enabled("[sometimes] never", &m) == -EINVAL);
	CHECK(sp_parse_thp_enabled("[] never", &m) == -EINVAL);
	CHECK(sp_parse_thp_enabled("[madvisemadvisemadvise]", &m) == -EINVAL);
	CHECK(m == -1);
	CHECK_STR(sp_thp_name(SP_THP_MADVISE), "madvise");
	CHECK_STR(sp_thp_name(7), "unknown");
	CHECK(sp_thp_parse("never", &m) == 0 && m == SP_THP_NEVER);
	CHECK(sp_thp_parse("Never", &m) == -EINVAL);
}

static void test_lru_gen(void)
{
	int on = -1;

	CHECK(sp_parse_lru_gen("0x0007", &on) == 0 && on == 1);
	CHECK(sp_parse_lru_gen("0x0000\n", &on) == 0 && on == 0);
	CHECK(sp_parse_lru_gen("0x0001", &on) == 0 && on == 1);
	CHECK(sp_parse_lru_gen("y", &on) == -EINVAL);
	CHECK(sp_parse_lru_gen("", &on) == -EINVAL);
	CHECK(sp_parse_lru_gen("0x", &on) == -EINVAL);
	CHECK(sp_parse_lru_gen("-1", &on) == -EINVAL);
	CHECK(sp_parse_lru_gen("0x7 junk", &on) == -EINVAL);
	CHECK(sp_parse_lru_gen("0x1ffffffff", &on) == -EINVAL);
}

static void test_swappiness(void)
{
	int v = -1;

	CHECK(sp_parse_swappiness("60\n", &v) == 0 && v == 60);
	CHECK(sp_parse_swappiness("0", &v) == 0 && v == 0);
	CHECK(sp_parse_swappiness("200", &v) == 0 && v == 200);
	v = -1;
	CHECK(sp_parse_swappiness("201", &v) == -EINVAL);
	CHECK(sp_parse_swappiness("-1", &v) == -EINVAL);
	CHECK(sp_parse_swappiness("", &v) == -EINVAL);
	CHECK(sp_parse_swappiness("6o", &v) == -EINVAL);
	CHECK(sp_parse_swappiness("0x3c", &v) == -EINVAL);
	CHECK(sp_parse_swappiness("99999999999999999999999", &v) == -EINVAL);
	CHECK(v == -1);
}

int main(void)
{
	test_thp();
	test_lru_gen();
	test_swappiness();
	return CHECK_DONE();
}
