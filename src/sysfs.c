/*
 * sysfs.c - rooted reads of /proc and /sys, and single-write sysfs stores.
 *
 * Readers join a root prefix so the same code runs on the live system and on captured trees.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sysfs.h"

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

ssize_t sp_read_text(const char *root, const char *path, char *buf, size_t len)
{
	char full[4096];
	ssize_t n, got = 0;
	int fd, r;

	if (!len)
		return -EINVAL;
	r = sp_root_path(root, path, full, sizeof(full));
	if (r)
		return r;
	fd = open(full, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	while ((size_t)got < len - 1) {
		n = read(fd, buf + got, len - 1 - got);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			r = -errno;
			close(fd);
			return r;
		}
		if (n == 0)
			break;
		got += n;
	}
	close(fd);
	buf[got] = '\0';
	while (got > 0 && buf[got - 1] == '\n')
		buf[--got] = '\0';
	return got;
}

int sp_read_all(const char *root, const char *path, char **text)
{
	char full[4096];
	size_t cap = 16384, got = 0;
	char *buf, *nb;
	ssize_t n;
	int fd, r;

	r = sp_root_path(root, path, full, sizeof(full));
	if (r)
		return r;
	fd = open(full, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
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
		n = read(fd, buf + got, cap - 1 - got);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			r = -errno;
			goto err;
		}
		if (n == 0)
			break;
		got += n;
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

int sp_write_text(const char *path, const char *text)
{
	size_t len = strlen(text);
	ssize_t n;
	int fd, r = 0;

	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/* a sysfs store takes the whole value in one write; retrying a part would be wrong */
	n = write(fd, text, len);
	if (n < 0)
		r = -errno;
	else if ((size_t)n != len)
		r = -EIO;
	if (close(fd) < 0 && !r)
		r = -errno;
	return r;
}
