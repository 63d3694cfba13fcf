/*
 * backup.h - reading what `run` is about to overwrite, and keeping it: the partition table as
 * libfdisk's script and the disk's first and last MiB, read past the page cache, written into
 * a backup directory (core/safety/backup.h says what it holds) that is complete or absent.
 *
 * Reads only: the device is opened read-only (a plain open beside run's O_EXCL hold is ours
 * too). The files are written like the report (out/report_io.h): each under a temporary
 * directory, fsynced, then the directory renamed into place and its parent fsynced, so after
 * sp_backup_save() returns 0 the backup survives a power cut.
 */
#ifndef SP_SYS_BACKUP_H
#define SP_SYS_BACKUP_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/model/report.h"
#include "core/safety/backup.h"

/*
 * The partition table of dev as libfdisk's script (what `sfdisk -d` prints), in *text
 * (malloc'd, the caller frees it); SP_BACKUP_NO_TABLE when it has none. label gets the
 * table's kind: "gpt", "dos", ..., or "none". Returns: 0, or -errno.
 */
int sp_backup_table_dump(const char *dev, char **text, char *label, size_t label_len);

/*
 * Read len bytes of dev at off (both whole logical sectors) into buf, with O_DIRECT so the
 * page cache cannot answer for the disk (on a device that refuses O_DIRECT: its buffers
 * flushed with BLKFLSBUF, then a plain read). Returns: 0, -EIO on a short read, or -errno.
 */
int sp_backup_read_range(const char *dev, uint64_t off, uint64_t len, void *buf);

/*
 * Save the backup of device d into out_dir/backup-<d->name>: identity, table.sfdisk,
 * first.bin, last.bin; fill entry (device; dir, "backup-<name>", relative to out_dir: the
 * report's directory moves, on the appliance from its temporary name to its final one, and
 * with the stick to wherever another machine mounts it; table; restore left to the caller). Refuses
 * to replace a backup already there (-EEXIST): an earlier run's backup of the same disk in a reused
 * --out is the one that holds the owner's table. Returns: 0, or -errno with e saying which step
 * failed (nothing is left behind then).
 */
int sp_backup_save(const char *out_dir, const struct sp_device_info *d,
		   struct sp_backup_entry *entry, struct sp_err *e);

/* A backup directory read into memory by sp_backup_load(). */
struct sp_backup {
	struct sp_backup_identity id;
	char *table;	      /* table.sfdisk's text */
	unsigned char *first; /* id.first_bytes, aligned for O_DIRECT */
	unsigned char *last;  /* id.last_bytes, aligned for O_DIRECT */
};

/*
 * Read dir's four files and check them against each other: the identity parses, the two
 * ranges have exactly its lengths, table.sfdisk is there. Returns: 0, -ENOENT (a file is
 * missing), -EINVAL (bad identity, a file of the wrong length), or -errno; e says which file.
 * Free with sp_backup_free() (also after a failure).
 */
int sp_backup_load(const char *dir, struct sp_backup *b, struct sp_err *e);
void sp_backup_free(struct sp_backup *b);

#endif
