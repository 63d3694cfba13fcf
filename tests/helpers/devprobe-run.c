/*
 * devprobe-run - runs the device probe alone on one byte range of a device and prints the
 * results as key=value lines, for bench/bench.sh and the root tests (which must not depend on
 * the CLI).
 *
 * usage: devprobe-run DEV OFFSET_BYTES LENGTH_BYTES [SECONDS [CI_PCT [SEED [MIN_TIME_S]]]]
 * exit: 0 ok, 1 the probe failed, 2 usage
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "act/undo.h"
#include "probe/devprobe.h"

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 0);
	return errno || end == s || *end || *s == '-' ? -1 : 0;
}

static int parse_double(const char *s, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	return errno || end == s || *end || !(*v > 0) ? -1 : 0;
}

static void print_lat(const char *name, const struct sp_lat_summary *l)
{
	printf("%s_samples=%" PRIu64 "\n", name, l->samples);
	printf("%s_warmup_dropped=%" PRIu64 "\n", name, l->warmup_dropped);
	printf("%s_mean_us=%.3f\n", name, l->mean_us);
	printf("%s_min_us=%.3f\n", name, l->min_us);
	printf("%s_p50_us=%.3f\n", name, l->p50_us);
	printf("%s_p95_us=%.3f\n", name, l->p95_us);
	printf("%s_p99_us=%.3f\n", name, l->p99_us);
	printf("%s_p999_us=%.3f\n", name, l->p999_us);
	printf("%s_max_us=%.3f\n", name, l->max_us);
	printf("%s_p50_ci_lo_us=%.3f\n", name, l->p50_ci_lo_us);
	printf("%s_p50_ci_hi_us=%.3f\n", name, l->p50_ci_hi_us);
}

int main(int argc, char **argv)
{
	struct sp_devprobe_opts o;
	struct sp_device_probe r;
	struct sp_extent e;
	struct sp_err why;
	uint64_t off, len;
	int ret;

	sp_devprobe_defaults(&o);
	if (argc < 4 || argc > 8 || parse_u64(argv[2], &off) || parse_u64(argv[3], &len) ||
	    (argc > 4 && parse_double(argv[4], &o.time_s)) ||
	    (argc > 5 && parse_double(argv[5], &o.ci_target_pct)) ||
	    (argc > 6 && parse_u64(argv[6], &o.seed)) ||
	    (argc > 7 && parse_double(argv[7], &o.min_time_s))) {
		fprintf(stderr, "usage: devprobe-run DEV OFFSET_BYTES LENGTH_BYTES "
				"[SECONDS [CI_PCT [SEED [MIN_TIME_S]]]]\n");
		return 2;
	}
	if (off % 512 || len % 512 || !len) {
		fprintf(stderr, "devprobe-run: offset and length must be multiples of 512\n");
		return 2;
	}
	e.start_sector = off / 512;
	e.sectors = len / 512;
	sp_undo_install();
	sp_err_init(&why);
	ret = sp_devprobe_run(argv[1], &e, 1, &o, &r, &why);
	if (ret < 0) {
		fprintf(stderr, "devprobe-run: probe of '%s' failed: %s\n", argv[1],
			sp_err_msg(&why));
		return 1;
	}
	printf("range_bytes=%" PRIu64 "\n", r.range_bytes);
	printf("block_bytes=%u\n", r.block_bytes);
	print_lat("qd1", &r.qd1);
	printf("deep_qd=%u\n", r.deep_qd);
	printf("deep_iops=%.1f\n", r.deep_iops);
	print_lat("deep", &r.deep);
	printf("seq_mib_s=%.1f\n", r.seq_mib_s);
	printf("seq_bytes=%" PRIu64 "\n", r.seq_bytes);
	return 0;
}
