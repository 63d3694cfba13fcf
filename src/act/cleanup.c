/*
 * cleanup.c - one journal record undone after checking it is still ours (see cleanup.h).
 */
#include "act/cleanup.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <unistd.h>

#include "act/memcg.h"
#include "act/setup_apply.h"
#include "core/measure/procparse.h"
#include "sys/log.h"
#include "sys/sysfs.h"

/* Entries a table of text may hold: one a line, so every line has its place (nothing is
 * dropped for want of room: a line left out would read as "not mounted", "not active"). */
static size_t lines_of(const char *text)
{
	size_t n = 1;

	for (const char *c = text; *c; c++)
		n += *c == '\n';
	return n;
}

static int said(char *buf, size_t len, int ret, const char *fmt, const char *a)
{
	snprintf(buf, len, fmt, a);
	return ret;
}

/*
 * Is path listed in /proc/swaps? 1 yes, 0 no, -errno when /proc/swaps cannot be read whole
 * (then nobody can say it is not active).
 */
static int swap_active(const char *path)
{
	struct sp_swap_entry *s = NULL;
	char *text = NULL;
	size_t n = 0;
	int on = 0, ret;

	ret = sp_read_all(NULL, "/proc/swaps", &text);
	if (ret == 0) {
		s = calloc(lines_of(text), sizeof(*s));
		ret = s ? sp_parse_swaps(text, s, lines_of(text), &n) : -ENOMEM;
	}
	for (size_t i = 0; ret >= 0 && i < n && !on; i++)
		on = !strcmp(s[i].path, path);
	free(text);
	free(s);
	return ret < 0 ? ret : on;
}

/*
 * Is dir a mount point with source src, in this process's namespace? 1 yes, 0 no, -errno when
 * mountinfo cannot be read whole (any size: the table has a place for every line).
 */
static int mounted(const char *dir, const char *src)
{
	struct sp_mount_entry *m = NULL;
	char *text = NULL;
	size_t n = 0;
	int on = 0, ret;

	ret = sp_read_all(NULL, "/proc/self/mountinfo", &text);
	if (ret == 0) {
		m = calloc(lines_of(text), sizeof(*m));
		ret = m ? sp_parse_mountinfo(text, m, lines_of(text), &n) : -ENOMEM;
	}
	for (size_t i = 0; ret >= 0 && i < n && !on; i++)
		on = !strcmp(m[i].mount_point, dir) && !strcmp(m[i].source, src);
	free(text);
	free(m);
	return ret < 0 ? ret : on;
}

/*
 * Is path's area listed as "path\040(deleted)": its disk vanished (a USB disk pulled) while it
 * was on. swapoff cannot open it any more; the kernel lets the area go at the next restart.
 */
static int swap_vanished(const char *path)
{
	char line[512], gone[300];
	FILE *f = fopen("/proc/swaps", "re");
	int found = 0;

	if (!f)
		return 0;
	snprintf(gone, sizeof(gone), "%s\\040(deleted)", path);
	while (!found && fgets(line, sizeof(line), f))
		found = !strncmp(line, gone, strlen(gone));
	fclose(f);
	return found;
}

static int undo_swapon(const struct sp_jrec *r, char *buf, size_t len)
{
	int on;

	if (swap_vanished(r->f[0]))
		return said(buf, len, 0,
			    "swap '%s' stays listed until the machine restarts: its disk vanished",
			    r->f[0]);
	on = swap_active(r->f[0]);
	if (on < 0)
		return said(buf, len, on, "/proc/swaps cannot be read whole: '%s' not cleaned",
			    r->f[0]);
	if (!on)
		return said(buf, len, 0, "swap '%s' is not active", r->f[0]);
	if (swapoff(r->f[0]) < 0)
		return said(buf, len, -errno, "swapoff '%s'", r->f[0]);
	return said(buf, len, 1, "swapoff %s", r->f[0]);
}

static int undo_zram(const struct sp_jrec *r, char *buf, size_t len)
{
	char dev[32], path[96], val[512];
	struct sp_comp_algs a;
	uint64_t size = 0;
	int ret;

	snprintf(dev, sizeof(dev), "zram%.20s", r->f[0]);
	sp_block_attr_path(dev, "disksize", path, sizeof(path));
	if (sp_read_u64(NULL, path, &size) < 0)
		return said(buf, len, 0, "%s does not exist", dev);
	/* the one recorded: unconfigured (killed before its disksize), or with our compressor and
	 * size; anything else is a device someone made since */
	if (size) {
		sp_block_attr_path(dev, "comp_algorithm", path, sizeof(path));
		if (size != strtoull(r->f[2], NULL, 10) ||
		    sp_read_text(NULL, path, val, sizeof(val)) < 0 ||
		    sp_parse_comp_algorithm(val, &a) < 0 || a.current < 0 ||
		    strcmp(a.name[a.current], r->f[1]))
			return said(buf, len, 0, "%s is not the device recorded (left alone)", dev);
	}
	snprintf(path, sizeof(path), "/dev/%s", dev);
	if (swap_active(path)) /* or /proc/swaps unread: not cleaned either way */
		return said(buf, len, -EBUSY, "%s is still swapped on", dev);
	sp_block_attr_path(dev, "reset", path, sizeof(path));
	ret = sp_write_text(path, "1");
	if (ret < 0 && ret != -ENOENT)
		return said(buf, len, ret, "resetting %s", dev);
	ret = sp_write_text("/sys/class/zram-control/hot_remove", r->f[0]);
	if (ret < 0 && ret != -ENODEV && ret != -ENOENT)
		return said(buf, len, ret, "removing %s", dev);
	return said(buf, len, 1, "removed /dev/%s", dev);
}

static int undo_cgroup(const struct sp_jrec *r, char *buf, size_t len)
{
	struct sp_memcg cg;
	int ret;

	if (access(r->f[1], F_OK) < 0)
		return said(buf, len, 0, "cgroup '%s' does not exist", r->f[1]);
	ret = sp_memcg_open(r->f[1], atoi(r->f[0]), &cg);
	if (ret == 0)
		ret = sp_memcg_destroy(&cg); /* its tasks killed first */
	if (ret < 0)
		return said(buf, len, ret, "removing the cgroup '%s'", r->f[1]);
	return said(buf, len, 1, "removed the cgroup %s", r->f[1]);
}

static int undo_subtree(const struct sp_jrec *r, char *buf, size_t len)
{
	char text[512], w[24];
	int ret;

	if (sp_read_text(NULL, r->f[0], text, sizeof(text)) < 0)
		return said(buf, len, 0, "'%s' does not exist", r->f[0]);
	if (!sp_parse_cgroup_has_controller(text, r->f[1]))
		return said(buf, len, 0, "'%s' is off already", r->f[1]);
	snprintf(w, sizeof(w), "-%.20s", r->f[1]);
	ret = sp_write_text(r->f[0], w);
	if (ret < 0) {
		snprintf(buf, len, "writing '%s' into '%s': %s", w, r->f[0], strerror(-ret));
		return ret;
	}
	snprintf(buf, len, "%s off in %s", r->f[1], r->f[0]);
	return 1;
}

/* sysctl and zswap: write the old value back while the value is still the one we set. */
static int undo_value(const struct sp_jrec *r, char *buf, size_t len)
{
	char now[512];
	int ret;

	if (sp_read_value(NULL, r->f[0], now, sizeof(now)) < 0)
		return said(buf, len, 0, "'%s' does not exist", r->f[0]);
	if (!strcmp(now, r->f[1]))
		return said(buf, len, 0, "'%s' has its old value", r->f[0]);
	/* zswap's enabled reads Y/N whatever was written (1/0): compare what the file says */
	if (strcmp(now, r->f[2])) {
		snprintf(buf, len,
			 "'%s' was changed since (it is '%s', the run set '%s'): left alone",
			 r->f[0], now, r->f[2]);
		return 0;
	}
	ret = sp_write_text(r->f[0], r->f[1]);
	if (ret < 0) {
		snprintf(buf, len, "writing '%s' back into '%s': %s", r->f[1], r->f[0],
			 strerror(-ret));
		return ret;
	}
	snprintf(buf, len, "%s = %s (was %s)", r->f[0], r->f[1], now);
	return 1;
}

static int undo_mount(const struct sp_jrec *r, char *buf, size_t len)
{
	int did = 0, on = mounted(r->f[0], r->f[1]);

	if (on < 0)
		return said(buf, len, on, "mountinfo cannot be read whole: '%s' not cleaned",
			    r->f[0]);
	if (on) {
		if (umount2(r->f[0], 0) < 0)
			return said(buf, len, -errno, "umount '%s'", r->f[0]);
		did = 1;
	}
	if (!strcmp(r->f[2], "1") && rmdir(r->f[0]) == 0)
		did |= 2;
	if (!did)
		return said(buf, len, 0, "'%s' is not mounted", r->f[0]);
	snprintf(buf, len, "%s%s%s", did & 1 ? "umount " : "", did == 2 ? "rmdir " : "", r->f[0]);
	return 1;
}

static int undo_file(const struct sp_jrec *r, char *buf, size_t len)
{
	struct stat st;

	if (lstat(r->f[0], &st) < 0)
		return said(buf, len, 0, "'%s' does not exist", r->f[0]);
	if (!S_ISREG(st.st_mode))
		return said(buf, len, 0, "'%s' is not a regular file (left alone)", r->f[0]);
	if (swap_active(r->f[0])) /* or /proc/swaps unread */
		return said(buf, len, -EBUSY, "'%s' is still swapped on", r->f[0]);
	if (unlink(r->f[0]) < 0)
		return said(buf, len, -errno, "removing '%s'", r->f[0]);
	return said(buf, len, 1, "removed %s", r->f[0]);
}

static int undo_conf(const struct sp_jrec *r, char *buf, size_t len)
{
	int ret = sp_setup_restore(r->f[0], r->f[1]);

	if (ret < 0) {
		snprintf(buf, len, "putting back '%s': %s", r->f[0], strerror(-ret));
		return ret;
	}
	if (!ret)
		return said(buf, len, 0, "'%s' does not exist", r->f[0]);
	snprintf(buf, len, "%s '%s'%s%s", r->f[1][0] ? "put back" : "removed", r->f[0],
		 r->f[1][0] ? " from " : "", r->f[1]);
	return 1;
}

static int undo_unit(const struct sp_jrec *r, char *buf, size_t len)
{
	int ret = sp_setup_stop_unit(r->f[0]);

	if (ret < 0)
		return said(buf, len, ret, "systemctl stop '%s' failed", r->f[0]);
	if (!ret)
		return said(buf, len, 0, "'%s': systemd is not running", r->f[0]);
	return said(buf, len, 1, "stopped %s", r->f[0]);
}

int sp_cleanup_undo(const struct sp_jrec *r, int same_boot, char *buf, size_t len)
{
	int ret;

	/* files outlive a restart; so does what an installed file makes at boot (advise --apply's
	 * unit) */
	if (!same_boot && r->kind != SP_J_FILE && r->kind != SP_J_CONF && r->kind != SP_J_UNIT)
		return said(buf, len, 0, "%s: the machine restarted since", sp_jkind_name(r->kind));
	switch (r->kind) {
	case SP_J_SWAPON:
		ret = undo_swapon(r, buf, len);
		break;
	case SP_J_ZRAM:
		ret = undo_zram(r, buf, len);
		break;
	case SP_J_CGROUP:
		ret = undo_cgroup(r, buf, len);
		break;
	case SP_J_SUBTREE:
		ret = undo_subtree(r, buf, len);
		break;
	case SP_J_SYSCTL:
	case SP_J_ZSWAP:
		ret = undo_value(r, buf, len);
		break;
	case SP_J_MOUNT:
		ret = undo_mount(r, buf, len);
		break;
	case SP_J_FILE:
		ret = undo_file(r, buf, len);
		break;
	case SP_J_CONF:
		ret = undo_conf(r, buf, len);
		break;
	case SP_J_UNIT:
		ret = undo_unit(r, buf, len);
		break;
	default:
		return said(buf, len, 0, "%s: nothing to undo", sp_jkind_name(r->kind));
	}
	sp_debug("cleanup", "%u %s: %d %s", r->seq, sp_jkind_name(r->kind), ret, buf);
	return ret;
}
