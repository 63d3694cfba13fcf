/*
 * service.h - the service scenario, executed: a small in-process service in a memory cgroup
 * limited to the budget, loaded open-loop at a steady rate, then at top speed, per case
 * (core/scenario/service.h: fits, cold, hot, spike), with the OOM killer's victims named and a
 * killed service restarted as systemd would.
 *
 * The service (a forked worker named SP_SERVICE_PROC_NAME) fills its cold set and then its
 * hot set with text-like pages (core/measure/pagefill.h; cold first, so the idle data is the oldest
 * and the first the kernel evicts), says it is ready, and serves with o->threads workers
 * (SP_SERVICE_DEFAULT_WORKERS, one, as the seed's one Python process): a request reads
 * SP_SERVICE_CHUNKS_PER_REQUEST random 64 KiB chunks of the hot set and verifies every page of them
 * (a page that came back changed fails the request). Requests and replies travel through pipes: the
 * parent writes each request at its intended time without waiting for anything (a stalled service
 * leaves a backlog in the pipe, timed from the intended times; core/scenario/service.h), and sends
 * none while the service is down: those fail at once, as a refused connection does. The spike case
 * starts a second process (named SP_SERVICE_SPIKE_NAME, the nightly backup) in the same cgroup a
 * fifth of the way into the load, which fills a burst, holds it for two fifths of the load and
 * exits.
 *
 * Measured per case: sent, served, failed and the latency percentiles of the load; top speed
 * (SP_SERVICE_TOP_CLIENTS clients in a closed loop over top_s); the cgroup's oom_kill events
 * and which of our processes died of a SIGKILL we did not send; restarts; the cgroup's peak
 * swap use (v2 memory.swap.current, v1 memsw - usage); pswpin/pswpout per second over the
 * load (/proc/vmstat: only the placement under test is active, so they are the case's); the
 * start time (first launch to the first request served) and the rate served; vm.page-cluster
 * and vm.swappiness as the case found them (the caller sets them).
 */
#ifndef SP_PROBE_SERVICE_H
#define SP_PROBE_SERVICE_H

#include <stddef.h>
#include <stdint.h>

#include "core/scenario/scenario_service.h"
#include "core/scenario/service.h"

struct sp_service_opts {
	uint64_t limit_bytes;	   /* the cgroup's hard limit: the budget */
	int allow_swap;		   /* 0 forbids swap for the cgroup (v2 swap.max, v1 memsw) */
	double rate_per_s;	   /* the open-loop load (default 40) */
	double timeout_s;	   /* a request older than this fails (default 10) */
	double load_s;		   /* the open-loop load's length (default 60) */
	double top_s;		   /* the top-speed span (default 10) */
	double start_wait_s;	   /* the load starts after this even if the service is not up */
	double restart_delay_s;	   /* a dead service is restarted after this (systemd: 100 ms) */
	unsigned restart_burst;	   /* systemd's start limit: this many starts (first included) */
	double restart_interval_s; /* within this long, and the service is given up; 0: none */
	unsigned threads;	   /* serving workers, 1 to SP_SERVICE_MAX_WORKERS (default 1) */
	uint64_t seed;
};

/* What a case counted beyond its result: why requests failed, the raw counters. */
struct sp_service_detail {
	struct sp_service_sizes sizes;
	double load_s;	/* the load from its start to its drain */
	double start_s; /* from the first start to ready (or start_wait_s) */
	int started;	/* the service was ready before the load began */
	uint64_t refused, late, expired, dropped, corrupt; /* the failed, by cause */
	uint64_t pswpin, pswpout;			   /* deltas over the load */
	uint64_t top_served;
	int has_oom_counter;
	int gave_up;	  /* the start limit was hit: the service stayed down */
	int has_majflt;	  /* the cgroup's memory.stat pgmajfault was readable */
	uint64_t majflt;  /* its rise over the whole case: the case's own swap-ins */
	int spike_ran;	  /* the spike job started */
	int spike_exit;	  /* its exit code, -1 when killed or not run */
	int spike_killed; /* it died of a SIGKILL we did not send */
};

/* limit, swap allowed, 40/s, 10 s timeout, 60 s load, 10 s top speed, 30 s start wait,
 * restarts after 100 ms up to systemd's default start limit (5 starts in 10 s). */
void sp_service_defaults(uint64_t limit_bytes, struct sp_service_opts *o);

/*
 * Run one case: a fresh cgroup (removed again before returning), the service started and
 * waited for, the load, the top-speed span, then everything killed. An OOM kill, a failed
 * request or a service that never came up is a result, not an error. detail may be NULL.
 * Returns: 0 when out holds a result; -EINVAL for bad options; -ENOENT without a memory
 * controller; -EINTR on a terminating signal; another -errno when the cgroup or a process
 * could not be made.
 */
int sp_service_run_case(const struct sp_service_opts *o, enum sp_service_case_kind k,
			struct sp_service_case *out, struct sp_service_detail *detail);

/* Run the n cases given, in order, into out. Returns: 0, or the first case's error. */
int sp_service_run(const struct sp_service_opts *o, const enum sp_service_case_kind *cases,
		   size_t n, struct sp_scenario_service *out);

#endif
