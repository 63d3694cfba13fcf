/*
 * swapfile.h - the swap file in the data filesystem, and where on the disk it really lies.
 *
 * The kernel refuses a swap file with holes, and an unwritten (preallocated) extent would make
 * the first swap-out pay for a metadata update. So the file is written in full, then made a
 * swap area. Its physical extents (FIEMAP) are the sectors the device probe reads and the
 * report shows: the position on the disk is the point of the "file" placement.
 */
#ifndef SP_SWAPFILE_H
#define SP_SWAPFILE_H

#include <stddef.h>
#include <stdint.h>

#include "core/model/report.h"

/*
 * Create path (O_EXCL, mode 0600) of bytes (a multiple of the page size), fill it with real
 * writes of a non-zero pattern in 1 MiB chunks, fsync it, and write a swap header labelled
 * "swapplace-file". On any failure the file is removed. Polls sp_interrupted().
 * Returns: 0 on success, -EEXIST when path exists, -EINTR when interrupted, -EINVAL for a bad
 * size, -ENOSPC when the filesystem is full, other -errno.
 */
int sp_swapfile_create(const char *path, uint64_t bytes);

/* sp_swapfile_create's flags: SP_SWAPFILE_NOCOW sets FS_NOCOW_FL (chattr +C) on the file while
 * it is still empty, before the first write: a btrfs swap file must be nocow, and the flag
 * only takes on an empty file. */
#define SP_SWAPFILE_NOCOW 0x1u

/*
 * sp_swapfile_create with flags. Returns: as sp_swapfile_create, and -EOPNOTSUPP (or the
 * ioctl's -errno) when SP_SWAPFILE_NOCOW cannot be set; the file is removed then too.
 */
int sp_swapfile_create_flags(const char *path, uint64_t bytes, unsigned flags);

/*
 * The physical extents of path as 512-byte sectors on the whole disk: FIEMAP
 * (FIEMAP_FLAG_SYNC) gives byte offsets on the filesystem's device, the partition, which
 * start at part_start_sector. Physically adjacent extents are merged. *n is the number of
 * extents (also when it exceeds max).
 * Returns: 0 on success, -E2BIG when more than max extents (the first max are filled),
 * -ENODATA when the file has a hole or an unwritten extent, -EOPNOTSUPP when an extent has no
 * reliable physical address (inline, encoded, delayed allocation), other -errno.
 */
int sp_swapfile_extents(const char *path, uint64_t part_start_sector, struct sp_extent *out,
			size_t max, size_t *n);

/*
 * Where a tree of files lies: the extents (as sp_swapfile_extents) of every regular file in
 * dir, or in dir/sub when sub is not NULL (one level), merged into at most max extents
 * (core/model/extents.h: the closest neighbours become one). Returns: 0, or -errno.
 */
int sp_tree_extents(const char *dir, const char *sub, uint64_t part_start_sector,
		    struct sp_extent *out, size_t max, size_t *n);

#endif
