/*
 * gc-run - runs the gc scenario (probe/serverjob.h) for the root tests and prints its result
 * as key=value lines (rc first), so a shell test can assert on real counters.
 *
 * usage: gc-run [--budget-mib N] [--heap-pct P] [--alloc-pct P] [--touches N]
 *               [--duration S] [--baseline S] [--swap 0|1] [--seed N] [--timeout S]
 * Exit: 0 when the run holds a result (an OOM kill is a result), 1 when it could not be run,
 * 2 on usage errors.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "act/undo.h"
#include "core/scenario/serverjob.h"
#include "probe/serverjob.h"

static int usage(void)
{
	fprintf(
	    stderr,
	    "usage: gc-run [--budget-mib N] [--heap-pct P] [--alloc-pct P] "
	    "[--touches N] [--duration S] [--baseline S] [--swap 0|1] [--seed N] [--timeout S]\n");
	return 2;
}

static int num(const char *s, double *v)
{
	char *end;

	*v = strtod(s, &end);
	return *end || end == s ? -1 : 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"budget-mib", required_argument, NULL, 'b'},
	    {"heap-pct", required_argument, NULL, 'h'},
	    {"alloc-pct", required_argument, NULL, 'a'},
	    {"baseline", required_argument, NULL, 'B'},
	    {"touches", required_argument, NULL, 'T'},
	    {"duration", required_argument, NULL, 'd'},
	    {"swap", required_argument, NULL, 's'},
	    {"seed", required_argument, NULL, 'S'},
	    {"timeout", required_argument, NULL, 't'},
	    {NULL, 0, NULL, 0},
	};
	struct sp_gc_opts o;
	struct sp_scenario_gc g;
	double mib;
	int c, rc;

	sp_gc_defaults(&o, 64ull << 20);
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		int bad = 0;

		switch (c) {
		case 'b':
			bad = num(optarg, &mib) || !(mib > 0);
			o.limit_bytes = (uint64_t)(mib * 1048576);
			break;
		case 'h':
			bad = num(optarg, &o.heap_pct);
			break;
		case 'a':
			bad = num(optarg, &o.alloc_pct);
			break;
		case 'T':
			bad = num(optarg, &mib) || !(mib >= 0);
			o.touches_per_alloc = (unsigned)mib;
			break;
		case 'B':
			bad = num(optarg, &o.baseline_s);
			break;
		case 'd':
			bad = num(optarg, &o.duration_s);
			break;
		case 's':
			o.allow_swap = atoi(optarg);
			break;
		case 'S':
			o.seed = strtoull(optarg, NULL, 10);
			break;
		case 't':
			bad = num(optarg, &o.timeout_s);
			break;
		default:
			bad = 1;
		}
		if (bad)
			return usage();
	}
	if (optind != argc)
		return usage();
	rc = sp_gc_run(&o, &g);
	sp_undo_all();
	if (rc == -EINVAL) {
		fprintf(stderr, "gc-run: %s\n", g.reason);
		return usage();
	}
	printf("rc=%d\nstatus=%s\nreason=%s\n", rc, sp_status_name(g.status), g.reason);
	printf("pauses=%" PRIu64 "\np50_pause_ms=%.3f\np99_pause_ms=%.3f\nworst_pause_ms=%.3f\n",
	       g.pauses, g.p50_pause_ms, g.p99_pause_ms, g.worst_pause_ms);
	printf("faults_in_pauses=%" PRIu64 "\npauses_with_faults=%" PRIu64
	       "\nfaulting_p50_pause_ms=%.3f\n",
	       g.faults_in_pauses, g.pauses_with_faults, g.faulting_p50_pause_ms);
	printf("limit_bytes=%" PRIu64 "\nheap_bytes=%" PRIu64 "\nhot_bytes=%" PRIu64 "\n",
	       g.limit_bytes, g.heap_bytes, g.hot_bytes);
	printf("mutator_touches=%" PRIu64 "\npages_checked=%" PRIu64 "\nmismatches=%" PRIu64 "\n",
	       g.mutator_touches, g.pages_checked, g.mismatches);
	printf("pswpin=%" PRIu64 "\npswpout=%" PRIu64 "\nwall_s=%.3f\noom_killed=%d\n", g.pswpin,
	       g.pswpout, g.wall_s, g.oom_killed);
	printf("meta_bytes=%" PRIu64 "\nalloc_bytes=%" PRIu64 "\nallocations=%" PRIu64
	       "\nspan_s=%.3f\npswpin_in_pauses=%" PRIu64 "\ncapped_cycles=%" PRIu64 "\n",
	       g.meta_bytes, g.alloc_bytes, g.allocations, g.span_s, g.pswpin_in_pauses,
	       g.capped_cycles);
	printf("alloc_p50_us=%.3f\nalloc_p99_us=%.3f\nalloc_max_us=%.3f\n", g.alloc_latency.p50_us,
	       g.alloc_latency.p99_us, g.alloc_latency.max_us);
	printf("pause_list=");
	for (size_t i = 0; i < g.n_pause_list; i++)
		printf("%s%.3f:%" PRIu64, i ? "," : "", g.pause_list[i].ms, g.pause_list[i].faults);
	printf("\nbaseline_status=%s\nbaseline_reason=%s\nbaseline_pauses=%" PRIu64
	       "\nbaseline_p99_pause_ms=%.3f\nbaseline_worst_pause_ms=%.3f\nbaseline_faults_in_"
	       "pauses=%" PRIu64 "\nbaseline_alloc_p99_us=%.3f\nbaseline_alloc_max_us=%.3f\n",
	       g.baseline.done ? sp_status_name(g.baseline.status) : "none", g.baseline.reason,
	       g.baseline.pauses, g.baseline.p99_pause_ms, g.baseline.worst_pause_ms,
	       g.baseline.faults_in_pauses, g.baseline.alloc_latency.p99_us,
	       g.baseline.alloc_latency.max_us);
	if (rc)
		fprintf(stderr, "gc-run: %s\n", strerror(-rc));
	return rc ? 1 : 0;
}
