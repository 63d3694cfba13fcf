/*
 * swap.h - making, enabling and disabling swap areas (partitions, files, zram devices).
 *
 * sp_swap_on() registers the matching swapoff on the undo list, so a run that dies between
 * swapon and its own swapoff still leaves /proc/swaps as it found it. Nothing here vets the
 * target: sp_mkswap() overwrites the first page of whatever it is given, so callers pass only
 * areas they created or the user named.
 */
#ifndef SP_SWAP_H
#define SP_SWAP_H

#include <stdint.h>

#include "core/err.h"

#define SP_SWAP_PATH_MAX 256 /* longest path the undo entry can hold */

/*
 * Write a v1 swap header with a random UUID (getrandom) and label (<= 16 bytes, may be NULL)
 * on the first page of path (a block device or a regular file), then fsync. area_bytes is the
 * size of the area; 0 means the whole device or file.
 * Returns: 0 on success, -errno on error (-EINVAL for an area under 10 pages).
 */
int sp_mkswap(const char *path, uint64_t area_bytes, const char *label);

/*
 * The same through fd, open for writing (a partition's O_EXCL hold: the header goes to the
 * device the hold has, whatever its name leads to now); path only names it in debug lines.
 * fd stays open. Returns: as sp_mkswap.
 */
int sp_mkswap_fd(int fd, const char *path, uint64_t area_bytes, const char *label);

/*
 * swapon(2) path with priority prio (0..32767; a negative prio lets the kernel choose) and
 * register swapoff on the undo list. e (may be NULL) gets swapon's errno and what it means.
 * Returns: 0 on success, -errno from swapon (-EBUSY when already active, -EINVAL when path is
 * not a swap area or a file with holes), -ENAMETOOLONG for paths the undo entry cannot hold.
 */
int sp_swap_on(const char *path, int prio, struct sp_err *e);

#endif
