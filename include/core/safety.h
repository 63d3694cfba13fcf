/*
 * safety.h - the rules that decide whether swapplace may overwrite a device.
 *
 * Pure: they judge an sp_device_info that devices.h filled, so every refusal is unit-tested
 * without a disk. Reasons are git-style fragments the edge prints after "refusing to touch":
 * "'/dev/sdb' holds the mounted filesystem '/home'". The edge exits 3 on -EPERM.
 */
#ifndef SP_SAFETY_H
#define SP_SAFETY_H

#include <stddef.h>
#include <stdint.h>

#include "core/report.h"

/*
 * May d be the destructive target of a plan needing needed_bytes? Refuses a partition, a device
 * devices.c marked unsafe (its reason), and one smaller than needed_bytes.
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
