/*
 * hddmodel.c - the spinning-disk timing model (hddmodel.h says what it models and why this
 * shape). Pure: arithmetic on the parameters and a splitmix64 stream for the platter's
 * rotational position, so a seed fixes every delay the server will impose.
 */
#include "hddmodel.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void hdd_params_default(struct hdd_params *p)
{
	/* a 7200 rpm desktop disk: 1 ms track-to-track, 18 ms full stroke, 200 -> 100 MB/s */
	*p = (struct hdd_params){
	    .size_bytes = 8ull << 30,
	    .rpm = 7200,
	    .t2t_ms = 1.0,
	    .full_ms = 18.0,
	    .outer_mb_s = 200,
	    .inner_mb_s = 100,
	    .buffer_bytes = 256 << 10,
	    .seed = 1,
	};
}

int hdd_params_check(const struct hdd_params *p, const char **why)
{
	const char *w = NULL;

	if (p->size_bytes < 4096)
		w = "size must be at least 4096 bytes";
	else if (!(p->rpm >= 1 && p->rpm <= 100000))
		w = "rpm must be in [1, 100000]";
	else if (!(p->t2t_ms >= 0))
		w = "t2t-ms must be >= 0";
	else if (!(p->full_ms >= p->t2t_ms))
		w = "full-ms must be >= t2t-ms";
	else if (!(p->inner_mb_s > 0))
		w = "inner-mbs must be > 0";
	else if (!(p->outer_mb_s >= p->inner_mb_s))
		w = "outer-mbs must be >= inner-mbs (the outer tracks are the fast ones)";
	else if (!(isfinite(p->full_ms) && isfinite(p->outer_mb_s)))
		w = "full-ms and outer-mbs must be finite";
	if (why)
		*why = w;
	return w ? -EINVAL : 0;
}

int hdd_parse_size(const char *s, uint64_t *bytes)
{
	char *end;
	unsigned long long v;
	int shift = 0;

	if (!s || *s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return -EINVAL;
	switch (*end) {
	case '\0':
		break;
	case 'K':
	case 'k':
		shift = 10;
		end++;
		break;
	case 'M':
	case 'm':
		shift = 20;
		end++;
		break;
	case 'G':
	case 'g':
		shift = 30;
		end++;
		break;
	case 'T':
	case 't':
		shift = 40;
		end++;
		break;
	default:
		return -EINVAL;
	}
	if (*end || (shift && v > (~0ull >> shift)))
		return -EINVAL;
	*bytes = (uint64_t)v << shift;
	return 0;
}

/* *v is written only on success: a bad value leaves the parameter as it was */
static int parse_double(const char *s, double *v)
{
	char *end;
	double x;

	if (!s || !*s)
		return -EINVAL;
	errno = 0;
	x = strtod(s, &end);
	if (errno || *end || !isfinite(x))
		return -EINVAL;
	*v = x;
	return 0;
}

int hdd_params_set(struct hdd_params *p, const char *name, const char *value)
{
	if (!strcmp(name, "size"))
		return hdd_parse_size(value, &p->size_bytes);
	if (!strcmp(name, "buffer"))
		return hdd_parse_size(value, &p->buffer_bytes);
	if (!strcmp(name, "seed")) {
		char *end;
		unsigned long long v;

		if (!value || *value < '0' || *value > '9')
			return -EINVAL;
		errno = 0;
		v = strtoull(value, &end, 0);
		if (errno || *end)
			return -EINVAL;
		p->seed = v;
		return 0;
	}
	if (!strcmp(name, "rpm"))
		return parse_double(value, &p->rpm);
	if (!strcmp(name, "t2t-ms"))
		return parse_double(value, &p->t2t_ms);
	if (!strcmp(name, "full-ms"))
		return parse_double(value, &p->full_ms);
	if (!strcmp(name, "outer-mbs"))
		return parse_double(value, &p->outer_mb_s);
	if (!strcmp(name, "inner-mbs"))
		return parse_double(value, &p->inner_mb_s);
	return -ENOENT;
}

static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* uniform in [0, 1) with 53 random bits */
static double uniform01(uint64_t *state)
{
	return (double)(splitmix64(state) >> 11) * 0x1.0p-53;
}

void hdd_model_init(struct hdd_model *m, const struct hdd_params *p)
{
	m->p = *p;
	m->rng = p->seed;
	m->head = 0; /* heads park at the outer edge */
	m->streaming = 0;
	m->rot_expected = 0;
}

double hdd_seek_us(const struct hdd_params *p, uint64_t distance_bytes)
{
	double x;

	if (distance_bytes == 0)
		return 0;
	x = distance_bytes >= p->size_bytes ? 1.0 : (double)distance_bytes / p->size_bytes;
	return 1000.0 * (p->t2t_ms + (p->full_ms - p->t2t_ms) * sqrt(x));
}

double hdd_rotation_period_us(const struct hdd_params *p)
{
	return 60e6 / p->rpm;
}

double hdd_rate_bytes_s(const struct hdd_params *p, uint64_t offset)
{
	/* the last LBA is size - 1; it gets exactly the inner rate */
	double x = p->size_bytes > 1 ? (double)offset / (p->size_bytes - 1) : 0;

	if (x > 1)
		x = 1;
	return 1e6 * (p->outer_mb_s - (p->outer_mb_s - p->inner_mb_s) * x);
}

double hdd_xfer_us(const struct hdd_params *p, uint64_t offset, uint64_t len)
{
	if (len == 0)
		return 0;
	return 1e6 * (double)len / hdd_rate_bytes_s(p, offset + len / 2);
}

int hdd_model_request(struct hdd_model *m, enum hdd_op op, uint64_t offset, uint64_t len,
		      struct hdd_cost *c)
{
	const struct hdd_params *p = &m->p;

	memset(c, 0, sizeof(*c));
	if (offset > p->size_bytes || len > p->size_bytes - offset)
		return -EINVAL;
	if (op == HDD_FLUSH || op == HDD_TRIM)
		return 0;
	if (len == 0)
		return 0;
	if (m->streaming && offset >= m->head && offset - m->head < p->buffer_bytes) {
		c->continuation = 1;
		c->xfer_us = hdd_xfer_us(p, m->head, offset + len - m->head);
	} else {
		uint64_t d = offset > m->head ? offset - m->head : m->head - offset;

		c->seek_us = hdd_seek_us(p, d);
		c->rot_us = m->rot_expected ? hdd_rotation_period_us(p) / 2
					    : uniform01(&m->rng) * hdd_rotation_period_us(p);
		c->xfer_us = hdd_xfer_us(p, offset, len);
	}
	c->total_us = c->seek_us + c->rot_us + c->xfer_us;
	m->head = offset + len;
	m->streaming = 1;
	return 0;
}

/* mean over x uniform in [a, b) of 1e6 / rate(x): the µs one byte takes there */
static double mean_us_per_byte(const struct hdd_params *p, double a, double b)
{
	double ra = hdd_rate_bytes_s(p, (uint64_t)a), rb = hdd_rate_bytes_s(p, (uint64_t)b);

	/* rate is linear in x, so the mean of 1/rate is ln(ra/rb) / (ra - rb) */
	if (ra - rb < 1e-9 * ra)
		return 1e6 / ra;
	return 1e6 * log(ra / rb) / (ra - rb);
}

double hdd_expect_random_us(const struct hdd_params *p, uint64_t a, uint64_t b,
			    uint64_t block_bytes)
{
	double n, nb, k, L, seek, miss, hits, hit_blocks, p_hit, us_per_byte, hit;

	if (block_bytes == 0 || b <= a || b > p->size_bytes || b - a < block_bytes)
		return -1;
	n = floor((double)(b - a) / block_bytes); /* block positions in the range */
	L = n * block_bytes;
	us_per_byte = mean_us_per_byte(p, a, a + L);
	/*
	 * Seek between two uniform points of a range of length L: the distance has density
	 * 2(L - d)/L^2, so E[sqrt d] = (8/15) sqrt L and E[seek] = t2t + (full - t2t) (8/15)
	 * sqrt(L / size). (The head sits at the end of the previous block, one block past its
	 * start: a shift the uniform approximation ignores.)
	 */
	seek = 1000.0 *
	       (p->t2t_ms + (p->full_ms - p->t2t_ms) * (8.0 / 15.0) * sqrt(L / p->size_bytes));
	miss = seek + hdd_rotation_period_us(p) / 2 + block_bytes * us_per_byte;
	/*
	 * Continuations: after a read of block i the next one j is served from the buffer when
	 * 0 <= j - i - 1 < nb, nb = ceil(buffer / block). Over the n^2 equally likely (i, j),
	 * with k = n - 1 - i blocks after i, min(nb, k) of them hit, and the g-th (g from 0)
	 * costs the transfer of (g + 1) blocks. Summed in closed form.
	 */
	nb = ceil((double)p->buffer_bytes / block_bytes);
	k = nb < n ? nb : n;
	hits = k * (k - 1) / 2 + (n - k) * nb;
	hit_blocks = (k - 1) * k * (k + 1) / 6 + (n - k) * nb * (nb + 1) / 2;
	p_hit = hits / (n * n);
	hit = hits > 0 ? hit_blocks / hits * block_bytes * us_per_byte : 0;
	return (1 - p_hit) * miss + p_hit * hit;
}

double hdd_expect_seq_bytes_s(const struct hdd_params *p, uint64_t offset)
{
	return hdd_rate_bytes_s(p, offset);
}
