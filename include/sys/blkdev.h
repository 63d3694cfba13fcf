/*
 * blkdev.h - the geometry of an open block device (or of a plain file standing in for one).
 */
#ifndef SP_SYS_BLKDEV_H
#define SP_SYS_BLKDEV_H

#include <stdint.h>

/*
 * Size in bytes and logical block size of fd. A plain file (tests, images) reports its length
 * and 512: O_DIRECT alignment then follows the filesystem, which 4 KiB reads satisfy.
 * Returns: 0, -ENOTBLK for anything else, or -errno.
 */
int sp_blkdev_geometry(int fd, uint64_t *size_bytes, uint32_t *lbs);

#endif
