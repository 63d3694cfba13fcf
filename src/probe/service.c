/*
 * service.c - the service scenario's effects (see service.h): the service and the spike job
 * as forked workers in one memory cgroup, and the parent's event loop that sends the load on
 * its schedule, reads replies, notices deaths, restarts the service and counts.
 *
 * The parent is one thread that never blocks on the service: the request pipe's write end is
 * non-blocking (a full pipe is a refused request), the reply pipe is polled with a timeout no
 * longer than the wait for the next intended send, and deaths are noticed with waitid(WNOWAIT)
 * before anything is reaped, so the replies a dying service wrote are read first.
 */
#include "probe/service.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "act/memcg.h"
#include "act/sysctl.h"
#include "act/undo.h"
#include "act/worker.h"
#include "core/measure/pagefill.h"
#include "core/measure/procparse.h"
#include "core/measure/rng.h"
#include "probe/jobrun.h"
#include "sys/log.h"
#include "sys/sysfs.h"
#include "sys/timer.h"

#define READY_SEQ UINT64_MAX
#define TOP_BIT (1ull << 62) /* a top-speed request, not one of the load's */
#define SWAP_SAMPLE_EVERY_S 0.25
#define MAX_POLL_MS 10
#define SPIKE_AT 0.2   /* of the load: when the backup starts */
#define SPIKE_HOLD 0.4 /* of the load: how long it holds its burst once filled */
#define TAG_COLD 0x636f6c64ull
#define TAG_SPIKE 0x7370696b65ull
#define TAG_REQ 0x726571ull

struct req {
	uint64_t seq;
};

struct reply {
	uint64_t seq;
	uint64_t bad_pages;
};

/* ---- the children ---- */

struct svc_child {
	struct sp_service_sizes sz;
	uint64_t seed;
	unsigned threads;
	double spike_hold_s;
	/* the service's, set in the child */
	unsigned char *hot;
	int go_fd, result_fd;
};

/* The forked children inherited every descriptor the parent had (another worker's pipes):
 * keep only our own, so a pipe's EOF means what it says. */
static void close_others(int a, int b)
{
	long max = sysconf(_SC_OPEN_MAX);

	for (int fd = 3; fd < (max > 0 && max < 65536 ? max : 65536); fd++)
		if (fd != a && fd != b)
			close(fd);
}

static void fill(unsigned char *p, uint64_t bytes, uint64_t first_index, uint64_t seed)
{
	for (uint64_t off = 0; off < bytes; off += SP_SERVICE_PAGE_BYTES)
		sp_page_fill(p + off, SP_SERVICE_PAGE_BYTES,
			     first_index + off / SP_SERVICE_PAGE_BYTES, seed);
}

/* One request: random chunks of the hot set, every page of them verified. */
static uint64_t serve(const struct svc_child *c, uint64_t seq)
{
	struct sp_rng r;
	uint64_t bad = 0;

	sp_rng_seed(&r, c->seed ^ sp_mix64(seq ^ TAG_REQ));
	for (unsigned i = 0; i < SP_SERVICE_CHUNKS_PER_REQUEST; i++) {
		uint64_t first = sp_rng_below(&r, c->sz.hot_chunks) * SP_SERVICE_CHUNK_PAGES;

		for (uint64_t p = first; p < first + SP_SERVICE_CHUNK_PAGES; p++)
			if (sp_page_verify(c->hot + p * SP_SERVICE_PAGE_BYTES,
					   SP_SERVICE_PAGE_BYTES, p, c->seed))
				bad++;
	}
	return bad;
}

static void *serve_thread(void *arg)
{
	const struct svc_child *c = arg;
	struct req q;
	struct reply a;

	/* pipe reads and writes of these sizes are atomic: the threads share both pipes */
	while (read(c->go_fd, &q, sizeof(q)) == (ssize_t)sizeof(q)) {
		a.seq = q.seq;
		a.bad_pages = serve(c, q.seq);
		if (write(c->result_fd, &a, sizeof(a)) != (ssize_t)sizeof(a))
			break;
	}
	return NULL;
}

static int service_main(void *arg, int go_fd, int result_fd)
{
	struct svc_child *c = arg;
	pthread_t th[SP_SERVICE_MAX_WORKERS];
	unsigned n = 0;
	unsigned char *cold;
	struct reply ready = {READY_SEQ, 0};

	prctl(PR_SET_NAME, SP_SERVICE_PROC_NAME);
	close_others(go_fd, result_fd);
	if (sp_worker_await_go(go_fd))
		return 1;
	c->go_fd = go_fd;
	c->result_fd = result_fd;
	c->hot = sp_job_map_anon(c->sz.hot_bytes);
	cold = sp_job_map_anon(c->sz.cold_bytes);
	if (!c->hot || (c->sz.cold_bytes && !cold))
		return 2;
	/* cold first: the idle data is then the oldest, the first the kernel evicts */
	fill(cold, c->sz.cold_bytes, c->sz.hot_bytes / SP_SERVICE_PAGE_BYTES, c->seed ^ TAG_COLD);
	fill(c->hot, c->sz.hot_bytes, 0, c->seed);
	if (write(result_fd, &ready, sizeof(ready)) != (ssize_t)sizeof(ready))
		return 3;
	for (; n < c->threads && n < SP_SERVICE_MAX_WORKERS; n++)
		if (pthread_create(&th[n], NULL, serve_thread, c))
			break;
	if (!n)
		serve_thread(c);
	for (unsigned i = 0; i < n; i++)
		pthread_join(th[i], NULL);
	return 0;
}

static int spike_main(void *arg, int go_fd, int result_fd)
{
	const struct svc_child *c = arg;
	unsigned char *p;
	struct timespec ts;

	prctl(PR_SET_NAME, SP_SERVICE_SPIKE_NAME);
	close_others(go_fd, result_fd);
	if (sp_worker_await_go(go_fd))
		return 1;
	p = sp_job_map_anon(c->sz.spike_bytes);
	if (!p)
		return 2;
	fill(p, c->sz.spike_bytes, 0, c->seed ^ TAG_SPIKE);
	ts.tv_sec = (time_t)c->spike_hold_s;
	ts.tv_nsec = (long)((c->spike_hold_s - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
	/* the backup checks what it held before it exits happily */
	for (uint64_t off = 0; off < c->sz.spike_bytes; off += SP_SERVICE_PAGE_BYTES)
		if (sp_page_verify(p + off, SP_SERVICE_PAGE_BYTES, off / SP_SERVICE_PAGE_BYTES,
				   c->seed ^ TAG_SPIKE))
			return 4;
	return 0;
}

/* ---- the parent ---- */

enum phase { PH_START, PH_LOAD, PH_TOP };

struct svc {
	const struct sp_service_opts *o;
	enum sp_service_case_kind kind;
	struct svc_child child;
	struct sp_memcg cg;
	struct sp_worker w, spike;
	int up;	  /* the service said it is ready */
	int down; /* it died and waits for its restart */
	struct sp_time restart_at;
	uint64_t restarts;
	int gave_up; /* the start limit was hit: the service stays down */
	struct sp_time first_start;
	struct sp_time starts[SP_SERVICE_MAX_VICTIMS]; /* restart i at [i % MAX] */
	int spike_started, spike_done, spike_exit, spike_killed;
	struct sp_time spike_at;
	size_t n_killed;
	char killed[SP_SERVICE_MAX_VICTIMS][SP_SERVICE_NAME_BYTES];
	unsigned char rbuf[4096];
	size_t rlen;
	enum phase phase;
	struct sp_time t0; /* the load's start */
	struct sp_service_log *log;
	uint64_t next_seq;
	uint64_t top_seq, top_outstanding, top_served;
	int has_swap;
	uint64_t swap_peak;
	struct sp_time next_swap;
	int served_one; /* a request was served (load in time, or top speed): first_served */
	struct sp_time first_served;
};

static int start_service(struct svc *s)
{
	int ret = sp_worker_start(&s->w, &s->cg, service_main, &s->child);

	if (ret)
		return ret;
	fcntl(s->w.go_fd, F_SETFL, fcntl(s->w.go_fd, F_GETFL) | O_NONBLOCK);
	fcntl(s->w.result_fd, F_SETFL, fcntl(s->w.result_fd, F_GETFL) | O_NONBLOCK);
	s->up = 0;
	s->down = 0;
	s->rlen = 0;
	return 0;
}

static void note_kill(struct svc *s, const char *name)
{
	if (s->n_killed < SP_SERVICE_MAX_VICTIMS)
		snprintf(s->killed[s->n_killed++], SP_SERVICE_NAME_BYTES, "%s", name);
}

/* Reap a worker that exited; 1 when a SIGKILL we did not send ended it. */
static int reap_exited(struct sp_worker *w, int *exit_code)
{
	int ours = w->killed, status = 0;

	*exit_code = -1;
	if (sp_worker_reap(w, 0, 0, &status))
		return 0;
	if (WIFEXITED(status))
		*exit_code = WEXITSTATUS(status);
	return !ours && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

static void on_reply(struct svc *s, const struct reply *a, struct sp_time now)
{
	uint64_t served;

	if (a->seq == READY_SEQ) {
		s->up = 1;
		return;
	}
	if (a->seq & TOP_BIT) {
		if (s->top_outstanding)
			s->top_outstanding--;
		if (s->phase == PH_TOP)
			s->top_served++;
		served = !a->bad_pages;
	} else if (s->log) {
		served = s->log->served;
		sp_service_log_reply(s->log, a->seq, sp_elapsed_ns(s->t0, now), a->bad_pages > 0);
		served = s->log->served > served;
	} else {
		served = 0;
	}
	/* seed 000's start time ends here: the first request the service answered in time */
	if (served && !s->served_one) {
		s->served_one = 1;
		s->first_served = now;
	}
}

/* Read what the service wrote. Returns: 1 when its end is closed (it is gone), else 0. */
static int read_replies(struct svc *s)
{
	for (;;) {
		ssize_t r = read(s->w.result_fd, s->rbuf + s->rlen, sizeof(s->rbuf) - s->rlen);
		struct sp_time now = sp_now();
		size_t i;

		if (r == 0)
			return 1;
		if (r < 0)
			return errno == EAGAIN || errno == EINTR ? 0 : 1;
		s->rlen += (size_t)r;
		for (i = 0; i + sizeof(struct reply) <= s->rlen; i += sizeof(struct reply)) {
			struct reply a;

			memcpy(&a, s->rbuf + i, sizeof(a));
			on_reply(s, &a, now);
		}
		memmove(s->rbuf, s->rbuf + i, s->rlen - i);
		s->rlen -= i;
	}
}

static void service_died(struct svc *s)
{
	int code;

	read_replies(s);
	if (reap_exited(&s->w, &code))
		note_kill(s, SP_SERVICE_PROC_NAME);
	sp_debug("service", "service died (exit %d) in phase %d", code, s->phase);
	if (s->log)
		sp_service_log_drop(s->log);
	s->top_outstanding = 0;
	s->up = 0;
	s->down = 1;
	s->restart_at = sp_now();
	s->restart_at.ns += (uint64_t)(s->o->restart_delay_s * 1e9);
}

/*
 * systemd's start limit (StartLimitBurst=5 in StartLimitIntervalSec=10 by default): a service
 * started that often within the interval is given up, and stays down.
 */
static int may_restart(struct svc *s, struct sp_time now)
{
	const struct sp_service_opts *o = s->o;
	uint64_t nth;

	struct sp_time then;

	if (s->gave_up)
		return 0;
	if (!o->restart_burst || s->restarts + 1 < o->restart_burst) /* the first counts too */
		return 1;
	/* the start restart_burst starts before this one: within the interval, give up */
	nth = s->restarts + 1 - o->restart_burst;
	then = nth ? s->starts[(nth - 1) % SP_SERVICE_MAX_VICTIMS] : s->first_start;
	if (sp_elapsed_s(then, now) < o->restart_interval_s)
		s->gave_up = 1;
	return !s->gave_up;
}

static int send_req(struct svc *s, uint64_t seq)
{
	struct req q = {seq};

	return write(s->w.go_fd, &q, sizeof(q)) == (ssize_t)sizeof(q);
}

static void send_due(struct svc *s, struct sp_time now)
{
	if (s->phase == PH_LOAD) {
		uint64_t due =
		    sp_service_due(s->log->rate_per_s, s->log->n, sp_elapsed_ns(s->t0, now));

		for (; s->next_seq < due; s->next_seq++)
			sp_service_log_send(s->log, s->next_seq, s->up && send_req(s, s->next_seq));
	} else if (s->phase == PH_TOP) {
		while (s->up && s->top_outstanding < SP_SERVICE_TOP_CLIENTS &&
		       send_req(s, TOP_BIT | s->top_seq)) {
			s->top_seq++;
			s->top_outstanding++;
		}
	}
}

/*
 * The cgroup's swap use: v2 memory.swap.current; v1 memory.stat's swap (with swap
 * accounting), not memsw.usage - usage, whose two reads race with a cgroup that is
 * filling (we saw half a MiB of "swap" in a cgroup with swap forbidden).
 */
static int swap_bytes(const struct sp_memcg *cg, uint64_t *b)
{
	return cg->version == 1 ? sp_memcg_stat(cg, "swap", b) : sp_memcg_swap_usage(cg, b);
}

static void sample_swap(struct svc *s, struct sp_time now)
{
	uint64_t b;

	if (now.ns < s->next_swap.ns)
		return;
	s->next_swap.ns = now.ns + (uint64_t)(SWAP_SAMPLE_EVERY_S * 1e9);
	if (swap_bytes(&s->cg, &b) == 0) {
		s->has_swap = 1;
		if (b > s->swap_peak)
			s->swap_peak = b;
	}
}

/* One turn of the loop: at most MAX_POLL_MS, less when a request falls due sooner. */
static int pump(struct svc *s)
{
	struct sp_time now = sp_now();
	int wait_ms = MAX_POLL_MS, ret, code;

	if (sp_interrupted())
		return -EINTR;
	if (s->w.pid > 0) {
		int gone = read_replies(s);

		if (gone || sp_job_exited(s->w.pid))
			service_died(s);
	}
	now = sp_now();
	if (s->w.pid <= 0 && s->down && now.ns >= s->restart_at.ns && may_restart(s, now)) {
		ret = start_service(s);
		if (ret)
			return ret;
		s->starts[s->restarts++ % SP_SERVICE_MAX_VICTIMS] = now;
	}
	if (s->kind == SP_SVC_SPIKE && s->phase == PH_LOAD && !s->spike_started &&
	    now.ns >= s->spike_at.ns) {
		ret = sp_worker_start(&s->spike, &s->cg, spike_main, &s->child);
		if (ret)
			return ret;
		s->spike_started = 1;
	}
	if (s->spike_started && !s->spike_done && sp_job_exited(s->spike.pid)) {
		s->spike_killed = reap_exited(&s->spike, &code);
		s->spike_exit = code;
		s->spike_done = 1;
		if (s->spike_killed)
			note_kill(s, SP_SERVICE_SPIKE_NAME);
	}
	send_due(s, now); /* also while the service is down: those requests fail at once */
	if (s->log)
		sp_service_log_expire(s->log, sp_elapsed_ns(s->t0, now));
	sample_swap(s, now);
	if (s->phase == PH_LOAD && s->next_seq < s->log->n) {
		uint64_t next = s->t0.ns + sp_service_intended_ns(s->log->rate_per_s, s->next_seq);
		uint64_t ms = next > now.ns ? (next - now.ns + 999999) / 1000000 : 0;

		wait_ms = ms < (uint64_t)wait_ms ? (int)ms : wait_ms;
	}
	if (s->w.pid > 0) {
		struct pollfd p = {.fd = s->w.result_fd, .events = POLLIN};

		poll(&p, 1, wait_ms);
	} else {
		sp_sleep_ms((unsigned)wait_ms);
	}
	return 0;
}

void sp_service_defaults(uint64_t limit_bytes, struct sp_service_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->limit_bytes = limit_bytes;
	o->allow_swap = 1;
	o->rate_per_s = SP_SERVICE_DEFAULT_RATE;
	o->timeout_s = SP_SERVICE_DEFAULT_TIMEOUT_S;
	o->load_s = SP_SERVICE_DEFAULT_LOAD_S;
	o->top_s = SP_SERVICE_DEFAULT_TOP_S;
	o->start_wait_s = SP_SERVICE_START_WAIT_S;
	o->restart_delay_s = SP_SERVICE_RESTART_DELAY_S;
	o->restart_burst = SP_SERVICE_RESTART_BURST;
	o->restart_interval_s = SP_SERVICE_RESTART_INTERVAL_S;
	o->threads = SP_SERVICE_DEFAULT_WORKERS;
	o->seed = 1;
}

static int valid(const struct sp_service_opts *o)
{
	return o->rate_per_s > 0 && o->timeout_s > 0 && o->load_s > 0 && o->top_s > 0 &&
	       o->start_wait_s >= 0 && o->restart_delay_s >= 0 && o->threads >= 1 &&
	       o->restart_burst < SP_SERVICE_MAX_VICTIMS && o->restart_interval_s >= 0 &&
	       o->threads <= SP_SERVICE_MAX_WORKERS &&
	       sp_service_n_requests(o->rate_per_s, o->load_s) > 0;
}

/* A vm sysctl's value as the case begins; -1 when it cannot be read. */
static int sysctl_int(const char *name)
{
	uint64_t v;

	return sp_sysctl_get_u64(name, &v) == 0 && v <= 1000 ? (int)v : -1;
}

static int make_cgroup(const struct sp_service_opts *o, enum sp_service_case_kind k,
		       struct sp_memcg *cg)
{
	char name[32];
	int ret, r;

	snprintf(name, sizeof(name), "service-%s", sp_service_case_name(k));
	ret = sp_memcg_create(name, cg);
	if (!ret)
		ret = sp_memcg_set_limit(cg, o->limit_bytes);
	if (!ret) {
		r = sp_memcg_set_swap(cg, o->allow_swap);
		ret = r == -EOPNOTSUPP ? 0 : r; /* v1 without swap accounting: swappiness only */
	}
	return ret;
}

/* The case's phases, once the cgroup exists: start, load and drain, top speed. */
static int run_phases(struct svc *s, struct sp_service_counters *c, struct sp_service_detail *d)
{
	const struct sp_service_opts *o = s->o;
	struct sp_time t;
	int ret;

	t = sp_now();
	s->first_start = t;
	ret = start_service(s);
	if (ret)
		return ret;
	/* a service killed while it fills, as often as systemd restarts it, never comes up:
	 * waiting out start_wait_s then would only add half a minute to a none placement */
	while (!s->up && !s->gave_up && sp_elapsed_s(t, sp_now()) < o->start_wait_s)
		if ((ret = pump(s)))
			return ret;
	d->started = s->up;
	d->start_s = sp_elapsed_s(t, sp_now());

	if ((ret = sp_jobrun_read_vm(&c->pswpin0, &c->pswpout0, NULL, NULL, NULL)))
		return ret;
	s->phase = PH_LOAD;
	s->t0 = sp_now();
	s->spike_at.ns = s->t0.ns + (uint64_t)(SPIKE_AT * o->load_s * 1e9);
	/* every request sent, then the drain: until none is pending (the log fails what is
	 * still pending at its timeout, so the drain lasts at most timeout_s) */
	while (s->next_seq < s->log->n || s->log->pending)
		if ((ret = pump(s)))
			return ret;
	c->load_s = sp_elapsed_s(s->t0, sp_now());
	if ((ret = sp_jobrun_read_vm(&c->pswpin1, &c->pswpout1, NULL, NULL, NULL)))
		return ret;

	s->phase = PH_TOP;
	t = sp_now();
	while (sp_elapsed_s(t, sp_now()) < o->top_s)
		if ((ret = pump(s)))
			return ret;
	c->top_served = s->top_served;
	c->top_span_s = sp_elapsed_s(t, sp_now());
	return 0;
}

int sp_service_run_case(const struct sp_service_opts *o, enum sp_service_case_kind k,
			struct sp_service_case *out, struct sp_service_detail *detail)
{
	size_t mark = sp_undo_depth();
	struct sp_service_detail dd;
	struct sp_service_detail *d = detail ? detail : &dd;
	struct sp_service_counters c;
	struct svc *s;
	struct sigaction ign = {.sa_handler = SIG_IGN}, old_pipe;
	uint8_t *state = NULL;
	uint64_t n, majflt0 = 0;
	int ret, r, status;

	memset(d, 0, sizeof(*d));
	memset(&c, 0, sizeof(c));
	d->spike_exit = -1;
	if (!o || !out || !valid(o))
		return -EINVAL;
	s = calloc(1, sizeof(*s));
	n = sp_service_n_requests(o->rate_per_s, o->load_s);
	state = malloc(n);
	if (s)
		s->log = malloc(sizeof(*s->log));
	if (!s || !state || !s->log) {
		ret = -ENOMEM;
		goto out_free;
	}
	s->o = o;
	s->kind = k;
	s->w = SP_WORKER_INIT;
	s->spike = SP_WORKER_INIT;
	s->spike_exit = -1;
	ret = sp_service_size(k, o->limit_bytes, &s->child.sz);
	if (!ret)
		ret = sp_service_log_init(s->log, o->rate_per_s, o->timeout_s, n, state);
	if (ret)
		goto out_free;
	d->sizes = s->child.sz;
	s->child.seed = o->seed;
	s->child.threads = o->threads;
	s->child.spike_hold_s = SPIKE_HOLD * o->load_s;

	/* a write to the pipe of a service that just died must fail, not kill us */
	sigaction(SIGPIPE, &ign, &old_pipe);
	ret = make_cgroup(o, k, &s->cg);
	if (ret) {
		sp_debug("service", "memory cgroup: %d", ret);
		goto out;
	}
	c.has_oom_counter = sp_memcg_oom_kills(&s->cg, &c.oom0) == 0;
	c.page_cluster = sysctl_int("vm.page-cluster");
	c.swappiness = sysctl_int("vm.swappiness");
	d->has_majflt = sp_memcg_stat(&s->cg, "pgmajfault", &majflt0) == 0;
	ret = run_phases(s, &c, d);
	/* the peak swap use and the OOM count before anything of ours is killed */
	sample_swap(s, (struct sp_time){UINT64_MAX});
	if (c.has_oom_counter)
		c.has_oom_counter = sp_memcg_oom_kills(&s->cg, &c.oom1) == 0;
	if (d->has_majflt && sp_memcg_stat(&s->cg, "pgmajfault", &d->majflt) == 0)
		d->majflt = d->majflt >= majflt0 ? d->majflt - majflt0 : 0;
	else
		d->has_majflt = 0;
	if (s->w.pid > 0)
		sp_worker_reap(&s->w, 1, 0, &status);
	if (s->spike_started && !s->spike_done)
		sp_worker_reap(&s->spike, 1, 0, &status);
	if (ret)
		goto out;
	c.kind = k;
	c.log = s->log;
	c.restarts = s->restarts;
	c.has_swap_usage = s->has_swap;
	c.swap_peak_bytes = s->swap_peak;
	c.has_first_served = s->served_one;
	c.first_served_s = s->served_one ? sp_elapsed_s(s->first_start, s->first_served) : 0;
	c.n_killed = s->n_killed;
	memcpy(c.killed, s->killed, sizeof(c.killed));
	ret = sp_service_case_result(&c, out);
	d->load_s = c.load_s;
	d->refused = s->log->refused;
	d->late = s->log->late;
	d->expired = s->log->expired;
	d->dropped = s->log->dropped;
	d->corrupt = s->log->corrupt;
	d->pswpin = c.pswpin1 - c.pswpin0;
	d->pswpout = c.pswpout1 - c.pswpout0;
	d->top_served = c.top_served;
	d->has_oom_counter = c.has_oom_counter;
	d->gave_up = s->gave_up;
	d->spike_ran = s->spike_started;
	d->spike_exit = s->spike_exit;
	d->spike_killed = s->spike_killed;
out:
	if (s->w.pid > 0)
		sp_worker_reap(&s->w, 1, 0, &status);
	if (s->spike.pid > 0)
		sp_worker_reap(&s->spike, 1, 0, &status);
	r = sp_undo_run_to(mark);
	if (r)
		sp_debug("service", "undo: %d", r);
	sigaction(SIGPIPE, &old_pipe, NULL);
out_free:
	if (s)
		free(s->log);
	free(s);
	free(state);
	return ret;
}

int sp_service_run(const struct sp_service_opts *o, const enum sp_service_case_kind *cases,
		   size_t n, struct sp_scenario_service *out)
{
	int ret;

	if (!out || n > SP_SVC_N_CASES)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < n; i++) {
		ret = sp_service_run_case(o, cases[i], &out->cases[i], NULL);
		if (ret)
			return ret;
		out->n_cases++;
	}
	return 0;
}
