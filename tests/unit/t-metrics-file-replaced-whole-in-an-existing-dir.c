/*
 * t-metrics-file-replaced-whole-in-an-existing-dir - out/metrics: --metrics DIR must be an
 * existing directory (a missing one is -ENOENT and is not made, a file -ENOTDIR), and the check
 * leaves nothing in it; sp_metrics_write puts DIR/swapplace.prom there with the renderer's bytes
 * and mode 0644 (the collector runs as another user), replaces an older one whole, and leaves no
 * temporary (".swapplace.prom.XXXXXX") behind; a write that fails leaves the older file as it
 * was.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "core/report/metrics_prom.h"
#include "out/metrics.h"
#include "slurp.h"
#include "t-report-synthetic.h"

static struct sp_report r;

static size_t entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t n = 0;

	while (d && (de = readdir(d)))
		n += strcmp(de->d_name, ".") && strcmp(de->d_name, "..");
	if (d)
		closedir(d);
	return n;
}

int main(void)
{
	char tmpl[] = "/tmp/t-metrics.XXXXXX", sub[64], path[128], file[128], *want = NULL, *got;
	size_t wlen = 0;
	struct sp_err e;
	struct stat st;
	FILE *m, *old;

	syn_build(&r);
	CHECK(mkdtemp(tmpl) != NULL);
	snprintf(sub, sizeof(sub), "%s/missing", tmpl);
	CHECK(sp_metrics_dir_check(sub, &e) == -ENOENT);
	CHECK_STR(sp_err_msg(&e), "no such directory (it is not made)");
	CHECK(stat(sub, &st) < 0); /* not made */
	snprintf(file, sizeof(file), "%s/a-file", tmpl);
	old = fopen(file, "w");
	CHECK(old && fclose(old) == 0);
	CHECK(sp_metrics_dir_check(file, &e) == -ENOTDIR);
	CHECK(sp_metrics_write(sub, &r, NULL, NULL, 0, &e) < 0);
	unlink(file);
	CHECK(sp_metrics_dir_check(tmpl, &e) == 0);
	CHECK_EQ_U64(entries(tmpl), 0);

	m = open_memstream(&want, &wlen);
	CHECK(m && sp_report_prom_write(m, &r, NULL) == 0);
	fclose(m);

	snprintf(file, sizeof(file), "%s/" SP_PROM_FILE, tmpl);
	old = fopen(file, "w");
	CHECK(old && fputs("swapplace_old 1\n", old) >= 0 && fclose(old) == 0);
	CHECK(sp_metrics_write(tmpl, &r, NULL, path, sizeof(path), &e) == 0);
	CHECK_STR(path, file);
	got = slurp(file, NULL);
	CHECK(strlen(got) == wlen && !memcmp(got, want, wlen));
	free(got);
	CHECK(stat(file, &st) == 0 && (st.st_mode & 0777) == 0644);
	CHECK_EQ_U64(entries(tmpl), 1);

	/* a report the renderer refuses: the file stays as it was, no temporary is left */
	r.n_results = SP_MAX_RESULTS + 1;
	CHECK(sp_metrics_write(tmpl, &r, NULL, NULL, 0, &e) == -EINVAL);
	got = slurp(file, NULL);
	CHECK(strlen(got) == wlen && !memcmp(got, want, wlen));
	free(got);
	CHECK_EQ_U64(entries(tmpl), 1);

	unlink(file);
	rmdir(tmpl);
	free(want);
	return CHECK_DONE();
}
