/*
 * devident.c - a block device's identity from sysfs and /dev/disk/by-id (see devident.h).
 *
 * The serial is where each bus keeps it, tried in order; the transport comes from the kernel
 * name where that is unambiguous and from the sysfs path (the bus underneath) for sd*.
 */
#include "sys/devident.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/sysfs.h"

static void copy_str(char *dst, size_t len, const char *src)
{
	snprintf(dst, len, "%s", src);
}

static void trim(char *s)
{
	size_t n = strlen(s), i = 0;

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
		s[--n] = '\0';
	while (s[i] == ' ' || s[i] == '\t')
		i++;
	if (i)
		memmove(s, s + i, n - i + 1);
}

/* The user types the serial after --confirm: runs of blanks become one '_', as udev does. */
static void spaces_to_underscores(char *s)
{
	char *o = s;

	for (char *p = s; *p; p++) {
		if (*p == ' ' || *p == '\t') {
			if (o > s && o[-1] != '_')
				*o++ = '_';
			continue;
		}
		*o++ = *p;
	}
	*o = '\0';
}

static int read_attr(const char *root, const char *dir, const char *attr, char *buf, size_t len)
{
	char path[PATH_MAX];
	ssize_t n;

	snprintf(path, sizeof(path), "%s/%s", dir, attr);
	n = sp_read_text(root, path, buf, len);
	if (n < 0) {
		buf[0] = '\0';
		return (int)n;
	}
	trim(buf);
	return buf[0] ? 0 : -ENODATA;
}

/* SCSI VPD page 0x80 (unit serial number): 4-byte header, then the serial, space padded. */
static int read_vpd_serial(const char *root, const char *dir, char *out, size_t len)
{
	char path[PATH_MAX];
	unsigned char buf[256];
	size_t plen;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/device/vpd_pg80", dir);
	n = sp_read_text(root, path, (char *)buf, sizeof(buf));
	if (n < 5 || buf[1] != 0x80)
		return -ENODATA;
	plen = buf[3];
	if (plen + 4 > (size_t)n)
		plen = n - 4;
	if (plen >= len)
		plen = len - 1;
	for (size_t i = 0; i < plen; i++)
		if (buf[4 + i] < 0x20 || buf[4 + i] > 0x7e)
			return -ENODATA;
	memcpy(out, buf + 4, plen);
	out[plen] = '\0';
	trim(out);
	return out[0] ? 0 : -ENODATA;
}

/* A USB disk's serial lives on the USB device, an ancestor holding idVendor and serial. */
static int read_usb_serial(const char *real_sysdir, char *out, size_t len)
{
	char dir[PATH_MAX], path[PATH_MAX + 16];
	char *slash;
	FILE *fp;

	copy_str(dir, sizeof(dir), real_sysdir);
	while ((slash = strrchr(dir, '/')) && slash != dir) {
		*slash = '\0';
		snprintf(path, sizeof(path), "%s/idVendor", dir);
		if (access(path, F_OK) != 0)
			continue;
		snprintf(path, sizeof(path), "%s/serial", dir);
		fp = fopen(path, "re");
		if (!fp)
			return -ENODATA;
		if (!fgets(out, (int)len, fp))
			out[0] = '\0';
		fclose(fp);
		trim(out);
		return out[0] ? 0 : -ENODATA;
	}
	return -ENODATA;
}

static void fill_transport(const char *name, const char *real, char *out, size_t len)
{
	static const struct {
		const char *prefix, *transport;
	} by_name[] = {
	    {"nvme", "nvme"}, {"loop", "loop"}, {"zram", "zram"}, {"mmcblk", "mmc"},
	    {"vd", "virtio"}, {"md", "md"},	{"dm-", "dm"},
	};
	static const struct {
		const char *part, *transport;
	} by_path[] = {
	    {"/usb", "usb"},	   {"/nvme", "nvme"}, {"/mmc", "mmc"},
	    {"/virtio", "virtio"}, {"/ata", "ata"},
	};

	for (size_t i = 0; i < sizeof(by_name) / sizeof(by_name[0]); i++) {
		if (strncmp(name, by_name[i].prefix, strlen(by_name[i].prefix)) == 0) {
			copy_str(out, len, by_name[i].transport);
			return;
		}
	}
	/* sd* are SCSI disks of every kind: the sysfs path says what bus is underneath */
	for (size_t i = 0; i < sizeof(by_path) / sizeof(by_path[0]); i++) {
		if (real && strstr(real, by_path[i].part)) {
			copy_str(out, len, by_path[i].transport);
			return;
		}
	}
	copy_str(out, len,
		 strncmp(name, "sd", 2) == 0 || strncmp(name, "sr", 2) == 0 ? "scsi" : "unknown");
}

/* wwn- and eui names are stable but unreadable; a model_serial name is what a person checks */
static int by_id_rank(const char *link)
{
	if (strncmp(link, "wwn-", 4) == 0 || strncmp(link, "nvme-eui.", 9) == 0 ||
	    strncmp(link, "nvme-nvme.", 10) == 0)
		return 1;
	return 0;
}

void sp_devident_by_id(const char *root, const char *name, char *out, size_t len)
{
	char full[PATH_MAX], real[PATH_MAX], link[PATH_MAX];
	struct dirent **ents;
	int n, best = -1, best_rank = 9;

	out[0] = '\0';
	n = sp_list_dir(root, "/dev/disk/by-id", &ents);
	if (n < 0)
		return;
	for (int i = 0; i < n; i++) {
		const char *base;

		snprintf(link, sizeof(link), "/dev/disk/by-id/%s", ents[i]->d_name);
		if (sp_root_path(root, link, full, sizeof(full)) || !realpath(full, real))
			continue;
		base = strrchr(real, '/');
		if (!base || strcmp(base + 1, name) != 0)
			continue;
		if (by_id_rank(ents[i]->d_name) < best_rank) {
			best = i;
			best_rank = by_id_rank(ents[i]->d_name);
		}
	}
	if (best >= 0)
		if (snprintf(out, len, "/dev/disk/by-id/%s", ents[best]->d_name) >= (int)len)
			out[0] = '\0'; /* a cut name would be a wrong name */
	sp_free_list(ents, n);
}

void sp_devident_fill(const char *root, const char *name, const char *sysdir,
		      struct sp_device_info *d)
{
	char full[PATH_MAX], real[PATH_MAX], devdir[320];
	const char *realp = NULL;

	if (sp_root_path(root, sysdir, full, sizeof(full)) == 0 && realpath(full, real))
		realp = real;
	fill_transport(name, realp, d->transport, sizeof(d->transport));

	snprintf(devdir, sizeof(devdir), "%s/device", sysdir);
	read_attr(root, devdir, "model", d->model, sizeof(d->model));
	/* NVMe keeps its firmware revision in firmware_rev, SCSI and ATA (via libata) in rev */
	if (read_attr(root, devdir, "firmware_rev", d->firmware, sizeof(d->firmware)) &&
	    read_attr(root, devdir, "rev", d->firmware, sizeof(d->firmware)))
		d->firmware[0] = '\0';
	if (strcmp(d->transport, "loop") != 0 && strcmp(d->transport, "zram") != 0) {
		/*
		 * nvme has device/serial, virtio-blk NAME/serial, a USB disk's is on the USB
		 * device (its bridge's VPD page is often junk), SATA/SAS in VPD page 0x80; the
		 * wwid is the last resort, unique but long.
		 */
		int usb = strcmp(d->transport, "usb") == 0;

		if (read_attr(root, devdir, "serial", d->serial, sizeof(d->serial)) &&
		    read_attr(root, sysdir, "serial", d->serial, sizeof(d->serial)) &&
		    (!usb || !realp || read_usb_serial(realp, d->serial, sizeof(d->serial))) &&
		    read_vpd_serial(root, sysdir, d->serial, sizeof(d->serial)) &&
		    read_attr(root, devdir, "wwid", d->serial, sizeof(d->serial)))
			d->serial[0] = '\0';
		spaces_to_underscores(d->serial);
		/* the bridge's serial is the bridge's: the disk behind it says its own through
		 * VPD 0x80 when the bridge translates SCSI to ATA (SAT) */
		if (usb &&
		    read_vpd_serial(root, sysdir, d->disk_serial, sizeof(d->disk_serial)) == 0) {
			spaces_to_underscores(d->disk_serial);
			if (!strcmp(d->disk_serial, d->serial))
				d->disk_serial[0] = '\0';
		}
	}
	sp_devident_by_id(root, name, d->by_id, sizeof(d->by_id));
}
