/*
 * zswap.h - zswap's switch and compressor (/sys/module/zswap/parameters), each change with its
 * undo, and what zswap holds: its counters and the size of its compressed pool.
 *
 * A run turns zswap off for its whole length (so it never answers for a disk placement) and
 * on, with one compressor, for each zswap-<alg> placement; the undo list puts back what the
 * machine had, on every exit path.
 */
#ifndef SP_ACT_ZSWAP_H
#define SP_ACT_ZSWAP_H

#include <stdint.h>

#include "core/measure/procparse.h"
#include "core/model/report.h"

struct sp_zswap_state {
	int present; /* the kernel has zswap (/sys/module/zswap/parameters) */
	int enabled; /* 1, 0 */
	char compressor[SP_ZSWAP_ALG_MAX];
};

/* Read zswap's state. Returns: 0 (present 0 without zswap), or -errno on a read error. */
int sp_zswap_read(struct sp_zswap_state *st);

/*
 * Turn zswap on or off, after registering the return to its present value on the undo list.
 * The value it has already changes nothing and registers nothing.
 * Returns: 0, -ENOENT without zswap, or -errno from the write.
 */
int sp_zswap_set_enabled(int on);

/*
 * Give zswap compressor alg, with the old one's return on the undo list (same rule).
 * Returns: 0, -ENOENT without zswap, -EINVAL for a name too long, or -errno from the write
 * (the kernel refuses a compressor it has no crypto driver for: -ENOENT or -EINVAL). Before
 * zswap's first use the kernel only stores the name, and on turning zswap on falls back to its
 * default: the caller reads the compressor back once zswap is on (sp_zswap_read).
 */
int sp_zswap_set_compressor(const char *alg);

/*
 * The compressors zswap can take: the crypto compressors /proc/crypto lists
 * (core/measure/procparse.h). Returns: 0 or -errno.
 */
int sp_zswap_offered(char (*algs)[SP_ZSWAP_ALG_MAX], size_t max, size_t *n);

/* /proc/vmstat's counters now (core/measure/procparse.h). Returns: 0 or -errno. */
int sp_zswap_counters_read(struct sp_zswap_counters *c);

/*
 * The compressed pool's size now: debugfs's zswap/pool_total_size where mounted and readable,
 * else /proc/meminfo's Zswap line. Returns: bytes, or -1 when neither can be read.
 */
int64_t sp_zswap_pool_bytes(void);

/*
 * For the run: read the state into out (done = present) and turn zswap off with its undo.
 * out->disabled says it was on and is now off.
 * Returns: 0 (also without zswap), or -errno when it could not be turned off.
 */
int sp_zswap_off_for_run(struct sp_zswap_run *out);

/*
 * A watcher of the pool's size: a thread that samples it every 50 ms and keeps the largest.
 * Returns: 0 or -errno (start); stop returns the largest size seen, or -1 when unreadable.
 */
struct sp_zswap_watch;
int sp_zswap_watch_start(struct sp_zswap_watch **w);
int64_t sp_zswap_watch_stop(struct sp_zswap_watch *w);

#endif
