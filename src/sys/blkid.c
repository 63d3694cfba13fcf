/*
 * blkid.c - libblkid probes of live block devices (see blkid.h): read-only, safe probing (an
 * ambiguous result is no result), and a tag lookup that works without udev.
 */
#include <blkid.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/safety.h"
#include "sys/blkid.h"
#include "core/textfmt.h"
#include "sys/log.h"

int sp_blkid_signature(const char *name, int is_part, char *sig, size_t len)
{
	const char *pttype = NULL, *type = NULL, *label = NULL;
	char dev[64];
	blkid_probe pr;
	struct stat st;
	int boot = 0;

	snprintf(dev, sizeof(dev), "/dev/%s", name);
	if (stat(dev, &st) < 0 || !S_ISBLK(st.st_mode))
		return 0;
	pr = blkid_new_probe_from_filename(dev);
	if (!pr) {
		sp_debug("blkid", "blkid cannot probe '%s'", dev);
		return 0;
	}
	blkid_probe_enable_partitions(pr, !is_part);
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_LABEL);
	if (blkid_do_safeprobe(pr) == 0) {
		blkid_probe_lookup_value(pr, "PTTYPE", &pttype, NULL);
		blkid_probe_lookup_value(pr, "TYPE", &type, NULL);
		blkid_probe_lookup_value(pr, "LABEL", &label, NULL);
		if (pttype)
			sp_cat_sep(sig, len, "; ", "%s", pttype);
		if (type && label && *label)
			sp_cat_sep(sig, len, "; ", "%s:%s[%s]", name, type, label);
		else if (type)
			sp_cat_sep(sig, len, "; ", "%s:%s", name, type);
		boot = label && strcmp(label, SP_BOOT_LABEL) == 0;
	}
	blkid_free_probe(pr);
	return boot;
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
