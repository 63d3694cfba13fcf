/*
 * devprobe.h - the device probe: io_uring O_DIRECT reads confined to exactly the sectors a
 * placement occupies (a partition, or a swap file's FIEMAP extents).
 *
 * Three phases share one time budget: random block_bytes reads at queue depth 1 (the latency
 * floor the kernel's swap-in path can reach there), the same reads with deep_qd in flight
 * (IOPS), and 1 MiB reads in order over the extents (sequential rate). The probe only ever
 * reads: the device is opened O_RDONLY|O_DIRECT and never O_EXCL, because the caller may
 * already hold it exclusively.
 *
 * The pure half (turning extents into aligned blocks, drawing offsets, walking the extents in
 * order) is exposed so it can be unit-tested without a device.
 */
#ifndef SP_DEVPROBE_H
#define SP_DEVPROBE_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/measure/rng.h"
#include "core/model/report.h"

struct sp_devprobe_opts {
	uint32_t block_bytes;	/* random read size; 4096 */
	uint32_t deep_qd;	/* reads in flight in the IOPS phase; 32 */
	double time_s;		/* budget for the whole probe: QD1 60 %, deep 25 %, seq 15 % */
	double ci_target_pct;	/* QD1 stops once the median's 95 % CI is within +/- this; 5 */
	uint64_t min_samples;	/* QD1 samples kept before the CI may stop it; 1000 */
	double min_time_s;	/* ... and seconds of QD1 sampling (capped by its share); 1 */
	uint64_t max_samples;	/* cap on kept samples per random phase */
	uint64_t seq_max_bytes; /* cap on the sequential phase; 256 MiB */
	uint64_t seed;		/* offsets come from sp_rng seeded with this */
	uint32_t warmup;	/* samples measured and dropped at the start of each phase; 50 */
};

void sp_devprobe_defaults(struct sp_devprobe_opts *o);

/*
 * Run the probe on dev over the n_ext extents (512-byte sectors from the start of dev) and fill
 * *out completely. Polls sp_interrupted(). On an error e (may be NULL) says what failed: the
 * open, the device's geometry, an extent outside it, the ring, or a phase's reads.
 * Returns: 0; -EINVAL for bad options or extents with no aligned block; -ERANGE when an extent
 * reaches past the end of the device (nothing is read then); -E2BIG for more than
 * SP_MAX_EXTENTS extents; -EIO for a short read; -EINTR when interrupted; or the -errno of a
 * failed open, io_uring call or read.
 */
int sp_devprobe_run(const char *dev, const struct sp_extent *ext, size_t n_ext,
		    const struct sp_devprobe_opts *o, struct sp_device_probe *out,
		    struct sp_err *e);

/* ---- pure parts ---- */

/* The extents as runs of whole, aligned blocks: block i of the map is one random-read target. */
struct sp_devprobe_map {
	uint32_t block_bytes;
	size_t n;			     /* extents with at least one whole aligned block */
	uint64_t first_byte[SP_MAX_EXTENTS]; /* byte offset of each run's first block */
	uint64_t blocks[SP_MAX_EXTENTS];     /* whole blocks in each run */
	uint64_t cum_blocks[SP_MAX_EXTENTS]; /* blocks in runs before this one */
	uint64_t total_blocks;
	uint64_t range_bytes; /* bytes the given extents cover (before alignment) */
};

/*
 * Build the map. Blocks start on a multiple of block_bytes (which must be a multiple of the
 * device's logical block size lbs, a power of two) and end inside their extent. dev_bytes is the
 * device's size: an extent past it is refused. reason (may be NULL) gets a sentence on error.
 * Returns: 0, -EINVAL, -ERANGE or -E2BIG (see sp_devprobe_run).
 */
int sp_devprobe_map_init(struct sp_devprobe_map *m, const struct sp_extent *ext, size_t n_ext,
			 uint32_t block_bytes, uint32_t lbs, uint64_t dev_bytes, char *reason,
			 size_t reason_len);

/* Byte offset of block idx (0 <= idx < total_blocks) of the map. */
uint64_t sp_devprobe_block_offset(const struct sp_devprobe_map *m, uint64_t idx);

/* A uniformly random block of the map, so each extent is hit in proportion to its length. */
uint64_t sp_devprobe_random_offset(const struct sp_devprobe_map *m, struct sp_rng *r);

/* A cursor for reading the map's runs in order, chunk by chunk. */
struct sp_devprobe_seq {
	size_t run;    /* current run */
	uint64_t done; /* bytes of the current run already handed out */
};

/*
 * Next chunk of at most max_len bytes (a multiple of block_bytes) in disk order; a chunk never
 * crosses a run's end. Returns: 1 with *off and *len set, or 0 when the map is exhausted.
 */
int sp_devprobe_seq_next(const struct sp_devprobe_map *m, struct sp_devprobe_seq *c,
			 uint64_t max_len, uint64_t *off, uint32_t *len);

#endif
