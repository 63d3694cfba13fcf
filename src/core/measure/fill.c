/*
 * fill.c - the chunks and the data of writing a range once before it is read (see fill.h).
 */
#include "core/measure/fill.h"

#include <errno.h>
#include <string.h>

int sp_fill_plan_init(struct sp_fill_plan *f, uint64_t disk_off_bytes, uint64_t bytes,
		      uint32_t chunk_bytes, uint32_t lbs)
{
	memset(f, 0, sizeof(*f));
	if (!lbs || (lbs & (lbs - 1)) || !chunk_bytes || chunk_bytes % lbs ||
	    disk_off_bytes % lbs || bytes % lbs)
		return -EINVAL;
	f->disk_off_bytes = disk_off_bytes;
	f->bytes = bytes;
	f->chunk_bytes = chunk_bytes;
	f->lbs = lbs;
	return 0;
}

int sp_fill_plan_next(struct sp_fill_plan *f, uint64_t *off, uint32_t *len)
{
	uint64_t at, to_boundary, left;

	if (f->done >= f->bytes || !f->chunk_bytes)
		return 0;
	at = f->disk_off_bytes + f->done;
	to_boundary = f->chunk_bytes - at % f->chunk_bytes;
	left = f->bytes - f->done;
	*off = f->done;
	*len = (uint32_t)(left < to_boundary ? left : to_boundary);
	f->done += *len;
	return 1;
}

void sp_fill_data(struct sp_rng *r, void *buf, size_t len)
{
	unsigned char *p = buf;

	for (size_t i = 0; i + 8 <= len; i += 8) {
		uint64_t v = sp_rng_next(r);

		memcpy(p + i, &v, 8);
	}
}
