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

#include "core/err.h"
#include "core/model/report.h"

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
	char fs_type[32];      /* libblkid's TYPE of its content: "ext4", "linux_raid_member" */
	/* a device of a mounted btrfs filesystem (/sys/fs/btrfs/UUID/devices): its UUID, or "";
	 * mountinfo names only one device of a multi-device btrfs */
	char btrfs_uuid[40];
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
	int read_only;	/* the kernel says it cannot be written (sysfs ro, losetup -r) */
	size_t n_nodes; /* the device first, then its partitions (a partition: itself only) */
	struct sp_node_facts nodes[SP_SAFETY_MAX_NODES];
	size_t n_swaps;
	struct sp_swap_facts swaps[SP_SAFETY_MAX_SWAPS];
	int truncated; /* more nodes or swaps than fit: what was left out cannot be called safe */
	/*
	 * A loop device writes through to its backing: a block device (whose own facts decide,
	 * backing_unsafe is why it must not be written, "" when it may) or a file (on the boot
	 * medium: refused).
	 */
	char backing[160];	  /* /sys/block/loopN/loop/backing_file, or "" */
	char backing_unsafe[256]; /* the backing block device's reasons, "" none */
	int backing_on_boot;	  /* the backing file lies on the boot medium */
};

/*
 * Is a node whose content libblkid calls type (its TYPE) a member of something bigger than the
 * disk: an md RAID array, an LVM volume group, a firmware RAID set, a ZFS pool, a bcache or DRBD
 * device? Such a member is refused whether or not its array or group is assembled: overwriting
 * one disk of a set breaks the set. The rule: every type libblkid names *_member
 * (linux_raid_member, LVM1_member, LVM2_member, isw_raid_member, ddf_raid_member, the other
 * firmware *_raid_member, zfs_member, VMFS_volume_member), and bcache and drbd.
 * Returns: the phrase naming what it is a member of ("an md RAID array"), or NULL.
 */
const char *sp_safety_member_of(const char *type);

/*
 * Why the device of facts df must never be overwritten: "; "-separated reasons, zram first,
 * then read-only, then per node (the device, then each partition, named "(on sdb1)"): the
 * running root, the boot medium, a mounted filesystem, active swap, holders, a RAID or volume
 * manager member (sp_safety_member_of); last the boot label when no node was named the boot
 * medium already; facts that did not all fit make it unsafe too. reason is "" when none
 * applies.
 * Returns: 1 when unsafe, 0 when not.
 */
int sp_safety_unsafe_reasons(const struct sp_device_facts *df, char *reason, size_t len);

/*
 * May d be the destructive target of a plan needing needed_bytes? Refuses a partition, a device
 * marked unsafe (by sp_safety_unsafe_reasons, its reason), and one smaller than needed_bytes.
 * Returns: 0, or -EPERM with the reason in e.
 */
int sp_safety_check_target(const struct sp_device_info *d, uint64_t needed_bytes, struct sp_err *e);

/*
 * What --confirm must be for d: its serial, or where it has none its exact size in bytes as a
 * decimal string. Returns: 0, or -EPERM (buffer too small: -ENOSPC).
 */
int sp_confirm_expected(const struct sp_device_info *d, char *expected, size_t len);

/*
 * Does confirm equal what sp_confirm_expected says, exactly? The reason of a refusal names the
 * expected value: the user has to type it.
 * Returns: 0, or -EPERM with the reason in e.
 */
int sp_confirm_check(const struct sp_device_info *d, const char *confirm, struct sp_err *e);

/*
 * Refuse the same device given twice (--target and --also, or two --also), compared by kernel
 * name after resolution: /dev/sdb and /dev/disk/by-id/usb-... are one disk. paths[i] is what
 * the user typed for infos[i]. Returns: 0, or -EPERM with the reason in e.
 */
int sp_targets_distinct(const char **paths, const struct sp_device_info *infos, size_t n,
			struct sp_err *e);

/*
 * Who a target is, as `plan --save-plan` records it and `run --plan` and run's last look before
 * its first write compare: kernel name, size, logical sector, serial and model. A loop device
 * has no serial: its size is its identity there.
 */
struct sp_target_identity {
	char name[32];
	uint64_t size_bytes;
	uint32_t logical_sector;
	char serial[64];
	char model[64];
	/* a USB disk's own serial behind its bridge (sp_device_info.disk_serial), "" none; a
	 * plan file without the key (written before it existed) does not compare it */
	char disk_serial[64];
};

#define SP_PLAN_FILE_MAGIC "swapplace-plan/1"

/* The identity of d. */
void sp_identity_of(const struct sp_device_info *d, struct sp_target_identity *id);

/*
 * id as the plan file's text: SP_PLAN_FILE_MAGIC, then key=value lines (name, size_bytes,
 * logical_sector, serial, model). Returns: 0, or -ENOSPC.
 */
int sp_identity_format(const struct sp_target_identity *id, char *buf, size_t len);

/*
 * Parse a plan file's text. Returns: 0, or -EINVAL (not a plan file, a line it does not know,
 * a bad number, no name or size) with the reason in e.
 */
int sp_identity_parse(const char *text, struct sp_target_identity *id, struct sp_err *e);

/*
 * Is now the same disk as was (since: "the plan", "the run checked it")? Every field that
 * differs is named with its old and new value: "the disk changed since the plan: size was
 * 1.00 GiB (1073741824 bytes), now 1.50 GiB (1610612736 bytes)".
 * Returns: 0, or -EPERM with the reason in e.
 */
int sp_identity_check(const struct sp_target_identity *was, const struct sp_target_identity *now,
		      const char *since, struct sp_err *e);

#endif
