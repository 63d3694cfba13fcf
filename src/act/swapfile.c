/*
 * swapfile.c - writing the swap file without holes and mapping it with FIEMAP
 * (see swapfile.h).
 */
#include "act/swapfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "act/swap.h"
#include "act/undo.h"
#include "core/model/extents.h"
#include "sys/log.h"
#include "sys/sysfs.h"

#define CHUNK (1u << 20)
#define FIEMAP_BATCH 128

/* chattr +C on the empty file: on btrfs nocow takes only while a file has no data yet */
static int set_nocow(int fd)
{
	int flags = 0;

	if (ioctl(fd, FS_IOC_GETFLAGS, &flags) < 0)
		return -errno;
	flags |= FS_NOCOW_FL;
	if (ioctl(fd, FS_IOC_SETFLAGS, &flags) < 0)
		return -errno;
	if (ioctl(fd, FS_IOC_GETFLAGS, &flags) < 0)
		return -errno;
	return flags & FS_NOCOW_FL ? 0 : -EOPNOTSUPP;
}

int sp_swapfile_create(const char *path, uint64_t bytes)
{
	return sp_swapfile_create_flags(path, bytes, 0);
}

int sp_swapfile_create_flags(const char *path, uint64_t bytes, unsigned flags)
{
	long page_size = sysconf(_SC_PAGESIZE);
	uint64_t done = 0;
	char *buf;
	int fd, ret = 0;

	if (!bytes || bytes % (uint64_t)page_size)
		return -EINVAL;
	buf = malloc(CHUNK);
	if (!buf)
		return -ENOMEM;
	/*
	 * non-zero, so no filesystem can turn it into a hole or a zero-extent. Written with data,
	 * not fallocate'd: every block of the file is mapped on an SSD too, so its device probe
	 * reads written blocks without the write run gives its swap partitions on one (run.c
	 * write_ranges; report.json device_probe.range_written is true for the file). The
	 * pattern compresses, which only a compressing controller would notice.
	 */
	memset(buf, 0x5a, CHUNK);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0) {
		ret = -errno;
		free(buf);
		return ret;
	}
	if (fchmod(fd, 0600) < 0) /* whatever the umask: swapon warns about anything wider */
		ret = -errno;
	if (!ret && (flags & SP_SWAPFILE_NOCOW))
		ret = set_nocow(fd);
	while (!ret && done < bytes) {
		size_t len = bytes - done < CHUNK ? (size_t)(bytes - done) : CHUNK;

		if (sp_interrupted()) {
			ret = -EINTR;
			break;
		}
		ret = sp_write_all(fd, buf, len);
		done += len;
	}
	if (!ret && fsync(fd) < 0)
		ret = -errno;
	if (close(fd) < 0 && !ret)
		ret = -errno;
	free(buf);
	if (!ret)
		ret = sp_mkswap(path, bytes, "swapplace-file");
	sp_debug("swapfile", "create %s %llu bytes -> %d", path, (unsigned long long)bytes, ret);
	if (ret)
		unlink(path);
	return ret;
}

int sp_swapfile_extents(const char *path, uint64_t part_start_sector, struct sp_extent *out,
			size_t max, size_t *n)
{
	const uint32_t bad = FIEMAP_EXTENT_UNKNOWN | FIEMAP_EXTENT_DELALLOC |
			     FIEMAP_EXTENT_ENCODED | FIEMAP_EXTENT_DATA_INLINE |
			     FIEMAP_EXTENT_DATA_TAIL | FIEMAP_EXTENT_NOT_ALIGNED;
	struct fiemap *fm;
	struct stat st;
	uint64_t next_logical = 0, prev_end = 0, flags = FIEMAP_FLAG_SYNC;
	size_t count = 0;
	int fd, ret = 0, last = 0;

	*n = 0;
	fd = sp_open_stat(path, O_RDONLY, &st);
	if (fd < 0)
		return fd;
	fm = calloc(1, sizeof(*fm) + FIEMAP_BATCH * sizeof(struct fiemap_extent));
	if (!fm) {
		close(fd);
		return -ENOMEM;
	}
	while (!last && next_logical < (uint64_t)st.st_size) {
		uint32_t i;

		memset(fm, 0, sizeof(*fm));
		fm->fm_start = next_logical;
		fm->fm_length = FIEMAP_MAX_OFFSET - next_logical;
		fm->fm_flags = flags;
		fm->fm_extent_count = FIEMAP_BATCH;
		if (ioctl(fd, FS_IOC_FIEMAP, fm) < 0) {
			ret = -errno;
			break;
		}
		flags = 0; /* synced once is enough */
		if (!fm->fm_mapped_extents) {
			ret = -ENODATA; /* a hole up to the end */
			break;
		}
		for (i = 0; i < fm->fm_mapped_extents; i++) {
			const struct fiemap_extent *fe = &fm->fm_extents[i];
			uint64_t start = part_start_sector + fe->fe_physical / 512;
			uint64_t sectors = fe->fe_length / 512;

			if (fe->fe_flags & FIEMAP_EXTENT_LAST)
				last = 1;
			if (fe->fe_logical != next_logical ||
			    (fe->fe_flags & FIEMAP_EXTENT_UNWRITTEN)) {
				ret = -ENODATA;
				break;
			}
			if (fe->fe_flags & bad || fe->fe_physical % 512 || fe->fe_length % 512) {
				ret = -EOPNOTSUPP;
				break;
			}
			next_logical = fe->fe_logical + fe->fe_length;
			if (count && prev_end == start) {
				prev_end += sectors;
				if (count <= max)
					out[count - 1].sectors += sectors;
				continue;
			}
			if (count < max) {
				out[count].start_sector = start;
				out[count].sectors = sectors;
			}
			count++;
			prev_end = start + sectors;
		}
		if (ret)
			break;
	}
	if (!ret && next_logical < (uint64_t)st.st_size)
		ret = -ENODATA;
	free(fm);
	close(fd);
	*n = count;
	sp_debug("swapfile", "%s: %zu extents -> %d", path, count, ret);
	if (!ret && count > max)
		ret = -E2BIG;
	return ret;
}

int sp_tree_extents(const char *dir, const char *sub, uint64_t part_start_sector,
		    struct sp_extent *out, size_t max, size_t *n)
{
	char where[4096], path[4096];
	struct dirent *de;
	DIR *d;
	int ret = 0;

	*n = 0;
	if ((size_t)snprintf(where, sizeof(where), "%s%s%s", dir, sub ? "/" : "", sub ? sub : "") >=
	    sizeof(where))
		return -ENAMETOOLONG;
	d = opendir(where);
	if (!d)
		return -errno;
	while (!ret && (de = readdir(d))) {
		struct sp_extent one[SP_MAX_EXTENTS];
		struct stat st;
		size_t m = 0;

		if ((size_t)snprintf(path, sizeof(path), "%s/%s", where, de->d_name) >=
		    sizeof(path)) {
			ret = -ENAMETOOLONG;
			break;
		}
		if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode) || !st.st_size)
			continue;
		ret = sp_swapfile_extents(path, part_start_sector, one, SP_MAX_EXTENTS, &m);
		/* more extents than room: the first ones still say where the file starts */
		if (ret == -E2BIG) {
			ret = 0;
			m = SP_MAX_EXTENTS;
		}
		for (size_t i = 0; i < m && !ret; i++)
			ret = sp_extents_add(out, n, max, one[i].start_sector, one[i].sectors);
	}
	closedir(d);
	return ret;
}
