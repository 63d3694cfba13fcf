/*
 * pressure.c - the pressure probe (see pressure.h for what it measures and why).
 *
 * Shape: the parent creates the cgroup and starts the workload in it with worker.h (forked,
 * moved in, and only then released, so every page of the workload is charged to the cgroup).
 * The child records into a small MAP_SHARED block the parent set up (and faulted in, so it is
 * charged to the parent, not to the limit): when the OOM killer takes the child mid-run the
 * parent still has the counts and the histogram up to that moment. When it has finished, the
 * child writes one byte and stays alive, and so charged, until the parent has read the
 * cgroup's swap usage and closes the go pipe.
 */
#include "probe/pressure.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "act/memcg.h"
#include "act/undo.h"
#include "act/worker.h"
#include "core/measure/hist.h"
#include "core/measure/pagefill.h"
#include "core/measure/rng.h"
#include "sys/log.h"
#include "sys/sysfs.h"
#include "sys/timer.h"

#define LINE_BYTES 64
/* beyond the touch phase: fill and teardown, even with swap on a slow disk */
#define SLACK_S 30.0
#define FILL_MIB_PER_S 20.0
/* a finished workload exits at once; one that lingers past this is killed */
#define REAP_GRACE_S 5.0

enum { PH_START, PH_FILL, PH_TOUCH, PH_DONE };

/* What the child shares with the parent; the parent reads it only after the child is gone. */
struct shared {
	volatile int phase;
	int err; /* -errno from the child's setup */
	uint64_t touches;
	uint64_t elapsed_ns; /* of the touch phase, updated as it goes */
	uint64_t major_faults;
	uint64_t fill_ns;
	struct sp_hist hist;
};

void sp_pressure_defaults(struct sp_pressure_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->limit_bytes = 128ull << 20;
	o->over_ratio = 1.2;
	o->hot_fraction = 0.5;
	o->time_s = 10.0;
	o->seed = 1;
	o->allow_swap = 1;
}

void sp_pressure_fill(void *buf, uint64_t n_pages, size_t page_size, uint64_t seed)
{
	for (uint64_t i = 0; i < n_pages; i++)
		sp_page_fill((unsigned char *)buf + i * page_size, page_size, i, seed);
}

struct oom_adj_undo {
	char value[16];
};

static int undo_oom_adj(void *arg)
{
	const struct oom_adj_undo *u = arg;

	return sp_write_text("/proc/self/oom_score_adj", u->value);
}

/* swapplace must outlive a kill; a global OOM during the probe should pick the workload */
static int protect_self(void)
{
	struct oom_adj_undo u;
	int ret = (int)sp_read_text(NULL, "/proc/self/oom_score_adj", u.value, sizeof(u.value));

	if (ret < 0)
		return ret;
	if (strcmp(u.value, "-1000") == 0)
		return 0;
	ret = sp_write_text("/proc/self/oom_score_adj", "-1000");
	if (ret == -EACCES || ret == -EPERM) {
		/*
		 * Lowering it needs CAP_SYS_RESOURCE (containers often drop it). A memcg OOM
		 * only chooses among the cgroup's tasks, and the workload raises itself to 1000,
		 * so swapplace still survives the kills the probe provokes.
		 */
		sp_debug("pressure", "cannot lower oom_score_adj: %d", ret);
		return 0;
	}
	if (ret)
		return ret;
	return sp_undo_push("restore oom_score_adj", undo_oom_adj, &u, sizeof(u));
}

static uint64_t majflt_now(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (uint64_t)ru.ru_majflt;
}

struct child_args {
	const struct sp_pressure_opts *o;
	struct shared *sh;
};

/* The workload, in the forked child (sp_worker_start). Returns its exit status. */
static int child_main(void *arg, int go_fd, int done_fd)
{
	const struct sp_pressure_opts *o = ((struct child_args *)arg)->o;
	struct shared *sh = ((struct child_args *)arg)->sh;
	long page = sysconf(_SC_PAGESIZE);
	uint64_t n_pages, hot_pages, lines = (uint64_t)page / LINE_BYTES, mf0;
	unsigned char *buf;
	struct sp_rng rng;
	struct sp_time t0, start;
	uint64_t deadline_ns;
	char c;
	int st;

	st = sp_worker_begin(go_fd, &sh->err);
	if (st)
		return st;

	n_pages = (uint64_t)((double)o->limit_bytes * o->over_ratio) / (uint64_t)page;
	hot_pages = (uint64_t)((double)n_pages * o->hot_fraction);
	if (hot_pages < 1)
		hot_pages = 1;
	buf = mmap(NULL, n_pages * (uint64_t)page, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (buf == MAP_FAILED) {
		sh->err = -errno;
		return 4;
	}
	/* a huge page would be swapped as one unit: that is not the 4 KiB path we measure */
	madvise(buf, n_pages * (uint64_t)page, MADV_NOHUGEPAGE);

	/*
	 * Filled in order, so the first pages are the oldest on the LRU when the limit is hit;
	 * the hot set is those first pages, and the touch phase must first pull them back.
	 */
	sh->phase = PH_FILL;
	t0 = sp_now();
	sp_pressure_fill(buf, n_pages, (size_t)page, o->seed);
	sh->fill_ns = sp_elapsed_ns(t0, sp_now());

	sp_rng_seed(&rng, o->seed ^ 0x70726573ull);
	mf0 = majflt_now();
	sh->phase = PH_TOUCH;
	start = sp_now();
	deadline_ns = start.ns + (uint64_t)(o->time_s * 1e9);
	for (;;) {
		uint64_t p = sp_rng_below(&rng, hot_pages);
		uint64_t l = sp_rng_below(&rng, lines);
		volatile uint64_t *w =
		    (volatile uint64_t *)(buf + p * (uint64_t)page + l * LINE_BYTES);
		struct sp_time a, b;

		a = sp_now();
		*w = *w + 1; /* read and dirty one cache line: the page must come back writable */
		b = sp_now();
		sp_hist_add(&sh->hist, sp_elapsed_ns(a, b));
		sh->touches++;
		sh->elapsed_ns = b.ns - start.ns;
		if (b.ns >= deadline_ns)
			break;
	}
	sh->major_faults = majflt_now() - mf0;
	sh->phase = PH_DONE;
	/* stay alive (and charged) until the parent has read the cgroup's swap usage */
	if (write(done_fd, "d", 1) != 1)
		return 5;
	while (read(go_fd, &c, 1) > 0)
		;
	return 0;
}

static int check_opts(const struct sp_pressure_opts *o)
{
	if (o->limit_bytes < (1ull << 20) || !(o->over_ratio > 0) || o->over_ratio > 16 ||
	    !(o->hot_fraction > 0) || o->hot_fraction > 1 || !(o->time_s > 0))
		return -EINVAL;
	return 0;
}

/* Why the workload left before it finished and without an OOM kill, from its exit status. */
static int early_exit(struct sp_err *e, int status, int err)
{
	int code = err ? err : -ECHILD;

	if (WIFSIGNALED(status))
		return sp_err_set(e, code,
				  "the workload was killed by signal %d before it finished",
				  WTERMSIG(status));
	switch (WIFEXITED(status) ? WEXITSTATUS(status) : -1) {
	case 2:
		return sp_err_set(e, code, "the workload could not raise its oom_score_adj");
	case 3:
		return sp_err_set(e, code, "the workload was never released into its cgroup");
	case 4:
		return sp_err_sys(e, code, "the workload could not map its memory");
	case 5:
		return sp_err_set(e, code, "the workload could not report that it finished");
	default:
		return sp_err_sys(e, code, "the workload exited early (status 0x%x)", status);
	}
}

int sp_pressure_run(const struct sp_pressure_opts *o, struct sp_pressure_probe *out,
		    struct sp_err *e)
{
	size_t mark = sp_undo_depth();
	struct sp_memcg cg;
	struct shared *sh;
	uint64_t oom0 = 0, oom1 = 0, cg_majflt = 0, workload;
	struct sp_worker w = SP_WORKER_INIT;
	struct child_args args;
	int have_oom = 0, ret, r, status, finished = 0;
	double timeout_s;
	long page = sysconf(_SC_PAGESIZE);
	char c;

	memset(out, 0, sizeof(*out));
	ret = check_opts(o);
	if (ret)
		return sp_err_set(e, ret, "bad pressure-probe options");
	workload =
	    (uint64_t)((double)o->limit_bytes * o->over_ratio) / (uint64_t)page * (uint64_t)page;
	out->limit_bytes = o->limit_bytes;
	out->hot_bytes =
	    (uint64_t)((double)(workload / (uint64_t)page) * o->hot_fraction) * (uint64_t)page;
	if (!out->hot_bytes)
		out->hot_bytes = (uint64_t)page;
	out->cold_bytes = workload - out->hot_bytes;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		return sp_err_sys(e, -errno, "cannot map the shared result page");
	memset(sh, 0, sizeof(*sh)); /* faulted here: charged to us, not to the workload */
	sp_hist_init(&sh->hist);

	ret = protect_self();
	if (ret) {
		sp_err_sys(e, ret, "cannot protect swapplace from the OOM killer");
		goto out;
	}
	ret = sp_memcg_create("pressure", &cg);
	if (ret) {
		if (ret == -ENOENT)
			sp_err_set(e, ret, "no memory cgroup controller");
		else
			sp_err_sys(e, ret, "cannot create the memory cgroup");
		goto out;
	}
	out->cgroup_version = cg.version;
	ret = sp_memcg_set_limit(&cg, o->limit_bytes);
	if (ret) {
		sp_err_sys(e, ret, "cannot limit the cgroup to %llu bytes",
			   (unsigned long long)o->limit_bytes);
		goto out;
	}
	ret = sp_memcg_set_swap(&cg, o->allow_swap);
	if (ret == -EOPNOTSUPP) {
		/* no swap accounting: v1 swappiness 0 is all we have; none runs without swap on */
		sp_debug("pressure", "cannot %s swap for the cgroup",
			 o->allow_swap ? "allow" : "forbid");
		ret = 0;
	}
	if (ret) {
		sp_err_sys(e, ret, "cannot %s swap for the cgroup",
			   o->allow_swap ? "allow" : "forbid");
		goto out;
	}
	have_oom = sp_memcg_oom_kills(&cg, &oom0) == 0;

	args.o = o;
	args.sh = sh;
	ret = sp_worker_start(&w, &cg, child_main, &args);
	if (ret) {
		sp_err_sys(e, ret, "cannot start the workload in its cgroup");
		goto out;
	}

	timeout_s = o->time_s + SLACK_S + (double)workload / (FILL_MIB_PER_S * 1048576.0);
	/* one byte when the child finished; EOF (-ECHILD) when it died first, an OOM kill? */
	r = sp_worker_read(&w, &c, 1, timeout_s);
	finished = r == 0;
	ret = r == -ECHILD ? 0 : r;
	if (finished) {
		uint64_t swap;

		if (sp_memcg_swap_usage(&cg, &swap) == 0)
			out->swap_used_bytes = swap;
	} else {
		/* killed before it could read its own counters: the cgroup's are the next best */
		sp_memcg_stat(&cg, "pgmajfault", &cg_majflt);
	}
	/* closing the go pipe lets a finished child exit */
	r = sp_worker_reap(&w, ret != 0, REAP_GRACE_S, &status);
	if (r && !ret)
		ret = r;
	if (ret == -ETIMEDOUT)
		sp_err_set(e, ret, "the workload hung past %.0f s and was killed", timeout_s);
	else if (ret == -EINTR)
		sp_err_set(e, ret, "interrupted");
	else if (ret)
		sp_err_sys(e, ret, "waiting for the workload");
	if (ret)
		goto out;

	if (have_oom && sp_memcg_oom_kills(&cg, &oom1) == 0 && oom1 > oom0)
		out->oom_killed = 1;
	if (!w.killed && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
		out->oom_killed = 1;
	if (!finished && !out->oom_killed) {
		/* died on its own without an OOM kill: its setup failed */
		ret = early_exit(e, status, sh->err);
		sp_debug("pressure", "workload exited early: status 0x%x err %d", status, sh->err);
		goto out;
	}
	out->done = 1;
	out->duration_s = (double)sh->elapsed_ns / 1e9;
	out->touches = sh->touches;
	out->touches_per_s = out->duration_s > 0 ? (double)sh->touches / out->duration_s : 0;
	sp_hist_summarize(&sh->hist, &out->lat);
	out->major_faults = finished ? sh->major_faults : cg_majflt;
	sp_debug("pressure", "phase %d fill %.3f s touches %llu oom %d swap %llu", sh->phase,
		 (double)sh->fill_ns / 1e9, (unsigned long long)sh->touches, out->oom_killed,
		 (unsigned long long)out->swap_used_bytes);
out:
	r = sp_undo_run_to(mark);
	if (!ret && r)
		ret = sp_err_sys(e, r, "cleaning up after the workload");
	munmap(sh, sizeof(*sh));
	return ret;
}
