/*
 * hddmodel-expect - what the HDD model (hddmodel.h) says a measurement on the modeled disk
 * should show, so the tests compute their expectations from the same parameters they give
 * nbd-hdd instead of hard-coding figures.
 *
 * usage: hddmodel-expect [model options as nbd-hdd's: --size --rpm --t2t-ms --full-ms
 *                        --outer-mbs --inner-mbs --buffer --seed]
 *                        (--range A B [--block BYTES] [--simulate N] | --seq-at OFFSET |
 *                         --replay LOG [--window T0 T1] [--map A B TO]...)
 * --range: the expected mean latency of random reads of --block bytes (default 4096) confined
 * to the byte range [A, B), printed as "random_mean_us=X"; --simulate N also runs the model
 * itself on N such reads (seeded by --seed) and prints "simulated_mean_us=Y" and
 * "simulated_p50_us=Z" (their median). --seq-at: the
 * expected sequential read rate there, "seq_mb_s=X" (MB = 10^6 bytes). Sizes take K/M/G/T.
 * --replay LOG: re-costs a request sequence nbd-hdd served (its --log lines, in order) through
 * the model with every rotational delay at its expected value, so the answer is deterministic:
 * "replay_requests=N replay_us=X served_us=Y mapped_requests=M" (served_us: the sum of the
 * log's own modeled_us over the same lines, rotation as drawn). --window T0 T1 keeps the lines
 * whose arrival_us is in [T0, T1]. --map A B TO (up to 4) moves every request that starts in
 * [A, B) to start at TO + (offset - A): what the same I/O would cost with that area elsewhere
 * on the disk (a request that starts inside and ends past B is an error, exit 2).
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
	fprintf(stderr,
		"\nusage: hddmodel-expect [--size S --rpm R --t2t-ms MS --full-ms MS "
		"--outer-mbs X --inner-mbs Y --buffer B --seed N]\n"
		"                       (--range A B [--block BYTES] [--simulate N] | "
		"--seq-at OFFSET |\n"
		"                        --replay LOG [--window T0 T1] [--map A B TO]...)\n");
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

#define MAX_MAPS 4

struct map {
	uint64_t a, b, to;
};

static double time_arg(const char *v)
{
	char *end;
	double x;

	if (!v || !*v)
		usage("%s", "--window needs T0 and T1 (µs)");
	x = strtod(v, &end);
	if (*end || x != x)
		usage("bad time '%s'", v);
	return x;
}

/*
 * Re-costs the log's requests (those arriving in [t0, t1]) through a fresh model with rotation
 * at its expected value, after moving the ones inside a map. Exit 2 on a line it cannot read
 * or a request the disk cannot hold: a replay that silently skipped requests would be a
 * smaller number that looks like an answer.
 */
static int replay(const struct hdd_params *p, const char *path, double t0, double t1,
		  const struct map *maps, int n_maps)
{
	static const char *const ops[] = {"read", "write", "flush", "trim"};
	struct hdd_model m;
	struct hdd_cost c;
	char line[512], op[16];
	uint64_t n = 0, mapped = 0, lineno = 0;
	double sum = 0, served = 0;
	FILE *f = fopen(path, "re");

	if (!f) {
		fprintf(stderr, "hddmodel-expect: cannot open '%s'\n", path);
		exit(2);
	}
	hdd_model_init(&m, p);
	m.rot_expected = 1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long off, len;
		double us, seek, rot, xfer, arrival;
		int cont, k, kind = -1;

		lineno++;
		k = sscanf(line, "%15s %llu %llu %lf %lf %lf %lf %d %lf", op, &off, &len, &us,
			   &seek, &rot, &xfer, &cont, &arrival);
		for (int i = 0; i < 4; i++)
			if (k >= 1 && !strcmp(op, ops[i]))
				kind = i;
		if (k != 9 || kind < 0) {
			fprintf(stderr, "hddmodel-expect: %s:%llu: not a nbd-hdd log line\n", path,
				(unsigned long long)lineno);
			exit(2);
		}
		if (arrival < t0 || arrival > t1)
			continue;
		for (int i = 0; i < n_maps; i++) {
			if (off < maps[i].a || off >= maps[i].b)
				continue;
			if (off + len > maps[i].b) {
				fprintf(stderr,
					"hddmodel-expect: %s:%llu: request ends past the "
					"--map range\n",
					path, (unsigned long long)lineno);
				exit(2);
			}
			off = maps[i].to + (off - maps[i].a);
			mapped++;
			break;
		}
		if (hdd_model_request(&m, kind, off, len, &c)) {
			fprintf(stderr,
				"hddmodel-expect: %s:%llu: request %llu+%llu is not inside "
				"the disk\n",
				path, (unsigned long long)lineno, off, len);
			exit(2);
		}
		sum += c.total_us;
		served += us;
		n++;
	}
	fclose(f);
	printf("replay_requests=%llu\nreplay_us=%.1f\nserved_us=%.1f\nmapped_requests=%llu\n",
	       (unsigned long long)n, sum, served, (unsigned long long)mapped);
	return 0;
}

int main(int argc, char **argv)
{
	struct hdd_params p;
	uint64_t a = 0, b = 0, block = 4096, sim = 0, seq_at = 0;
	int have_range = 0, have_seq = 0, n_maps = 0, r;
	const char *why, *replay_log = NULL;
	double t0 = -1e300, t1 = 1e300;
	struct map maps[MAX_MAPS];

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
		} else if (!strcmp(o, "--replay")) {
			if (!v)
				usage("%s", "--replay needs a log file");
			replay_log = v;
			i++;
		} else if (!strcmp(o, "--window")) {
			if (i + 2 >= argc)
				usage("%s", "--window needs T0 and T1");
			t0 = time_arg(argv[i + 1]);
			t1 = time_arg(argv[i + 2]);
			i += 2;
		} else if (!strcmp(o, "--map")) {
			if (i + 3 >= argc)
				usage("%s", "--map needs A B TO");
			if (n_maps == MAX_MAPS)
				usage("%s", "at most 4 --map");
			maps[n_maps].a = size_arg(o, argv[i + 1]);
			maps[n_maps].b = size_arg(o, argv[i + 2]);
			maps[n_maps].to = size_arg(o, argv[i + 3]);
			if (maps[n_maps].b <= maps[n_maps].a)
				usage("%s", "--map A B TO needs A < B");
			n_maps++;
			i += 3;
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
	if (have_range + have_seq + !!replay_log != 1)
		usage("%s", "give one of --range A B, --seq-at OFFSET and --replay LOG");
	if (!replay_log && (n_maps || t0 > -1e300 || t1 < 1e300))
		usage("%s", "--map and --window go with --replay");
	if (replay_log) {
		for (int i = 0; i < n_maps; i++)
			if (maps[i].to > p.size_bytes ||
			    maps[i].b - maps[i].a > p.size_bytes - maps[i].to)
				usage("%s", "--map moves a range past the end of the disk");
		return replay(&p, replay_log, t0, t1, maps, n_maps);
	}
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
