/*
 * t-safety-refuses-loop-backing-btrfs-devices-and-other-disks - the refusals issue 19 added, on
 * facts built in code: a loop device whose backing block device is unsafe (its reasons are the
 * loop device's) or whose backing file lies on the boot medium; a device of a mounted btrfs
 * that mountinfo does not name (and one it names: the mount point says it once); and the
 * identity a hold and every write compare (sys/blkdev.h sp_blkdev_id_match): a device number,
 * a whole disk and a disk sequence, each checked only where the expectation has one.
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

int main(void)
{
	loop_backing();
	btrfs_devices();
	identity_match();
	return CHECK_DONE();
}
