/*
 * cache-run - runs the cache scenario (probe/serverjob.h) for the root tests and prints every
 * case as key=value lines (case<i>_key, i from 0, in the order of --pcts), then the trap
 * finding (core/scenario/serverjob.h), so a shell test can assert on real counters.
 *
 * usage: cache-run [--budget-mib N] [--pcts 50,75,100] [--other-pct P] [--duration S]
 *                  [--warmup S] [--dir DIR] [--swap 0|1] [--seed N] [--timeout S]
 *                  [--threads N]
 * --dir writes the database there first (misses then read it with O_DIRECT).
 * Exit: 0 when every case holds a result (an OOM kill is a result), 1 when one could not be
 * run, 2 on usage errors.
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
	fprintf(stderr, "usage: cache-run [--budget-mib N] [--pcts LIST] [--other-pct P] "
			"[--duration S] [--warmup S] [--dir DIR] [--swap 0|1] [--seed N] "
			"[--timeout S] [--threads N]\n");
	return 2;
}

static int parse_pcts(char *s, struct sp_cache_opts *o)
{
	char *tok, *save = NULL, *end;

	o->n_pcts = 0;
	for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (o->n_pcts == SP_CACHE_MAX_CASES)
			return -1;
		o->pcts[o->n_pcts++] = strtod(tok, &end);
		if (*end)
			return -1;
	}
	return o->n_pcts ? 0 : -1;
}

static const char *scope_name(enum sp_scope s)
{
	return s == SP_SCOPE_CGROUP ? "cgroup" : s == SP_SCOPE_SYSTEM ? "system" : "na";
}

static void print_case(size_t i, const struct sp_cache_case *c)
{
	printf("case%zu_cache_pct=%.0f\ncase%zu_status=%s\ncase%zu_reason=%s\n", i, c->cache_pct, i,
	       sp_status_name(c->status), i, c->reason);
	printf("case%zu_ops=%" PRIu64 "\ncase%zu_span_s=%.3f\ncase%zu_ops_per_s=%.1f\n", i, c->ops,
	       i, c->span_s, i, c->ops_per_s);
	printf("case%zu_p50_ms=%.4f\ncase%zu_p95_ms=%.4f\ncase%zu_p99_ms=%.4f\n", i, c->p50_ms, i,
	       c->p95_ms, i, c->p99_ms);
	printf("case%zu_pswpin=%" PRIu64 "\ncase%zu_pswpout=%" PRIu64 "\n", i, c->pswpin, i,
	       c->pswpout);
	printf("case%zu_swapin_pages_per_s=%.1f\ncase%zu_swapout_pages_per_s=%.1f\n", i,
	       c->swapin_pages_per_s, i, c->swapout_pages_per_s);
	if (c->has_pgscan_direct)
		printf("case%zu_pgscan_direct=%" PRIu64 "\n", i, c->pgscan_direct);
	else
		printf("case%zu_pgscan_direct=na\n", i);
	if (c->has_allocstall)
		printf("case%zu_allocstall=%" PRIu64 "\n", i, c->allocstall);
	else
		printf("case%zu_allocstall=na\n", i);
	printf("case%zu_psi_scope=%s\ncase%zu_pgscan_scope=%s\n", i, scope_name(c->psi_scope), i,
	       scope_name(c->pgscan_scope));
	if (c->psi_scope != SP_SCOPE_NONE) {
		printf("case%zu_psi_some_avg10=%.2f\n", i, c->psi_some_avg10);
		if (c->has_psi_full)
			printf("case%zu_psi_full_avg10=%.2f\n", i, c->psi_full_avg10);
		else
			printf("case%zu_psi_full_avg10=na\n", i);
	} else {
		printf("case%zu_psi_some_avg10=na\ncase%zu_psi_full_avg10=na\n", i, i);
	}
	printf("case%zu_major_faults=%" PRIu64 "\ncase%zu_hits=%" PRIu64 "\ncase%zu_misses=%" PRIu64
	       "\ncase%zu_mismatches=%" PRIu64 "\n",
	       i, c->major_faults, i, c->hits, i, c->misses, i, c->mismatches);
	printf("case%zu_cache_bytes=%" PRIu64 "\ncase%zu_other_bytes=%" PRIu64 "\n", i,
	       c->cache_bytes, i, c->other_bytes);
	printf("case%zu_has_swapped=%d\ncase%zu_cache_swapped_bytes=%" PRIu64
	       "\ncase%zu_other_swapped_bytes=%" PRIu64 "\n",
	       i, c->has_swapped, i, c->cache_swapped_bytes, i, c->other_swapped_bytes);
	printf("case%zu_swaps_own_cache=%d\ncase%zu_oom_killed=%d\n", i,
	       sp_cache_case_swaps_own_cache(c), i, c->oom_killed);
	if (c->evicted.has)
		printf("case%zu_evicted_pool_bytes=%" PRIu64
		       "\ncase%zu_evicted_other_bytes=%" PRIu64 "\n",
		       i, c->evicted.pool_bytes, i, c->evicted.other_bytes);
	else
		printf("case%zu_evicted_pool_bytes=na\ncase%zu_evicted_other_bytes=na\n", i, i);
	printf("case%zu_out=%d\n", i, (int)sp_cache_case_out(c));
	if (c->has_swappiness)
		printf("case%zu_swappiness=%d\n", i, c->swappiness);
	else
		printf("case%zu_swappiness=na\n", i);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"budget-mib", required_argument, NULL, 'b'},
	    {"pcts", required_argument, NULL, 'p'},
	    {"other-pct", required_argument, NULL, 'o'},
	    {"duration", required_argument, NULL, 'd'},
	    {"warmup", required_argument, NULL, 'w'},
	    {"dir", required_argument, NULL, 'D'},
	    {"swap", required_argument, NULL, 's'},
	    {"seed", required_argument, NULL, 'S'},
	    {"timeout", required_argument, NULL, 't'},
	    {"threads", required_argument, NULL, 'T'},
	    {NULL, 0, NULL, 0},
	};
	struct sp_cache_opts o;
	struct sp_scenario_cache *out = calloc(1, sizeof(*out));
	struct sp_cache_trap trap;
	char *end;
	int c, rc;

	sp_cache_defaults(&o, 64ull << 20);
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'b':
			o.limit_bytes = strtoull(optarg, &end, 10) << 20;
			if (*end || !o.limit_bytes)
				return usage();
			break;
		case 'p':
			if (parse_pcts(optarg, &o))
				return usage();
			break;
		case 'o':
			o.other_pct = strtod(optarg, &end);
			if (*end)
				return usage();
			break;
		case 'd':
			o.duration_s = strtod(optarg, &end);
			if (*end)
				return usage();
			break;
		case 'w':
			o.warmup_s = strtod(optarg, &end);
			if (*end)
				return usage();
			break;
		case 'D':
			o.dir = optarg;
			break;
		case 's':
			o.allow_swap = atoi(optarg);
			break;
		case 'S':
			o.seed = strtoull(optarg, NULL, 10);
			break;
		case 't':
			o.timeout_s = strtod(optarg, &end);
			if (*end)
				return usage();
			break;
		case 'T':
			o.threads = (unsigned)strtoul(optarg, &end, 10);
			if (*end)
				return usage();
			break;
		default:
			return usage();
		}
	}
	if (optind != argc || !out)
		return usage();
	if (o.dir) {
		rc = sp_cache_setup(&o);
		if (rc) {
			fprintf(stderr, "cache-run: cannot write the database in '%s': %s\n", o.dir,
				strerror(-rc));
			return 1;
		}
	}
	rc = sp_cache_run(&o, out);
	sp_undo_all();
	printf("rc=%d\nn_cases=%zu\nthreads=%u\n", rc, out->n_cases, out->threads);
	for (size_t i = 0; i < out->n_cases; i++)
		print_case(i, &out->cases[i]);
	if (rc == -EINVAL)
		return usage();
	if (sp_cache_trap_find(out, &trap) == 0) {
		printf("trap_found=%d\ntrap_measured=%zu\n", trap.found, trap.n_measured);
		if (trap.found)
			printf("trap_cache_pct=%.0f\ntrap_clean_pct=%.0f\ntrap_ops_ratio=%.3f\n",
			       trap.cache_pct, trap.last_clean >= 0 ? trap.clean_pct : -1.0,
			       trap.ops_ratio);
	}
	if (rc)
		fprintf(stderr, "cache-run: %s\n", strerror(-rc));
	free(out);
	return rc ? 1 : 0;
}
