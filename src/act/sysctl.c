/*
 * sysctl.c - /proc/sys reads and undoable writes (see sysctl.h). The root for the path can be
 * moved with SWAPPLACE_PROC_SYS for tests that must not touch the machine's values.
 */
#include "act/sysctl.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "act/journal.h"
#include "act/undo.h"
#include "sys/log.h"
#include "sys/sysfs.h"

#define VALUE_MAX 128

struct sysctl_restore {
	char path[256];
	char value[VALUE_MAX];
};

static int sysctl_path(const char *name, char *path, size_t len)
{
	const char *root = getenv("SWAPPLACE_PROC_SYS");
	size_t i, off;
	int n;

	if (!*name || strchr(name, '/') || strstr(name, ".."))
		return -EINVAL;
	n = snprintf(path, len, "%s/", root ? root : "/proc/sys");
	if (n < 0 || (size_t)n >= len)
		return -ENAMETOOLONG;
	off = n;
	for (i = 0; name[i]; i++) {
		if (off + 1 >= len)
			return -ENAMETOOLONG;
		path[off++] = name[i] == '.' ? '/' : name[i];
	}
	path[off] = 0;
	return 0;
}

/* The old value is written back later: it must be whole, and compare equal to what we set. */
static int read_value(const char *path, char *buf, size_t len)
{
	ssize_t n = sp_read_value(NULL, path, buf, len);

	return n < 0 ? (int)n : 0;
}

int sp_sysctl_get(const char *name, char *buf, size_t len)
{
	char path[256];
	int ret = sysctl_path(name, path, sizeof(path));

	return ret < 0 ? ret : read_value(path, buf, len);
}

int sp_sysctl_get_u64(const char *name, uint64_t *v)
{
	char path[256];
	int ret = sysctl_path(name, path, sizeof(path));

	return ret < 0 ? ret : sp_read_u64(NULL, path, v);
}

static int undo_restore(void *p)
{
	struct sysctl_restore *r = p;

	sp_debug("sysctl", "restore %s = %s", r->path, r->value);
	return sp_write_text(r->path, r->value);
}

int sp_sysctl_set(const char *name, const char *value)
{
	struct sysctl_restore r;
	unsigned seq;
	int ret;

	memset(&r, 0, sizeof(r));
	ret = sysctl_path(name, r.path, sizeof(r.path));
	if (ret < 0)
		return ret;
	ret = read_value(r.path, r.value, sizeof(r.value));
	if (ret < 0)
		return ret;
	if (strcmp(r.value, value) == 0)
		return 0;
	/* registered first: a write that fails half-way still gets the old value back */
	ret = sp_journal_record(&seq, SP_J_SYSCTL, r.path, r.value, value);
	if (ret < 0)
		return ret;
	ret = sp_undo_push_journaled(seq, "sysctl restore", undo_restore, &r, sizeof(r));
	if (ret < 0) {
		sp_journal_undone(seq); /* not written: nothing to undo */
		return ret;
	}
	ret = sp_write_text(r.path, value);
	sp_debug("sysctl", "%s = %s (was %s) -> %d", r.path, value, r.value, ret);
	return ret;
}
