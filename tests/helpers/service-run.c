/*
 * service-run - runs cases of the service scenario (probe/service.h) for the root tests and
 * prints each case's result and detail as key=value lines prefixed with the case's name
 * (fits.p95_ms=...), rc first, so a shell test can compare measured figures with each other.
 *
 * usage: service-run [--limit-mib N] [--swap 0|1] [--rate R] [--timeout S] [--load S]
 *                    [--top S] [--start-wait S] [--seed N] CASE...
 * Exit: 0 when every case ran (OOM kills and failed requests are results), 1 when one could
 * not be run, 2 on usage errors.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "act/undo.h"
#include "core/scenario/scenario_service.h"
#include "probe/service.h"

static int usage(void)
{
	fprintf(stderr, "usage: service-run [--limit-mib N] [--swap 0|1] [--rate R] "
			"[--timeout S] [--load S] [--top S] [--start-wait S] [--seed N] "
			"fits|cold|hot|spike...\n");
	return 2;
}

static int number(const char *s, double *v)
{
	char *end;

	*v = strtod(s, &end);
	return *s && !*end && *v >= 0 ? 0 : -1;
}

static void print_case(const struct sp_service_case *r, const struct sp_service_detail *d)
{
	const char *n = r->name;

	printf("%s.rate_per_s=%.1f\n%s.sent=%" PRIu64 "\n%s.served=%" PRIu64 "\n%s.failed=%" PRIu64
	       "\n",
	       n, r->rate_per_s, n, r->sent, n, r->served, n, r->failed);
	printf("%s.p50_ms=%.3f\n%s.p95_ms=%.3f\n%s.p99_ms=%.3f\n", n, r->p50_ms, n, r->p95_ms, n,
	       r->p99_ms);
	printf("%s.top_speed_per_s=%.1f\n%s.oom_kills=%" PRIu64 "\n", n, r->top_speed_per_s, n,
	       r->oom_kills);
	printf("%s.oom_victims=", n);
	for (size_t i = 0; i < r->n_oom_victims; i++)
		printf("%s%s", i ? "," : "", r->oom_victims[i]);
	printf("\n%s.restarts=%" PRIu64 "\n", n, r->restarts);
	if (r->swap_used_bytes >= 0)
		printf("%s.swap_used_bytes=%" PRId64 "\n", n, r->swap_used_bytes);
	else
		printf("%s.swap_used_bytes=na\n", n);
	printf("%s.swapin_pages_per_s=%.1f\n%s.swapout_pages_per_s=%.1f\n", n,
	       r->swapin_pages_per_s, n, r->swapout_pages_per_s);
	printf("%s.hot_bytes=%" PRIu64 "\n%s.cold_bytes=%" PRIu64 "\n%s.spike_bytes=%" PRIu64 "\n",
	       n, d->sizes.hot_bytes, n, d->sizes.cold_bytes, n, d->sizes.spike_bytes);
	printf("%s.load_s=%.3f\n%s.start_s=%.3f\n%s.started=%d\n", n, d->load_s, n, d->start_s, n,
	       d->started);
	printf("%s.refused=%" PRIu64 "\n%s.late=%" PRIu64 "\n%s.expired=%" PRIu64
	       "\n%s.dropped=%" PRIu64 "\n%s.corrupt=%" PRIu64 "\n",
	       n, d->refused, n, d->late, n, d->expired, n, d->dropped, n, d->corrupt);
	printf("%s.pswpin=%" PRIu64 "\n%s.pswpout=%" PRIu64 "\n%s.top_served=%" PRIu64 "\n", n,
	       d->pswpin, n, d->pswpout, n, d->top_served);
	if (d->has_majflt)
		printf("%s.memcg_pgmajfault=%" PRIu64 "\n", n, d->majflt);
	else
		printf("%s.memcg_pgmajfault=na\n", n);
	printf("%s.gave_up=%d\n", n, d->gave_up);
	printf("%s.has_oom_counter=%d\n%s.spike_ran=%d\n%s.spike_exit=%d\n%s.spike_killed=%d\n", n,
	       d->has_oom_counter, n, d->spike_ran, n, d->spike_exit, n, d->spike_killed);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {{"limit-mib", required_argument, NULL, 'l'},
					     {"swap", required_argument, NULL, 's'},
					     {"rate", required_argument, NULL, 'r'},
					     {"timeout", required_argument, NULL, 't'},
					     {"load", required_argument, NULL, 'L'},
					     {"top", required_argument, NULL, 'T'},
					     {"start-wait", required_argument, NULL, 'w'},
					     {"seed", required_argument, NULL, 'S'},
					     {NULL, 0, NULL, 0}};
	struct sp_service_opts o;
	double v;
	int c, rc = 0;

	sp_service_defaults(64ull << 20, &o);
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		if (c == '?' || number(optarg, &v))
			return usage();
		switch (c) {
		case 'l':
			o.limit_bytes = (uint64_t)v << 20;
			break;
		case 's':
			o.allow_swap = v != 0;
			break;
		case 'r':
			o.rate_per_s = v;
			break;
		case 't':
			o.timeout_s = v;
			break;
		case 'L':
			o.load_s = v;
			break;
		case 'T':
			o.top_s = v;
			break;
		case 'w':
			o.start_wait_s = v;
			break;
		case 'S':
			o.seed = (uint64_t)v;
			break;
		}
	}
	if (optind >= argc)
		return usage();
	sp_undo_install();
	for (int i = optind; i < argc; i++) {
		enum sp_service_case_kind k;
		struct sp_service_case r;
		struct sp_service_detail d;
		int ret;

		if (sp_service_case_parse(argv[i], &k)) {
			fprintf(stderr, "service-run: unknown case '%s'\n", argv[i]);
			return 2;
		}
		ret = sp_service_run_case(&o, k, &r, &d);
		printf("%s.rc=%d\n", argv[i], ret);
		if (ret) {
			fprintf(stderr, "service-run: case %s: %s\n", argv[i], strerror(-ret));
			rc = 1;
			break;
		}
		print_case(&r, &d);
		fflush(stdout);
	}
	sp_undo_all();
	return rc;
}
