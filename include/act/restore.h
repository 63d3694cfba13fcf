/*
 * restore.h - putting a backup (sys/backup.h) back on its disk: the first and the last MiB
 * written past the page cache and synced, then the kernel told to read the partition table
 * again.
 *
 * Nothing here decides whether the disk may be written: `swapplace restore` (cmd/restore.c)
 * passes only a disk whose identity matches the backup, that the safety checks let through,
 * that the person confirmed, and that it holds O_EXCL. No undo is registered: the write is
 * itself the undoing of a run, asked for by name.
 */
#ifndef SP_RESTORE_H
#define SP_RESTORE_H

#include "core/err.h"
#include "sys/backup.h"

/*
 * Write b's two ranges to dev (O_DIRECT, then fsync; on a device that refuses O_DIRECT a
 * plain write, fsync and BLKFLSBUF), then BLKRRPART through hold_fd (the exclusive holder's
 * fd: the kernel refuses a re-read through any other while the disk is held). *reread gets
 * 0, or the re-read's -errno (-EBUSY: a partition is in use; the table on the disk is
 * written all the same).
 * Returns: 0, or -errno with e saying which range failed.
 */
int sp_restore_write(const char *dev, int hold_fd, const struct sp_backup *b, int *reread,
		     struct sp_err *e);

#endif
