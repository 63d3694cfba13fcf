/*
 * zswap.h - which zswap-<alg> placements a run measures, and what the report says about zswap.
 * Pure: the edge reads the kernel's zswap state and compressor list, this decides and phrases,
 * so the choice of --zswap and the report's sentences unit-test without a kernel.
 */
#ifndef SP_CORE_ZSWAP_H
#define SP_CORE_ZSWAP_H

#include <stddef.h>
#include <stdint.h>

#include "core/model/report.h"

/*
 * The compressors of the zswap placements, from --zswap (opt) and what the kernel offers:
 *   NULL, "" or "default"  the kernel's current zswap compressor alone (current)
 *   "all"                  current first, then every one of offered (the crypto
 *                          compressors the kernel has loaded: sp_parse_crypto_compressors)
 *   "none"                 no zswap placement
 *   "a,b"                  those, in that order, once each (the kernel refuses one it lacks
 *                          when the placement turns it on: that placement fails and says so)
 * have_zswap 0 (no /sys/module/zswap) gives none whatever opt says, except a named list,
 * which is an error: the user asked for something the kernel cannot do.
 * Returns: 0; -EINVAL with a sentence in err for a bad word or a named list without zswap;
 * -ENOSPC when more than max.
 */
int sp_zswap_choose(const char *opt, int have_zswap, const char *current,
		    const char (*offered)[SP_ZSWAP_ALG_MAX], size_t n_offered,
		    char (*out)[SP_ZSWAP_ALG_MAX], size_t max, size_t *n, char *err, size_t errlen);

/*
 * The compressors /proc/crypto lists (its text): the names of entries of type compression,
 * scomp or acomp, in order, once each. zswap takes its compressor from the crypto API; zram's
 * comp_algorithm is no guide (since 6.12 zram has its own lz4 and zstd, which the crypto API
 * may lack: zswap then falls back to its default without an error).
 * Returns: 0, -E2BIG when more than max (the first max are kept).
 */
int sp_parse_crypto_compressors(const char *text, char (*out)[SP_ZSWAP_ALG_MAX], size_t max,
				size_t *n);

/* /proc/vmstat's swap-in and zswap counters; -1 for one the kernel does not have. */
struct sp_zswap_counters {
	int64_t pswpin, zswpin, zswpout;
};

/*
 * Read the counters from /proc/vmstat's text; zswpin and zswpout are absent before 5.19 and
 * without zswap (-1 then). Returns: 0, or -EINVAL when even pswpin is missing.
 */
int sp_zswap_parse_counters(const char *vmstat, struct sp_zswap_counters *c);

/* b - a of one counter; -1 when either is unknown (or it went backwards). */
int64_t sp_zswap_delta(int64_t a, int64_t b);

/* zswap's "enabled" parameter ("Y", "N", "1", "0"): 1, 0, or -EINVAL. */
int sp_zswap_parse_enabled(const char *text);

/*
 * The share of the fault probe's swap-ins zswap's pool answered, in percent: zswpin over
 * zswpin + pswpin over the fault probe. Returns: -1 when unknown (no counters, nothing swapped
 * in).
 */
double sp_zswap_pool_share_pct(const struct sp_zswap_result *z);

/*
 * One sentence about zswap placement i of r ("zswap-lz4 in front of start: p50 swap-in 9 us,
 * 97 % of swap-ins answered from the pool (start alone: 180 us)"), into buf.
 * Returns: 0, or -EINVAL when result i is no zswap placement with a latency.
 */
int sp_zswap_sentence(const struct sp_report *r, size_t i, char *buf, size_t len);

/*
 * The run's sentence about zswap outside its placements ("zswap was on before the run
 * (compressor lzo); it was disabled for every other placement and turned back on after"), into
 * buf. Returns: 0, or -EINVAL when the kernel had no zswap (nothing to say).
 */
int sp_zswap_run_sentence(const struct sp_report *r, char *buf, size_t len);

#endif
