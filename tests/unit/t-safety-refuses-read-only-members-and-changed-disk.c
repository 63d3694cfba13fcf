/*
 * t-safety-refuses-read-only-members-and-changed-disk - the refusals issue 10 added, on facts
 * built in code: a read-only device; a RAID or volume-manager member by libblkid's TYPE, on the
 * disk or on a partition (and the types that are no member: filesystems, swap, LUKS, none); the
 * plan file's identity written, read back and refused when it is damaged; and a disk whose name,
 * size, sector, serial or model changed since the plan, each named with its old and new value.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>

#include "check.h"
#include "core/safety/safety.h"

static const char *judge(const struct sp_device_facts *df, int want_unsafe)
{
	static char reason[512];

	CHECK(sp_safety_unsafe_reasons(df, reason, sizeof(reason)) == want_unsafe);
	return reason;
}

static void read_only_and_members(void)
{
	static struct sp_device_facts df;
	struct sp_device_info d;
	struct sp_err reason_e;
	const char *reason = reason_e.reason;

	memset(&df, 0, sizeof(df));
	df.n_nodes = 2;
	strcpy(df.nodes[0].name, "sdb");
	df.nodes[0].is_self = 1;
	strcpy(df.nodes[1].name, "sdb1");
	CHECK_STR(judge(&df, 0), "");

	df.read_only = 1;
	CHECK_STR(judge(&df, 1), "is read-only");
	df.read_only = 0;

	strcpy(df.nodes[0].fs_type, "linux_raid_member");
	CHECK_STR(judge(&df, 1), "is a member of an md RAID array (linux_raid_member)");
	df.nodes[0].fs_type[0] = '\0';
	strcpy(df.nodes[1].fs_type, "LVM2_member");
	CHECK_STR(judge(&df, 1), "is a member of an LVM volume group (LVM2_member) (on sdb1)");
	/* read-only comes right after zram, before any node's reason */
	df.read_only = 1;
	CHECK_STR(judge(&df, 1), "is read-only; is a member of an LVM volume group (LVM2_member) "
				 "(on sdb1)");
	df.read_only = 0;
	df.nodes[1].fs_type[0] = '\0';

	/* the list: every *_member, bcache and drbd; nothing else */
	CHECK_STR(sp_safety_member_of("LVM1_member"), "an LVM volume group");
	CHECK_STR(sp_safety_member_of("isw_raid_member"), "a RAID set or volume group");
	CHECK_STR(sp_safety_member_of("ddf_raid_member"), "a RAID set or volume group");
	CHECK_STR(sp_safety_member_of("nvidia_raid_member"), "a RAID set or volume group");
	CHECK_STR(sp_safety_member_of("VMFS_volume_member"), "a RAID set or volume group");
	CHECK_STR(sp_safety_member_of("zfs_member"), "a ZFS pool");
	CHECK_STR(sp_safety_member_of("bcache"), "a bcache device");
	CHECK_STR(sp_safety_member_of("drbd"), "a DRBD device");
	CHECK(!sp_safety_member_of("ext4"));
	CHECK(!sp_safety_member_of("swap"));
	CHECK(!sp_safety_member_of("vfat"));
	CHECK(!sp_safety_member_of("crypto_LUKS"));
	CHECK(!sp_safety_member_of("btrfs"));
	CHECK(!sp_safety_member_of("_member"));
	CHECK(!sp_safety_member_of(""));
	CHECK(!sp_safety_member_of(NULL));

	/* the edge's sentence: the path, then the reason */
	memset(&d, 0, sizeof(d));
	strcpy(d.path, "/dev/loop3");
	d.size_bytes = 1ULL << 30;
	d.unsafe = sp_safety_unsafe_reasons(&(struct sp_device_facts){.read_only = 1},
					    d.unsafe_reason, sizeof(d.unsafe_reason));
	CHECK(sp_safety_check_target(&d, 1ULL << 20, &reason_e) == -EPERM);
	CHECK_STR(reason, "'/dev/loop3' is read-only");
}

static struct sp_target_identity disk(void)
{
	struct sp_device_info d;
	struct sp_target_identity id;

	memset(&d, 0, sizeof(d));
	strcpy(d.name, "sdb");
	strcpy(d.serial, "WD-1234");
	strcpy(d.model, "WDC_WD5000");
	d.size_bytes = 500107862016ULL;
	d.logical_sector = 512;
	sp_identity_of(&d, &id);
	return id;
}

static void identity(void)
{
	struct sp_target_identity was = disk(), now, back;
	char text[512];
	struct sp_err reason_e;
	const char *reason = reason_e.reason;
	struct sp_err err_e;
	const char *err = err_e.reason;

	CHECK(sp_identity_format(&was, text, sizeof(text)) == 0);
	CHECK_STR(text, "swapplace-plan/1\nname=sdb\nsize_bytes=500107862016\n"
			"logical_sector=512\nserial=WD-1234\nmodel=WDC_WD5000\n");
	CHECK(sp_identity_format(&was, text, 10) == -ENOSPC);
	CHECK(sp_identity_format(&was, text, sizeof(text)) == 0);
	CHECK(sp_identity_parse(text, &back, &err_e) == 0);
	CHECK(sp_identity_check(&was, &back, "the plan", &reason_e) == 0);
	CHECK_STR(reason, "");
	/* no final newline, an empty serial (a loop device): still the same */
	CHECK(sp_identity_parse("swapplace-plan/1\nname=loop3\nsize_bytes=4096\nserial=", &back,
				&err_e) == 0);
	CHECK_STR(back.name, "loop3");
	CHECK_EQ_U64(back.size_bytes, 4096);
	CHECK_STR(back.serial, "");

	/* damaged or foreign files are said, never taken as a disk */
	CHECK(sp_identity_parse("", &back, &err_e) == -EINVAL);
	CHECK(strstr(err, "not a plan file") != NULL);
	CHECK(sp_identity_parse("swapplace-plan/10\nname=sdb\n", &back, &err_e) == -EINVAL);
	CHECK(sp_identity_parse("swapplace-plan/1\nname=sdb\nsize_bytes=12x\n", &back, &err_e) ==
	      -EINVAL);
	CHECK_STR(err, "line 3 of the plan file: unknown key or bad value");
	CHECK(sp_identity_parse("swapplace-plan/1\nname=sdb\nsize_bytes=99999999999999999999\n",
				&back, &err_e) == -EINVAL);
	CHECK(sp_identity_parse("swapplace-plan/1\ncolour=red\n", &back, &err_e) == -EINVAL);
	CHECK(sp_identity_parse("swapplace-plan/1\nname sdb\n", &back, &err_e) == -EINVAL);
	CHECK_STR(err, "line 2 of the plan file is not key=value");
	CHECK(sp_identity_parse("swapplace-plan/1\nname=sdb\n", &back, &err_e) == -EINVAL);
	CHECK_STR(err, "the plan file names no disk (name and size_bytes)");
	CHECK(sp_identity_parse("swapplace-plan/1\nname=sdb\nsize_bytes=0\n", &back, &err_e) ==
	      -EINVAL);

	/* each change named, old and new */
	now = was;
	now.size_bytes = 1000204886016ULL;
	CHECK(sp_identity_check(&was, &now, "the plan", &reason_e) == -EPERM);
	CHECK_STR(reason, "the disk changed since the plan: size was 465 GiB (500107862016 "
			  "bytes), now 931 GiB (1000204886016 bytes)");
	now = was;
	strcpy(now.serial, "WD-9999");
	CHECK(sp_identity_check(&was, &now, "the plan", &reason_e) == -EPERM);
	CHECK_STR(reason, "the disk changed since the plan: serial was 'WD-1234', now 'WD-9999'");
	now = was;
	strcpy(now.name, "sdc");
	strcpy(now.model, "ST500");
	now.logical_sector = 4096;
	CHECK(sp_identity_check(&was, &now, "the plan", &reason_e) == -EPERM);
	CHECK_STR(reason, "the disk changed since the plan: the plan was made for '/dev/sdb', not "
			  "'/dev/sdc'; logical sector was 512 bytes, now 4096; model was "
			  "'WDC_WD5000', now 'ST500'");
}

int main(void)
{
	read_only_and_members();
	identity();
	return CHECK_DONE();
}
