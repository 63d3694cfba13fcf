/*
 * t-vmstat-read-whole-or-refused - sys/vmstat reads /proc/vmstat whole into the caller's
 * buffer, and refuses (-E2BIG) a buffer it may not have fit in rather than cutting the text,
 * so a counter past the cut never reads as one the kernel lacks. Skips without /proc/vmstat.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "sys/vmstat.h"

int main(void)
{
	char buf[SP_VMSTAT_BUF], tiny[64];
	uint64_t v;
	ssize_t n;

	if (access("/proc/vmstat", R_OK) != 0)
		return 77;
	n = sp_vmstat_read(buf, sizeof(buf));
	CHECK(n > 0);
	CHECK(n > 0 && (size_t)n == strlen(buf));
	CHECK(strstr(buf, "nr_free_pages ") != NULL);
	CHECK(sp_vmstat_read(tiny, sizeof(tiny)) == -E2BIG);
	CHECK(sp_vmstat_get("nr_free_pages", &v) == 0);
	CHECK(sp_vmstat_get("no_such_counter", &v) == -ENOENT);
	return CHECK_DONE();
}
