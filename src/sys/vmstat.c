/*
 * vmstat.c - /proc/vmstat read whole into a buffer (see vmstat.h); the parsing is the core's.
 */
#include "sys/vmstat.h"

#include <errno.h>

#include "core/measure/procparse.h"
#include "sys/sysfs.h"

ssize_t sp_vmstat_read(char *buf, size_t len)
{
	ssize_t n = sp_read_text(NULL, "/proc/vmstat", buf, len);

	/* sp_read_text cuts at len - 1 (less its final newline): a full buffer may be cut */
	if (n >= 0 && (size_t)n + 2 >= len)
		return -E2BIG;
	return n;
}

int sp_vmstat_get(const char *key, uint64_t *v)
{
	char buf[SP_VMSTAT_BUF];
	ssize_t n = sp_vmstat_read(buf, sizeof(buf));

	return n < 0 ? (int)n : sp_parse_vmstat(buf, key, v);
}
