/*
 * blkid.h - what libblkid finds on a live block device: partition tables, filesystem types and
 * labels, and the device that carries the boot medium's label.
 *
 * Read-only probes of /dev nodes; they need the live system (a fixture root has no devices),
 * so devices.c calls them only when sp_root_is_live().
 */
#ifndef SP_BLKID_H
#define SP_BLKID_H

#include <stddef.h>

/* What one probe found on a node (all zero when it could not be probed). */
struct sp_blkid_node {
	int boot_label; /* its filesystem label is SP_BOOT_LABEL (core/safety/safety.h) */
	char type[32];	/* libblkid's TYPE: "ext4", "linux_raid_member", or "" */
	char uuid[64];	/* the filesystem's (or member's) UUID, or "" */
};

/*
 * Probe /dev/NAME (partition tables only when !is_part) and append what was found to sig,
 * "; "-separated: "gpt", "sdb1:ext4", "sdb2:vfat[SWAPPLACE]"; what it is goes into out. When
 * the safe probe finds nothing (no signature, or two that contradict each other), a second
 * probe looks for RAID and volume-manager signatures alone: a member must not hide behind an
 * ambiguity. Returns: 0, or -errno when it cannot be probed (out zeroed).
 */
int sp_blkid_signature(const char *name, int is_part, char *sig, size_t len,
		       struct sp_blkid_node *out);

/*
 * The device node libblkid finds with LABEL=label, probing every device (no udev needed, no
 * cache written). Returns: 0 with its path in dev, -ENOENT, -ENOMEM, -ENAMETOOLONG.
 */
int sp_blkid_find_label(const char *label, char *dev, size_t len);

#endif
