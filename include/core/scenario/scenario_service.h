/*
 * scenario_service.h - results of the service scenario, and the pure function that turns what
 * the probe counted in one case into the case's result.
 *
 * struct sp_scenario_service mirrors the JSON contract results[].scenarios.service exactly:
 * {cases: [{case, rate_per_s, sent, served, failed, p50_ms, p95_ms, p99_ms, top_speed_per_s,
 * oom_kills, oom_victims: [process names], restarts, swap_used_bytes, swapin_pages_per_s,
 * swapout_pages_per_s, start_s, served_per_s, page_cluster, swappiness, p95_ms_runs,
 * failed_runs, start_s_runs, served_per_s_runs, top_speed_per_s_runs}]}. Everything the probe
 * measured beyond that (why requests failed, the raw counters) stays in struct sp_service_counters.
 * Pure: no allocation, no I/O.
 */
#ifndef SP_SCENARIO_SERVICE_H
#define SP_SCENARIO_SERVICE_H

#include <stddef.h>
#include <stdint.h>

/*
 * The cases are here rather than in core/scenario/service.h, which includes this file: the report
 * model (core/model/report.h) holds these results, and must not reach the plan's histogram.
 */
enum sp_service_case_kind {
	SP_SVC_FITS,  /* data at 80 % of the limit */
	SP_SVC_COLD,  /* 120 %, the excess idle (cold, never read) */
	SP_SVC_HOT,   /* 120 %, every byte read: the working set itself is over the limit */
	SP_SVC_SPIKE, /* fits, plus a second process's burst above the limit (the backup) */
	SP_SVC_N_CASES
};

struct sp_service_log; /* core/scenario/service.h */

#define SP_SERVICE_MAX_VICTIMS 32
#define SP_SERVICE_MAX_RUNS 8	 /* --repeat's rounds a case keeps (SP_CLI_MAX_REPEAT) */
#define SP_SERVICE_NAME_BYTES 16 /* a process name (comm) with its NUL */

/* the processes' names, as the kernel (and the OOM killer's log lines) call them */
#define SP_SERVICE_PROC_NAME "sp-service"
#define SP_SERVICE_SPIKE_NAME "sp-spike"

struct sp_service_case {
	char name[SP_SERVICE_NAME_BYTES]; /* key "case": fits, cold, hot, spike */
	double rate_per_s;		  /* the open-loop load's rate */
	uint64_t sent, served, failed;	  /* requests of the open-loop load */
	double p50_ms, p95_ms, p99_ms;	  /* served requests, from their intended send time */
	double top_speed_per_s;		  /* closed loop, SP_SERVICE_TOP_CLIENTS clients */
	uint64_t oom_kills;		  /* the cgroup's oom_kill events during the case */
	size_t n_oom_victims;
	char oom_victims[SP_SERVICE_MAX_VICTIMS][SP_SERVICE_NAME_BYTES]; /* in kill order */
	uint64_t restarts;	 /* the service restarted after it died */
	int64_t swap_used_bytes; /* the cgroup's peak swap use; -1: not readable (JSON null) */
	double swapin_pages_per_s, swapout_pages_per_s; /* pswpin/pswpout over the load */
	/*
	 * seed 000's start time: from the service's first launch to the first request it
	 * served (ready, then within the timeout), restarts included; NaN (null): it never
	 * served one. served_per_s: the requests served over the load (its start to its drain),
	 * the rate the service kept up with against rate_per_s.
	 */
	double start_s;
	double served_per_s;
	int page_cluster; /* vm.page-cluster in force during the case; -1 (null): unreadable */
	int swappiness;	  /* vm.swappiness in force (v1: the cgroup's copy); -1 (null) */
	/*
	 * --repeat: every run's figures, in run order (n_runs 1 with one run). The figures above
	 * are then the worst run's (sp_service_merge): a placement is as good as its worst run.
	 */
	size_t n_runs;
	double p95_ms_runs[SP_SERVICE_MAX_RUNS];
	double failed_runs[SP_SERVICE_MAX_RUNS]; /* whole numbers, as doubles for the list */
	double start_s_runs[SP_SERVICE_MAX_RUNS];
	double served_per_s_runs[SP_SERVICE_MAX_RUNS];
	double top_speed_per_s_runs[SP_SERVICE_MAX_RUNS];
};

struct sp_scenario_service {
	size_t n_cases;
	struct sp_service_case cases[SP_SVC_N_CASES];
};

/* What the probe counted in one case: the inputs of sp_service_case_result(). */
struct sp_service_counters {
	enum sp_service_case_kind kind;
	const struct sp_service_log *log; /* the open-loop load, after its last expiry */
	double load_s;			  /* the load's length: from its start to its drain */
	uint64_t pswpin0, pswpin1, pswpout0, pswpout1; /* /proc/vmstat around the load */
	uint64_t top_served;			       /* replies in the top-speed span */
	double top_span_s;
	int has_oom_counter; /* the cgroup's oom_kill counter was readable before and after */
	uint64_t oom0, oom1;
	/* the processes that died of a SIGKILL swapplace did not send, in order */
	size_t n_killed;
	char killed[SP_SERVICE_MAX_VICTIMS][SP_SERVICE_NAME_BYTES];
	uint64_t restarts;
	int has_swap_usage; /* the cgroup's swap use was readable */
	uint64_t swap_peak_bytes;
	int has_first_served;  /* a request was served: first_served_s holds when */
	double first_served_s; /* from the service's first launch to its first served request */
	int page_cluster, swappiness; /* the sysctls in force; -1: unreadable */
};

/*
 * The case's result from its counters. oom_kills is the cgroup's counter's rise (the kernel's
 * own count) when it was readable, else the SIGKILLs we did not send; the victims are the
 * processes that died of such a SIGKILL, by name, at most oom_kills of them when the counter
 * is known (a SIGKILL from someone else is not the OOM killer's). Rates divide the vmstat
 * deltas by load_s; top speed is top_served / top_span_s; percentiles are the log's served
 * latencies, 0 when nothing was served. start_s is first_served_s (NaN without one),
 * served_per_s the log's served over load_s; the case holds one run (n_runs 1).
 * Returns: 0; -EINVAL for NULL, an unknown case, a counter that went backwards, or a
 * non-positive load_s.
 */
int sp_service_case_result(const struct sp_service_counters *c, struct sp_service_case *out);

/*
 * a worse than b: more failed requests, then more OOM kills, then a higher p95 (a case that
 * served nothing has p95 0, and is worse by its failures). The order that picks a
 * placement's worst run here and the best placement in the findings.
 */
int sp_service_case_worse(const struct sp_service_case *a, const struct sp_service_case *b);

/*
 * --repeat: fold one run's cases (run, each n_runs 1) into acc, the placement's result so far
 * (acc->n_cases 0: the first run, taken as it is). Cases are matched by name; a case the run
 * has and acc has not is added. Each case's _runs lists gain the run; its other figures
 * become the worse run's (sp_service_case_worse), so failures and kills in any run show.
 * Returns: 0; -EINVAL for NULL; -ENOSPC when a case already holds SP_SERVICE_MAX_RUNS runs
 * (acc unchanged for that case).
 */
int sp_service_merge(struct sp_scenario_service *acc, const struct sp_scenario_service *run);

#endif
