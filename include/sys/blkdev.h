/*
 * blkdev.h - the geometry of an open block device (or of a plain file standing in for one).
 */
#ifndef SP_SYS_BLKDEV_H
#define SP_SYS_BLKDEV_H

#include <stddef.h>
#include <stdint.h>

/*
 * Size in bytes and logical block size of fd. A plain file (tests, images) reports its length
 * and 512: O_DIRECT alignment then follows the filesystem, which 4 KiB reads satisfy.
 * Returns: 0, -ENOTBLK for anything else, or -errno.
 */
int sp_blkdev_geometry(int fd, uint64_t *size_bytes, uint32_t *lbs);

/*
 * Which disk a block device node is, beyond its name: the kernel can give a name to another disk
 * (a USB disk that resets, a loop device detached and attached again), and then the name, the
 * size and even the device number are the same. The disk sequence number is not: the kernel
 * gives every disk (and every new medium of a disk, every loop attachment) the next number of a
 * counter that never goes back within a boot (BLKGETDISKSEQ, Linux 5.15; a partition answers
 * with its disk's). Where the kernel has no such number, diskseq is 0 and the device numbers
 * are all there is.
 */
struct sp_blkdev_id {
	uint64_t rdev;	    /* the node's device number (st_rdev); 0: not known yet */
	uint64_t disk_rdev; /* the whole disk's (itself for a disk, the parent of a partition) */
	uint64_t diskseq;   /* the whole disk's sequence number, 0 when the kernel has none */
};

/* The identity of the block device open on fd. Returns: 0, -ENOTBLK, or -errno. */
int sp_blkdev_id_fd(int fd, struct sp_blkdev_id *id);

/*
 * The identity of the block device at path, opened read-only for the moment (never O_EXCL, never
 * written). Returns: 0, -ENOTBLK, or -errno.
 */
int sp_blkdev_id_path(const char *path, struct sp_blkdev_id *id);

/*
 * Is got the device want describes? Each field of want that is not 0 must be equal in got
 * (a diskseq the kernel did not give, 0 in got, differs from any want). Returns: 1 or 0.
 */
int sp_blkdev_id_match(const struct sp_blkdev_id *want, const struct sp_blkdev_id *got);

/* "device 7:3, disk sequence 1065" (or "... no disk sequence") into buf. */
void sp_blkdev_id_format(const struct sp_blkdev_id *id, char *buf, size_t len);

#endif
