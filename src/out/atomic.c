/*
 * atomic.c - a result file written whole or not at all (see atomic.h): one temporary, one
 * check of the stream, one rename, one fsync of the directory.
 */
#include "out/atomic.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys/log.h"
#include "sys/sysfs.h"

int sp_atomic_tmp(const char *dir, const char *base, sp_atomic_fill_fn fill, void *arg, char *tmp,
		  size_t tmplen, struct sp_err *e)
{
	FILE *out;
	int fd, ret;

	if ((size_t)snprintf(tmp, tmplen, "%s/.%s.XXXXXX", dir, base) >= tmplen)
		return -ENAMETOOLONG;
	fd = mkstemp(tmp);
	if (fd < 0)
		return sp_err_sys(e, -errno, "cannot create a file in '%s'", dir);
	/* a file to read on any computer; FAT has no modes and may refuse: not an error */
	(void)fchmod(fd, 0644);
	out = fdopen(fd, "w");
	if (!out) {
		ret = -errno;
		close(fd);
		unlink(tmp);
		return ret;
	}
	ret = fill(out, arg);
	if (!ret && (fflush(out) != 0 || fsync(fileno(out)) < 0))
		ret = -errno;
	if (!ret && ferror(out))
		ret = -EIO;
	if (fclose(out) != 0 && !ret)
		ret = -errno;
	if (ret) {
		sp_debug("atomic", "writing %s failed: %s", tmp, strerror(-ret));
		unlink(tmp);
	}
	return ret;
}

int sp_atomic_write(const char *path, sp_atomic_fill_fn fill, void *arg, struct sp_err *e)
{
	char dir[4096], tmp[4096];
	const char *base, *slash;
	int ret;

	if (!path || !*path || !fill)
		return sp_err_set(e, -EINVAL, NULL);
	slash = strrchr(path, '/');
	base = slash ? slash + 1 : path;
	if (slash == path)
		snprintf(dir, sizeof(dir), "/");
	else if (slash)
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
	else
		snprintf(dir, sizeof(dir), ".");
	if (!*base || strlen(dir) + strlen(base) + 10 >= sizeof(tmp))
		return sp_err_set(e, -EINVAL, "'%s' is not a file name", path);
	ret = sp_atomic_tmp(dir, base, fill, arg, tmp, sizeof(tmp), e);
	if (ret == 0 && rename(tmp, path) < 0) {
		ret = -errno;
		unlink(tmp);
	}
	if (ret) {
		if (e && e->reason[0])
			e->code = ret; /* fill said why */
		else
			sp_err_sys(e, ret, "cannot write '%s'", path);
		return ret;
	}
	/* best effort: the file itself is already synced; this keeps its new name */
	(void)sp_fsync_dir(dir);
	return 0;
}
