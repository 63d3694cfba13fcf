/*
 * faultprobe.c - real swap-in latency of evicted anonymous pages (see faultprobe.h).
 *
 * The parent only orchestrates: it creates the memory cgroup, forks the worker, moves it in,
 * lets it go, and waits for one fixed-size result message on a pipe (or kills it on a signal
 * or a missed deadline). The worker does everything that touches memory. Why a separate process
 * in its own cgroup: cgroup reclaim is the only way to drop the swap-cache copies that
 * MADV_PAGEOUT leaves behind without putting the whole machine under pressure, and it must not
 * reach swapplace itself.
 *
 * Why the worker locks itself: its own text, stack and heap are in memory the reclaim could
 * evict, and a refault of any of them inside a timed window would be a major fault that is not
 * the page being measured. So threads, the io_uring and every array exist before
 * mlockall(MCL_CURRENT), the buffer is mapped after it (and so is not locked), and nothing is
 * allocated afterwards (/proc files are read into stack buffers).
 *
 * The fork, the move into the cgroup before the worker allocates, the release, the wait with
 * its deadline and the reaping are worker.h's; the message and what fills it are this file's.
 */
#include "probe/faultprobe.h"

#include <errno.h>
#include <fcntl.h>
#include <liburing.h>
#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "act/memcg.h"
#include "act/sysctl.h"
#include "act/undo.h"
#include "act/worker.h"
#include "act/zram.h"
#include "core/err.h"
#include "core/measure/compress.h"
#include "core/measure/faultdiag.h"
#include "core/measure/hist.h"
#include "core/measure/pagefill.h"
#include "core/measure/procparse.h"
#include "core/measure/rng.h"
#include "core/plan/timing.h"
#include "core/scenario/scenario.h"
#include "sys/log.h"
#include "sys/sysfs.h"
#include "sys/timer.h"
#include "sys/vmstat.h"

#ifndef MADV_PAGEOUT
#define MADV_PAGEOUT 21
#endif
#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif

#define MAX_THREADS 64
#define MAX_QD 256
#define MIN_SAMPLES 1000	  /* before the CI may stop the touch rounds */
#define RATIO_PAGES 2048	  /* pages sampled for the zstd ratio */
#define THREAD_STACK (256 * 1024) /* locked by mlockall: keep it small */
#define VALID_PCT 5.0
#define REAP_GRACE_S 5.0    /* a worker still there this long after its message is killed */
#define PREP_CHUNKS 32	    /* the buffer grows in this many steps at most, each evicted at once */
#define PREP_MIN_CHUNK 256  /* pages */
#define MIN_BLOCKS 10	    /* before the blocks' CI may stop the touch rounds */
#define MIN_BLOCK_SAMPLES 5 /* a block with fewer swap-ins keeps no median (its samples count) */
#define FLOOR_EVERY                                                                                \
	8 /* one floor read per this many touches: on a 5400 rpm disk one per 2 took a third of    \
	   * the touch phase's reads (920 swap-ins in 30 s where 1,000 were asked) */
#define PM_CHUNK 512 /* pagemap entries read at once (a stack buffer) */

/* What the worker sends back: fixed size, one write. */
struct fp_msg {
	int err;
	struct sp_err why; /* what failed, when err */
	struct sp_fault_probe fp;
	struct sp_integrity integ;
	double data_ratio;
	struct sp_compression zram; /* zram fields, when o->zram_dev */
	struct sp_faultprobe_diag diag;
	struct sp_swapout swapout; /* the preparation's evictions */
};

struct fp_ctx;

struct fp_thread {
	struct fp_ctx *c;
	uint32_t idx;
	pthread_t tid;
	struct sp_hist hist;
	struct sp_hist minor_hist; /* touches that were not swap-ins: the trap's evidence */
	uint64_t touches, majflt, minor, dropped;
	uint64_t sink;
};

struct fp_ctx {
	const struct sp_faultprobe_opts *o;
	const struct sp_memcg *cg;
	struct sp_fault_sizing sz; /* the parent's arithmetic (core/plan/timing.h) */
	size_t page;
	size_t max_pages; /* the buffer's ceiling: mapped, arrays sized for it */
	size_t n_pages;	  /* what the preparation filled and evicted: the buffer measured */
	unsigned char *buf;
	uint32_t *perm;
	unsigned char *mincore_vec;
	struct sp_rng rng;
	struct io_uring ring;
	int ring_ok;
	uint64_t slot_start_ns[MAX_QD];
	uint32_t slot_page[MAX_QD];
	struct sp_hist merged, uring_hist;
	uint32_t n_threads;
	uint32_t active; /* threads touching this phase: 1 for the headline, then n_threads */
	uint64_t warmup; /* real swap-ins dropped at the start of this phase */
	struct fp_thread *th;
	pthread_barrier_t start, end;
	atomic_size_t next;
	atomic_int stop;
	atomic_uint_fast64_t samples_seen; /* real swap-ins so far: the warm-up counter */
	int quit;
	uint64_t deadline_ns;
	struct fp_msg *m;
	/* the headline's blocks and the like-for-like floor (thread 0 alone touches then) */
	int blocks_on;
	uint64_t phase_start_ns, block_ns;
	uint32_t cur_blk;
	struct sp_hist blk_hist, blk_floor_hist, floor_hist;
	atomic_size_t touch_end; /* pages from here on were taken by floor reads this round */
	int floor_fd, pagemap_fd;
	int swap_type;	    /* the area's type in pagemap's swap entries, -1 not yet known */
	uint64_t *slot_off; /* per page: byte offset of its swap slot in the area, 0 unknown */
	unsigned char *floor_buf;
	uint64_t floor_errors;
};

/* ---- /proc readers (stack buffers only: the worker must not allocate) ---- */

static int read_meminfo(const char *path, const char *key, uint64_t *bytes)
{
	char buf[8192];
	ssize_t n = sp_read_text(NULL, path, buf, sizeof(buf));

	if (n < 0)
		return (int)n;
	return sp_parse_meminfo_bytes(buf, key, bytes);
}

static uint64_t pswpin_now(void)
{
	uint64_t v = 0;

	sp_vmstat_get("pswpin", &v);
	return v;
}

/* zswpin now where zswap's answers count as swap-ins (o->zswap_answers), else 0 */
static uint64_t zswpin_counted(const struct sp_faultprobe_opts *o)
{
	uint64_t v = 0;

	if (o->zswap_answers)
		sp_vmstat_get("zswpin", &v);
	return v;
}

/*
 * zswap answers here and the kernel has no zswpin (before 5.19): nothing tells the pool's
 * answers from missing swap-ins, so only the major faults judge (core/measure/faultdiag.h does the
 * same).
 */
static int pool_uncounted(const struct sp_faultprobe_opts *o)
{
	uint64_t v;

	return o->zswap_answers && sp_vmstat_get("zswpin", &v) < 0;
}

static uint64_t majflt_self(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (uint64_t)ru.ru_majflt;
}

/* /sys/module/zswap/parameters/enabled: 1 "Y", 0 "N" or no zswap module, -1 unreadable */
static int zswap_enabled(void)
{
	char buf[16];
	ssize_t n = sp_read_text(NULL, "/sys/module/zswap/parameters/enabled", buf, sizeof(buf));

	if (n == -ENOENT)
		return 0;
	if (n < 1)
		return -1;
	return buf[0] == 'Y' || buf[0] == 'y' || buf[0] == '1';
}

static int page_cluster(void)
{
	uint64_t v;

	return sp_sysctl_get_u64("vm.page-cluster", &v) ? -1 : (int)v;
}

static uint64_t resident_pages(struct fp_ctx *c)
{
	uint64_t n = 0;

	if (mincore(c->buf, c->n_pages * c->page, c->mincore_vec) < 0)
		return UINT64_MAX;
	for (size_t i = 0; i < c->n_pages; i++)
		n += c->mincore_vec[i] & 1;
	return n;
}

static double pct_diff(uint64_t a, uint64_t b)
{
	double big = (double)(a > b ? a : b), d = (double)(a > b ? a - b : b - a);

	return big > 0 ? 100.0 * d / big : 0;
}

/*
 * pswpin is system wide, so others' swap-ins only add to it; fewer than our major faults means
 * the faults were served without reading a swap device (zswap, or a retried cache hit).
 */
static int pswpin_short(uint64_t pswpin, uint64_t majflt)
{
	return (double)pswpin * 100.0 < (double)majflt * (100.0 - VALID_PCT);
}

/* ---- eviction ---- */

/*
 * MADV_PAGEOUT writes the pages out; cgroup reclaim then frees the swap-cache copies (the
 * trap) and whatever PAGEOUT skipped. Reclaim repeats while it makes progress and the usage
 * is above the worker's locked floor.
 */
static int evict_range(struct fp_ctx *c, size_t first, size_t n)
{
	struct sp_time t0 = sp_now();
	uint64_t usage = 0, prev = UINT64_MAX;
	uint64_t slack = c->n_pages * c->page / 100 + 64 * c->page;
	int ret;

	if (madvise(c->buf + first * c->page, n * c->page, MADV_PAGEOUT) < 0) {
		ret = -errno;
		if (ret == -EINVAL)
			return sp_err_set(&c->m->why, -EOPNOTSUPP,
					  "the kernel has no madvise(MADV_PAGEOUT) (5.4+ needed)");
		return sp_err_sys(&c->m->why, ret, "madvise(MADV_PAGEOUT) of the buffer");
	}
	for (int i = 0; !c->o->no_reclaim && i < 8; i++) {
		if (sp_interrupted())
			return -EINTR;
		ret = sp_memcg_reclaim(c->cg, 0);
		if (ret && ret != -EAGAIN && ret != -EBUSY)
			sp_debug("faultprobe", "reclaim: %d", ret);
		if (sp_memcg_usage(c->cg, &usage))
			break;
		if (usage <= c->m->diag.floor_bytes + slack)
			break;
		/* no progress: what is left is not reclaimable now */
		if (prev != UINT64_MAX && usage + 16 * c->page >= prev)
			break;
		prev = usage;
	}
	c->m->diag.evict_s += sp_elapsed_s(t0, sp_now());
	sp_debug("faultprobe", "evicted %zu pages in %.3f s, cgroup usage %llu", n,
		 sp_elapsed_s(t0, sp_now()), (unsigned long long)usage);
	return 0;
}

static int evict(struct fp_ctx *c)
{
	int ret = evict_range(c, 0, c->n_pages);

	if (!ret)
		c->m->diag.evictions++;
	return ret;
}

/* Eviction proof, recorded at the first eviction (outside any timed window). */
static void record_proof(struct fp_ctx *c)
{
	struct sp_faultprobe_diag *d = &c->m->diag;

	if (d->evictions != 1)
		return;
	read_meminfo("/proc/self/status", "VmSwap", &d->vmswap_bytes);
	read_meminfo("/proc/meminfo", "SwapCached", &c->m->fp.swapcached_bytes);
	d->resident_pages = resident_pages(c);
	sp_memcg_usage(c->cg, &d->usage_after_evict);
	if (c->o->zram_dev)
		sp_zram_stats(c->o->zram_dev, &c->m->zram); /* the kernel's view of the pages */
	sp_debug("faultprobe", "proof: VmSwap %llu of %llu, resident %llu pages, SwapCached %llu",
		 (unsigned long long)d->vmswap_bytes, (unsigned long long)(c->n_pages * c->page),
		 (unsigned long long)d->resident_pages,
		 (unsigned long long)c->m->fp.swapcached_bytes);
}

static void verify_pages(struct fp_ctx *c, size_t upto)
{
	for (size_t i = 0; i < upto && i < c->n_pages; i++) {
		uint32_t pg = c->perm[i];

		c->m->integ.pages_checked++;
		if (sp_page_verify(c->buf + (size_t)pg * c->page, c->page, pg, c->o->seed))
			c->m->integ.mismatches++;
	}
}

/* ---- (a) threads touching pages ---- */

/* The block ending: its medians kept when it has enough swap-ins; its histograms emptied. */
static void block_close(struct fp_ctx *c)
{
	struct sp_fault_probe *fp = &c->m->fp;

	if (c->blk_hist.total >= MIN_BLOCK_SAMPLES && fp->n_blocks < SP_MAX_BLOCKS) {
		fp->block_p50_us[fp->n_blocks] = (double)sp_hist_quantile(&c->blk_hist, 0.5) / 1e3;
		fp->floor.block_p50_us[fp->n_blocks] =
		    c->blk_floor_hist.total
			? (double)sp_hist_quantile(&c->blk_floor_hist, 0.5) / 1e3
			: 0;
		fp->n_blocks++;
		if (c->floor_fd >= 0)
			fp->floor.n_blocks = fp->n_blocks;
	}
	sp_hist_init(&c->blk_hist);
	sp_hist_init(&c->blk_floor_hist);
}

/* The block a time falls in: the ones before it are closed first (outside any timed window). */
static void block_at(struct fp_ctx *c, struct sp_time t)
{
	uint64_t b = t.ns > c->phase_start_ns ? (t.ns - c->phase_start_ns) / c->block_ns : 0;

	if (b > c->cur_blk) {
		block_close(c);
		c->cur_blk = (uint32_t)(b < UINT32_MAX ? b : UINT32_MAX);
	}
}

static void block_add(struct fp_ctx *c, struct sp_time t0, uint64_t ns)
{
	block_at(c, t0);
	sp_hist_add(&c->blk_hist, ns);
}

/*
 * One floor read: the last page not yet touched this round gives up its turn (the order is
 * shuffled, so it is a random evicted page), and its swap slot is read O_DIRECT, a page, by
 * this thread. Neither read then warms a cache for the other. keep 0: in the warm-up.
 */
static void floor_read(struct fp_ctx *c, int keep)
{
	size_t end = atomic_load(&c->touch_end), nx = atomic_load(&c->next);
	struct sp_time t0, t1;
	uint64_t off;
	ssize_t n;

	if (end <= nx + 1)
		return;
	end--;
	atomic_store(&c->touch_end, end);
	off = c->slot_off[c->perm[end]];
	if (!off) {
		c->m->fp.floor.unmapped++;
		return;
	}
	t0 = sp_now();
	n = pread(c->floor_fd, c->floor_buf, c->page, (off_t)off);
	t1 = sp_now();
	if (n != (ssize_t)c->page) {
		/* the floor is not what this probe stands on: stop it, keep the swap-ins */
		c->floor_errors++;
		close(c->floor_fd);
		c->floor_fd = -1;
		return;
	}
	if (!keep)
		return;
	block_at(c, t0);
	sp_hist_add(&c->floor_hist, sp_elapsed_ns(t0, t1));
	sp_hist_add(&c->blk_floor_hist, sp_elapsed_ns(t0, t1));
}

/*
 * Where each page's swap slot is, from /proc/self/pagemap (bit 62 swapped, bits 0-4 the swap
 * type, 5-54 the slot's offset in pages; root sees them): read after each eviction, outside
 * the timed windows. The area's type is the one most pages went to (the caller made it the
 * only active area, at the highest priority); slot 0 is the swap header, never a page's.
 */
static void slots_read(struct fp_ctx *c)
{
	uint64_t e[PM_CHUNK], first = (uint64_t)(uintptr_t)c->buf / c->page;
	unsigned votes[32] = {0};

	if (c->pagemap_fd < 0)
		return;
	for (int pass = c->swap_type < 0 ? 0 : 1; pass < 2; pass++) {
		for (size_t i = 0; i < c->n_pages; i += PM_CHUNK) {
			size_t k = c->n_pages - i < PM_CHUNK ? c->n_pages - i : PM_CHUNK;
			ssize_t n = pread(c->pagemap_fd, e, k * sizeof(e[0]),
					  (off_t)((first + i) * sizeof(e[0])));

			if (n != (ssize_t)(k * sizeof(e[0])))
				k = n > 0 ? (size_t)n / sizeof(e[0]) : 0;
			for (size_t j = 0; j < k; j++) {
				int swapped = (e[j] >> 62) & 1;
				unsigned type = (unsigned)(e[j] & 0x1f);
				uint64_t slot = (e[j] >> 5) & ((1ull << 50) - 1);

				if (pass == 0) {
					votes[type] += swapped && slot;
					continue;
				}
				c->slot_off[i + j] = swapped && slot && (int)type == c->swap_type
							 ? slot * c->page
							 : 0;
			}
		}
		if (pass == 0) {
			unsigned best = 0;

			for (unsigned t = 1; t < 32; t++)
				if (votes[t] > votes[best])
					best = t;
			if (!votes[best])
				return; /* no slots shown (not root?): no floor */
			c->swap_type = (int)best;
		}
	}
}

static void touch_loop(struct fp_thread *t)
{
	struct fp_ctx *c = t->c;
	uint64_t warmup = c->warmup;

	for (;;) {
		struct rusage r0, r1;
		struct sp_time t0, t1;
		uint64_t v, d;
		size_t i;

		if (atomic_load_explicit(&c->stop, memory_order_relaxed))
			break;
		i = atomic_fetch_add(&c->next, 1);
		if (i >= atomic_load_explicit(&c->touch_end, memory_order_relaxed))
			break;
		/* the header's index word: a plain read, so the fault is a read fault */
		const volatile uint64_t *w =
		    (const volatile uint64_t *)(c->buf + (size_t)c->perm[i] * c->page + 8);

		getrusage(RUSAGE_THREAD, &r0);
		t0 = sp_now();
		v = *w;
		t1 = sp_now();
		getrusage(RUSAGE_THREAD, &r1);
		t->sink += v;
		t->touches++;
		d = (uint64_t)(r1.ru_majflt - r0.ru_majflt);
		if (d) {
			t->majflt += d;
			if (atomic_fetch_add(&c->samples_seen, 1) < warmup) {
				t->dropped++;
			} else {
				sp_hist_add(&t->hist, sp_elapsed_ns(t0, t1));
				if (c->blocks_on)
					block_add(c, t0, sp_elapsed_ns(t0, t1));
			}
		} else {
			t->minor++;
			sp_hist_add(&t->minor_hist, sp_elapsed_ns(t0, t1));
		}
		if (c->blocks_on && c->floor_fd >= 0 && t->touches % FLOOR_EVERY == 0)
			floor_read(c, atomic_load(&c->samples_seen) >= warmup);
		if (t1.ns >= c->deadline_ns)
			atomic_store(&c->stop, 1);
	}
}

static void *touch_thread(void *arg)
{
	struct fp_thread *t = arg;
	struct fp_ctx *c = t->c;

	for (;;) {
		pthread_barrier_wait(&c->start);
		if (c->quit)
			break;
		if (t->idx < c->active)
			touch_loop(t);
		pthread_barrier_wait(&c->end);
	}
	return NULL;
}

/* The counters the diagnosis judges, as far as the touch phase got. */
static void fault_counts(const struct fp_ctx *c, struct sp_fault_counts *k)
{
	const struct sp_faultprobe_diag *d = &c->m->diag;

	memset(k, 0, sizeof(*k));
	k->buffer_bytes = c->n_pages * c->page;
	k->vmswap_bytes = d->vmswap_bytes;
	k->swapcached_bytes = c->m->fp.swapcached_bytes;
	k->resident_pages = d->resident_pages;
	k->touches = c->m->fp.touches;
	k->majflt = c->m->fp.real_swapins;
	k->minor = d->minor_touches;
	k->minor_p50_us = d->minor_p50_us;
	k->pswpin = c->m->fp.pswpin_delta;
	k->zswap_enabled = d->zswap_enabled;
	k->have_zswpin = d->have_zswpin;
	k->zswpin = d->zswpin_delta;
	k->zswap_placement = c->o->zswap_answers;
}

/* One round: every active thread touches shuffled pages until they run out or end_ns. */
static size_t touch_round(struct fp_ctx *c, uint64_t end_ns, uint64_t *pswpin, double *touch_s)
{
	uint64_t ps0, ps1;
	struct sp_time t0;

	sp_rng_shuffle_u32(&c->rng, c->perm, c->n_pages);
	atomic_store(&c->next, 0);
	atomic_store(&c->touch_end, c->n_pages);
	atomic_store(&c->stop, 0);
	c->deadline_ns = end_ns;
	ps0 = pswpin_now();
	t0 = sp_now();
	pthread_barrier_wait(&c->start);
	pthread_barrier_wait(&c->end);
	*touch_s += sp_elapsed_s(t0, sp_now());
	ps1 = pswpin_now();
	*pswpin += ps1 - ps0;
	/* the pages touched: the floor's pages at the end were not */
	return atomic_load(&c->next) < atomic_load(&c->touch_end) ? atomic_load(&c->next)
								  : atomic_load(&c->touch_end);
}

static void reset_threads(struct fp_ctx *c)
{
	for (uint32_t i = 0; i < c->n_threads; i++) {
		struct fp_thread *t = &c->th[i];

		sp_hist_init(&t->hist);
		sp_hist_init(&t->minor_hist);
		t->touches = t->majflt = t->minor = t->dropped = 0;
	}
	atomic_store(&c->samples_seen, 0);
}

/*
 * The headline: one thread touches the evicted pages, so each swap-in is alone on the device,
 * like for like with the device probe's QD1 read. The buffer is already evicted (prepare());
 * later rounds evict what the previous one touched. Stops at the CI target (with MIN_SAMPLES)
 * or at budget_s.
 */
static int touch_phase(struct fp_ctx *c, double budget_s)
{
	struct sp_fault_probe *fp = &c->m->fp;
	struct sp_faultprobe_diag *diag = &c->m->diag;
	uint64_t end_ns = sp_now().ns + (uint64_t)(budget_s * 1e9);
	uint64_t touches = 0, majflt = 0, minor = 0, dropped = 0;
	struct sp_fault_counts k;
	double touch_s = 0;
	int ret;

	diag->zswap_enabled = zswap_enabled();
	c->active = 1;
	c->warmup = c->sz.warmup < c->o->warmup ? c->sz.warmup : c->o->warmup;
	reset_threads(c);
	/* blocks of equal time over the phase's budget (report.h, n_blocks) */
	c->phase_start_ns = sp_now().ns;
	c->block_ns = (uint64_t)(budget_s * 1e9) / (c->o->blocks ? c->o->blocks : 16);
	if (c->block_ns < 1)
		c->block_ns = 1;
	c->cur_blk = 0;
	sp_hist_init(&c->blk_hist);
	sp_hist_init(&c->blk_floor_hist);
	sp_hist_init(&c->floor_hist);
	c->blocks_on = 1;
	do {
		uint64_t zs0 = 0, zs1 = 0;
		size_t touched;
		double half = 0, pct;

		if (fp->rounds > 0) {
			ret = evict(c);
			if (ret) {
				c->blocks_on = 0;
				return ret;
			}
		}
		if (c->floor_fd >= 0)
			slots_read(c);
		fault_counts(c, &k);
		if (fp->rounds == 0 &&
		    sp_fault_diagnose(&k, VALID_PCT, diag->reason, sizeof(diag->reason)) ==
			SP_FAULT_NOT_EVICTED) {
			/* nothing went to swap (none active, or full): there is nothing to time */
			fp->invalid = 1;
			return -ENOSPC;
		}
		diag->reason[0] = '\0';
		diag->have_zswpin = sp_vmstat_get("zswpin", &zs0) == 0;
		touched = touch_round(c, end_ns, &fp->pswpin_delta, &touch_s);
		if (diag->have_zswpin && sp_vmstat_get("zswpin", &zs1) == 0 && zs1 >= zs0)
			diag->zswpin_delta += zs1 - zs0;
		fp->rounds++;
		verify_pages(c, touched);
		sp_hist_init(&c->merged);
		sp_hist_merge(&c->merged, &c->th[0].hist);
		/* the blocks' CI when it is wider: drift is not sampling error */
		fp->ci_achieved_pct = sp_hist_median_ci_pct(&c->merged);
		if (sp_hist_block_ci_half(fp->block_p50_us, fp->n_blocks, &half) == 0 &&
		    sp_hist_quantile(&c->merged, 0.5) > 0) {
			pct = half * 1e3 / (double)sp_hist_quantile(&c->merged, 0.5) * 100.0;
			if (pct > fp->ci_achieved_pct)
				fp->ci_achieved_pct = pct;
		}
		sp_debug("faultprobe", "round %u: %llu samples, %u blocks, median CI %.2f %%",
			 fp->rounds, (unsigned long long)c->merged.total, fp->n_blocks,
			 fp->ci_achieved_pct);
		if (sp_interrupted()) {
			c->blocks_on = 0;
			return -EINTR;
		}
		if (c->merged.total >= MIN_SAMPLES && fp->n_blocks >= MIN_BLOCKS &&
		    fp->ci_achieved_pct <= c->o->ci_target_pct)
			break;
	} while (sp_now().ns < end_ns);
	c->blocks_on = 0;
	block_close(c); /* the last one, as far as it got */

	touches = c->th[0].touches;
	majflt = c->th[0].majflt;
	minor = c->th[0].minor;
	dropped = c->th[0].dropped;
	sp_hist_summarize(&c->merged, &fp->lat);
	sp_lat_widen_by_blocks(&fp->lat, fp->block_p50_us, fp->n_blocks);
	if (fp->lat.p50_us > 0 &&
	    (fp->lat.p50_ci_hi_us - fp->lat.p50_ci_lo_us) / 2.0 / fp->lat.p50_us * 100.0 >
		fp->ci_achieved_pct)
		fp->ci_achieved_pct =
		    (fp->lat.p50_ci_hi_us - fp->lat.p50_ci_lo_us) / 2.0 / fp->lat.p50_us * 100.0;
	if (c->floor_hist.total && !c->floor_errors) {
		fp->floor.done = 1;
		sp_hist_summarize(&c->floor_hist, &fp->floor.lat);
		sp_lat_widen_by_blocks(&fp->floor.lat, fp->floor.block_p50_us, fp->floor.n_blocks);
	} else {
		fp->floor.n_blocks = 0;
	}
	sp_debug("faultprobe", "floor: %llu reads, p50 %.1f us, %llu pages in no slot, %llu errors",
		 (unsigned long long)c->floor_hist.total, fp->floor.lat.p50_us,
		 (unsigned long long)fp->floor.unmapped, (unsigned long long)c->floor_errors);
	c->m->diag.minor_p50_us = (double)sp_hist_quantile(&c->th[0].minor_hist, 0.5) / 1000.0;
	fp->lat.warmup_dropped = dropped;
	fp->touches = touches;
	fp->real_swapins = majflt;
	c->m->diag.minor_touches = minor;
	fault_counts(c, &k);
	if (sp_fault_diagnose(&k, VALID_PCT, diag->reason, sizeof(diag->reason)) != SP_FAULT_VALID)
		fp->invalid = 1;
	sp_debug("faultprobe", "one thread: %llu swap-ins in %.2f s of touching",
		 (unsigned long long)majflt, touch_s);
	return 0;
}

/*
 * Concurrency, beside the headline: all --threads touch at once for budget_s. Their swap-ins
 * queue on the one device, so the median here is the device's queueing as much as the
 * kernel's path; pages_per_s is what they achieve together.
 */
static int conc_phase(struct fp_ctx *c, double budget_s)
{
	struct sp_fault_concurrency *cc = &c->m->fp.concurrency;
	uint64_t end_ns = sp_now().ns + (uint64_t)(budget_s * 1e9);
	uint64_t pswpin = 0, touches = 0, majflt = 0, zs0 = zswpin_counted(c->o);
	double touch_s = 0;
	int ret;

	c->active = c->n_threads;
	c->warmup = 0;
	reset_threads(c);
	cc->threads = c->n_threads;
	do {
		size_t touched;

		ret = evict(c);
		if (ret)
			return ret;
		touched = touch_round(c, end_ns, &pswpin, &touch_s);
		verify_pages(c, touched);
		if (sp_interrupted())
			return -EINTR;
	} while (sp_now().ns < end_ns);
	sp_hist_init(&c->uring_hist);
	for (uint32_t i = 0; i < c->n_threads; i++) {
		sp_hist_merge(&c->uring_hist, &c->th[i].hist);
		touches += c->th[i].touches;
		majflt += c->th[i].majflt;
	}
	cc->done = 1;
	cc->samples = c->uring_hist.total;
	cc->real_swapins = majflt;
	cc->p50_us = (double)sp_hist_quantile(&c->uring_hist, 0.5) / 1000.0;
	cc->pages_per_s = touch_s > 0 ? (double)majflt / touch_s : 0;
	pswpin += zswpin_counted(c->o) - zs0; /* zswap's answers, on a zswap placement */
	cc->invalid = majflt == 0 || pct_diff(touches, majflt) > VALID_PCT ||
		      (pswpin_short(pswpin, majflt) && !pool_uncounted(c->o));
	sp_debug("faultprobe", "%u threads: %llu swap-ins, p50 %.1f us, %.0f pages/s%s",
		 c->n_threads, (unsigned long long)majflt, cc->p50_us, cc->pages_per_s,
		 cc->invalid ? " (invalid)" : "");
	return 0;
}

/* ---- (b) io_uring MADV_POPULATE_READ ---- */

static void uring_queue(struct fp_ctx *c, unsigned slot, size_t *next)
{
	struct io_uring_sqe *sqe = io_uring_get_sqe(&c->ring);
	uint32_t pg = c->perm[(*next)++];

	/* the ring has as many entries as the deepest depth, and a slot is free: never NULL */
	io_uring_prep_madvise(sqe, c->buf + (size_t)pg * c->page, (off_t)c->page,
			      MADV_POPULATE_READ);
	io_uring_sqe_set_data64(sqe, slot);
	c->slot_page[slot] = pg;
	c->slot_start_ns[slot] = sp_now().ns;
}

static int uring_point(struct fp_ctx *c, size_t k, double budget_s)
{
	struct sp_uring_point *pt = &c->m->fp.uring[k];
	uint32_t qd = c->o->uring_qds[k];
	uint64_t end_ns, mf0, mf1, ps0, ps1, done = 0, failed = 0;
	struct sp_time first, last;
	size_t next = 0;
	unsigned inflight = 0;
	int unsupported = 0, ret;

	pt->qd = qd;
	ret = evict(c);
	if (ret)
		return ret;
	sp_rng_shuffle_u32(&c->rng, c->perm, c->n_pages);
	sp_hist_init(&c->uring_hist);
	mf0 = majflt_self();
	ps0 = pswpin_now() + zswpin_counted(c->o);
	first = sp_now();
	end_ns = first.ns + (uint64_t)(budget_s * 1e9);
	last = first;
	for (unsigned s = 0; s < qd && next < c->n_pages; s++, inflight++)
		uring_queue(c, s, &next);
	io_uring_submit(&c->ring);
	while (inflight) {
		struct io_uring_cqe *cqe;
		unsigned head, seen = 0, refill = 0;

		ret = io_uring_wait_cqe(&c->ring, &cqe);
		if (ret == -EINTR)
			continue;
		if (ret)
			return sp_err_sys(&c->m->why, ret,
					  "waiting for io_uring completions at qd %u", qd);
		last = sp_now();
		io_uring_for_each_cqe(&c->ring, head, cqe)
		{
			unsigned slot = (unsigned)cqe->user_data;

			seen++;
			inflight--;
			if (cqe->res == -EINVAL || cqe->res == -EOPNOTSUPP) {
				unsupported = 1;
			} else if (cqe->res < 0) {
				failed++;
			} else {
				done++;
				sp_hist_add(&c->uring_hist, last.ns > c->slot_start_ns[slot]
								? last.ns - c->slot_start_ns[slot]
								: 0);
			}
			if (!unsupported && !sp_interrupted() && last.ns < end_ns &&
			    next < c->n_pages) {
				uring_queue(c, slot, &next);
				inflight++;
				refill++;
			}
		}
		io_uring_cq_advance(&c->ring, seen);
		if (refill)
			io_uring_submit(&c->ring);
	}
	mf1 = majflt_self();
	ps1 = pswpin_now() + zswpin_counted(c->o);
	c->m->diag.uring_pswpin[k] = ps1 - ps0;
	verify_pages(c, next);
	if (sp_interrupted())
		return -EINTR;

	pt->real_swapins = mf1 - mf0;
	if (unsupported) {
		/* the kernel cannot drive this: no numbers rather than made-up ones */
		pt->invalid = 1;
		snprintf(c->m->diag.reason, sizeof(c->m->diag.reason),
			 "io_uring MADV_POPULATE_READ refused by the kernel");
		return 0;
	}
	pt->samples = done;
	pt->p50_us = (double)sp_hist_quantile(&c->uring_hist, 0.5) / 1000.0;
	pt->p99_us = (double)sp_hist_quantile(&c->uring_hist, 0.99) / 1000.0;
	if (sp_elapsed_ns(first, last))
		pt->pages_per_s = (double)done / sp_elapsed_s(first, last);
	if (done == 0 || failed || pct_diff(done, pt->real_swapins) > VALID_PCT) {
		pt->invalid = 1;
		if (!c->m->diag.reason[0])
			snprintf(c->m->diag.reason, sizeof(c->m->diag.reason),
				 "io_uring qd %u: %llu completions (%llu failed) but %llu real "
				 "swap-ins",
				 qd, (unsigned long long)done, (unsigned long long)failed,
				 (unsigned long long)pt->real_swapins);
	} else if (pswpin_short(ps1 - ps0, pt->real_swapins) && !pool_uncounted(c->o)) {
		pt->invalid = 1;
		if (!c->m->diag.reason[0])
			snprintf(c->m->diag.reason, sizeof(c->m->diag.reason),
				 "io_uring qd %u: %llu swap-ins but only %llu read a swap device",
				 qd, (unsigned long long)pt->real_swapins,
				 (unsigned long long)(ps1 - ps0));
	}
	sp_debug("faultprobe", "qd %u: %llu done, %llu majflt, pswpin %llu, p50 %.1f us, %.0f/s",
		 qd, (unsigned long long)done, (unsigned long long)pt->real_swapins,
		 (unsigned long long)(ps1 - ps0), pt->p50_us, pt->pages_per_s);
	return 0;
}

/* ---- the worker ---- */

static int worker_setup(struct fp_ctx *c)
{
	const struct sp_faultprobe_opts *o = c->o;
	uint32_t max_qd = 1;
	pthread_attr_t attr;
	int ret;

	c->page = (size_t)sysconf(_SC_PAGESIZE);
	c->max_pages = c->sz.buffer_bytes / c->page;
	c->n_pages = c->max_pages;
	c->n_threads = o->threads;
	c->perm = calloc(c->max_pages, sizeof(*c->perm));
	c->mincore_vec = calloc(c->max_pages, 1);
	c->th = calloc(c->n_threads, sizeof(*c->th));
	if (!c->perm || !c->mincore_vec || !c->th)
		return sp_err_sys(&c->m->why, -ENOMEM, "cannot allocate the worker's tables");
	for (size_t i = 0; i < c->max_pages; i++)
		c->perm[i] = (uint32_t)i;
	if (o->floor_path && o->allow_swap) {
		/* the floor's reads, its slot table and its pagemap: before mlockall, like all */
		c->slot_off = calloc(c->max_pages, sizeof(*c->slot_off));
		if (!c->slot_off || posix_memalign((void **)&c->floor_buf, c->page, c->page))
			return sp_err_sys(&c->m->why, -ENOMEM,
					  "cannot allocate the floor's tables");
		c->floor_fd = open(o->floor_path, O_RDONLY | O_DIRECT | O_CLOEXEC);
		c->pagemap_fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
		if (c->floor_fd < 0 || c->pagemap_fd < 0) {
			/* no floor, and so none printed; the swap-ins are measured all the same */
			sp_debug("faultprobe", "no floor: %s: %s", o->floor_path, strerror(errno));
			if (c->floor_fd >= 0)
				close(c->floor_fd);
			c->floor_fd = -1;
		}
	}
	sp_rng_seed(&c->rng, o->seed ^ 0xfa017b0beull);
	sp_hist_init(&c->merged);
	sp_hist_init(&c->uring_hist);
	for (size_t k = 0; k < o->n_uring_qds; k++)
		if (o->uring_qds[k] > max_qd)
			max_qd = o->uring_qds[k];
	if (o->n_uring_qds) {
		ret = io_uring_queue_init(max_qd, &c->ring, 0);
		if (ret)
			return sp_err_sys(&c->m->why, ret,
					  "cannot set up an io_uring of %u entries", max_qd);
		c->ring_ok = 1;
	}
	pthread_barrier_init(&c->start, NULL, c->n_threads + 1);
	pthread_barrier_init(&c->end, NULL, c->n_threads + 1);
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, THREAD_STACK);
	for (uint32_t i = 0; i < c->n_threads; i++) {
		c->th[i].c = c;
		c->th[i].idx = i;
		sp_hist_init(&c->th[i].hist);
		sp_hist_init(&c->th[i].minor_hist);
		ret = pthread_create(&c->th[i].tid, &attr, touch_thread, &c->th[i]);
		if (ret) {
			/* the threads already started wait at the start barrier forever */
			pthread_attr_destroy(&attr);
			return sp_err_sys(&c->m->why, -ret, "cannot start touching thread %u", i);
		}
	}
	pthread_attr_destroy(&attr);
	/* everything that exists now stays resident; the buffer, mapped next, does not */
	if (mlockall(MCL_CURRENT) < 0)
		return sp_err_sys(&c->m->why, -errno, "mlockall of the worker");
	sp_memcg_usage(c->cg, &c->m->diag.floor_bytes);
	return 0;
}

/*
 * Fill and evict the buffer chunk by chunk, and stop growing it once prep_s has gone: what a
 * slow disk or a slow compressor can take in its share is measured here, not assumed, so the
 * timed swap-ins keep most of the time. The eviction's pswpout over its time is the swap-out
 * rate (sp_swapout_from_samples over the chunks).
 */
static int prepare(struct fp_ctx *c, double prep_s)
{
	struct sp_vm_sample smp[PREP_CHUNKS + 2];
	struct sp_time t0 = sp_now();
	size_t len = c->max_pages * c->page, chunk = c->max_pages / PREP_CHUNKS, filled = 0;
	size_t n_smp = 0;
	double evict_s = 0;
	int ret;

	c->buf = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (c->buf == MAP_FAILED) {
		c->buf = NULL;
		return sp_err_sys(&c->m->why, -errno, "cannot map the %zu-byte buffer", len);
	}
	/* a huge page would be split or swapped whole: neither is a 4 KiB swap-in */
	madvise(c->buf, len, MADV_NOHUGEPAGE);
	if (chunk < PREP_MIN_CHUNK)
		chunk = PREP_MIN_CHUNK;
	smp[n_smp++] = (struct sp_vm_sample){0, 0};
	sp_vmstat_get("pswpout", &smp[0].pswpout);
	while (filled < c->max_pages) {
		size_t n = c->max_pages - filled < chunk ? c->max_pages - filled : chunk;
		struct sp_time f0 = sp_now(), e0;

		for (size_t i = filled; i < filled + n; i++) {
			sp_page_fill(c->buf + i * c->page, c->page, i, c->o->seed);
			if ((i & 4095) == 0 && sp_interrupted())
				return sp_err_set(&c->m->why, -EINTR, "interrupted");
		}
		c->m->diag.fill_s += sp_elapsed_s(f0, sp_now());
		if (filled == 0) {
			/* the ratio is read while the first pages are resident (every page is made
			 * alike from its index, so the first chunk speaks for the buffer) */
			ret = sp_zstd_page_ratio(c->buf, n * c->page, c->page, RATIO_PAGES,
						 &c->m->data_ratio);
			/* zstd's context came from the heap after mlockall: give it back */
			malloc_trim(0);
			if (ret)
				return sp_err_sys(&c->m->why, ret,
						  "measuring the data's zstd ratio");
		}
		filled += n;
		c->n_pages = filled;
		if (!c->o->allow_swap)
			continue;
		e0 = sp_now();
		ret = evict_range(c, filled - n, n);
		if (ret)
			return ret;
		evict_s += sp_elapsed_s(e0, sp_now());
		if (n_smp < sizeof(smp) / sizeof(smp[0])) {
			smp[n_smp].t_s = evict_s;
			sp_vmstat_get("pswpout", &smp[n_smp].pswpout);
			if (smp[n_smp].pswpout < smp[n_smp - 1].pswpout)
				smp[n_smp].pswpout = smp[n_smp - 1].pswpout;
			n_smp++;
		}
		if (sp_elapsed_s(t0, sp_now()) >= prep_s)
			break;
	}
	c->m->fp.buffer_bytes = (uint64_t)c->n_pages * c->page;
	sp_swapout_from_samples(smp, n_smp, &c->m->swapout);
	sp_debug("faultprobe",
		 "prepared %zu of %zu pages in %.2f s (fill %.2f s, evict %.2f s); "
		 "swap-out %llu pages at %.0f pages/s",
		 c->n_pages, c->max_pages, sp_elapsed_s(t0, sp_now()), c->m->diag.fill_s, evict_s,
		 (unsigned long long)c->m->swapout.pages, c->m->swapout.pages_per_s);
	if (!c->o->allow_swap)
		return 0;
	/* one eviction of the whole buffer, proven before anything is timed */
	c->m->diag.evictions = 1;
	record_proof(c);
	return 0;
}

static int worker_main(struct fp_ctx *c)
{
	const struct sp_faultprobe_opts *o = c->o;
	struct sp_time t0 = sp_now();
	double left, parts, one_s, conc_s, uring_s;
	int ret;

	c->m->diag.page_cluster = page_cluster();
	ret = worker_setup(c);
	if (ret)
		return ret;
	ret = prepare(c, c->sz.prep_s);
	if (ret)
		return ret;
	c->m->fp.done = 1;
	if (!o->allow_swap) {
		c->m->fp.invalid = 1;
		snprintf(c->m->diag.reason, sizeof(c->m->diag.reason),
			 "no swap allowed: nothing to swap in (baseline)");
		return 0;
	}
	/* what the preparation left, split as the sizing planned (it may have ended early) */
	left = o->time_s - sp_elapsed_s(t0, sp_now());
	if (left < 0)
		left = 0;
	parts = c->sz.one_s + c->sz.conc_s + c->sz.uring_s;
	one_s = parts > 0 ? left * c->sz.one_s / parts : left;
	conc_s = parts > 0 ? left * c->sz.conc_s / parts : 0;
	uring_s = parts > 0 ? left * c->sz.uring_s / parts : 0;
	ret = touch_phase(c, one_s);
	if (ret == -ENOSPC)
		return 0; /* nothing could be evicted: an invalid result, not a failure */
	if (ret)
		return ret;
	if (c->n_threads > 1 && conc_s > 0) {
		ret = conc_phase(c, conc_s);
		if (ret)
			return ret;
	}
	for (size_t k = 0; k < o->n_uring_qds; k++) {
		ret = uring_point(c, k, uring_s / (double)o->n_uring_qds);
		if (ret)
			return ret;
		c->m->fp.n_uring = k + 1;
	}
	return 0;
}

struct worker_args {
	const struct sp_faultprobe_opts *o;
	const struct sp_memcg *cg;
	struct sp_fault_sizing sz;
};

/* The forked worker's body (sp_worker_start): one result message, then its exit status. */
static int worker(void *arg, int go_fd, int res_fd)
{
	const struct worker_args *a = arg;
	static struct fp_ctx c;
	static struct fp_msg m;

	/* wait until the parent has moved us into the cgroup */
	if (sp_worker_await_go(go_fd))
		return 1;
	c.o = a->o;
	c.cg = a->cg;
	c.sz = a->sz;
	c.m = &m;
	c.floor_fd = c.pagemap_fd = c.swap_type = -1;
	m.fp.threads = 1; /* the headline's; the concurrency phase says its own */
	m.fp.buffer_bytes = a->sz.buffer_bytes;
	m.fp.ci_target_pct = a->o->ci_target_pct;
	m.err = worker_main(&c);
	sp_write_all(res_fd, &m, sizeof(m));
	return 0;
}

/* ---- the parent ---- */

void sp_faultprobe_defaults(struct sp_faultprobe_opts *o)
{
	static const uint32_t qds[] = {1, 4, 16, 32};

	memset(o, 0, sizeof(*o));
	o->buffer_bytes = 256ull << 20;
	o->threads = 2;
	o->time_s = 30;
	o->ci_target_pct = 5;
	o->seed = 1;
	o->uring_qds = qds;
	o->n_uring_qds = sizeof(qds) / sizeof(qds[0]);
	o->warmup = 100;
	o->allow_swap = 1;
	o->blocks = 16;
}

static int check_opts(const struct sp_faultprobe_opts *o)
{
	long page = sysconf(_SC_PAGESIZE);

	if (!o || o->buffer_bytes < (uint64_t)page * 16 || o->threads < 1 ||
	    o->threads > MAX_THREADS || !(o->time_s > 0) || !(o->ci_target_pct >= 0) ||
	    o->n_uring_qds > SP_MAX_URING || (o->n_uring_qds && !o->uring_qds) ||
	    !(o->qd1_lat_s >= 0) || !(o->seq_bytes_per_s >= 0) ||
	    o->buffer_bytes / (uint64_t)page > UINT32_MAX || o->blocks > SP_MAX_BLOCKS ||
	    (o->blocks && o->blocks < 2))
		return -EINVAL;
	for (size_t k = 0; k < o->n_uring_qds; k++)
		if (o->uring_qds[k] < 1 || o->uring_qds[k] > MAX_QD)
			return -EINVAL;
	return 0;
}

/* The buffer's ceiling, the phases' times and the warm-up, from the device's figures. */
static int fault_sizing(const struct sp_faultprobe_opts *o, struct sp_fault_sizing *sz)
{
	struct sp_fault_sizing_in in = {
	    .share_s = o->time_s,
	    .qd1_lat_s = o->qd1_lat_s,
	    .seq_bytes_per_s = o->seq_bytes_per_s,
	    .page_bytes = (uint64_t)sysconf(_SC_PAGESIZE),
	    .budget_bytes = o->buffer_bytes,
	    .threads = o->threads,
	    .uring = o->n_uring_qds > 0,
	};
	int ret = sp_fault_size(&in, sz);

	if (!ret)
		sp_debug("faultprobe",
			 "sizing: buffer up to %llu bytes, prep %.1f s, one thread "
			 "%.1f s (%llu swap-ins expected, warm-up %u), %u threads %.1f s, io_uring "
			 "%.1f s",
			 (unsigned long long)sz->buffer_bytes, sz->prep_s, sz->one_s,
			 (unsigned long long)sz->expected_swapins, sz->warmup, o->threads,
			 sz->conc_s, sz->uring_s);
	return ret;
}

/* Generous: filling and evicting a large buffer to a slow disk takes a while. */
static double worker_timeout_s(const struct sp_faultprobe_opts *o)
{
	double evictions = 2.0 + (double)o->n_uring_qds;
	double slow_s = (double)o->buffer_bytes / (10.0 * 1024 * 1024); /* 10 MiB/s */

	return o->time_s * 1.5 + 60 + evictions * slow_s;
}

/* Why the worker's result never came, or what it said went wrong. */
static int worker_error(struct sp_err *e, int ret, const struct fp_msg *m, double timeout_s)
{
	switch (ret) {
	case -ETIMEDOUT:
		return sp_err_set(
		    e, ret, "the worker overran its deadline of %.0f s and was killed", timeout_s);
	case -ECHILD:
		return sp_err_set(e, ret,
				  "the worker died before it reported (killed by the OOM "
				  "killer or a signal)");
	case -EINTR:
		return sp_err_set(e, ret, "interrupted");
	}
	if (m->err && ret == m->err) {
		if (m->why.code == ret && m->why.reason[0])
			return sp_err_set(e, ret, "%s", m->why.reason);
		return sp_err_sys(e, ret, "the worker failed");
	}
	return sp_err_sys(e, ret, "waiting for the worker");
}

int sp_faultprobe_run(const struct sp_faultprobe_opts *o, struct sp_fault_probe *out,
		      struct sp_integrity *integ, struct sp_compression *comp, struct sp_err *e)
{
	static struct fp_msg m;
	struct sp_fault_sizing sz[1];
	size_t mark = sp_undo_depth();
	struct sp_worker w = SP_WORKER_INIT;
	struct worker_args args;
	struct sp_memcg cg;
	int ret, st;

	ret = check_opts(o);
	if (ret)
		return sp_err_set(e, ret, "bad fault-probe options");
	ret = fault_sizing(o, sz);
	if (ret)
		return sp_err_set(e, ret, "bad fault-probe options");
	ret = sp_memcg_create("faultprobe", &cg);
	if (ret == -ENOENT)
		return sp_err_set(e, ret, "no memory cgroup controller");
	if (ret)
		return sp_err_sys(e, ret, "cannot create the memory cgroup");
	if (!o->allow_swap)
		sp_memcg_set_swap(&cg, 0);
	args.o = o;
	args.cg = &cg;
	args.sz = *sz;
	ret = sp_worker_start(&w, &cg, worker, &args);
	if (ret) {
		sp_err_sys(e, ret, "cannot start the worker in its cgroup");
		goto out;
	}
	memset(&m, 0, sizeof(m));
	ret = sp_worker_read(&w, &m, sizeof(m), worker_timeout_s(o));
	if (!ret)
		ret = m.err;
	if (ret)
		worker_error(e, ret, &m, worker_timeout_s(o));
	if (!ret) {
		*out = m.fp;
		*integ = m.integ;
		comp->data_ratio = m.data_ratio;
		if (m.zram.zram) {
			comp->zram = 1;
			comp->zram_ratio = m.zram.zram_ratio;
			comp->orig_data_size = m.zram.orig_data_size;
			comp->compr_data_size = m.zram.compr_data_size;
			comp->mem_used_total = m.zram.mem_used_total;
			comp->same_pages = m.zram.same_pages;
		}
		if (o->diag)
			*o->diag = m.diag;
		if (o->swapout)
			*o->swapout = m.swapout;
	} else if (o->diag) {
		/* the reason for a failure, also for callers that did not pass e */
		snprintf(o->diag->reason, sizeof(o->diag->reason), "%.*s",
			 (int)sizeof(o->diag->reason) - 1,
			 m.why.reason[0] ? m.why.reason : strerror(-ret));
	}
out:
	/* the worker leaves right after its message; on an error it is killed */
	if (sp_worker_reap(&w, ret != 0, REAP_GRACE_S, &st) == 0 && ret == -ECHILD &&
	    WIFSIGNALED(st) && WTERMSIG(st) == SIGBUS) {
		/* the kernel's word for a swap-in that could not be read: do_swap_page's SIGBUS */
		ret = sp_err_set(e, -EIO,
				 "the worker was killed by SIGBUS: a page could not be "
				 "read back from swap (an I/O error on the swap device)");
		if (o->diag)
			snprintf(o->diag->reason, sizeof(o->diag->reason), "%s", sp_err_msg(e));
	}
	/* removes the cgroup */
	sp_undo_run_to(mark);
	sp_debug("faultprobe", "done: %d", ret);
	return ret;
}
