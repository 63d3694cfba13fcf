/*
 * caps.c - the constrained box (see caps.h): CPU and io caps on every workload cgroup of a
 * placement's turn, and the budget keeper that charges a zram pool to the workload beside it.
 *
 * Shape: one box at a time, process-global like the undo list (the placement's turn is one
 * sequence); a small table of the cgroups made inside it, each slot with its v1 cpu companion
 * and its keeper thread. The keeper is a thread because it must keep time while the parent
 * blocks elsewhere (the service's open-loop sender must not stall for a limit write, which on
 * v1 reclaims synchronously in the writer). It touches only sysfs files and its slot, under the
 * box's mutex, with every signal blocked so SIGINT still reaches the main thread's loops.
 */
#include "act/caps.h"

#include <errno.h>
#include <libgen.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "act/journal.h"
#include "act/undo.h"
#include "act/zram.h"
#include "core/measure/procparse.h"
#include "sys/log.h"
#include "sys/sysfs.h"
#include "sys/timer.h"

#define MAX_SLOTS 16
#define KEEP_EVERY_MS 20 /* two sysfs reads: cheap, and a fill outruns a slower poll */

struct slot {
	int used;
	struct sp_memcg cg;
	char cpu_path[512];  /* the v1 cpu companion, "" none */
	struct sp_time made; /* attach: the span its cpu.stat and io.stat count over */
	int cpu_read; /* its cpu.stat is in the record (v1: read before the companion goes) */
	/* the keeper */
	int keeping;
	pthread_t thread;
	volatile int stop;
	uint64_t budget_bytes, limit_bytes;
};

static struct {
	int active;
	struct sp_box_spec spec;
	struct sp_box_applied *applied;
	struct sp_budget_kept *kept;
	pthread_mutex_t mu;
	struct slot slots[MAX_SLOTS];
} box = {.mu = PTHREAD_MUTEX_INITIALIZER};

static int measure_cpu(struct slot *s);
static void measure(struct slot *s);

static void note(char *reason, size_t len, int *applied, const char *fmt, const char *detail)
{
	if (!*applied)
		return; /* the first reason stands */
	*applied = 0;
	snprintf(reason, len, fmt, detail);
}

/* ---- enter, leave ---- */

static int undo_leave(void *arg)
{
	(void)arg;
	sp_box_leave();
	return 0;
}

int sp_box_enter(const struct sp_box_spec *spec, struct sp_box_applied *applied,
		 struct sp_budget_kept *kept)
{
	static struct sp_box_applied no_applied;
	static struct sp_budget_kept no_kept;
	int ret;

	if (box.active)
		return -EBUSY;
	memset(box.slots, 0, sizeof(box.slots));
	box.spec = *spec;
	/* a result already filled (--repeat's later rounds) goes on accumulating */
	if (!applied)
		memset(&no_applied, 0, sizeof(no_applied));
	if (!kept)
		memset(&no_kept, 0, sizeof(no_kept));
	box.applied = applied ? applied : &no_applied;
	box.kept = kept ? kept : &no_kept;
	if (sp_caps_asked(&spec->caps) && !box.applied->done) {
		struct sp_box_applied *a = box.applied;

		memset(a, 0, sizeof(*a));
		a->done = 1;
		a->cpu_applied = spec->caps.cpu_max > 0;
		a->io_applied = spec->caps.io_iops > 0;
		if (!a->cpu_applied)
			snprintf(a->cpu_reason, sizeof(a->cpu_reason), "not asked");
		if (!a->io_applied) {
			snprintf(a->io_reason, sizeof(a->io_reason), "not asked");
		} else if (spec->io_moot) {
			a->io_applied = 0;
			a->io_moot = 1;
			snprintf(a->io_reason, sizeof(a->io_reason), "not applied: %s",
				 spec->io_moot);
		} else if (!spec->swap_dev[0]) {
			a->io_applied = 0;
			snprintf(a->io_reason, sizeof(a->io_reason),
				 "not applied: the swap area's disk was not found");
		}
	}
	box.active = 1;
	ret = sp_undo_push("leave the constrained box", undo_leave, NULL, 0);
	if (ret) {
		box.active = 0;
		return ret;
	}
	sp_debug("box", "entered: cpu %.2f, io %llu iops %llu B/s on '%s', zram '%s'",
		 spec->caps.cpu_max, (unsigned long long)spec->caps.io_iops,
		 (unsigned long long)spec->caps.io_bps, spec->swap_dev, spec->zram_dev);
	return 0;
}

static void stop_keeper(struct slot *s)
{
	if (!s->keeping)
		return;
	s->stop = 1;
	pthread_join(s->thread, NULL);
	s->keeping = 0;
}

void sp_box_leave(void)
{
	struct sp_box_applied *a = box.applied;
	struct sp_budget_kept *k = box.kept;

	if (!box.active)
		return;
	for (size_t i = 0; i < MAX_SLOTS; i++) {
		stop_keeper(&box.slots[i]);
		if (box.slots[i].used)
			measure(&box.slots[i]); /* a cgroup still there: its counts so far */
		box.slots[i].used = 0;
	}
	if (a->done && !a->ran) {
		const char *none = "not applied: no workload ran in the box";

		note(a->cpu_reason, sizeof(a->cpu_reason), &a->cpu_applied, "%s", none);
		if (!a->io_moot)
			note(a->io_reason, sizeof(a->io_reason), &a->io_applied, "%s", none);
	}
	if (k->done && !k->kept)
		k->limit_bytes_min = k->limit_bytes_start;
	box.active = 0;
	sp_debug("box", "left");
}

/* ---- where things are ---- */

/* 1 when path is a zram device (its sysfs directory has mm_stat) */
static int is_zram(const char *path)
{
	struct stat st;
	char p[96];

	if (stat(path, &st) < 0 || !S_ISBLK(st.st_mode))
		return 0;
	snprintf(p, sizeof(p), "/sys/dev/block/%u:%u/mm_stat", major(st.st_rdev),
		 minor(st.st_rdev));
	return sp_root_exists(NULL, p);
}

int sp_box_enter_for(const struct sp_caps *caps, const char *swap_path,
		     struct sp_box_applied *applied, struct sp_budget_kept *kept)
{
	struct sp_box_spec b;

	memset(&b, 0, sizeof(b));
	if (caps)
		b.caps = *caps;
	if (!swap_path || !swap_path[0]) {
		b.io_moot = "no swap device";
	} else if (is_zram(swap_path)) {
		b.io_moot = "zram is memory";
		snprintf(b.zram_dev, sizeof(b.zram_dev), "%s", swap_path);
	} else if (sp_box_swap_disk(swap_path, b.swap_dev, sizeof(b.swap_dev)) < 0) {
		b.swap_dev[0] = '\0'; /* said in the io reason */
	}
	return sp_box_enter(&b, applied, kept);
}

int sp_box_swap_disk(const char *swap_path, char *majmin, size_t len)
{
	struct stat st;
	char p[128], buf[32];
	unsigned maj, min;
	dev_t dev;

	if (stat(swap_path, &st) < 0)
		return -errno;
	dev = S_ISBLK(st.st_mode) ? st.st_rdev : st.st_dev;
	if (!S_ISBLK(st.st_mode) && !S_ISREG(st.st_mode))
		return -ENOENT;
	maj = major(dev);
	min = minor(dev);
	/* a partition: its disk is the parent directory's dev (io.max takes whole disks only) */
	snprintf(p, sizeof(p), "/sys/dev/block/%u:%u/partition", maj, min);
	if (sp_root_exists(NULL, p)) {
		snprintf(p, sizeof(p), "/sys/dev/block/%u:%u/../dev", maj, min);
		if (sp_read_text(NULL, p, buf, sizeof(buf)) < 0 ||
		    sscanf(buf, "%u:%u", &maj, &min) != 2)
			return -ENOENT;
	} else {
		snprintf(p, sizeof(p), "/sys/dev/block/%u:%u", maj, min);
		if (!sp_root_exists(NULL, p))
			return -ENOENT; /* tmpfs, btrfs's anonymous devs: no block device */
	}
	snprintf(majmin, len, "%u:%u", maj, min);
	return 0;
}

/* "cpu" listed in the v2 cgroup's parent cgroup.controllers */
static int v2_parent_has(const struct sp_memcg *cg, const char *ctrl, char *parent, size_t len)
{
	char tmp[512], p[600], buf[512];

	snprintf(tmp, sizeof(tmp), "%s", cg->path);
	snprintf(parent, len, "%s", dirname(tmp));
	if (sp_path_join(parent, "cgroup.controllers", p, sizeof(p)) ||
	    sp_read_text(NULL, p, buf, sizeof(buf)) < 0)
		return 0;
	return sp_parse_cgroup_has_controller(buf, ctrl);
}

/* an undo slot holds 512 bytes (act/undo.c): the path and "-cpu" fit */
struct subtree_undo {
	char path[496];
	char what[8];
};

static int undo_subtree(void *arg)
{
	const struct subtree_undo *u = arg;

	return sp_write_text(u->path, u->what);
}

/* "+ctrl" in parent's cgroup.subtree_control, its removal on the undo list. */
static int v2_enable(const char *parent, const char *ctrl)
{
	struct subtree_undo u;
	char buf[512], add[12];
	unsigned seq;
	int ret;

	if (sp_path_join(parent, "cgroup.subtree_control", u.path, sizeof(u.path)))
		return -ENAMETOOLONG;
	ret = (int)sp_read_text(NULL, u.path, buf, sizeof(buf));
	if (ret < 0)
		return ret;
	if (sp_parse_cgroup_has_controller(buf, ctrl))
		return 0;
	snprintf(add, sizeof(add), "+%s", ctrl);
	ret = sp_journal_record(&seq, SP_J_SUBTREE, u.path, ctrl, NULL);
	if (ret)
		return ret;
	ret = sp_write_text(u.path, add);
	if (ret) {
		sp_journal_undone(seq);
		return ret;
	}
	snprintf(u.what, sizeof(u.what), "-%s", ctrl);
	return sp_undo_push_journaled(seq, "cgroup subtree_control -controller", undo_subtree, &u,
				      sizeof(u));
}

static int write_in(const char *dir, const char *file, const char *text)
{
	char p[640];
	int ret = sp_path_join(dir, file, p, sizeof(p));

	if (!ret)
		ret = sp_write_text(p, text);
	sp_debug("box", "write %s/%s '%s' -> %d", dir, file, text, ret);
	return ret;
}

struct companion_undo {
	char path[500];
};

static int undo_companion(void *arg)
{
	const struct companion_undo *u = arg;
	struct sp_memcg cg;

	/* pushed after its memory cgroup's removal, so it goes first: its counts before it */
	for (size_t i = 0; box.active && i < MAX_SLOTS; i++)
		if (box.slots[i].used && !strcmp(box.slots[i].cpu_path, u->path))
			measure_cpu(&box.slots[i]);
	if (sp_memcg_open(u->path, 1, &cg))
		return -ENAMETOOLONG;
	return sp_memcg_destroy(&cg); /* kill what is left, rmdir: any cgroup directory */
}

/* v1: a cgroup of the same name in the cpu hierarchy, with the quota. */
static int v1_cpu_companion(const struct sp_memcg *cg, struct slot *s, struct sp_err *e)
{
	static const char *const bases[] = {"/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct"};
	struct companion_undo u;
	char tmp[512], p[600], text[32];
	const char *base = NULL;
	unsigned seq;
	int ret;

	for (size_t i = 0; i < sizeof(bases) / sizeof(bases[0]) && !base; i++) {
		snprintf(p, sizeof(p), "%s/cpu.cfs_quota_us", bases[i]);
		if (sp_root_exists(NULL, p))
			base = bases[i];
	}
	if (!base)
		return sp_err_set(e, -ENOENT,
				  "no cpu controller (cgroup v1 has no cpu hierarchy mounted)");
	snprintf(tmp, sizeof(tmp), "%s", cg->path);
	if ((size_t)snprintf(u.path, sizeof(u.path), "%s/%s", base, basename(tmp)) >=
	    sizeof(u.path))
		return sp_err_set(e, -ENAMETOOLONG, NULL);
	ret = sp_journal_record(&seq, SP_J_CGROUP, "1", u.path, NULL);
	if (ret)
		return sp_err_sys(e, ret, "cannot journal the v1 cpu cgroup");
	if (mkdir(u.path, 0755) < 0) {
		ret = -errno;
		sp_journal_undone(seq);
		return sp_err_sys(e, ret, "cannot make the v1 cpu cgroup");
	}
	ret = sp_undo_push_journaled(seq, "remove cpu cgroup", undo_companion, &u, sizeof(u));
	if (ret) {
		if (rmdir(u.path) == 0)
			sp_journal_undone(seq);
		return sp_err_set(e, ret, NULL);
	}
	snprintf(s->cpu_path, sizeof(s->cpu_path), "%s", u.path);
	snprintf(text, sizeof(text), "%llu", SP_CPU_PERIOD_US);
	ret = write_in(u.path, "cpu.cfs_period_us", text);
	if (!ret) {
		snprintf(text, sizeof(text), "%llu",
			 (unsigned long long)sp_caps_cpu_quota_us(box.spec.caps.cpu_max,
								  SP_CPU_PERIOD_US));
		ret = write_in(u.path, "cpu.cfs_quota_us", text);
	}
	if (ret)
		return sp_err_sys(e, ret, "cpu.cfs_quota_us refused");
	return 0;
}

static void apply_cpu(const struct sp_memcg *cg, struct slot *s)
{
	struct sp_box_applied *a = box.applied;
	char parent[512], text[64];
	struct sp_err e;
	int ret;

	if (!(box.spec.caps.cpu_max > 0))
		return;
	if (cg->version == 2 && v2_parent_has(cg, "cpu", parent, sizeof(parent))) {
		ret = v2_enable(parent, "cpu");
		if (!ret)
			ret = sp_caps_cpu_max_text(box.spec.caps.cpu_max, text, sizeof(text));
		if (ret >= 0)
			ret = write_in(cg->path, "cpu.max", text);
		if (ret < 0)
			sp_err_sys(&e, ret, "cpu.max refused");
	} else {
		ret = v1_cpu_companion(cg, s, &e);
	}
	if (ret < 0)
		note(a->cpu_reason, sizeof(a->cpu_reason), &a->cpu_applied, "not applied: %s",
		     sp_err_msg(&e));
}

static void apply_io(const struct sp_memcg *cg)
{
	struct sp_box_applied *a = box.applied;
	char parent[512], text[160];
	int ret;

	if (!a->io_applied)
		return; /* not asked, moot, no disk, or failed before: the reason is said */
	if (cg->version != 2) {
		note(a->io_reason, sizeof(a->io_reason), &a->io_applied, "not applied: %s",
		     "cgroup v1 has no io.max, and blkio throttling does not follow swap "
		     "writeback");
		return;
	}
	if (!v2_parent_has(cg, "io", parent, sizeof(parent))) {
		note(a->io_reason, sizeof(a->io_reason), &a->io_applied, "not applied: %s",
		     "the cgroup v2 io controller is not available");
		return;
	}
	unsigned maj = 0, min = 0;

	sscanf(box.spec.swap_dev, "%u:%u", &maj, &min);
	ret = v2_enable(parent, "io");
	if (!ret)
		ret = sp_caps_io_max_text(maj, min, box.spec.caps.io_iops, box.spec.caps.io_bps,
					  text, sizeof(text));
	if (ret >= 0)
		ret = write_in(cg->path, "io.max", text);
	if (ret < 0)
		note(a->io_reason, sizeof(a->io_reason), &a->io_applied, "not applied: io.max %s",
		     strerror(-ret));
	else
		snprintf(a->io_device, sizeof(a->io_device), "%s", box.spec.swap_dev);
}

/* ---- what the caps did ---- */

static int read_stat_key(const char *dir, const char *file, const char *key, uint64_t *v)
{
	char p[640], buf[2048];

	*v = 0;
	if (sp_path_join(dir, file, p, sizeof(p)) || sp_read_text(NULL, p, buf, sizeof(buf)) < 0)
		return -ENOENT;
	return sp_parse_vmstat(buf, key, v);
}

/*
 * s's cpu.stat into the record: what the quota did (periods, throttled periods and time, the
 * CPU time got), not only that it was written. v2 keeps it in the cgroup itself, and only
 * while cpu is enabled in the parent's subtree_control (nr_periods goes with it); v1 in the
 * companion, in ns. Once per slot. Returns: 1 when it was read.
 */
static int measure_cpu(struct slot *s)
{
	struct sp_box_applied *a = box.applied;
	uint64_t periods, throttled, t_us = 0, usage_us = 0;
	int usage = 0;
	const char *dir = s->cg.version == 2 ? s->cg.path : s->cpu_path;
	char p[640], buf[64];

	if (s->cpu_read || !(box.spec.caps.cpu_max > 0) || !dir[0] ||
	    read_stat_key(dir, "cpu.stat", "nr_periods", &periods) ||
	    read_stat_key(dir, "cpu.stat", "nr_throttled", &throttled))
		return 0;
	if (s->cg.version == 2) {
		read_stat_key(dir, "cpu.stat", "throttled_usec", &t_us);
		usage = read_stat_key(dir, "cpu.stat", "usage_usec", &usage_us) == 0;
	} else {
		if (!read_stat_key(dir, "cpu.stat", "throttled_time", &t_us))
			t_us /= 1000;
		if (sp_path_join(dir, "cpuacct.usage", p, sizeof(p)) == 0 &&
		    sp_read_text(NULL, p, buf, sizeof(buf)) > 0) {
			usage_us = strtoull(buf, NULL, 10) / 1000;
			usage = 1;
		}
	}
	/* known only when every cgroup's was: a partial sum would understate the rate */
	a->usage_known = usage && (a->usage_known || !a->measured);
	s->cpu_read = 1;
	a->measured = 1;
	a->cpu_throttled_periods += throttled;
	a->cpu_throttled_us += t_us;
	a->cpu_periods += periods;
	a->cpu_usage_us += usage_us;
	return 1;
}

/*
 * Before s's cgroup goes: its cpu.stat (unless read already) and io.stat into the record.
 * io.stat is v2's, and lists only devices the cgroup did io on: no line is zero io.
 */
static void measure(struct slot *s)
{
	struct sp_box_applied *a = box.applied;
	char p[640], buf[4096];
	struct sp_io_stat io;
	int got = s->cpu_read;

	got |= measure_cpu(s);
	if (a->io_applied && s->cg.version == 2 && box.spec.swap_dev[0] &&
	    sp_path_join(s->cg.path, "io.stat", p, sizeof(p)) == 0 &&
	    sp_read_text(NULL, p, buf, sizeof(buf)) >= 0 &&
	    sp_caps_parse_io_stat(buf, box.spec.swap_dev, &io) != -EINVAL) {
		a->io_measured = got = 1;
		a->io_rios += io.rios;
		a->io_wios += io.wios;
		a->io_rbytes += io.rbytes;
		a->io_wbytes += io.wbytes;
	}
	a->spanned |= got;
	if (got)
		a->cgroup_s += sp_elapsed_s(s->made, sp_now());
	sp_debug("box", "%s: cpu %llu of %llu periods throttled (%llu us), io r %llu w %llu",
		 s->cg.path, (unsigned long long)a->cpu_throttled_periods,
		 (unsigned long long)a->cpu_periods, (unsigned long long)a->cpu_throttled_us,
		 (unsigned long long)a->io_rios, (unsigned long long)a->io_wios);
}

static int has_controller(const char *dir, const char *ctrl)
{
	char p[600], buf[512];

	if (sp_path_join(dir, "cgroup.controllers", p, sizeof(p)) ||
	    sp_read_text(NULL, p, buf, sizeof(buf)) < 0)
		return 0;
	return sp_parse_cgroup_has_controller(buf, ctrl);
}

void sp_box_prepare(const char *base, int version)
{
	int ret;

	if (!box.active || version != 2)
		return;
	/* a refusal here is met again at the attach, which records its reason */
	if (box.spec.caps.cpu_max > 0 && has_controller(base, "cpu")) {
		ret = v2_enable(base, "cpu");
		sp_debug("box", "enable +cpu in %s -> %d", base, ret);
	}
	if (box.applied->io_applied && has_controller(base, "io")) {
		ret = v2_enable(base, "io");
		sp_debug("box", "enable +io in %s -> %d", base, ret);
	}
}

static struct slot *find(const struct sp_memcg *cg)
{
	for (size_t i = 0; i < MAX_SLOTS; i++)
		if (box.slots[i].used && !strcmp(box.slots[i].cg.path, cg->path))
			return &box.slots[i];
	return NULL;
}

void sp_box_attach(const struct sp_memcg *cg)
{
	struct slot *s = NULL;

	if (!box.active)
		return;
	for (size_t i = 0; i < MAX_SLOTS && !s; i++)
		if (!box.slots[i].used)
			s = &box.slots[i];
	if (!s) {
		sp_debug("box", "no slot for %s", cg->path);
		return;
	}
	memset(s, 0, sizeof(*s));
	s->used = 1;
	s->cg = *cg;
	s->made = sp_now();
	box.applied->ran = 1;
	apply_cpu(cg, s);
	apply_io(cg);
}

void sp_box_add_pid(const struct sp_memcg *cg, pid_t pid)
{
	struct slot *s;
	char text[32];

	if (!box.active || !(s = find(cg)) || !s->cpu_path[0])
		return;
	snprintf(text, sizeof(text), "%d", (int)pid);
	if (write_in(s->cpu_path, "cgroup.procs", text) < 0)
		note(box.applied->cpu_reason, sizeof(box.applied->cpu_reason),
		     &box.applied->cpu_applied, "not applied: %s",
		     "a workload could not join its cpu cgroup");
}

/* ---- the budget keeper ---- */

/*
 * One poll: read the pool and the usage, and move the limit towards budget - pool. Lowering
 * is done in steps of at most STEP_DOWN below the usage: a limit write reclaims down to the
 * new limit in the writer's context before it takes effect (v1 and v2), and a workload that
 * faults its pages back as fast as one reclaimer pushes them out keeps the usage within a
 * reclaim batch of its limit, so a step of a MiB waited for seconds on this machine, the old
 * limit in force all along; a step of one batch is taken at once, the next right after it,
 * and under each the workload's own faults reclaim. Returns: 1 while the limit is
 * still above where it should be (poll again soon), else 0.
 */
#define STEP_DOWN (64ull << 10) /* half a batch of the kernel's reclaim (32 pages) */

static int keep_once(struct slot *s)
{
	struct sp_compression c;
	struct sp_budget_kept *k = box.kept;
	uint64_t usage = 0, want, target;
	int floor_hit = 0, have_usage, ret = 0;

	if (sp_zram_stats(box.spec.zram_dev, &c) < 0)
		return 0;
	have_usage = sp_memcg_usage(&s->cg, &usage) == 0;
	want = sp_budget_keep_limit(s->budget_bytes, c.mem_used_total, &floor_hit);
	target = want;
	if (want < s->limit_bytes && have_usage && usage > want + STEP_DOWN) {
		uint64_t from = usage < s->limit_bytes ? usage : s->limit_bytes;

		target = from - STEP_DOWN;
		target -= target % 4096;
		if (target < want)
			target = want;
	}
	if (target != s->limit_bytes)
		ret = sp_memcg_write_limit(&s->cg, target);
	pthread_mutex_lock(&box.mu);
	k->samples++;
	if (c.mem_used_total > k->zram_pool_peak_bytes)
		k->zram_pool_peak_bytes = c.mem_used_total;
	if (have_usage && usage + c.mem_used_total > s->budget_bytes &&
	    usage + c.mem_used_total - s->budget_bytes > k->over_budget_peak_bytes)
		k->over_budget_peak_bytes = usage + c.mem_used_total - s->budget_bytes;
	if (floor_hit)
		k->floor_hit = 1;
	if (!ret && target != s->limit_bytes) {
		s->limit_bytes = target;
		if (target < s->budget_bytes)
			k->kept = 1;
		if (!k->limit_bytes_min || target < k->limit_bytes_min)
			k->limit_bytes_min = target;
	}
	pthread_mutex_unlock(&box.mu);
	return s->limit_bytes > want;
}

static void *keeper(void *arg)
{
	struct slot *s = arg;
	struct timespec tick = {0, 10 * 1000000L};

	while (!s->stop) {
		/* still stepping down: the next step at once (a fill grows the pool at memory
		 * speed); settled: every KEEP_EVERY_MS */
		if (keep_once(s)) {
			sched_yield();
			continue;
		}
		for (int ms = 0; ms < KEEP_EVERY_MS && !s->stop; ms += 10)
			nanosleep(&tick, NULL);
	}
	return NULL;
}

void sp_box_limit_set(const struct sp_memcg *cg, uint64_t bytes)
{
	struct sp_budget_kept *k = box.kept;
	sigset_t all, old;
	struct slot *s;

	if (!box.active || !box.spec.zram_dev[0] || !bytes || !(s = find(cg)))
		return;
	pthread_mutex_lock(&box.mu);
	s->budget_bytes = bytes;
	s->limit_bytes = bytes;
	if (!k->done || bytes > k->limit_bytes_start)
		k->limit_bytes_start = bytes;
	k->floor_bytes = sp_budget_floor(k->limit_bytes_start);
	k->done = 1;
	pthread_mutex_unlock(&box.mu);
	if (s->keeping)
		return; /* a new budget for a running keeper */
	k->cgroups++;
	s->stop = 0;
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	s->keeping = pthread_create(&s->thread, NULL, keeper, s) == 0;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (!s->keeping)
		sp_debug("box", "cannot start the keeper of %s", cg->path);
}

void sp_box_detach(const struct sp_memcg *cg)
{
	struct slot *s;

	if (!box.active || !(s = find(cg)))
		return;
	stop_keeper(s);
	measure(s);
	s->used = 0;
}
