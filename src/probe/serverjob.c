/*
 * serverjob.c - the cache and gc scenarios' effects (see serverjob.h): the workers, what they
 * read about themselves (/proc/vmstat, rusage, mincore, PSI) and each case's run through
 * probe/jobrun.c.
 *
 * Why the worker reads the counters itself: a case's span starts after its fill and warm-up,
 * which only the worker knows; jobrun's watch covers the whole run (it gives the gc run's
 * totals and the OOM kill).
 */
#include "core/scenario/serverjob.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "act/undo.h"
#include "act/worker.h"
#include "core/measure/hist.h"
#include "core/measure/pagefill.h"
#include "core/measure/procparse.h"
#include "core/measure/rng.h"
#include "probe/jobrun.h"
#include "probe/serverjob.h"
#include "sys/log.h"
#include "sys/sysfs.h"
#include "sys/timer.h"
#include "sys/vmstat.h"

#define TAG_OTHER 0x6f74686572ull
#define TAG_DB 0x6462ull
#define TAG_HEAP 0x67636865ull
#define TAG_META 0x6d657461ull
#define MINCORE_EVERY_S 0.25
#define DB_NAME "swapplace-cache.db"

static uint64_t page_bytes(void)
{
	long p = sysconf(_SC_PAGESIZE);

	return p > 0 ? (uint64_t)p : 4096;
}

static int read_vm(struct sp_server_vm *v)
{
	char text[SP_VMSTAT_BUF];
	ssize_t n = sp_vmstat_read(text, sizeof(text));

	return n < 0 ? (int)n : sp_server_vm_parse(text, v);
}

static uint64_t my_majflt(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (uint64_t)ru.ru_majflt;
}

/* Read and dirty one word of a page's body (past the 32-byte header: the metadata stays). */
static inline void touch_body(unsigned char *page, uint64_t pg_bytes, uint64_t r)
{
	volatile uint64_t *w = (volatile uint64_t *)(page + 32 + 8 * (r % ((pg_bytes - 32) / 8)));

	*w = *w + 1;
}

/* ---- cache ---- */

/*
 * The case's processes, as the seed's box had them under one limit: the database process
 * (its buffer pool, served by `threads` client threads, as sysbench's 8) and the other
 * processes (the PHP workers: SP_CACHE_WORKERS of them, each a thread per client it serves).
 * A request goes to a worker, which touches its memory, then to the database, which looks
 * pages up. Which of them the kernel swaps out is what the case reads: each process's own
 * swap use of that memory (the Swap of its mapping in /proc/PID/smaps).
 */
struct cache_shared {
	struct sp_hist lat; /* op latencies over the span, ns */
	struct sp_server_vm v0, v1;
	double span_s;
	uint64_t ops, hits, misses, mismatches, majflt;
	uint64_t cache_swapped_pages, other_swapped_pages;
	uint64_t pool_swap_bytes, other_swap_bytes;   /* the most seen in the samples */
	uint64_t worker_out_pages[SP_CACHE_WORKERS];  /* each worker's own mincore count */
	uint64_t worker_swap_bytes[SP_CACHE_WORKERS]; /* and its memory's smaps Swap */
	int worker_swap_ok[SP_CACHE_WORKERS];
	int has_swapped, has_swap_use;
	int swappiness, has_swappiness;
	int err;
	int phase; /* 1 filled, 2 measuring, 3 done */
	int psi_scope, pgscan_scope;
	char psi_text[512];
};

struct cache_args {
	const struct sp_cache_opts *o;
	const struct sp_cache_plan *p;
	struct cache_shared *sh;
};

/* Pages of [addr, addr + pages) not resident: for filled anonymous memory, out on swap. */
static int count_out(void *addr, uint64_t pages, uint64_t pg, unsigned char *vec, uint64_t *out)
{
	uint64_t n = 0;

	if (!pages) {
		*out = 0;
		return 0;
	}
	if (mincore(addr, pages * pg, vec) < 0)
		return -errno;
	for (uint64_t i = 0; i < pages; i++)
		n += !(vec[i] & 1);
	*out = n;
	return 0;
}

/*
 * This process's own swap use of the mapping at addr: its /proc/self/smaps "Swap:" (VmSwap
 * counts the whole process: its stack, its heap, what it inherited; the mapping is the pool's
 * or the worker's memory alone). Returns: 0, or -errno.
 */
static int mapping_swap(const void *addr, uint64_t *bytes)
{
	char *text;
	int ret = sp_read_all(NULL, "/proc/self/smaps", &text);

	if (ret)
		return ret;
	ret = sp_parse_smaps_swap(text, (uint64_t)(uintptr_t)addr, bytes);
	free(text);
	return ret;
}

/* The workers' major faults so far (/proc/PID/stat), summed. */
static uint64_t workers_majflt(const pid_t *pids, unsigned n)
{
	uint64_t sum = 0, minf, majf;
	char path[64], buf[1024];

	for (unsigned k = 0; k < n; k++) {
		snprintf(path, sizeof(path), "/proc/%d/stat", (int)pids[k]);
		if (sp_read_text(NULL, path, buf, sizeof(buf)) > 0 &&
		    sp_parse_pid_stat_faults(buf, &minf, &majf) == 0)
			sum += majf;
	}
	return sum;
}

/* One sample: the pool's pages out (mincore) and its mapping's Swap, and the workers' (theirs). */
static void sample_swapped(const struct cache_args *a, void *pool, unsigned char *vec,
			   unsigned n_workers)
{
	struct cache_shared *sh = a->sh;
	uint64_t c, o = 0, pool_sw, other_sw = 0;

	if (vec && count_out(pool, a->p->cache_pages, a->p->page_bytes, vec, &c) == 0) {
		for (unsigned k = 0; k < n_workers; k++)
			o += __atomic_load_n(&sh->worker_out_pages[k], __ATOMIC_RELAXED);
		sh->has_swapped = 1;
		if (c > sh->cache_swapped_pages)
			sh->cache_swapped_pages = c;
		if (o > sh->other_swapped_pages)
			sh->other_swapped_pages = o;
	}
	if (mapping_swap(pool, &pool_sw))
		return;
	for (unsigned k = 0; k < n_workers; k++) {
		if (!__atomic_load_n(&sh->worker_swap_ok[k], __ATOMIC_RELAXED))
			return;
		other_sw += __atomic_load_n(&sh->worker_swap_bytes[k], __ATOMIC_RELAXED);
	}
	sh->has_swap_use = 1;
	if (pool_sw > sh->pool_swap_bytes)
		sh->pool_swap_bytes = pool_sw;
	if (other_sw > sh->other_swap_bytes)
		sh->other_swap_bytes = other_sw;
}

/*
 * The worker's own v2 cgroup directory, when it is the limited one: a swapplace cgroup with a
 * memory.max (on a hybrid host the v2 cgroup is not the one with the limit). Returns: 0, or
 * -ENOENT (cgroup v1, or no such directory).
 */
static int own_v2_dir(char *dir, size_t len)
{
	static const char *const mounts[] = {"/sys/fs/cgroup", "/sys/fs/cgroup/unified"};
	char cg[512], path[1024], *line, *save = NULL;

	if (sp_read_text(NULL, "/proc/self/cgroup", cg, sizeof(cg)) <= 0)
		return -ENOENT;
	for (line = strtok_r(cg, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "0::", 3) || !strstr(line, "/swapplace-"))
			continue;
		for (size_t m = 0; m < 2; m++) {
			snprintf(path, sizeof(path), "%s%s/memory.max", mounts[m], line + 3);
			if (access(path, R_OK) == 0 &&
			    (size_t)snprintf(dir, len, "%s%s", mounts[m], line + 3) < len)
				return 0;
		}
	}
	return -ENOENT;
}

/*
 * The swappiness the case's reclaim uses: on v1 its own memory cgroup's memory.swappiness
 * (per cgroup, set when it was made: act/memcg.c), else vm.swappiness (v2 limit reclaim
 * uses the global one).
 */
static void read_swappiness(struct cache_shared *sh)
{
	char cg[1024], path[1200], buf[32], *line, *save = NULL, *p;

	sh->has_swappiness = 0;
	if (sp_read_text(NULL, "/proc/self/cgroup", cg, sizeof(cg)) > 0) {
		for (line = strtok_r(cg, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
			/* "N:memory:/swapplace-cache-PID" (or "N:a,memory,b:/...") */
			p = strchr(line, ':');
			if (!p || !strstr(line, "memory") || !strstr(line, ":/swapplace-") ||
			    !strncmp(line, "0::", 3))
				continue;
			snprintf(path, sizeof(path), "/sys/fs/cgroup/memory%s/memory.swappiness",
				 strstr(line, ":/swapplace-") + 1);
			if (sp_read_text(NULL, path, buf, sizeof(buf)) > 0 &&
			    sp_parse_swappiness(buf, &sh->swappiness) == 0) {
				sh->has_swappiness = 1;
				return;
			}
		}
	}
	if (sp_read_text(NULL, "/proc/sys/vm/swappiness", buf, sizeof(buf)) > 0 &&
	    sp_parse_swappiness(buf, &sh->swappiness) == 0)
		sh->has_swappiness = 1;
}

/*
 * The counters of a case: pswpin/pswpout from /proc/vmstat; pgscan_direct and allocstall
 * only from the case's own v2 cgroup's memory.stat where it has them. The machine's would
 * count neither this cgroup's limit reclaim nor only this case, so without the cgroup's they
 * are not available (null), never the machine's.
 */
static int read_case_vm(const char *cgdir, struct sp_server_vm *v, int *pgscan_scope)
{
	char path[1100], *text;
	int ret = read_vm(v);

	if (ret)
		return ret;
	v->has_pgscan_direct = v->has_allocstall = 0;
	v->pgscan_direct = v->allocstall = 0;
	*pgscan_scope = SP_SCOPE_NONE;
	if (!cgdir[0])
		return 0;
	snprintf(path, sizeof(path), "%s/memory.stat", cgdir);
	if (sp_read_all(NULL, path, &text) == 0) {
		if (sp_parse_vmstat(text, "pgscan_direct", &v->pgscan_direct) == 0) {
			v->has_pgscan_direct = 1;
			*pgscan_scope = SP_SCOPE_CGROUP;
		}
		v->has_allocstall = sp_parse_vmstat(text, "allocstall", &v->allocstall) == 0;
		free(text);
	}
	return 0;
}

/* PSI for the case: its own v2 cgroup's memory.pressure, else the machine's. */
static void read_psi(struct cache_shared *sh, const char *cgdir)
{
	char path[1100];

	sh->psi_scope = SP_SCOPE_NONE;
	if (cgdir[0]) {
		snprintf(path, sizeof(path), "%s/memory.pressure", cgdir);
		if (sp_read_text(NULL, path, sh->psi_text, sizeof(sh->psi_text)) > 0) {
			sh->psi_scope = SP_SCOPE_CGROUP;
			return;
		}
	}
	if (sp_read_text(NULL, "/proc/pressure/memory", sh->psi_text, sizeof(sh->psi_text)) > 0)
		sh->psi_scope = SP_SCOPE_SYSTEM;
}

/* ---- the other processes (the seed's PHP workers) ---- */

struct php {
	const struct cache_args *a;
	unsigned char *mem; /* this worker's share of the other memory */
	uint64_t pages;
	int sock;
};

/* One connection: a request is a random word; the worker touches its memory and answers. */
static void *php_conn(void *arg)
{
	const struct php *w = arg;
	uint64_t pg = w->a->p->page_bytes, req;
	struct sp_rng r;
	char ok = 1;

	while (read(w->sock, &req, sizeof(req)) == (ssize_t)sizeof(req)) {
		sp_rng_seed(&r, req);
		for (unsigned k = 0; k < w->a->o->other_touches && w->pages; k++)
			touch_body(w->mem + sp_rng_below(&r, w->pages) * pg, pg, sp_rng_next(&r));
		if (send(w->sock, &ok, 1, MSG_NOSIGNAL) != 1)
			break;
	}
	return NULL;
}

/*
 * A worker process: its memory filled, one thread per client socket it serves, and its own
 * pages out counted (mincore) until the clients hang up. Never returns.
 */
static void php_main(const struct cache_args *a, unsigned k, unsigned n_workers, const int *socks,
		     unsigned n_socks, int ready_fd)
{
	uint64_t pg = a->p->page_bytes, first = a->p->other_pages * k / n_workers;
	uint64_t pages = a->p->other_pages * (k + 1) / n_workers - first, out;
	struct php conn[SP_CACHE_MAX_THREADS];
	pthread_t th[SP_CACHE_MAX_THREADS];
	unsigned char *vec = malloc(pages ? pages : 1);
	unsigned char *mem = sp_job_map_anon(pages * pg);
	unsigned started = 0;
	char one = 1;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (!vec || (pages && !mem))
		_exit(1);
	for (uint64_t i = 0; i < pages; i++)
		sp_page_fill(mem + i * pg, pg, first + i, a->o->seed ^ TAG_OTHER);
	for (unsigned i = 0; i < n_socks; i++) {
		conn[i] = (struct php){a, mem, pages, socks[i]};
		if (pthread_create(&th[i], NULL, php_conn, &conn[i]))
			break;
		started++;
	}
	if (started < n_socks || write(ready_fd, &one, 1) != 1)
		_exit(1);
	close(ready_fd);
	while (__atomic_load_n(&a->sh->phase, __ATOMIC_RELAXED) < 3) {
		uint64_t sw;

		if (count_out(mem, pages, pg, vec, &out) == 0)
			__atomic_store_n(&a->sh->worker_out_pages[k], out, __ATOMIC_RELAXED);
		if (pages && mapping_swap(mem, &sw) == 0) {
			__atomic_store_n(&a->sh->worker_swap_bytes[k], sw, __ATOMIC_RELAXED);
			__atomic_store_n(&a->sh->worker_swap_ok[k], 1, __ATOMIC_RELAXED);
		}
		sp_sleep_ms((unsigned)(MINCORE_EVERY_S * 1000));
	}
	for (unsigned i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	_exit(0);
}

/* ---- the database process ---- */

struct client {
	const struct cache_args *a;
	unsigned char *pool, *buf;
	int fd, sock;
	struct sp_rng r;
	struct sp_hist *lat;
	uint64_t ops, hits, misses, mismatches;
	int err;
	pthread_t th;
};

static int measuring, stopping; /* set by the database process's main thread */

/* One op: the request goes to a worker (it touches its memory), then looks pages up. */
static int cache_op(struct client *cl, int timed)
{
	const struct sp_cache_plan *p = cl->a->p;
	uint64_t pg = p->page_bytes, seed_db = cl->a->o->seed ^ TAG_DB, req = sp_rng_next(&cl->r);
	char ok;

	if (send(cl->sock, &req, sizeof(req), MSG_NOSIGNAL) != (ssize_t)sizeof(req) ||
	    read(cl->sock, &ok, 1) != 1)
		return -EPIPE; /* the worker is gone: an OOM kill, read as such by the caller */
	for (unsigned k = 0; k < cl->a->o->lookups; k++) {
		uint64_t d = sp_rng_below(&cl->r, p->db_pages);
		const unsigned char *page;

		if (d < p->cache_pages) {
			page = cl->pool + d * pg;
			cl->hits += timed;
		} else {
			if (cl->fd >= 0) {
				ssize_t n = pread(cl->fd, cl->buf, pg, (off_t)(d * pg));

				if (n != (ssize_t)pg)
					return n < 0 ? -errno : -EIO;
			} else {
				sp_page_fill(cl->buf, pg, d, seed_db);
			}
			page = cl->buf;
			cl->misses += timed;
		}
		if (timed && sp_page_verify(page, pg, d, seed_db))
			cl->mismatches++;
	}
	return 0;
}

/* A client thread: ops back to back; counted and timed once the span began. */
static void *client_main(void *arg)
{
	struct client *cl = arg;

	while (!__atomic_load_n(&stopping, __ATOMIC_RELAXED)) {
		int timed = __atomic_load_n(&measuring, __ATOMIC_RELAXED);
		struct sp_time s = sp_now();

		cl->err = cache_op(cl, timed);
		if (cl->err)
			break;
		if (timed && !__atomic_load_n(&stopping, __ATOMIC_RELAXED)) {
			sp_hist_add(cl->lat, sp_elapsed_ns(s, sp_now()));
			cl->ops++;
		}
	}
	return NULL;
}

/* Fork the workers, each serving its share of the clients' sockets; wait for their fill. */
static int start_workers(const struct cache_args *a, struct client *cl, unsigned n_cl, pid_t *pids,
			 unsigned n_workers)
{
	int ready[2], theirs[SP_CACHE_MAX_THREADS], ret = 0;
	unsigned got = 0;
	char c;

	for (unsigned i = 0; i < n_cl; i++)
		theirs[i] = -1;
	if (pipe2(ready, O_CLOEXEC) < 0)
		return -errno;
	for (unsigned i = 0; i < n_cl; i++) {
		int sv[2];

		if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
			ret = -errno;
			goto out;
		}
		cl[i].sock = sv[0];
		theirs[i] = sv[1];
	}
	for (unsigned k = 0; k < n_workers; k++) {
		int mine[SP_CACHE_MAX_THREADS];
		unsigned n = 0;

		for (unsigned i = k; i < n_cl; i += n_workers)
			mine[n++] = theirs[i];
		pids[k] = fork();
		if (pids[k] < 0) {
			ret = -errno;
			goto out;
		}
		if (pids[k] == 0) {
			/* only its own ends: a worker that dies must hang up on its clients */
			for (unsigned i = 0; i < n_cl; i++) {
				close(cl[i].sock);
				if (i % n_workers != k)
					close(theirs[i]);
			}
			close(ready[0]);
			php_main(a, k, n_workers, mine, n, ready[1]);
		}
	}
	close(ready[1]);
	ready[1] = -1;
	while (got < n_workers && read(ready[0], &c, 1) == 1)
		got++;
	if (got < n_workers)
		ret = -ECHILD; /* a worker died filling: the cgroup's OOM count says why */
out:
	for (unsigned i = 0; i < n_cl; i++)
		if (theirs[i] >= 0)
			close(theirs[i]);
	close(ready[0]);
	if (ready[1] >= 0)
		close(ready[1]);
	return ret;
}

static int cache_work(const struct cache_args *a)
{
	const struct sp_cache_plan *p = a->p;
	const struct sp_cache_opts *o = a->o;
	unsigned n_cl = o->threads, n_workers = n_cl < SP_CACHE_WORKERS ? n_cl : SP_CACHE_WORKERS;
	uint64_t pg = p->page_bytes, wmaj0;
	unsigned char *pool = sp_job_map_anon(p->cache_pages * pg);
	unsigned char *vec = malloc(p->cache_pages);
	struct client *cl = calloc(n_cl, sizeof(*cl));
	pid_t pids[SP_CACHE_WORKERS] = {0};
	struct cache_shared *sh = a->sh;
	char cgdir[1024] = "";
	unsigned started = 0;
	struct sp_time t0, t;
	int scope1, fd = -1, ret = 0;

	if (!pool || !vec || !cl)
		return -ENOMEM;
	for (unsigned i = 0; i < n_cl; i++) {
		cl[i].sock = -1;
		cl[i].lat = malloc(sizeof(*cl[i].lat));
		if (!cl[i].lat || posix_memalign((void **)&cl[i].buf, 4096, pg))
			return -ENOMEM;
		sp_hist_init(cl[i].lat);
	}
	if (o->dir) {
		char path[4096];

		snprintf(path, sizeof(path), "%s/" DB_NAME, o->dir);
		/* O_DIRECT: a miss reads the disk and the page cache holds no second copy */
		fd = open(path, O_RDONLY | O_DIRECT | O_CLOEXEC);
		if (fd < 0 && errno == EINVAL)
			fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return -errno;
	}
	/* the workers first, as the stack was up before the database's pool warmed */
	ret = start_workers(a, cl, n_cl, pids, n_workers);
	if (ret)
		goto out;
	for (uint64_t d = 0; d < p->cache_pages; d++)
		sp_page_fill(pool + d * pg, pg, d, o->seed ^ TAG_DB);
	sh->phase = 1;
	for (unsigned i = 0; i < n_cl; i++) {
		cl[i].a = a;
		cl[i].pool = pool;
		cl[i].fd = fd;
		sp_rng_seed(&cl[i].r, o->seed ^ ((uint64_t)(i + 1) << 32));
		if (pthread_create(&cl[i].th, NULL, client_main, &cl[i])) {
			ret = -EAGAIN;
			break;
		}
		started++;
	}
	if (!ret)
		sp_sleep_ms((unsigned)(o->warmup_s * 1000));
	if (own_v2_dir(cgdir, sizeof(cgdir)))
		cgdir[0] = '\0';
	if (!ret)
		ret = read_case_vm(cgdir, &sh->v0, &sh->pgscan_scope);
	read_swappiness(sh);
	sh->majflt = my_majflt();
	wmaj0 = workers_majflt(pids, n_workers);
	sh->phase = 2;
	t0 = sp_now();
	__atomic_store_n(&measuring, 1, __ATOMIC_RELAXED);
	while (!ret && sp_elapsed_s(t0, sp_now()) < o->duration_s) {
		sample_swapped(a, pool, vec, n_workers);
		for (unsigned i = 0; i < started; i++)
			if (__atomic_load_n(&cl[i].err, __ATOMIC_RELAXED))
				ret = cl[i].err;
		sp_sleep_ms((unsigned)(MINCORE_EVERY_S * 1000));
	}
	__atomic_store_n(&stopping, 1, __ATOMIC_RELAXED);
	t = sp_now();
	for (unsigned i = 0; i < started; i++) {
		pthread_join(cl[i].th, NULL);
		if (!ret && cl[i].err)
			ret = cl[i].err;
		sh->ops += cl[i].ops;
		sh->hits += cl[i].hits;
		sh->misses += cl[i].misses;
		sh->mismatches += cl[i].mismatches;
		sp_hist_merge(&sh->lat, cl[i].lat);
	}
	if (ret)
		goto out;
	ret = read_case_vm(cgdir, &sh->v1, &scope1);
	if (!ret && scope1 != sh->pgscan_scope)
		ret = -ESTALE; /* the cgroup's memory.stat vanished mid-span */
	sh->span_s = sp_elapsed_s(t0, t);
	sh->majflt = my_majflt() - sh->majflt + (workers_majflt(pids, n_workers) - wmaj0);
	sample_swapped(a, pool, vec, n_workers);
	read_psi(sh, cgdir);
out:
	sh->phase = 3; /* the workers' samplers stop; closing the sockets ends their threads */
	__atomic_store_n(&stopping, 1, __ATOMIC_RELAXED);
	for (unsigned i = 0; i < n_cl; i++)
		if (cl[i].sock >= 0)
			shutdown(cl[i].sock, SHUT_RDWR);
	for (unsigned k = 0; k < n_workers; k++)
		if (pids[k] > 0)
			waitpid(pids[k], NULL, 0);
	if (fd >= 0)
		close(fd);
	for (unsigned i = 0; i < n_cl; i++) {
		if (cl[i].sock >= 0)
			close(cl[i].sock);
		free(cl[i].lat);
		free(cl[i].buf);
	}
	free(cl);
	free(vec);
	return ret;
}

static int cache_child(void *arg, int go_fd, int result_fd)
{
	struct cache_args *a = arg;
	int st;

	(void)result_fd;
	st = sp_worker_begin(go_fd, &a->sh->err);
	if (st)
		return st;
	a->sh->err = cache_work(a);
	return a->sh->err ? 1 : 0;
}

void sp_cache_defaults(struct sp_cache_opts *o, uint64_t limit_bytes)
{
	static const double pcts[] = {50, 75, 100};

	memset(o, 0, sizeof(*o));
	o->limit_bytes = limit_bytes;
	o->other_pct = SP_CACHE_DEFAULT_OTHER_PCT;
	o->n_pcts = 3;
	memcpy(o->pcts, pcts, sizeof(pcts));
	o->lookups = 8;
	/* per page the workers' memory is hotter than the pool: 16 touches over the other pages
	 * (40 % of the budget) against 8 lookups over the database's (one budget), 5 times */
	o->other_touches = 16;
	o->threads = SP_CACHE_DEFAULT_THREADS;
	o->warmup_s = 2;
	o->duration_s = 20;
	o->timeout_s = 300;
	o->allow_swap = 1;
	o->seed = 1;
}

int sp_cache_setup(const struct sp_cache_opts *o)
{
	uint64_t pg = page_bytes(), pages = o->limit_bytes / pg;
	unsigned char *page;
	char path[4096];
	int fd, ret = 0;

	if (!o->dir)
		return -EINVAL;
	if ((size_t)snprintf(path, sizeof(path), "%s/" DB_NAME, o->dir) >= sizeof(path))
		return -ENAMETOOLONG;
	page = malloc(pg);
	if (!page)
		return -ENOMEM;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0) {
		free(page);
		return -errno;
	}
	for (uint64_t d = 0; d < pages && !ret; d++) {
		sp_page_fill(page, pg, d, o->seed ^ TAG_DB);
		ret = sp_write_all(fd, page, pg);
	}
	if (!ret && fsync(fd) < 0)
		ret = -errno;
	if (!ret)
		ret = -posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	close(fd);
	free(page);
	return ret;
}

static int check_cache_opts(const struct sp_cache_opts *o)
{
	struct sp_cache_plan p;

	if (!o || o->n_pcts < 1 || o->n_pcts > SP_CACHE_MAX_CASES || !(o->duration_s > 0) ||
	    !(o->warmup_s >= 0) || !(o->timeout_s > 0) || o->lookups < 1 || o->threads < 1 ||
	    o->threads > SP_CACHE_MAX_THREADS)
		return -EINVAL;
	for (size_t i = 0; i < o->n_pcts; i++)
		if (sp_cache_plan_make(o->limit_bytes, o->pcts[i], o->other_pct, page_bytes(), &p))
			return -EINVAL;
	return 0;
}

/* One case in its own cgroup. Returns: 0 when c holds a result, or -errno. */
static int cache_case(const struct sp_cache_opts *o, double pct, struct sp_cache_case *c)
{
	struct sp_jobrun j = {.cg_name = "cache",
			      .limit_bytes = o->limit_bytes,
			      .allow_swap = o->allow_swap,
			      .timeout_s = o->timeout_s};
	struct sp_scenario_build *run = calloc(1, sizeof(*run));
	struct sp_cache_plan p;
	struct cache_shared *sh;
	struct cache_args args;
	int ret, status = 0;

	memset(c, 0, sizeof(*c));
	c->cache_pct = pct;
	c->status = SP_STATUS_FAILED;
	sp_cache_plan_make(o->limit_bytes, pct, o->other_pct, page_bytes(), &p);
	c->limit_bytes = p.limit_bytes;
	c->cache_bytes = p.cache_pages * p.page_bytes;
	c->other_bytes = p.other_pages * p.page_bytes;
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (!run || sh == MAP_FAILED) {
		free(run);
		snprintf(c->reason, sizeof(c->reason), "cannot map: %s", strerror(ENOMEM));
		return -ENOMEM;
	}
	memset(sh, 0, sizeof(*sh)); /* faulted here: charged to us, not to the worker */
	sp_hist_init(&sh->lat);
	args = (struct cache_args){o, &p, sh};
	ret = sp_jobrun_once(&j, cache_child, &args, run, &status);
	if (ret) {
		snprintf(c->reason, sizeof(c->reason), "%s", run->reason);
		goto out;
	}
	c->oom_killed = run->oom_killed;
	if (run->oom_killed)
		snprintf(c->reason, sizeof(c->reason), "oom-killed %s (limit %" PRIu64 " MiB)",
			 sh->phase < 2 ? "while filling" : "while serving", o->limit_bytes >> 20);
	else if (run->timed_out)
		snprintf(c->reason, sizeof(c->reason), "timed out after %g s", o->timeout_s);
	else if (sh->err)
		snprintf(c->reason, sizeof(c->reason), "the service failed: %s",
			 strerror(-sh->err));
	else if (!WIFEXITED(status) || WEXITSTATUS(status) || sh->phase != 3)
		snprintf(c->reason, sizeof(c->reason), "the service ended early (status 0x%x)",
			 status);
	else if (sp_cache_case_finish(&sh->v0, &sh->v1, sh->span_s, sh->ops, &sh->lat, c))
		snprintf(c->reason, sizeof(c->reason), "counters went backwards");
	if (c->status != SP_STATUS_OK)
		goto out;
	c->major_faults = sh->majflt;
	c->hits = sh->hits;
	c->misses = sh->misses;
	c->mismatches = sh->mismatches;
	c->has_swapped = sh->has_swapped;
	c->cache_swapped_bytes = sh->cache_swapped_pages * p.page_bytes;
	c->other_swapped_bytes = sh->other_swapped_pages * p.page_bytes;
	c->evicted.has = sh->has_swap_use;
	c->evicted.pool_bytes = sh->pool_swap_bytes;
	c->evicted.other_bytes = sh->other_swap_bytes;
	c->swappiness = sh->swappiness;
	c->has_swappiness = sh->has_swappiness;
	c->psi_scope = sh->psi_scope;
	c->pgscan_scope = c->has_pgscan_direct ? sh->pgscan_scope : SP_SCOPE_NONE;
	if (c->psi_scope != SP_SCOPE_NONE &&
	    sp_psi_parse(sh->psi_text, &c->psi_some_avg10, &c->psi_full_avg10, &c->has_psi_full))
		c->psi_scope = SP_SCOPE_NONE;
	if (c->mismatches) {
		c->status = SP_STATUS_INVALID;
		snprintf(c->reason, sizeof(c->reason),
			 "%" PRIu64 " pages came back different from what was written",
			 c->mismatches);
	}
	sp_debug("serverjob",
		 "cache %.0f %%: %.0f ops/s p95 %.3f ms si %.0f so %.0f /s, out: pool %" PRIu64
		 " of %" PRIu64 " KiB, workers %" PRIu64 " of %" PRIu64 " KiB (smaps Swap)",
		 pct, c->ops_per_s, c->p95_ms, c->swapin_pages_per_s, c->swapout_pages_per_s,
		 c->evicted.pool_bytes >> 10, c->cache_bytes >> 10, c->evicted.other_bytes >> 10,
		 c->other_bytes >> 10);
out:
	munmap(sh, sizeof(*sh));
	free(run);
	return ret;
}

int sp_cache_run(const struct sp_cache_opts *o, struct sp_scenario_cache *out)
{
	int ret;

	memset(out, 0, sizeof(*out));
	ret = check_cache_opts(o);
	if (ret)
		return ret;
	out->done = 1; /* from here on the cases say what happened, failures included */
	out->threads = o->threads;
	for (size_t i = 0; i < o->n_pcts; i++) {
		ret = cache_case(o, o->pcts[i], &out->cases[i]);
		out->n_cases = i + 1;
		if (ret)
			return ret;
	}
	return 0;
}

/* ---- gc ---- */

struct gc_shared {
	uint64_t n;
	uint64_t pause_ns[SP_GC_MAX_PAUSES];
	uint64_t faults[SP_GC_MAX_PAUSES];
	uint64_t pswpin_in_pauses, capped_cycles;
	struct sp_hist alloc; /* each allocation with its first touch, ns */
	uint64_t allocations, touches, checked, mismatches;
	double span_s;
	int err;
	int phase; /* 1 filled, 3 done */
};

struct gc_args {
	const struct sp_gc_opts *o;
	const struct sp_gc_plan *p;
	struct gc_shared *sh;
	uint64_t max_pauses;
	double span_s;
};

static uint64_t my_pswpin(void)
{
	struct sp_server_vm v;

	return read_vm(&v) ? 0 : v.pswpin;
}

/* A stop-the-world pause: read each metadata page's header, in the mark's order. */
static void gc_pause(const struct gc_args *a, const unsigned char *meta, const uint32_t *order)
{
	struct gc_shared *sh = a->sh;
	uint64_t pg = a->p->page_bytes, f0, f1, in0 = my_pswpin();
	struct sp_time t0, t1;

	f0 = my_majflt();
	t0 = sp_now();
	for (uint64_t k = 0; k < a->p->meta_pages; k++) {
		uint64_t i = order[k];
		const volatile uint64_t *m = (const volatile uint64_t *)(meta + i * pg);

		if (m[0] != SP_PAGEFILL_MAGIC || m[1] != i)
			sh->mismatches++;
	}
	t1 = sp_now();
	f1 = my_majflt();
	sh->pswpin_in_pauses += my_pswpin() - in0;
	sh->checked += a->p->meta_pages;
	sh->pause_ns[sh->n] = sp_elapsed_ns(t0, t1);
	sh->faults[sh->n] = f1 - f0;
	sh->n++;
}

/*
 * A page of program data, cheaply: one of the templates (pagefill text, which compresses as
 * data does, so zram is not handed same-filled pages) with its own index in the first word.
 * Generating the text per page costs ~40 us, which would be the allocation's whole latency.
 */
#define GC_TEMPLATES 16
static void gc_fill(unsigned char *page, const unsigned char *tmpl, uint64_t pg, uint64_t i)
{
	memcpy(page, tmpl + (i % GC_TEMPLATES) * pg, pg);
	memcpy(page, &i, sizeof(i));
}

static int gc_work(const struct gc_args *a)
{
	const struct sp_gc_plan *p = a->p;
	uint64_t pg = p->page_bytes, seed = a->o->seed ^ TAG_HEAP, nursery_bytes;
	unsigned char *meta = sp_job_map_anon(p->meta_pages * pg);
	unsigned char *heap = sp_job_map_anon(p->heap_pages * pg);
	unsigned char *nursery = sp_job_map_anon(p->alloc_pages * pg);
	uint32_t *order = malloc(p->meta_pages * sizeof(*order));
	unsigned char *tmpl = malloc(GC_TEMPLATES * pg);
	struct gc_shared *sh = a->sh;
	struct sp_time start;
	double last_s = 0, cap_s = sp_gc_cycle_cap_s(a->span_s);
	struct sp_rng r;

	if (!meta || !heap || !nursery || !order || !tmpl)
		return -ENOMEM;
	nursery_bytes = p->alloc_pages * pg;
	for (uint64_t i = 0; i < GC_TEMPLATES; i++)
		sp_page_fill(tmpl + i * pg, pg, i, seed);
	/* the metadata first: it is then the oldest memory the limit's reclaim finds */
	for (uint64_t i = 0; i < p->meta_pages; i++)
		sp_page_fill(meta + i * pg, pg, i, seed ^ TAG_META);
	for (uint64_t i = 0; i < p->heap_pages; i++)
		gc_fill(heap + i * pg, tmpl, pg, i);
	/*
	 * The pause walks the metadata in no address order (spans are visited as the heap's
	 * arenas list them, not as their bitmaps lie): a fixed shuffle, so the kernel's swap
	 * readahead, where the machine has it, brings in what it would, and majflt says it.
	 */
	for (uint64_t i = 0; i < p->meta_pages; i++)
		order[i] = (uint32_t)i;
	sp_rng_seed(&r, a->o->seed);
	sp_rng_shuffle_u32(&r, order, p->meta_pages);
	sh->phase = 1;
	start = sp_now();
	while (sh->n < a->max_pauses &&
	       sp_gc_cycle_fits(sp_elapsed_s(start, sp_now()), last_s, a->span_s, sh->n)) {
		struct sp_time c0 = sp_now();

		/* the mutator: allocates the cycle's pages, using its live heap between them */
		for (uint64_t k = 0; k < p->alloc_pages; k++) {
			struct sp_time t0 = sp_now(), t1;

			gc_fill(nursery + k * pg, tmpl, pg, k);
			t1 = sp_now();
			sp_hist_add(&sh->alloc, sp_elapsed_ns(t0, t1));
			if (sp_elapsed_s(c0, t1) > cap_s && k + 1 < p->alloc_pages) {
				sh->capped_cycles++;
				break;
			}
			sh->allocations++;
			for (unsigned t = 0; t < a->o->touches_per_alloc; t++, sh->touches++)
				touch_body(heap + sp_rng_below(&r, p->heap_pages) * pg, pg,
					   sp_rng_next(&r));
		}
		gc_pause(a, meta, order);
		/* the sweep: the cycle's objects died; the scavenger gives their pages back */
		if (madvise(nursery, nursery_bytes, MADV_DONTNEED) < 0)
			return -errno;
		last_s = sp_elapsed_s(c0, sp_now());
	}
	sh->span_s = sp_elapsed_s(start, sp_now());
	sh->phase = 3;
	free(tmpl);
	free(order);
	return 0;
}

static int gc_child(void *arg, int go_fd, int result_fd)
{
	struct gc_args *a = arg;
	int st;

	(void)result_fd;
	st = sp_worker_begin(go_fd, &a->sh->err);
	if (st)
		return st;
	a->sh->err = gc_work(a);
	return a->sh->err ? 1 : 0;
}

void sp_gc_defaults(struct sp_gc_opts *o, uint64_t limit_bytes)
{
	memset(o, 0, sizeof(*o));
	o->limit_bytes = limit_bytes;
	o->heap_pct = SP_GC_DEFAULT_HEAP_PCT;
	o->alloc_pct = SP_GC_DEFAULT_ALLOC_PCT;
	o->touches_per_alloc = SP_GC_DEFAULT_TOUCHES;
	o->duration_s = 20;
	o->baseline_s = SP_GC_BASELINE_S;
	o->timeout_s = 300;
	o->allow_swap = 1;
	o->seed = 1;
}

/* What ended a run early, into reason; "" when it ran to its end. */
static void gc_reason(const struct sp_scenario_build *run, const struct gc_shared *sh, int status,
		      const struct sp_gc_opts *o, uint64_t limit_bytes, char *reason, size_t len)
{
	reason[0] = '\0';
	if (run->oom_killed)
		snprintf(reason, len,
			 "oom-killed %s after %" PRIu64 " pauses (limit %" PRIu64 " MiB)",
			 sh->phase < 1 ? "while filling the heap" : "while collecting", sh->n,
			 limit_bytes >> 20);
	else if (run->timed_out)
		snprintf(reason, len, "timed out after %g s", o->timeout_s);
	else if (sh->err)
		snprintf(reason, len, "the heap failed: %s", strerror(-sh->err));
	else if (!WIFEXITED(status) || WEXITSTATUS(status) || sh->phase != 3)
		snprintf(reason, len, "the run ended early (status 0x%x)", status);
	else if (sh->n == 0)
		snprintf(reason, len, "no pause in %g s", o->duration_s);
}

/*
 * One run of the workload in its own cgroup: limited (limit_bytes) or not (0, the baseline).
 * *status gets the wait status. Returns: as sp_jobrun_once; reason says why it did not run.
 */
static int gc_once(const struct sp_gc_opts *o, const struct sp_gc_plan *p, uint64_t limit_bytes,
		   int allow_swap, double span_s, uint64_t max_pauses, struct gc_shared *sh,
		   struct sp_scenario_build *run, int *status)
{
	struct sp_jobrun j = {.cg_name = "gc",
			      .limit_bytes = limit_bytes,
			      .allow_swap = allow_swap,
			      .timeout_s = o->timeout_s};
	struct gc_args args = {o, p, sh, max_pauses, span_s};

	memset(sh, 0, sizeof(*sh)); /* faulted here: charged to us, not to the worker */
	sp_hist_init(&sh->alloc);
	memset(run, 0, sizeof(*run));
	return sp_jobrun_once(&j, gc_child, &args, run, status);
}

/* The same workload without a limit or swap, before the measured run: its figures in RAM. */
static int gc_baseline(const struct sp_gc_opts *o, const struct sp_gc_plan *p, struct gc_shared *sh,
		       struct sp_scenario_build *run, struct sp_gc_baseline *b)
{
	struct sp_gc_pauses ps;
	int ret, status = 0;

	memset(b, 0, sizeof(*b));
	b->done = 1;
	b->status = SP_STATUS_FAILED;
	ret = gc_once(o, p, 0, 0, o->baseline_s, SP_GC_BASELINE_MAX_PAUSES, sh, run, &status);
	if (ret) {
		snprintf(b->reason, sizeof(b->reason), "%s", run->reason);
		return ret;
	}
	b->wall_s = run->wall_s;
	gc_reason(run, sh, status, o, 0, b->reason, sizeof(b->reason));
	if (b->reason[0])
		return 0;
	ret = sp_gc_summarize(sh->pause_ns, sh->faults, sh->n, &ps, b->pause_list,
			      SP_GC_BASELINE_MAX_PAUSES, &b->n_pause_list);
	if (ret)
		return ret;
	b->pauses = ps.pauses;
	b->p50_pause_ms = ps.p50_pause_ms;
	b->p99_pause_ms = ps.p99_pause_ms;
	b->worst_pause_ms = ps.worst_pause_ms;
	b->faults_in_pauses = ps.faults_in_pauses;
	sp_gc_alloc_summarize(&sh->alloc, &b->alloc_latency);
	b->allocations = sh->allocations;
	b->status = sh->mismatches ? SP_STATUS_INVALID : SP_STATUS_OK;
	if (sh->mismatches)
		snprintf(b->reason, sizeof(b->reason),
			 "%" PRIu64 " metadata pages came back changed", sh->mismatches);
	return 0;
}

int sp_gc_run(const struct sp_gc_opts *o, struct sp_scenario_gc *out)
{
	struct sp_scenario_build *run;
	struct sp_gc_plan p;
	struct sp_gc_pauses ps;
	struct gc_shared *sh;
	int ret, status = 0;

	memset(out, 0, sizeof(*out));
	out->status = SP_STATUS_FAILED;
	if (!o || sp_gc_plan_make(o->limit_bytes, o->heap_pct, o->alloc_pct, page_bytes(), &p) ||
	    !(o->duration_s > 0) || !(o->baseline_s >= 0) || !(o->timeout_s > 0)) {
		snprintf(out->reason, sizeof(out->reason), "bad options");
		return -EINVAL;
	}
	out->limit_bytes = o->limit_bytes;
	out->heap_bytes = out->hot_bytes = p.heap_pages * p.page_bytes;
	out->meta_bytes = p.meta_pages * p.page_bytes;
	out->alloc_bytes = p.alloc_pages * p.page_bytes;
	run = calloc(1, sizeof(*run));
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (!run || sh == MAP_FAILED) {
		free(run);
		snprintf(out->reason, sizeof(out->reason), "cannot map: %s", strerror(ENOMEM));
		return -ENOMEM;
	}
	if (o->baseline_s > 0) {
		ret = gc_baseline(o, &p, sh, run, &out->baseline);
		if (ret) {
			snprintf(out->reason, sizeof(out->reason), "the baseline: %.200s",
				 out->baseline.reason[0] ? out->baseline.reason : strerror(-ret));
			goto out;
		}
	}
	ret = gc_once(o, &p, o->limit_bytes, o->allow_swap, o->duration_s, SP_GC_MAX_PAUSES, sh,
		      run, &status);
	if (ret) {
		snprintf(out->reason, sizeof(out->reason), "%s", run->reason);
		goto out;
	}
	out->oom_killed = run->oom_killed;
	out->pswpin = run->pswpin;
	out->pswpout = run->pswpout;
	out->wall_s = run->wall_s;
	gc_reason(run, sh, status, o, o->limit_bytes, out->reason, sizeof(out->reason));
	if (!out->reason[0]) {
		ret = sp_gc_summarize(sh->pause_ns, sh->faults, sh->n, &ps, out->pause_list,
				      SP_GC_MAX_PAUSES, &out->n_pause_list);
		if (ret == 0) {
			sp_gc_pauses_put(&ps, out);
			out->status = SP_STATUS_OK;
		}
	}
	sp_gc_alloc_summarize(&sh->alloc, &out->alloc_latency);
	out->allocations = sh->allocations;
	out->pswpin_in_pauses = sh->pswpin_in_pauses;
	out->capped_cycles = sh->capped_cycles;
	out->span_s = sh->span_s;
	out->mutator_touches = sh->touches;
	out->pages_checked = sh->checked;
	out->mismatches = sh->mismatches;
	if (out->status == SP_STATUS_OK && out->mismatches) {
		out->status = SP_STATUS_INVALID;
		snprintf(out->reason, sizeof(out->reason),
			 "%" PRIu64 " metadata pages came back different from what was written",
			 out->mismatches);
	}
	out->done = 1;
	sp_debug("serverjob",
		 "gc: %" PRIu64 " pauses p50 %.3f p99 %.3f worst %.3f ms, %" PRIu64
		 " faults in pauses; alloc p99 %.1f us; baseline p99 %.3f ms alloc p99 %.1f us",
		 out->pauses, out->p50_pause_ms, out->p99_pause_ms, out->worst_pause_ms,
		 out->faults_in_pauses, out->alloc_latency.p99_us, out->baseline.p99_pause_ms,
		 out->baseline.alloc_latency.p99_us);
out:
	munmap(sh, sizeof(*sh));
	free(run);
	return ret;
}
