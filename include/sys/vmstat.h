/*
 * vmstat.h - /proc/vmstat, read one way: whole into a caller's buffer (no allocation, so the
 * fault probe's worker can read it between faults), parsed by core/measure/procparse
 * (sp_parse_vmstat) or by a parser of its own counters (core/scenario/scenario_server,
 * core/findings/zswap).
 */
#ifndef SP_VMSTAT_H
#define SP_VMSTAT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Room for /proc/vmstat (some 190 lines, 4 KiB on 6.x kernels) four times over; small, as it
 * sits on the stack of the fault probe's touch threads, whose stacks are locked (mlockall). */
#define SP_VMSTAT_BUF 16384

/*
 * /proc/vmstat into buf, NUL-terminated. A text that may not have fit is -E2BIG, never cut: a
 * counter past the cut would read as one the kernel lacks.
 * Returns: the length, -E2BIG, or -errno.
 */
ssize_t sp_vmstat_read(char *buf, size_t len);

/* One counter read now ("pswpin"). Returns: 0, -ENOENT when the kernel lacks it, -errno. */
int sp_vmstat_get(const char *key, uint64_t *v);

#endif
