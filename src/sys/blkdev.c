/*
 * blkdev.c - block device geometry (see blkdev.h).
 */
#include "sys/blkdev.h"

#include <errno.h>
#include <linux/fs.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/stat.h>

int sp_blkdev_geometry(int fd, uint64_t *size_bytes, uint32_t *lbs)
{
	struct stat st;
	int ssz;

	if (fstat(fd, &st) < 0)
		return -errno;
	if (S_ISBLK(st.st_mode)) {
		if (ioctl(fd, BLKGETSIZE64, size_bytes) < 0)
			return -errno;
		if (ioctl(fd, BLKSSZGET, &ssz) < 0)
			return -errno;
		*lbs = (uint32_t)ssz;
		return 0;
	}
	if (S_ISREG(st.st_mode)) {
		*size_bytes = (uint64_t)st.st_size;
		*lbs = 512;
		return 0;
	}
	return -ENOTBLK;
}
