/*
 * sysfs.h - reading /proc and /sys through a root prefix, and writing sysfs knobs.
 *
 * Every reader takes a root: NULL, "" or "/" is the live system, anything else is a directory
 * holding a captured tree (tests/fixtures/...), the way util-linux tests read fake /proc and
 * /sys. That keeps device enumeration and machine probing testable without root. Writers act
 * on the live system only: nothing writes into a fixture.
 */
#ifndef SP_SYSFS_H
#define SP_SYSFS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Nonzero when root names the live system (NULL, "" or "/"). */
int sp_root_is_live(const char *root);

/*
 * Join root and an absolute path into out ("/sys/block" under "fx" is "fx/sys/block").
 * Returns: 0, or -ENAMETOOLONG when out is too small.
 */
int sp_root_path(const char *root, const char *path, char *out, size_t len);

/* "dir/name" into out. Returns: 0, or -ENAMETOOLONG when out is too small. */
int sp_path_join(const char *dir, const char *name, char *out, size_t len);

/*
 * The sysfs file of a block device's attribute: "/sys/class/block/NAME/ATTR" for dev
 * "/dev/NAME" or "NAME" (/sys/class/block lists disks, partitions and zram devices alike).
 * Returns: 0, -EINVAL for an empty name or attribute, -ENAMETOOLONG when out is too small.
 */
int sp_block_attr_path(const char *dev, const char *attr, char *out, size_t len);

/*
 * Read root+path into buf, NUL-terminated, with trailing newlines removed (sysfs files end in
 * one). A file longer than len-1 is truncated. Returns: the length kept, or -errno.
 */
ssize_t sp_read_text(const char *root, const char *path, char *buf, size_t len);

/*
 * Like sp_read_text(), for a value that is compared with or written back later (a sysctl's old
 * value): read with one read() (procfs sysctl handlers see a second one as the end), trailing
 * spaces dropped as well as newlines, and a value that does not fit in len-1 bytes is an error
 * rather than truncated, so a cut value is never restored.
 * Returns: the length kept, -ENAMETOOLONG when buf is too small, or -errno.
 */
ssize_t sp_read_value(const char *root, const char *path, char *buf, size_t len);

/*
 * Read the whole file root+path into a malloc'd NUL-terminated buffer (for /proc files whose
 * size is not known: mountinfo, vmstat). Returns: 0 and *text (free() it), or -errno.
 */
int sp_read_all(const char *root, const char *path, char **text);

/* Read a decimal unsigned number (surrounding whitespace allowed). Returns: 0, -errno, -EINVAL. */
int sp_read_u64(const char *root, const char *path, uint64_t *v);

/* Nonzero when root+path exists (stat follows symlinks). */
int sp_root_exists(const char *root, const char *path);

/*
 * Write all len bytes of buf to fd (a pipe, a regular file), continuing after short writes and
 * EINTR. Not for sysfs attributes: they take one write (sp_write_text).
 * Returns: 0, or -errno (-EIO when write() makes no progress).
 */
int sp_write_all(int fd, const void *buf, size_t len);

struct stat;

/*
 * open(path, flags | O_CLOEXEC) and fstat what was opened (the file itself, not what the name
 * points to a moment later). Returns: the descriptor, or -errno (nothing left open).
 */
int sp_open_stat(const char *path, int flags, struct stat *st);

/*
 * fsync a directory, so the names of the files just made in it survive a power cut too. A
 * filesystem that cannot sync a directory (EINVAL) has nothing to sync: that is success.
 * Returns: 0, or -errno.
 */
int sp_fsync_dir(const char *dir);

/*
 * Write text to a file of the live system (sysfs, procfs) in one write(2), as the kernel
 * expects for attributes (retried only on EINTR, which wrote nothing).
 * Returns: 0, or -errno (a short write is -EIO).
 */
int sp_write_text(const char *path, const char *text);

struct dirent;

/*
 * The entries of root+dir without dot entries, in version order (sda2 before sda10). *names is
 * freed with sp_free_list. Returns: the count, or -errno.
 */
int sp_list_dir(const char *root, const char *dir, struct dirent ***names);
void sp_free_list(struct dirent **names, int n);

#endif
