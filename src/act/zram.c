/*
 * zram.c - creating, measuring and removing our own zram devices (see zram.h).
 *
 * The ids this process created are remembered in a small table: undo entries and
 * sp_zram_destroy() act only on ids marked live there, so an entry can never reset a device
 * that is not ours, even if an id is reused after a removal.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sys/log.h"
#include "sys/sysfs.h"
#include "act/undo.h"
#include "act/zram.h"

#define ZRAM_CONTROL "/sys/class/zram-control"
#define OWNED_MAX 64

static int owned[OWNED_MAX]; /* 1 when zram<id> was created by this process and still lives */

int sp_zram_parse_algorithms(const char *text, char algs[][SP_ZRAM_ALG_MAX], size_t max,
			     size_t *n)
{
	const char *p = text;
	size_t count = 0;

	while (*p) {
		const char *s;
		size_t len;

		while (*p && (isspace((unsigned char)*p) || *p == '[' || *p == ']'))
			p++;
		if (!*p)
			break;
		s = p;
		while (*p && !isspace((unsigned char)*p) && *p != '[' && *p != ']')
			p++;
		len = p - s;
		if (len >= SP_ZRAM_ALG_MAX)
			return -EINVAL;
		if (count < max) {
			memcpy(algs[count], s, len);
			algs[count][len] = 0;
		}
		count++;
	}
	*n = count;
	return count > max ? -E2BIG : 0;
}

int sp_zram_parse_mm_stat(const char *text, struct sp_compression *c)
{
	unsigned long long v[6];

	if (sscanf(text, "%llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4],
		   &v[5]) != 6)
		return -EINVAL;
	c->zram = 1;
	c->orig_data_size = v[0];
	c->compr_data_size = v[1];
	c->mem_used_total = v[2];
	c->same_pages = v[5];
	c->zram_ratio = v[1] ? (double)v[0] / (double)v[1] : 0;
	return 0;
}

static int attr_path(int id, const char *attr, char *buf, size_t len)
{
	int n = snprintf(buf, len, "/sys/block/zram%d/%s", id, attr);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

static int hot_add(int *id)
{
	char buf[32];
	ssize_t n = sp_read_text(NULL, ZRAM_CONTROL "/hot_add", buf, sizeof(buf));

	if (n < 0)
		return (int)n;
	if (sscanf(buf, "%d", id) != 1 || *id < 0)
		return -EIO;
	if (*id >= OWNED_MAX) {
		/* not trackable: give it back at once rather than leak it */
		snprintf(buf, sizeof(buf), "%d", *id);
		sp_write_text(ZRAM_CONTROL "/hot_remove", buf);
		return -EMFILE;
	}
	owned[*id] = 1;
	sp_debug("zram", "hot_add -> zram%d", *id);
	return 0;
}

/* Reset then remove zram<id>, only when this process created it and it still lives. */
static int remove_owned(int id)
{
	char path[64], buf[16];
	int ret;

	if (id < 0 || id >= OWNED_MAX || !owned[id])
		return 0;
	attr_path(id, "reset", path, sizeof(path));
	ret = sp_write_text(path, "1");
	if (ret < 0 && ret != -ENOENT)
		return ret; /* -EBUSY: still swapped on or open */
	snprintf(buf, sizeof(buf), "%d", id);
	ret = sp_write_text(ZRAM_CONTROL "/hot_remove", buf);
	sp_debug("zram", "hot_remove zram%d -> %d", id, ret);
	if (ret < 0 && ret != -ENODEV && ret != -ENOENT)
		return ret;
	owned[id] = 0;
	return 0;
}

struct zram_undo {
	int id;
};

static int undo_zram(void *p)
{
	return remove_owned(((struct zram_undo *)p)->id);
}

static int dev_id(const char *dev, int *id)
{
	const char *base = strrchr(dev, '/');
	char *end;
	long v;

	base = base ? base + 1 : dev;
	if (strncmp(base, "zram", 4) != 0)
		return -EINVAL;
	v = strtol(base + 4, &end, 10);
	if (end == base + 4 || *end || v < 0 || v > 1 << 20)
		return -EINVAL;
	*id = (int)v;
	return 0;
}

int sp_zram_algorithms(char algs[][SP_ZRAM_ALG_MAX], size_t max, size_t *n)
{
	char path[64], buf[512];
	int id, ret;

	/* reading an existing device's list changes nothing; the list is the module's, the
	 * same for every device */
	for (id = 0; id < 16; id++) {
		attr_path(id, "comp_algorithm", path, sizeof(path));
		if (sp_read_text(NULL, path, buf, sizeof(buf)) >= 0)
			return sp_zram_parse_algorithms(buf, algs, max, n);
	}
	ret = hot_add(&id);
	if (ret < 0)
		return ret == -ENOENT ? -ENOENT : ret;
	attr_path(id, "comp_algorithm", path, sizeof(path));
	ret = (int)sp_read_text(NULL, path, buf, sizeof(buf));
	remove_owned(id);
	return ret < 0 ? ret : sp_zram_parse_algorithms(buf, algs, max, n);
}

/* devtmpfs creates the node with the disk, but give a slow udev a moment anyway. */
static int wait_node(const char *dev)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	int i;

	for (i = 0; i < 500; i++) {
		if (access(dev, F_OK) == 0)
			return 0;
		nanosleep(&ts, NULL);
	}
	return -ETIMEDOUT;
}

int sp_zram_create(const char *alg, uint64_t disksize, char *dev, size_t devlen,
		   struct sp_err *e)
{
	struct zram_undo u;
	char path[64], buf[32];
	int id, ret, n;

	if (!alg || !*alg || strlen(alg) >= SP_ZRAM_ALG_MAX || !disksize)
		return sp_err_set(e, -EINVAL, "bad zram request: compressor '%s', %" PRIu64 " bytes",
				  alg ? alg : "", disksize);
	ret = hot_add(&id);
	if (ret == -ENOENT)
		return sp_err_set(e, ret, "no %s: the zram module is not loaded", ZRAM_CONTROL);
	if (ret < 0)
		return sp_err_sys(e, ret, "cannot add a zram device through %s/hot_add",
				  ZRAM_CONTROL);
	u.id = id;
	ret = sp_undo_push("zram reset + hot_remove", undo_zram, &u, sizeof(u));
	if (ret < 0) {
		remove_owned(id);
		return sp_err_sys(e, ret, "registering the removal of zram%d", id);
	}
	/* the compressor must be chosen before disksize initialises the device */
	attr_path(id, "comp_algorithm", path, sizeof(path));
	ret = sp_write_text(path, alg);
	if (ret < 0) {
		sp_err_sys(e, ret, "zram%d refuses compressor '%s'", id, alg);
		goto fail;
	}
	snprintf(buf, sizeof(buf), "%" PRIu64, disksize);
	attr_path(id, "disksize", path, sizeof(path));
	ret = sp_write_text(path, buf);
	if (ret < 0) {
		sp_err_sys(e, ret, "cannot size zram%d to %" PRIu64 " bytes", id, disksize);
		goto fail;
	}
	n = snprintf(dev, devlen, "/dev/zram%d", id);
	if (n < 0 || (size_t)n >= devlen) {
		ret = sp_err_set(e, -ENAMETOOLONG, "no room for the name of zram%d", id);
		goto fail;
	}
	sp_debug("zram", "zram%d: %s, %" PRIu64 " bytes", id, alg, disksize);
	ret = wait_node(dev);
	if (ret == 0)
		return 0;
	sp_err_set(e, ret, "'%s' did not appear within 5 s", dev);
fail:
	/* a half-made device is of no use: remove it now (the undo entry becomes a no-op) */
	remove_owned(id);
	return ret;
}

int sp_zram_destroy(const char *dev)
{
	int id, ret = dev_id(dev, &id);

	if (ret < 0)
		return ret;
	if (id >= OWNED_MAX || !owned[id])
		return -EPERM;
	return remove_owned(id);
}

int sp_zram_stats(const char *dev, struct sp_compression *c)
{
	char path[64], buf[256];
	int id, ret = dev_id(dev, &id);

	if (ret < 0)
		return ret;
	attr_path(id, "mm_stat", path, sizeof(path));
	ret = (int)sp_read_text(NULL, path, buf, sizeof(buf));
	return ret < 0 ? ret : sp_zram_parse_mm_stat(buf, c);
}
