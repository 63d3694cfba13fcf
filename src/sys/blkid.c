/*
 * blkid.c - libblkid probes of live block devices (see blkid.h): read-only, safe probing (an
 * ambiguous result is no result), and a tag lookup that works without udev.
 */
#include "sys/blkid.h"

#include <blkid.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/config/textfmt.h"
#include "core/safety/safety.h"
#include "sys/log.h"

/* TYPE, LABEL and UUID of the probe's last result into out; the PTTYPE too into pttype */
static void take_values(blkid_probe pr, const char **pttype, struct sp_blkid_node *out)
{
	const char *type = NULL, *label = NULL, *uuid = NULL;

	if (pttype)
		blkid_probe_lookup_value(pr, "PTTYPE", pttype, NULL);
	blkid_probe_lookup_value(pr, "TYPE", &type, NULL);
	blkid_probe_lookup_value(pr, "LABEL", &label, NULL);
	blkid_probe_lookup_value(pr, "UUID", &uuid, NULL);
	snprintf(out->type, sizeof(out->type), "%s", type ? type : "");
	snprintf(out->uuid, sizeof(out->uuid), "%s", uuid ? uuid : "");
	out->boot_label = label && strcmp(label, SP_BOOT_LABEL) == 0;
}

int sp_blkid_signature(const char *name, int is_part, char *sig, size_t len,
		       struct sp_blkid_node *out)
{
	const char *pttype = NULL, *label = NULL;
	char dev[64];
	blkid_probe pr;
	struct stat st;

	memset(out, 0, sizeof(*out));
	snprintf(dev, sizeof(dev), "/dev/%s", name);
	if (stat(dev, &st) < 0)
		return -errno;
	if (!S_ISBLK(st.st_mode))
		return -ENOTBLK;
	pr = blkid_new_probe_from_filename(dev);
	if (!pr) {
		sp_debug("blkid", "blkid cannot probe '%s'", dev);
		return -EIO;
	}
	blkid_probe_enable_partitions(pr, !is_part);
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_LABEL |
						  BLKID_SUBLKS_UUID);
	if (blkid_do_safeprobe(pr) == 0) {
		take_values(pr, &pttype, out);
		blkid_probe_lookup_value(pr, "LABEL", &label, NULL);
		if (pttype)
			sp_cat_sep(sig, len, "; ", "%s", pttype);
		if (out->type[0] && label && *label)
			sp_cat_sep(sig, len, "; ", "%s:%s[%s]", name, out->type, label);
		else if (out->type[0])
			sp_cat_sep(sig, len, "; ", "%s:%s", name, out->type);
	}
	if (!out->type[0]) {
		/* only the RAID and volume-manager probers: one of them alone is no ambiguity */
		blkid_reset_probe(pr);
		blkid_probe_enable_partitions(pr, 0);
		blkid_probe_filter_superblocks_usage(pr, BLKID_FLTR_ONLYIN, BLKID_USAGE_RAID);
		if (blkid_do_safeprobe(pr) == 0) {
			take_values(pr, NULL, out);
			if (out->type[0])
				sp_cat_sep(sig, len, "; ", "%s:%s", name, out->type);
		}
	}
	blkid_free_probe(pr);
	return 0;
}

int sp_blkid_find_label(const char *label, char *dev, size_t len)
{
	blkid_cache cache = NULL;
	char *found;
	int ret = -ENOENT;

	/* no udev in the appliance's initramfs: let libblkid probe, with a cache it cannot save */
	if (blkid_get_cache(&cache, "/dev/null") < 0)
		return -ENOMEM;
	found = blkid_evaluate_tag("LABEL", label, &cache);
	if (found) {
		ret = snprintf(dev, len, "%s", found) < (int)len ? 0 : -ENAMETOOLONG;
		free(found);
	}
	blkid_put_cache(cache);
	return ret;
}
