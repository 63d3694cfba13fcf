/*
 * swap.c - mkswap, swapon and swapoff with the swapoff registered for undo (see swap.h).
 */
#include "act/swap.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <unistd.h>

#include "act/journal.h"
#include "act/undo.h"
#include "core/plan/swaphdr.h"
#include "sys/log.h"

static int area_size(int fd, uint64_t *bytes)
{
	struct stat st;

	if (fstat(fd, &st) < 0)
		return -errno;
	if (S_ISBLK(st.st_mode))
		return ioctl(fd, BLKGETSIZE64, bytes) < 0 ? -errno : 0;
	if (S_ISREG(st.st_mode)) {
		*bytes = (uint64_t)st.st_size;
		return 0;
	}
	return -ENOTBLK;
}

int sp_mkswap(const char *path, uint64_t area_bytes, const char *label)
{
	int fd, ret;

	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = sp_mkswap_fd(fd, path, area_bytes, label);
	close(fd);
	return ret;
}

int sp_mkswap_fd(int fd, const char *path, uint64_t area_bytes, const char *label)
{
	long page_size = sysconf(_SC_PAGESIZE);
	uint8_t uuid[16];
	void *page = NULL;
	uint64_t size;
	int ret;

	ret = area_size(fd, &size);
	if (ret < 0)
		goto out;
	if (!area_bytes)
		area_bytes = size;
	if (area_bytes > size) {
		ret = -EINVAL;
		goto out;
	}
	if (getrandom(uuid, sizeof(uuid), 0) != (ssize_t)sizeof(uuid)) {
		ret = -EIO;
		goto out;
	}
	uuid[6] = (uuid[6] & 0x0f) | 0x40; /* RFC 4122 version 4, variant 1 */
	uuid[8] = (uuid[8] & 0x3f) | 0x80;
	page = calloc(1, page_size);
	if (!page) {
		ret = -ENOMEM;
		goto out;
	}
	ret = sp_swaphdr_build(page, page_size, area_bytes, uuid, label);
	if (ret < 0)
		goto out;
	if (pwrite(fd, page, page_size, 0) != page_size) {
		ret = errno ? -errno : -EIO;
		goto out;
	}
	if (fsync(fd) < 0)
		ret = -errno;
	sp_debug("swap", "mkswap %s: %llu bytes, label %s -> %d", path,
		 (unsigned long long)area_bytes, label ? label : "", ret);
out:
	free(page);
	return ret;
}

#define SWAPOFF_TRIES 3
#define SWAPOFF_PAUSE_MS 1000

struct swapoff_arg {
	char path[SP_SWAP_PATH_MAX];
};

static int undo_swapoff(void *p)
{
	struct swapoff_arg *a = p;
	int err = 0;

	/*
	 * A swapoff that fails for a passing reason (no memory to read the pages back into, an
	 * I/O error on one of them) is tried again: the workers whose pages those were are gone
	 * by now. One whose device is gone (ENOENT, ENXIO: the disk was pulled) cannot succeed
	 * before the machine restarts, and the caller says so (docs/safety.md, "Faults").
	 */
	for (int i = 0; i < SWAPOFF_TRIES; i++) {
		if (i)
			sp_sleep_ms(SWAPOFF_PAUSE_MS);
		if (swapoff(a->path) == 0)
			return 0;
		err = errno;
		/* EINVAL: not active any more (swapped off by someone else meanwhile) */
		if (err == EINVAL)
			return 0;
		if (err != ENOMEM && err != EIO && err != EBUSY && err != EINTR)
			break;
		sp_debug("swap", "swapoff %s: %s, trying again", a->path, strerror(err));
	}
	return -err;
}

/* What swapon(2)'s errno means for the area, in the words of swapon(2) and mm/swapfile.c. */
static const char *swapon_hint(int err)
{
	switch (err) {
	case -EINVAL:
		return "no valid swap header, or a file with holes or on a filesystem "
		       "that cannot swap";
	case -EBUSY:
		return "already active, or held by something else (mounted, or open "
		       "exclusively)";
	case -EPERM:
		return "the kernel's limit of swap areas is reached, or not permitted";
	case -ENOMEM:
		return "not enough memory for the swap map";
	default:
		return NULL;
	}
}

int sp_swap_on(const char *path, int prio, struct sp_err *e)
{
	struct swapoff_arg a;
	const char *hint;
	unsigned seq;
	int flags = 0, ret;

	if (strlen(path) >= sizeof(a.path))
		return sp_err_set(e, -ENAMETOOLONG, "swap path '%s' is too long", path);
	if (prio >= 0)
		flags = SWAP_FLAG_PREFER | ((prio << SWAP_FLAG_PRIO_SHIFT) & SWAP_FLAG_PRIO_MASK);
	ret = sp_journal_record(&seq, SP_J_SWAPON, path, NULL, NULL);
	if (ret < 0)
		return sp_err_sys(e, ret, "cannot journal the swapon of '%s'", path);
	if (swapon(path, flags) < 0) {
		ret = -errno;
		sp_journal_undone(seq); /* nothing was enabled */
		hint = swapon_hint(ret);
		if (hint)
			return sp_err_set(e, ret, "swapon '%s': %s (%s)", path, strerror(-ret),
					  hint);
		return sp_err_sys(e, ret, "swapon '%s'", path);
	}
	sp_debug("swap", "swapon %s prio %d", path, prio);
	memset(&a, 0, sizeof(a));
	strcpy(a.path, path);
	ret = sp_undo_push_journaled(seq, "swapoff", undo_swapoff, &a, sizeof(a));
	if (ret < 0) {
		/* without its undo entry the area must not stay on */
		if (swapoff(path) == 0)
			sp_journal_undone(seq);
		return sp_err_sys(e, ret, "registering the swapoff of '%s'", path);
	}
	return 0;
}
