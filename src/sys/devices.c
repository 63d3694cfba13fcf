/*
 * devices.c - block device enumeration, and the facts that decide whether one is in use.
 *
 * The machine's state is gathered once (sp_facts_gather) from /proc and /sys under a root
 * prefix: disks and partitions, block mounts, active swap, the running root, the boot medium.
 * Describing a device then collects, per node (the device and its partitions), what is mounted
 * from it, swapping on it and holding it (struct sp_device_facts); core/safety/safety.c's rules
 * turn those facts into the unsafe flag and its reason. Who the device is (serial, transport,
 * by-id) is devident.c; what libblkid sees on it is blkid.c, the only part that needs the live
 * system.
 */
#include "sys/devices.h"

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

#include "core/config/textfmt.h"
#include "core/safety/safety.h"
#include "sys/blkid.h"
#include "sys/devident.h"
#include "sys/log.h"
#include "sys/sysfs.h"

static void copy_str(char *dst, size_t len, const char *src)
{
	snprintf(dst, len, "%s", src);
}

static int parse_devnum(const char *s, unsigned *major, unsigned *minor)
{
	if (sscanf(s, "%u:%u", major, minor) != 2)
		return -EINVAL;
	return 0;
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

	if (f->n_nodes >= SP_MAX_BLOCK_NODES) {
		f->truncated = "block devices";
		return;
	}
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

	nd = sp_list_dir(root, "/sys/block", &disks);
	if (nd < 0)
		return nd;
	/* every node or none: a disk left out could not be checked (f->truncated says why) */
	for (int i = 0; i < nd; i++) {
		snprintf(dir, sizeof(dir), "/sys/block/%s", disks[i]->d_name);
		add_node(f, root, dir, disks[i]->d_name, "");
		ns = sp_list_dir(root, dir, &subs);
		if (ns < 0)
			continue;
		for (int j = 0; j < ns; j++) {
			snprintf(sub, sizeof(sub), "%s/%s/partition", dir, subs[j]->d_name);
			if (!sp_root_exists(root, sub))
				continue;
			snprintf(sub, sizeof(sub), "%s/%s", dir, subs[j]->d_name);
			add_node(f, root, sub, subs[j]->d_name, disks[i]->d_name);
		}
		sp_free_list(subs, ns);
	}
	sp_free_list(disks, nd);
	return f->truncated ? -E2BIG : 0;
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

/*
 * Block mounts into f->mounts. mountinfo is read whole, whatever its size (a place per line),
 * and more block mounts than f has room for fail (-E2BIG): a mount left out would make its disk
 * look unused.
 */
static int gather_mounts(const char *root, struct sp_sys_facts *f)
{
	struct sp_mount_entry *all;
	size_t cap = 1, n;
	char *text;
	int r;

	r = sp_read_all(root, "/proc/self/mountinfo", &text);
	if (r)
		return r;
	for (const char *c = text; *c; c++)
		cap += *c == '\n';
	all = calloc(cap, sizeof(*all));
	if (!all) {
		free(text);
		return -ENOMEM;
	}
	r = sp_parse_mountinfo(text, all, cap, &n);
	free(text);
	if (r)
		goto out;
	for (size_t i = 0; i < n; i++) {
		struct sp_mount_entry *m = &all[i];

		/* btrfs and friends report an anonymous 0:N: the source names the device */
		if (sp_devices_name_of(f, m->major, m->minor, m->dev_name, sizeof(m->dev_name)) &&
		    (strncmp(m->source, "/dev/", 5) != 0 ||
		     resolve_node(root, f, m->source, m->dev_name, sizeof(m->dev_name))))
			continue;
		if (strcmp(m->mount_point, "/") == 0)
			copy_str(f->root_dev, sizeof(f->root_dev), m->dev_name);
		if (f->n_mounts >= SP_MAX_MOUNTS) {
			f->truncated = "block-device mounts";
			r = -E2BIG;
			break;
		}
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
	if (r == -E2BIG)
		f->truncated = "swap areas";
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
	const char *env = getenv("SWAPPLACE_BOOT_DEVICE"), *uuid = getenv("SWAPPLACE_BOOT_UUID");
	char dev[PATH_MAX];

	/* the stick under any name: a USB reset gives it a new one, a person may relabel it */
	if (uuid && *uuid)
		copy_str(f->boot_uuid, sizeof(f->boot_uuid), uuid);
	if (env && *env) {
		if (resolve_node(root, f, env, f->boot_dev, sizeof(f->boot_dev)))
			f->boot_dev[0] = '\0';
		sp_debug("devices", "boot medium from SWAPPLACE_BOOT_DEVICE=%s: '%s'", env,
			 f->boot_dev);
		return;
	}
	if (resolve_node(root, f, "/dev/disk/by-label/" SP_BOOT_LABEL, f->boot_dev,
			 sizeof(f->boot_dev)) == 0)
		return;
	f->boot_dev[0] = '\0';
	if (!sp_root_is_live(root) || sp_blkid_find_label(SP_BOOT_LABEL, dev, sizeof(dev)))
		return;
	if (resolve_node(root, f, dev, f->boot_dev, sizeof(f->boot_dev)))
		f->boot_dev[0] = '\0';
}

/* Every device of every mounted btrfs filesystem (/sys/fs/btrfs/UUID/devices/NAME). */
static int gather_btrfs(const char *root, struct sp_sys_facts *f)
{
	struct dirent **fss, **devs;
	char dir[PATH_MAX];
	int nf, nd;

	nf = sp_list_dir(root, "/sys/fs/btrfs", &fss);
	if (nf < 0)
		return 0; /* no btrfs module: nothing mounted from btrfs */
	for (int i = 0; i < nf && !f->truncated; i++) {
		snprintf(dir, sizeof(dir), "/sys/fs/btrfs/%s/devices", fss[i]->d_name);
		nd = sp_list_dir(root, dir, &devs);
		if (nd < 0)
			continue; /* "features" and the like: no filesystem */
		for (int j = 0; j < nd; j++) {
			struct sp_btrfs_dev *b;

			if (f->n_btrfs >= SP_MAX_BTRFS_DEVS) {
				f->truncated = "btrfs devices";
				break;
			}
			b = &f->btrfs[f->n_btrfs++];
			snprintf(b->name, sizeof(b->name), "%.31s", devs[j]->d_name);
			snprintf(b->uuid, sizeof(b->uuid), "%.39s", fss[i]->d_name);
		}
		sp_free_list(devs, nd);
	}
	sp_free_list(fss, nf);
	return f->truncated ? -E2BIG : 0;
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
	r = gather_btrfs(root, f);
	if (r)
		return r;
	gather_boot(root, f);
	sp_debug("devices", "%zu nodes, %zu block mounts, %zu swaps, root '%s', boot '%s'",
		 f->n_nodes, f->n_mounts, f->n_swaps, f->root_dev, f->boot_dev);
	return 0;
}

/* ---- one device ---- */

static uint64_t read_attr_u64(const char *root, const char *dir, const char *attr, uint64_t dflt)
{
	char path[PATH_MAX];
	uint64_t v;

	snprintf(path, sizeof(path), "%s/%s", dir, attr);
	return sp_read_u64(root, path, &v) ? dflt : v;
}

/* The holders of one node (sysfs DIR/holders: md, dm, LVM), ", "-separated. */
static void read_holders(const char *root, const char *dir, char *out, size_t len)
{
	char path[PATH_MAX];
	struct dirent **ents;
	int n;

	out[0] = '\0';
	snprintf(path, sizeof(path), "%s/holders", dir);
	n = sp_list_dir(root, path, &ents);
	if (n <= 0)
		return;
	for (int i = 0; i < n; i++)
		sp_cat_sep(out, len, ", ", "%s", ents[i]->d_name);
	sp_free_list(ents, n);
}

/*
 * The facts about `self` (a disk with its partitions, or one partition; sysfs directory
 * sysdir): per node, whether it holds the running root or is the boot medium, the first block
 * mount from it, the swap areas on it and its holders. No judgement here: safety.c judges.
 */
static void gather_use(const char *root, const struct sp_sys_facts *f, const char *self,
		       const char *sysdir, struct sp_device_facts *df)
{
	char subdir[PATH_MAX];

	memset(df, 0, sizeof(*df));
	copy_str(df->name, sizeof(df->name), self);
	df->is_zram = strncmp(self, "zram", 4) == 0;
	df->read_only = read_attr_u64(root, sysdir, "ro", 0) != 0;
	for (size_t i = 0; i < f->n_nodes; i++) {
		const struct sp_block_node *nd = &f->nodes[i];
		int mine = strcmp(nd->name, self) == 0;
		struct sp_node_facts *nf;

		if (!mine && strcmp(nd->parent, self) != 0)
			continue;
		if (df->n_nodes >= SP_SAFETY_MAX_NODES) {
			df->truncated = 1;
			break;
		}
		nf = &df->nodes[df->n_nodes];
		copy_str(nf->name, sizeof(nf->name), nd->name);
		nf->is_self = mine;
		nf->holds_root = f->root_dev[0] && strcmp(f->root_dev, nd->name) == 0;
		nf->is_boot = f->boot_dev[0] && strcmp(f->boot_dev, nd->name) == 0;
		for (size_t b = 0; b < f->n_btrfs; b++)
			if (strcmp(f->btrfs[b].name, nd->name) == 0)
				copy_str(nf->btrfs_uuid, sizeof(nf->btrfs_uuid), f->btrfs[b].uuid);
		for (size_t m = 0; m < f->n_mounts; m++) {
			if (strcmp(f->mounts[m].dev_name, nd->name) == 0) {
				copy_str(nf->mount_point, sizeof(nf->mount_point),
					 f->mounts[m].mount_point);
				break;
			}
		}
		for (size_t s = 0; s < f->n_swaps; s++) {
			const struct sp_swap_entry *se = &f->swaps[s];
			struct sp_swap_facts *sw;

			if (strcmp(se->dev_name, nd->name) != 0)
				continue;
			if (df->n_swaps >= SP_SAFETY_MAX_SWAPS) {
				df->truncated = 1;
				break;
			}
			sw = &df->swaps[df->n_swaps++];
			sw->node = df->n_nodes;
			copy_str(sw->path, sizeof(sw->path), se->path);
			sw->is_file = strcmp(se->type, "partition") != 0;
		}
		if (mine) {
			read_holders(root, sysdir, nf->holders, sizeof(nf->holders));
		} else {
			snprintf(subdir, sizeof(subdir), "%s/%s", sysdir, nd->name);
			read_holders(root, subdir, nf->holders, sizeof(nf->holders));
		}
		df->n_nodes++;
	}
}

/*
 * What libblkid sees on each node of df (live only): the signatures into d->signatures, each
 * node's TYPE, the boot label, and a node carrying the boot medium's recorded UUID.
 * self_is_disk: df->nodes' self is a whole disk (partition tables are probed there).
 */
static void probe_nodes(const char *root, const struct sp_sys_facts *f, int self_is_disk,
			struct sp_device_info *d, struct sp_device_facts *df)
{
	if (!sp_root_is_live(root) || !d->size_bytes)
		return;
	for (size_t i = 0; i < df->n_nodes; i++) {
		struct sp_node_facts *nd = &df->nodes[i];
		struct sp_blkid_node bn;

		if (sp_blkid_signature(nd->name, !(nd->is_self && self_is_disk), d->signatures,
				       sizeof(d->signatures), &bn) < 0)
			continue;
		copy_str(nd->fs_type, sizeof(nd->fs_type), bn.type);
		df->boot_label |= bn.boot_label;
		if (f->boot_uuid[0] && strcmp(bn.uuid, f->boot_uuid) == 0)
			nd->is_boot = 1;
	}
}

static int find_facts(const char *root, const struct sp_sys_facts *f, const char *path,
		      struct sp_device_info *out, struct sp_device_facts *df, int depth);

/* Is node `name`, or the disk it is a partition of, the boot medium? */
static int on_boot(const struct sp_sys_facts *f, const char *name)
{
	const struct sp_block_node *nd = node_find(f, name);

	if (!f->boot_dev[0])
		return 0;
	return !strcmp(name, f->boot_dev) || (nd && !strcmp(nd->parent, f->boot_dev));
}

/*
 * A loop device writes through to its backing (/sys/block/loopN/loop/backing_file). A block
 * device there is judged by its own facts (its mounts, swap, holders, signatures, the boot
 * medium), which become the loop device's (df->backing_unsafe); a file is named with the
 * device its filesystem is on (d->backing), and refused on the boot medium. depth bounds a
 * loop over a loop over ...
 */
static void loop_backing(const char *root, const struct sp_sys_facts *f, const char *sysdir,
			 struct sp_device_info *d, struct sp_device_facts *df, int depth)
{
	char path[PATH_MAX], file[160], full[PATH_MAX], node[32];
	struct sp_device_facts *bdf;
	struct sp_device_info *bd;
	struct stat st;
	char *deleted;

	snprintf(path, sizeof(path), "%s/loop/backing_file", sysdir);
	if (sp_read_text(root, path, file, sizeof(file)) <= 0)
		return;
	deleted = strstr(file, " (deleted)");
	if (deleted)
		*deleted = '\0';
	copy_str(df->backing, sizeof(df->backing), file);
	if (resolve_node(root, f, file, node, sizeof(node)) == 0) {
		snprintf(d->backing, sizeof(d->backing), "the block device '%s'", file);
		if (depth >= 4) {
			copy_str(df->backing_unsafe, sizeof(df->backing_unsafe),
				 "is a loop device over more loop devices than swapplace follows");
			return;
		}
		bd = malloc(sizeof(*bd));
		bdf = malloc(sizeof(*bdf));
		if (!bd || !bdf)
			copy_str(df->backing_unsafe, sizeof(df->backing_unsafe),
				 "cannot be checked (out of memory)");
		else if (find_facts(root, f, file, bd, bdf, depth + 1))
			copy_str(df->backing_unsafe, sizeof(df->backing_unsafe),
				 "cannot be checked");
		else if (bd->unsafe)
			copy_str(df->backing_unsafe, sizeof(df->backing_unsafe), bd->unsafe_reason);
		free(bd);
		free(bdf);
		return;
	}
	if (sp_root_path(root, file, full, sizeof(full)) || stat(full, &st) < 0 ||
	    sp_devices_name_of(f, major(st.st_dev), minor(st.st_dev), node, sizeof(node))) {
		snprintf(d->backing, sizeof(d->backing), "the file '%s'", file);
		return;
	}
	df->backing_on_boot = on_boot(f, node);
	snprintf(d->backing, sizeof(d->backing), "the file '%s' on %s%s", file, node,
		 f->root_dev[0] && !strcmp(node, f->root_dev) ? " (the running root filesystem)"
		 : df->backing_on_boot			      ? " (the boot medium)"
							      : "");
}

/* Fill d and its facts df for the whole disk `name` (sysdir /sys/block/NAME). */
static int fill_disk(const char *root, const struct sp_sys_facts *f, const char *name,
		     struct sp_device_info *d, struct sp_device_facts *df, int depth)
{
	char sysdir[300];

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
	sp_devident_fill(root, name, sysdir, d);

	for (size_t i = 0; i < f->n_nodes; i++)
		if (strcmp(f->nodes[i].parent, name) == 0)
			sp_cat_sep(d->partitions, sizeof(d->partitions), " ", "%s",
				   f->nodes[i].name);

	gather_use(root, f, name, sysdir, df);
	probe_nodes(root, f, 1, d, df);
	if (strncmp(name, "loop", 4) == 0)
		loop_backing(root, f, sysdir, d, df, depth);
	d->unsafe = sp_safety_unsafe_reasons(df, d->unsafe_reason, sizeof(d->unsafe_reason));
	return 0;
}

static int fill_partition(const char *root, const struct sp_sys_facts *f,
			  const struct sp_block_node *nd, struct sp_device_info *d,
			  struct sp_device_facts *df, int depth)
{
	char sysdir[300], psys[600];
	struct sp_device_info disk;
	int r;

	r = fill_disk(root, f, nd->parent, &disk, df, depth);
	if (r)
		return r;
	memset(d, 0, sizeof(*d));
	snprintf(sysdir, sizeof(sysdir), "/sys/block/%s", nd->parent);
	snprintf(psys, sizeof(psys), "%s/%s", sysdir, nd->name);
	copy_str(d->name, sizeof(d->name), nd->name);
	snprintf(d->path, sizeof(d->path), "/dev/%s", nd->name);
	sp_devident_by_id(root, nd->name, d->by_id, sizeof(d->by_id));
	copy_str(d->model, sizeof(d->model), disk.model);
	copy_str(d->serial, sizeof(d->serial), disk.serial);
	copy_str(d->transport, sizeof(d->transport), disk.transport);
	d->size_bytes = read_attr_u64(root, psys, "size", 0) * 512;
	d->logical_sector = disk.logical_sector;
	d->physical_sector = disk.physical_sector;
	d->rotational = disk.rotational;
	d->is_partition = 1;
	gather_use(root, f, nd->name, psys, df);
	probe_nodes(root, f, 0, d, df);
	d->unsafe = sp_safety_unsafe_reasons(df, d->unsafe_reason, sizeof(d->unsafe_reason));
	return 0;
}

int sp_devices_scan(const char *root, const struct sp_sys_facts *f, struct sp_device_info *out,
		    size_t max, size_t *n)
{
	struct sp_device_facts *df = malloc(sizeof(*df));
	size_t count = 0;
	int full = 0;

	*n = 0;
	if (!df)
		return -ENOMEM;
	for (size_t i = 0; i < f->n_nodes; i++) {
		const struct sp_block_node *nd = &f->nodes[i];
		struct sp_device_info d;

		if (nd->parent[0] || strncmp(nd->name, "ram", 3) == 0)
			continue;
		if (fill_disk(root, f, nd->name, &d, df, 0))
			continue;
		/* an unattached loop device has size 0: nothing there to list */
		if (strncmp(nd->name, "loop", 4) == 0 && d.size_bytes == 0)
			continue;
		if (count < max)
			out[count++] = d;
		else
			full = 1;
	}
	free(df);
	*n = count;
	return full ? -E2BIG : 0;
}

static int find_facts(const char *root, const struct sp_sys_facts *f, const char *path,
		      struct sp_device_info *out, struct sp_device_facts *df, int depth)
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
		return fill_partition(root, f, nd, out, df, depth);
	return fill_disk(root, f, name, out, df, depth);
}

int sp_device_find_facts(const char *root, const struct sp_sys_facts *f, const char *path,
			 struct sp_device_info *out, struct sp_device_facts *df)
{
	return find_facts(root, f, path, out, df, 0);
}

int sp_device_find(const char *root, const struct sp_sys_facts *f, const char *path,
		   struct sp_device_info *out)
{
	struct sp_device_facts *df = malloc(sizeof(*df));
	int r;

	if (!df)
		return -ENOMEM;
	r = sp_device_find_facts(root, f, path, out, df);
	free(df);
	return r;
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
