/*
 * sysfs.c - rooted reads of /proc and /sys, single-write sysfs stores, and the one
 * write-everything loop for pipes and files.
 *
 * Readers join a root prefix so the same code runs on the live system and on captured trees.
 * Every module reads and writes /proc, /sys and cgroupfs through here rather than with a local
 * open/read/close helper, so EINTR, truncation and short writes are handled in one place.
 */
#include "sys/sysfs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int sp_root_is_live(const char *root)
{
	return !root || !*root || strcmp(root, "/") == 0;
}

int sp_root_path(const char *root, const char *path, char *out, size_t len)
{
	int n;

	if (sp_root_is_live(root))
		n = snprintf(out, len, "%s", path);
	else
		n = snprintf(out, len, "%s%s%s", root, path[0] == '/' ? "" : "/", path);
	if (n < 0 || (size_t)n >= len)
		return -ENAMETOOLONG;
	return 0;
}

int sp_path_join(const char *dir, const char *name, char *out, size_t len)
{
	int n = snprintf(out, len, "%s/%s", dir, name);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int sp_block_attr_path(const char *dev, const char *attr, char *out, size_t len)
{
	const char *name = strrchr(dev, '/');
	int n;

	name = name ? name + 1 : dev;
	if (!*name || !*attr)
		return -EINVAL;
	n = snprintf(out, len, "/sys/class/block/%s/%s", name, attr);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/* Open root+path for reading. Returns: the descriptor, or -errno. */
static int open_rooted(const char *root, const char *path)
{
	char full[4096];
	int fd, r = sp_root_path(root, path, full, sizeof(full));

	if (r)
		return r;
	fd = open(full, O_RDONLY | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

/*
 * read() until len bytes or the end of the file, retrying EINTR.
 * Returns: the bytes read (fewer than len only at the end), or -errno.
 */
static ssize_t read_full(int fd, char *buf, size_t len)
{
	size_t got = 0;
	ssize_t n;

	while (got < len) {
		n = read(fd, buf + got, len - got);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	return (ssize_t)got;
}

/*
 * Read at most len-1 bytes of root+path into buf, NUL-terminated, dropping trailing characters
 * found in trim. With whole set, a value that may not have fit is -ENAMETOOLONG, not cut.
 */
static ssize_t read_trimmed(const char *root, const char *path, char *buf, size_t len,
			    const char *trim, int whole)
{
	ssize_t got;
	int fd;

	if (!len)
		return -EINVAL;
	fd = open_rooted(root, path);
	if (fd < 0)
		return fd;
	if (whole) {
		/*
		 * sysctl handlers (proc_dointvec) answer only a read at offset 0, a second
		 * read() sees the end: so one read() into the whole buffer, and a value that
		 * fills it may be cut.
		 */
		do
			got = read(fd, buf, len);
		while (got < 0 && errno == EINTR);
		if (got < 0)
			got = -errno;
		else if ((size_t)got >= len)
			got = -ENAMETOOLONG;
	} else {
		got = read_full(fd, buf, len - 1);
	}
	close(fd);
	if (got < 0)
		return got;
	buf[got] = '\0';
	/* the NUL test first: strchr() would find the terminator of trim */
	while (got > 0 && buf[got - 1] && strchr(trim, buf[got - 1]))
		buf[--got] = '\0';
	return got;
}

ssize_t sp_read_text(const char *root, const char *path, char *buf, size_t len)
{
	return read_trimmed(root, path, buf, len, "\n", 0);
}

ssize_t sp_read_value(const char *root, const char *path, char *buf, size_t len)
{
	return read_trimmed(root, path, buf, len, "\n ", 1);
}

int sp_read_all(const char *root, const char *path, char **text)
{
	size_t cap = 16384, got = 0;
	char *buf, *nb;
	ssize_t n;
	int fd, r;

	fd = open_rooted(root, path);
	if (fd < 0)
		return fd;
	buf = malloc(cap);
	if (!buf) {
		close(fd);
		return -ENOMEM;
	}
	for (;;) {
		if (got + 1 >= cap) {
			/* /proc files report size 0, so grow until read() says end */
			nb = realloc(buf, cap * 2);
			if (!nb) {
				r = -ENOMEM;
				goto err;
			}
			buf = nb;
			cap *= 2;
		}
		n = read_full(fd, buf + got, cap - 1 - got);
		if (n < 0) {
			r = (int)n;
			goto err;
		}
		got += (size_t)n;
		if (got + 1 < cap)
			break; /* read_full stops short only at the end */
	}
	close(fd);
	buf[got] = '\0';
	*text = buf;
	return 0;
err:
	free(buf);
	close(fd);
	return r;
}

int sp_read_u64(const char *root, const char *path, uint64_t *v)
{
	char buf[64], *p, *end;
	unsigned long long x;
	ssize_t n;

	n = sp_read_text(root, path, buf, sizeof(buf));
	if (n < 0)
		return (int)n;
	p = buf;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p < '0' || *p > '9')
		return -EINVAL;
	errno = 0;
	x = strtoull(p, &end, 10);
	if (errno)
		return -EINVAL;
	while (*end == ' ' || *end == '\t' || *end == '\n')
		end++;
	if (*end)
		return -EINVAL;
	*v = x;
	return 0;
}

int sp_root_exists(const char *root, const char *path)
{
	char full[4096];
	struct stat st;

	if (sp_root_path(root, path, full, sizeof(full)))
		return 0;
	return stat(full, &st) == 0;
}

int sp_write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return -EIO; /* no progress: retrying would spin */
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int sp_open_stat(const char *path, int flags, struct stat *st)
{
	int fd = open(path, flags | O_CLOEXEC), ret;

	if (fd < 0)
		return -errno;
	if (fstat(fd, st) < 0) {
		ret = -errno;
		close(fd);
		return ret;
	}
	return fd;
}

int sp_fsync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (fsync(fd) < 0 && errno != EINVAL)
		ret = -errno;
	close(fd);
	return ret;
}

int sp_write_text(const char *path, const char *text)
{
	size_t len = strlen(text);
	ssize_t n;
	int fd, r = 0;

	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/*
	 * A sysfs store takes the whole value in one write; retrying a part would be wrong. An
	 * EINTR wrote nothing (cgroupfs reclaim stores return it on a signal), so that is retried.
	 */
	do
		n = write(fd, text, len);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		r = -errno;
	else if ((size_t)n != len)
		r = -EIO;
	if (close(fd) < 0 && !r)
		r = -errno;
	return r;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strverscmp((*a)->d_name, (*b)->d_name);
}

static int no_dots(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

/* List root+dir sorted by name; *names is freed with sp_free_list. Returns count or -errno. */
int sp_list_dir(const char *root, const char *dir, struct dirent ***names)
{
	char full[PATH_MAX];
	int n;

	if (sp_root_path(root, dir, full, sizeof(full)))
		return -ENAMETOOLONG;
	n = scandir(full, names, no_dots, by_name);
	return n < 0 ? -errno : n;
}

void sp_free_list(struct dirent **names, int n)
{
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
}
