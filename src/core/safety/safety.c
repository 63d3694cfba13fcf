/*
 * safety.c - refusal rules for destructive targets, confirmation and duplicate targets.
 *
 * Order matters for the message: a partition is refused as a partition even when it is also
 * mounted, because "give the whole disk" is the fix the user needs first.
 */
#include "core/safety/safety.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/config/textfmt.h"
#include "core/config/units.h"

const char *sp_safety_member_of(const char *type)
{
	static const char suffix[] = "_member";
	size_t n = type ? strlen(type) : 0, ns = sizeof(suffix) - 1;

	if (!n)
		return NULL;
	if (strcmp(type, "linux_raid_member") == 0)
		return "an md RAID array";
	if (strncmp(type, "LVM", 3) == 0 && n > ns && strcmp(type + n - ns, suffix) == 0)
		return "an LVM volume group";
	if (strcmp(type, "zfs_member") == 0)
		return "a ZFS pool";
	if (strcmp(type, "bcache") == 0)
		return "a bcache device";
	if (strcmp(type, "drbd") == 0)
		return "a DRBD device";
	/* the firmware RAID sets (isw, ddf, nvidia, ...) and whatever libblkid adds later */
	if (n > ns && strcmp(type + n - ns, suffix) == 0)
		return "a RAID set or volume group";
	return NULL;
}

int sp_safety_unsafe_reasons(const struct sp_device_facts *df, char *r, size_t len)
{
	int boot_named = 0;

	if (!len)
		return 0;
	r[0] = '\0';
	if (df->is_zram)
		sp_cat_sep(r, len, "; ", "is a zram device, never a target");
	if (df->read_only)
		sp_cat_sep(r, len, "; ", "is read-only");
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
			sp_cat_sep(r, len, "; ", "holds the mounted filesystem '%s'%s",
				   nd->mount_point, on);
		for (size_t s = 0; s < df->n_swaps && s < SP_SAFETY_MAX_SWAPS; s++) {
			const struct sp_swap_facts *sw = &df->swaps[s];

			if (sw->node != i)
				continue;
			/* a swap partition's path names it; a swap file needs its filesystem */
			if (sw->is_file)
				sp_cat_sep(r, len, "; ", "holds active swap file '%s'%s", sw->path,
					   on);
			else
				sp_cat_sep(r, len, "; ", "holds active swap '%s'", sw->path);
		}
		if (nd->holders[0])
			sp_cat_sep(r, len, "; ", "has holders: %s%s", nd->holders, on);
		if (sp_safety_member_of(nd->fs_type))
			sp_cat_sep(r, len, "; ", "is a member of %s (%s)%s",
				   sp_safety_member_of(nd->fs_type), nd->fs_type, on);
		/* the mount point names the device mountinfo lists; this names the others */
		if (nd->btrfs_uuid[0] && !nd->mount_point[0])
			sp_cat_sep(r, len, "; ", "is a device of the mounted btrfs filesystem %s%s",
				   nd->btrfs_uuid, on);
	}
	if (df->backing_unsafe[0])
		sp_cat_sep(r, len, "; ", "writes through to '%s', which %s", df->backing,
			   df->backing_unsafe);
	if (df->backing_on_boot)
		sp_cat_sep(r, len, "; ", "is backed by the file '%s' on the boot medium",
			   df->backing);
	if (df->boot_label && !boot_named)
		sp_cat_sep(r, len, "; ", "is the boot medium (label " SP_BOOT_LABEL ")");
	if (df->truncated)
		sp_cat_sep(r, len, "; ",
			   "has more partitions or swap areas than swapplace can check");
	return r[0] != '\0';
}

int sp_safety_check_target(const struct sp_device_info *d, uint64_t needed_bytes, struct sp_err *e)
{
	char have[32], need[32];

	if (d->is_partition)
		return sp_err_set(e, -EPERM, "'%s' is a partition, not a whole disk", d->path);
	if (d->unsafe)
		return sp_err_set(e, -EPERM, "'%s' %s", d->path,
				  d->unsafe_reason[0] ? d->unsafe_reason : "is in use");
	if (d->size_bytes < needed_bytes) {
		sp_format_bytes(d->size_bytes, have, sizeof(have));
		sp_format_bytes(needed_bytes, need, sizeof(need));
		return sp_err_set(e, -EPERM, "'%s' is too small for the plan: %s, needs %s",
				  d->path, have, need);
	}
	sp_err_init(e);
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

int sp_confirm_check(const struct sp_device_info *d, const char *confirm, struct sp_err *e)
{
	const char *what = d->serial[0] ? "its serial" : "its size in bytes (it has no serial)";
	char expected[64];

	if (sp_confirm_expected(d, expected, sizeof(expected)))
		return sp_err_set(e, -EPERM, NULL);
	if (!confirm || !*confirm)
		return sp_err_set(e, -EPERM, "'%s' needs --confirm %s: %s", d->path, expected,
				  what);
	if (strcmp(confirm, expected) != 0)
		return sp_err_set(e, -EPERM, "--confirm '%s' does not match '%s': expected %s '%s'",
				  confirm, d->path, what, expected);
	sp_err_init(e);
	return 0;
}

int sp_targets_distinct(const char **paths, const struct sp_device_info *infos, size_t n,
			struct sp_err *e)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t j = i + 1; j < n; j++) {
			if (strcmp(infos[i].name, infos[j].name) != 0)
				continue;
			if (strcmp(paths[i], paths[j]) == 0)
				return sp_err_set(e, -EPERM, "'%s' is given twice", paths[i]);
			return sp_err_set(e, -EPERM, "'%s' and '%s' are the same device '%s'",
					  paths[i], paths[j], infos[i].path);
		}
	}
	sp_err_init(e);
	return 0;
}

/* ---- the target's identity between plan and run ---- */

void sp_identity_of(const struct sp_device_info *d, struct sp_target_identity *id)
{
	memset(id, 0, sizeof(*id));
	snprintf(id->name, sizeof(id->name), "%s", d->name);
	id->size_bytes = d->size_bytes;
	id->logical_sector = d->logical_sector;
	snprintf(id->serial, sizeof(id->serial), "%s", d->serial);
	snprintf(id->model, sizeof(id->model), "%s", d->model);
	snprintf(id->disk_serial, sizeof(id->disk_serial), "%s", d->disk_serial);
}

int sp_identity_format(const struct sp_target_identity *id, char *buf, size_t len)
{
	int n = snprintf(buf, len,
			 SP_PLAN_FILE_MAGIC "\nname=%s\nsize_bytes=%" PRIu64
					    "\nlogical_sector=%" PRIu32 "\nserial=%s\nmodel=%s\n",
			 id->name, id->size_bytes, id->logical_sector, id->serial, id->model);
	int m = 0;

	/* only where there is one: the plan files of every other disk stay as they were */
	if (n >= 0 && (size_t)n < len && id->disk_serial[0])
		m = snprintf(buf + n, len - (size_t)n, "disk_serial=%s\n", id->disk_serial);
	return n < 0 || m < 0 || (size_t)n + (size_t)m >= len ? -ENOSPC : 0;
}

static int parse_u64(const char *s, uint64_t *v)
{
	uint64_t x = 0;

	if (!*s)
		return -EINVAL;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || x > (UINT64_MAX - 9) / 10)
			return -EINVAL;
		x = x * 10 + (uint64_t)(*s - '0');
	}
	*v = x;
	return 0;
}

/* One key=value line (value without its newline) into id. */
static int identity_line(const char *key, size_t klen, const char *val,
			 struct sp_target_identity *id)
{
	uint64_t v;

#define KEY(k) (klen == sizeof(k) - 1 && memcmp(key, k, klen) == 0)
	if (KEY("name"))
		return snprintf(id->name, sizeof(id->name), "%s", val) < (int)sizeof(id->name)
			   ? 0
			   : -EINVAL;
	if (KEY("serial"))
		return snprintf(id->serial, sizeof(id->serial), "%s", val) < (int)sizeof(id->serial)
			   ? 0
			   : -EINVAL;
	if (KEY("disk_serial"))
		return snprintf(id->disk_serial, sizeof(id->disk_serial), "%s", val) <
			       (int)sizeof(id->disk_serial)
			   ? 0
			   : -EINVAL;
	if (KEY("model"))
		return snprintf(id->model, sizeof(id->model), "%s", val) < (int)sizeof(id->model)
			   ? 0
			   : -EINVAL;
	if (KEY("size_bytes"))
		return parse_u64(val, &id->size_bytes);
	if (KEY("logical_sector")) {
		if (parse_u64(val, &v) || v > UINT32_MAX)
			return -EINVAL;
		id->logical_sector = (uint32_t)v;
		return 0;
	}
#undef KEY
	return -EINVAL;
}

int sp_identity_parse(const char *text, struct sp_target_identity *id, struct sp_err *e)
{
	const char *p = text, *nl, *eq;
	size_t magic = sizeof(SP_PLAN_FILE_MAGIC) - 1;
	char val[128];
	int lineno = 1;

	memset(id, 0, sizeof(*id));
	if (strncmp(p, SP_PLAN_FILE_MAGIC, magic) != 0 || (p[magic] != '\n' && p[magic]))
		return sp_err_set(
		    e, -EINVAL, "not a plan file (its first line is not '" SP_PLAN_FILE_MAGIC "')");
	for (p += magic; *p; p = nl) {
		size_t vlen;

		if (*p == '\n')
			p++;
		if (!*p)
			break;
		lineno++;
		nl = strchr(p, '\n');
		if (!nl)
			nl = p + strlen(p);
		eq = memchr(p, '=', (size_t)(nl - p));
		vlen = eq ? (size_t)(nl - eq - 1) : 0;
		if (!eq || vlen >= sizeof(val))
			return sp_err_set(e, -EINVAL, "line %d of the plan file is not key=value",
					  lineno);
		memcpy(val, eq + 1, vlen);
		val[vlen] = '\0';
		if (identity_line(p, (size_t)(eq - p), val, id))
			return sp_err_set(e, -EINVAL,
					  "line %d of the plan file: unknown key or bad value",
					  lineno);
	}
	if (!id->name[0] || !id->size_bytes)
		return sp_err_set(e, -EINVAL, "the plan file names no disk (name and size_bytes)");
	sp_err_init(e);
	return 0;
}

int sp_identity_check(const struct sp_target_identity *was, const struct sp_target_identity *now,
		      const char *since, struct sp_err *e)
{
	char a[32], b[32], r[SP_ERR_REASON_MAX] = "";
	size_t len = sizeof(r);

	sp_err_init(e);
	if (strcmp(was->name, now->name) != 0)
		sp_cat_sep(r, len, "; ", "the plan was made for '/dev/%s', not '/dev/%s'",
			   was->name, now->name);
	if (was->size_bytes != now->size_bytes)
		sp_cat_sep(r, len, "; ",
			   "size was %s (%" PRIu64 " bytes), now %s (%" PRIu64 " bytes)",
			   sp_format_bytes(was->size_bytes, a, sizeof(a)), was->size_bytes,
			   sp_format_bytes(now->size_bytes, b, sizeof(b)), now->size_bytes);
	if (was->logical_sector != now->logical_sector)
		sp_cat_sep(r, len, "; ", "logical sector was %" PRIu32 " bytes, now %" PRIu32,
			   was->logical_sector, now->logical_sector);
	if (strcmp(was->serial, now->serial) != 0)
		sp_cat_sep(r, len, "; ", "serial was '%s', now '%s'", was->serial, now->serial);
	if (strcmp(was->model, now->model) != 0)
		sp_cat_sep(r, len, "; ", "model was '%s', now '%s'", was->model, now->model);
	/* the disk behind a USB bridge: the bridge's serial stays when the disk is swapped */
	if (was->disk_serial[0] && strcmp(was->disk_serial, now->disk_serial) != 0)
		sp_cat_sep(r, len, "; ", "the disk's own serial was '%s', now '%s'",
			   was->disk_serial, now->disk_serial[0] ? now->disk_serial : "none");
	if (!r[0])
		return 0;
	return sp_err_set(e, -EPERM, "the disk changed since %s: %s", since, r);
}
