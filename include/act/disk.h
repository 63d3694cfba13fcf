/*
 * disk.h - the destructive steps on a sacrificial disk: writing the planned GPT with libfdisk,
 * waiting for the kernel's partition nodes, making the data filesystem and mounting it.
 *
 * Nothing here decides whether a disk may be written: callers pass only a device the safety
 * checks have vetted (or a loop device a test created). Mounts register their undo; the
 * partition table is not undone (the disk is sacrificial by then).
 */
#ifndef SP_DISK_H
#define SP_DISK_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/plan/plan.h"

/*
 * The kernel's name for partition partno (1-based) of disk: a "p" goes between a disk name
 * ending in a digit and the number (/dev/loop3p1, /dev/nvme0n1p2, /dev/mmcblk0p3), none
 * otherwise (/dev/sdb1). Returns: 0, -EINVAL, or -ENAMETOOLONG.
 */
int sp_disk_part_path(const char *disk, int partno, char *buf, size_t len);

/*
 * Write layout l to dev as a new GPT (old signatures wiped): partition 1 "swapplace-start" and
 * 3 "swapplace-end" typed Linux swap, 2 "swapplace-data" typed Linux filesystem, at exactly
 * the planned sectors (a one-partition layout from sp_plan_single: "swapplace-swap"). Then have the
 * kernel re-read the table and wait (up to 10 s) until every partition node exists at the planned
 * start and size. Returns: 0 on success, -ESTALE when dev's size or sector size differs from the
 * plan's, -ERANGE when libfdisk's usable area or placement differs from the plan, -ETIMEDOUT when
 * the partition nodes do not appear, -EINTR when sp_interrupted() while waiting, other
 * -errno (-EBUSY: partitions in use, no re-read).
 */
int sp_disk_write_layout(const char *dev, const struct sp_layout *l);

/*
 * The same on an already open fd of dev (O_RDWR), e.g. an O_RDWR | O_EXCL one the caller has
 * held since the safety check: the kernel lets the exclusive holder re-read the table, while
 * a re-read through another fd fails with -EBUSY as long as anyone holds the disk
 * exclusively. fd stays open (close it before swapon or mount of a partition: the kernel
 * will not claim a partition of a disk someone holds exclusively).
 */
int sp_disk_write_layout_fd(int fd, const char *dev, const struct sp_layout *l);

/* What sp_disk_fill_fd wrote. */
struct sp_fill_stats {
	uint64_t range_bytes;	/* the device's size: what was to be written */
	uint64_t written_bytes; /* how far it got (all of range_bytes on success) */
	uint64_t writes;	/* O_DIRECT writes issued */
	double seconds;		/* from the first write to the flush's end */
};

/*
 * Write the whole block device open on fd once (a swap partition of ours, through its hold:
 * act/hold.h) with pseudo-random data from seed (core/measure/fill.h: incompressible, never zeros),
 * in O_DIRECT writes of at most 1 MiB that end on the disk's 1 MiB boundaries (disk_off_bytes:
 * where the device starts on its disk), then flush the disk's cache. O_DIRECT is set on fd for
 * the writes and its flags put back after. Polls sp_interrupted() between writes. name is for
 * e only. *st (may be NULL) says how far it got, however it ended.
 * Returns: 0; -EINTR when interrupted; -EIO on a short write; -EINVAL when the device's size or
 * start is not whole logical blocks; or the -errno of the write, the flush or fcntl (e says
 * which, at which byte).
 */
int sp_disk_fill_fd(int fd, const char *name, uint64_t disk_off_bytes, uint64_t seed,
		    struct sp_fill_stats *st, struct sp_err *e);

/*
 * The data filesystem of a run, made as an installed system's root would be, in this order:
 *
 *	sp_mkfs_ext4(part)			fast on any size: nothing zeroed now
 *	sp_ext4_mkdir_at_start(part, "build")	the job directory, in block group 0
 *	sp_mount_data_fs(part, dir)		noinit_itable: nothing zeroed later either
 *	(the swap file; the job's files)	allocated from the filesystem's start
 *	sp_fs_settle(dir)			nothing left for the flusher to write
 */

/*
 * mkfs.ext4 -q -F -L label on part (found on PATH, or in /sbin, /usr/sbin), with lazy inode
 * table and journal init (fast on a 2 TB disk) and no discard; mount it with
 * sp_mount_data_fs(), which keeps the kernel from zeroing the tables in the background (see
 * disk.c for the measurements). On failure e (may be NULL) holds mkfs's own last line on
 * stderr, or why it could not run.
 * Returns: 0 on success, -ENOENT when there is no mkfs.ext4, -EIO when it failed.
 */
int sp_mkfs_ext4(const char *part, const char *label, struct sp_err *e);

/*
 * Make directory name (one plain component) in the root of the unmounted ext4 on part with
 * debugfs, so that it lies in block group 0, at the filesystem's start; a directory made in the
 * root through the kernel would go anywhere (Orlov). debugfs -R does not fail on a failed
 * command: check the directory once mounted. e (may be NULL) says why on failure.
 * Returns: 0, -EINVAL for a bad name, -ENOENT without debugfs, -EIO when it failed.
 */
int sp_ext4_mkdir_at_start(const char *part, const char *name, struct sp_err *e);

/*
 * Mount src on dir (created with mode 0700 when missing) as fstype, noatime; registers the
 * umount (and the rmdir of a directory it created) on the undo list. e (may be NULL) says
 * which step failed.
 * Returns: 0 on success, -errno from mkdir or mount(2).
 */
int sp_mount(const char *src, const char *dir, const char *fstype, struct sp_err *e);

/*
 * Mount the data filesystem sp_mkfs_ext4() made on part at dir, as sp_mount() does, with
 * noinit_itable: no ext4lazyinit thread zeroes its inode tables while we measure.
 * Returns: as sp_mount().
 */
int sp_mount_data_fs(const char *part, const char *dir, struct sp_err *e);

/*
 * syncfs() the filesystem holding dir: after a setup's writes (the swap file, the job
 * directory) the metadata they dirtied would otherwise be written back by the flusher half a
 * minute later (measured: 5 writes 35 s after a fsync'ed swap file and mkswap), in the middle
 * of a measurement. Returns: 0, or -errno (e says which step).
 */
int sp_fs_settle(const char *dir, struct sp_err *e);

#endif
