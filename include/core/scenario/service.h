/*
 * service.h - the service scenario, planned and accounted: how big the service's hot and
 * cold sets (and the spike job's burst) are for each case from the memory limit, when each
 * request of the open-loop load is meant to be sent, and the request log that turns sends,
 * replies, deaths and the clock into sent/served/failed and a latency histogram.
 *
 * The scenario mirrors a field report (seed 000): a small web service holding text-like data,
 * a hot part read at random by every request (20 random 64 KiB chunks) and a cold part filled
 * at start and never read again, loaded at a steady rate from outside with a timeout. What the
 * report measured is an outcome a person cares about (failed requests, p95, top speed, whom
 * the OOM killer took), so that is what the log accounts for.
 *
 * No coordinated omission: a request's latency runs from its INTENDED send time (the schedule,
 * sp_service_intended_ns), never from when the loop got round to sending it, so a stall of the
 * service (or of the sender) shows as the backlog it causes. A request still unanswered
 * timeout_ns after its intended time is failed, and so is one answered later than that.
 *
 * All times are nanoseconds since the load began. Pure: no allocation (the caller hands the
 * per-request state array in), no I/O.
 */
#ifndef SP_CORE_SERVICE_H
#define SP_CORE_SERVICE_H

#include <stddef.h>
#include <stdint.h>

#include "core/measure/hist.h"
#include "core/scenario/scenario_service.h"

#define SP_SERVICE_PAGE_BYTES 4096u
#define SP_SERVICE_CHUNK_BYTES (64u << 10)
#define SP_SERVICE_CHUNK_PAGES (SP_SERVICE_CHUNK_BYTES / SP_SERVICE_PAGE_BYTES)
#define SP_SERVICE_CHUNKS_PER_REQUEST 20u
#define SP_SERVICE_DEFAULT_RATE 40.0	  /* requests per second, the seed's load */
#define SP_SERVICE_DEFAULT_TIMEOUT_S 10.0 /* the seed's client timeout */
#define SP_SERVICE_DEFAULT_LOAD_S 60.0	  /* the seed's 60 s of load per run */
#define SP_SERVICE_DEFAULT_TOP_S 10.0	  /* the closed-loop top-speed span */
/* how long a case waits for its service to come up; a service OOM-killed while it fills (on
 * none, where it cannot fit the limit) is restarted after SP_SERVICE_RESTART_DELAY_S, and given
 * up when SP_SERVICE_RESTART_BURST starts fall within SP_SERVICE_RESTART_INTERVAL_S (systemd's
 * start limit); one whose starts are slower waits out SP_SERVICE_START_WAIT_S */
#define SP_SERVICE_START_WAIT_S 30.0
#define SP_SERVICE_RESTART_DELAY_S 0.1
#define SP_SERVICE_RESTART_BURST 5
#define SP_SERVICE_RESTART_INTERVAL_S 10.0
#define SP_SERVICE_TOP_CLIENTS 4u /* the seed's 4 connections without a rate limit */
/* serving workers (threads): the seed's server was one Python process, serving one request at
 * a time; --service-workers N gives it more, which overlap their swap-ins */
#define SP_SERVICE_DEFAULT_WORKERS 1u
#define SP_SERVICE_MAX_WORKERS 64u
#define SP_SERVICE_MIN_LIMIT (8ull << 20)

/* enum sp_service_case_kind (fits, cold, hot, spike) is core/scenario/scenario_service.h's */

/* "fits", "cold", "hot", "spike"; "?" out of range. */
const char *sp_service_case_name(enum sp_service_case_kind k);

/* The case named name. Returns: 0, or -EINVAL for an unknown name. */
int sp_service_case_parse(const char *name, enum sp_service_case_kind *out);

struct sp_service_sizes {
	uint64_t limit_bytes;
	uint64_t hot_bytes;   /* read at random by every request; a multiple of the chunk */
	uint64_t cold_bytes;  /* filled at start, never read; a multiple of the chunk */
	uint64_t spike_bytes; /* the spike job's burst (spike only; else 0) */
	uint64_t hot_chunks;  /* hot_bytes / SP_SERVICE_CHUNK_BYTES */
};

/*
 * The sizes of case k under a memory limit (>= SP_SERVICE_MIN_LIMIT). fits: hot 30 %, cold
 * 50 % of the limit; cold: hot 30 %, cold 90 %; hot: hot 120 %, no cold; spike: as fits, and
 * a burst of 40 % (the service and the burst together 120 %).
 * Returns: 0, or -EINVAL for a limit too small or an unknown case.
 */
int sp_service_size(enum sp_service_case_kind k, uint64_t limit_bytes,
		    struct sp_service_sizes *out);

/*
 * A case's times from the time given to it (--service-time case_s > 0): the steady load runs
 * case_s; the top speed a quarter of it, within [1, SP_SERVICE_DEFAULT_TOP_S]; a request
 * fails after the seed's timeout, or after case_s when that is shorter (so a short case does
 * not wait longer for its stragglers than it loaded). Returns: 0, or -EINVAL for a bad case_s.
 */
int sp_service_times(double case_s, double *load_s, double *top_s, double *timeout_s);

/* What one case costs a run, for the plan's estimate: load + top speed (0 for a bad case_s). */
double sp_service_case_estimate_s(double case_s);

/* The intended send time of request i at rate_per_s (> 0): i / rate seconds, in ns. */
uint64_t sp_service_intended_ns(double rate_per_s, uint64_t i);

/* How many requests a load of load_s seconds at rate_per_s sends (0 for a bad argument). */
uint64_t sp_service_n_requests(double rate_per_s, double load_s);

/* How many requests are due by now_ns (request i is due once now_ns >= its intended time),
 * at most n. */
uint64_t sp_service_due(double rate_per_s, uint64_t n, uint64_t now_ns);

/* ---- the request log ---- */

enum sp_service_req_state {
	SP_REQ_UNSENT = 0,
	SP_REQ_PENDING, /* sent, unanswered, not yet too old */
	SP_REQ_SERVED,
	SP_REQ_FAILED,
};

struct sp_service_log {
	double rate_per_s;
	uint64_t timeout_ns;
	uint64_t n;	/* requests in the schedule */
	uint8_t *state; /* n entries of enum sp_service_req_state, the caller's memory */
	uint64_t sent, served, failed;
	uint64_t refused;   /* of failed: the service was down when it was due */
	uint64_t late;	    /* of failed: answered, but after the timeout */
	uint64_t expired;   /* of failed: unanswered at the timeout */
	uint64_t dropped;   /* of failed: pending when the service died */
	uint64_t corrupt;   /* of failed: the reply said the data came back changed */
	uint64_t pending;   /* sent, not yet served or failed */
	uint64_t oldest;    /* no request below it is pending */
	struct sp_hist lat; /* served requests: reply time - intended send time */
};

/*
 * Start a log for n requests at rate_per_s with a timeout; state has n bytes (zeroed here).
 * Returns: 0, or -EINVAL for a bad rate, timeout or a NULL state with n > 0.
 */
int sp_service_log_init(struct sp_service_log *log, double rate_per_s, double timeout_s, uint64_t n,
			uint8_t *state);

/*
 * Request seq was due and is sent (accepted 1) or could not be (accepted 0: the service was
 * down, so it fails at once, as a refused connection does).
 * Returns: 0; -EINVAL when seq is out of range or was sent already.
 */
int sp_service_log_send(struct sp_service_log *log, uint64_t seq, int accepted);

/*
 * The reply to seq arrived at now_ns (corrupt: the service found a page changed). Served with
 * latency now_ns - intended(seq) when within the timeout; failed when later or corrupt.
 * Returns: 0; 1 when seq was no longer pending (already failed: the reply is ignored);
 * -EINVAL when seq is out of range or was never sent.
 */
int sp_service_log_reply(struct sp_service_log *log, uint64_t seq, uint64_t now_ns, int corrupt);

/* Fail every pending request whose intended time is timeout_ns or more before now_ns. */
void sp_service_log_expire(struct sp_service_log *log, uint64_t now_ns);

/* The service died: every pending request fails (its connection was reset). */
void sp_service_log_drop(struct sp_service_log *log);

#endif
