/*
 * What cleanup may act on in a journal it did not write itself (issue 19, item 3): of the
 * sysctls only vm.swappiness and vm.page-cluster with numbers for values (kernel.core_pattern
 * would run code as root); of zswap only its known parameters with words for values; no path
 * with a "..", a "." or an empty component; a twin only when it is an absolute path in one
 * spelling named journal or journal-PID. Each refusal says why.
 */
#include <errno.h>
#include <string.h>

#include "check.h"
#include "core/safety/journal.h"

static struct sp_err why_e;

static int rec(enum sp_jkind k, const char *a, const char *b, const char *c, const char *root)
{
	struct sp_jrec r = {.seq = 1, .kind = k, .n_fields = sp_jkind_fields(k)};

	snprintf(r.f[0], sizeof(r.f[0]), "%s", a);
	snprintf(r.f[1], sizeof(r.f[1]), "%s", b ? b : "");
	snprintf(r.f[2], sizeof(r.f[2]), "%s", c ? c : "");
	return sp_jrec_check(&r, root, &why_e);
}

static void sysctls(void)
{
	CHECK(rec(SP_J_SYSCTL, "/proc/sys/vm/swappiness", "60", "200", 0) == 0);
	CHECK(rec(SP_J_SYSCTL, "/proc/sys/vm/page-cluster", "3", "0", 0) == 0);
	CHECK(rec(SP_J_SYSCTL, "/proc/sys/kernel/core_pattern", "core", "|/tmp/x", 0) < 0);
	CHECK(strstr(why_e.reason, "vm.swappiness or vm.page-cluster") != NULL);
	CHECK(rec(SP_J_SYSCTL, "/proc/sys/vm/../kernel/core_pattern", "1", "2", 0) < 0);
	CHECK(rec(SP_J_SYSCTL, "/proc/sys/vm/./swappiness", "1", "2", 0) < 0);
	CHECK(rec(SP_J_SYSCTL, "/proc/sys//vm/swappiness", "1", "2", 0) < 0);
	CHECK(rec(SP_J_SYSCTL, "/proc/sys/vm/min_free_kbytes", "1", "2", 0) < 0);
	CHECK(rec(SP_J_SYSCTL, "/proc/sys/vm/swappiness", "|/tmp/x", "60", 0) < 0);
	CHECK(strstr(why_e.reason, "number") != NULL);
	CHECK(rec(SP_J_SYSCTL, "/proc/sys/vm/swappiness", "60", "", 0) < 0);
	CHECK(rec(SP_J_SYSCTL, "/proc/sys/vm/swappiness", "60", "12345678901", 0) < 0);
	CHECK(rec(SP_J_SYSCTL, "/tmp/fake/vm/page-cluster", "3", "0", "/tmp/fake") == 0);
	CHECK(rec(SP_J_SYSCTL, "/tmp/fake/kernel/core_pattern", "a", "b", "/tmp/fake") < 0);
}

static void zswap(void)
{
	CHECK(rec(SP_J_ZSWAP, "/sys/module/zswap/parameters/enabled", "N", "Y", 0) == 0);
	CHECK(rec(SP_J_ZSWAP, "/sys/module/zswap/parameters/compressor", "lzo-rle", "lz4", 0) == 0);
	CHECK(rec(SP_J_ZSWAP, "/sys/module/zswap/parameters/../../../proc/sys/kernel/core_pattern",
		  "a", "b", 0) < 0);
	CHECK(rec(SP_J_ZSWAP, "/sys/module/zswap/parameters/unknown", "a", "b", 0) < 0);
	CHECK(strstr(why_e.reason, "zswap parameter") != NULL);
	CHECK(rec(SP_J_ZSWAP, "/sys/module/zswap/parameters/compressor", "lz4", "a b", 0) < 0);
	CHECK(rec(SP_J_ZSWAP, "/sys/module/zswap/parameters/compressor", "lz4", "|sh", 0) < 0);
}

static void paths(void)
{
	CHECK(rec(SP_J_FILE, "/var/tmp/../../etc/swapplace-x", 0, 0, 0) < 0);
	CHECK(rec(SP_J_FILE, "/var/tmp/./swapplace-x", 0, 0, 0) < 0);
	CHECK(rec(SP_J_FILE, "/var/tmp/swapplace-x/", 0, 0, 0) < 0);
	CHECK(rec(SP_J_MOUNT, "/run/../mnt/swapplace-1", "/dev/sdb2", "1", 0) < 0);
	CHECK(rec(SP_J_SWAPON, "/dev/../etc/shadow", 0, 0, 0) < 0);
	CHECK(rec(SP_J_SWAPON, "/", 0, 0, 0) < 0);
	/* "..." and ".x" are names, not the parent */
	CHECK(rec(SP_J_FILE, "/var/tmp/.../swapplace-x", 0, 0, 0) == 0);
}

static void twins(void)
{
	CHECK(sp_journal_twin_check("", &why_e) == 0);
	CHECK(sp_journal_twin_check("/run/swapplace/journal-4242", &why_e) == 0);
	CHECK(sp_journal_twin_check("/media/stick/reports/20260101-120000/journal", &why_e) == 0);
	CHECK(sp_journal_twin_check("/run/swapplace/../../etc/shadow", &why_e) < 0);
	CHECK(strstr(why_e.reason, "one spelling") != NULL);
	CHECK(sp_journal_twin_check("/run/swapplace/../../journal", &why_e) < 0);
	CHECK(sp_journal_twin_check("reports/x/journal", &why_e) < 0);
	CHECK(sp_journal_twin_check("/etc/shadow", &why_e) < 0);
	CHECK(strstr(why_e.reason, "journal-PID") != NULL);
	CHECK(sp_journal_twin_check("/run/swapplace/journal-x", &why_e) < 0);
	CHECK(sp_journal_twin_check("/run/swapplace/journal-", &why_e) < 0);
	CHECK(sp_journal_twin_check("/run/swapplace//journal-1", &why_e) < 0);
}

int main(void)
{
	sysctls();
	zswap();
	paths();
	twins();
	return CHECK_DONE();
}
