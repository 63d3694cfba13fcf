/*
 * t-backup-identity-roundtrip-and-match - a backup's identity file (core/safety/backup.h): written
 * and parsed back to the same identity; a file with a key missing, a bad number, another format
 * version or ranges that do not fit its disk is refused, naming what is wrong; the two ranges
 * are the first and last MiB (the whole disk when smaller, whole sectors always); restore's
 * identity check refuses another size, another sector size or another serial and names both
 * values, and accepts a disk that lost or never had a serial.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/safety/backup.h"

static struct sp_device_info disk(uint64_t size, uint32_t sector, const char *serial)
{
	struct sp_device_info d;

	memset(&d, 0, sizeof(d));
	snprintf(d.name, sizeof(d.name), "sdb");
	snprintf(d.path, sizeof(d.path), "/dev/sdb");
	snprintf(d.model, sizeof(d.model), "WDC WD5000\nAAKX"); /* a newline in sysfs' model */
	snprintf(d.serial, sizeof(d.serial), "%s", serial);
	d.size_bytes = size;
	d.logical_sector = sector;
	return d;
}

/* text with the line starting key= replaced by repl (a whole line, or "" to drop it) */
static void replace_line(const char *text, const char *key, const char *repl, char *out, size_t len)
{
	const char *p = strstr(text, key);
	const char *e = p ? strchr(p, '\n') + 1 : text;

	snprintf(out, len, "%.*s%s%s", (int)(p ? p - text : 0), text, repl, p ? e : text);
}

int main(void)
{
	struct sp_device_info d = disk(500107862016ull, 512, "WD-WCAYUJ123456");
	struct sp_backup_identity id, back;
	char text[1024], bad[2048];
	struct sp_err reason_e;
	const char *reason = reason_e.reason;
	struct sp_err err_e;
	const char *err = err_e.reason;
	size_t n = 0;
	FILE *f;

	/* the ranges */
	CHECK(sp_backup_identity_of(&d, &id) == 0);
	CHECK_EQ_U64(id.first_offset, 0);
	CHECK_EQ_U64(id.first_bytes, 1 << 20);
	CHECK_EQ_U64(id.last_bytes, 1 << 20);
	CHECK_EQ_U64(id.last_offset, 500107862016ull - (1 << 20));
	CHECK(sp_backup_ranges(4096 * 100, 4096, &id) == 0); /* smaller than a MiB: all of it */
	CHECK_EQ_U64(id.first_bytes, 409600);
	CHECK_EQ_U64(id.last_offset, 0);
	CHECK(sp_backup_ranges(0, 512, &id) == -EINVAL);
	CHECK(sp_backup_ranges(1000, 512, &id) == -EINVAL); /* not whole sectors */
	CHECK(sp_backup_ranges(1 << 30, 0, &id) == -EINVAL);

	/* written and read back */
	CHECK(sp_backup_identity_of(&d, &id) == 0);
	snprintf(id.table, sizeof(id.table), "gpt");
	id.saved = 1767225600;
	f = fmemopen(text, sizeof(text), "w");
	CHECK(f && sp_backup_identity_write(f, &id) == 0);
	n = (size_t)ftell(f);
	fclose(f);
	text[n] = '\0';
	CHECK(strstr(text, "model=WDC WD5000?AAKX\n") != NULL); /* one line per key */
	CHECK(strstr(text, "saved=2026-01-01T00:00:00Z\n") != NULL);
	CHECK(sp_backup_identity_parse(text, &back, &err_e) == 0);
	CHECK_STR(back.serial, "WD-WCAYUJ123456");
	CHECK_STR(back.table, "gpt");
	CHECK_STR(back.path, "/dev/sdb");
	CHECK_EQ_U64(back.size_bytes, id.size_bytes);
	CHECK_EQ_U64(back.logical_sector, 512);
	CHECK_EQ_U64(back.last_offset, id.last_offset);
	CHECK_EQ_U64(back.saved, 1767225600);
	/* a key a later version adds is ignored */
	snprintf(bad, sizeof(bad), "%sfuture_key=1\n", text);
	CHECK(sp_backup_identity_parse(bad, &back, &err_e) == 0);

	/* refused, saying why */
	replace_line(text, "size_bytes=", "", bad, sizeof(bad));
	CHECK(sp_backup_identity_parse(bad, &back, &err_e) == -EINVAL);
	CHECK_STR(err, "no 'size_bytes'");
	replace_line(text, "swapplace-backup=", "swapplace-backup=2\n", bad, sizeof(bad));
	CHECK(sp_backup_identity_parse(bad, &back, &err_e) == -EINVAL);
	CHECK(strstr(err, "swapplace-backup") != NULL);
	replace_line(text, "last_bytes=", "last_bytes=12x\n", bad, sizeof(bad));
	CHECK(sp_backup_identity_parse(bad, &back, &err_e) == -EINVAL);
	CHECK_STR(err, "bad value for 'last_bytes': '12x'");
	replace_line(text, "last_offset=", "last_offset=0\n", bad, sizeof(bad));
	CHECK(sp_backup_identity_parse(bad, &back, &err_e) == -EINVAL);
	CHECK(strstr(err, "do not fit") != NULL);
	replace_line(text, "first_bytes=", "first_bytes=1000\n", bad, sizeof(bad));
	CHECK(sp_backup_identity_parse(bad, &back, &err_e) == -EINVAL);
	replace_line(text, "logical_sector=", "logical_sector=0\n", bad, sizeof(bad));
	CHECK(sp_backup_identity_parse(bad, &back, &err_e) == -EINVAL);
	CHECK(sp_backup_identity_parse("garbage\n", &back, &err_e) == -EINVAL);
	CHECK(sp_backup_identity_parse("", &back, &err_e) == -EINVAL);

	/* restore's identity check */
	CHECK(sp_backup_identity_match(&id, &d, &reason_e) == 0);
	{
		struct sp_device_info other = disk(500107862016ull - 512, 512, "WD-WCAYUJ123456");

		CHECK(sp_backup_identity_match(&id, &other, &reason_e) == -EPERM);
		CHECK_STR(reason, "'/dev/sdb' is not the disk of the backup: its size is "
				  "500107861504 bytes, the backup's disk had 500107862016");
		other = disk(500107862016ull, 4096, "WD-WCAYUJ123456");
		CHECK(sp_backup_identity_match(&id, &other, &reason_e) == -EPERM);
		CHECK(strstr(reason, "sectors are 4096 bytes") != NULL);
		other = disk(500107862016ull, 512, "WD-OTHER");
		CHECK(sp_backup_identity_match(&id, &other, &reason_e) == -EPERM);
		CHECK_STR(reason, "'/dev/sdb' is not the disk of the backup: its serial is "
				  "'WD-OTHER', the backup's disk had 'WD-WCAYUJ123456'");
		/* behind a USB bridge that hides it: the size alone must do */
		other = disk(500107862016ull, 512, "");
		CHECK(sp_backup_identity_match(&id, &other, &reason_e) == 0);
	}

	/* names and the command line */
	CHECK(sp_backup_dir_name("nvme0n1", text, sizeof(text)) == 0);
	CHECK_STR(text, "backup-nvme0n1");
	CHECK(sp_backup_dir_name("sdb", text, 8) == -ENAMETOOLONG);
	CHECK(sp_backup_restore_cmd("/media/stick/reports/x/backup-sdb", "serial:WD-1", "WD-1",
				    text, sizeof(text)) == 0);
	CHECK_STR(text, "swapplace restore /media/stick/reports/x/backup-sdb --target serial:WD-1 "
			"--confirm WD-1");
	CHECK(sp_backup_restore_cmd("/mnt/my reports/it's", "/dev/sdb", "S N", text,
				    sizeof(text)) == 0);
	CHECK_STR(text, "swapplace restore '/mnt/my reports/it'\\''s' --target /dev/sdb "
			"--confirm 'S N'");
	CHECK(sp_backup_restore_cmd("/a/very/long/dir", "/dev/sdb", "1", text, 30) ==
	      -ENAMETOOLONG);
	return CHECK_DONE();
}
