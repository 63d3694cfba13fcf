/*
 * blkdev.c - block device geometry (see blkdev.h).
 */
#include "sys/blkdev.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

int sp_blkdev_geometry(int fd, uint64_t *size_bytes, uint32_t *lbs)
{
	struct stat st;
	int ssz;

	if (fstat(fd, &st) < 0)
		return -errno;
	if (S_ISBLK(st.st_mode)) {
		if (ioctl(fd, BLKGETSIZE64, size_bytes) < 0)
			return -errno;
		if (ioctl(fd, BLKSSZGET, &ssz) < 0)
			return -errno;
		*lbs = (uint32_t)ssz;
		return 0;
	}
	if (S_ISREG(st.st_mode)) {
		*size_bytes = (uint64_t)st.st_size;
		*lbs = 512;
		return 0;
	}
	return -ENOTBLK;
}

/* The whole disk of partition rdev from sysfs (/sys/dev/block/M:m/../dev); rdev for a disk. */
static uint64_t disk_of(uint64_t rdev)
{
	char path[96], text[32];
	unsigned int ma, mi;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/partition", major(rdev), minor(rdev));
	if (access(path, F_OK) < 0)
		return rdev;
	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/../dev", major(rdev), minor(rdev));
	f = fopen(path, "re");
	if (!f)
		return 0;
	if (!fgets(text, sizeof(text), f) || sscanf(text, "%u:%u", &ma, &mi) != 2) {
		fclose(f);
		return 0;
	}
	fclose(f);
	return makedev(ma, mi);
}

int sp_blkdev_id_fd(int fd, struct sp_blkdev_id *id)
{
	struct stat st;
	uint64_t seq = 0;

	memset(id, 0, sizeof(*id));
	if (fstat(fd, &st) < 0)
		return -errno;
	if (!S_ISBLK(st.st_mode))
		return -ENOTBLK;
	id->rdev = st.st_rdev;
	id->disk_rdev = disk_of(st.st_rdev);
#ifdef BLKGETDISKSEQ
	/* ENOTTY (a kernel before 5.15): the device numbers are all there is */
	if (ioctl(fd, BLKGETDISKSEQ, &seq) == 0)
		id->diskseq = seq;
#endif
	return 0;
}

int sp_blkdev_id_path(const char *path, struct sp_blkdev_id *id)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK), ret;

	if (fd < 0)
		return -errno;
	ret = sp_blkdev_id_fd(fd, id);
	close(fd);
	return ret;
}

int sp_blkdev_id_match(const struct sp_blkdev_id *want, const struct sp_blkdev_id *got)
{
	if (want->rdev && want->rdev != got->rdev)
		return 0;
	if (want->disk_rdev && want->disk_rdev != got->disk_rdev)
		return 0;
	if (want->diskseq && want->diskseq != got->diskseq)
		return 0;
	return 1;
}

void sp_blkdev_id_format(const struct sp_blkdev_id *id, char *buf, size_t len)
{
	if (id->diskseq)
		snprintf(buf, len, "device %u:%u, disk sequence %llu", major(id->rdev),
			 minor(id->rdev), (unsigned long long)id->diskseq);
	else
		snprintf(buf, len, "device %u:%u, no disk sequence", major(id->rdev),
			 minor(id->rdev));
}
