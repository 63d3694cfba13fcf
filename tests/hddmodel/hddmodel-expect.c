/*
 * hddmodel-expect - what the HDD model (hddmodel.h) says a measurement on the modeled disk
 * should show, so the tests compute their expectations from the same parameters they give
 * nbd-hdd instead of hard-coding figures.
 *
 * usage: hddmodel-expect [model options as nbd-hdd's: --size --rpm --t2t-ms --full-ms
 *                        --outer-mbs --inner-mbs --buffer --seed]
 *                        (--range A B [--block BYTES] [--simulate N] | --seq-at OFFSET)
 * --range: the expected mean latency of random reads of --block bytes (default 4096) confined
 * to the byte range [A, B), printed as "random_mean_us=X"; --simulate N also runs the model
 * itself on N such reads (seeded by --seed) and prints "simulated_mean_us=Y" and
 * "simulated_p50_us=Z" (their median). --seq-at: the
 * expected sequential read rate there, "seq_mb_s=X" (MB = 10^6 bytes). Sizes take K/M/G/T.
 * Exit 0, 1 when out of memory, or 2 on bad arguments.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hddmodel.h"

static void usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "hddmodel-expect: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nusage: hddmodel-expect [--size S --rpm R --t2t-ms MS --full-ms MS "
			"--outer-mbs X --inner-mbs Y --buffer B --seed N]\n"
			"                       (--range A B [--block BYTES] [--simulate N] | "
			"--seq-at OFFSET)\n");
	exit(2);
}

static uint64_t size_arg(const char *opt, const char *v)
{
	uint64_t x;

	if (!v)
		usage("%s needs a value", opt);
	if (hdd_parse_size(v, &x))
		usage("bad size '%s'", v);
	return x;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * n random block reads in [a, b) run through the model itself: their mean, and their median
 * in *p50 (what a probe that reports medians should see). Returns a negative mean when out of
 * memory.
 */
static double simulate(const struct hdd_params *p, uint64_t a, uint64_t b, uint64_t block,
		       uint64_t n, double *p50)
{
	struct hdd_model m;
	struct hdd_cost c;
	uint64_t positions = (b - a) / block, x = p->seed ^ 0x5eed5eedull;
	double sum = 0, *lat = malloc(n * sizeof(*lat));

	if (!lat)
		return -1;

	hdd_model_init(&m, p);
	/* one warm-up read so the first seek does not start from the parked position */
	for (uint64_t i = 0; i <= n; i++) {
		uint64_t r;

		/* an LCG of its own: the offsets must not be correlated with the model's RNG */
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		r = (x >> 16) % positions;
		hdd_model_request(&m, HDD_READ, a + r * block, block, &c);
		if (i)
			sum += lat[i - 1] = c.total_us;
	}
	qsort(lat, n, sizeof(*lat), cmp_double);
	*p50 = n % 2 ? lat[n / 2] : (lat[n / 2 - 1] + lat[n / 2]) / 2;
	free(lat);
	return sum / n;
}

int main(int argc, char **argv)
{
	struct hdd_params p;
	uint64_t a = 0, b = 0, block = 4096, sim = 0, seq_at = 0;
	int have_range = 0, have_seq = 0, r;
	const char *why;

	hdd_params_default(&p);
	for (int i = 1; i < argc; i++) {
		const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(o, "--range")) {
			if (i + 2 >= argc)
				usage("%s", "--range needs A and B");
			a = size_arg(o, argv[i + 1]);
			b = size_arg(o, argv[i + 2]);
			have_range = 1;
			i += 2;
		} else if (!strcmp(o, "--block")) {
			block = size_arg(o, v);
			i++;
		} else if (!strcmp(o, "--simulate")) {
			sim = size_arg(o, v);
			i++;
		} else if (!strcmp(o, "--seq-at")) {
			seq_at = size_arg(o, v);
			have_seq = 1;
			i++;
		} else if (!strncmp(o, "--", 2) && o[2]) {
			if (!v)
				usage("%s needs a value", o);
			r = hdd_params_set(&p, o + 2, v);
			if (r == -ENOENT)
				usage("unknown option '%s'", o);
			if (r)
				usage("bad value for %s", o);
			i++;
		} else {
			usage("unexpected argument '%s'", o);
		}
	}
	if (hdd_params_check(&p, &why))
		usage("bad model parameters: %s", why);
	if (have_range == have_seq)
		usage("%s", "give one of --range A B and --seq-at OFFSET");
	if (have_seq) {
		if (seq_at >= p.size_bytes)
			usage("%s", "--seq-at is beyond the end of the disk");
		printf("seq_mb_s=%.3f\n", hdd_expect_seq_bytes_s(&p, seq_at) / 1e6);
		return 0;
	}
	if (sim > 100000000)
		usage("%s", "--simulate: at most 100000000 reads");
	if (block == 0 || b <= a || b > p.size_bytes || b - a < block)
		usage("%s", "--range A B must hold at least one block and end inside the disk");
	printf("random_mean_us=%.1f\n", hdd_expect_random_us(&p, a, b, block));
	if (sim) {
		double p50, mean = simulate(&p, a, b, block, sim, &p50);

		if (mean < 0) {
			fprintf(stderr, "hddmodel-expect: out of memory for %llu reads\n",
				(unsigned long long)sim);
			return 1;
		}
		printf("simulated_mean_us=%.1f\nsimulated_p50_us=%.1f\n", mean, p50);
	}
	return 0;
}
