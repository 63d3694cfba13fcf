/*
 * setup_write.c - the setup files written into a new directory, all or none (see
 * setup_write.h). A temporary directory beside the target is filled file by file through
 * out/atomic (each synced), then renamed into place in one step; a failure removes the
 * temporary and leaves the target as it was.
 */
#include "out/setup_write.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/findings/analysis.h"
#include "core/report/setup_files.h"
#include "out/atomic.h"

struct fill_arg {
	const struct sp_setup_file *file;
	const struct sp_report *r;
	const struct sp_advice *a;
};

static int fill(FILE *out, void *arg)
{
	const struct fill_arg *f = arg;

	return f->file->write(out, f->r, f->a);
}

/* 1 when dir is an empty directory, 0 when not empty, -errno */
static int empty_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int empty = 1;

	if (!d)
		return -errno;
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
			empty = 0;
	closedir(d);
	return empty;
}

/* dir's parent, resolved, into parent; dir's last component into base */
static int split(const char *dir, char *parent, char *base, struct sp_err *e)
{
	char tmp[PATH_MAX];
	char *slash;
	size_t n = strlen(dir);

	if (!n || n >= sizeof(tmp))
		return sp_err_set(e, -EINVAL, "'%s' is not a directory name", dir);
	memcpy(tmp, dir, n + 1);
	while (n > 1 && tmp[n - 1] == '/')
		tmp[--n] = '\0';
	slash = strrchr(tmp, '/');
	if (slash) {
		snprintf(base, NAME_MAX + 1, "%s", slash + 1);
		if (slash == tmp)
			slash[1] = '\0';
		else
			*slash = '\0';
	} else {
		snprintf(base, NAME_MAX + 1, "%s", tmp);
		snprintf(tmp, sizeof(tmp), ".");
	}
	if (!base[0] || !strcmp(base, ".") || !strcmp(base, ".."))
		return sp_err_set(e, -EINVAL, "'%s' is not a directory name", dir);
	if (!realpath(tmp, parent))
		return sp_err_sys(e, -errno, "cannot write the setup into '%s': its parent", dir);
	return 0;
}

static int under_etc(const char *parent, const char *base)
{
	char full[PATH_MAX + NAME_MAX + 2];

	snprintf(full, sizeof(full), "%s%s%s", parent, strcmp(parent, "/") ? "/" : "", base);
	return !strcmp(full, "/etc") || !strncmp(full, "/etc/", 5);
}

static void remove_tmp(const char *tmp)
{
	char p[PATH_MAX + 2 * NAME_MAX + 32];

	for (size_t i = 0; i < sp_n_setup_files; i++) {
		snprintf(p, sizeof(p), "%s/%s", tmp, sp_setup_files[i].name);
		unlink(p);
	}
	rmdir(tmp);
}

int sp_setup_write_dir(const char *dir, const struct sp_report *r, const struct sp_advice *a,
		       struct sp_err *e)
{
	char parent[PATH_MAX], base[NAME_MAX + 1], tmp[PATH_MAX + NAME_MAX + 16];
	char path[sizeof(tmp) + NAME_MAX + 2];
	struct stat st;
	int ret, fd;

	sp_err_init(e);
	if (!dir || !r || !a)
		return sp_err_set(e, -EINVAL, "no directory given");
	if ((ret = split(dir, parent, base, e)) < 0)
		return ret;
	if (under_etc(parent, base))
		return sp_err_set(e, -EPERM,
				  "refusing to write into '%s': it is /etc or under it (the setup "
				  "files are installed by hand: README)",
				  dir);
	if (lstat(dir, &st) == 0) {
		if (S_ISLNK(st.st_mode))
			return sp_err_set(e, -ELOOP, "refusing '%s': it is a symbolic link", dir);
		if (!S_ISDIR(st.st_mode))
			return sp_err_set(e, -ENOTDIR, "refusing '%s': it is not a directory", dir);
		if ((ret = empty_dir(dir)) <= 0)
			return ret < 0
				   ? sp_err_sys(e, ret, "cannot read '%s'", dir)
				   : sp_err_set(e, -EEXIST, "refusing '%s': it is not empty", dir);
	} else if (errno != ENOENT) {
		return sp_err_sys(e, -errno, "cannot look at '%s'", dir);
	}
	snprintf(tmp, sizeof(tmp), "%s/.%s.XXXXXX", parent, base);
	if (!mkdtemp(tmp))
		return sp_err_sys(e, -errno, "cannot make a directory in '%s'", parent);
	chmod(tmp, 0755);
	for (size_t i = 0; i < sp_n_setup_files; i++) {
		struct fill_arg fa = {&sp_setup_files[i], r, a};

		snprintf(path, sizeof(path), "%s/%s", tmp, sp_setup_files[i].name);
		if ((ret = sp_atomic_write(path, fill, &fa, e)) < 0) {
			remove_tmp(tmp);
			return ret;
		}
	}
	/* rename(2) takes the place of an empty directory, and of no directory */
	if (rename(tmp, dir) < 0) {
		ret = sp_err_sys(e, -errno, "cannot rename the setup into '%s'", dir);
		remove_tmp(tmp);
		return ret;
	}
	fd = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	return 0;
}

int sp_setup_write_default(const char *dir, const struct sp_report *r, struct sp_err *e)
{
	struct sp_findings *f = malloc(sizeof(*f));
	struct sp_advice *a = malloc(sizeof(*a));
	enum sp_workload w;
	int ret;

	sp_err_init(e);
	if (!f || !a) {
		ret = sp_err_set(e, -ENOMEM, NULL);
		goto out;
	}
	if ((ret = sp_analyse(r, f)) < 0 || (ret = sp_advice_default_workload(f, &w)) < 0) {
		ret = ret == -ENOENT ? 0 : sp_err_set(e, ret, "cannot analyse the report");
		goto out;
	}
	if ((ret = sp_advise(r, f, w, a)) < 0) {
		sp_err_set(e, ret, "cannot advise");
		goto out;
	}
	ret = sp_setup_write_dir(dir, r, a, e);
out:
	free(f);
	free(a);
	return ret;
}
