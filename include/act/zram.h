/*
 * zram.h - zram devices swapplace creates for itself: one per compressor measured, or the one
 * advise --apply swaps on where no systemd starts zram-generator's unit, made with
 * /sys/class/zram-control/hot_add and removed again by the undo list (or, from the journal,
 * by `swapplace cleanup` and `advise --undo`).
 *
 * zram devices that already exist (zram0 on most machines) belong to the machine: this module
 * reads them at most, and reset or hot_remove only ever target ids it created in this process.
 */
#ifndef SP_ZRAM_H
#define SP_ZRAM_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/model/report.h"

#define SP_ZRAM_ALG_MAX 32

/*
 * The compressors the kernel's zram offers, in the kernel's order: read from an existing
 * device's comp_algorithm (read-only), or from a device created and removed for the purpose
 * when none exists; parsed by sp_parse_comp_algorithm() (procparse.h).
 * Returns: 0 on success, -ENOENT without zram, -EINVAL for a listing procparse rejects,
 * -E2BIG when more than max names (the first max are kept), other -errno as above.
 */
int sp_zram_algorithms(char algs[][SP_ZRAM_ALG_MAX], size_t max, size_t *n);

/*
 * The compressor this machine's zram uses: the bracketed one of its first device, or of a
 * device created and removed for the purpose when none exists (a new device's default).
 * Returns: 0, -ENOENT without zram, -EINVAL when the listing has no current one, other -errno.
 */
int sp_zram_default_algorithm(char *alg, size_t len);

/*
 * The kernel's own default compressor (CONFIG_ZRAM_DEF_COMP): a new device's, added for the
 * look and removed. Not always an existing device's: a reset keeps the compressor the device
 * last had (seen on Debian's 6.1). Returns: 0, -ENOENT without zram, other -errno.
 */
int sp_zram_kernel_default_algorithm(char *alg, size_t len);

/*
 * Create a zram device with compressor alg and disksize bytes; its path ("/dev/zram1") goes
 * into dev. Registers the reset and hot_remove on the undo list (swapoff is sp_swap_on's).
 * e (may be NULL) says which step failed.
 * Returns: 0 on success, -ENOENT without /sys/class/zram-control, -EINVAL for an algorithm
 * the kernel refuses, -EINTR when sp_interrupted() while waiting for the node, other -errno.
 */
int sp_zram_create(const char *alg, uint64_t disksize, char *dev, size_t devlen, struct sp_err *e);

/*
 * A zram swap area, as measure's zram placement and advise --apply make one: sp_zram_create()
 * (alg, disksize), sp_mkswap() with label, sp_swap_on() at prio. Each step is journaled and
 * its inverse on the undo list (swapoff, then reset + hot_remove of the device made here).
 * dev gets the device's path once it exists, also when a later step fails (its undo entries
 * are then the caller's to run). Returns: 0, or the failing step's -errno with e saying which.
 */
int sp_zram_swap_on(const char *alg, uint64_t disksize, const char *label, int prio, char *dev,
		    size_t devlen, struct sp_err *e);

/*
 * Read dev's mm_stat (dev is "/dev/zramN" or "zramN"; parsed by sp_parse_mm_stat()) into c:
 * zram = 1, the sizes, same_pages, and zram_ratio = orig / compr (0 when nothing is stored).
 * c is written only on success. Returns: 0, -EINVAL for mm_stat procparse rejects, or -errno.
 */
int sp_zram_stats(const char *dev, struct sp_compression *c);

#endif
