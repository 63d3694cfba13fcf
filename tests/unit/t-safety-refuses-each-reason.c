/*
 * t-safety-refuses-each-reason - sp_safety_check_target refuses a partition, every unsafe
 * device of the captured desktop (with devices.c's reason after the quoted path) and a disk too
 * small for the plan, and accepts the spare disks when they are big enough.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "sys/devices.h"
#include "core/safety.h"

#define ROOT "tests/fixtures/sys-basic"
#define GIB (1ULL << 30)

static struct sp_sys_facts f;

static int check_path(const char *path, uint64_t need, char *reason, size_t len)
{
	struct sp_device_info d;
	int r = sp_device_find(ROOT, &f, path, &d);

	if (r) {
		fprintf(stderr, "find %s: %d\n", path, r);
		return r;
	}
	return sp_safety_check_target(&d, need, reason, len);
}

int main(void)
{
	struct sp_device_info d;
	char reason[512];

	/* pure cases */
	memset(&d, 0, sizeof(d));
	strcpy(d.name, "loop3");
	strcpy(d.path, "/dev/loop3");
	d.size_bytes = 512ULL << 20;
	CHECK(sp_safety_check_target(&d, 3328599655ULL, reason, sizeof(reason)) == -EPERM);
	CHECK_STR(reason, "'/dev/loop3' is too small for the plan: 512 MiB, needs 3.1 GiB");
	CHECK(sp_safety_check_target(&d, 512ULL << 20, reason, sizeof(reason)) == 0);
	CHECK_STR(reason, "");
	d.unsafe = 1;
	strcpy(d.unsafe_reason, "holds the mounted filesystem '/home'");
	CHECK(sp_safety_check_target(&d, 1, reason, sizeof(reason)) == -EPERM);
	CHECK_STR(reason, "'/dev/loop3' holds the mounted filesystem '/home'");
	/* a partition is refused as one first, whatever else is true of it */
	d.is_partition = 1;
	strcpy(d.path, "/dev/sdb1");
	CHECK(sp_safety_check_target(&d, 1, reason, sizeof(reason)) == -EPERM);
	CHECK_STR(reason, "'/dev/sdb1' is a partition, not a whole disk");

	unsetenv("SWAPPLACE_BOOT_DEVICE");
	if (sp_facts_gather(ROOT, &f)) {
		fprintf(stderr, "gather failed (run from the repository root)\n");
		return 1;
	}
	CHECK(check_path("/dev/mapper/vg0-data", GIB, reason, sizeof(reason)) == -EPERM);
	CHECK_STR(reason, "'/dev/dm-0' holds the mounted filesystem '/home'; "
			  "holds active swap file '/home/swap file'");
	CHECK(check_path("/dev/sda", GIB, reason, sizeof(reason)) == -EPERM);
	CHECK_STR(reason,
		  "'/dev/sda' holds the running root filesystem (on sda1); "
		  "holds active swap file '/swapfile' (on sda1); holds active swap '/dev/sda2'");
	CHECK(check_path("/dev/sda2", GIB, reason, sizeof(reason)) == -EPERM);
	CHECK_STR(reason, "'/dev/sda2' is a partition, not a whole disk");
	CHECK(check_path("/dev/sdc", GIB, reason, sizeof(reason)) == -EPERM);
	CHECK_STR(reason, "'/dev/sdc' has holders: dm-0 (on sdc1)");
	CHECK(check_path("/dev/sde", GIB, reason, sizeof(reason)) == -EPERM);
	CHECK_STR(reason, "'/dev/sde' is the boot medium (on sde1)");
	CHECK(check_path("/dev/vda", GIB, reason, sizeof(reason)) == -EPERM);
	CHECK_STR(reason, "'/dev/vda' holds the mounted filesystem '/mnt/vm data'");
	CHECK(check_path("/dev/zram0", GIB, reason, sizeof(reason)) == -EPERM);
	CHECK_STR(reason, "'/dev/zram0' is a zram device, never a target");
	CHECK(check_path("/dev/loop1", GIB, reason, sizeof(reason)) == -EPERM);
	CHECK_STR(reason, "'/dev/loop1' is too small for the plan: 0 B, needs 1.0 GiB");
	CHECK(check_path("/dev/loop0", GIB, reason, sizeof(reason)) == -EPERM);
	CHECK_STR(reason, "'/dev/loop0' is too small for the plan: 512 MiB, needs 1.0 GiB");

	/* accepted: the spares, exactly at their size and below */
	CHECK(check_path("/dev/loop0", 512ULL << 20, reason, sizeof(reason)) == 0);
	CHECK(check_path("/dev/sdb", 3 * GIB, reason, sizeof(reason)) == 0);
	CHECK(check_path("/dev/disk/by-id/nvme-eui.0025388b71b2c5d1", 3 * GIB, reason,
			 sizeof(reason)) == 0);
	CHECK(check_path("/dev/nvme0n1", 976773168ULL * 512, reason, sizeof(reason)) == 0);
	CHECK(check_path("/dev/nvme0n1", 976773168ULL * 512 + 1, reason, sizeof(reason)) == -EPERM);
	return CHECK_DONE();
}
