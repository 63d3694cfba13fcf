/*
 * hold.c - exclusive holds on block devices, released by the undo list (see hold.h).
 */
#include "act/hold.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "act/undo.h"

void sp_hold_init(struct sp_hold *h)
{
	memset(h, 0, sizeof(*h));
	h->fd = -1;
}

static int undo_release(void *arg)
{
	struct sp_hold *h = *(struct sp_hold **)arg;

	sp_hold_release(h);
	h->registered = 0;
	return 0;
}

/* The device open on fd must be h->id; its fields still 0 are filled from it. */
static int check_fd(struct sp_hold *h, int fd)
{
	struct sp_blkdev_id got;
	int ret = sp_blkdev_id_fd(fd, &got);

	if (ret == -ENOTBLK)
		return 0; /* a plain file standing in for a disk (tests): nothing more to know */
	if (ret < 0)
		return ret;
	if (!sp_blkdev_id_match(&h->id, &got))
		return -ESTALE;
	h->id = got;
	return 0;
}

int sp_hold_retake(struct sp_hold *h)
{
	int fd, ret;

	if (h->fd >= 0)
		return 0;
	if (!h->path[0])
		return -EINVAL;
	fd = open(h->path, h->flags | O_EXCL | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = check_fd(h, fd);
	if (ret < 0) {
		close(fd);
		return ret;
	}
	h->fd = fd;
	return 0;
}

int sp_hold_check(const struct sp_hold *h)
{
	struct sp_blkdev_id got;
	int ret;

	ret = h->fd >= 0 ? sp_blkdev_id_fd(h->fd, &got) : sp_blkdev_id_path(h->path, &got);
	if (ret == -ENOTBLK)
		return 0;
	if (ret < 0)
		return ret;
	return sp_blkdev_id_match(&h->id, &got) ? 0 : -ESTALE;
}

int sp_hold_take(struct sp_hold *h, const char *path, int flags)
{
	return sp_hold_take_as(h, path, flags, NULL);
}

int sp_hold_take_as(struct sp_hold *h, const char *path, int flags, const struct sp_blkdev_id *want)
{
	int ret;

	if (h->fd >= 0)
		return -EALREADY;
	snprintf(h->path, sizeof(h->path), "%s", path);
	h->flags = flags & O_ACCMODE;
	if (want)
		h->id = *want;
	else
		memset(&h->id, 0, sizeof(h->id));
	ret = sp_hold_retake(h);
	if (ret < 0 || h->registered)
		return ret;
	ret = sp_undo_push("release exclusive hold", undo_release, &h, sizeof(h));
	if (ret < 0) {
		sp_hold_release(h);
		return ret;
	}
	h->registered = 1;
	return 0;
}

void sp_hold_release(struct sp_hold *h)
{
	if (h->fd >= 0)
		close(h->fd);
	h->fd = -1;
}
