/*
 * hddmodel.h - a timing model of one spinning disk, for the tests (test tooling, not product
 * code). Pure: no I/O, no clock, no printing; the NBD server (nbd-hdd.c) asks it how long each
 * request takes and sleeps that long, and the tests ask it what a measurement should show.
 *
 * The model, one request at a time (no queue, no reordering, no write cache):
 *  - seek: 0 for distance 0, otherwise t2t + (full - t2t) * sqrt(d / size): the short-seek
 *    square-root curve of Ruemmler and Wilkes ("An introduction to disk drive modeling", 1994)
 *    stretched over the whole stroke, from the track-to-track time at the smallest distance to
 *    the full-stroke time across the whole disk. Distance is in bytes of LBA space from the
 *    end of the previous request (where the head is) to the start of this one.
 *  - rotation: uniform in [0, 60/rpm) from a seeded RNG (mean half a rotation); or exactly half
 *    a rotation when the model is set to its expected value (rot_expected, for replays).
 *  - transfer: len / rate, the rate falling linearly from outer_mb_s at LBA 0 to inner_mb_s at
 *    the last LBA, taken at the middle of the request (MB = 10^6 bytes, as drive data sheets).
 *  - track buffer: a data request starting in [end of the previous one, that + buffer) is a
 *    continuation: the drive was still streaming, so it pays only the transfer from the
 *    previous end to its own end (the skipped gap passes under the head too), no seek and no
 *    rotation. A sequential run therefore goes at the media rate.
 *  - flush and trim cost nothing and leave the head where it is.
 *
 * Functions return 0 or -errno where they can fail.
 */
#ifndef HDDMODEL_H
#define HDDMODEL_H

#include <stdint.h>

struct hdd_params {
	uint64_t size_bytes;   /* --size */
	double rpm;	       /* --rpm */
	double t2t_ms;	       /* --t2t-ms: track-to-track seek */
	double full_ms;	       /* --full-ms: full-stroke seek */
	double outer_mb_s;     /* --outer-mbs: media rate at LBA 0 */
	double inner_mb_s;     /* --inner-mbs: media rate at the last LBA */
	uint64_t buffer_bytes; /* --buffer: track buffer (read-ahead window) */
	uint64_t seed;	       /* --seed: the rotational-position RNG */
};

enum hdd_op { HDD_READ, HDD_WRITE, HDD_FLUSH, HDD_TRIM };

/* What one request cost, by part; total_us is their sum. */
struct hdd_cost {
	double seek_us;
	double rot_us;
	double xfer_us;
	double total_us;
	int continuation; /* served as a sequential continuation: transfer only */
};

struct hdd_model {
	struct hdd_params p;
	uint64_t rng;  /* splitmix64 state */
	uint64_t head; /* byte offset under the head: the end of the last data request */
	int streaming; /* the last request was a data request: the buffer window is live */
	/*
	 * 0 (hdd_model_init): rotation drawn from the seeded RNG, as the server serves. 1: every
	 * rotational delay is its expected value, half a period, so a replay of a request
	 * sequence (hddmodel-expect --replay) costs the same every time and two replays differ
	 * only by what they were given.
	 */
	int rot_expected;
};

/* The defaults: a 7200 rpm 3.5" desktop disk of about 2015 (8 GiB of it). */
void hdd_params_default(struct hdd_params *p);
/* 0, or -EINVAL with *why set to a static message naming the bad parameter. */
int hdd_params_check(const struct hdd_params *p, const char **why);
/*
 * Sets one parameter from its command-line name (without the leading "--": "size", "rpm",
 * "t2t-ms", "full-ms", "outer-mbs", "inner-mbs", "buffer", "seed"). Sizes take K/M/G/T suffixes
 * (powers of 1024). Returns 0, -ENOENT for a name that is not a model parameter, -EINVAL for a
 * bad value.
 */
int hdd_params_set(struct hdd_params *p, const char *name, const char *value);
/* 0 or -EINVAL: "4096", "64K", "8G" (1024-based), no sign, no junk */
int hdd_parse_size(const char *s, uint64_t *bytes);

void hdd_model_init(struct hdd_model *m, const struct hdd_params *p);
/*
 * Costs one request and moves the head. Returns 0, or -EINVAL when the request does not lie
 * inside the disk (the model is then unchanged).
 */
int hdd_model_request(struct hdd_model *m, enum hdd_op op, uint64_t offset, uint64_t len,
		      struct hdd_cost *cost);

/* The pieces, for the tests and the server's log. */
double hdd_seek_us(const struct hdd_params *p, uint64_t distance_bytes);
double hdd_rotation_period_us(const struct hdd_params *p);
double hdd_rate_bytes_s(const struct hdd_params *p, uint64_t offset);
double hdd_xfer_us(const struct hdd_params *p, uint64_t offset, uint64_t len);

/*
 * The expected mean latency (µs) of random block_bytes reads at block-aligned offsets drawn
 * uniformly from [a, b), one after the other: the mean seek over the distance between two
 * uniform points of the range (density 2(L-d)/L^2, so E[sqrt d] = (8/15) sqrt L), plus half a
 * rotation, plus the transfer averaged over the range's rates, corrected for the reads that
 * land in the previous one's buffer window (probability about buffer / L). Returns a negative
 * number for an empty or out-of-disk range.
 */
double hdd_expect_random_us(const struct hdd_params *p, uint64_t a, uint64_t b,
			    uint64_t block_bytes);
/* The expected sequential read rate at offset (bytes/s): continuations pay transfer only. */
double hdd_expect_seq_bytes_s(const struct hdd_params *p, uint64_t offset);

#endif
