/*
 * buildjob.c - the build job's effects (see buildjob.h): writing the source tree, running the
 * planned units in a forked worker inside a memory cgroup, and measuring each run.
 *
 * Shape, as in pressure.c: the parent creates the cgroup, starts the worker with worker.h
 * (forked, moved in, only then released) and records into a small MAP_SHARED block it faulted
 * in itself (so it is charged to the parent, not the limit) how far the worker got: after an
 * OOM kill that is what says which unit it died in. The parent does not read the worker's
 * pipe: it polls for the worker's exit with waitid(WNOWAIT), which leaves a zombie whose
 * /proc/<pid>/io still holds the totals, reads them, and only then reaps it. wall_s therefore
 * has the poll's granularity (POLL_MS), far below the job's seconds.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "act/memcg.h"
#include "act/undo.h"
#include "act/worker.h"
#include "core/pagefill.h"
#include "core/procparse.h"
#include "core/rng.h"
#include "probe/buildjob.h"
#include "sys/log.h"
#include "sys/sysfs.h"

#define PAGE SP_BUILDJOB_PAGE_BYTES
#define POLL_MS 10
#define KILL_WAIT_S 15.0 /* after a timeout's SIGKILL, before giving up on the worker */
#define FIRST_SAMPLE_EVERY_S 0.25
#define READ_CHUNK_PAGES 16
#define TAG_HEAP 0x68656170ull
#define TAG_OBJ 0x6f626aull

/* ---- the watch ---- */

static int read_vm(uint64_t *in, uint64_t *out, uint64_t *ra, uint64_t *ra_hit, int *has_ra)
{
	char *text;
	int ret = sp_read_all(NULL, "/proc/vmstat", &text);

	if (ret)
		return ret;
	ret = sp_parse_vmstat(text, "pswpin", in);
	if (!ret)
		ret = sp_parse_vmstat(text, "pswpout", out);
	/* swap_ra appeared with VMA-based swap readahead (4.14); absent is not zero */
	*has_ra = !ret && sp_parse_vmstat(text, "swap_ra", ra) == 0 &&
		  sp_parse_vmstat(text, "swap_ra_hit", ra_hit) == 0;
	free(text);
	return ret;
}

static void add_sample(struct sp_job_watch *jw, double t_s, uint64_t pswpout)
{
	if (jw->n_samples == SP_JOB_MAX_SAMPLES) {
		/* full: keep every other sample and sample half as often from now on */
		for (size_t i = 0; i < SP_JOB_MAX_SAMPLES / 2; i++)
			jw->samples[i] = jw->samples[2 * i];
		jw->n_samples = SP_JOB_MAX_SAMPLES / 2;
		jw->sample_every_s *= 2;
	}
	jw->samples[jw->n_samples].t_s = t_s;
	jw->samples[jw->n_samples].pswpout = pswpout;
	jw->n_samples++;
}

int sp_job_watch_start(struct sp_job_watch *jw)
{
	int ret;

	memset(jw, 0, sizeof(*jw));
	ret = read_vm(&jw->pswpin0, &jw->pswpout0, &jw->swap_ra0, &jw->swap_ra_hit0, &jw->has_ra);
	if (ret)
		return ret;
	getrusage(RUSAGE_CHILDREN, &jw->ru0);
	jw->sample_every_s = FIRST_SAMPLE_EVERY_S;
	jw->next_sample_s = FIRST_SAMPLE_EVERY_S;
	jw->t0 = sp_now();
	add_sample(jw, 0, jw->pswpout0);
	return 0;
}

static void sample_now(struct sp_job_watch *jw, double t_s)
{
	uint64_t in, out, ra, hit;
	int has_ra;

	if (read_vm(&in, &out, &ra, &hit, &has_ra) == 0)
		add_sample(jw, t_s, out);
}

void sp_job_watch_tick(struct sp_job_watch *jw)
{
	double t = sp_elapsed_s(jw->t0, sp_now());

	if (t < jw->next_sample_s)
		return;
	sample_now(jw, t);
	jw->next_sample_s = t + jw->sample_every_s;
}

int sp_job_exited(pid_t pid)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) < 0)
		return errno == ECHILD; /* not ours any more: treat as gone */
	return si.si_pid == pid;
}

void sp_job_watch_end(struct sp_job_watch *jw)
{
	jw->t_end = sp_now();
	sample_now(jw, sp_elapsed_s(jw->t0, jw->t_end));
}

int sp_job_read_io(pid_t pid, uint64_t *read_bytes, uint64_t *write_bytes)
{
	char path[64], buf[1024], *p;
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/%d/io", (int)pid);
	n = sp_read_text(NULL, path, buf, sizeof(buf));
	if (n < 0)
		return (int)n;
	/* "read_bytes: N" lines; the keyed parser wants "key N", so drop the colons */
	for (p = buf; *p; p++)
		if (*p == ':')
			*p = ' ';
	if (sp_parse_vmstat(buf, "read_bytes", read_bytes) ||
	    sp_parse_vmstat(buf, "write_bytes", write_bytes))
		return -EINVAL;
	return 0;
}

static double tv_s(struct timeval tv)
{
	return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

void sp_job_watch_finish(struct sp_job_watch *jw, struct sp_scenario_build *out)
{
	struct rusage ru;
	uint64_t in, o, ra, hit, pc;
	int has_ra;

	getrusage(RUSAGE_CHILDREN, &ru);
	out->wall_s = sp_elapsed_s(jw->t0, jw->t_end);
	out->cpu_s =
	    tv_s(ru.ru_utime) - tv_s(jw->ru0.ru_utime) + tv_s(ru.ru_stime) - tv_s(jw->ru0.ru_stime);
	out->major_faults = (uint64_t)(ru.ru_majflt - jw->ru0.ru_majflt);
	if (read_vm(&in, &o, &ra, &hit, &has_ra) == 0) {
		out->pswpin = in - jw->pswpin0;
		out->pswpout = o - jw->pswpout0;
		out->has_swap_ra = has_ra && jw->has_ra;
		if (out->has_swap_ra) {
			out->swap_ra = ra - jw->swap_ra0;
			out->swap_ra_hit = hit - jw->swap_ra_hit0;
		}
	}
	if (out->has_file_io) {
		/* swap-in bios count as the task's reads (submit_bio): take the job's out */
		uint64_t swap_bytes = out->pswpin * (uint64_t)sysconf(_SC_PAGESIZE);

		out->io_read_bytes = out->file_read_bytes;
		out->file_read_bytes =
		    out->io_read_bytes > swap_bytes ? out->io_read_bytes - swap_bytes : 0;
	}
	out->page_cluster = sp_read_u64(NULL, "/proc/sys/vm/page-cluster", &pc) == 0 ? (int)pc : -1;
	if (sp_swapout_from_samples(jw->samples, jw->n_samples, &out->swapout))
		memset(&out->swapout, 0, sizeof(out->swapout));
}

/* ---- the source tree ---- */

static int path_in(char *out, size_t len, const char *dir, const char *what, uint32_t i)
{
	int n = snprintf(out, len, "%s/%s/%04" PRIu32 "%s", dir, what, i,
			 strcmp(what, "src") == 0 ? ".c" : ".o");

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

static int mkdir_in(const char *dir, const char *sub)
{
	char p[4096];

	if ((size_t)snprintf(p, sizeof(p), "%s/%s", dir, sub) >= sizeof(p))
		return -ENAMETOOLONG;
	return mkdir(p, 0755) < 0 && errno != EEXIST ? -errno : 0;
}

static int fsync_dir(const char *dir, const char *sub)
{
	char p[4096];
	int fd, ret = 0;

	snprintf(p, sizeof(p), "%s/%s", dir, sub);
	fd = open(p, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fsync(fd) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

int sp_buildjob_setup(const struct sp_buildjob_plan *p, const char *dir)
{
	unsigned char page[PAGE] __attribute__((aligned(64)));
	char path[4096];
	int ret;

	ret = mkdir_in(dir, "src");
	if (!ret)
		ret = mkdir_in(dir, "obj");
	if (ret)
		return ret;
	for (uint32_t i = 0; i < p->n_sources; i++) {
		uint64_t pages = sp_buildjob_source_bytes(p, i) / PAGE;
		uint64_t seed = sp_buildjob_source_seed(p, i);
		int fd;

		ret = path_in(path, sizeof(path), dir, "src", i);
		if (ret)
			return ret;
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (fd < 0)
			return -errno;
		for (uint64_t k = 0; k < pages && !ret; k++) {
			sp_page_fill(page, PAGE, k, seed);
			ret = sp_write_all(fd, page, PAGE);
		}
		if (!ret && fsync(fd) < 0)
			ret = -errno;
		/* clean now, so DONTNEED really drops them: the first run reads from the disk */
		if (!ret)
			ret = -posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		close(fd);
		if (ret)
			return ret;
	}
	ret = fsync_dir(dir, "src");
	if (!ret)
		ret = fsync_dir(dir, ".");
	return ret;
}

/* Before every run: the previous run's objects gone, everything on disk, sources uncached. */
static int prepare_run(const struct sp_buildjob_plan *p, const char *dir)
{
	char path[4096];
	int fd, ret;

	for (uint32_t u = 0; u < p->n_units; u++) {
		ret = path_in(path, sizeof(path), dir, "obj", u);
		if (ret)
			return ret;
		if (unlink(path) < 0 && errno != ENOENT)
			return -errno;
	}
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/* the unlinks and any writeback of the last run must not land inside this run's time */
	ret = syncfs(fd) < 0 ? -errno : 0;
	close(fd);
	for (uint32_t i = 0; i < p->n_sources && !ret; i++) {
		ret = path_in(path, sizeof(path), dir, "src", i);
		if (ret)
			break;
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return -errno;
		ret = -posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		close(fd);
	}
	return ret;
}

/* ---- the worker ---- */

/* What the worker shares with the parent; the parent reads it after the worker is gone. */
struct shared {
	volatile uint32_t units_done;
	int err;	   /* -errno of the worker's failure */
	uint32_t bad_unit; /* where a source page failed to verify */
	uint64_t checksum; /* of the objects written so far */
};

struct child_args {
	const struct sp_buildjob_plan *p;
	const char *dir;
	struct shared *sh;
};

/* Read and check one source file; its pages' checksums go into *digest. */
static int read_source(const struct sp_buildjob_plan *p, const char *dir, uint32_t i,
		       unsigned char *buf, uint64_t *digest)
{
	uint64_t seed = sp_buildjob_source_seed(p, i), pageno = 0;
	char path[4096];
	int fd, ret;

	ret = path_in(path, sizeof(path), dir, "src", i);
	if (ret)
		return ret;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	for (;;) {
		size_t got = 0;

		while (got < READ_CHUNK_PAGES * PAGE) {
			ssize_t n = read(fd, buf + got, READ_CHUNK_PAGES * PAGE - got);

			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0) {
				ret = -errno;
				goto out;
			}
			if (n == 0)
				break;
			got += (size_t)n;
		}
		if (got % PAGE) {
			ret = -EBADMSG; /* not a whole number of pages: truncated */
			goto out;
		}
		for (size_t off = 0; off < got; off += PAGE, pageno++) {
			uint64_t sum;

			ret = sp_page_verify(buf + off, PAGE, pageno, seed);
			if (ret)
				goto out;
			memcpy(&sum, buf + off + 24, sizeof(sum));
			*digest = sp_mix64(*digest ^ sum);
		}
		if (got < READ_CHUNK_PAGES * PAGE)
			break;
	}
out:
	close(fd);
	return ret;
}

/* Read one word of heap page pg and dirty it: the page must come back, and go out again. */
static inline void touch(unsigned char *heap, uint64_t pg, uint64_t salt, uint64_t *digest)
{
	uint64_t *w = (uint64_t *)(heap + pg * PAGE + 32 + 8 * ((pg + salt) % 508));
	uint64_t v = *w;

	*digest = sp_mix64(*digest ^ v);
	*w = v + 1;
}

static int flush_objects(int *fds, uint32_t *n, const char *dir)
{
	int ret = 0;

	for (uint32_t i = 0; i < *n; i++) {
		if (fsync(fds[i]) < 0 && !ret)
			ret = -errno;
		close(fds[i]);
	}
	*n = 0;
	if (!ret)
		ret = fsync_dir(dir, "obj");
	return ret;
}

static int run_units(const struct sp_buildjob_plan *p, const char *dir, struct shared *sh)
{
	static unsigned char buf[READ_CHUNK_PAGES * PAGE] __attribute__((aligned(4096)));
	unsigned char obj[PAGE] __attribute__((aligned(64)));
	uint64_t heap_bytes = p->heap_pages * PAGE, heap_seed = p->seed ^ TAG_HEAP;
	int fds[64];
	uint32_t n_fds = 0;
	unsigned char *heap;
	int ret = 0;

	if (p->fsync_every > sizeof(fds) / sizeof(fds[0]))
		return -EINVAL;
	heap = mmap(NULL, heap_bytes, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (heap == MAP_FAILED)
		return -errno;
	/* a huge page would be swapped as one unit: a compiler's heap goes out 4 KiB at a time */
	madvise(heap, heap_bytes, MADV_NOHUGEPAGE);
	for (uint32_t u = 0; u < p->n_units && !ret; u++) {
		struct sp_buildjob_unit un;
		uint64_t d = sp_mix64(p->seed ^ TAG_OBJ ^ u), pages;
		char path[4096];
		int fd;

		sp_buildjob_unit_at(p, u, &un);
		for (uint32_t k = 0; k < un.n_hdr && !ret; k++)
			ret = read_source(p, dir, un.hdr[k], buf, &d);
		for (uint32_t i = 0; i < un.src_count && !ret; i++)
			ret = read_source(p, dir, un.src_first + i, buf, &d);
		if (ret) {
			sh->bad_unit = u;
			break;
		}
		for (uint64_t pg = un.heap_lo; pg < un.heap_hi; pg++) {
			uint64_t sum;

			sp_page_fill(heap + pg * PAGE, PAGE, pg, heap_seed);
			memcpy(&sum, heap + pg * PAGE + 24, sizeof(sum));
			d = sp_mix64(d ^ sum);
		}
		for (uint32_t pass = 0; pass < p->window_passes; pass++)
			for (uint64_t pg = un.window_lo; pg < un.heap_hi; pg++)
				touch(heap, pg, u * 7 + pass, &d);
		if (un.full_pass)
			for (uint64_t pg = 0; pg < un.heap_hi; pg++)
				touch(heap, pg, u * 13 + 5, &d);

		ret = path_in(path, sizeof(path), dir, "obj", u);
		if (ret)
			break;
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (fd < 0) {
			ret = -errno;
			break;
		}
		fds[n_fds++] = fd;
		pages = un.object_bytes / PAGE;
		for (uint64_t k = 0; k < pages && !ret; k++) {
			uint64_t sum;

			sp_page_fill(obj, PAGE, k, d);
			memcpy(&sum, obj + 24, sizeof(sum));
			sh->checksum = sp_mix64(sh->checksum ^ sum);
			ret = sp_write_all(fd, obj, PAGE);
		}
		if (!ret && (un.fsync_after || n_fds == sizeof(fds) / sizeof(fds[0])))
			ret = flush_objects(fds, &n_fds, dir);
		if (!ret)
			sh->units_done = u + 1;
	}
	for (uint32_t i = 0; i < n_fds; i++)
		close(fds[i]);
	munmap(heap, heap_bytes);
	return ret;
}

static int child_main(void *arg, int go_fd, int result_fd)
{
	struct child_args *a = arg;

	(void)result_fd;
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	/* an inherited -1000 would make the worker unkillable: a memcg OOM would livelock */
	sp_write_text("/proc/self/oom_score_adj", "1000");
	if (sp_worker_await_go(go_fd))
		return 3;
	a->sh->err = run_units(a->p, a->dir, a->sh);
	return a->sh->err ? 1 : 0;
}

/* ---- one run ---- */

static void run_once(const struct sp_buildjob_plan *p, const char *dir,
		     const struct sp_buildjob_opts *o, struct sp_scenario_build *out, int *err)
{
	size_t mark = sp_undo_depth();
	struct sp_worker w = SP_WORKER_INIT;
	struct sp_job_watch *jw = NULL;
	struct child_args args;
	struct sp_memcg cg;
	struct shared *sh;
	uint64_t oom0 = 0, oom1 = 0;
	int have_oom, ret, r, status = 0;

	memset(out, 0, sizeof(*out));
	out->status = SP_STATUS_FAILED;
	out->units_total = p->n_units;
	out->exit_code = -1;
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		*err = -errno;
		snprintf(out->reason, sizeof(out->reason), "cannot map: %s", strerror(-*err));
		return;
	}
	memset(sh, 0, sizeof(*sh)); /* faulted here: charged to us, not to the worker */
	jw = malloc(sizeof(*jw));
	ret = jw ? prepare_run(p, dir) : -ENOMEM;
	if (ret) {
		snprintf(out->reason, sizeof(out->reason), "cannot prepare '%s': %s", dir,
			 strerror(-ret));
		goto out;
	}
	ret = sp_memcg_create("build", &cg);
	if (!ret && o->limit_bytes)
		ret = sp_memcg_set_limit(&cg, o->limit_bytes);
	if (!ret) {
		r = sp_memcg_set_swap(&cg, o->allow_swap);
		ret = r == -EOPNOTSUPP ? 0 : r; /* v1 without swap accounting: swappiness only */
	}
	if (ret) {
		snprintf(out->reason, sizeof(out->reason), "memory cgroup: %s", strerror(-ret));
		goto out;
	}
	have_oom = sp_memcg_oom_kills(&cg, &oom0) == 0;
	ret = sp_job_watch_start(jw);
	if (!ret) {
		args.p = p;
		args.dir = dir;
		args.sh = sh;
		ret = sp_worker_start(&w, &cg, child_main, &args);
	}
	if (ret) {
		snprintf(out->reason, sizeof(out->reason), "cannot start the job: %s",
			 strerror(-ret));
		goto out;
	}
	jw->t0 = sp_now(); /* from the release: the fork and the cgroup move are not the job */
	for (;;) {
		struct timespec tick = {0, POLL_MS * 1000000L};

		if (sp_job_exited(w.pid))
			break;
		if (sp_interrupted()) {
			ret = -EINTR;
			break;
		}
		if (out->timed_out && sp_elapsed_s(jw->t0, sp_now()) > o->timeout_s + KILL_WAIT_S) {
			ret =
			    -ETIMEDOUT; /* stuck in the kernel: the cgroup's removal tries again */
			break;
		}
		if (!out->timed_out && sp_elapsed_s(jw->t0, sp_now()) > o->timeout_s) {
			out->timed_out = 1;
			kill(w.pid, SIGKILL);
			w.killed = 1;
		}
		sp_job_watch_tick(jw);
		nanosleep(&tick, NULL);
	}
	sp_job_watch_end(jw);
	out->has_file_io =
	    sp_job_read_io(w.pid, &out->file_read_bytes, &out->file_written_bytes) == 0;
	r = sp_worker_reap(&w, ret != 0, 0, &status);
	if (ret || r) {
		ret = ret ? ret : r;
		snprintf(out->reason, sizeof(out->reason), "job: %s", strerror(-ret));
		goto out;
	}
	sp_job_watch_finish(jw, out);
	out->units_done = sh->units_done;
	out->objects_checksum = sh->checksum;
	if (have_oom && sp_memcg_oom_kills(&cg, &oom1) == 0 && oom1 > oom0)
		out->oom_killed = 1;
	if (!w.killed && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
		out->oom_killed = 1;
	if (WIFEXITED(status))
		out->exit_code = WEXITSTATUS(status);
	if (out->timed_out)
		snprintf(out->reason, sizeof(out->reason),
			 "timed out after %g s in unit %u of %u: killed", o->timeout_s,
			 sh->units_done + 1, p->n_units);
	else if (out->oom_killed)
		snprintf(out->reason, sizeof(out->reason),
			 "oom-killed in unit %u of %u (limit %" PRIu64 " MiB)", sh->units_done + 1,
			 p->n_units, o->limit_bytes >> 20);
	else if (sh->err)
		snprintf(out->reason, sizeof(out->reason), "the job failed in unit %u: %s",
			 sh->units_done + 1, strerror(-sh->err));
	else if (!WIFEXITED(status) || WEXITSTATUS(status) || sh->units_done != p->n_units)
		snprintf(out->reason, sizeof(out->reason),
			 "the job ended early (status 0x%x) after %u of %u units", status,
			 sh->units_done, p->n_units);
	else
		out->status = SP_STATUS_OK;
	sp_debug("buildjob",
		 "run: %.3f s, cpu %.3f s, pswpin %" PRIu64 " pswpout %" PRIu64 ", majflt %" PRIu64
		 ", status %d",
		 out->wall_s, out->cpu_s, out->pswpin, out->pswpout, out->major_faults,
		 out->status);
out:
	r = sp_undo_run_to(mark);
	if (!ret && r)
		sp_debug("buildjob", "undo: %d", r);
	*err = ret;
	free(jw);
	munmap(sh, sizeof(*sh));
}

void sp_buildjob_defaults(const struct sp_buildjob_plan *p, struct sp_buildjob_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->limit_bytes = p->budget_bytes;
	o->allow_swap = 1;
	o->n_runs = 1;
	o->timeout_s = 3600;
}

int sp_buildjob_run(const struct sp_buildjob_plan *p, const char *dir,
		    const struct sp_buildjob_opts *o, struct sp_scenario_build *out)
{
	struct sp_scenario_build run;
	size_t best = 0;
	int err = 0;

	memset(out, 0, sizeof(*out));
	out->status = SP_STATUS_FAILED;
	if (o->n_runs < 1 || o->n_runs > SP_BUILD_MAX_RUNS || !(o->timeout_s > 0)) {
		snprintf(out->reason, sizeof(out->reason), "bad options");
		return -EINVAL;
	}
	for (size_t i = 0; i < o->n_runs; i++) {
		run_once(p, dir, o, &run, &err);
		if (err || run.status != SP_STATUS_OK) {
			/* the failed run is the result: its counters say how far it got */
			double runs[SP_BUILD_MAX_RUNS];

			memcpy(runs, out->wall_s_runs, sizeof(runs));
			*out = run;
			memcpy(out->wall_s_runs, runs, sizeof(runs));
			out->n_runs = i;
			return err;
		}
		if (i && run.objects_checksum != out->objects_checksum) {
			double runs[SP_BUILD_MAX_RUNS];

			memcpy(runs, out->wall_s_runs, sizeof(runs));
			*out = run;
			memcpy(out->wall_s_runs, runs, sizeof(runs));
			out->wall_s_runs[i] = run.wall_s;
			out->n_runs = i + 1;
			out->status = SP_STATUS_INVALID;
			snprintf(
			    out->reason, sizeof(out->reason),
			    "run %zu wrote other objects than run 1: the data came back changed",
			    i + 1);
			return 0;
		}
		if (i == 0 || run.wall_s < out->wall_s) {
			double runs[SP_BUILD_MAX_RUNS];

			memcpy(runs, out->wall_s_runs, sizeof(runs));
			*out = run;
			memcpy(out->wall_s_runs, runs, sizeof(runs));
			best = i;
		}
		out->wall_s_runs[i] = run.wall_s;
		out->n_runs = i + 1;
	}
	sp_debug("buildjob", "%zu runs, fastest is run %zu: %.3f s", o->n_runs, best + 1,
		 out->wall_s);
	return 0;
}
