/*
 * tryplace.h - `measure --try LIST`: the temporary placements a live server can be measured
 * on without giving up a disk (a zram device, a swap file in a filesystem it already has), and
 * the rules that decide, before anything is created, whether a directory may hold that swap
 * file.
 *
 * Pure: sys/fsinfo.c reads the directory's filesystem (statfs, the directory's inode flags)
 * into struct sp_try_fs; the decision here (type, read-only, room; whether btrfs needs the file
 * made nocow) is made from
 * those facts alone, so every refusal is unit-tested without a filesystem. Reasons are
 * fragments the edge prints after "refusing to try a swap file in 'DIR': ".
 */
#ifndef SP_TRYPLACE_H
#define SP_TRYPLACE_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

/* Where the swap file goes when `file` names no directory: disk-backed on every distribution
 * (unlike /tmp, which is tmpfs on many), and meant for temporary files that outlive a boot. */
#define SP_TRY_DEFAULT_DIR "/var/tmp"

#define SP_TRY_MAX 8 /* items of one --try list */
#define SP_TRY_ALG_MAX 32
#define SP_TRY_DIR_MAX 256

enum sp_try_kind {
	SP_TRY_ZRAM, /* a zram device of ours: "zram" (the machine's compressor) or "zram-ALG" */
	SP_TRY_FILE, /* a swap file of ours: "file" (SP_TRY_DEFAULT_DIR) or "file:DIR" */
};

struct sp_try_item {
	enum sp_try_kind kind;
	char alg[SP_TRY_ALG_MAX]; /* SP_TRY_ZRAM: the compressor, "" for the machine's own */
	char dir[SP_TRY_DIR_MAX]; /* SP_TRY_FILE: the directory as given (never "") */
};

/*
 * Parse --try LIST: a comma list of zram, zram-ALG, file, file:DIR and none (accepted and
 * ignored: the no-swap baseline is always measured beside). At most one file; a compressor at
 * most once ("zram" counts as the machine's own, so "zram,zram-lz4" is two devices even when
 * lz4 is the machine's own: the edge refuses that one once it knows).
 * Returns: 0 with *n items (0 when the list is only "none"); -EINVAL with the reason in e
 * for an empty or unknown item, a second file, a compressor twice, a name too long, or more
 * than max items.
 */
int sp_try_parse(const char *list, struct sp_try_item *out, size_t max, size_t *n,
		 struct sp_err *e);

/* The placement's name in the report: "try-file", "try-zram-lz4". */
int sp_try_name(const struct sp_try_item *it, const char *alg, char *buf, size_t len);

/* What the edge read of the filesystem holding the directory (sys/fsinfo.h). */
struct sp_try_fs {
	uint64_t magic;	       /* statfs f_type */
	int read_only;	       /* mounted read-only (ST_RDONLY) */
	int dir_nocow;	       /* the directory has FS_NOCOW_FL: files made in it inherit it */
	uint64_t block_bytes;  /* f_frsize (f_bsize when 0): the unit of the two counts below */
	uint64_t blocks;       /* the filesystem's size */
	uint64_t avail_blocks; /* free to an unprivileged user: root's reserve is not ours */
};

/* The filesystem's name for a statfs magic ("ext2/3/4", "tmpfs", "nfs"), or NULL unknown. */
const char *sp_fs_magic_name(uint64_t magic);

/* The swap file of a try: twice the budget, as run's smallest --swap-size, whole MiB. */
uint64_t sp_try_file_bytes(uint64_t budget_bytes);

/*
 * Room the filesystem keeps beyond the swap file: 5 % of its size, at least 64 MiB, so a live
 * server's logs and databases do not hit a full disk because of the measurement.
 */
#define SP_TRY_MARGIN_PCT 5
#define SP_TRY_MARGIN_MIN_BYTES (64ull << 20)
uint64_t sp_try_margin_bytes(const struct sp_try_fs *fs);

/*
 * May the filesystem fs hold a swap file of file_bytes? The first rule that refuses:
 *   a RAM filesystem (tmpfs, ramfs): swap in RAM is no swap            -> -EOPNOTSUPP
 *   a network or user-space filesystem (nfs, cifs/smb, fuse, 9p, ceph, afs, coda)
 *                                                                      -> -EOPNOTSUPP
 *   overlayfs, zfs, a read-only format (squashfs, iso9660, erofs)      -> -EOPNOTSUPP
 *   any type not known to hold a swap file (ext2/3/4, xfs, f2fs, btrfs) -> -EOPNOTSUPP
 *   mounted read-only                                                   -> -EROFS
 *   less free than file_bytes + sp_try_margin_bytes() (both said)       -> -ENOSPC
 * Returns: 0 when it may, else the code above with the reason in e (may be NULL); -EINVAL for NULL.
 */
int sp_try_fs_check(const struct sp_try_fs *fs, uint64_t file_bytes, struct sp_err *e);

/*
 * Must the swap file be made nocow (chattr +C on the empty file, act/swapfile.h
 * SP_SWAPFILE_NOCOW)? On btrfs, where a swap file must be nocow, unless the directory is
 * NOCOW already (its new files inherit it). Returns 1 or 0.
 */
int sp_try_fs_needs_nocow(const struct sp_try_fs *fs);

#endif
