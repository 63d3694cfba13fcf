/*
 * fsinfo.h - what the filesystem holding a directory is and how much room it has, read for
 * `measure --try file:DIR` before anything is created there (the decision is core/plan/tryplace.h).
 */
#ifndef SP_FSINFO_H
#define SP_FSINFO_H

#include "core/plan/tryplace.h"

/*
 * Read the filesystem of directory dir into out: statfs (type, read-only flag, size and the
 * blocks free to an unprivileged user) and the directory's inode flags (FS_IOC_GETFLAGS:
 * FS_NOCOW_FL; a filesystem without the ioctl has none). Changes nothing.
 * Returns: 0, -ENOENT when dir does not exist, -ENOTDIR when it is not a directory, other
 * -errno.
 */
int sp_fs_read(const char *dir, struct sp_try_fs *out);

#endif
