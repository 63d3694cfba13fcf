/*
 * buildjob.c - the build job's effects (see buildjob.h): writing the source tree, running the
 * planned units in a forked worker inside a memory cgroup, and measuring each run.
 *
 * Shape: probe/jobrun.c runs the worker in its cgroup and measures it (shared with the user's
 * job); the worker records into a small MAP_SHARED block the parent faulted in itself (so it
 * is charged to the parent, not the limit) how far it got: after an OOM kill that is what
 * says which unit it died in.
 */
#include "probe/buildjob.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
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
#include "core/measure/pagefill.h"
#include "core/measure/procparse.h"
#include "core/measure/rng.h"
#include "probe/jobrun.h"
#include "sys/log.h"
#include "sys/sysfs.h"

#define PAGE SP_BUILDJOB_PAGE_BYTES
#define READ_CHUNK_PAGES 16
#define TAG_HEAP 0x68656170ull
#define TAG_OBJ 0x6f626aull

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

	snprintf(p, sizeof(p), "%s/%s", dir, sub);
	return sp_fsync_dir(p);
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
	heap = sp_job_map_anon(heap_bytes);
	if (!heap)
		return -ENOMEM;
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
	int st;

	(void)result_fd;
	st = sp_worker_begin(go_fd, &a->sh->err);
	if (st)
		return st;
	a->sh->err = run_units(a->p, a->dir, a->sh);
	return a->sh->err ? 1 : 0;
}

/* ---- one run ---- */

static void run_once(const struct sp_buildjob_plan *p, const char *dir,
		     const struct sp_buildjob_opts *o, struct sp_scenario_build *out, int *err)
{
	struct sp_jobrun j = {.cg_name = "build",
			      .limit_bytes = o->limit_bytes,
			      .allow_swap = o->allow_swap,
			      .timeout_s = o->timeout_s};
	struct child_args args;
	struct shared *sh;
	int ret, status = 0;

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
	ret = prepare_run(p, dir);
	if (ret) {
		snprintf(out->reason, sizeof(out->reason), "cannot prepare '%s': %s", dir,
			 strerror(-ret));
		goto out;
	}
	args.p = p;
	args.dir = dir;
	args.sh = sh;
	ret = sp_jobrun_once(&j, child_main, &args, out, &status);
	if (ret)
		goto out;
	out->units_done = sh->units_done;
	out->objects_checksum = sh->checksum;
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
	*err = ret;
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

int sp_buildjob_calibrate(double *page_s)
{
	const uint64_t n = (16u << 20) / PAGE;
	unsigned char *mem =
	    mmap(NULL, n * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct sp_time t0;
	int ret = 0;

	if (mem == MAP_FAILED)
		return -errno;
	t0 = sp_now();
	for (uint64_t k = 0; k < n; k++)
		sp_page_fill(mem + k * PAGE, PAGE, k, 1);
	for (uint64_t k = 0; k < n && !ret; k++)
		ret = sp_page_verify(mem + k * PAGE, PAGE, k, 1);
	*page_s = sp_elapsed_s(t0, sp_now()) / (double)(2 * n);
	munmap(mem, n * PAGE);
	return ret < 0 ? ret : 0;
}
