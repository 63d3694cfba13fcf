/*
 * report_io.c - report directories on disk, written atomically; saved reports rendered again.
 *
 * Both files are first written completely to temporary names in the target directory (same
 * filesystem, so rename() is atomic), each flushed and fsync'd and its stream's sticky error
 * checked once; only when both are good are they renamed into place, and the directory is
 * fsync'd so the names survive a crash too. On any failure the temporaries are unlinked.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/analysis.h"
#include "sys/log.h"
#include "core/report.h"
#include "sys/report_io.h"
#include "core/report_json.h"
#include "core/report_text.h"

static int mkdir_p(const char *dir)
{
	char path[4096], c;
	size_t n = strlen(dir);
	struct stat st;

	if (n == 0 || n >= sizeof(path))
		return -EINVAL;
	memcpy(path, dir, n + 1);
	for (char *p = path + 1;; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		c = *p;
		*p = '\0';
		if (mkdir(path, 0755) < 0 && errno != EEXIST)
			return -errno;
		*p = c;
		if (!c)
			break;
	}
	if (stat(dir, &st) < 0)
		return -errno;
	return S_ISDIR(st.st_mode) ? 0 : -ENOTDIR;
}

int sp_report_dir_ready(const char *dir)
{
	char probe[4096];
	int ret, fd;

	if (!dir)
		return -EINVAL;
	ret = mkdir_p(dir);
	if (ret < 0)
		return ret;
	if ((size_t)snprintf(probe, sizeof(probe), "%s/.swapplace-write-test.%ld", dir,
			     (long)getpid()) >= sizeof(probe))
		return -ENAMETOOLONG;
	fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	close(fd);
	return unlink(probe) < 0 ? -errno : 0;
}

typedef int (*writer_fn)(FILE *, const struct sp_report *, const struct sp_findings *);

/* Write one file under a temporary name; on success tmp holds its path. */
static int write_tmp(const char *dir, const char *base, writer_fn fn, const struct sp_report *r,
		     const struct sp_findings *f, char *tmp, size_t tmplen)
{
	FILE *out;
	int fd, ret;

	if ((size_t)snprintf(tmp, tmplen, "%s/.%s.XXXXXX", dir, base) >= tmplen)
		return -ENAMETOOLONG;
	fd = mkstemp(tmp);
	if (fd < 0)
		return -errno;
	if (fchmod(fd, 0644) < 0 || !(out = fdopen(fd, "w"))) {
		ret = -errno;
		close(fd);
		unlink(tmp);
		return ret;
	}
	ret = fn(out, r, f);
	if (!ret && (fflush(out) != 0 || fsync(fileno(out)) < 0))
		ret = -errno;
	if (!ret && ferror(out))
		ret = -EIO;
	if (fclose(out) != 0 && !ret)
		ret = -errno;
	if (ret) {
		sp_debug("report", "writing %s failed: %s", tmp, strerror(-ret));
		unlink(tmp);
	}
	return ret;
}

int sp_report_write_dir(const char *dir, const struct sp_report *r)
{
	char tj[4096], tt[4096], fj[4096], ft[4096];
	struct sp_findings f;
	int ret, dfd;

	if (!dir || !r)
		return -EINVAL;
	ret = mkdir_p(dir);
	if (ret < 0)
		return ret;
	ret = sp_analyse(r, &f);
	if (ret < 0)
		return ret;
	if ((size_t)snprintf(fj, sizeof(fj), "%s/report.json", dir) >= sizeof(fj) ||
	    (size_t)snprintf(ft, sizeof(ft), "%s/report.txt", dir) >= sizeof(ft))
		return -ENAMETOOLONG;

	ret = write_tmp(dir, "report.json", sp_report_json_write, r, &f, tj, sizeof(tj));
	if (ret < 0)
		return ret;
	ret = write_tmp(dir, "report.txt", sp_report_text_write, r, &f, tt, sizeof(tt));
	if (ret < 0) {
		unlink(tj);
		return ret;
	}
	if (rename(tj, fj) < 0) {
		ret = -errno;
		unlink(tj);
		unlink(tt);
		return ret;
	}
	if (rename(tt, ft) < 0) {
		ret = -errno;
		unlink(tt);
		return ret;
	}
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		if (fsync(dfd) < 0)
			ret = -errno;
		close(dfd);
	}
	return ret;
}

/* The file half of the reader; parsing is sp_report_json_parse() in the pure core. */
int sp_report_json_read(const char *path, struct sp_report *r, char *err, size_t errlen)
{
	char *buf = NULL;
	size_t cap = 0, len = 0;
	FILE *in;
	int ret;

	if (err && errlen)
		err[0] = '\0';
	if (!path || !r)
		return -EINVAL;
	in = fopen(path, "r");
	if (!in) {
		ret = -errno;
		snprintf(err, errlen, "cannot open '%s': %s", path, strerror(-ret));
		return ret;
	}
	for (;;) {
		size_t n;

		if (len + 65536 > cap) {
			char *nb = realloc(buf, cap + 65536 * 4);

			if (!nb) {
				free(buf);
				fclose(in);
				return -ENOMEM;
			}
			buf = nb;
			cap += 65536 * 4;
		}
		n = fread(buf + len, 1, cap - len, in);
		len += n;
		if (n == 0)
			break;
	}
	if (ferror(in)) {
		free(buf);
		fclose(in);
		snprintf(err, errlen, "cannot read '%s'", path);
		return -EIO;
	}
	fclose(in);
	ret = sp_report_json_parse(buf, len, r, err, errlen);
	free(buf);
	return ret;
}

int sp_report_render(const char *json_path, const char *format, FILE *out, char *err, size_t errlen)
{
	struct sp_findings f;
	struct sp_report *r;
	int ret;

	if (!format)
		format = "text";
	if (strcmp(format, "text") != 0 && strcmp(format, "json") != 0) {
		snprintf(err, errlen, "unknown format '%s' (expected text or json)", format);
		return -EINVAL;
	}
	/* a report is ~160 KiB of fixed arrays: keep it off the stack */
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	ret = sp_report_json_read(json_path, r, err, errlen);
	if (ret == 0)
		ret = sp_analyse(r, &f);
	if (ret == 0) {
		if (strcmp(format, "json") == 0)
			ret = sp_report_json_write(out, r, &f);
		else
			ret = sp_report_text_write(out, r, &f);
		if (ret < 0)
			snprintf(err, errlen, "cannot write the report: %s", strerror(-ret));
	}
	free(r);
	return ret;
}
