/*
 * kmsg.c - read the kernel's log since a mark (see kmsg.h). /dev/kmsg hands one record per
 * read(); opened O_NONBLOCK, a read past the newest record returns EAGAIN instead of waiting,
 * and EPIPE says records were overwritten in the ring before we read them (the read goes on
 * from the oldest one still there).
 */
#include "core/measure/kmsg.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "sys/kmsg.h"

/* a record is at most about 1 KiB of text plus its dictionary; the kernel refuses smaller */
#define REC_MAX 8192
/* a flood of errors is not read to its end: the first lines are the ones kept anyway */
#define READ_MAX 20000

int sp_kmsg_mark(struct sp_kmsg_mark *m)
{
	m->fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (m->fd < 0)
		return -errno;
	if (lseek(m->fd, 0, SEEK_END) < 0) {
		int ret = -errno;

		sp_kmsg_release(m);
		return ret;
	}
	return 0;
}

int sp_kmsg_collect(struct sp_kmsg_mark *m, const char *const *devs, size_t n, char *lines,
		    size_t line_len, size_t max, size_t *dropped)
{
	static char rec[REC_MAX];
	size_t kept = 0;

	if (m->fd < 0)
		return 0;
	for (int reads = 0; reads < READ_MAX; reads++) {
		struct sp_kmsg_rec r;
		ssize_t got = read(m->fd, rec, sizeof(rec) - 1);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0 && errno == EPIPE)
			continue; /* records lost to the ring's wrap: go on with the next */
		if (got < 0 && errno == EAGAIN)
			break;
		if (got < 0)
			return kept ? (int)kept : -errno;
		if (got == 0)
			break;
		if (sp_kmsg_parse(rec, (size_t)got, &r) < 0 ||
		    !sp_kmsg_relevant(r.msg, r.msg_len, devs, n))
			continue;
		if (kept < max)
			sp_kmsg_format(&r, lines + kept++ * line_len, line_len);
		else if (dropped)
			(*dropped)++;
	}
	return (int)kept;
}

void sp_kmsg_release(struct sp_kmsg_mark *m)
{
	if (m->fd >= 0)
		close(m->fd);
	m->fd = -1;
}
