/*
 * fsinfo.c - the filesystem under a directory, read-only (see fsinfo.h).
 */
#include "sys/fsinfo.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

int sp_fs_read(const char *dir, struct sp_try_fs *out)
{
	struct statfs sf;
	struct stat st;
	int fd, flags = 0;

	memset(out, 0, sizeof(*out));
	if (stat(dir, &st) < 0)
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;
	if (statfs(dir, &sf) < 0)
		return -errno;
	out->magic = (uint64_t)(unsigned long)sf.f_type;
	/* statfs's f_flags carries the mount flags since Linux 2.6.36, as statvfs's */
	out->read_only = (sf.f_flags & ST_RDONLY) != 0;
	out->block_bytes = sf.f_frsize ? (uint64_t)sf.f_frsize : (uint64_t)sf.f_bsize;
	out->blocks = sf.f_blocks;
	out->avail_blocks = sf.f_bavail;
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/* ENOTTY and friends: a filesystem without inode flags has no nocow either */
	if (ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0)
		out->dir_nocow = (flags & FS_NOCOW_FL) != 0;
	close(fd);
	return 0;
}
