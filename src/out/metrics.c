/*
 * metrics.c - swapplace.prom in the --metrics directory (see metrics.h), written through
 * out/atomic.h like every result file.
 */
#include "out/metrics.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/report/metrics_prom.h"
#include "out/atomic.h"

static int fill_nothing(FILE *out, void *arg)
{
	(void)out;
	(void)arg;
	return 0;
}

int sp_metrics_dir_check(const char *dir, struct sp_err *e)
{
	char tmp[4096];
	struct stat st;
	int ret;

	sp_err_init(e);
	if (!dir || !*dir)
		return sp_err_set(e, -EINVAL, "no directory given");
	if (stat(dir, &st) < 0)
		return errno == ENOENT
			   ? sp_err_set(e, -ENOENT, "no such directory (it is not made)")
			   : sp_err_set(e, -errno, NULL);
	if (!S_ISDIR(st.st_mode))
		return sp_err_set(e, -ENOTDIR, "not a directory");
	ret = sp_atomic_tmp(dir, SP_PROM_FILE, fill_nothing, NULL, tmp, sizeof(tmp), e);
	if (ret < 0)
		return e && e->reason[0] ? ret : sp_err_sys(e, ret, "cannot write into '%s'", dir);
	if (unlink(tmp) < 0)
		return sp_err_sys(e, -errno, "cannot remove '%s'", tmp);
	return 0;
}

struct fill_arg {
	const struct sp_report *r;
	const struct sp_findings *f;
};

static int fill_prom(FILE *out, void *arg)
{
	const struct fill_arg *a = arg;

	return sp_report_prom_write(out, a->r, a->f);
}

int sp_metrics_write(const char *dir, const struct sp_report *r, const struct sp_findings *f,
		     char *path, size_t len, struct sp_err *e)
{
	struct fill_arg a = {.r = r, .f = f};
	char dst[4096];

	sp_err_init(e);
	if (!dir || !*dir || !r)
		return sp_err_set(e, -EINVAL, NULL);
	if ((size_t)snprintf(dst, sizeof(dst), "%s/%s", dir, SP_PROM_FILE) >= sizeof(dst))
		return sp_err_set(e, -ENAMETOOLONG, "'%s' is too long", dir);
	if (path && len)
		snprintf(path, len, "%s", dst);
	return sp_atomic_write(dst, fill_prom, &a, e);
}
