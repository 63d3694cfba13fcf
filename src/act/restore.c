/*
 * restore.c - a backup's ranges written back and the partition table re-read (see restore.h).
 */
#include "act/restore.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "sys/log.h"

static int write_range(int fd, uint64_t off, const unsigned char *buf, uint64_t len)
{
	uint64_t done = 0;

	while (done < len) {
		ssize_t n = pwrite(fd, buf + done, len - done, (off_t)(off + done));

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		done += (uint64_t)n;
	}
	return 0;
}

int sp_restore_write(const char *dev, int hold_fd, const struct sp_backup *b, int *reread,
		     struct sp_err *e)
{
	int fd = open(dev, O_RDWR | O_DIRECT | O_CLOEXEC), direct = 1, ret;

	*reread = 0;
	if (fd < 0 && errno == EINVAL) {
		direct = 0;
		fd = open(dev, O_RDWR | O_CLOEXEC);
	}
	if (fd < 0)
		return sp_err_sys(e, -errno, "opening '%s' for writing", dev);
	ret = write_range(fd, b->id.first_offset, b->first, b->id.first_bytes);
	if (ret < 0) {
		close(fd);
		return sp_err_sys(e, ret, "writing the first %llu bytes of '%s'",
				  (unsigned long long)b->id.first_bytes, dev);
	}
	ret = write_range(fd, b->id.last_offset, b->last, b->id.last_bytes);
	if (ret < 0) {
		close(fd);
		return sp_err_sys(e, ret, "writing the last %llu bytes of '%s'",
				  (unsigned long long)b->id.last_bytes, dev);
	}
	/* O_DIRECT bypasses the cache, but the disk's own write cache wants a flush too */
	if (fsync(fd) < 0) {
		ret = -errno;
		close(fd);
		return sp_err_sys(e, ret, "fsync '%s'", dev);
	}
	(void)direct;
	close(fd);
	/* nothing cached of the disk may answer the verification's reads or the table's dump */
	if (ioctl(hold_fd, BLKFLSBUF, 0) < 0)
		sp_debug("restore", "%s: BLKFLSBUF: %s", dev, strerror(errno));
	if (ioctl(hold_fd, BLKRRPART, 0) < 0)
		*reread = -errno;
	sp_debug("restore", "%s: restored, BLKRRPART -> %d", dev, *reread);
	return 0;
}
