/*
 * zswap.c - zswap's parameters with their undo, its counters and its pool (see zswap.h).
 *
 * The parameters are module parameters, written like any sysfs attribute in one write. The
 * restore entries hold the value read before the change, so unwinding in reverse (enabled back
 * first, then the compressor) leaves zswap exactly as it was found.
 */
#include "act/zswap.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "act/journal.h"
#include "act/undo.h"
#include "core/measure/procparse.h"
#include "sys/log.h"
#include "sys/sysfs.h"
#include "sys/vmstat.h"

#define PARAMS "/sys/module/zswap/parameters"
#define P_ENABLED PARAMS "/enabled"
#define P_COMPRESSOR PARAMS "/compressor"
#define POOL_DEBUGFS "/sys/kernel/debug/zswap/pool_total_size"

int sp_zswap_read(struct sp_zswap_state *st)
{
	char buf[64];
	ssize_t n;
	int on;

	memset(st, 0, sizeof(*st));
	if (!sp_root_exists(NULL, PARAMS))
		return 0;
	n = sp_read_value(NULL, P_ENABLED, buf, sizeof(buf));
	if (n < 0)
		return (int)n;
	on = sp_zswap_parse_enabled(buf);
	if (on < 0)
		return on;
	n = sp_read_value(NULL, P_COMPRESSOR, st->compressor, sizeof(st->compressor));
	if (n < 0)
		return (int)n;
	st->present = 1;
	st->enabled = on;
	return 0;
}

struct param_restore {
	char path[64];
	char value[SP_ZSWAP_ALG_MAX];
};

static int undo_param(void *p)
{
	struct param_restore *r = p;

	sp_debug("zswap", "restore %s = %s", r->path, r->value);
	return sp_write_text(r->path, r->value);
}

/* Write value to path after registering its old value's return; equal values: nothing. */
static int set_param(const char *path, const char *value, int (*same)(const char *, const char *))
{
	struct param_restore r;
	unsigned seq;
	ssize_t n;
	int ret;

	memset(&r, 0, sizeof(r));
	if (!sp_root_exists(NULL, PARAMS))
		return -ENOENT;
	snprintf(r.path, sizeof(r.path), "%s", path);
	n = sp_read_value(NULL, path, r.value, sizeof(r.value));
	if (n < 0)
		return (int)n;
	if (same(r.value, value))
		return 0;
	/* registered first: a write that fails half-way still gets the old value back */
	ret = sp_journal_record(&seq, SP_J_ZSWAP, path, r.value, value);
	if (ret < 0)
		return ret;
	ret = sp_undo_push_journaled(seq, "zswap parameter restore", undo_param, &r, sizeof(r));
	if (ret < 0) {
		sp_journal_undone(seq); /* not written: nothing to undo */
		return ret;
	}
	ret = sp_write_text(path, value);
	sp_debug("zswap", "%s = %s (was %s) -> %d", path, value, r.value, ret);
	return ret;
}

static int same_text(const char *a, const char *b)
{
	return !strcmp(a, b);
}

static int same_bool(const char *a, const char *b)
{
	return sp_zswap_parse_enabled(a) == sp_zswap_parse_enabled(b);
}

int sp_zswap_set_enabled(int on)
{
	return set_param(P_ENABLED, on ? "Y" : "N", same_bool);
}

int sp_zswap_set_compressor(const char *alg)
{
	if (!alg || !*alg || strlen(alg) >= SP_ZSWAP_ALG_MAX)
		return -EINVAL;
	return set_param(P_COMPRESSOR, alg, same_text);
}

int sp_zswap_offered(char (*algs)[SP_ZSWAP_ALG_MAX], size_t max, size_t *n)
{
	char *text = NULL;
	int ret = sp_read_all(NULL, "/proc/crypto", &text);

	*n = 0;
	if (ret < 0)
		return ret;
	ret = sp_parse_crypto_compressors(text, algs, max, n);
	free(text);
	return ret == -E2BIG ? 0 : ret;
}

int sp_zswap_counters_read(struct sp_zswap_counters *c)
{
	char text[SP_VMSTAT_BUF];
	ssize_t n = sp_vmstat_read(text, sizeof(text));

	return n < 0 ? (int)n : sp_zswap_parse_counters(text, c);
}

int64_t sp_zswap_pool_bytes(void)
{
	char buf[8192];
	uint64_t v;

	if (sp_read_u64(NULL, POOL_DEBUGFS, &v) == 0)
		return (int64_t)v;
	if (sp_read_text(NULL, "/proc/meminfo", buf, sizeof(buf)) >= 0 &&
	    sp_parse_meminfo_bytes(buf, "Zswap", &v) == 0)
		return (int64_t)v;
	return -1;
}

int sp_zswap_off_for_run(struct sp_zswap_run *out)
{
	struct sp_zswap_state st;
	int ret;

	memset(out, 0, sizeof(*out));
	ret = sp_zswap_read(&st);
	if (ret < 0 || !st.present)
		return ret;
	out->done = 1;
	out->enabled_before = st.enabled;
	snprintf(out->compressor_before, sizeof(out->compressor_before), "%s", st.compressor);
	ret = sp_zswap_set_enabled(0);
	if (ret < 0)
		return ret;
	out->disabled = st.enabled;
	return 0;
}

struct sp_zswap_watch {
	pthread_t thread;
	atomic_int stop;
	int64_t max_bytes;
};

#define WATCH_MS 50

static void *watch_loop(void *arg)
{
	struct sp_zswap_watch *w = arg;

	while (!atomic_load(&w->stop)) {
		int64_t b = sp_zswap_pool_bytes();

		if (b > w->max_bytes)
			w->max_bytes = b;
		/* a plain sleep: the thread ends when told, a signal only shortens one nap */
		sp_sleep_ms(WATCH_MS);
	}
	return NULL;
}

int sp_zswap_watch_start(struct sp_zswap_watch **wp)
{
	struct sp_zswap_watch *w = calloc(1, sizeof(*w));
	int ret;

	*wp = NULL;
	if (!w)
		return -ENOMEM;
	w->max_bytes = sp_zswap_pool_bytes();
	ret = pthread_create(&w->thread, NULL, watch_loop, w);
	if (ret) {
		free(w);
		return -ret;
	}
	*wp = w;
	return 0;
}

int64_t sp_zswap_watch_stop(struct sp_zswap_watch *w)
{
	int64_t max;

	if (!w)
		return -1;
	atomic_store(&w->stop, 1);
	pthread_join(w->thread, NULL);
	max = w->max_bytes;
	free(w);
	return max;
}
