/*
 * zswap_choice.h - which zswap-<alg> placements a run measures: --zswap's word against the
 * kernel's current compressor and the ones it offers. Pure: the edge reads the kernel's zswap
 * state and compressor list, this decides, so the choice unit-tests without a kernel.
 */
#ifndef SP_ZSWAP_CHOICE_H
#define SP_ZSWAP_CHOICE_H

#include <stddef.h>

#include "core/err.h"
#include "core/model/report.h"

/*
 * The compressors of the zswap placements, from --zswap (opt) and what the kernel offers:
 *   NULL, "" or "default"  the kernel's current zswap compressor alone (current)
 *   "all"                  current first, then every one of offered (the crypto
 *                          compressors the kernel has loaded: sp_parse_crypto_compressors,
 * core/measure/procparse.h) "none"                 no zswap placement "a,b"                  those,
 * in that order, once each (the kernel refuses one it lacks when the placement turns it on: that
 * placement fails and says so) have_zswap 0 (no /sys/module/zswap) gives none whatever opt says,
 * except a named list, which is an error: the user asked for something the kernel cannot do.
 * Returns: 0; -EINVAL with a sentence in e (may be NULL) for a bad word or a named list without
 * zswap; -ENOSPC when more than max.
 */
int sp_zswap_choose(const char *opt, int have_zswap, const char *current,
		    const char (*offered)[SP_ZSWAP_ALG_MAX], size_t n_offered,
		    char (*out)[SP_ZSWAP_ALG_MAX], size_t max, size_t *n, struct sp_err *e);

/* A compressor's name as the kernel spells them (lzo-rle, lz4hc, 842, zstd): 1 or 0. */
int sp_zswap_alg_name_ok(const char *w, size_t len);

/* Append name (len bytes) to out[0..*n) unless it is there already. Returns: 0 or -ENOSPC. */
int sp_zswap_alg_add(char (*out)[SP_ZSWAP_ALG_MAX], size_t max, size_t *n, const char *name,
		     size_t len);

#endif
