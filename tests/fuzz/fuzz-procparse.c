/*
 * fuzz-procparse.c - the parsers of /proc and /sys text (core/measure/procparse.c) and the other
 * kernel text the core reads: /proc/crypto, zswap's counters and "enabled", cgroup v2 io.stat
 * (core/config/caps.c), vmstat and PSI for the server scenarios (core/scenario/serverjob.c).
 *
 * The first byte picks the parser (so one corpus file per kernel file stays a valid seed:
 * its first byte is a letter the switch maps), the rest is the text. Invariants: each returns
 * one of its documented codes; tables never hold more rows than asked and every string in
 * them is terminated; a returned count of fields is within what the kernel prints.
 */
#include <errno.h>

#include "core/config/caps.h"
#include "core/measure/procparse.h"
#include "core/scenario/serverjob.h"
#include "fuzz.h"

#define CHECK_CODE(ret, ...)                                                                       \
	FUZZ_CHECK((ret) == 0 || (ret) == -EINVAL || (ret) == -ENOENT || (ret) == -E2BIG ||        \
		       (ret) == -ENAMETOOLONG,                                                     \
		   __VA_ARGS__)

static void swaps(const char *text)
{
	struct sp_swap_entry e[4];
	size_t n = 99;
	int ret = sp_parse_swaps(text, e, 4, &n);

	CHECK_CODE(ret, "swaps: %d", ret);
	if (ret == 0 || ret == -E2BIG) {
		FUZZ_CHECK(n <= 4, "swaps: %zu rows", n);
		for (size_t i = 0; i < n; i++)
			FUZZ_CHECK(fuzz_terminated(e[i].path, sizeof(e[i].path)) &&
				       fuzz_terminated(e[i].type, sizeof(e[i].type)),
				   "swaps row %zu", i);
	}
}

static void mountinfo(const char *text)
{
	static struct sp_mount_entry e[4];
	size_t n = 99;
	int ret = sp_parse_mountinfo(text, e, 4, &n);

	CHECK_CODE(ret, "mountinfo: %d", ret);
	if (ret == 0 || ret == -E2BIG) {
		FUZZ_CHECK(n <= 4, "mountinfo: %zu rows", n);
		for (size_t i = 0; i < n; i++)
			FUZZ_CHECK(
			    fuzz_terminated(e[i].root, sizeof(e[i].root)) &&
				fuzz_terminated(e[i].mount_point, sizeof(e[i].mount_point)) &&
				fuzz_terminated(e[i].fstype, sizeof(e[i].fstype)) &&
				fuzz_terminated(e[i].source, sizeof(e[i].source)),
			    "mountinfo row %zu", i);
	}
}

static void keyed(const char *text)
{
	static const char *const keys[] = {"pswpin",	      "pswpout",  "MemTotal", "SwapFree",
					   "HugePages_Total", "oom_kill", "",	      "p"};
	uint64_t v;
	int ret;

	for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
		ret = sp_parse_vmstat(text, keys[k], &v);
		CHECK_CODE(ret, "vmstat %s: %d", keys[k], ret);
		ret = sp_parse_meminfo_bytes(text, keys[k], &v);
		CHECK_CODE(ret, "meminfo %s: %d", keys[k], ret);
	}
}

static void unescape(const char *text, size_t len)
{
	char out[64];
	int ret;

	memset(out, 0x55, sizeof(out));
	ret = sp_unescape_octal(text, len, out, sizeof(out));
	CHECK_CODE(ret, "unescape: %d", ret);
	if (ret == 0)
		FUZZ_CHECK(fuzz_terminated(out, sizeof(out)) && strlen(out) <= len,
			   "unescape grew");
	ret = sp_unescape_octal(text, len, out, 1);
	CHECK_CODE(ret, "unescape into 1: %d", ret);
}

static void small_files(const char *text)
{
	struct sp_cpuinfo ci;
	struct sp_zram_mm_stat mm;
	struct sp_comp_algs ca;
	struct sp_blk_stat a, b;
	uint64_t minflt, majflt;
	uint32_t cpus;
	int ret;

	ret = sp_parse_cpuinfo(text, &ci);
	CHECK_CODE(ret, "cpuinfo: %d", ret);
	if (ret == 0)
		FUZZ_CHECK(fuzz_terminated(ci.model, sizeof(ci.model)), "cpuinfo model");
	ret = sp_parse_mm_stat(text, &mm);
	CHECK_CODE(ret, "mm_stat: %d", ret);
	if (ret == 0)
		FUZZ_CHECK(mm.fields <= 9, "mm_stat: %u fields", mm.fields);
	ret = sp_parse_comp_algorithm(text, &ca);
	CHECK_CODE(ret, "comp_algorithm: %d", ret);
	if (ret == 0 || ret == -E2BIG) {
		FUZZ_CHECK(ca.n <= SP_MAX_COMP_ALGS, "comp_algorithm: %zu", ca.n);
		FUZZ_CHECK(ca.current >= -1 && (ca.current < 0 || (size_t)ca.current < ca.n),
			   "comp_algorithm: current %d of %zu", ca.current, ca.n);
		for (size_t i = 0; i < ca.n; i++)
			FUZZ_CHECK(fuzz_terminated(ca.name[i], sizeof(ca.name[i])), "alg %zu", i);
	}
	ret = sp_parse_blk_stat(text, &a);
	CHECK_CODE(ret, "blk_stat: %d", ret);
	if (ret == 0) {
		FUZZ_CHECK(a.fields <= 17, "blk_stat: %u fields", a.fields);
		b = a;
		FUZZ_CHECK(sp_blk_stat_writes_between(&a, &b) == 0 &&
			       sp_blk_stat_write_bytes_between(&a, &b) == 0,
			   "blk_stat: writes between equal counters");
		b.write_ios++;
		sp_blk_stat_writes_between(&b, &a); /* backwards: 0, without overflow */
		sp_blk_stat_write_bytes_between(&a, &b);
	}
	ret = sp_parse_pid_stat_faults(text, &minflt, &majflt);
	CHECK_CODE(ret, "pid stat: %d", ret);
	ret = sp_parse_cpulist_count(text, &cpus);
	CHECK_CODE(ret, "cpulist: %d", ret);
}

static void other_kernel_text(const char *text)
{
	char algs[8][SP_ZSWAP_ALG_MAX];
	struct sp_zswap_counters zc;
	struct sp_server_vm vm;
	struct sp_io_stat io;
	double some, full;
	int has_full, ret;
	size_t n = 99;

	ret = sp_parse_crypto_compressors(text, algs, 8, &n);
	CHECK_CODE(ret, "crypto: %d", ret);
	FUZZ_CHECK(n <= 8, "crypto: %zu", n);
	for (size_t i = 0; i < n; i++)
		FUZZ_CHECK(fuzz_terminated(algs[i], SP_ZSWAP_ALG_MAX), "crypto %zu", i);
	ret = sp_zswap_parse_counters(text, &zc);
	CHECK_CODE(ret, "zswap counters: %d", ret);
	ret = sp_zswap_parse_enabled(text);
	FUZZ_CHECK(ret == 0 || ret == 1 || ret == -EINVAL, "zswap enabled: %d", ret);
	ret = sp_caps_parse_io_stat(text, "8:16", &io);
	CHECK_CODE(ret, "io.stat: %d", ret);
	ret = sp_server_vm_parse(text, &vm);
	CHECK_CODE(ret, "server vm: %d", ret);
	ret = sp_psi_parse(text, &some, &full, &has_full);
	CHECK_CODE(ret, "psi: %d", ret);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;

	if (size < 1)
		return 0;
	text = fuzz_cstr(data + 1, size - 1);
	switch (data[0] % 6) {
	case 0:
		swaps(text);
		break;
	case 1:
		mountinfo(text);
		break;
	case 2:
		keyed(text);
		break;
	case 3:
		unescape(text, strlen(text));
		break;
	case 4:
		small_files(text);
		break;
	default:
		other_kernel_text(text);
		break;
	}
	free(text);
	return 0;
}
