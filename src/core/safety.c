/*
 * safety.c - refusal rules for destructive targets, confirmation and duplicate targets.
 *
 * Order matters for the message: a partition is refused as a partition even when it is also
 * mounted, because "give the whole disk" is the fix the user needs first.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/safety.h"
#include "core/textfmt.h"
#include "core/units.h"

int sp_safety_unsafe_reasons(const struct sp_device_facts *df, char *r, size_t len)
{
	int boot_named = 0;

	if (!len)
		return 0;
	r[0] = '\0';
	if (df->is_zram)
		sp_cat_sep(r, len, "; ", "is a zram device, never a target");
	for (size_t i = 0; i < df->n_nodes && i < SP_SAFETY_MAX_NODES; i++) {
		const struct sp_node_facts *nd = &df->nodes[i];
		/* the device itself is named without "(on X)"; its partitions are named */
		char on[48] = "";

		if (!nd->is_self)
			snprintf(on, sizeof(on), " (on %s)", nd->name);
		if (nd->holds_root)
			sp_cat_sep(r, len, "; ", "holds the running root filesystem%s", on);
		if (nd->is_boot) {
			sp_cat_sep(r, len, "; ", "is the boot medium%s", on);
			boot_named = 1;
		}
		/* "/" was named as the running root; one mount point per node is enough */
		if (nd->mount_point[0] && !(nd->holds_root && strcmp(nd->mount_point, "/") == 0))
			sp_cat_sep(r, len, "; ", "holds the mounted filesystem '%s'%s", nd->mount_point,
				   on);
		for (size_t s = 0; s < df->n_swaps && s < SP_SAFETY_MAX_SWAPS; s++) {
			const struct sp_swap_facts *sw = &df->swaps[s];

			if (sw->node != i)
				continue;
			/* a swap partition's path names it; a swap file needs its filesystem */
			if (sw->is_file)
				sp_cat_sep(r, len, "; ", "holds active swap file '%s'%s", sw->path, on);
			else
				sp_cat_sep(r, len, "; ", "holds active swap '%s'", sw->path);
		}
		if (nd->holders[0])
			sp_cat_sep(r, len, "; ", "has holders: %s%s", nd->holders, on);
	}
	if (df->boot_label && !boot_named)
		sp_cat_sep(r, len, "; ", "is the boot medium (label " SP_BOOT_LABEL ")");
	if (df->truncated)
		sp_cat_sep(r, len, "; ", "has more partitions or swap areas than swapplace can check");
	return r[0] != '\0';
}

int sp_safety_check_target(const struct sp_device_info *d, uint64_t needed_bytes, char *reason,
			   size_t len)
{
	char have[32], need[32];

	if (d->is_partition) {
		snprintf(reason, len, "'%s' is a partition, not a whole disk", d->path);
		return -EPERM;
	}
	if (d->unsafe) {
		snprintf(reason, len, "'%s' %s", d->path,
			 d->unsafe_reason[0] ? d->unsafe_reason : "is in use");
		return -EPERM;
	}
	if (d->size_bytes < needed_bytes) {
		sp_format_bytes(d->size_bytes, have, sizeof(have));
		sp_format_bytes(needed_bytes, need, sizeof(need));
		snprintf(reason, len, "'%s' is too small for the plan: %s, needs %s", d->path, have,
			 need);
		return -EPERM;
	}
	if (len)
		reason[0] = '\0';
	return 0;
}

int sp_confirm_expected(const struct sp_device_info *d, char *expected, size_t len)
{
	int n;

	if (d->serial[0])
		n = snprintf(expected, len, "%s", d->serial);
	else
		n = snprintf(expected, len, "%" PRIu64, d->size_bytes);
	return n < 0 || (size_t)n >= len ? -ENOSPC : 0;
}

int sp_confirm_check(const struct sp_device_info *d, const char *confirm, char *reason, size_t len)
{
	const char *what = d->serial[0] ? "its serial" : "its size in bytes (it has no serial)";
	char expected[64];

	if (sp_confirm_expected(d, expected, sizeof(expected)))
		return -EPERM;
	if (!confirm || !*confirm) {
		snprintf(reason, len, "'%s' needs --confirm %s: %s", d->path, expected, what);
		return -EPERM;
	}
	if (strcmp(confirm, expected) != 0) {
		snprintf(reason, len, "--confirm '%s' does not match '%s': expected %s '%s'",
			 confirm, d->path, what, expected);
		return -EPERM;
	}
	if (len)
		reason[0] = '\0';
	return 0;
}

int sp_targets_distinct(const char **paths, const struct sp_device_info *infos, size_t n,
			char *reason, size_t len)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t j = i + 1; j < n; j++) {
			if (strcmp(infos[i].name, infos[j].name) != 0)
				continue;
			if (strcmp(paths[i], paths[j]) == 0)
				snprintf(reason, len, "'%s' is given twice", paths[i]);
			else
				snprintf(reason, len, "'%s' and '%s' are the same device '%s'",
					 paths[i], paths[j], infos[i].path);
			return -EPERM;
		}
	}
	if (len)
		reason[0] = '\0';
	return 0;
}
