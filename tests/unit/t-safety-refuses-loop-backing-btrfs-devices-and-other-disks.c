/*
 * t-safety-refuses-loop-backing-btrfs-devices-and-other-disks - the refusals issue 19 added, on
 * facts built in code: a loop device whose backing block device is unsafe (its reasons are the
 * loop device's) or whose backing file lies on the boot medium; a device of a mounted btrfs
 * that mountinfo does not name (and one it names: the mount point says it once); and the
 * identity a hold and every write compare (sys/blkdev.h sp_blkdev_id_match): a device number,
 * a whole disk and a disk sequence, each checked only where the expectation has one; and a USB
 * disk's own serial behind its bridge, in the plan file and compared by --plan.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/safety/safety.h"
#include "sys/blkdev.h"

static const char *judge(const struct sp_device_facts *df, int want_unsafe)
{
	static char reason[768];

	CHECK(sp_safety_unsafe_reasons(df, reason, sizeof(reason)) == want_unsafe);
	return reason;
}

static void loop_backing(void)
{
	static struct sp_device_facts df;

	memset(&df, 0, sizeof(df));
	df.n_nodes = 1;
	strcpy(df.nodes[0].name, "loop0");
	df.nodes[0].is_self = 1;
	/* a backing that may be written (an unused partition, a file elsewhere): nothing said */
	strcpy(df.backing, "/dev/sda3");
	CHECK_STR(judge(&df, 0), "");
	strcpy(df.backing_unsafe, "holds the mounted filesystem '/home'");
	CHECK_STR(judge(&df, 1), "writes through to '/dev/sda3', which holds the mounted "
				 "filesystem '/home'");
	df.backing_unsafe[0] = '\0';
	strcpy(df.backing, "/run/stick/disk.img");
	df.backing_on_boot = 1;
	CHECK_STR(judge(&df, 1), "is backed by the file '/run/stick/disk.img' on the boot medium");
}

static void btrfs_devices(void)
{
	static struct sp_device_facts df;

	memset(&df, 0, sizeof(df));
	df.n_nodes = 2;
	strcpy(df.nodes[0].name, "sdc");
	df.nodes[0].is_self = 1;
	strcpy(df.nodes[1].name, "sdc1");
	strcpy(df.nodes[1].btrfs_uuid, "0b1c2d3e-0000-4000-8000-000000000001");
	CHECK_STR(judge(&df, 1), "is a device of the mounted btrfs filesystem "
				 "0b1c2d3e-0000-4000-8000-000000000001 (on sdc1)");
	/* the device mountinfo names: its mount point is the reason, said once */
	strcpy(df.nodes[1].mount_point, "/data");
	CHECK_STR(judge(&df, 1), "holds the mounted filesystem '/data' (on sdc1)");
}

static void identity_match(void)
{
	struct sp_blkdev_id want = {.rdev = 0x700, .disk_rdev = 0x700, .diskseq = 41};
	struct sp_blkdev_id got = want;
	struct sp_blkdev_id part = {.rdev = 0, .disk_rdev = 0x700, .diskseq = 41};
	struct sp_blkdev_id p1 = {.rdev = 0x10300, .disk_rdev = 0x700, .diskseq = 41};
	char text[96];

	CHECK(sp_blkdev_id_match(&want, &got) == 1);
	/* the same name and number, another attachment: a new sequence */
	got.diskseq = 42;
	CHECK(sp_blkdev_id_match(&want, &got) == 0);
	/* a kernel without sequence numbers answers 0: never the disk vetted with one */
	got.diskseq = 0;
	CHECK(sp_blkdev_id_match(&want, &got) == 0);
	got = want;
	got.rdev = 0x701;
	got.disk_rdev = 0x701;
	CHECK(sp_blkdev_id_match(&want, &got) == 0);
	/* a partition of the disk: any number, on that disk, of its sequence */
	CHECK(sp_blkdev_id_match(&part, &p1) == 1);
	p1.disk_rdev = 0x800;
	CHECK(sp_blkdev_id_match(&part, &p1) == 0);
	p1.disk_rdev = 0x700;
	p1.diskseq = 40;
	CHECK(sp_blkdev_id_match(&part, &p1) == 0);
	/* an expectation without a sequence (an old kernel) compares the numbers only */
	want.diskseq = 0;
	got = want;
	got.diskseq = 0;
	CHECK(sp_blkdev_id_match(&want, &got) == 1);
	sp_blkdev_id_format(&(struct sp_blkdev_id){.rdev = 0x700, .diskseq = 41}, text,
			    sizeof(text));
	CHECK_STR(text, "device 7:0, disk sequence 41");
	sp_blkdev_id_format(&(struct sp_blkdev_id){.rdev = 0x800}, text, sizeof(text));
	CHECK_STR(text, "device 8:0, no disk sequence");
}

/* A USB disk's own serial behind its bridge: recorded in the plan file, compared by --plan. */
static void disk_serial(void)
{
	struct sp_target_identity was = {.name = "sdc",
					 .size_bytes = 1000204886016ULL,
					 .logical_sector = 512,
					 .serial = "0123456789AB",
					 .model = "Portable",
					 .disk_serial = "WD-WX11A0000001"};
	struct sp_target_identity back, now;
	struct sp_err e;
	char text[512];

	CHECK(sp_identity_format(&was, text, sizeof(text)) == 0);
	CHECK_STR(text, "swapplace-plan/1\nname=sdc\nsize_bytes=1000204886016\n"
			"logical_sector=512\nserial=0123456789AB\nmodel=Portable\n"
			"disk_serial=WD-WX11A0000001\n");
	CHECK(sp_identity_parse(text, &back, &e) == 0);
	CHECK_STR(back.disk_serial, "WD-WX11A0000001");
	CHECK(sp_identity_check(&was, &back, "the plan", &e) == 0);
	/* the same bridge, model and size, another disk in the dock */
	now = was;
	strcpy(now.disk_serial, "WD-WX22B0000002");
	CHECK(sp_identity_check(&was, &now, "the plan", &e) == -EPERM);
	CHECK_STR(e.reason, "the disk changed since the plan: the disk's own serial was "
			    "'WD-WX11A0000001', now 'WD-WX22B0000002'");
	now.disk_serial[0] = '\0';
	CHECK(sp_identity_check(&was, &now, "the plan", &e) == -EPERM);
	/* a plan file written before the key existed compares what it has */
	was.disk_serial[0] = '\0';
	CHECK(sp_identity_format(&was, text, sizeof(text)) == 0);
	CHECK(strstr(text, "disk_serial") == NULL);
	now = was;
	strcpy(now.disk_serial, "WD-WX22B0000002");
	CHECK(sp_identity_check(&was, &now, "the plan", &e) == 0);
}

int main(void)
{
	disk_serial();
	loop_backing();
	btrfs_devices();
	identity_match();
	return CHECK_DONE();
}
