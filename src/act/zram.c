/*
 * zram.c - creating, measuring and removing our own zram devices (see zram.h).
 *
 * The ids this process created are remembered in a small table: undo entries act only on ids
 * marked live there, so an entry can never reset a device that is not ours, even if an id is
 * reused after a removal.
 */
#include "act/zram.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "act/journal.h"
#include "act/swap.h"
#include "act/undo.h"
#include "core/measure/procparse.h"
#include "sys/log.h"
#include "sys/sysfs.h"

#define ZRAM_CONTROL "/sys/class/zram-control"
#define OWNED_MAX 64

static int owned[OWNED_MAX]; /* 1 when zram<id> was created by this process and still lives */

static int attr_path(int id, const char *attr, char *buf, size_t len)
{
	char name[32];

	snprintf(name, sizeof(name), "zram%d", id);
	return sp_block_attr_path(name, attr, buf, len);
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

static int remove_owned(int id);

/*
 * hot_add for a look at the module's compressors, removed at once: journaled too (with no
 * compressor and size 0), so a kill in between leaves a record cleanup acts on. *seq gets the
 * record's number for probe_done().
 */
static int probe_add(int *id, unsigned *seq)
{
	char ids[16];
	int ret = hot_add(id);

	*seq = 0;
	if (ret < 0)
		return ret;
	snprintf(ids, sizeof(ids), "%d", *id);
	ret = sp_journal_record(seq, SP_J_ZRAM, ids, "", "0");
	if (ret < 0) {
		/* a device no journal names must not outlive this call: a kill would strand it */
		remove_owned(*id);
		*id = -1;
		return ret;
	}
	return 0;
}

static void probe_done(int id, unsigned seq)
{
	if (remove_owned(id) == 0)
		sp_journal_undone(seq);
}

/*
 * Reset then remove zram<id>, only when this process created it and it still lives. A device
 * just added is opened for a moment by udev (its blkid probe of the new disk): -EBUSY is
 * retried for up to a second (under systemd the VM test saw a probe's device stay otherwise).
 */
static int remove_owned(int id)
{
	char path[64], buf[16];
	int ret, tries = 0;

	if (id < 0 || id >= OWNED_MAX || !owned[id])
		return 0;
	attr_path(id, "reset", path, sizeof(path));
	while ((ret = sp_write_text(path, "1")) == -EBUSY && ++tries < 50 && !sp_sleep_ms(20))
		;
	if (ret < 0 && ret != -ENOENT)
		return ret; /* -EBUSY: still swapped on or open */
	snprintf(buf, sizeof(buf), "%d", id);
	while ((ret = sp_write_text(ZRAM_CONTROL "/hot_remove", buf)) == -EBUSY && ++tries < 50 &&
	       !sp_sleep_ms(20))
		;
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

/* procparse's listing, as the names array the callers keep. */
static int copy_algorithms(const char *text, char algs[][SP_ZRAM_ALG_MAX], size_t max, size_t *n)
{
	struct sp_comp_algs a;
	int ret = sp_parse_comp_algorithm(text, &a);

	if (ret < 0)
		return ret;
	for (size_t i = 0; i < a.n && i < max; i++)
		snprintf(algs[i], SP_ZRAM_ALG_MAX, "%s", a.name[i]);
	*n = a.n < max ? a.n : max;
	return a.n > max ? -E2BIG : 0;
}

/*
 * The comp_algorithm text: an existing device's when there is one (reading it changes
 * nothing, and the list is the module's, the same for every device; the first device also
 * says what this machine compresses with), else a device added for the look and removed.
 */
static int read_comp_algorithm(char *buf, size_t len)
{
	char path[64];
	unsigned seq;
	int id, ret;

	for (id = 0; id < 16; id++) {
		attr_path(id, "comp_algorithm", path, sizeof(path));
		if (sp_read_text(NULL, path, buf, len) >= 0)
			return 0;
	}
	ret = probe_add(&id, &seq);
	if (ret < 0)
		return ret;
	attr_path(id, "comp_algorithm", path, sizeof(path));
	ret = (int)sp_read_text(NULL, path, buf, len);
	probe_done(id, seq);
	return ret < 0 ? ret : 0;
}

int sp_zram_algorithms(char algs[][SP_ZRAM_ALG_MAX], size_t max, size_t *n)
{
	char buf[512];
	int ret = read_comp_algorithm(buf, sizeof(buf));

	return ret < 0 ? ret : copy_algorithms(buf, algs, max, n);
}

/* the selected ("[name]") compressor of a comp_algorithm text into alg */
static int current_algorithm(const char *text, char *alg, size_t len)
{
	struct sp_comp_algs a;
	int ret = sp_parse_comp_algorithm(text, &a);

	if (ret < 0)
		return ret;
	if (a.current < 0 || (size_t)a.current >= a.n)
		return -EINVAL;
	snprintf(alg, len, "%s", a.name[a.current]);
	return 0;
}

int sp_zram_default_algorithm(char *alg, size_t len)
{
	char buf[512];
	int ret = read_comp_algorithm(buf, sizeof(buf));

	return ret < 0 ? ret : current_algorithm(buf, alg, len);
}

int sp_zram_kernel_default_algorithm(char *alg, size_t len)
{
	char buf[512], path[64];
	unsigned seq;
	int id, ret = probe_add(&id, &seq);

	if (ret < 0)
		return ret;
	attr_path(id, "comp_algorithm", path, sizeof(path));
	ret = (int)sp_read_text(NULL, path, buf, sizeof(buf));
	probe_done(id, seq);
	return ret < 0 ? ret : current_algorithm(buf, alg, len);
}

/* devtmpfs creates the node with the disk, but give a slow udev a moment anyway. */
static int wait_node(const char *dev)
{
	int i;

	for (i = 0; i < 500; i++) {
		if (access(dev, F_OK) == 0)
			return 0;
		if (sp_sleep_ms(10))
			return -EINTR;
	}
	return -ETIMEDOUT;
}

int sp_zram_create(const char *alg, uint64_t disksize, char *dev, size_t devlen, struct sp_err *e)
{
	struct zram_undo u;
	char path[64], buf[32], ids[16];
	unsigned seq;
	int id, ret, n;

	if (!alg || !*alg || strlen(alg) >= SP_ZRAM_ALG_MAX || !disksize)
		return sp_err_set(e, -EINVAL,
				  "bad zram request: compressor '%s', %" PRIu64 " bytes",
				  alg ? alg : "", disksize);
	ret = hot_add(&id);
	if (ret == -ENOENT)
		return sp_err_set(e, ret, "no %s: the zram module is not loaded", ZRAM_CONTROL);
	if (ret < 0)
		return sp_err_sys(e, ret, "cannot add a zram device through %s/hot_add",
				  ZRAM_CONTROL);
	u.id = id;
	/* hot_add has no write-ahead form (the id comes back from it): the record follows at
	 * once, before the device is configured; a kill in between leaves an empty device */
	snprintf(ids, sizeof(ids), "%d", id);
	snprintf(buf, sizeof(buf), "%" PRIu64, disksize);
	ret = sp_journal_record(&seq, SP_J_ZRAM, ids, alg, buf);
	if (ret < 0) {
		remove_owned(id);
		return sp_err_sys(e, ret, "cannot journal zram%d", id);
	}
	ret = sp_undo_push_journaled(seq, "zram reset + hot_remove", undo_zram, &u, sizeof(u));
	if (ret < 0) {
		if (remove_owned(id) == 0)
			sp_journal_undone(seq);
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

int sp_zram_swap_on(const char *alg, uint64_t disksize, const char *label, int prio, char *dev,
		    size_t devlen, struct sp_err *e)
{
	int ret = sp_zram_create(alg, disksize, dev, devlen, e);

	if (ret < 0)
		return ret;
	ret = sp_mkswap(dev, disksize, label);
	if (ret < 0)
		return sp_err_prefix(e, ret, "mkswap on '%s'", dev);
	return sp_swap_on(dev, prio, e);
}

int sp_zram_stats(const char *dev, struct sp_compression *c)
{
	struct sp_zram_mm_stat st;
	char path[64], buf[256];
	int id, ret = dev_id(dev, &id);

	if (ret < 0)
		return ret;
	attr_path(id, "mm_stat", path, sizeof(path));
	ret = (int)sp_read_text(NULL, path, buf, sizeof(buf));
	if (ret < 0)
		return ret;
	ret = sp_parse_mm_stat(buf, &st);
	if (ret < 0)
		return ret;
	c->zram = 1;
	c->orig_data_size = st.orig_data_size;
	c->compr_data_size = st.compr_data_size;
	c->mem_used_total = st.mem_used_total;
	c->same_pages = st.same_pages;
	c->zram_ratio =
	    st.compr_data_size ? (double)st.orig_data_size / (double)st.compr_data_size : 0;
	return 0;
}
