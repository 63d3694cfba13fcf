/*
 * t-metrics-prom-writes-only-measured-figures - swapplace.prom of the synthetic run, parsed
 * back line by line as node_exporter's textfile collector reads it: every line is a `# HELP`,
 * a `# TYPE ... gauge`, a sample `name{labels} value` (no timestamp) or the final `# EOF`; each
 * family has one HELP and one TYPE before its first sample and all its samples together; every
 * name starts swapplace_ and every series is there once. The values are the report's in base
 * units (start's median 98.4 us is 9.84e-05 s, the service's p95 12.5 ms is 0.0125 s), each
 * swapplace_ family of docs/metrics.md is present, and a figure the report does not hold has
 * no sample, never a 0: the invalid zram-zstd and the skipped zram-842 have no swap-in
 * latency, the OOM-killed build on none no wall time, a case that served nothing no p95, a
 * run with no start time no timestamp. Label values are escaped (\\ \" \n) and made valid UTF-8;
 * a measure report with zram is mode "try"; a partition's device model is its disk's. The
 * report written as JSON and read back renders the same bytes, which are the golden file's
 * (tests/golden/report-synthetic.prom; SWAPPLACE_REGEN=1 rewrites it). A stream that fails
 * gives -EIO.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/report/json_read.h"
#include "core/report/json_write.h"
#include "core/report/metrics_prom.h"
#include "golden.h"
#include "t-report-synthetic.h"

static struct sp_report r, back;

#define MAX_SERIES 256

struct series {
	char name[96];
	char labels[512]; /* as written between the braces, escapes kept */
	char value[48];
};

static struct series ser[MAX_SERIES];
static size_t n_ser;

static char *render(const struct sp_report *rep, size_t *len)
{
	char *buf = NULL;
	size_t l = 0;
	FILE *m = open_memstream(&buf, &l);

	CHECK(m != NULL);
	CHECK(sp_report_prom_write(m, rep, NULL) == 0);
	fclose(m);
	if (len)
		*len = l;
	return buf;
}

/*
 * The exposition format's rules, checked while the samples are collected into ser[].
 * Returns the number of broken rules (each printed).
 */
static int parse(char *text)
{
	char fam_help[32][96], fam_type[32][96], done[32][96];
	size_t n_help = 0, n_type = 0, n_done = 0;
	char cur[96] = "";
	int bad = 0, eof = 0;

	n_ser = 0;
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char name[96];

		if (eof) {
			fprintf(stderr, "a line after # EOF: %s\n", line);
			bad++;
		}
		if (!strcmp(line, "# EOF")) {
			eof = 1;
			continue;
		}
		if (!strncmp(line, "# HELP ", 7) || !strncmp(line, "# TYPE ", 7)) {
			int help = line[2] == 'H';
			char *sp;

			snprintf(name, sizeof(name), "%s", line + 7);
			sp = strchr(name, ' ');
			if (sp)
				*sp = '\0';
			if (!help && strcmp(line + 7 + strlen(name), " gauge")) {
				fprintf(stderr, "not a gauge: %s\n", line);
				bad++;
			}
			for (size_t i = 0; i < (help ? n_help : n_type); i++)
				if (!strcmp(help ? fam_help[i] : fam_type[i], name)) {
					fprintf(stderr, "a second %s for %s\n",
						help ? "HELP" : "TYPE", name);
					bad++;
				}
			snprintf(help ? fam_help[n_help++] : fam_type[n_type++], 96, "%s", name);
			if (!help && (n_help != n_type || strcmp(fam_help[n_help - 1], name))) {
				fprintf(stderr, "TYPE %s not right after its HELP\n", name);
				bad++;
			}
			continue;
		}
		if (line[0] == '#') {
			fprintf(stderr, "an unexpected comment: %s\n", line);
			bad++;
			continue;
		}
		/* a sample: name, optional {labels}, one space, the value, nothing after */
		{
			struct series *s = &ser[n_ser];
			char *brace = strchr(line, '{'), *end, *space;

			CHECK(n_ser < MAX_SERIES);
			if (n_ser >= MAX_SERIES)
				return bad + 1;
			space = brace ? strstr(line, "} ") : strchr(line, ' ');
			if (!space) {
				fprintf(stderr, "no value: %s\n", line);
				bad++;
				continue;
			}
			snprintf(s->name, sizeof(s->name), "%.*s",
				 (int)((brace ? brace : space) - line), line);
			snprintf(s->labels, sizeof(s->labels), "%.*s",
				 brace ? (int)(space - brace - 1) : 0, brace ? brace + 1 : "");
			space += brace ? 2 : 1;
			snprintf(s->value, sizeof(s->value), "%s", space);
			strtod(s->value, &end);
			if (end == s->value || *end) {
				fprintf(stderr,
					"a value that is not one number (a timestamp?): %s\n",
					line);
				bad++;
			}
			if (strncmp(s->name, "swapplace_", 10)) {
				fprintf(stderr, "not a swapplace_ name: %s\n", line);
				bad++;
			}
			if (!n_type || strcmp(fam_type[n_type - 1], s->name)) {
				fprintf(stderr,
					"a sample without its family's TYPE before it: %s\n", line);
				bad++;
			}
			if (strcmp(cur, s->name)) {
				for (size_t i = 0; i < n_done; i++)
					if (!strcmp(done[i], s->name)) {
						fprintf(stderr, "%s's samples are not together\n",
							s->name);
						bad++;
					}
				snprintf(done[n_done++], 96, "%s", s->name);
				snprintf(cur, sizeof(cur), "%s", s->name);
			}
			for (size_t i = 0; i < n_ser; i++)
				if (!strcmp(ser[i].name, s->name) &&
				    !strcmp(ser[i].labels, s->labels)) {
					fprintf(stderr, "a series twice: %s\n", line);
					bad++;
				}
			n_ser++;
		}
	}
	if (!eof) {
		fprintf(stderr, "no # EOF at the end\n");
		bad++;
	}
	if (n_help != n_type || n_done != n_type) {
		fprintf(stderr, "%zu HELP, %zu TYPE, %zu families with samples\n", n_help, n_type,
			n_done);
		bad++;
	}
	return bad;
}

/* the value of the series name{labels}, NULL when there is none */
static const char *val(const char *name, const char *labels)
{
	for (size_t i = 0; i < n_ser; i++)
		if (!strcmp(ser[i].name, name) && !strcmp(ser[i].labels, labels))
			return ser[i].value;
	return NULL;
}

static size_t count(const char *name, const char *labels_part)
{
	size_t n = 0;

	for (size_t i = 0; i < n_ser; i++)
		n += !strcmp(ser[i].name, name) && strstr(ser[i].labels, labels_part);
	return n;
}

static int is(const char *name, const char *labels, double want)
{
	const char *v = val(name, labels);

	if (!v) {
		fprintf(stderr, "no sample %s{%s}\n", name, labels);
		return 0;
	}
	if (strtod(v, NULL) != want) {
		fprintf(stderr, "%s{%s} is %s, the report holds %.17g\n", name, labels, v, want);
		return 0;
	}
	return 1;
}

static void parse_ok(const struct sp_report *rep)
{
	char *text = render(rep, NULL);

	CHECK(parse(text) == 0);
	free(text);
}

int main(void)
{
	static const char *const families[] = {"swapplace_info",
					       "swapplace_run_timestamp_seconds",
					       "swapplace_run_duration_seconds",
					       "swapplace_swapin_latency_seconds",
					       "swapplace_build_wall_seconds",
					       "swapplace_service_p95_seconds",
					       "swapplace_service_top_speed_per_second",
					       "swapplace_oom_kills",
					       "swapplace_oom_killed"};
	const char *S = "placement=\"start\",kind=\"start\",model=\"loop\"";
	char *text, *json = NULL, *again, lab[512];
	size_t len, jlen = 0, alen;
	struct sp_err e;
	FILE *m;

	syn_build(&r);
	text = render(&r, &len);
	golden_check("tests/golden/report-synthetic.prom", text, len);

	/* written as report.json and read back, the same bytes */
	m = open_memstream(&json, &jlen);
	CHECK(m && sp_report_json_write(m, &r, NULL) == 0);
	fclose(m);
	CHECK(sp_report_json_parse(json, jlen, &back, &e) == 0);
	again = render(&back, &alen);
	CHECK(alen == len && !memcmp(again, text, len));
	free(again);
	free(json);

	CHECK(parse(text) == 0);
	for (size_t k = 0; k < sizeof(families) / sizeof(families[0]); k++) {
		CHECK(count(families[k], "") > 0);
		if (!count(families[k], ""))
			fprintf(stderr, "no %s\n", families[k]);
	}

	/* the run */
	CHECK(is("swapplace_info",
		 "version=\"0.1-test\",run_id=\"20260101-000000-0000002a\",mode=\"run\","
		 "machine_vendor=\"QEMU\",machine_model=\"Standard PC (Q35 + ICH9, 2009)\"",
		 1));
	CHECK(is("swapplace_run_timestamp_seconds", "", (double)r.started));
	CHECK(is("swapplace_run_duration_seconds", "", r.duration_s));

	/* swap-in latency: the ranked placements, both quantiles, in seconds */
	snprintf(lab, sizeof(lab), "%s,quantile=\"0.5\"", S);
	CHECK(is("swapplace_swapin_latency_seconds", lab, 98.4 / 1e6));
	snprintf(lab, sizeof(lab), "%s,quantile=\"0.99\"", S);
	CHECK(
	    is("swapplace_swapin_latency_seconds", lab, r.results[0].fault_probe.lat.p99_us / 1e6));
	CHECK(is("swapplace_swapin_latency_seconds",
		 "placement=\"zram-lz4\",kind=\"zram\",model=\"\",quantile=\"0.5\"",
		 r.results[3].fault_probe.lat.p50_us / 1e6));
	CHECK_EQ_U64(count("swapplace_swapin_latency_seconds", ""), 2 * 5);
	CHECK_EQ_U64(count("swapplace_swapin_latency_seconds", "zram-zstd"), 0); /* invalid */
	CHECK_EQ_U64(count("swapplace_swapin_latency_seconds", "zram-842"), 0);	 /* skipped */
	CHECK_EQ_U64(count("swapplace_swapin_latency_seconds", "\"none\""), 0);

	/* the build job: every ok one, not none's (OOM-killed), which says it was killed */
	snprintf(lab, sizeof(lab), "%s,job=\"build\"", S);
	CHECK(is("swapplace_build_wall_seconds", lab, r.results[0].scenarios.build.wall_s));
	CHECK(is("swapplace_build_wall_seconds",
		 "placement=\"ram\",kind=\"ram\",model=\"\",job=\"build\"", 165.25));
	CHECK_EQ_U64(count("swapplace_build_wall_seconds", "\"none\""), 0);
	CHECK(is("swapplace_oom_killed",
		 "placement=\"none\",kind=\"none\",model=\"\",scenario=\"build\",case=\"\"", 1));
	CHECK(is("swapplace_oom_killed",
		 "placement=\"none\",kind=\"none\",model=\"\",scenario=\"cache\",case=\"100%\"",
		 1));
	snprintf(lab, sizeof(lab), "%s,scenario=\"build\",case=\"\"", S);
	CHECK(is("swapplace_oom_killed", lab, 0));

	/* the service, per case */
	snprintf(lab, sizeof(lab), "%s,case=\"fits\"", S);
	CHECK(is("swapplace_service_p95_seconds", lab, 12.5 / 1e3));
	CHECK(is("swapplace_service_top_speed_per_second", lab, 640.5));
	CHECK(is("swapplace_oom_kills",
		 "placement=\"none\",kind=\"none\",model=\"\",case=\"spike\"", 2));
	CHECK_EQ_U64(count("swapplace_service_p95_seconds", ""), 12);
	free(text);

	/* a case that served nothing has no p95; its top speed (measured: 0) stays */
	r.results[7].scenarios.service.cases[2].served = 0;
	r.results[7].scenarios.service.cases[2].top_speed_per_s = 0;
	/* no start time, no duration: absent */
	r.started = 0;
	r.duration_s = 0;
	text = render(&r, NULL);
	CHECK(parse(text) == 0);
	CHECK_EQ_U64(count("swapplace_service_p95_seconds", ""), 11);
	CHECK(!val("swapplace_service_p95_seconds",
		   "placement=\"none\",kind=\"none\",model=\"\",case=\"hot\""));
	CHECK(is("swapplace_service_top_speed_per_second",
		 "placement=\"none\",kind=\"none\",model=\"\",case=\"hot\"", 0));
	CHECK(!val("swapplace_run_timestamp_seconds", ""));
	CHECK(!val("swapplace_run_duration_seconds", ""));
	free(text);

	/* label values: escaped, control bytes and broken UTF-8 replaced, UTF-8 kept */
	snprintf(r.results[0].placement, sizeof(r.results[0].placement), "a\"b\\c\nd\te");
	snprintf(r.devices[0].model, sizeof(r.devices[0].model), "Disk \xff\xc3\xa9\xe2\x82");
	text = render(&r, NULL);
	CHECK(parse(text) == 0);
	CHECK(is("swapplace_swapin_latency_seconds",
		 "placement=\"a\\\"b\\\\c\\nd?e\",kind=\"start\",model=\"Disk ?\xc3\xa9??\","
		 "quantile=\"0.5\"",
		 98.4 / 1e6));
	free(text);
	syn_build(&r);

	/* a partition's model is its disk's; a namespace that only shares a prefix is not it */
	{
		struct sp_result *res = &r.results[0];

		snprintf(r.devices[1].path, sizeof(r.devices[1].path), "/dev/nvme0n1");
		snprintf(r.devices[1].model, sizeof(r.devices[1].model), "Samsung SSD 980");
		snprintf(res->device, sizeof(res->device), "/dev/nvme0n1p3");
		CHECK_STR(sp_report_prom_device_model(&r, res), "Samsung SSD 980");
		snprintf(res->device, sizeof(res->device), "/dev/nvme0n12");
		CHECK_STR(sp_report_prom_device_model(&r, res), "loop"); /* the target's */
		snprintf(r.devices[1].path, sizeof(r.devices[1].path), "/dev/sdb");
		snprintf(res->device, sizeof(res->device), "/dev/sdb2");
		CHECK_STR(sp_report_prom_device_model(&r, res), "Samsung SSD 980");
		snprintf(res->device, sizeof(res->device), "/dev/sdbb2");
		CHECK_STR(sp_report_prom_device_model(&r, res), "loop");
		CHECK_STR(sp_report_prom_device_model(&r, &r.results[3]), ""); /* zram */
		CHECK_STR(sp_report_prom_device_model(&r, &r.results[7]), ""); /* none */
	}

	/* the mode: a measure report is "try" when it holds --try's zram or file */
	CHECK_STR(sp_report_prom_mode(&r), "run");
	snprintf(r.command, sizeof(r.command), "measure");
	CHECK_STR(sp_report_prom_mode(&r), "try");
	r.n_results = 1;
	r.results[0].id.kind = SP_PL_EXISTING;
	CHECK_STR(sp_report_prom_mode(&r), "measure");
	parse_ok(&r);

	/* a stream that fails */
	{
		FILE *ro = fopen("/dev/null", "r");

		CHECK(ro != NULL);
		if (ro) {
			CHECK(sp_report_prom_write(ro, &r, NULL) == -EIO);
			fclose(ro);
		}
	}
	CHECK(sp_report_prom_write(NULL, &r, NULL) == -EINVAL);
	return CHECK_DONE();
}
