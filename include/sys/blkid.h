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

/*
 * Probe /dev/NAME (partition tables only when !is_part) and append what was found to sig,
 * "; "-separated: "gpt", "sdb1:ext4", "sdb2:vfat[SWAPPLACE]".
 * Returns: 1 when its filesystem label is SP_BOOT_LABEL (core/safety.h), else 0 (also when it
 * cannot be probed).
 */
int sp_blkid_signature(const char *name, int is_part, char *sig, size_t len);

/*
 * The device node libblkid finds with LABEL=label, probing every device (no udev needed, no
 * cache written). Returns: 0 with its path in dev, -ENOENT, -ENOMEM, -ENAMETOOLONG.
 */
int sp_blkid_find_label(const char *label, char *dev, size_t len);

#endif
