/*
 * compress.c - per-page zstd ratio of a buffer (see compress.h for why per page).
 */
#include "core/measure/compress.h"

#include <errno.h>
#include <stdlib.h>
#include <zstd.h>

#include "core/config/u128.h"

int sp_zstd_page_ratio(const void *buf, size_t len, size_t page_size, size_t max_pages,
		       double *ratio)
{
	const unsigned char *p = buf;
	size_t n_pages, n, cap, i;
	double orig = 0, comp = 0;
	ZSTD_CCtx *cctx;
	void *out;
	int ret = 0;

	if (!buf || !page_size || len < page_size || !ratio)
		return -EINVAL;
	n_pages = len / page_size;
	n = (max_pages && max_pages < n_pages) ? max_pages : n_pages;
	cap = ZSTD_compressBound(page_size);
	out = malloc(cap);
	cctx = ZSTD_createCCtx();
	if (!out || !cctx) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < n; i++) {
		/* evenly spread: page floor(i * n_pages / n) */
		size_t pg = (size_t)sp_u128_div64(sp_u128_mul(i, n_pages), n);
		size_t c =
		    ZSTD_compressCCtx(cctx, out, cap, p + pg * page_size, page_size, SP_ZSTD_LEVEL);

		if (ZSTD_isError(c)) {
			ret = -EIO;
			goto out;
		}
		orig += (double)page_size;
		comp += (double)c;
	}
	*ratio = orig / comp;
out:
	ZSTD_freeCCtx(cctx);
	free(out);
	return ret;
}
