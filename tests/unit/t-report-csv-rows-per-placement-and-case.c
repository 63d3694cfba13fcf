/*
 * t-report-csv-rows-per-placement-and-case - summary.csv of the synthetic run, parsed back as
 * RFC 4180: a header whose figure columns carry their unit, one "placement" row per result in
 * report order, one "service" row per service case and one "cache" row per cache pool size;
 * every row as wide as the header, CRLF line ends; the figures are the report's (start's median
 * 98.4 us, zram-lz4's build 301.25 s); a value not measured is an empty cell (the skipped
 * placement's median, the failed job's wall time, the OOM-killed cache case's ops/s), never 0;
 * a field holding a comma, a quote or a line break is quoted and reads back as it was; a stream
 * that cannot be written gives -EIO.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/report/report_csv.h"
#include "t-report-synthetic.h"

#define MAXF 64
#define MAXR 64

static struct sp_report r;
static char *field[MAXR][MAXF];
static size_t n_rows, n_fields[MAXR];

/* RFC 4180 into field[][]; returns 0, or -1 on a malformed file (a bare CR, an open quote). */
static int parse(const char *s)
{
	char buf[2048];
	size_t len = 0;
	int q = 0;

	n_rows = 0;
	memset(n_fields, 0, sizeof(n_fields));
	for (; *s; s++) {
		if (q) {
			if (*s == '"' && s[1] == '"')
				buf[len++] = '"', s++;
			else if (*s == '"')
				q = 0;
			else
				buf[len++] = *s;
			continue;
		}
		if (*s == '"' && len == 0) {
			q = 1;
		} else if (*s == ',' || (*s == '\r' && s[1] == '\n')) {
			buf[len] = '\0';
			field[n_rows][n_fields[n_rows]++] = strdup(buf);
			len = 0;
			if (*s == '\r') {
				s++;
				n_rows++;
			}
		} else if (*s == '\r' || *s == '\n') {
			return -1; /* a line end that is not CRLF, outside quotes */
		} else {
			buf[len++] = *s;
		}
		if (n_rows >= MAXR || n_fields[n_rows] >= MAXF || len >= sizeof(buf) - 1)
			return -1;
	}
	return q || len ? -1 : 0;
}

static long col(const char *name)
{
	for (size_t c = 0; c < n_fields[0]; c++)
		if (!strcmp(field[0][c], name))
			return (long)c;
	fprintf(stderr, "no column %s\n", name);
	return -1;
}

static const char *at(size_t row, const char *name)
{
	long c = col(name);

	return c >= 0 && (size_t)c < n_fields[row] ? field[row][c] : "<none>";
}

static long row_of(const char *kind, const char *placement, const char *cas)
{
	for (size_t i = 1; i < n_rows; i++)
		if (!strcmp(at(i, "row"), kind) && !strcmp(at(i, "placement"), placement) &&
		    (!cas || !strcmp(at(i, "case"), cas)))
			return (long)i;
	return -1;
}

static char *write_csv(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	CHECK(m != NULL);
	CHECK(sp_report_csv_write(m, &r, NULL) == 0);
	fclose(m);
	return buf;
}

static void free_fields(void)
{
	for (size_t i = 0; i < n_rows; i++)
		for (size_t c = 0; c < n_fields[i]; c++)
			free(field[i][c]);
}

int main(void)
{
	static const char *const units[] = {"_us", "_ms", "_s", "_bytes", "_pct", "_per_s"};
	static const char *const counts[] = {"row",
					     "placement",
					     "kind",
					     "status",
					     "case",
					     "rank",
					     "swapin_x_best",
					     "swapin_samples",
					     "real_swapins",
					     "pressure_oom_killed",
					     "build_oom_killed",
					     "service_sent",
					     "service_served",
					     "service_failed",
					     "service_oom_kills",
					     "service_page_cluster", /* log2 of pages: a number */
					     "cache_oom_killed",
					     "reason"};
	size_t svc = 0, cache = 0, n_pl = 0;
	char *csv;
	long i;

	syn_build(&r);
	/* a reason with every RFC 4180 special, and a name with a comma */
	snprintf(r.results[6].reason, sizeof(r.results[6].reason),
		 "no \"842\", sorry,\r\nsee dmesg");
	snprintf(r.results[4].placement, sizeof(r.results[4].placement), "zram-lzo,x");
	csv = write_csv();
	CHECK(parse(csv) == 0);
	CHECK(strstr(csv, "\"no \"\"842\"\", sorry,\r\nsee dmesg\"") != NULL);
	CHECK(strstr(csv, "\"zram-lzo,x\"") != NULL);

	/* the header: every figure's column names its unit (or is a count, a flag, a word) */
	CHECK(n_rows > 1);
	for (size_t c = 0; c < n_fields[0]; c++) {
		int ok = 0;

		for (size_t u = 0; u < sizeof(units) / sizeof(units[0]); u++) {
			size_t a = strlen(field[0][c]), b = strlen(units[u]);

			ok |= a > b && !strcmp(field[0][c] + a - b, units[u]);
		}
		for (size_t u = 0; u < sizeof(counts) / sizeof(counts[0]); u++)
			ok |= !strcmp(field[0][c], counts[u]);
		CHECK(ok);
		if (!ok)
			fprintf(stderr, "column without a unit: %s\n", field[0][c]);
	}
	CHECK(col("swapin_p50_us") >= 0 && col("device_qd1_p50_us") >= 0 &&
	      col("build_wall_s") >= 0 && col("gc_p99_pause_ms") >= 0 &&
	      col("pressure_touches_per_s") >= 0 && col("case_p95_ms") >= 0);

	/* every row as wide as the header; placements in report order, then the cases */
	for (size_t k = 1; k < n_rows; k++) {
		CHECK_EQ_U64(n_fields[k], n_fields[0]);
		if (!strcmp(at(k, "row"), "placement")) {
			CHECK(n_pl < r.n_results &&
			      !strcmp(at(k, "placement"), r.results[n_pl].placement));
			CHECK(svc == 0 && cache == 0);
			n_pl++;
		} else if (!strcmp(at(k, "row"), "service")) {
			svc++;
		} else if (!strcmp(at(k, "row"), "cache")) {
			cache++;
		} else {
			CHECK(!"a row that is neither placement, service nor cache");
		}
	}
	CHECK_EQ_U64(n_pl, r.n_results);
	{
		size_t want_svc = 0, want_cache = 0;

		for (size_t k = 0; k < r.n_results; k++) {
			want_svc += r.results[k].scenarios.service.n_cases;
			if (r.results[k].scenarios.cache.done)
				want_cache += r.results[k].scenarios.cache.n_cases;
		}
		CHECK(want_svc > 0 && want_cache > 0);
		CHECK_EQ_U64(svc, want_svc);
		CHECK_EQ_U64(cache, want_cache);
	}

	/* the figures are the report's */
	i = row_of("placement", "start", NULL);
	CHECK(i > 0);
	if (i > 0) {
		CHECK_STR(at((size_t)i, "swapin_p50_us"), "98.4");
		CHECK_STR(at((size_t)i, "swapin_p50_ci_lo_us"), "96.1");
		CHECK_STR(at((size_t)i, "device_qd1_p50_us"), "71.25");
		CHECK_STR(at((size_t)i, "build_wall_s"), "1701.25");
		CHECK_STR(at((size_t)i, "gc_p99_pause_ms"), "412.5");
		CHECK_STR(at((size_t)i, "status"), "ok");
		CHECK_STR(at((size_t)i, "kind"), "start");
	}
	i = row_of("placement", "zram-lz4", NULL);
	CHECK(i > 0 && !strcmp(at((size_t)i, "rank"), "1"));
	CHECK(i > 0 && !strcmp(at((size_t)i, "swapin_x_best"), "1"));
	CHECK(i > 0 && !strcmp(at((size_t)i, "build_wall_s"), "301.25"));
	CHECK(i > 0 && !strcmp(at((size_t)i, "device_qd1_p50_us"), "")); /* zram: no device probe */
	/* not measured: empty, never 0 */
	i = row_of("placement", "zram-842", NULL);
	CHECK(i > 0);
	if (i > 0) {
		CHECK_STR(at((size_t)i, "status"), "skipped");
		CHECK_STR(at((size_t)i, "swapin_p50_us"), "");
		CHECK_STR(at((size_t)i, "rank"), "");
		CHECK_STR(at((size_t)i, "reason"), "no \"842\", sorry,\r\nsee dmesg");
	}
	CHECK(row_of("placement", "zram-lzo,x", NULL) > 0);
	i = row_of("placement", "none", NULL);
	CHECK(i > 0 && !strcmp(at((size_t)i, "build_wall_s"), "") &&
	      !strcmp(at((size_t)i, "build_oom_killed"), "yes"));
	/* a service case and a cache case */
	i = row_of("service", "none", "hot");
	CHECK(i > 0);
	if (i > 0) {
		CHECK_STR(at((size_t)i, "service_failed"), "1410");
		CHECK_STR(at((size_t)i, "service_swap_used_bytes"), ""); /* unknown on none */
		CHECK_STR(at((size_t)i, "swapin_p50_us"), "");
		CHECK_STR(at((size_t)i, "service_start_s"), "0.75");
		CHECK_STR(at((size_t)i, "service_page_cluster"), "3");
	}
	i = row_of("service", "zram-lz4", "fits");
	CHECK(i > 0 && !strcmp(at((size_t)i, "service_page_cluster"), "0"));
	i = row_of("cache", "none", "100%");
	CHECK(i > 0);
	if (i > 0) {
		CHECK_STR(at((size_t)i, "status"), "failed");
		CHECK_STR(at((size_t)i, "cache_ops_per_s"), "");
		CHECK_STR(at((size_t)i, "cache_pool_pct"), "100");
		CHECK_STR(at((size_t)i, "cache_oom_killed"), "yes");
	}
	i = row_of("cache", "start", "100%");
	CHECK(i > 0 && strcmp(at((size_t)i, "cache_ops_per_s"), "") != 0);
	free_fields();
	free(csv);

	/* bad input and a stream that cannot be written */
	{
		FILE *ro = fopen("/dev/null", "r");

		CHECK(sp_report_csv_write(NULL, &r, NULL) == -EINVAL);
		CHECK(ro && sp_report_csv_write(ro, NULL, NULL) == -EINVAL);
		CHECK(ro && sp_report_csv_write(ro, &r, NULL) == -EIO);
		if (ro)
			fclose(ro);
	}
	return CHECK_DONE();
}
