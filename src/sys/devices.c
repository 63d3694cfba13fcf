/*
 * devices.c - block device enumeration and the facts that make a device unsafe to overwrite.
 *
 * A device is unsafe when anything on the machine uses it: a mounted filesystem on it or one of
 * its partitions, active swap (a partition, or a swap file on a filesystem mounted from it),
 * holders (md, dm, LVM), the running root, or the boot medium. zram is never a target. The
 * facts are gathered once (sp_facts_gather) from /proc and /sys under a root prefix, so the
 * rules are unit-tested on captured trees; only libblkid signatures need the live system.
 */
#include <blkid.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "sys/devices.h"
#include "sys/log.h"
#include "sys/sysfs.h"

#define BOOT_LABEL "SWAPPLACE"

static void copy_str(char *dst, size_t len, const char *src)
{
	snprintf(dst, len, "%s", src);
}

/* Append "; "-separated text; a full buffer keeps what fit. */
static void append(char *buf, size_t len, const char *sep, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void append(char *buf, size_t len, const char *sep, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	if (used && used + 1 < len)
		used += snprintf(buf + used, len - used, "%s", sep);
	if (used >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

static void trim(char *s)
{
	size_t n = strlen(s), i = 0;

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
		s[--n] = '\0';
	while (s[i] == ' ' || s[i] == '\t')
		i++;
	if (i)
		memmove(s, s + i, n - i + 1);
}

/* The user types the serial after --confirm: runs of blanks become one '_', as udev does. */
static void spaces_to_underscores(char *s)
{
	char *o = s;

	for (char *p = s; *p; p++) {
		if (*p == ' ' || *p == '\t') {
			if (o > s && o[-1] != '_')
				*o++ = '_';
			continue;
		}
		*o++ = *p;
	}
	*o = '\0';
}

static int parse_devnum(const char *s, unsigned *major, unsigned *minor)
{
	if (sscanf(s, "%u:%u", major, minor) != 2)
		return -EINVAL;
	return 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strverscmp((*a)->d_name, (*b)->d_name);
}

static int no_dots(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

/* List root+dir sorted by name; *names is freed with free_list. Returns count or -errno. */
static int list_dir(const char *root, const char *dir, struct dirent ***names)
{
	char full[PATH_MAX];
	int n;

	if (sp_root_path(root, dir, full, sizeof(full)))
		return -ENAMETOOLONG;
	n = scandir(full, names, no_dots, by_name);
	return n < 0 ? -errno : n;
}

static void free_list(struct dirent **names, int n)
{
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static const struct sp_block_node *node_find(const struct sp_sys_facts *f, const char *name)
{
	for (size_t i = 0; i < f->n_nodes; i++)
		if (strcmp(f->nodes[i].name, name) == 0)
			return &f->nodes[i];
	return NULL;
}

int sp_devices_name_of(const struct sp_sys_facts *f, unsigned int major, unsigned int minor,
		       char *name, size_t len)
{
	for (size_t i = 0; i < f->n_nodes; i++) {
		if (f->nodes[i].major == major && f->nodes[i].minor == minor) {
			copy_str(name, len, f->nodes[i].name);
			return 0;
		}
	}
	return -ENOENT;
}

static void add_node(struct sp_sys_facts *f, const char *root, const char *dir, const char *name,
		     const char *parent)
{
	char path[PATH_MAX], buf[32];
	struct sp_block_node *nd;

	if (f->n_nodes >= SP_MAX_BLOCK_NODES)
		return;
	nd = &f->nodes[f->n_nodes];
	memset(nd, 0, sizeof(*nd));
	snprintf(path, sizeof(path), "%s/dev", dir);
	if (sp_read_text(root, path, buf, sizeof(buf)) < 0 ||
	    parse_devnum(buf, &nd->major, &nd->minor))
		return;
	copy_str(nd->name, sizeof(nd->name), name);
	copy_str(nd->parent, sizeof(nd->parent), parent);
	f->n_nodes++;
}

/* Disks from sys/block and their partitions (subdirectories holding a "partition" file). */
static int gather_nodes(const char *root, struct sp_sys_facts *f)
{
	struct dirent **disks, **subs;
	char dir[PATH_MAX], sub[PATH_MAX + 300];
	int nd, ns;

	nd = list_dir(root, "/sys/block", &disks);
	if (nd < 0)
		return nd;
	for (int i = 0; i < nd; i++) {
		snprintf(dir, sizeof(dir), "/sys/block/%s", disks[i]->d_name);
		add_node(f, root, dir, disks[i]->d_name, "");
		ns = list_dir(root, dir, &subs);
		if (ns < 0)
			continue;
		for (int j = 0; j < ns; j++) {
			snprintf(sub, sizeof(sub), "%s/%s/partition", dir, subs[j]->d_name);
			if (!sp_root_exists(root, sub))
				continue;
			snprintf(sub, sizeof(sub), "%s/%s", dir, subs[j]->d_name);
			add_node(f, root, sub, subs[j]->d_name, disks[i]->d_name);
		}
		free_list(subs, ns);
	}
	free_list(disks, nd);
	return 0;
}

/*
 * The node a /dev path names. Live: the device number of the node it resolves to. A fixture
 * has plain files for nodes: the name of what the (relative) symlinks resolve to. A path that
 * does not exist but is spelt /dev/NAME (a captured /proc/swaps) falls back to NAME.
 * Returns: 0, -ENOENT (no such path), -ENOTBLK (exists, but is no block device listed).
 */
static int resolve_node(const char *root, const struct sp_sys_facts *f, const char *path,
			char *name, size_t len)
{
	char full[PATH_MAX], real[PATH_MAX], devdir[PATH_MAX], devreal[PATH_MAX];
	const char *base;
	struct stat st;
	size_t dl;

	if (sp_root_path(root, path, full, sizeof(full)))
		return -ENAMETOOLONG;
	if (!realpath(full, real)) {
		if (strncmp(path, "/dev/", 5) == 0 && !strchr(path + 5, '/') &&
		    node_find(f, path + 5)) {
			copy_str(name, len, path + 5);
			return 0;
		}
		return -ENOENT;
	}
	if (sp_root_is_live(root)) {
		if (stat(real, &st) < 0)
			return -errno;
		if (!S_ISBLK(st.st_mode))
			return -ENOTBLK;
		if (sp_devices_name_of(f, major(st.st_rdev), minor(st.st_rdev), name, len) == 0)
			return 0;
		return -ENOTBLK;
	}
	if (sp_root_path(root, "/dev", devdir, sizeof(devdir)) || !realpath(devdir, devreal))
		return -ENOTBLK;
	dl = strlen(devreal);
	if (strncmp(real, devreal, dl) != 0 || real[dl] != '/')
		return -ENOTBLK;
	base = strrchr(real, '/') + 1;
	if (!node_find(f, base))
		return -ENOTBLK;
	copy_str(name, len, base);
	return 0;
}

/* The block mount whose mount point is the longest prefix of path (a swap file's home). */
static const struct sp_mount_entry *mount_of_path(const struct sp_sys_facts *f, const char *path)
{
	const struct sp_mount_entry *best = NULL;
	size_t best_len = 0;

	for (size_t i = 0; i < f->n_mounts; i++) {
		const char *mp = f->mounts[i].mount_point;
		size_t l = strlen(mp);

		if (strcmp(mp, "/") == 0)
			l = 0;
		else if (strncmp(path, mp, l) != 0 || (path[l] != '/' && path[l] != '\0'))
			continue;
		if (!best || l >= best_len) {
			best = &f->mounts[i];
			best_len = l;
		}
	}
	return best;
}

static int gather_mounts(const char *root, struct sp_sys_facts *f)
{
	const size_t cap = 8192;
	struct sp_mount_entry *all;
	char *text;
	size_t n;
	int r;

	r = sp_read_all(root, "/proc/self/mountinfo", &text);
	if (r)
		return r;
	all = calloc(cap, sizeof(*all));
	if (!all) {
		free(text);
		return -ENOMEM;
	}
	r = sp_parse_mountinfo(text, all, cap, &n);
	free(text);
	if (r && r != -E2BIG)
		goto out;
	r = 0;
	for (size_t i = 0; i < n; i++) {
		struct sp_mount_entry *m = &all[i];

		/* btrfs and friends report an anonymous 0:N: the source names the device */
		if (sp_devices_name_of(f, m->major, m->minor, m->dev_name, sizeof(m->dev_name)) &&
		    (strncmp(m->source, "/dev/", 5) != 0 ||
		     resolve_node(root, f, m->source, m->dev_name, sizeof(m->dev_name))))
			continue;
		if (strcmp(m->mount_point, "/") == 0)
			copy_str(f->root_dev, sizeof(f->root_dev), m->dev_name);
		if (f->n_mounts < SP_MAX_MOUNTS)
			f->mounts[f->n_mounts++] = *m;
	}
out:
	free(all);
	return r;
}

static int gather_swaps(const char *root, struct sp_sys_facts *f)
{
	char *text;
	int r;

	r = sp_read_all(root, "/proc/swaps", &text);
	if (r)
		return r;
	r = sp_parse_swaps(text, f->swaps, SP_MAX_SWAPS, &f->n_swaps);
	free(text);
	if (r)
		return r;
	for (size_t i = 0; i < f->n_swaps; i++) {
		struct sp_swap_entry *s = &f->swaps[i];
		const struct sp_mount_entry *m;

		if (resolve_node(root, f, s->path, s->dev_name, sizeof(s->dev_name)) == 0)
			continue;
		s->dev_name[0] = '\0';
		m = mount_of_path(f, s->path);
		if (m)
			copy_str(s->dev_name, sizeof(s->dev_name), m->dev_name);
	}
	return 0;
}

static void gather_boot(const char *root, struct sp_sys_facts *f)
{
	const char *env = getenv("SWAPPLACE_BOOT_DEVICE");
	blkid_cache cache = NULL;
	char *dev;

	if (env && *env) {
		if (resolve_node(root, f, env, f->boot_dev, sizeof(f->boot_dev)))
			f->boot_dev[0] = '\0';
		sp_debug("devices", "boot medium from SWAPPLACE_BOOT_DEVICE=%s: '%s'", env,
			 f->boot_dev);
		return;
	}
	if (resolve_node(root, f, "/dev/disk/by-label/" BOOT_LABEL, f->boot_dev,
			 sizeof(f->boot_dev)) == 0)
		return;
	f->boot_dev[0] = '\0';
	if (!sp_root_is_live(root))
		return;
	/* no udev in the appliance's initramfs: let libblkid probe, with a cache it cannot save */
	if (blkid_get_cache(&cache, "/dev/null") < 0)
		return;
	dev = blkid_evaluate_tag("LABEL", BOOT_LABEL, &cache);
	if (dev) {
		if (resolve_node(root, f, dev, f->boot_dev, sizeof(f->boot_dev)))
			f->boot_dev[0] = '\0';
		free(dev);
	}
	blkid_put_cache(cache);
}

int sp_facts_gather(const char *root, struct sp_sys_facts *f)
{
	int r;

	memset(f, 0, sizeof(*f));
	r = gather_nodes(root, f);
	if (r)
		return r;
	r = gather_mounts(root, f);
	if (r)
		return r;
	r = gather_swaps(root, f);
	if (r)
		return r;
	gather_boot(root, f);
	sp_debug("devices", "%zu nodes, %zu block mounts, %zu swaps, root '%s', boot '%s'",
		 f->n_nodes, f->n_mounts, f->n_swaps, f->root_dev, f->boot_dev);
	return 0;
}

/* ---- one device ---- */

static int read_attr(const char *root, const char *dir, const char *attr, char *buf, size_t len)
{
	char path[PATH_MAX];
	ssize_t n;

	snprintf(path, sizeof(path), "%s/%s", dir, attr);
	n = sp_read_text(root, path, buf, len);
	if (n < 0) {
		buf[0] = '\0';
		return (int)n;
	}
	trim(buf);
	return buf[0] ? 0 : -ENODATA;
}

static uint64_t read_attr_u64(const char *root, const char *dir, const char *attr, uint64_t dflt)
{
	char path[PATH_MAX];
	uint64_t v;

	snprintf(path, sizeof(path), "%s/%s", dir, attr);
	return sp_read_u64(root, path, &v) ? dflt : v;
}

/* SCSI VPD page 0x80 (unit serial number): 4-byte header, then the serial, space padded. */
static int read_vpd_serial(const char *root, const char *dir, char *out, size_t len)
{
	char path[PATH_MAX];
	unsigned char buf[256];
	size_t plen;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/device/vpd_pg80", dir);
	n = sp_read_text(root, path, (char *)buf, sizeof(buf));
	if (n < 5 || buf[1] != 0x80)
		return -ENODATA;
	plen = buf[3];
	if (plen + 4 > (size_t)n)
		plen = n - 4;
	if (plen >= len)
		plen = len - 1;
	for (size_t i = 0; i < plen; i++)
		if (buf[4 + i] < 0x20 || buf[4 + i] > 0x7e)
			return -ENODATA;
	memcpy(out, buf + 4, plen);
	out[plen] = '\0';
	trim(out);
	return out[0] ? 0 : -ENODATA;
}

/* A USB disk's serial lives on the USB device, an ancestor holding idVendor and serial. */
static int read_usb_serial(const char *real_sysdir, char *out, size_t len)
{
	char dir[PATH_MAX], path[PATH_MAX + 16];
	char *slash;
	FILE *fp;

	copy_str(dir, sizeof(dir), real_sysdir);
	while ((slash = strrchr(dir, '/')) && slash != dir) {
		*slash = '\0';
		snprintf(path, sizeof(path), "%s/idVendor", dir);
		if (access(path, F_OK) != 0)
			continue;
		snprintf(path, sizeof(path), "%s/serial", dir);
		fp = fopen(path, "re");
		if (!fp)
			return -ENODATA;
		if (!fgets(out, (int)len, fp))
			out[0] = '\0';
		fclose(fp);
		trim(out);
		return out[0] ? 0 : -ENODATA;
	}
	return -ENODATA;
}

static void fill_transport(const char *name, const char *real, char *out, size_t len)
{
	static const struct {
		const char *prefix, *transport;
	} by_name[] = {
	    {"nvme", "nvme"}, {"loop", "loop"}, {"zram", "zram"}, {"mmcblk", "mmc"},
	    {"vd", "virtio"}, {"md", "md"},	{"dm-", "dm"},
	};
	static const struct {
		const char *part, *transport;
	} by_path[] = {
	    {"/usb", "usb"},	   {"/nvme", "nvme"}, {"/mmc", "mmc"},
	    {"/virtio", "virtio"}, {"/ata", "ata"},
	};

	for (size_t i = 0; i < sizeof(by_name) / sizeof(by_name[0]); i++) {
		if (strncmp(name, by_name[i].prefix, strlen(by_name[i].prefix)) == 0) {
			copy_str(out, len, by_name[i].transport);
			return;
		}
	}
	/* sd* are SCSI disks of every kind: the sysfs path says what bus is underneath */
	for (size_t i = 0; i < sizeof(by_path) / sizeof(by_path[0]); i++) {
		if (real && strstr(real, by_path[i].part)) {
			copy_str(out, len, by_path[i].transport);
			return;
		}
	}
	copy_str(out, len,
		 strncmp(name, "sd", 2) == 0 || strncmp(name, "sr", 2) == 0 ? "scsi" : "unknown");
}

/* wwn- and eui names are stable but unreadable; a model_serial name is what a person checks */
static int by_id_rank(const char *link)
{
	if (strncmp(link, "wwn-", 4) == 0 || strncmp(link, "nvme-eui.", 9) == 0 ||
	    strncmp(link, "nvme-nvme.", 10) == 0)
		return 1;
	return 0;
}

static void fill_by_id(const char *root, const char *name, char *out, size_t len)
{
	char full[PATH_MAX], real[PATH_MAX], link[PATH_MAX];
	struct dirent **ents;
	int n, best = -1, best_rank = 9;

	out[0] = '\0';
	n = list_dir(root, "/dev/disk/by-id", &ents);
	if (n < 0)
		return;
	for (int i = 0; i < n; i++) {
		const char *base;

		snprintf(link, sizeof(link), "/dev/disk/by-id/%s", ents[i]->d_name);
		if (sp_root_path(root, link, full, sizeof(full)) || !realpath(full, real))
			continue;
		base = strrchr(real, '/');
		if (!base || strcmp(base + 1, name) != 0)
			continue;
		if (by_id_rank(ents[i]->d_name) < best_rank) {
			best = i;
			best_rank = by_id_rank(ents[i]->d_name);
		}
	}
	if (best >= 0)
		if (snprintf(out, len, "/dev/disk/by-id/%s", ents[best]->d_name) >= (int)len)
			out[0] = '\0'; /* a cut name would be a wrong name */
	free_list(ents, n);
}

/*
 * libblkid on a node of the live system, read-only. Appends "gpt", "ext4" or
 * "sdb1:vfat[SWAPPLACE]" to sig; returns 1 when the label is the boot medium's.
 */
static int probe_signature(const char *name, int is_part, char *sig, size_t len)
{
	const char *pttype = NULL, *type = NULL, *label = NULL;
	char dev[64];
	blkid_probe pr;
	struct stat st;
	int boot = 0;

	snprintf(dev, sizeof(dev), "/dev/%s", name);
	if (stat(dev, &st) < 0 || !S_ISBLK(st.st_mode))
		return 0;
	pr = blkid_new_probe_from_filename(dev);
	if (!pr) {
		sp_debug("devices", "blkid cannot probe '%s'", dev);
		return 0;
	}
	blkid_probe_enable_partitions(pr, !is_part);
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_LABEL);
	if (blkid_do_safeprobe(pr) == 0) {
		blkid_probe_lookup_value(pr, "PTTYPE", &pttype, NULL);
		blkid_probe_lookup_value(pr, "TYPE", &type, NULL);
		blkid_probe_lookup_value(pr, "LABEL", &label, NULL);
		if (pttype)
			append(sig, len, "; ", "%s", pttype);
		if (type && label && *label)
			append(sig, len, "; ", "%s:%s[%s]", name, type, label);
		else if (type)
			append(sig, len, "; ", "%s:%s", name, type);
		boot = label && strcmp(label, BOOT_LABEL) == 0;
	}
	blkid_free_probe(pr);
	return boot;
}

static void add_holders(const char *root, const char *dir, const char *node, int is_part,
			char *reason, size_t len)
{
	char path[PATH_MAX], list[200] = "";
	struct dirent **ents;
	int n;

	snprintf(path, sizeof(path), "%s/holders", dir);
	n = list_dir(root, path, &ents);
	if (n <= 0)
		return;
	for (int i = 0; i < n; i++)
		append(list, sizeof(list), ", ", "%s", ents[i]->d_name);
	free_list(ents, n);
	if (is_part)
		append(reason, len, "; ", "has holders: %s (on %s)", list, node);
	else
		append(reason, len, "; ", "has holders: %s", list);
}

/*
 * Safety of the nodes in use by `self` (a disk with its partitions, or one partition).
 * The device itself is named without "(on X)"; its partitions are named.
 */
static void fill_safety(const char *root, const struct sp_sys_facts *f, const char *self,
			const char *sysdir, int boot_label, struct sp_device_info *d)
{
	char *r = d->unsafe_reason;
	size_t rl = sizeof(d->unsafe_reason);
	char subdir[PATH_MAX];
	int root_fs = 0;

	r[0] = '\0';
	if (strncmp(self, "zram", 4) == 0)
		append(r, rl, "; ", "is a zram device, never a target");
	for (size_t i = 0; i < f->n_nodes; i++) {
		const struct sp_block_node *nd = &f->nodes[i];
		int mine = strcmp(nd->name, self) == 0;
		int part = !mine && strcmp(nd->parent, self) == 0;

		if (!mine && !part)
			continue;
		if (f->root_dev[0] && strcmp(f->root_dev, nd->name) == 0) {
			root_fs = 1;
			append(r, rl, "; ", "holds the running root filesystem%s%s%s",
			       part ? " (on " : "", part ? nd->name : "", part ? ")" : "");
		}
		if (f->boot_dev[0] && strcmp(f->boot_dev, nd->name) == 0)
			append(r, rl, "; ", "is the boot medium%s%s%s", part ? " (on " : "",
			       part ? nd->name : "", part ? ")" : "");
		for (size_t m = 0; m < f->n_mounts; m++) {
			const struct sp_mount_entry *me = &f->mounts[m];

			if (strcmp(me->dev_name, nd->name) != 0)
				continue;
			/* "/" was named above; one mount point per device is enough */
			if (!(root_fs && strcmp(me->mount_point, "/") == 0))
				append(r, rl, "; ", "holds the mounted filesystem '%s'%s%s%s",
				       me->mount_point, part ? " (on " : "", part ? nd->name : "",
				       part ? ")" : "");
			break;
		}
		for (size_t s = 0; s < f->n_swaps; s++) {
			const struct sp_swap_entry *se = &f->swaps[s];
			int is_file = strcmp(se->type, "partition") != 0;

			if (strcmp(se->dev_name, nd->name) != 0)
				continue;
			/* a swap partition's path names it; a swap file needs its filesystem */
			if (is_file)
				append(r, rl, "; ", "holds active swap file '%s'%s%s%s", se->path,
				       part ? " (on " : "", part ? nd->name : "", part ? ")" : "");
			else
				append(r, rl, "; ", "holds active swap '%s'", se->path);
		}
		if (mine) {
			add_holders(root, sysdir, nd->name, 0, r, rl);
		} else {
			snprintf(subdir, sizeof(subdir), "%s/%s", sysdir, nd->name);
			add_holders(root, subdir, nd->name, 1, r, rl);
		}
	}
	if (boot_label && !strstr(r, "boot medium"))
		append(r, rl, "; ", "is the boot medium (label " BOOT_LABEL ")");
	d->unsafe = r[0] != '\0';
}

/* Fill d for the whole disk `name` (sysdir /sys/block/NAME). */
static int fill_disk(const char *root, const struct sp_sys_facts *f, const char *name,
		     struct sp_device_info *d)
{
	char sysdir[300], full[PATH_MAX], real[PATH_MAX], devdir[320];
	int have_real, boot_label = 0;
	const char *realp;

	memset(d, 0, sizeof(*d));
	snprintf(sysdir, sizeof(sysdir), "/sys/block/%s", name);
	if (!sp_root_exists(root, sysdir))
		return -ENOENT;
	copy_str(d->name, sizeof(d->name), name);
	snprintf(d->path, sizeof(d->path), "/dev/%s", name);
	d->size_bytes = read_attr_u64(root, sysdir, "size", 0) * 512;
	d->logical_sector = (uint32_t)read_attr_u64(root, sysdir, "queue/logical_block_size", 512);
	d->physical_sector =
	    (uint32_t)read_attr_u64(root, sysdir, "queue/physical_block_size", d->logical_sector);
	d->rotational = (int)read_attr_u64(root, sysdir, "queue/rotational", 0);

	have_real = sp_root_path(root, sysdir, full, sizeof(full)) == 0 && realpath(full, real);
	realp = have_real ? real : NULL;
	fill_transport(name, realp, d->transport, sizeof(d->transport));

	snprintf(devdir, sizeof(devdir), "%s/device", sysdir);
	read_attr(root, devdir, "model", d->model, sizeof(d->model));
	if (strcmp(d->transport, "loop") != 0 && strcmp(d->transport, "zram") != 0) {
		/*
		 * nvme has device/serial, virtio-blk NAME/serial, a USB disk's is on the USB
		 * device (its bridge's VPD page is often junk), SATA/SAS in VPD page 0x80; the
		 * wwid is the last resort, unique but long.
		 */
		int usb = strcmp(d->transport, "usb") == 0;

		if (read_attr(root, devdir, "serial", d->serial, sizeof(d->serial)) &&
		    read_attr(root, sysdir, "serial", d->serial, sizeof(d->serial)) &&
		    (!usb || !realp || read_usb_serial(realp, d->serial, sizeof(d->serial))) &&
		    read_vpd_serial(root, sysdir, d->serial, sizeof(d->serial)) &&
		    read_attr(root, devdir, "wwid", d->serial, sizeof(d->serial)))
			d->serial[0] = '\0';
		spaces_to_underscores(d->serial);
	}
	fill_by_id(root, name, d->by_id, sizeof(d->by_id));

	for (size_t i = 0; i < f->n_nodes; i++)
		if (strcmp(f->nodes[i].parent, name) == 0)
			append(d->partitions, sizeof(d->partitions), " ", "%s", f->nodes[i].name);

	if (sp_root_is_live(root) && d->size_bytes) {
		boot_label |= probe_signature(name, 0, d->signatures, sizeof(d->signatures));
		for (size_t i = 0; i < f->n_nodes; i++)
			if (strcmp(f->nodes[i].parent, name) == 0)
				boot_label |= probe_signature(f->nodes[i].name, 1, d->signatures,
							      sizeof(d->signatures));
	}
	fill_safety(root, f, name, sysdir, boot_label, d);
	return 0;
}

static int fill_partition(const char *root, const struct sp_sys_facts *f,
			  const struct sp_block_node *nd, struct sp_device_info *d)
{
	char sysdir[300], psys[600];
	struct sp_device_info disk;
	int r, boot_label = 0;

	r = fill_disk(root, f, nd->parent, &disk);
	if (r)
		return r;
	memset(d, 0, sizeof(*d));
	snprintf(sysdir, sizeof(sysdir), "/sys/block/%s", nd->parent);
	snprintf(psys, sizeof(psys), "%s/%s", sysdir, nd->name);
	copy_str(d->name, sizeof(d->name), nd->name);
	snprintf(d->path, sizeof(d->path), "/dev/%s", nd->name);
	fill_by_id(root, nd->name, d->by_id, sizeof(d->by_id));
	copy_str(d->model, sizeof(d->model), disk.model);
	copy_str(d->serial, sizeof(d->serial), disk.serial);
	copy_str(d->transport, sizeof(d->transport), disk.transport);
	d->size_bytes = read_attr_u64(root, psys, "size", 0) * 512;
	d->logical_sector = disk.logical_sector;
	d->physical_sector = disk.physical_sector;
	d->rotational = disk.rotational;
	d->is_partition = 1;
	if (sp_root_is_live(root))
		boot_label = probe_signature(nd->name, 1, d->signatures, sizeof(d->signatures));
	fill_safety(root, f, nd->name, psys, boot_label, d);
	return 0;
}

int sp_devices_scan(const char *root, const struct sp_sys_facts *f, struct sp_device_info *out,
		    size_t max, size_t *n)
{
	size_t count = 0;
	int full = 0;

	*n = 0;
	for (size_t i = 0; i < f->n_nodes; i++) {
		const struct sp_block_node *nd = &f->nodes[i];
		struct sp_device_info d;

		if (nd->parent[0] || strncmp(nd->name, "ram", 3) == 0)
			continue;
		if (fill_disk(root, f, nd->name, &d))
			continue;
		/* an unattached loop device has size 0: nothing there to list */
		if (strncmp(nd->name, "loop", 4) == 0 && d.size_bytes == 0)
			continue;
		if (count < max)
			out[count++] = d;
		else
			full = 1;
	}
	*n = count;
	return full ? -E2BIG : 0;
}

int sp_device_find(const char *root, const struct sp_sys_facts *f, const char *path,
		   struct sp_device_info *out)
{
	const struct sp_block_node *nd;
	char name[32];
	int r;

	r = resolve_node(root, f, path, name, sizeof(name));
	if (r)
		return r;
	nd = node_find(f, name);
	if (!nd)
		return -ENOTBLK;
	if (nd->parent[0])
		return fill_partition(root, f, nd, out);
	return fill_disk(root, f, name, out);
}

int sp_device_find_serial(const char *root, const struct sp_sys_facts *f, const char *serial,
			  struct sp_device_info *out)
{
	struct sp_device_info *all = calloc(SP_MAX_DEVICES, sizeof(*all));
	size_t n = 0, found = 0;
	int ret;

	if (!all)
		return -ENOMEM;
	ret = sp_devices_scan(root, f, all, SP_MAX_DEVICES, &n);
	if (ret < 0 && ret != -E2BIG)
		goto out;
	ret = -ENOENT;
	for (size_t i = 0; i < n; i++) {
		if (!all[i].serial[0] || strcmp(all[i].serial, serial))
			continue;
		if (found++) {
			ret = -EEXIST;
			goto out;
		}
		*out = all[i];
		ret = 0;
	}
out:
	free(all);
	return ret;
}

int sp_device_resolve(const char *root, const struct sp_sys_facts *f, const char *spec,
		      struct sp_device_info *out)
{
	if (!strncmp(spec, "serial:", 7))
		return sp_device_find_serial(root, f, spec + 7, out);
	return sp_device_find(root, f, spec, out);
}
