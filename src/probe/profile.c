/*
 * profile.c - reading the position profile (see probe/profile.h).
 *
 * Per point: first the random reads (the head seeks into the window once, then each read is a
 * short seek plus rotation: the local latency), then the sequential run from the window's
 * start. The first sequential request pays the seek back; the rate is taken from the second
 * request's start to the last one's end, so it is transfer only.
 */
#include "probe/profile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "act/undo.h"
#include "core/measure/rng.h"
#include "probe/uring.h"
#include "sys/blkdev.h"
#include "sys/timer.h"

#define RAND_BYTES 4096u
#define SEQ_CHUNK (1u << 20)
/* the least a point reads: a median of two, and one timed request after the seek */
#define MIN_RAND_READS 2u
#define MIN_SEQ_CHUNKS 2u

void sp_profile_defaults(struct sp_profile_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->points = SP_PROFILE_POINTS;
	o->time_s = 60;
	o->rand_reads = SP_PROFILE_RAND_READS;
	o->seq_bytes = SP_PROFILE_SEQ_BYTES;
	o->window_bytes = 64ull << 20;
	o->seed = 1;
}

struct reader {
	struct io_uring ring;
	int fd;
	void *buf;
	struct sp_rng rng;
};

/* Random reads in [pos, pos + window) until want are done or the share of time is spent. */
static int point_random(struct reader *r, uint64_t pos, uint64_t window, uint32_t want,
			double share_s, struct sp_profile_point *pt)
{
	double lat_us[64];
	struct sp_time begin = sp_now();
	uint32_t n = 0;

	if (want > 64)
		want = 64;
	while (n < want) {
		uint64_t off = pos + sp_rng_below(&r->rng, window / RAND_BYTES) * RAND_BYTES;
		uint64_t ns;
		int ret = sp_uring_read_timed(&r->ring, r->fd, r->buf, RAND_BYTES, off, &ns);

		if (ret < 0)
			return ret;
		lat_us[n++] = (double)ns / 1e3;
		if (n >= MIN_RAND_READS && sp_elapsed_s(begin, sp_now()) >= share_s)
			break;
		if (sp_interrupted())
			return -EINTR;
	}
	pt->rand_reads = n;
	pt->rand_p50_us = sp_median(lat_us, n);
	return 0;
}

/* 1 MiB reads in order from pos until want bytes or the share of time is spent. */
static int point_seq(struct reader *r, uint64_t pos, uint64_t want, uint64_t dev_bytes,
		     double share_s, struct sp_profile_point *pt)
{
	struct sp_time begin = sp_now(), rate_from = begin;
	uint64_t done = 0, timed = 0;
	uint32_t chunks = 0;

	while (done < want && pos + done + SEQ_CHUNK <= dev_bytes) {
		uint64_t ns;
		int ret = sp_uring_read_timed(&r->ring, r->fd, r->buf, SEQ_CHUNK, pos + done, &ns);

		if (ret < 0)
			return ret;
		done += SEQ_CHUNK;
		if (++chunks == 1)
			rate_from = sp_now(); /* the first request carried the seek */
		else
			timed += SEQ_CHUNK;
		if (chunks >= MIN_SEQ_CHUNKS && sp_elapsed_s(begin, sp_now()) >= share_s)
			break;
		if (sp_interrupted())
			return -EINTR;
	}
	if (timed) {
		double s = sp_elapsed_s(rate_from, sp_now());

		pt->seq_mib_s = s > 0 ? (double)timed / (1 << 20) / s : 0;
	}
	return 0;
}

int sp_profile_run(const char *dev, const struct sp_profile_opts *o, struct sp_profile *out)
{
	uint64_t pos[SP_PROFILE_MAX_POINTS], dev_bytes = 0, window;
	uint32_t order[SP_PROFILE_MAX_POINTS];
	struct reader r = {.fd = -1};
	struct sp_time begin = sp_now();
	uint32_t lbs = 512;
	int ret, n;

	memset(out, 0, sizeof(*out));
	if (!o->points || o->points > SP_PROFILE_MAX_POINTS || !(o->time_s > 0) || !o->rand_reads ||
	    o->seq_bytes < 2 * SEQ_CHUNK || o->window_bytes < RAND_BYTES)
		return -EINVAL;
	r.fd = open(dev, O_RDONLY | O_DIRECT | O_CLOEXEC);
	if (r.fd < 0)
		return -errno;
	ret = sp_blkdev_geometry(r.fd, &dev_bytes, &lbs);
	if (ret < 0)
		goto out;
	window = o->window_bytes;
	if (window > dev_bytes / o->points)
		window = (dev_bytes / o->points) & ~(uint64_t)(RAND_BYTES - 1);
	ret = -EINVAL;
	if (window < RAND_BYTES || lbs > RAND_BYTES)
		goto out;
	n = sp_profile_positions(dev_bytes, window, 1 << 20 < window ? 1 << 20 : RAND_BYTES,
				 o->points, pos);
	if (n <= 0)
		goto out;
	ret = posix_memalign(&r.buf, 1 << 12, SEQ_CHUNK);
	if (ret) {
		r.buf = NULL;
		ret = -ret;
		goto out;
	}
	ret = sp_uring_init(&r.ring, 4);
	if (ret < 0) {
		r.ring.ring_fd = -1;
		goto out;
	}
	sp_rng_seed(&r.rng, o->seed);
	out->dev_bytes = dev_bytes;
	out->window_bytes = window;
	ret = sp_profile_order((size_t)n, order);
	for (int k = 0; k < n && ret == 0; k++) {
		struct sp_profile_point *pt = &out->points[k];
		double spent_s = sp_elapsed_s(begin, sp_now());
		/* what is left, evenly over the points still to go: a slow disk reads less per
		 * point instead of overrunning the budget */
		double share_s = (o->time_s - spent_s) / (n - k);

		/* a point takes at least its minimum reads: stop before one would end past the
		 * budget; the coarse-to-fine order leaves the points read spanning the disk */
		if (k >= 2 && spent_s + spent_s / k > o->time_s)
			break;
		if (share_s < 0)
			share_s = 0;
		pt->offset_bytes = pos[order[k]];
		ret = point_random(&r, pt->offset_bytes, window, o->rand_reads, share_s / 2, pt);
		if (ret < 0)
			break;
		ret = point_seq(&r, pt->offset_bytes, o->seq_bytes, dev_bytes, share_s / 2, pt);
		if (ret < 0)
			break;
		out->n = (size_t)k + 1;
	}
	sp_profile_sort(out);
	io_uring_queue_exit(&r.ring);
	if (ret == 0) {
		out->done = 1;
		out->duration_s = sp_elapsed_s(begin, sp_now());
	}
out:
	free(r.buf);
	close(r.fd);
	return ret;
}
