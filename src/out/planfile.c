/*
 * planfile.c - the plan file's reading and writing (see planfile.h). Moved out of cmd/run.c:
 * the edge keeps only what a failure means for the exit code.
 */
#include "out/planfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/err.h"
#include "core/safety/safety.h"
#include "sys/sysfs.h"

#define ESTIMATE_KEY "estimated_s="

int sp_planfile_write(const char *path, const struct sp_target_identity *id, double estimate_s,
		      struct sp_err *e)
{
	char text[512], tmp[4096];
	FILE *fp;
	int ok;

	sp_err_init(e);
	if (sp_identity_format(id, text, sizeof(text)) < 0 ||
	    snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= (int)sizeof(tmp))
		return sp_err_set(e, -ENAMETOOLONG, NULL);
	fp = fopen(tmp, "we");
	if (!fp)
		return sp_err_set(e, -errno, NULL);
	ok = fputs(text, fp) >= 0;
	if (estimate_s > 0)
		ok &= fprintf(fp, "%s%.1f\n", ESTIMATE_KEY, estimate_s) > 0;
	ok = (fflush(fp) == 0) & ok & (fsync(fileno(fp)) == 0);
	ok = (fclose(fp) == 0) & ok;
	if (!ok || rename(tmp, path) < 0) {
		int err = -errno;

		unlink(tmp);
		return sp_err_set(e, err ? err : -EIO, NULL);
	}
	return 0;
}

/* The estimate's line, taken out of text (the identity's parser knows only its own keys). */
static double take_estimate(char *text)
{
	char *line = strstr(text, "\n" ESTIMATE_KEY), *end;
	double v;

	if (!line)
		return 0;
	v = strtod(line + 1 + strlen(ESTIMATE_KEY), &end);
	end = strchr(end, '\n');
	memmove(line + 1, end ? end + 1 : "", end ? strlen(end + 1) + 1 : 1);
	return v > 0 && v < 1e9 ? v : 0;
}

int sp_planfile_read(const char *path, struct sp_target_identity *id, double *estimate_s,
		     struct sp_err *e)
{
	struct sp_err why;
	char *text = NULL;
	int ret;

	sp_err_init(e);
	ret = sp_read_all("", path, &text);
	if (ret < 0)
		return sp_err_sys(e, ret, "cannot read the plan file '%s'", path);
	*estimate_s = take_estimate(text);
	ret = sp_identity_parse(text, id, &why);
	free(text);
	if (ret < 0)
		return sp_err_set(e, ret, "'%s': %s", path, why.reason);
	return 0;
}
