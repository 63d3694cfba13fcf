/*
 * zswap.h - what the report says about zswap: the share of swap-ins the pool answered and the
 * sentences. Pure, so the report's words unit-test without a kernel. Which zswap placements a
 * run measures is core/plan/zswap_choice.h; the kernel's text (/proc/crypto, /proc/vmstat,
 * the "enabled" parameter) is parsed in core/measure/procparse.h.
 */
#ifndef SP_CORE_ZSWAP_H
#define SP_CORE_ZSWAP_H

#include <stddef.h>

#include "core/model/report.h"

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
