/*
 * diskquiet.h - waiting until a disk has stopped writing, before a measurement starts.
 *
 * What a setup leaves behind (metadata the flusher writes back, a filesystem's lazy init, a
 * journal commit) would land in the middle of a placement's measurement and be timed as if it
 * were swap. The caller waits here first; a disk that never quiets down is measured anyway,
 * and the caller records what was seen. Reads /sys/class/block/NAME/stat only.
 */
#ifndef SP_DISKQUIET_H
#define SP_DISKQUIET_H

#include <stdint.h>

struct sp_quiet {
	int quiet;	      /* 1: no write for quiet_ms just before the return */
	uint32_t waited_ms;   /* how long it watched */
	uint64_t writes;      /* write, discard and flush requests completed while it watched */
	uint64_t write_bytes; /* bytes they wrote or discarded */
};

/*
 * Watch dev (a whole disk or partition: "/dev/sdb", "loop3") until it has completed no write,
 * discard or flush request for quiet_ms in a row, polling its stat every quiet_ms / 10 (at
 * least 10 ms), for at most max_ms. stop (may be NULL) is polled too: nonzero ends the wait.
 * q says what it saw in every case.
 * Returns: 0 when quiet, -ETIMEDOUT when still writing after max_ms, -EINTR when stop(),
 * -ENOENT when dev has no stat (not a block device: a swap file's path), -EINVAL for bad
 * arguments or an unreadable stat line, other -errno.
 */
int sp_disk_wait_quiet(const char *dev, uint32_t quiet_ms, uint32_t max_ms, int (*stop)(void),
		       struct sp_quiet *q);

#endif
