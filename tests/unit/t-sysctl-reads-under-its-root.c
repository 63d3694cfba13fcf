/*
 * t-sysctl-reads-under-its-root - sp_sysctl_get() and sp_sysctl_get_u64() read a sysctl by its
 * dotted name under SWAPPLACE_PROC_SYS, the root sp_sysctl_set() writes under: trimmed text, a
 * number, -ENOENT for one that is not there, -EINVAL for a name that leaves the root or a value
 * that is no number, and an error rather than a cut value when the buffer is too small.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "act/sysctl.h"
#include "check.h"

static void put(const char *root, const char *file, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/vm/%s", root, file);
	f = fopen(path, "w");
	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

int main(void)
{
	char root[] = "/tmp/t-sysctl.XXXXXX", dir[512], buf[64], small[3];
	uint64_t v = 0;

	if (!mkdtemp(root))
		return 77;
	snprintf(dir, sizeof(dir), "%s/vm", root);
	CHECK(mkdir(dir, 0755) == 0);
	put(root, "page-cluster", "3\n");
	put(root, "swappiness", "60 \n");
	setenv("SWAPPLACE_PROC_SYS", root, 1);

	CHECK(sp_sysctl_get_u64("vm.page-cluster", &v) == 0);
	CHECK_EQ_U64(v, 3);
	CHECK(sp_sysctl_get("vm.swappiness", buf, sizeof(buf)) == 0);
	CHECK_STR(buf, "60");
	CHECK(sp_sysctl_get("vm.swappiness", small, sizeof(small)) < 0);
	CHECK(sp_sysctl_get_u64("vm.swappiness", &v) == 0);
	CHECK_EQ_U64(v, 60);
	CHECK(sp_sysctl_get_u64("vm.min_free_kbytes", &v) == -ENOENT);
	CHECK(sp_sysctl_get("../etc.passwd", buf, sizeof(buf)) == -EINVAL);
	put(root, "overcommit_ratio", "lots\n");
	CHECK(sp_sysctl_get_u64("vm.overcommit_ratio", &v) == -EINVAL);

	snprintf(dir, sizeof(dir), "rm -rf '%s'", root);
	CHECK(system(dir) == 0);
	return CHECK_DONE();
}
