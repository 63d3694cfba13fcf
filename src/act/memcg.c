/*
 * memcg.c - memory cgroups for the probes' workloads, on cgroup v2 and on cgroup v1.
 *
 * Every cgroup is created as <base>/swapplace-<name>-<pid> so a leftover is recognisable and
 * attributable, and its removal (kill the tasks, wait until empty, rmdir) is on the undo list
 * from the moment mkdir succeeds. The text is parsed in core/measure/procparse (so the unit
 * tests and the fuzzer feed it captured text: one value, cgroup.procs, controller lists, and the
 * "key N" files such as memory.events, memory.oom_control and memory.stat through
 * sp_parse_vmstat, the same lines as /proc/vmstat), and sp_memcg_create_in()/sp_memcg_open() take a
 * base path so the file handling of either version can be exercised against a scratch directory
 * posing as a cgroup.
 */
#include "act/memcg.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "act/caps.h"
#include "act/journal.h"
#include "act/sysctl.h"
#include "act/undo.h"
#include "core/measure/procparse.h"
#include "sys/log.h"
#include "sys/sysfs.h"

#define V1_BASE "/sys/fs/cgroup/memory"
#define DESTROY_WAIT_MS 5000

/* ---- file helpers ---- */

/*
 * Reads and writes go through sysfs.h: one write() per value there, because cgroupfs reports
 * a rejected value as the write's error.
 */

static int cg_file(const struct sp_memcg *cg, const char *file, char *out, size_t len)
{
	return sp_path_join(cg->path, file, out, len);
}

static int cg_write(const struct sp_memcg *cg, const char *file, const char *text)
{
	char p[640];
	int ret = cg_file(cg, file, p, sizeof(p));

	if (ret)
		return ret;
	ret = sp_write_text(p, text);
	sp_debug("memcg", "write %s '%s' -> %d", p, text, ret);
	return ret;
}

static int cg_write_u64(const struct sp_memcg *cg, const char *file, uint64_t v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%" PRIu64, v);
	return cg_write(cg, file, buf);
}

/* Read the cgroup's file into buf. Returns: 0, or -errno. */
static int cg_read(const struct sp_memcg *cg, const char *file, char *buf, size_t len)
{
	char p[640];
	ssize_t n;
	int ret = cg_file(cg, file, p, sizeof(p));

	if (ret)
		return ret;
	n = sp_read_text(NULL, p, buf, len);
	return n < 0 ? (int)n : 0;
}

static int cg_read_value(const struct sp_memcg *cg, const char *file, uint64_t *v)
{
	char buf[64];
	int ret = cg_read(cg, file, buf, sizeof(buf));

	return ret ? ret : sp_parse_cgroup_value(buf, v);
}

static int cg_read_keyed(const struct sp_memcg *cg, const char *file, const char *key, uint64_t *v)
{
	char buf[8192];
	int ret = cg_read(cg, file, buf, sizeof(buf));

	return ret ? ret : sp_parse_vmstat(buf, key, v);
}

static int cg_exists(const struct sp_memcg *cg, const char *file)
{
	char p[640];

	if (cg_file(cg, file, p, sizeof(p)))
		return 0;
	return sp_root_exists(NULL, p);
}

/* ---- detection and lifetime ---- */

static int v2_has_memory(const char *dir)
{
	char p[600], buf[512];

	if (sp_path_join(dir, "cgroup.controllers", p, sizeof(p)) ||
	    sp_read_text(NULL, p, buf, sizeof(buf)) < 0)
		return 0;
	return sp_parse_cgroup_has_controller(buf, "memory");
}

int sp_memcg_detect(char *base, size_t base_len)
{
	static const char *const v2[] = {"/sys/fs/cgroup", "/sys/fs/cgroup/unified"};

	for (size_t i = 0; i < sizeof(v2) / sizeof(v2[0]); i++) {
		if (v2_has_memory(v2[i])) {
			snprintf(base, base_len, "%s", v2[i]);
			return 2;
		}
	}
	if (sp_root_exists(NULL, V1_BASE "/memory.limit_in_bytes")) {
		snprintf(base, base_len, "%s", V1_BASE);
		return 1;
	}
	return -ENOENT;
}

int sp_memcg_open(const char *path, int version, struct sp_memcg *cg)
{
	int n;

	if (version != 1 && version != 2)
		return -EINVAL;
	n = snprintf(cg->path, sizeof(cg->path), "%s", path);
	if (n < 0 || (size_t)n >= sizeof(cg->path))
		return -ENAMETOOLONG;
	cg->version = version;
	return 0;
}

/* What the undo list keeps (struct sp_memcg itself would not fit an undo slot). */
struct memcg_undo {
	int version;
	char path[500];
};

static int undo_destroy(void *arg)
{
	const struct memcg_undo *u = arg;
	struct sp_memcg cg;

	if (sp_memcg_open(u->path, u->version, &cg))
		return -ENAMETOOLONG;
	return sp_memcg_destroy(&cg);
}

static int undo_subtree(void *arg)
{
	const struct memcg_undo *u = arg;

	return sp_write_text(u->path, "-memory");
}

/*
 * On v2 a child only gets memory.* files when the parent's cgroup.subtree_control has
 * "memory". The root cgroup is exempt from the no-internal-processes rule, so enabling it
 * there always works (that is the appliance's case: we mount cgroup2 and create under the
 * root); a non-root base holding processes refuses with EBUSY and is reported as such.
 */
static int v2_enable_memory(const char *base)
{
	char p[600], buf[512];
	struct memcg_undo u;
	unsigned seq;
	int ret;

	if (sp_path_join(base, "cgroup.subtree_control", p, sizeof(p)) ||
	    strlen(p) >= sizeof(u.path))
		return -ENAMETOOLONG;
	ret = (int)sp_read_text(NULL, p, buf, sizeof(buf));
	if (ret < 0)
		return ret;
	if (sp_parse_cgroup_has_controller(buf, "memory"))
		return 0;
	ret = sp_journal_record(&seq, SP_J_SUBTREE, p, "memory", NULL);
	if (ret)
		return ret;
	ret = sp_write_text(p, "+memory");
	sp_debug("memcg", "enable +memory in %s -> %d", p, ret);
	if (ret) {
		sp_journal_undone(seq);
		return ret;
	}
	u.version = 2;
	memcpy(u.path, p, strlen(p) + 1);
	return sp_undo_push_journaled(seq, "cgroup subtree_control -memory", undo_subtree, &u,
				      sizeof(u));
}

int sp_memcg_create_in(const char *base, int version, const char *name, struct sp_memcg *cg)
{
	struct memcg_undo u;
	char vs[4];
	unsigned seq;
	int n, ret;

	if (version != 1 && version != 2)
		return -EINVAL;
	if (version == 2) {
		ret = v2_enable_memory(base);
		if (ret)
			return ret;
	}
	sp_box_prepare(base, version); /* the caps' controllers, before the cgroup (act/caps.h) */
	n = snprintf(cg->path, sizeof(cg->path), "%s/swapplace-%s-%d", base, name, (int)getpid());
	if (n < 0 || (size_t)n >= sizeof(u.path))
		return -ENAMETOOLONG;
	cg->version = version;
	snprintf(vs, sizeof(vs), "%d", version);
	ret = sp_journal_record(&seq, SP_J_CGROUP, vs, cg->path, NULL);
	if (ret)
		return ret;
	if (mkdir(cg->path, 0755) < 0) {
		ret = -errno;
		sp_journal_undone(seq);
		return ret;
	}
	sp_debug("memcg", "created %s (v%d)", cg->path, version);
	u.version = version;
	memcpy(u.path, cg->path, (size_t)n + 1);
	ret = sp_undo_push_journaled(seq, "remove memory cgroup", undo_destroy, &u, sizeof(u));
	if (ret) {
		if (rmdir(cg->path) == 0)
			sp_journal_undone(seq);
		return ret;
	}
	sp_box_attach(cg); /* the placement's caps, when it is in a box (act/caps.h) */
	return 0;
}

int sp_memcg_create(const char *name, struct sp_memcg *cg)
{
	char base[256];
	int version = sp_memcg_detect(base, sizeof(base));

	if (version < 0)
		return version;
	return sp_memcg_create_in(base, version, name, cg);
}

int sp_memcg_add_pid(const struct sp_memcg *cg, pid_t pid)
{
	char buf[32];
	int ret;

	snprintf(buf, sizeof(buf), "%d", (int)pid);
	ret = cg_write(cg, "cgroup.procs", buf);
	if (!ret)
		sp_box_add_pid(cg, pid); /* and into its v1 cpu companion, if any */
	return ret;
}

int sp_memcg_set_limit(const struct sp_memcg *cg, uint64_t bytes)
{
	int ret = sp_memcg_write_limit(cg, bytes);

	if (!ret)
		sp_box_limit_set(cg, bytes); /* the budget a zram placement's keeper keeps */
	return ret;
}

int sp_memcg_write_limit(const struct sp_memcg *cg, uint64_t bytes)
{
	int ret;

	if (cg->version == 2)
		return cg_write_u64(cg, "memory.max", bytes);
	ret = cg_write_u64(cg, "memory.limit_in_bytes", bytes);
	/*
	 * v1 refuses a limit above memsw; memsw == the old limit means swap was forbidden, so
	 * raise memsw with it (it stays forbidden) and try again.
	 */
	if (ret == -EINVAL && cg_exists(cg, "memory.memsw.limit_in_bytes")) {
		ret = cg_write_u64(cg, "memory.memsw.limit_in_bytes", bytes);
		if (!ret)
			ret = cg_write_u64(cg, "memory.limit_in_bytes", bytes);
	}
	return ret;
}

int sp_memcg_set_high(const struct sp_memcg *cg, uint64_t bytes)
{
	if (cg->version == 2)
		return cg_write_u64(cg, "memory.high", bytes);
	/* v1 has no throttling threshold; the soft limit is the nearest thing */
	return cg_write_u64(cg, "memory.soft_limit_in_bytes", bytes);
}

static void v1_swappiness(const struct sp_memcg *cg, int allow)
{
	char buf[64] = "60", tmp[64];

	/* the global value is what a cgroup would have had if we had not touched it */
	if (allow && sp_sysctl_get("vm.swappiness", tmp, sizeof(tmp)) == 0 && tmp[0])
		memcpy(buf, tmp, sizeof(buf));
	cg_write(cg, "memory.swappiness", allow ? buf : "0");
}

int sp_memcg_set_swap(const struct sp_memcg *cg, int allow)
{
	uint64_t limit;
	int ret;

	if (cg->version == 2) {
		if (!cg_exists(cg, "memory.swap.max"))
			return -EOPNOTSUPP;
		return cg_write(cg, "memory.swap.max", allow ? "max" : "0");
	}
	/*
	 * v1: swappiness 0 keeps memcg reclaim off anonymous pages (best effort, always
	 * applied); the hard guarantee is memsw == limit, which exists only with swap accounting.
	 */
	v1_swappiness(cg, allow);
	if (!cg_exists(cg, "memory.memsw.limit_in_bytes"))
		return -EOPNOTSUPP;
	if (allow)
		return cg_write(cg, "memory.memsw.limit_in_bytes", "-1");
	ret = cg_read_value(cg, "memory.limit_in_bytes", &limit);
	if (ret)
		return ret;
	return cg_write_u64(cg, "memory.memsw.limit_in_bytes", limit);
}

int sp_memcg_reclaim(const struct sp_memcg *cg, uint64_t bytes)
{
	int ret;

	if (cg->version == 2) {
		if (!bytes) {
			ret = sp_memcg_usage(cg, &bytes);
			if (ret)
				return ret;
			if (!bytes)
				return 0;
		}
		ret = cg_write_u64(cg, "memory.reclaim", bytes);
	} else {
		/* force_empty reclaims everything it can; there is no byte count in v1 */
		ret = cg_write(cg, "memory.force_empty", "0");
	}
	/* "could not reclaim all of it" still reclaimed as much as possible */
	if (ret == -EAGAIN || ret == -EBUSY)
		ret = 0;
	return ret;
}

int sp_memcg_usage(const struct sp_memcg *cg, uint64_t *bytes)
{
	if (cg->version == 2)
		return cg_read_value(cg, "memory.current", bytes);
	return cg_read_value(cg, "memory.usage_in_bytes", bytes);
}

int sp_memcg_swap_usage(const struct sp_memcg *cg, uint64_t *bytes)
{
	uint64_t memsw, mem;
	int ret;

	if (cg->version == 2) {
		if (!cg_exists(cg, "memory.swap.current"))
			return -EOPNOTSUPP;
		return cg_read_value(cg, "memory.swap.current", bytes);
	}
	if (!cg_exists(cg, "memory.memsw.usage_in_bytes"))
		return -EOPNOTSUPP;
	ret = cg_read_value(cg, "memory.memsw.usage_in_bytes", &memsw);
	if (!ret)
		ret = cg_read_value(cg, "memory.usage_in_bytes", &mem);
	if (ret)
		return ret;
	*bytes = memsw > mem ? memsw - mem : 0;
	return 0;
}

int sp_memcg_oom_kills(const struct sp_memcg *cg, uint64_t *kills)
{
	int ret;

	if (cg->version == 2)
		return cg_read_keyed(cg, "memory.events", "oom_kill", kills);
	ret = cg_read_keyed(cg, "memory.oom_control", "oom_kill", kills);
	/* kernels before 4.13 have no oom_kill line in v1 */
	return ret == -ENOENT ? -EOPNOTSUPP : ret;
}

int sp_memcg_stat(const struct sp_memcg *cg, const char *key, uint64_t *val)
{
	return cg_read_keyed(cg, "memory.stat", key, val);
}

static int read_pids(const struct sp_memcg *cg, pid_t *pids, size_t max, size_t *n)
{
	static char buf[65536];
	int ret = cg_read(cg, "cgroup.procs", buf, sizeof(buf));

	if (ret)
		return ret;
	*n = sp_parse_cgroup_pids(buf, pids, max);
	return 0;
}

int sp_memcg_destroy(const struct sp_memcg *cg)
{
	pid_t pids[256];
	size_t n = 0;
	int ret = 0;

	sp_box_detach(cg); /* its keeper first: it writes the limit */
	if (!sp_root_exists(NULL, cg->path))
		return 0; /* already gone: destroy and its undo entry may both run */
	/* v2 from 5.14 kills the whole subtree atomically, forks racing the loop included */
	if (cg->version == 2 && cg_exists(cg, "cgroup.kill"))
		cg_write(cg, "cgroup.kill", "1");
	for (int waited = 0; waited <= DESTROY_WAIT_MS; waited += 10) {
		ret = read_pids(cg, pids, sizeof(pids) / sizeof(pids[0]), &n);
		if (ret == -ENOENT) {
			/* not a cgroup (a test's scratch directory) or removed meanwhile */
			n = 0;
			ret = 0;
		}
		if (ret)
			break;
		for (size_t i = 0; i < n && i < sizeof(pids) / sizeof(pids[0]); i++)
			kill(pids[i], SIGKILL);
		/* exiting tasks leave cgroup.procs before rmdir stops saying EBUSY */
		if (n == 0) {
			if (rmdir(cg->path) == 0 || errno == ENOENT) {
				sp_debug("memcg", "removed %s", cg->path);
				return 0;
			}
			ret = -errno;
			if (ret != -EBUSY)
				break;
		}
		sp_sleep_ms(10); /* also an undo entry: finishes even after a signal */
	}
	if (!ret)
		ret = -EBUSY;
	sp_debug("memcg", "cannot remove %s: %d (%zu tasks left)", cg->path, ret, n);
	return ret;
}
