/*
 * t-report-io-writes-atomically - sp_report_write_dir() creates the directory path, leaves
 * exactly its formats' files (report.json, report.txt, report.html, summary.csv, report.pdf
 * unless its renderer says it failed; no temporaries), json and text identical to a direct
 * rendering;
 * a failed write leaves nothing; sp_report_render() reads the saved run back and renders the
 * same bytes again, and rejects an unknown format or a malformed file with a message.
 * The one atomic write under them all (out/atomic.h, also the lab index's): a fill that fails
 * leaves the file as it was and no temporary, one that succeeds replaces it whole, a name that
 * is no file name is refused with a reason.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "core/doc/reportdoc.h"
#include "core/findings/analysis.h"
#include "core/model/report.h"
#include "core/report/report_json.h"
#include "out/atomic.h"
#include "out/report_io.h"
#include "slurp.h"
#include "t-report-synthetic.h"

static struct sp_report r;

typedef int (*writer_fn)(FILE *, const struct sp_report *, const struct sp_findings *);

static char *direct(writer_fn fn, size_t *len)
{
	char *buf = NULL;
	FILE *m = open_memstream(&buf, len);

	CHECK(fn(m, &r, NULL) == 0);
	fclose(m);
	return buf;
}

static void same_as(const char *path, writer_fn fn)
{
	size_t a, b;
	char *got = slurp(path, &a), *want = direct(fn, &b);

	CHECK(a == b && memcmp(got, want, a) == 0);
	free(got);
	free(want);
}

/* names in dir, space separated and sorted by the caller's expectation */
static size_t entries(const char *dir, char *names, size_t len)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	names[0] = '\0';
	if (!d)
		return 0;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		n++;
		strncat(names, e->d_name, len - strlen(names) - 2);
		strcat(names, " ");
	}
	closedir(d);
	return n;
}

static int fill_new(FILE *out, void *arg)
{
	(void)arg;
	return fputs("new\n", out) < 0 ? -EIO : 0;
}

static int fill_fails(FILE *out, void *arg)
{
	fputs("half", out);
	return sp_err_set(arg, -ENOSPC, "the renderer ran out of room");
}

/* sp_atomic_write(): whole or not at all, nothing left beside it */
static void atomic_write(const char *tmpl)
{
	char dir[300], path[400], names[512], *got;
	struct sp_err e;
	size_t len;
	FILE *f;

	snprintf(dir, sizeof(dir), "%s/atomic", tmpl);
	CHECK(mkdir(dir, 0755) == 0);
	snprintf(path, sizeof(path), "%s/index.html", dir);
	f = fopen(path, "w");
	fputs("old\n", f);
	fclose(f);

	sp_err_init(&e);
	CHECK(sp_atomic_write(path, fill_fails, &e, &e) == -ENOSPC);
	CHECK(strstr(e.reason, "ran out of room") != NULL); /* the fill's reason kept */
	got = slurp(path, &len);
	CHECK(got && len == 4 && !memcmp(got, "old\n", 4));
	free(got);
	CHECK_EQ_U64(entries(dir, names, sizeof(names)), 1);

	sp_err_init(&e);
	CHECK(sp_atomic_write(path, fill_new, NULL, &e) == 0);
	got = slurp(path, &len);
	CHECK(got && len == 4 && !memcmp(got, "new\n", 4));
	free(got);
	CHECK_EQ_U64(entries(dir, names, sizeof(names)), 1);

	snprintf(path, sizeof(path), "%s/", dir);
	CHECK(sp_atomic_write(path, fill_new, NULL, &e) == -EINVAL);
	CHECK(strstr(e.reason, "is not a file name") != NULL);
	snprintf(path, sizeof(path), "%s/no-such-dir/x", dir);
	CHECK(sp_atomic_write(path, fill_new, NULL, &e) == -ENOENT);
	CHECK(strstr(e.reason, "cannot create a file in") != NULL);
}

static void render_equals(const char *json, const char *format, writer_fn fn)
{
	char *buf = NULL;
	struct sp_err e;
	size_t len, wlen;
	FILE *m = open_memstream(&buf, &len);
	char *want = direct(fn, &wlen);

	CHECK(sp_report_render(json, format, NULL, m, &e) == 0);
	fclose(m);
	if (e.code)
		fprintf(stderr, "render: %s\n", sp_err_msg(&e));
	CHECK(len == wlen && memcmp(buf, want, len) == 0);
	free(buf);
	free(want);
}

int main(void)
{
	char tmpl[] = "/tmp/t-report-io.XXXXXX", dir[256], path[300], names[512];
	struct sp_err e;
	struct sp_report_failed failed;
	size_t n_files;
	FILE *devnull;

	if (!mkdtemp(tmpl))
		return 77;
	syn_build(&r);
	snprintf(dir, sizeof(dir), "%s/reports/2026-01-01T000000", tmpl);
	CHECK(sp_report_write_dir_opts(dir, &r, NULL, &failed) == 0);
	/* the only rendering allowed to fail here is the PDF of a cairo-less build */
	CHECK(failed.n == 0 || (failed.n == 1 && !strcmp(failed.f[0].name, "pdf")));
	n_files = 5 - failed.n;
	CHECK_EQ_U64(entries(dir, names, sizeof(names)), n_files);
	CHECK(strstr(names, "report.json ") && strstr(names, "report.txt "));
	CHECK(strstr(names, "report.html ") && strstr(names, "summary.csv "));
	CHECK(failed.n == 1 || strstr(names, "report.pdf "));
	snprintf(path, sizeof(path), "%s/report.json", dir);
	same_as(path, sp_report_json_write);
	render_equals(path, "json", sp_report_json_write);
	render_equals(path, "text", sp_report_text_write);
	render_equals(path, NULL, sp_report_text_write);
	snprintf(path, sizeof(path), "%s/report.txt", dir);
	same_as(path, sp_report_text_write);

	/* writing again replaces both, still nothing else in the directory */
	r.seed = 7;
	CHECK(sp_report_write_dir(dir, &r) == 0);
	CHECK_EQ_U64(entries(dir, names, sizeof(names)), n_files);
	same_as(path, sp_report_text_write);

	/* a path through a regular file cannot be a directory: error, nothing created */
	snprintf(path, sizeof(path), "%s/report.txt/sub", dir);
	CHECK(sp_report_write_dir(path, &r) == -ENOTDIR);
	CHECK_EQ_U64(entries(dir, names, sizeof(names)), n_files);

	/* a report the model cannot hold is refused before any file appears */
	snprintf(path, sizeof(path), "%s/bad", tmpl);
	r.n_results = SP_MAX_RESULTS + 1;
	CHECK(sp_report_write_dir(path, &r) == -EINVAL);
	CHECK_EQ_U64(entries(path, names, sizeof(names)), 0);
	r.n_results = 8;

	/* render: unknown format, missing file, malformed file */
	devnull = fopen("/dev/null", "w");
	snprintf(path, sizeof(path), "%s/report.json", dir);
	CHECK(sp_report_render(path, "docx", NULL, devnull, &e) == -EINVAL);
	CHECK(strstr(e.reason, "unknown format 'docx'") != NULL);
	snprintf(path, sizeof(path), "%s/none.json", tmpl);
	CHECK(sp_report_render(path, "text", NULL, devnull, &e) == -ENOENT);
	CHECK(strstr(e.reason, "none.json") != NULL);
	CHECK(sp_report_render("tests/fixtures/report-wrong-schema.json", "text", NULL, devnull,
			       &e) == -EINVAL);
	CHECK(strstr(e.reason, "swapplace-report/2") != NULL);
	fclose(devnull);

	/* a stream that fails (disk full) is reported, not ignored */
	devnull = fopen("/dev/full", "w");
	if (devnull) {
		snprintf(path, sizeof(path), "%s/report.json", dir);
		CHECK(sp_report_render(path, "text", NULL, devnull, &e) < 0);
		CHECK(sp_report_json_write(devnull, &r, NULL) == -EIO); /* sticky */
		fclose(devnull);
	}

	atomic_write(tmpl);

	snprintf(path, sizeof(path), "rm -rf '%s'", tmpl);
	CHECK(system(path) == 0);
	return CHECK_DONE();
}
