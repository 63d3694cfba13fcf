/*
 * safety.h - the rules that decide whether swapplace may overwrite a device.
 *
 * Pure: sys/devices.c gathers the facts about a device (struct sp_device_facts: what is
 * mounted from it, swapping on it, holding it, whether it is the running root or the boot
 * medium) and the rules here decide from those facts alone whether it is unsafe and why, so
 * every refusal is unit-tested without a disk. Reasons are git-style fragments the edge prints
 * after "refusing to touch": "'/dev/sdb' holds the mounted filesystem '/home'". The edge exits 3
 * on -EPERM.
 */
#ifndef SP_SAFETY_H
#define SP_SAFETY_H

#include <stddef.h>
#include <stdint.h>

#include "core/report.h"

/* the file-system label of the appliance's boot medium (image/, initramfs/) */
#define SP_BOOT_LABEL "SWAPPLACE"

/* a disk and the 128 partitions a GPT holds */
#define SP_SAFETY_MAX_NODES 129
#define SP_SAFETY_MAX_SWAPS 32

/* One node of a device: the device itself, or one of its partitions. */
struct sp_node_facts {
	char name[32];	       /* kernel name: sdb, sdb1 */
	int is_self;	       /* the device itself; else one of its partitions (named "on X") */
	int holds_root;	       /* the running root filesystem is mounted from it */
	int is_boot;	       /* the boot medium ($SWAPPLACE_BOOT_DEVICE or by-label SWAPPLACE) */
	char mount_point[256]; /* the first block mount from it, or "" */
	char holders[200];     /* sysfs holders: "dm-0, md127", or "" */
};

/* An active swap area on one of the nodes. */
struct sp_swap_facts {
	size_t node;	/* index into nodes[] */
	char path[256]; /* /proc/swaps' name: the partition, or the swap file's path */
	int is_file;	/* a swap file on a filesystem mounted from the node */
};

/* What the machine says about one device, gathered by sys/devices.c; judged by the rules. */
struct sp_device_facts {
	char name[32];
	int is_zram;
	int boot_label; /* libblkid found the label SWAPPLACE on it or on a partition */
	size_t n_nodes; /* the device first, then its partitions (a partition: itself only) */
	struct sp_node_facts nodes[SP_SAFETY_MAX_NODES];
	size_t n_swaps;
	struct sp_swap_facts swaps[SP_SAFETY_MAX_SWAPS];
	int truncated; /* more nodes or swaps than fit: what was left out cannot be called safe */
};

/*
 * Why the device of facts df must never be overwritten: "; "-separated reasons, zram first,
 * then per node (the device, then each partition, named "(on sdb1)"): the running root, the
 * boot medium, a mounted filesystem, active swap, holders; last the boot label when no node was
 * named the boot medium already; facts that did not all fit make it unsafe too. reason is ""
 * when none applies.
 * Returns: 1 when unsafe, 0 when not.
 */
int sp_safety_unsafe_reasons(const struct sp_device_facts *df, char *reason, size_t len);

/*
 * May d be the destructive target of a plan needing needed_bytes? Refuses a partition, a device
 * marked unsafe (by sp_safety_unsafe_reasons, its reason), and one smaller than needed_bytes.
 * Returns: 0, or -EPERM with reason set.
 */
int sp_safety_check_target(const struct sp_device_info *d, uint64_t needed_bytes, char *reason,
			   size_t len);

/*
 * What --confirm must be for d: its serial, or where it has none its exact size in bytes as a
 * decimal string. Returns: 0, or -EPERM (buffer too small: -ENOSPC).
 */
int sp_confirm_expected(const struct sp_device_info *d, char *expected, size_t len);

/*
 * Does confirm equal what sp_confirm_expected says, exactly? The reason of a refusal names the
 * expected value: the user has to type it.
 * Returns: 0, or -EPERM with reason set.
 */
int sp_confirm_check(const struct sp_device_info *d, const char *confirm, char *reason, size_t len);

/*
 * Refuse the same device given twice (--target and --also, or two --also), compared by kernel
 * name after resolution: /dev/sdb and /dev/disk/by-id/usb-... are one disk. paths[i] is what
 * the user typed for infos[i]. Returns: 0, or -EPERM with reason set.
 */
int sp_targets_distinct(const char **paths, const struct sp_device_info *infos, size_t n,
			char *reason, size_t len);

#endif
