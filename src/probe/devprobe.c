/*
 * devprobe.c - the device probe (see devprobe.h): random QD1 reads for the latency floor, a
 * deep queue for IOPS, in-order 1 MiB reads for the sequential rate, all with io_uring and
 * O_DIRECT, all confined to the placement's extents, none of them a write.
 *
 * Everything a timed loop needs (ring, buffers, histogram, slot tables) is allocated before the
 * first read, so the loops themselves never allocate. A QD1 sample is the time from just before
 * the read is prepared and submitted to just after its completion is seen: what one swap-in
 * read costs a waiting task, submission included.
 */
#include "probe/devprobe.h"

#include <errno.h>
#include <fcntl.h>
#include <liburing.h>
#include <linux/fs.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "act/undo.h"
#include "core/measure/hist.h"
#include "core/measure/rng.h"
#include "probe/uring.h"
#include "sys/blkdev.h"
#include "sys/log.h"
#include "sys/timer.h"

#define SEQ_CHUNK_BYTES (1u << 20)
#define QD1_SHARE 0.60
#define DEEP_SHARE 0.25
#define SEQ_SHARE 0.15
/* how often QD1 asks the histogram whether the CI target is reached (it walks every bucket) */
#define QD1_CI_CHECK_EVERY 128

void sp_devprobe_defaults(struct sp_devprobe_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->block_bytes = 4096;
	o->deep_qd = 32;
	o->time_s = 10.0;
	o->ci_target_pct = 5.0;
	o->min_samples = 1000;
	o->min_time_s = 1.0;
	o->max_samples = 10000000;
	o->seq_max_bytes = 256ull << 20;
	o->seed = 1;
	o->warmup = 50;
}

/* ---- pure parts ---- */

__attribute__((format(printf, 4, 5))) static int set_reason(char *reason, size_t reason_len,
							    int err, const char *fmt, ...)
{
	va_list ap;

	if (reason && reason_len) {
		va_start(ap, fmt);
		vsnprintf(reason, reason_len, fmt, ap);
		va_end(ap);
	}
	return err;
}

int sp_devprobe_map_init(struct sp_devprobe_map *m, const struct sp_extent *ext, size_t n_ext,
			 uint32_t block_bytes, uint32_t lbs, uint64_t dev_bytes, char *reason,
			 size_t reason_len)
{
	memset(m, 0, sizeof(*m));
	if (reason && reason_len)
		reason[0] = '\0';
	if (!n_ext)
		return set_reason(reason, reason_len, -EINVAL, "no extents to probe");
	if (n_ext > SP_MAX_EXTENTS)
		return set_reason(reason, reason_len, -E2BIG, "%zu extents, at most %d supported",
				  n_ext, SP_MAX_EXTENTS);
	if (!lbs || (lbs & (lbs - 1)))
		return set_reason(reason, reason_len, -EINVAL,
				  "logical block size %u is not a power of two", lbs);
	if (!block_bytes || block_bytes % lbs)
		return set_reason(reason, reason_len, -EINVAL,
				  "block size %u is not a multiple of the logical block size %u",
				  block_bytes, lbs);
	m->block_bytes = block_bytes;

	/* validate everything before building: a range past the end is refused, not clipped */
	for (size_t i = 0; i < n_ext; i++) {
		uint64_t s = ext[i].start_sector, n = ext[i].sectors;

		if (n > (UINT64_MAX >> 9) || s > (UINT64_MAX >> 9) - n)
			return set_reason(reason, reason_len, -ERANGE,
					  "extent %zu overflows a 64-bit byte offset", i);
		if ((s + n) << 9 > dev_bytes)
			return set_reason(
			    reason, reason_len, -ERANGE,
			    "extent %zu (sectors %llu+%llu) ends at byte %llu, past the "
			    "device's end at byte %llu",
			    i, (unsigned long long)s, (unsigned long long)n,
			    (unsigned long long)((s + n) << 9), (unsigned long long)dev_bytes);
	}

	for (size_t i = 0; i < n_ext; i++) {
		uint64_t start = ext[i].start_sector << 9;
		uint64_t end = start + (ext[i].sectors << 9);
		uint64_t first = (start + block_bytes - 1) / block_bytes * block_bytes;
		uint64_t blocks;

		m->range_bytes += end - start;
		if (first >= end)
			continue;
		blocks = (end - first) / block_bytes;
		if (!blocks)
			continue;
		m->first_byte[m->n] = first;
		m->blocks[m->n] = blocks;
		m->cum_blocks[m->n] = m->total_blocks;
		m->total_blocks += blocks;
		m->n++;
	}
	if (!m->total_blocks)
		return set_reason(reason, reason_len, -EINVAL,
				  "the extents hold no whole aligned %u-byte block", block_bytes);
	return 0;
}

uint64_t sp_devprobe_block_offset(const struct sp_devprobe_map *m, uint64_t idx)
{
	size_t lo = 0, hi = m->n; /* the run is the last one whose cum_blocks <= idx */

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->cum_blocks[mid] <= idx)
			lo = mid;
		else
			hi = mid;
	}
	return m->first_byte[lo] + (idx - m->cum_blocks[lo]) * m->block_bytes;
}

uint64_t sp_devprobe_random_offset(const struct sp_devprobe_map *m, struct sp_rng *r)
{
	return sp_devprobe_block_offset(m, sp_rng_below(r, m->total_blocks));
}

int sp_devprobe_seq_next(const struct sp_devprobe_map *m, struct sp_devprobe_seq *c,
			 uint64_t max_len, uint64_t *off, uint32_t *len)
{
	uint64_t want = max_len / m->block_bytes * m->block_bytes;
	uint64_t left;

	if (want > UINT32_MAX)
		want = UINT32_MAX / m->block_bytes * m->block_bytes;
	if (!want)
		return 0;
	while (c->run < m->n && c->done >= m->blocks[c->run] * m->block_bytes) {
		c->run++;
		c->done = 0;
	}
	if (c->run >= m->n)
		return 0;
	left = m->blocks[c->run] * m->block_bytes - c->done;
	*off = m->first_byte[c->run] + c->done;
	*len = (uint32_t)(left < want ? left : want);
	c->done += *len;
	return 1;
}

/* ---- effects ---- */

struct probe {
	int fd;
	int ring_ok;
	struct io_uring ring;
	struct sp_devprobe_map map;
	struct sp_rng rng;
	struct sp_hist *hist;
	unsigned char *bufs;	 /* deep_qd blocks; slot 0 also serves QD1 */
	unsigned char *seq_buf;	 /* SEQ_CHUNK_BYTES */
	struct sp_time *started; /* per deep slot */
	uint32_t *free_slots;
	uint32_t in_flight;
};

static int check_res(int res, uint32_t want)
{
	if (res < 0)
		return res;
	if ((uint32_t)res != want)
		return -EIO; /* short read: the range is not what we were told */
	return 0;
}

static int phase_qd1(struct probe *p, const struct sp_devprobe_opts *o, double budget_s,
		     struct sp_lat_summary *out)
{
	struct sp_time begin = sp_now();
	uint64_t deadline_ns = begin.ns + (uint64_t)(budget_s * 1e9);
	/*
	 * Measured on the shared 2-core test VM: 1000 samples take ~60 ms and their median's CI
	 * is +/-1 %, yet medians of such bursts moved by 20 % from one burst to the next as other
	 * work came and went. The order-statistics CI assumes a stationary process; sampling for
	 * at least min_time_s makes the median describe the device rather than one moment.
	 */
	double min_s = o->min_time_s < budget_s ? o->min_time_s : budget_s;
	uint64_t min_end_ns = begin.ns + (uint64_t)(min_s * 1e9);
	/* warm-up is a count, but never more than a tenth of the phase: on an old HDD under
	 * a short share, 50 reads (0.6 s) were all of it and nothing was kept */
	uint64_t warm_end_ns = begin.ns + (uint64_t)(budget_s * 0.1e9);
	uint64_t dropped = 0;
	struct sp_hist *h = p->hist;

	sp_hist_init(h);
	for (;;) {
		struct io_uring_sqe *sqe;
		struct io_uring_cqe *cqe;
		struct sp_time t0, t1;
		uint64_t off = sp_devprobe_random_offset(&p->map, &p->rng);
		int ret, res;

		if (sp_interrupted())
			return -EINTR;
		t0 = sp_now();
		sqe = io_uring_get_sqe(&p->ring);
		if (!sqe)
			return -EBUSY; /* cannot happen with an empty ring */
		io_uring_prep_read(sqe, p->fd, p->bufs, o->block_bytes, off);
		ret = io_uring_submit(&p->ring);
		if (ret < 0)
			return ret;
		ret = sp_uring_wait(&p->ring, &cqe);
		t1 = sp_now();
		if (ret < 0)
			return ret;
		res = cqe->res;
		io_uring_cqe_seen(&p->ring, cqe);
		ret = check_res(res, o->block_bytes);
		if (ret < 0)
			return ret;

		if (dropped < o->warmup && t0.ns < warm_end_ns) {
			dropped++;
		} else {
			sp_hist_add(h, sp_elapsed_ns(t0, t1));
			if (h->total >= o->max_samples)
				break;
			if (h->total >= o->min_samples && t1.ns >= min_end_ns &&
			    h->total % QD1_CI_CHECK_EVERY == 0 &&
			    sp_hist_median_ci_pct(h) <= o->ci_target_pct)
				break;
		}
		if (t1.ns >= deadline_ns)
			break;
	}
	memset(out, 0, sizeof(*out));
	out->warmup_dropped = dropped;
	sp_hist_summarize(h, out);
	sp_debug("devprobe", "qd1: %llu samples in %.3f s, p50 %.1f us, median ci %.2f %%",
		 (unsigned long long)h->total, sp_elapsed_s(begin, sp_now()), out->p50_us,
		 sp_hist_median_ci_pct(h));
	return 0;
}

/* Prepare a read for slot s at a fresh random offset (not yet submitted). */
static void deep_prep(struct probe *p, const struct sp_devprobe_opts *o, uint32_t s)
{
	struct io_uring_sqe *sqe = io_uring_get_sqe(&p->ring);

	/* the ring has at least deep_qd entries and at most deep_qd reads are out */
	io_uring_prep_read(sqe, p->fd, p->bufs + (size_t)s * o->block_bytes, o->block_bytes,
			   sp_devprobe_random_offset(&p->map, &p->rng));
	io_uring_sqe_set_data64(sqe, s);
}

static int deep_submit(struct probe *p, uint32_t n_slots)
{
	struct sp_time t = sp_now();
	int ret;

	for (uint32_t i = 0; i < n_slots; i++)
		p->started[p->free_slots[i]] = t;
	ret = io_uring_submit(&p->ring);
	if (ret < 0)
		return ret;
	p->in_flight += (uint32_t)ret;
	return (uint32_t)ret == n_slots ? 0 : -EIO;
}

/* Reap whatever is in flight, so no read can land in a buffer after it is freed. */
static void deep_drain(struct probe *p)
{
	struct io_uring_cqe *cqe;

	while (p->in_flight && sp_uring_wait(&p->ring, &cqe) == 0) {
		io_uring_cqe_seen(&p->ring, cqe);
		p->in_flight--;
	}
}

static int phase_deep(struct probe *p, const struct sp_devprobe_opts *o, double budget_s,
		      struct sp_device_probe *out)
{
	struct sp_time begin, window = {0}, last = {0};
	uint64_t deadline_ns, completed = 0, dropped = 0;
	struct sp_hist *h = p->hist;
	int stop = 0, err = 0, ret;
	uint32_t n_free;

	sp_hist_init(h);
	for (uint32_t s = 0; s < o->deep_qd; s++) {
		p->free_slots[s] = s;
		deep_prep(p, o, s);
	}
	begin = sp_now();
	deadline_ns = begin.ns + (uint64_t)(budget_s * 1e9);
	if (!o->warmup)
		window = begin;
	ret = deep_submit(p, o->deep_qd);
	if (ret < 0) {
		deep_drain(p);
		return ret;
	}

	while (p->in_flight) {
		struct io_uring_cqe *cqe;
		struct sp_time t;

		ret = sp_uring_wait(&p->ring, &cqe);
		if (ret < 0) {
			/* the ring is unusable; in-flight reads still hold our buffers, so the
			 * caller must not free them: leak rather than corrupt */
			p->bufs = NULL;
			return ret;
		}
		t = sp_now();
		n_free = 0;
		do {
			uint32_t s = (uint32_t)io_uring_cqe_get_data64(cqe);

			ret = check_res(cqe->res, o->block_bytes);
			io_uring_cqe_seen(&p->ring, cqe);
			p->in_flight--;
			if (ret < 0 && !err) {
				err = ret;
				stop = 1;
			}
			completed++;
			last = t;
			if (dropped < o->warmup) {
				if (++dropped == o->warmup)
					window = t;
			} else {
				sp_hist_add(h, sp_elapsed_ns(p->started[s], t));
			}
			p->free_slots[n_free++] = s;
		} while (io_uring_peek_cqe(&p->ring, &cqe) == 0);

		if (!stop &&
		    (sp_interrupted() || t.ns >= deadline_ns || h->total >= o->max_samples)) {
			stop = 1;
			if (sp_interrupted())
				err = -EINTR;
		}
		if (stop)
			continue; /* drain */
		for (uint32_t i = 0; i < n_free; i++)
			deep_prep(p, o, p->free_slots[i]);
		ret = deep_submit(p, n_free);
		if (ret < 0) {
			err = ret;
			stop = 1;
		}
	}
	if (err)
		return err;

	memset(&out->deep, 0, sizeof(out->deep));
	out->deep.warmup_dropped = dropped;
	sp_hist_summarize(h, &out->deep);
	out->deep_qd = o->deep_qd;
	/* completions after the warm-up over the time from the warm-up's end to the last one */
	if (h->total && last.ns > window.ns)
		out->deep_iops = (double)h->total / sp_elapsed_s(window, last);
	sp_debug("devprobe", "deep qd%u: %llu completions, %.0f IOPS, p50 %.1f us", o->deep_qd,
		 (unsigned long long)completed, out->deep_iops, out->deep.p50_us);
	return 0;
}

static int phase_seq(struct probe *p, const struct sp_devprobe_opts *o, double budget_s,
		     struct sp_device_probe *out)
{
	struct sp_devprobe_seq cur = {0};
	struct sp_time begin = sp_now(), end = begin;
	uint64_t deadline_ns = begin.ns + (uint64_t)(budget_s * 1e9);
	uint64_t bytes = 0, off;
	uint32_t len;

	while (bytes < o->seq_max_bytes) {
		struct io_uring_sqe *sqe;
		struct io_uring_cqe *cqe;
		uint64_t max = o->seq_max_bytes - bytes;
		int ret, res;

		if (max > SEQ_CHUNK_BYTES)
			max = SEQ_CHUNK_BYTES;
		if (!sp_devprobe_seq_next(&p->map, &cur, max, &off, &len))
			break;
		if (sp_interrupted())
			return -EINTR;
		sqe = io_uring_get_sqe(&p->ring);
		if (!sqe)
			return -EBUSY;
		io_uring_prep_read(sqe, p->fd, p->seq_buf, len, off);
		ret = io_uring_submit(&p->ring);
		if (ret < 0)
			return ret;
		ret = sp_uring_wait(&p->ring, &cqe);
		if (ret < 0)
			return ret;
		res = cqe->res;
		io_uring_cqe_seen(&p->ring, cqe);
		ret = check_res(res, len);
		if (ret < 0)
			return ret;
		bytes += len;
		end = sp_now();
		if (end.ns >= deadline_ns)
			break;
	}
	out->seq_bytes = bytes;
	if (bytes && end.ns > begin.ns)
		out->seq_mib_s = (double)bytes / (1024.0 * 1024.0) / sp_elapsed_s(begin, end);
	sp_debug("devprobe", "seq: %llu bytes, %.1f MiB/s", (unsigned long long)bytes,
		 out->seq_mib_s);
	return 0;
}

/* A phase's error in words: a short read means the range is not what the caller said. */
static void phase_error(struct sp_err *e, int err, const char *phase, const char *dev)
{
	if (err == -EINTR)
		sp_err_set(e, err, "interrupted");
	else if (err == -EIO)
		sp_err_set(e, err,
			   "%s of '%s': a short read or an I/O error (the range reaches "
			   "past the device, or the device failed)",
			   phase, dev);
	else
		sp_err_sys(e, err, "%s of '%s'", phase, dev);
}

static void probe_release(struct probe *p)
{
	if (p->ring_ok)
		io_uring_queue_exit(&p->ring);
	if (p->fd >= 0)
		close(p->fd);
	free(p->hist);
	free(p->bufs);
	free(p->seq_buf);
	free(p->started);
	free(p->free_slots);
}

int sp_devprobe_run(const char *dev, const struct sp_extent *ext, size_t n_ext,
		    const struct sp_devprobe_opts *o, struct sp_device_probe *out, struct sp_err *e)
{
	struct probe p = {.fd = -1};
	char reason[256];
	uint64_t dev_bytes = 0;
	uint32_t lbs = 512, align;
	int ret;

	memset(out, 0, sizeof(*out));
	if (!o->block_bytes || !o->deep_qd || o->deep_qd > 4096 || !(o->time_s > 0) ||
	    !o->max_samples)
		return sp_err_set(e, -EINVAL, "bad device-probe options");

	/* never O_EXCL: the caller may hold the device exclusively for the whole run */
	p.fd = open(dev, O_RDONLY | O_DIRECT | O_CLOEXEC);
	if (p.fd < 0)
		return sp_err_sys(e, -errno, "cannot open '%s' for O_DIRECT reads", dev);
	ret = sp_blkdev_geometry(p.fd, &dev_bytes, &lbs);
	if (ret < 0) {
		if (ret == -ENOTBLK)
			sp_err_set(e, ret, "'%s' is neither a block device nor a file", dev);
		else
			sp_err_sys(e, ret, "cannot read the size of '%s'", dev);
		goto out;
	}
	ret = sp_devprobe_map_init(&p.map, ext, n_ext, o->block_bytes, lbs, dev_bytes, reason,
				   sizeof(reason));
	if (ret < 0) {
		sp_debug("devprobe", "%s: %s", dev, reason);
		sp_err_set(e, ret, "'%s': %s", dev, reason);
		goto out;
	}
	sp_rng_seed(&p.rng, o->seed);

	align = lbs > 4096 ? lbs : 4096;
	p.hist = malloc(sizeof(*p.hist));
	p.started = calloc(o->deep_qd, sizeof(*p.started));
	p.free_slots = calloc(o->deep_qd, sizeof(*p.free_slots));
	if (!p.hist || !p.started || !p.free_slots ||
	    posix_memalign((void **)&p.bufs, align, (size_t)o->deep_qd * o->block_bytes) ||
	    posix_memalign((void **)&p.seq_buf, align, SEQ_CHUNK_BYTES)) {
		ret = sp_err_sys(e, -ENOMEM, "cannot allocate the read buffers");
		goto out;
	}
	ret = sp_uring_init(&p.ring, o->deep_qd < 8 ? 8 : o->deep_qd);
	if (ret < 0) {
		sp_err_sys(e, ret, "cannot set up an io_uring of %u entries",
			   o->deep_qd < 8 ? 8 : o->deep_qd);
		goto out;
	}
	p.ring_ok = 1;

	sp_debug("devprobe", "%s: %zu runs, %llu blocks of %u, lbs %u, budget %.1f s", dev, p.map.n,
		 (unsigned long long)p.map.total_blocks, o->block_bytes, lbs, o->time_s);
	ret = phase_qd1(&p, o, o->time_s * QD1_SHARE, &out->qd1);
	if (ret < 0) {
		phase_error(e, ret, "random 4 KiB reads at queue depth 1", dev);
		goto out;
	}
	ret = phase_deep(&p, o, o->time_s * DEEP_SHARE, out);
	if (ret < 0) {
		phase_error(e, ret, "random reads at the deep queue depth", dev);
		goto out;
	}
	ret = phase_seq(&p, o, o->time_s * SEQ_SHARE, out);
	if (ret < 0) {
		phase_error(e, ret, "sequential reads", dev);
		goto out;
	}
	out->range_bytes = p.map.range_bytes;
	out->block_bytes = o->block_bytes;
	out->deep_qd = o->deep_qd;
	out->done = 1;
out:
	probe_release(&p);
	return ret;
}
