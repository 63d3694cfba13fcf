/*
 * backup.h - the pure half of `run`'s partition backup and `swapplace restore`: what a backup
 * directory holds, the identity file's format, whether a disk is the one a backup was taken
 * of, and whether a partition table read back is the one saved.
 *
 * A backup directory (sys/backup.h writes it, act/restore.h puts it back) holds:
 *
 *	identity	key=value lines (SP_BACKUP_IDENTITY below): which disk, how large, what
 *			table, where the two ranges lie, when it was saved
 *	table.sfdisk	the partition table as libfdisk's script (sfdisk -d), or a comment line
 *			saying the disk had none
 *	first.bin	the disk's first MiB, raw
 *	last.bin	the disk's last MiB, raw
 *
 * No checksums: restore verifies by reading the disk back and comparing it byte for byte with
 * the files, and refuses files whose length is not the identity's (a short copy).
 */
#ifndef SP_BACKUP_H
#define SP_BACKUP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "core/err.h"
#include "core/model/report.h"

#define SP_BACKUP_RANGE_BYTES (1u << 20) /* each of the two raw ranges, at most */
#define SP_BACKUP_FORMAT 1		 /* the identity's "swapplace-backup=" version */
#define SP_BACKUP_IDENTITY "identity"
#define SP_BACKUP_TABLE "table.sfdisk"
#define SP_BACKUP_FIRST "first.bin"
#define SP_BACKUP_LAST "last.bin"
#define SP_BACKUP_NO_TABLE "# no partition table\n" /* table.sfdisk of a disk without one */

/* What the identity file says. */
struct sp_backup_identity {
	char name[32];	 /* kernel name when saved: sdb, loop3 */
	char path[64];	 /* /dev/sdb */
	char model[64];	 /* "" when the disk has none */
	char serial[64]; /* "" when the disk has none */
	uint64_t size_bytes;
	uint32_t logical_sector;
	char table[16];			    /* gpt, dos, none */
	uint64_t first_offset, first_bytes; /* the first range: offset 0 */
	uint64_t last_offset, last_bytes;   /* the last range: it ends at size_bytes */
	time_t saved;			    /* unix seconds */
};

/*
 * The identity of device d now: its name, path, model, serial, size, sector size, and the two
 * ranges (sp_backup_ranges); table and saved are the caller's.
 * Returns: 0, -EINVAL for a size of 0 or a size that is not a whole number of sectors.
 */
int sp_backup_identity_of(const struct sp_device_info *d, struct sp_backup_identity *id);

/*
 * The first and the last min(1 MiB, size) bytes of a disk of size_bytes (sectors of
 * sector_bytes): both ranges start and end on sector boundaries (1 MiB is a whole number of
 * any sector size a disk has). Returns: 0, or -EINVAL (zero, or not whole sectors).
 */
int sp_backup_ranges(uint64_t size_bytes, uint32_t sector_bytes, struct sp_backup_identity *id);

/* The identity as its file's text (a line per key, value to the end of the line; a newline
 * in a value is written as '?'). Returns: 0, or -EIO when out fails. */
int sp_backup_identity_write(FILE *out, const struct sp_backup_identity *id);

/*
 * Parse the identity file's text. Unknown keys are ignored (a later version may add some);
 * the format line, size_bytes, logical_sector, table and both ranges are required and must
 * agree with each other (ranges inside the disk, on sector boundaries, the last ending at the
 * disk's end). Returns: 0, or -EINVAL with e saying which key.
 */
int sp_backup_identity_parse(const char *text, struct sp_backup_identity *id, struct sp_err *e);

/*
 * Is d the disk backup b was taken of? Its size and logical sector size must be the same
 * exactly, and its serial too where both have one (a kernel name or path is no identity: they
 * change between boots). e's reason names what differs and both values.
 * Returns: 0, or -EPERM with e set.
 */
int sp_backup_identity_match(const struct sp_backup_identity *b, const struct sp_device_info *d,
			     struct sp_err *e);

/*
 * Are two libfdisk script dumps the same table? Everything is compared but the names a disk
 * and its partitions go by ("device: /dev/loop3" and the "/dev/loop3p1 :" before each
 * partition, which becomes its number): a table restored onto the same disk under another
 * name is the same table. diff gets the first line that differs, from each side.
 * Returns: 0 when the same, 1 when not.
 */
int sp_backup_table_same(const char *saved, const char *now, char *diff, size_t len);

/* The backup directory's name for a device of kernel name name: "backup-<name>". Returns: 0,
 * -ENAMETOOLONG. */
int sp_backup_dir_name(const char *name, char *buf, size_t len);

/*
 * The command line that puts backup dir back on target: swapplace restore DIR --target DEV
 * --confirm ID, each argument single-quoted for a POSIX shell where it needs it.
 * Returns: 0, or -ENAMETOOLONG.
 */
int sp_backup_restore_cmd(const char *dir, const char *target, const char *confirm, char *buf,
			  size_t len);

#endif
