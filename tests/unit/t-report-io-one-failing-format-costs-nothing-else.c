/*
 * t-report-io-one-failing-format-costs-nothing-else - sp_report_write_dir_with() given the
 * formats with one renderer that fails: every other file is written (the failing one in the
 * middle of the table, so the ones after it prove it stopped nothing), no temporary is left,
 * an older file of the failing format is removed (it would contradict the new report.json),
 * and the failure is listed with its format and errno. A failing json or text writer fails
 * the whole write and leaves neither (the record is both or nothing), and tries no rendering.
 * sp_report_render_file() writes -o FILE atomically and leaves FILE untouched on failure.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "core/model/report.h"
#include "out/report_io.h"
#include "t-report-synthetic.h"

static struct sp_report r;
static int html_calls;

static int fail_enospc(FILE *out, const struct sp_report_ctx *c)
{
	(void)c;
	fputs("half a page", out); /* something written before the failure: must not survive */
	return -ENOSPC;
}

static int counting_html(FILE *out, const struct sp_report_ctx *c)
{
	html_calls++;
	(void)c;
	return fputs("<p>html</p>\n", out) < 0 ? -EIO : 0;
}

static int stub(FILE *out, const struct sp_report_ctx *c)
{
	(void)c;
	return fputs("ok\n", out) < 0 ? -EIO : 0;
}

static int exists(const char *dir, const char *file)
{
	char p[512];
	struct stat st;

	snprintf(p, sizeof(p), "%s/%s", dir, file);
	return stat(p, &st) == 0 && st.st_size > 0;
}

/* entries of dir whose name starts with '.', other than . and .. (temporaries) */
static int temporaries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (e->d_name[0] == '.' && strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

static size_t count(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

int main(void)
{
	char tmpl[] = "/tmp/t-report-io-fail.XXXXXX", dir[256], path[512];
	struct sp_err e;
	struct sp_report_format fmts[8];
	struct sp_report_failed failed;
	size_t n = 0;
	FILE *f;

	if (!mkdtemp(tmpl))
		return 77;
	syn_build(&r);
	snprintf(dir, sizeof(dir), "%s/run", tmpl);

	/* the real table, pdf and ps stubbed (the cairo backend is tested on its own) */
	for (size_t i = 0; i < sp_n_report_formats && n < 8; i++) {
		fmts[n] = sp_report_formats[i];
		if (fmts[n].needs_doc && strcmp(fmts[n].name, "html"))
			fmts[n].write = stub;
		n++;
	}
	CHECK(n == 7); /* json text html pdf csv ps prom */
	CHECK(!strcmp(fmts[0].name, "json") && !strcmp(fmts[1].name, "text"));
	CHECK(sp_report_format_find("pdf") && !sp_report_format_find("docx"));

	/* everything works: every file of the table is there */
	CHECK(sp_report_write_dir_with(dir, &r, NULL, fmts, n, &failed) == 0);
	CHECK_EQ_U64(failed.n, 0);
	CHECK_EQ_U64(count(dir), 5);
	CHECK(exists(dir, "report.pdf"));

	/* html fails (third of the table): pdf and csv after it are still written */
	for (size_t i = 0; i < n; i++)
		if (!strcmp(fmts[i].name, "html"))
			fmts[i].write = fail_enospc;
	unlink(strcat(strcpy(path, dir), "/report.pdf"));
	unlink(strcat(strcpy(path, dir), "/summary.csv"));
	CHECK(sp_report_write_dir_with(dir, &r, NULL, fmts, n, &failed) == 0);
	CHECK(exists(dir, "report.json") && exists(dir, "report.txt"));
	CHECK(exists(dir, "report.pdf") && exists(dir, "summary.csv"));
	CHECK(!exists(dir, "report.html")); /* the earlier one is gone too */
	CHECK_EQ_U64(temporaries(dir), 0);
	CHECK_EQ_U64(failed.n, 1);
	CHECK(failed.n == 1 && !strcmp(failed.f[0].name, "html") &&
	      !strcmp(failed.f[0].file, "report.html") && failed.f[0].err == -ENOSPC);
	CHECK_EQ_U64(count(dir), 4);

	/* the text writer fails: an error, neither json nor text, no rendering tried */
	snprintf(dir, sizeof(dir), "%s/run2", tmpl);
	for (size_t i = 0; i < n; i++)
		if (!strcmp(fmts[i].name, "html"))
			fmts[i].write = counting_html;
		else if (!strcmp(fmts[i].name, "text"))
			fmts[i].write = fail_enospc;
	html_calls = 0;
	CHECK(sp_report_write_dir_with(dir, &r, NULL, fmts, n, &failed) == -ENOSPC);
	CHECK_EQ_U64(count(dir), 0);
	CHECK_EQ_U64(temporaries(dir), 0);
	CHECK_EQ_U64(html_calls, 0);

	/* -o FILE: written whole; a failed rendering leaves the file as it was */
	snprintf(path, sizeof(path), "%s/run/report.json", tmpl);
	snprintf(dir, sizeof(dir), "%s/out.csv", tmpl);
	CHECK(sp_report_render_file(path, "csv", NULL, dir, &e) == 0);
	CHECK(exists(tmpl, "out.csv"));
	f = fopen(dir, "w");
	fputs("old\n", f);
	fclose(f);
	CHECK(sp_report_render_file(path, "docx", NULL, dir, &e) == -EINVAL);
	CHECK(strstr(e.reason, "unknown format 'docx'") != NULL);
	snprintf(path, sizeof(path), "%s/none.json", tmpl);
	CHECK(sp_report_render_file(path, "csv", NULL, dir, &e) == -ENOENT);
	{
		char line[16] = "";

		f = fopen(dir, "r");
		CHECK(f && fgets(line, sizeof(line), f) && !strcmp(line, "old\n"));
		if (f)
			fclose(f);
	}
	CHECK_EQ_U64(temporaries(tmpl), 0);

	snprintf(path, sizeof(path), "rm -rf '%s'", tmpl);
	CHECK(system(path) == 0);
	return CHECK_DONE();
}
