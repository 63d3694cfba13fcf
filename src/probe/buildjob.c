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
#include <zstd.h>

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

/* ---- the trees ---- */

/* dir/what/NNNN.ext for the project's files */
static int path_in(char *out, size_t len, const char *dir, const char *what, uint32_t i)
{
	const char *ext = strcmp(what, "src") == 0 ? ".c" : strcmp(what, "obj") == 0 ? ".o" : ".hi";
	int n = snprintf(out, len, "%s/%s/%04" PRIu32 "%s", dir, what, i, ext);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/* dir/cc1 (k 0) or dir/libK.so */
static int tool_path(char *out, size_t len, const char *dir, uint32_t k)
{
	int n = k ? snprintf(out, len, "%s/lib%" PRIu32 ".so", dir, k)
		  : snprintf(out, len, "%s/cc1", dir);

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

/*
 * Write pages pagefill pages of seed to path; their checksums go into *sum. settle: fsync'd and
 * dropped from the page cache (clean first, so DONTNEED really drops them: the first run reads
 * from the disk), as setup leaves its trees; otherwise left dirty, as a compiler leaves its
 * output.
 */
static int write_pages(const char *path, uint64_t pages, uint64_t seed, uint64_t *sum, int settle)
{
	unsigned char page[PAGE] __attribute__((aligned(64)));
	int fd, ret = 0;

	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	for (uint64_t k = 0; k < pages && !ret; k++) {
		uint64_t s;

		sp_page_fill(page, PAGE, k, seed);
		memcpy(&s, page + 24, sizeof(s));
		*sum = sp_mix64(*sum ^ s);
		ret = sp_write_all(fd, page, PAGE);
	}
	if (settle && !ret && fsync(fd) < 0)
		ret = -errno;
	if (settle && !ret)
		ret = -posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	if (close(fd) < 0 && !ret)
		ret = -errno;
	return ret;
}

/* As setup leaves a file: written, on disk, not cached. */
static int write_filled(const char *path, uint64_t pages, uint64_t seed)
{
	uint64_t unused = 0;

	return write_pages(path, pages, seed, &unused, 1);
}

int sp_buildjob_setup_toolchain(const struct sp_buildjob_plan *p, const char *dir)
{
	char path[4096];
	int ret = 0;

	for (uint32_t k = 0; k <= SP_BUILDJOB_LIBS && !ret; k++) {
		ret = tool_path(path, sizeof(path), dir, k);
		if (!ret)
			ret = write_filled(path, sp_buildjob_tool_bytes(p, k) / PAGE,
					   sp_buildjob_tool_seed(p, k));
	}
	return ret ? ret : sp_fsync_dir(dir);
}

int sp_buildjob_setup(const struct sp_buildjob_plan *p, const char *dir)
{
	char path[4096];
	int ret;

	ret = mkdir_in(dir, "src");
	if (!ret)
		ret = mkdir_in(dir, "obj");
	if (!ret)
		ret = mkdir_in(dir, "iface");
	if (ret)
		return ret;
	for (uint32_t i = 0; i < p->n_sources; i++) {
		ret = path_in(path, sizeof(path), dir, "src", i);
		if (!ret)
			ret = write_filled(path, sp_buildjob_source_bytes(p, i) / PAGE,
					   sp_buildjob_source_seed(p, i));
		if (ret)
			return ret;
	}
	ret = fsync_dir(dir, "src");
	if (!ret)
		ret = fsync_dir(dir, ".");
	return ret;
}

static int drop_cached(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret;

	if (fd < 0)
		return -errno;
	ret = -posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	close(fd);
	return ret;
}

static int unlink_quiet(const char *path)
{
	return unlink(path) < 0 && errno != ENOENT ? -errno : 0;
}

/*
 * Before every run: the previous run's objects, interfaces and program gone, everything on
 * disk, the sources and the toolchain uncached: every run starts as the first did.
 */
static int prepare_run(const struct sp_buildjob_plan *p, const char *dir, const char *tooldir)
{
	char path[4096];
	int fd, ret = 0;

	for (uint32_t u = 0; u < p->n_units && !ret; u++) {
		ret = path_in(path, sizeof(path), dir, "obj", u);
		if (!ret)
			ret = unlink_quiet(path);
		if (!ret)
			ret = path_in(path, sizeof(path), dir, "iface", u);
		if (!ret)
			ret = unlink_quiet(path);
	}
	if (!ret && (size_t)snprintf(path, sizeof(path), "%s/a.out", dir) >= sizeof(path))
		ret = -ENAMETOOLONG;
	if (!ret)
		ret = unlink_quiet(path);
	if (ret)
		return ret;
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/* the unlinks and any writeback of the last run must not land inside this run's time */
	ret = syncfs(fd) < 0 ? -errno : 0;
	close(fd);
	for (uint32_t i = 0; i < p->n_sources && !ret; i++) {
		ret = path_in(path, sizeof(path), dir, "src", i);
		if (!ret)
			ret = drop_cached(path);
	}
	for (uint32_t k = 0; k <= SP_BUILDJOB_LIBS && !ret; k++) {
		ret = tool_path(path, sizeof(path), tooldir, k);
		if (!ret)
			ret = drop_cached(path);
	}
	return ret;
}

/* ---- the worker ---- */

/* Each process's read buffer for sources, interfaces and the link (a process is one thread). */
static unsigned char read_buf[READ_CHUNK_PAGES * PAGE] __attribute__((aligned(4096)));

/* One process's clock: wall time not spent on its CPU, by what it waited in. */
struct proc_time {
	uint64_t wait_swap_ns, wait_file_ns, cpu_ns;
};

/* What the worker's processes share with the parent; it reads it after they are gone. */
struct shared {
	volatile uint32_t units_done; /* units finished, in any order */
	int err;		      /* -errno of the first failure */
	uint32_t bad_unit;	      /* where it failed */
	volatile uint8_t done[SP_BUILDJOB_MAX_UNITS];
	uint64_t unit_sum[SP_BUILDJOB_MAX_UNITS]; /* each unit's object checksum */
	uint64_t link_sum;
	struct proc_time t[SP_BUILDJOB_MAX_JOBS];
};

struct child_args {
	const struct sp_buildjob_plan *p;
	const char *dir, *tooldir;
	struct shared *sh;
};

/* The toolchain as one process maps it. */
struct tool_map {
	const unsigned char *base[SP_BUILDJOB_LIBS + 1];
	uint64_t pages[SP_BUILDJOB_LIBS + 1];
	uint64_t cold_pages; /* the compiler's beyond its hot code, and every library page */
};

struct clock2 {
	struct timespec wall, cpu;
};

static void clock2_now(struct clock2 *c)
{
	clock_gettime(CLOCK_MONOTONIC, &c->wall);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c->cpu);
}

static int64_t ns_between(struct timespec a, struct timespec b)
{
	return (int64_t)(b.tv_sec - a.tv_sec) * 1000000000 + (b.tv_nsec - a.tv_nsec);
}

/* Add the wall time since *c not spent on the CPU to *wait_ns; *c becomes now. */
static void clock2_charge(struct clock2 *c, uint64_t *wait_ns)
{
	struct clock2 now;
	int64_t w;

	clock2_now(&now);
	w = ns_between(c->wall, now.wall) - ns_between(c->cpu, now.cpu);
	if (w > 0)
		*wait_ns += (uint64_t)w;
	*c = now;
}

/* Read and check one file of pagefill pages of seed; its pages' checksums go into *digest. */
static int read_filled(const char *path, uint64_t seed, unsigned char *buf, uint64_t *digest)
{
	uint64_t pageno = 0;
	int fd, ret = 0;

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

/* Execute code: read a word of toolchain file k's page pg (a read-only, clean file page). */
static inline void run_code(const struct tool_map *t, uint32_t k, uint64_t pg, uint64_t *digest)
{
	uint64_t v;

	memcpy(&v, t->base[k] + pg * PAGE + 8 * (pg % 512), sizeof(v));
	*digest = sp_mix64(*digest ^ v);
}

/* A random cold code page: the compiler's beyond its hot part, or a library's. */
static void cold_code(const struct sp_buildjob_plan *p, const struct tool_map *t, struct sp_rng *r,
		      uint64_t *digest)
{
	uint64_t x = sp_rng_below(r, t->cold_pages);
	uint32_t k = 0;

	x += p->hot_code_pages;
	while (k < SP_BUILDJOB_LIBS && x >= t->pages[k]) {
		x -= t->pages[k];
		k++;
	}
	run_code(t, k, x, digest);
}

static int map_tools(const struct sp_buildjob_plan *p, const char *tooldir, struct tool_map *t)
{
	char path[4096];

	memset(t, 0, sizeof(*t));
	for (uint32_t k = 0; k <= SP_BUILDJOB_LIBS; k++) {
		int fd, ret = tool_path(path, sizeof(path), tooldir, k);
		void *m;

		if (ret)
			return ret;
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return -errno;
		t->pages[k] = sp_buildjob_tool_bytes(p, k) / PAGE;
		m = mmap(NULL, t->pages[k] * PAGE, PROT_READ, MAP_PRIVATE, fd, 0);
		close(fd);
		if (m == MAP_FAILED)
			return -errno;
		t->base[k] = m;
		t->cold_pages += k ? t->pages[k] : t->pages[k] - p->hot_code_pages;
	}
	return 0;
}

static void unmap_tools(struct tool_map *t)
{
	for (uint32_t k = 0; k <= SP_BUILDJOB_LIBS; k++)
		if (t->base[k])
			munmap((void *)t->base[k], t->pages[k] * PAGE);
}

/* Wait until the modules unit un imports are compiled (by other processes, with --jobs). */
static int await_deps(const struct sp_buildjob_unit *un, struct shared *sh)
{
	for (uint32_t i = 0; i < un->n_dep; i++)
		while (!__atomic_load_n(&sh->done[un->dep[i]], __ATOMIC_ACQUIRE)) {
			if (__atomic_load_n(&sh->err, __ATOMIC_RELAXED))
				return -ECANCELED; /* another process failed: its unit never comes
						    */
			usleep(1000);
		}
	return 0;
}

/* One module: read, allocate, work, write. Times go into *pt. */
static int compile_unit(const struct sp_buildjob_plan *p, const char *dir,
			const struct sp_buildjob_unit *un, unsigned char *heap,
			const struct tool_map *t, unsigned char *buf, struct proc_time *pt,
			struct shared *sh)
{
	uint64_t d = sp_mix64(p->seed ^ TAG_OBJ ^ un->index), heap_seed = p->seed ^ TAG_HEAP;
	unsigned char shape[PAGE] __attribute__((aligned(64)));
	uint64_t shape_sum;
	uint64_t imp_lo[SP_BUILDJOB_MAX_DEPS], imp_n[SP_BUILDJOB_MAX_DEPS];
	uint32_t n_imp = 0;
	struct sp_buildjob_unit dep;
	struct clock2 c;
	char path[4096];
	struct sp_rng r;
	int ret = 0;

	clock2_now(&c);
	/* the headers, its sources and the interfaces of what it imports */
	for (uint32_t k = 0; k < un->n_hdr && !ret; k++)
		ret = path_in(path, sizeof(path), dir, "src", un->hdr[k])
			  ?: read_filled(path, sp_buildjob_source_seed(p, un->hdr[k]), buf, &d);
	for (uint32_t i = 0; i < un->src_count && !ret; i++)
		ret = path_in(path, sizeof(path), dir, "src", un->src_first + i)
			  ?: read_filled(path, sp_buildjob_source_seed(p, un->src_first + i), buf,
					 &d);
	for (uint32_t i = 0; i < un->n_dep && !ret; i++)
		ret = path_in(path, sizeof(path), dir, "iface", un->dep[i])
			  ?: read_filled(path, sp_buildjob_iface_seed(p, un->dep[i]), buf, &d);
	clock2_charge(&c, &pt->wait_file_ns);
	if (ret)
		return ret;

	/*
	 * Its new heap, allocated and filled: one text-like page of the unit's own, copied into
	 * every page it allocates with the page's number stamped in its first word (the touches
	 * read and dirty words from 32 on). A compiler's heap objects repeat their shapes, and a
	 * generated page per heap page made the job's CPU time, not its waits, most of a run in
	 * RAM under an emulated CPU (ram 7.7 s against start 36 s at 7200 rpm; the field's ratio
	 * is 10). Every page still differs and compresses as text does.
	 */
	sp_page_fill(shape, PAGE, un->index, heap_seed);
	memcpy(&shape_sum, shape + 24, sizeof(shape_sum));
	for (uint64_t pg = un->heap_lo; pg < un->heap_hi; pg++) {
		memcpy(heap + pg * PAGE, shape, PAGE);
		memcpy(heap + pg * PAGE, &pg, sizeof(pg));
		d = sp_mix64(d ^ shape_sum ^ pg);
	}
	clock2_charge(&c, &pt->wait_swap_ns);

	/* the heap of the imported modules this process compiled: found once, not per touch */
	for (uint32_t i = 0; i < un->n_dep; i++) {
		sp_buildjob_unit_at(p, un->dep[i], &dep);
		if (dep.proc == un->proc) {
			imp_lo[n_imp] = dep.heap_lo;
			imp_n[n_imp++] = dep.heap_hi - dep.heap_lo;
		}
	}
	/*
	 * The work, in steps: the hot code, now and then a cold page of code, and heap touches
	 * at random, import_in_4 in 4 in what it imports, the rest in its own new heap. The code
	 * touches and the heap touches are timed apart, so their waits are told apart.
	 */
	sp_rng_seed(&r, un->rng_seed);
	for (uint64_t s = 0; s < p->steps_per_unit; s++) {
		for (uint32_t k = 0; k < p->hot_per_step; k++)
			run_code(t, 0, sp_rng_below(&r, p->hot_code_pages), &d);
		if (s % p->cold_every == 0)
			cold_code(p, t, &r, &d);
		clock2_charge(&c, &pt->wait_file_ns);
		for (uint32_t k = 0; k < p->heap_per_step; k++) {
			uint64_t lo = un->heap_lo, n = un->heap_hi - un->heap_lo;

			if (n_imp && sp_rng_below(&r, 4) < p->import_in_4) {
				uint32_t i = (uint32_t)sp_rng_below(&r, n_imp);

				lo = imp_lo[i];
				n = imp_n[i];
			}
			touch(heap, lo + sp_rng_below(&r, n), s, &d);
		}
		clock2_charge(&c, &pt->wait_swap_ns);
	}

	/* its object and its interface, without fsync: a compiler's output */
	ret = path_in(path, sizeof(path), dir, "obj", un->index)
		  ?: write_pages(path, un->object_bytes / PAGE, d, &sh->unit_sum[un->index], 0);
	if (!ret) {
		uint64_t ignored = 0;

		ret = path_in(path, sizeof(path), dir, "iface", un->index)
			  ?: write_pages(path, p->iface_bytes / PAGE,
					 sp_buildjob_iface_seed(p, un->index), &ignored, 0);
	}
	clock2_charge(&c, &pt->wait_file_ns);
	return ret;
}

/* The link: every object read back, the program written. */
static int link_objects(const struct sp_buildjob_plan *p, const char *dir, unsigned char *buf,
			struct shared *sh, struct proc_time *pt)
{
	uint64_t total = 0, d = 0;
	struct clock2 c;
	char path[4096];
	int ret = 0;

	clock2_now(&c);
	for (uint32_t u = 0; u < p->n_units && !ret; u++) {
		struct sp_buildjob_unit un;
		int fd;

		sp_buildjob_unit_at(p, u, &un);
		ret = path_in(path, sizeof(path), dir, "obj", u);
		if (ret)
			break;
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			ret = -errno;
			break;
		}
		for (;;) {
			ssize_t n = read(fd, buf, READ_CHUNK_PAGES * PAGE);

			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0)
				ret = -errno;
			if (n <= 0)
				break;
			for (ssize_t off = 0; off + 8 <= n; off += PAGE) {
				uint64_t w;

				memcpy(&w, buf + off + 24, sizeof(w));
				d = sp_mix64(d ^ w);
			}
			total += (uint64_t)n;
		}
		close(fd);
		if (!ret && total == 0)
			ret = -EBADMSG;
	}
	if (!ret)
		ret = (size_t)snprintf(path, sizeof(path), "%s/a.out", dir) >= sizeof(path)
			  ? -ENAMETOOLONG
			  : write_pages(path, total / 2 / PAGE + 1, d, &sh->link_sum, 0);
	clock2_charge(&c, &pt->wait_file_ns);
	return ret;
}

/* Process k's share of the job: its units in order, each after what it imports. */
static int run_proc(const struct sp_buildjob_plan *p, const char *dir, const char *tooldir,
		    uint32_t k, struct shared *sh)
{
	uint64_t heap_bytes = sp_buildjob_proc_heap_pages(p, k) * PAGE;
	struct proc_time *pt = &sh->t[k];
	struct tool_map t;
	struct timespec c0, c1;
	unsigned char *heap;
	int ret;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
	ret = map_tools(p, tooldir, &t);
	heap = ret ? NULL : sp_job_map_anon(heap_bytes);
	if (!ret && !heap)
		ret = -ENOMEM;
	for (uint32_t u = k; u < p->n_units && !ret; u += p->jobs) {
		struct sp_buildjob_unit un;

		sp_buildjob_unit_at(p, u, &un);
		ret = await_deps(&un, sh);
		if (!ret)
			ret = compile_unit(p, dir, &un, heap, &t, read_buf, pt, sh);
		if (ret) {
			sh->bad_unit = u;
			break;
		}
		__atomic_store_n(&sh->done[u], 1, __ATOMIC_RELEASE);
		__atomic_add_fetch(&sh->units_done, 1, __ATOMIC_RELAXED);
	}
	if (heap)
		munmap(heap, heap_bytes);
	unmap_tools(&t);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
	pt->cpu_ns += (uint64_t)ns_between(c0, c1);
	if (ret)
		__atomic_compare_exchange_n(&sh->err, &(int){0}, ret, 0, __ATOMIC_RELAXED,
					    __ATOMIC_RELAXED);
	return ret;
}

static int child_main(void *arg, int go_fd, int result_fd)
{
	struct child_args *a = arg;
	pid_t kids[SP_BUILDJOB_MAX_JOBS];
	uint32_t n_kids = 0;
	int st, ret;

	(void)result_fd;
	st = sp_worker_begin(go_fd, &a->sh->err);
	if (st)
		return st;
	/* processes 1 .. jobs - 1, as make -j starts them; this one is process 0 */
	for (uint32_t k = 1; k < a->p->jobs; k++) {
		pid_t pid = fork();

		if (pid == 0)
			_exit(run_proc(a->p, a->dir, a->tooldir, k, a->sh) ? 1 : 0);
		if (pid < 0) {
			a->sh->err = -errno;
			break;
		}
		kids[n_kids++] = pid;
	}
	ret = a->sh->err ? a->sh->err : run_proc(a->p, a->dir, a->tooldir, 0, a->sh);
	/* reaped, so their rusage and /proc io count as this worker's */
	for (uint32_t i = 0; i < n_kids; i++)
		while (waitpid(kids[i], &st, 0) < 0 && errno == EINTR)
			;
	if (!ret && !a->sh->err) {
		struct timespec c0, c1;

		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
		ret = link_objects(a->p, a->dir, read_buf, a->sh, &a->sh->t[0]);
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
		a->sh->t[0].cpu_ns += (uint64_t)ns_between(c0, c1);
		if (ret)
			a->sh->err = ret;
	}
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
	ret = prepare_run(p, dir, o->tool_dir);
	if (ret) {
		snprintf(out->reason, sizeof(out->reason), "cannot prepare '%s': %s", dir,
			 strerror(-ret));
		goto out;
	}
	args.p = p;
	args.dir = dir;
	args.tooldir = o->tool_dir;
	args.sh = sh;
	ret = sp_jobrun_once(&j, child_main, &args, out, &status);
	if (ret)
		goto out;
	out->units_done = sh->units_done;
	out->jobs = p->jobs;
	/* the objects in the plan's order, whichever process wrote them when */
	for (uint32_t u = 0; u < p->n_units; u++)
		out->objects_checksum = sp_mix64(out->objects_checksum ^ sh->unit_sum[u]);
	out->objects_checksum = sp_mix64(out->objects_checksum ^ sh->link_sum);
	out->regime.done = 1;
	out->regime.working_set_bytes = p->working_set_bytes;
	out->regime.limit_bytes = o->limit_bytes;
	for (uint32_t k = 0; k < p->jobs; k++) {
		out->regime.wait_swap_s += (double)sh->t[k].wait_swap_ns / 1e9;
		out->regime.wait_file_s += (double)sh->t[k].wait_file_ns / 1e9;
		out->regime.cpu_s += (double)sh->t[k].cpu_ns / 1e9;
	}
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
	if (o->n_runs < 1 || o->n_runs > SP_BUILD_MAX_RUNS || !(o->timeout_s > 0) || !o->tool_dir) {
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

/*
 * The CPU calibration: the job's pages through zstd at level 1 (libzstd, the field's library,
 * never a compressor of our own), for timing only. The kernel's LZ compressors do the same kind
 * of work per byte (a hash, a compare, a copy), so the time scales with the CPU as theirs does;
 * the estimate's shares (core/scenario/estimate.h) turn it into swap-in and swap-out costs.
 */
int sp_buildjob_calibrate_compress(double *compress_page_s)
{
	enum { N = 1024 }; /* 4 MiB of the job's pages: a few ms on a host, a second under TCG */
	size_t cap = ZSTD_compressBound(PAGE);
	unsigned char *mem = malloc(N * PAGE + cap);
	ZSTD_CCtx *cctx = ZSTD_createCCtx();
	int ret = 0;
	struct sp_time t0;

	if (!mem || !cctx) {
		ret = -ENOMEM;
		goto out;
	}
	for (uint64_t k = 0; k < N; k++)
		sp_page_fill(mem + k * PAGE, PAGE, k, 1);
	t0 = sp_now();
	for (uint64_t k = 0; k < N && !ret; k++)
		if (ZSTD_isError(
			ZSTD_compressCCtx(cctx, mem + N * PAGE, cap, mem + k * PAGE, PAGE, 1)))
			ret = -EIO;
	*compress_page_s = sp_elapsed_s(t0, sp_now()) / N;
	if (!ret && !(*compress_page_s > 0))
		ret = -EIO;
out:
	ZSTD_freeCCtx(cctx);
	free(mem);
	return ret;
}
