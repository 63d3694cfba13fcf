/*
 * t-procparse-swaps-and-mountinfo - /proc/swaps and /proc/self/mountinfo as captured on the test
 * VM parse into the right paths (octal escapes undone), sizes in bytes, device numbers and
 * filesystem types; malformed lines are -EINVAL, a full table is -E2BIG.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/measure/procparse.h"
#include "slurp.h"

#define FIXTURES "tests/fixtures"

static void test_swaps_live(void)
{
	struct sp_swap_entry s[4];
	char *text = slurp(FIXTURES "/live/proc-swaps", NULL);
	size_t n = 99;

	CHECK(sp_parse_swaps(text, s, 4, &n) == 0);
	CHECK_EQ_U64(n, 2);
	CHECK_STR(s[0].path, "/dev/loop0");
	CHECK_STR(s[0].type, "partition");
	CHECK_EQ_U64(s[0].size_bytes, 65532ULL * 1024);
	CHECK_EQ_U64(s[0].used_bytes, 0);
	CHECK(s[0].prio == 5);
	CHECK_STR(s[1].path, "/var/tmp/cap dir.ZGmy/swap file");
	CHECK_STR(s[1].type, "file");
	CHECK_EQ_U64(s[1].size_bytes, 16380ULL * 1024);
	CHECK(s[1].prio == -2);
	CHECK_STR(s[1].dev_name, "");

	/* the table is full: what fits is kept and the caller learns it was cut */
	CHECK(sp_parse_swaps(text, s, 1, &n) == -E2BIG);
	CHECK_EQ_U64(n, 1);
	CHECK_STR(s[0].path, "/dev/loop0");
	free(text);
}

static void test_swaps_edge(void)
{
	struct sp_swap_entry s[2];
	size_t n = 99;

	CHECK(sp_parse_swaps("Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n", s, 2, &n) == 0);
	CHECK_EQ_U64(n, 0);
	CHECK(sp_parse_swaps("", s, 2, &n) == 0);
	CHECK_EQ_U64(n, 0);
	CHECK(sp_parse_swaps("Filename Type Size Used Priority\n/dev/sda2 partition 1024 8 -2\n", s,
			     2, &n) == 0);
	CHECK_EQ_U64(s[0].used_bytes, 8192);
	CHECK(s[0].prio == -2);
	/* a missing field, a word for a number, a relative path, a broken escape */
	CHECK(sp_parse_swaps("Filename\n/dev/sda2 partition 1024 8\n", s, 2, &n) == -EINVAL);
	CHECK(sp_parse_swaps("Filename\n/dev/sda2 partition big 8 -2\n", s, 2, &n) == -EINVAL);
	CHECK(sp_parse_swaps("Filename\nsda2 partition 1 8 -2\n", s, 2, &n) == -EINVAL);
	CHECK(sp_parse_swaps("Filename\n/a\\04 file 1 8 -2\n", s, 2, &n) == -EINVAL);
	CHECK(sp_parse_swaps("Filename\n/a\\999 file 1 8 -2\n", s, 2, &n) == -EINVAL);
	CHECK(sp_parse_swaps("Filename\n/a file 1 8 -2 extra\n", s, 2, &n) == -EINVAL);
	CHECK(sp_parse_swaps(NULL, s, 2, &n) == -EINVAL);
}

static const struct sp_mount_entry *find_mp(const struct sp_mount_entry *m, size_t n,
					    const char *mp)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(m[i].mount_point, mp) == 0)
			return &m[i];
	return NULL;
}

static void test_mountinfo_live(void)
{
	static struct sp_mount_entry m[64];
	const struct sp_mount_entry *e;
	char *text = slurp(FIXTURES "/live/proc-self-mountinfo", NULL);
	size_t n = 0;

	CHECK(sp_parse_mountinfo(text, m, 64, &n) == 0);
	CHECK_EQ_U64(n, 21);
	e = find_mp(m, n, "/");
	CHECK(e != NULL);
	if (e) {
		CHECK_EQ_U64(e->major, 254);
		CHECK_EQ_U64(e->minor, 0);
		CHECK_STR(e->fstype, "ext4");
		CHECK_STR(e->source, "/dev/vda");
		CHECK_STR(e->root, "/");
	}
	e = find_mp(m, n, "/var/tmp/cap mnt");
	CHECK(e != NULL);
	if (e) {
		CHECK_STR(e->fstype, "tmpfs");
		CHECK_EQ_U64(e->major, 0);
		CHECK_EQ_U64(e->minor, 39);
	}
	e = find_mp(m, n, "/sys/fs/cgroup/memory");
	CHECK(e && strcmp(e->fstype, "cgroup") == 0);
	CHECK(sp_parse_mountinfo(text, m, 3, &n) == -E2BIG);
	CHECK_EQ_U64(n, 3);
	free(text);
}

static void test_mountinfo_shapes(void)
{
	struct sp_mount_entry m[8];
	char *text = slurp(FIXTURES "/sys-basic/proc/self/mountinfo", NULL);
	const struct sp_mount_entry *e;
	size_t n = 0;

	/* optional fields (shared:N) between the options and the "-" */
	CHECK(sp_parse_mountinfo(text, m, 8, &n) == 0);
	CHECK_EQ_U64(n, 8);
	e = find_mp(m, n, "/mnt/vm data");
	CHECK(e != NULL);
	if (e) {
		CHECK_STR(e->root, "/@data");
		CHECK_STR(e->fstype, "btrfs");
		CHECK_STR(e->source, "/dev/vda");
		CHECK_EQ_U64(e->major, 0);
		CHECK_EQ_U64(e->minor, 45);
	}
	e = find_mp(m, n, "/home");
	CHECK(e && e->major == 254 && strcmp(e->source, "/dev/mapper/vg0-data") == 0);
	free(text);

	/* no "-" separator, a bad device number, too few fields */
	CHECK(sp_parse_mountinfo("21 1 8:1 / / rw shared:1 ext4 /dev/sda1 rw x\n", m, 8, &n) ==
	      -EINVAL);
	CHECK(sp_parse_mountinfo("21 1 8-1 / / rw shared:1 - ext4 /dev/sda1 rw\n", m, 8, &n) ==
	      -EINVAL);
	CHECK(sp_parse_mountinfo("21 1 8:1 / / rw - ext4\n", m, 8, &n) == -EINVAL);
	/* no optional fields at all is the shortest valid line */
	CHECK(sp_parse_mountinfo("21 1 8:1 / / rw - ext4 /dev/sda1 rw\n", m, 8, &n) == 0);
	CHECK(sp_parse_mountinfo("21 1 8:1 / /a\\0x1 rw a:1 - ext4 /dev/sda1 rw\n", m, 8, &n) ==
	      -EINVAL);
	CHECK(sp_parse_mountinfo("21 1 8:1 / / rw a:1 - ext4 /dev/sda1 rw\n", m, 8, &n) == 0);
	CHECK_EQ_U64(n, 1);
	CHECK_EQ_U64(m[0].major, 8);
	CHECK_EQ_U64(m[0].minor, 1);
}

static void test_unescape(void)
{
	char out[16];

	CHECK(sp_unescape_octal("a\\040b\\011c\\134", 15, out, sizeof(out)) == 0);
	CHECK_STR(out, "a b\tc\\");
	CHECK(sp_unescape_octal("abc", 3, out, 3) == -ENAMETOOLONG);
	CHECK(sp_unescape_octal("abc", 3, out, 4) == 0);
	CHECK(sp_unescape_octal("\\000", 4, out, 4) == -EINVAL);
}

int main(void)
{
	test_swaps_live();
	test_swaps_edge();
	test_mountinfo_live();
	test_mountinfo_shapes();
	test_unescape();
	return CHECK_DONE();
}
