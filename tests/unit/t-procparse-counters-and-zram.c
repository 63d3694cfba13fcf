/*
 * t-procparse-counters-and-zram - single-field lookups in /proc/vmstat and /proc/meminfo (bytes
 * from kB), /proc/cpuinfo model and count, cpu lists, zram mm_stat and comp_algorithm, and
 * fault counts from /proc/PID/stat, all on text captured on the test VM.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/measure/procparse.h"
#include "slurp.h"

#define FIXTURES "tests/fixtures"

static void test_vmstat(void)
{
	char *text = slurp(FIXTURES "/live/proc-vmstat", NULL);
	uint64_t v = 7;

	CHECK(sp_parse_vmstat(text, "pgmajfault", &v) == 0);
	CHECK_EQ_U64(v, 851);
	v = 7;
	CHECK(sp_parse_vmstat(text, "pswpin", &v) == 0);
	CHECK_EQ_U64(v, 0);
	/* a prefix of a key is not the key */
	CHECK(sp_parse_vmstat(text, "pswp", &v) == -ENOENT);
	CHECK(sp_parse_vmstat(text, "no_such_counter", &v) == -ENOENT);
	CHECK(sp_parse_vmstat("a 1\npswpin x\n", "pswpin", &v) == -EINVAL);
	CHECK(sp_parse_vmstat("pswpin\n", "pswpin", &v) == -EINVAL);
	CHECK(sp_parse_vmstat("pswpin 18446744073709551616\n", "pswpin", &v) == -EINVAL);
	free(text);
}

static void test_meminfo(void)
{
	char *text = slurp(FIXTURES "/live/proc-meminfo", NULL);
	uint64_t b = 0;

	CHECK(sp_parse_meminfo_bytes(text, "MemTotal", &b) == 0);
	CHECK_EQ_U64(b, 24684084ULL * 1024);
	CHECK(sp_parse_meminfo_bytes(text, "SwapCached", &b) == 0);
	CHECK_EQ_U64(b, 0);
	CHECK(sp_parse_meminfo_bytes(text, "HugePages_Total", &b) == 0);
	CHECK_EQ_U64(b, 0);
	CHECK(sp_parse_meminfo_bytes(text, "Mem", &b) == -ENOENT);
	CHECK(sp_parse_meminfo_bytes("HugePages_Free:  12\n", "HugePages_Free", &b) == 0);
	CHECK_EQ_U64(b, 12);
	CHECK(sp_parse_meminfo_bytes("MemTotal: 12 MB\n", "MemTotal", &b) == -EINVAL);
	CHECK(sp_parse_meminfo_bytes("MemTotal: lots kB\n", "MemTotal", &b) == -EINVAL);
	CHECK(sp_parse_meminfo_bytes("MemTotal:\n", "MemTotal", &b) == -EINVAL);
	free(text);
}

static void test_cpuinfo(void)
{
	char *text = slurp(FIXTURES "/live/proc-cpuinfo", NULL);
	struct sp_cpuinfo ci;
	uint32_t c = 0;

	CHECK(sp_parse_cpuinfo(text, &ci) == 0);
	CHECK_STR(ci.model, "AMD EPYC");
	CHECK_EQ_U64(ci.processors, 2);
	free(text);
	CHECK(sp_parse_cpuinfo("processor\t: 0\nHardware\t: BCM2835\nModel\t: Raspberry Pi 3\n",
			       &ci) == 0);
	CHECK_STR(ci.model, "BCM2835");
	CHECK_EQ_U64(ci.processors, 1);
	CHECK(sp_parse_cpuinfo("", &ci) == -EINVAL);
	CHECK(sp_parse_cpuinfo("nothing useful\n", &ci) == -EINVAL);

	CHECK(sp_parse_cpulist_count("0-1\n", &c) == 0);
	CHECK_EQ_U64(c, 2);
	CHECK(sp_parse_cpulist_count("0-3,8,10-11", &c) == 0);
	CHECK_EQ_U64(c, 7);
	CHECK(sp_parse_cpulist_count("0", &c) == 0);
	CHECK_EQ_U64(c, 1);
	CHECK(sp_parse_cpulist_count("", &c) == -EINVAL);
	CHECK(sp_parse_cpulist_count("3-1", &c) == -EINVAL);
	CHECK(sp_parse_cpulist_count("0-", &c) == -EINVAL);
	CHECK(sp_parse_cpulist_count("a", &c) == -EINVAL);
}

static void test_mm_stat(void)
{
	char *text = slurp(FIXTURES "/live/zram-mm_stat", NULL);
	struct sp_zram_mm_stat s;

	CHECK(sp_parse_mm_stat(text, &s) == 0);
	CHECK_EQ_U64(s.fields, 9);
	CHECK_EQ_U64(s.orig_data_size, 5402624);
	CHECK_EQ_U64(s.compr_data_size, 105067);
	CHECK_EQ_U64(s.mem_used_total, 208896);
	CHECK_EQ_U64(s.mem_limit, 0);
	CHECK_EQ_U64(s.mem_used_max, 208896);
	CHECK_EQ_U64(s.same_pages, 1024);
	CHECK_EQ_U64(s.pages_compacted, 0);
	free(text);
	/* 4.x kernels print 7 fields */
	CHECK(sp_parse_mm_stat("  4096  100  8192  0  8192  3  1\n", &s) == 0);
	CHECK_EQ_U64(s.fields, 7);
	CHECK_EQ_U64(s.same_pages, 3);
	CHECK_EQ_U64(s.pages_compacted, 1);
	CHECK_EQ_U64(s.huge_pages, 0);
	CHECK(sp_parse_mm_stat("4096 100 8192 0 8192 3\n", &s) == -EINVAL);
	CHECK(sp_parse_mm_stat("4096 100 8192 0 8192 3 1 0 0 9\n", &s) == -EINVAL);
	CHECK(sp_parse_mm_stat("4096 100 x 0 8192 3 1\n", &s) == -EINVAL);
	CHECK(sp_parse_mm_stat("", &s) == -EINVAL);
	CHECK(sp_parse_mm_stat("1 2 3", &s) == -EINVAL);
	/* the form zram.c's own parser used to read (before it was merged into this one) */
	CHECK(sp_parse_mm_stat("8192 2048 12288 0 12288 3 0 0 0", &s) == 0);
	CHECK_EQ_U64(s.orig_data_size, 8192);
	CHECK_EQ_U64(s.compr_data_size, 2048);
	CHECK_EQ_U64(s.same_pages, 3);
}

static void test_comp_algorithm(void)
{
	char *text = slurp(FIXTURES "/live/zram-comp_algorithm", NULL);
	struct sp_comp_algs a;

	CHECK(sp_parse_comp_algorithm(text, &a) == 0);
	CHECK_EQ_U64(a.n, 3);
	CHECK_STR(a.name[0], "lzo-rle");
	CHECK_STR(a.name[1], "lzo");
	CHECK_STR(a.name[2], "lz4");
	CHECK(a.current == 2);
	free(text);
	CHECK(sp_parse_comp_algorithm("[lzo-rle] lzo lz4 zstd\n", &a) == 0);
	CHECK_EQ_U64(a.n, 4);
	CHECK(a.current == 0);
	CHECK_STR(a.name[0], "lzo-rle");
	CHECK_STR(a.name[3], "zstd");
	CHECK(sp_parse_comp_algorithm("lzo lz4\n", &a) == -EINVAL);
	CHECK(sp_parse_comp_algorithm("[lzo] [lz4]\n", &a) == -EINVAL);
	CHECK(sp_parse_comp_algorithm("[]\n", &a) == -EINVAL);
	CHECK(sp_parse_comp_algorithm("[lzo\n", &a) == -EINVAL);
	CHECK(sp_parse_comp_algorithm("\n", &a) == -EINVAL);
	/* zram.c's names hold 31 bytes: a longer one is refused, not cut */
	CHECK(sp_parse_comp_algorithm("[lz4] a23456789012345678901234567890123\n", &a) == -EINVAL);
	CHECK(sp_parse_comp_algorithm("[a] b c d e f g h i j k l m n o p q\n", &a) == -EINVAL);
}

static void test_pid_stat(void)
{
	char *text = slurp(FIXTURES "/live/proc-self-stat", NULL);
	uint64_t mi = 1, ma = 1;

	CHECK(sp_parse_pid_stat_faults(text, &mi, &ma) == 0);
	CHECK_EQ_U64(mi, 123);
	CHECK_EQ_U64(ma, 0);
	free(text);
	/* a comm with spaces and a ')' */
	CHECK(sp_parse_pid_stat_faults("77 (a b) c)) S 1 77 77 0 -1 4194560 1234 0 56 0 1 2\n", &mi,
				       &ma) == 0);
	CHECK_EQ_U64(mi, 1234);
	CHECK_EQ_U64(ma, 56);
	CHECK(sp_parse_pid_stat_faults("77 (x) S 1 77\n", &mi, &ma) == -EINVAL);
	CHECK(sp_parse_pid_stat_faults("77 x S 1 77 77 0 -1 0 1 0 2 0\n", &mi, &ma) == -EINVAL);
	/* the live file parses too: this process has faulted at least once */
	text = slurp("/proc/self/stat", NULL);
	CHECK(sp_parse_pid_stat_faults(text, &mi, &ma) == 0);
	CHECK(mi > 0);
	free(text);
}

int main(void)
{
	test_vmstat();
	test_meminfo();
	test_cpuinfo();
	test_mm_stat();
	test_comp_algorithm();
	test_pid_stat();
	return CHECK_DONE();
}
