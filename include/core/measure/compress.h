/*
 * compress.h - how compressible the fault probe's data really is, measured with libzstd the
 * way zram sees it: one page at a time (zram compresses every page on its own, so a ratio over
 * the whole buffer would flatter the data).
 */
#ifndef SP_COMPRESS_H
#define SP_COMPRESS_H

#include <stddef.h>

/* zstd level used: 3, zstd's and the kernel zram zstd backend's default level. */
#define SP_ZSTD_LEVEL 3

/*
 * Compress up to max_pages pages of buf (len bytes, pages of page_size; a partial last page is
 * ignored), sampled evenly over the buffer, each page on its own with ZSTD_compressCCtx at
 * SP_ZSTD_LEVEL, and store sum(original) / sum(compressed) in *ratio. max_pages 0 means all.
 * Allocates one zstd context (freed before returning): never call it inside a timed loop.
 * Returns: 0 on success, -EINVAL for an empty buffer or zero page size, -ENOMEM, -EIO when
 * zstd reports an error.
 */
int sp_zstd_page_ratio(const void *buf, size_t len, size_t page_size, size_t max_pages,
		       double *ratio);

#endif
