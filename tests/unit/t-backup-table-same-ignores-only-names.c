/*
 * t-backup-table-same-ignores-only-names - restore compares the partition table it reads back
 * with the one saved (libfdisk's script, as `sfdisk -d` prints it): the same table under
 * another device name (loop3 then loop7, sdb then sdc, nvme0n1p1) is the same; any other
 * difference - a start, a size, a type, a uuid, the disk's label-id, a partition more or
 * less, a table of another kind - is not, and the first differing line is named.
 */
#include <string.h>

#include "check.h"
#include "core/safety/backup.h"

static const char saved[] =
    "label: gpt\n"
    "label-id: 2E3973BB-B780-844C-824E-8EB608A39CFB\n"
    "device: /dev/loop3\n"
    "unit: sectors\n"
    "first-lba: 2048\n"
    "last-lba: 2097118\n"
    "sector-size: 512\n"
    "\n"
    "/dev/loop3p1 : start=        2048, size=      204800, type=0FC63DAF-8483-4772-8E79-"
    "3D69D8477DE4, uuid=743A7D40-0C01-D549-99A4-033DDCF5947E\n"
    "/dev/loop3p2 : start=      206848, size=      409600, type=0657FD6D-A4AB-43C4-84E5-"
    "0933C84B4F4F, uuid=D75FE44E-BAA0-8749-B3E7-0008B9CB91C3, name=\"a: b\"\n";

/* saved with from replaced by to (every occurrence) */
static void subst(const char *from, const char *to, char *out, size_t len)
{
	const char *p = saved, *q;

	out[0] = '\0';
	while ((q = strstr(p, from))) {
		snprintf(out + strlen(out), len - strlen(out), "%.*s%s", (int)(q - p), p, to);
		p = q + strlen(from);
	}
	snprintf(out + strlen(out), len - strlen(out), "%s", p);
}

int main(void)
{
	char now[2048], diff[512];

	CHECK(sp_backup_table_same(saved, saved, diff, sizeof(diff)) == 0);
	CHECK_STR(diff, "");
	subst("/dev/loop3", "/dev/loop7", now, sizeof(now));
	CHECK(sp_backup_table_same(saved, now, diff, sizeof(diff)) == 0);
	subst("/dev/loop3p", "/dev/sdc", now, sizeof(now));
	CHECK(sp_backup_table_same(saved, now, diff, sizeof(diff)) == 0);

	subst("start=      206848", "start=      206849", now, sizeof(now));
	CHECK(sp_backup_table_same(saved, now, diff, sizeof(diff)) == 1);
	CHECK(strstr(diff, "206849") != NULL && strstr(diff, "#2 :") != NULL);
	subst("size=      409600", "size=      409608", now, sizeof(now));
	CHECK(sp_backup_table_same(saved, now, diff, sizeof(diff)) == 1);
	subst("0657FD6D", "0FC63DAF", now, sizeof(now));
	CHECK(sp_backup_table_same(saved, now, diff, sizeof(diff)) == 1);
	subst("D75FE44E", "D75FE44F", now, sizeof(now));
	CHECK(sp_backup_table_same(saved, now, diff, sizeof(diff)) == 1);
	subst("2E3973BB", "2E3973BC", now, sizeof(now));
	CHECK(sp_backup_table_same(saved, now, diff, sizeof(diff)) == 1);
	CHECK(strstr(diff, "label-id") != NULL);
	subst("name=\"a: b\"", "name=\"a: c\"", now, sizeof(now));
	CHECK(sp_backup_table_same(saved, now, diff, sizeof(diff)) == 1);
	subst("label: gpt", "label: dos", now, sizeof(now));
	CHECK(sp_backup_table_same(saved, now, diff, sizeof(diff)) == 1);
	/* the partition number is part of the table: p2 renumbered p4 is another table */
	subst("/dev/loop3p2", "/dev/loop3p4", now, sizeof(now));
	CHECK(sp_backup_table_same(saved, now, diff, sizeof(diff)) == 1);
	/* a partition less, or a table where there was none */
	snprintf(now, sizeof(now), "%.*s", (int)(strstr(saved, "/dev/loop3p2") - saved), saved);
	CHECK(sp_backup_table_same(saved, now, diff, sizeof(diff)) == 1);
	CHECK(strstr(diff, "now '(end)'") != NULL);
	CHECK(sp_backup_table_same(SP_BACKUP_NO_TABLE, saved, diff, sizeof(diff)) == 1);
	CHECK(sp_backup_table_same(SP_BACKUP_NO_TABLE, SP_BACKUP_NO_TABLE, diff, sizeof(diff)) ==
	      0);
	return CHECK_DONE();
}
