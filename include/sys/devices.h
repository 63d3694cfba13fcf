/*
 * devices.h - what block devices the machine has, and the facts of which of them are in use.
 *
 * `swapplace list` shows the scan; `run` resolves --target/--also with sp_device_find and hands
 * the result to safety.h. Each device's unsafe flag and reason are safety.h's verdict on the
 * facts gathered here (struct sp_device_facts); identity is devident.h, signatures blkid.h.
 * Everything reads through a root prefix (sysfs.h): the live system, or a captured /proc, /sys and
 * /dev tree in tests/fixtures. Only signatures need the live system (libblkid opens the device node
 * read-only); with a fixture root they stay empty.
 */
#ifndef SP_DEVICES_H
#define SP_DEVICES_H

#include <stddef.h>
#include <stdint.h>

#include "core/measure/procparse.h"
#include "core/model/report.h"
#include "core/safety/safety.h"

#define SP_MAX_MOUNTS 256
#define SP_MAX_SWAPS 32
#define SP_MAX_BLOCK_NODES 512
#define SP_MAX_BTRFS_DEVS 128

/* A device of a mounted btrfs filesystem, as /sys/fs/btrfs/UUID/devices/NAME lists it. */
struct sp_btrfs_dev {
	char name[32]; /* loop3p1, sdb2 */
	char uuid[40]; /* the filesystem's */
};

/* A disk or partition as sysfs lists it. */
struct sp_block_node {
	char name[32];	 /* sda, sda1 */
	char parent[32]; /* the whole disk of a partition; "" for a disk */
	unsigned int major, minor;
};

/* The machine's state that decides safety, gathered once. */
struct sp_sys_facts {
	size_t n_nodes;
	struct sp_block_node nodes[SP_MAX_BLOCK_NODES];
	size_t n_mounts; /* only mounts backed by a block device */
	struct sp_mount_entry mounts[SP_MAX_MOUNTS];
	size_t n_swaps; /* active swap areas; dev_name filled (file: the mount's device) */
	struct sp_swap_entry swaps[SP_MAX_SWAPS];
	char root_dev[32];  /* the device (usually a partition) holding "/", or "" */
	char boot_dev[32];  /* the boot medium (LABEL=SWAPPLACE or $SWAPPLACE_BOOT_DEVICE), or "" */
	char boot_uuid[64]; /* $SWAPPLACE_BOOT_UUID: the boot medium's filesystem UUID, or "" */
	size_t n_btrfs;	    /* every device of every mounted btrfs filesystem */
	struct sp_btrfs_dev btrfs[SP_MAX_BTRFS_DEVS];
	/* what did not fit when sp_facts_gather failed with -E2BIG ("block-device mounts",
	 * "swap areas", "block devices", "btrfs devices"), or NULL */
	const char *truncated;
};

/*
 * Gather mounts (root/proc/self/mountinfo), active swap (root/proc/swaps), the device holding
 * "/" and the boot medium: $SWAPPLACE_BOOT_DEVICE when set, else root/dev/disk/by-label/SWAPPLACE,
 * else (live only) the device libblkid finds with LABEL=SWAPPLACE. Besides, any node whose
 * filesystem UUID is $SWAPPLACE_BOOT_UUID (the appliance records its stick's at boot) is the
 * boot medium, and (live) any node labelled SWAPPLACE makes its disk one.
 * Returns: 0, or -errno when mountinfo or swaps cannot be read or parsed (without them nothing
 * can be called safe); -E2BIG when the machine has more block devices, block-device mounts or
 * swap areas than the tables hold (f->truncated says which): nothing is left out silently, so
 * nothing can then be called safe either.
 */
int sp_facts_gather(const char *root, struct sp_sys_facts *f);

/*
 * Every whole disk in root/sys/block, sorted by name, except ram* and unattached loop devices.
 * Returns: 0, -E2BIG when more than max (the first max are filled), or -errno.
 */
int sp_devices_scan(const char *root, const struct sp_sys_facts *f, struct sp_device_info *out,
		    size_t max, size_t *n);

/*
 * Resolve a path the user typed (/dev/sdb, /dev/disk/by-id/..., any symlink to a node) and
 * describe that device. A partition is described too, with is_partition = 1 (never a target).
 * Returns: 0; -ENOENT when the path does not exist; -ENOTBLK when it exists but is not a block
 * device this machine lists in sysfs; other -errno.
 */
int sp_device_find(const char *root, const struct sp_sys_facts *f, const char *path,
		   struct sp_device_info *out);

/*
 * sp_device_find, and the facts about the device (and its partitions) that its unsafe flag and
 * reason were decided from (sp_safety_unsafe_reasons). Returns: as sp_device_find.
 */
int sp_device_find_facts(const char *root, const struct sp_sys_facts *f, const char *path,
			 struct sp_device_info *out, struct sp_device_facts *df);

/*
 * The whole disk whose serial is exactly serial (the appliance names targets by serial: it
 * has no /dev/disk/by-id). Returns: 0, -ENOENT when no disk has it, -EEXIST when two do.
 */
int sp_device_find_serial(const char *root, const struct sp_sys_facts *f, const char *serial,
			  struct sp_device_info *out);

/*
 * A device as the user names it: a path, or "serial:XYZ". Returns as sp_device_find or
 * sp_device_find_serial.
 */
int sp_device_resolve(const char *root, const struct sp_sys_facts *f, const char *spec,
		      struct sp_device_info *out);

/*
 * The kernel name of the disk or partition with this device number ("8:17" -> "sdb1").
 * Returns: 0, -ENOENT.
 */
int sp_devices_name_of(const struct sp_sys_facts *f, unsigned int major, unsigned int minor,
		       char *name, size_t len);

#endif
