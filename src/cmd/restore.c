/*
 * restore.c - `swapplace restore BACKUP_DIR --target DEV --confirm ID`: a run's backup
 * (sys/backup.h) back onto the disk it was taken of, then proved by reading it back.
 *
 *   load the backup -> find the disk and vet it as run does (core/safety/safety) -> is it the
 *   backup's disk (core/safety/backup) -> confirm -> hold O_EXCL -> write, re-read the table
 *   (act/restore) -> read both ranges back and compare byte for byte, dump the table and
 *   compare it with table.sfdisk
 *
 * Every refusal comes before the first write and exits 3; a failed write or verification
 * exits 1.
 */
#include "act/restore.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "act/hold.h"
#include "act/undo.h"
#include "cmd/commands.h"
#include "cmd/fail.h"
#include "cmd/run_common.h"
#include "core/safety/backup.h"
#include "core/safety/safety.h"
#include "sys/backup.h"
#include "sys/devices.h"

/* the disk read back against the backup: both ranges and the table. Returns an exit code. */
static int verify(const char *dev, const struct sp_backup *b)
{
	const struct sp_backup_identity *id = &b->id;
	unsigned char *first = NULL, *last = NULL;
	char *table = NULL, label[16], diff[512];
	int ret, rc = SP_EXIT_OK;

	if (posix_memalign((void **)&first, 4096, id->first_bytes) ||
	    posix_memalign((void **)&last, 4096, id->last_bytes)) {
		free(first);
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(-ENOMEM), "cannot verify '%s'", dev);
	}
	ret = sp_backup_read_range(dev, id->first_offset, id->first_bytes, first);
	if (!ret)
		ret = sp_backup_read_range(dev, id->last_offset, id->last_bytes, last);
	if (ret < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot read '%s' back", dev);
		goto out;
	}
	if (memcmp(first, b->first, id->first_bytes) || memcmp(last, b->last, id->last_bytes)) {
		rc = sp_fail(SP_EXIT_FAILURE, NULL,
			     "verification failed: the %s MiB of '%s' read "
			     "back differs from the backup",
			     memcmp(first, b->first, id->first_bytes) ? "first" : "last", dev);
		goto out;
	}
	ret = sp_backup_table_dump(dev, &table, label, sizeof(label));
	if (ret < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret),
			     "cannot read the partition table of "
			     "'%s' back",
			     dev);
		goto out;
	}
	if (sp_backup_table_same(b->table, table, diff, sizeof(diff))) {
		rc = sp_fail(SP_EXIT_FAILURE, NULL,
			     "verification failed: the partition table of "
			     "'%s' is not the one saved: %s",
			     dev, diff);
		goto out;
	}
	printf("verified: the first and last %llu bytes of %s read back identical to the "
	       "backup;\n  its partition table (%s) is the one saved\n",
	       (unsigned long long)id->first_bytes, dev, label);
out:
	free(first);
	free(last);
	free(table);
	return rc;
}

int sp_cmd_restore(const struct sp_config *c)
{
	struct sp_sys_facts *facts = calloc(1, sizeof(*facts));
	struct sp_device_info d;
	struct sp_backup b;
	struct sp_hold hold;
	struct sp_err e;
	int rc, ret, reread;

	sp_err_init(&e);
	sp_hold_init(&hold);
	memset(&b, 0, sizeof(b));
	if (!facts)
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(-ENOMEM), "cannot restore");
	if (geteuid() != 0) {
		rc = sp_fail(SP_EXIT_FAILURE, NULL, "'restore' needs root: it writes '%s'",
			     c->target);
		goto out;
	}
	/* not while a run measures: its disks and its timings are not to be disturbed */
	rc = run_lock("restore");
	if (rc != SP_EXIT_OK)
		goto out;
	ret = sp_backup_load(c->input, &b, &e);
	if (ret < 0) {
		rc = sp_fail(SP_EXIT_REFUSED, &e, "refusing to restore from '%s'", c->input);
		goto out;
	}
	ret = sp_facts_gather("", facts);
	if (ret < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret),
			     "cannot read the system's mounts and swaps");
		goto out;
	}
	ret = sp_device_resolve("", facts, c->target, &d);
	if (ret < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot use '%s' as a target",
			     c->target);
		goto out;
	}
	/* the same refusals as run's (mounted, swap, holders, root, boot medium, partition) */
	if (sp_safety_check_target(&d, 0, &e) < 0 || sp_backup_identity_match(&b.id, &d, &e) < 0 ||
	    sp_confirm_check(&d, c->confirm, &e) < 0) {
		rc = sp_fail(SP_EXIT_REFUSED, &e, "refusing to touch '%s'", c->target);
		goto out;
	}
	ret = sp_hold_take(&hold, d.path, O_RDWR);
	if (ret < 0) {
		rc = sp_fail(SP_EXIT_REFUSED, NULL, "refusing to touch '%s': it is in use (%s)",
			     c->target, strerror(-ret));
		goto out;
	}
	fprintf(stderr, "swapplace: restoring '%s' (%s, saved from %s) from '%s'\n", d.path,
		b.id.table, b.id.path, c->input);
	ret = sp_restore_write(d.path, hold.fd, &b, &reread, &e);
	if (ret < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, &e, "cannot restore '%s'", d.path);
		goto out;
	}
	if (reread < 0)
		fprintf(stderr,
			"swapplace: warning: the kernel did not re-read the partition table "
			"of '%s' (%s): the table on the disk is restored, the kernel sees it "
			"after a reboot or 'partx -u %s'\n",
			d.path, strerror(-reread), d.path);
	rc = verify(d.path, &b);
out:
	sp_undo_all();
	sp_backup_free(&b);
	free(facts);
	return rc;
}
