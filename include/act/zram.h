/*
 * zram.h - zram devices swapplace creates for itself: one per compressor, made with
 * /sys/class/zram-control/hot_add and removed again by the undo list.
 *
 * zram devices that already exist (zram0 on most machines) belong to the machine: this module
 * reads them at most, and reset or hot_remove only ever target ids it created in this process.
 */
#ifndef SP_ZRAM_H
#define SP_ZRAM_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/report.h"

#define SP_ZRAM_ALG_MAX 32

/*
 * Parse a comp_algorithm listing such as "[lzo-rle] lzo lz4 zstd\n" (the selected one in
 * brackets) into algs, in order, brackets removed. Pure.
 * Returns: 0 on success, -E2BIG when more than max names (the first max are kept, *n says
 * how many there were), -EINVAL for a name longer than 31 bytes.
 */
int sp_zram_parse_algorithms(const char *text, char algs[][SP_ZRAM_ALG_MAX], size_t max,
			     size_t *n);

/*
 * Parse mm_stat ("orig compr mem_used limit max_used same_pages ...") into c: zram = 1, the
 * sizes, same_pages, and zram_ratio = orig / compr (0 when nothing is stored). Pure.
 * Returns: 0 on success, -EINVAL when fewer than 6 numbers.
 */
int sp_zram_parse_mm_stat(const char *text, struct sp_compression *c);

/*
 * The compressors the kernel's zram offers: read from an existing device's comp_algorithm
 * (read-only), or from a device created and removed for the purpose when none exists.
 * Returns: 0 on success, -ENOENT without zram, other -errno as above.
 */
int sp_zram_algorithms(char algs[][SP_ZRAM_ALG_MAX], size_t max, size_t *n);

/*
 * Create a zram device with compressor alg and disksize bytes; its path ("/dev/zram1") goes
 * into dev. Registers the reset and hot_remove on the undo list (swapoff is sp_swap_on's).
 * e (may be NULL) says which step failed.
 * Returns: 0 on success, -ENOENT without /sys/class/zram-control, -EINVAL for an algorithm
 * the kernel refuses, other -errno.
 */
int sp_zram_create(const char *alg, uint64_t disksize, char *dev, size_t devlen,
		   struct sp_err *e);

/*
 * Reset and remove a device sp_zram_create() made (swap must be off); its undo entry stays
 * and becomes a no-op. Refuses (-EPERM) any device this process did not create.
 */
int sp_zram_destroy(const char *dev);

/* Read dev's mm_stat (dev is "/dev/zramN" or "zramN") into c. Returns: 0 or -errno. */
int sp_zram_stats(const char *dev, struct sp_compression *c);

#endif
