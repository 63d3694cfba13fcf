/*
 * fill.h - the plan for writing a swap partition's range once before the device probe reads it
 * (issue 18, "a like-for-like floor"): a trimmed SSD or NVMe answers a read of a block it never
 * mapped from its mapping table alone, faster than any read of a written block, so a probe of
 * never-written sectors gives an optimistic floor. Writing the range first maps every block.
 *
 * Pure: the chunks and the data, no I/O. The writes are act/disk.h's sp_disk_fill_fd.
 */
#ifndef SP_FILL_H
#define SP_FILL_H

#include <stddef.h>
#include <stdint.h>

#include "core/measure/rng.h"

/* The largest write: 1 MiB, the alignment the plan gives every partition (core/plan/plan.h). */
#define SP_FILL_CHUNK_BYTES (1u << 20)

/*
 * A range of bytes bytes that begins disk_off_bytes into its disk, cut into writes of at most
 * chunk_bytes that end on the disk's chunk_bytes boundaries (the first one reaches the first
 * boundary, the last one the range's end), each a whole number of logical blocks.
 */
struct sp_fill_plan {
	uint64_t disk_off_bytes; /* where the range starts on its disk */
	uint64_t bytes;		 /* its length */
	uint32_t chunk_bytes;	 /* the largest write, a multiple of lbs */
	uint32_t lbs;		 /* the disk's logical block size, a power of two */
	uint64_t done;		 /* bytes of the range already handed out */
};

/*
 * Returns: 0, or -EINVAL when lbs is not a power of two, chunk_bytes is not a non-zero multiple
 * of lbs, or the range does not start and end on a logical block (O_DIRECT could not write it).
 */
int sp_fill_plan_init(struct sp_fill_plan *f, uint64_t disk_off_bytes, uint64_t bytes,
		      uint32_t chunk_bytes, uint32_t lbs);

/*
 * The next write: *off from the range's start, *len bytes. Returns: 1, or 0 when the whole
 * range has been handed out.
 */
int sp_fill_plan_next(struct sp_fill_plan *f, uint64_t *off, uint32_t *len);

/*
 * len bytes of pseudo-random data from r into buf (len a multiple of 8): incompressible and
 * never a block of zeros, which some SSDs take as a trim and leave unmapped. Each call gives new
 * data, so no two chunks are alike and a deduplicating controller must store every one.
 */
void sp_fill_data(struct sp_rng *r, void *buf, size_t len);

#endif
