/*
 * pressure-run - drives one pressure probe for the root tests and prints its result as
 * key=value lines (rc first), so a shell test can assert on real numbers.
 *
 * usage: pressure-run [--limit-mib N] [--over R] [--hot F] [--time S] [--seed N] [--swap 0|1]
 * Exit: 0 when the probe ran (an OOM kill is a result), 1 when it failed, 2 on usage errors.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "act/undo.h"
#include "probe/pressure.h"

int main(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"limit-mib", required_argument, NULL, 'l'},
	    {"over", required_argument, NULL, 'o'},
	    {"hot", required_argument, NULL, 'h'},
	    {"time", required_argument, NULL, 't'},
	    {"seed", required_argument, NULL, 's'},
	    {"swap", required_argument, NULL, 'w'},
	    {NULL, 0, NULL, 0},
	};
	struct sp_pressure_opts o;
	struct sp_pressure_probe p;
	struct sp_err e;
	int c, rc;

	sp_pressure_defaults(&o);
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'l':
			o.limit_bytes = strtoull(optarg, NULL, 10) << 20;
			break;
		case 'o':
			o.over_ratio = strtod(optarg, NULL);
			break;
		case 'h':
			o.hot_fraction = strtod(optarg, NULL);
			break;
		case 't':
			o.time_s = strtod(optarg, NULL);
			break;
		case 's':
			o.seed = strtoull(optarg, NULL, 10);
			break;
		case 'w':
			o.allow_swap = atoi(optarg);
			break;
		default:
			fprintf(stderr, "usage: pressure-run [--limit-mib N] [--over R] [--hot F] "
					"[--time S] [--seed N] [--swap 0|1]\n");
			return 2;
		}
	}
	sp_undo_install();
	sp_err_init(&e);
	rc = sp_pressure_run(&o, &p, &e);
	printf("rc=%d\n", rc);
	if (rc)
		fprintf(stderr, "pressure-run: %s\n", sp_err_msg(&e));
	printf("done=%d\ncgroup_version=%d\nlimit_bytes=%llu\nhot_bytes=%llu\ncold_bytes=%llu\n",
	       p.done, p.cgroup_version, (unsigned long long)p.limit_bytes,
	       (unsigned long long)p.hot_bytes, (unsigned long long)p.cold_bytes);
	printf("duration_s=%.3f\ntouches=%llu\ntouches_per_s=%.0f\n", p.duration_s,
	       (unsigned long long)p.touches, p.touches_per_s);
	printf("p50_us=%.3f\np99_us=%.3f\np999_us=%.3f\nmax_us=%.3f\n", p.lat.p50_us, p.lat.p99_us,
	       p.lat.p999_us, p.lat.max_us);
	printf("major_faults=%llu\noom_killed=%d\nswap_used_bytes=%llu\n",
	       (unsigned long long)p.major_faults, p.oom_killed,
	       (unsigned long long)p.swap_used_bytes);
	return rc ? 1 : 0;
}
