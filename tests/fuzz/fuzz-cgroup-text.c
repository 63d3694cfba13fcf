/*
 * fuzz-cgroup-text.c - the cgroup text parsers that live beside their effects in
 * act/memcg.c: one value or "max" (memory.max, memory.swap.current), cgroup.procs' pids, and a
 * word of cgroup.controllers. memcg.c is linked alone; every machine-touching function it
 * calls is replaced below by one that aborts, so the parsers are proved pure too.
 *
 * Invariants: parse_value returns 0 or -EINVAL, and a value it reads prints back and reads
 * again the same; parse_pids counts pids beyond max without storing them, and every stored
 * one is positive; has_controller answers 0 or 1, and finds a controller appended as a word.
 */
#include <errno.h>
#include <inttypes.h>
#include <sys/types.h>

#include "act/caps.h"
#include "act/memcg.h"
#include "act/journal.h"
#include "act/undo.h"
#include "fuzz.h"
#include "sys/log.h"
#include "sys/sysfs.h"

#define NEVER(...) FUZZ_CHECK(0, "a parser reached an effect: %s", __func__)

void sp_box_add_pid(const struct sp_memcg *cg, pid_t pid)
{
	(void)cg;
	(void)pid;
	NEVER();
}
void sp_box_attach(const struct sp_memcg *cg)
{
	(void)cg;
	NEVER();
}
void sp_box_detach(const struct sp_memcg *cg)
{
	(void)cg;
	NEVER();
}
void sp_box_limit_set(const struct sp_memcg *cg, uint64_t b)
{
	(void)cg;
	(void)b;
	NEVER();
}
void sp_box_prepare(const char *base, int version)
{
	(void)base;
	(void)version;
	NEVER();
}
void sp_debug(const char *subsys, const char *fmt, ...)
{
	(void)subsys;
	(void)fmt;
	NEVER();
}
int sp_path_join(const char *d, const char *n, char *o, size_t l)
{
	(void)d;
	(void)n;
	(void)o;
	(void)l;
	NEVER();
	return -1;
}
ssize_t sp_read_text(const char *r, const char *p, char *b, size_t l)
{
	(void)r;
	(void)p;
	(void)b;
	(void)l;
	NEVER();
	return -1;
}
int sp_root_exists(const char *r, const char *p)
{
	(void)r;
	(void)p;
	NEVER();
	return -1;
}
int sp_sleep_ms(unsigned int ms)
{
	(void)ms;
	NEVER();
	return -1;
}
int sp_undo_push(const char *w, sp_undo_fn fn, const void *a, size_t s)
{
	(void)w;
	(void)fn;
	(void)a;
	(void)s;
	NEVER();
	return -1;
}
int sp_undo_push_journaled(unsigned j, const char *w, sp_undo_fn fn, const void *a, size_t s)
{
	(void)j;
	(void)w;
	(void)fn;
	(void)a;
	(void)s;
	NEVER();
	return -1;
}
int sp_journal_record(unsigned *seq, enum sp_jkind kind, const char *a, const char *b,
		      const char *c)
{
	(void)seq;
	(void)kind;
	(void)a;
	(void)b;
	(void)c;
	NEVER();
	return -1;
}
void sp_journal_undone(unsigned seq)
{
	(void)seq;
	NEVER();
}
int sp_write_text(const char *p, const char *t)
{
	(void)p;
	(void)t;
	NEVER();
	return -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size), buf[32], *both;
	pid_t pids[4];
	uint64_t v, w;
	size_t n;
	int ret;

	ret = sp_memcg_parse_value(text, &v);
	FUZZ_CHECK(ret == 0 || ret == -EINVAL, "value: %d", ret);
	if (ret == 0 && v != UINT64_MAX) {
		snprintf(buf, sizeof(buf), "%" PRIu64 "\n", v);
		FUZZ_CHECK(sp_memcg_parse_value(buf, &w) == 0 && w == v, "value %s", buf);
	}

	memset(pids, 0, sizeof(pids));
	n = sp_memcg_parse_pids(text, pids, 4);
	for (size_t i = 0; i < n && i < 4; i++)
		FUZZ_CHECK(pids[i] > 0, "pid %zu is %d", i, (int)pids[i]);
	FUZZ_CHECK(sp_memcg_parse_pids(text, pids, 0) == n, "count depends on max");

	ret = sp_memcg_has_controller(text, "memory");
	FUZZ_CHECK(ret == 0 || ret == 1, "controller: %d", ret);
	both = malloc(size + 8);
	if (!both)
		abort();
	snprintf(both, size + 8, "%s memory", text);
	FUZZ_CHECK(sp_memcg_has_controller(both, "memory") == 1, "appended 'memory' not found");
	free(both);
	free(text);
	return 0;
}
