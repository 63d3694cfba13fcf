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

int sp_hold_retake(struct sp_hold *h)
{
	if (h->fd >= 0)
		return 0;
	if (!h->path[0])
		return -EINVAL;
	h->fd = open(h->path, h->flags | O_EXCL | O_CLOEXEC);
	return h->fd < 0 ? -errno : 0;
}

int sp_hold_take(struct sp_hold *h, const char *path, int flags)
{
	int ret;

	if (h->fd >= 0)
		return -EALREADY;
	snprintf(h->path, sizeof(h->path), "%s", path);
	h->flags = flags & O_ACCMODE;
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
