/*
 * extents.h - a bounded set of disk extents: the sectors a tree of files occupies, for the
 * report (scenarios.build.files[]). Files add their extents one by one; the set stays sorted
 * and merged, and when it would exceed its room the two neighbours with the smallest gap
 * between them become one extent over the gap: the picture coarsens, it never loses a file.
 */
#ifndef SP_CORE_EXTENTS_H
#define SP_CORE_EXTENTS_H

#include <stddef.h>
#include <stdint.h>

#include "core/model/report.h"

#define SP_EXTENTS_ROOM_MAX 64 /* the most room a set may have */

/*
 * Add [start, start + sectors) to ext[0 .. *n) (sorted, disjoint, 1 <= max <= SP_EXTENTS_ROOM_MAX
 * entries of room).
 * Returns: 0, or -EINVAL for an empty extent or a room out of range.
 */
int sp_extents_add(struct sp_extent *ext, size_t *n, size_t max, uint64_t start, uint64_t sectors);

#endif
