/*
 * t-devices-find-resolves-paths - a path the user types resolves to its device: /dev/NAME,
 * /dev/disk/by-id links, /dev/mapper names; a partition is found and marked is_partition with
 * the disk's identity; a missing path is -ENOENT, an existing non-device -ENOTBLK; an
 * unattached loop device is found (size 0) though the scan leaves it out.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "sys/devices.h"

#define ROOT "tests/fixtures/sys-basic"

int main(void)
{
	static struct sp_sys_facts f;
	struct sp_device_info d;
	char name[32];

	unsetenv("SWAPPLACE_BOOT_DEVICE");
	if (sp_facts_gather(ROOT, &f)) {
		fprintf(stderr, "gather failed (run from the repository root)\n");
		return 1;
	}

	CHECK(sp_device_find(ROOT, &f, "/dev/sdb", &d) == 0);
	CHECK_STR(d.name, "sdb");
	CHECK_STR(d.serial, "NA8F12345");
	CHECK(!d.is_partition && !d.unsafe);

	CHECK(sp_device_find(ROOT, &f, "/dev/disk/by-id/usb-Seagate_Expansion_HDD_NA8F12345-0:0",
			     &d) == 0);
	CHECK_STR(d.name, "sdb");
	CHECK_STR(d.path, "/dev/sdb");

	CHECK(sp_device_find(ROOT, &f, "/dev/disk/by-id/nvme-eui.0025388b71b2c5d1", &d) == 0);
	CHECK_STR(d.name, "nvme0n1");

	CHECK(sp_device_find(ROOT, &f, "/dev/mapper/vg0-data", &d) == 0);
	CHECK_STR(d.name, "dm-0");
	CHECK(d.unsafe);

	CHECK(sp_device_find(ROOT, &f, "/dev/disk/by-id/ata-ST1000DM010-2EP102_Z9A1B2C3-part1",
			     &d) == 0);
	CHECK_STR(d.name, "sda1");
	CHECK_STR(d.path, "/dev/sda1");
	CHECK(d.is_partition);
	CHECK_EQ_U64(d.size_bytes, 1936746496ULL * 512);
	CHECK_STR(d.serial, "Z9A1B2C3");
	CHECK_STR(d.transport, "ata");
	CHECK(d.unsafe);
	CHECK_STR(d.unsafe_reason,
		  "holds the running root filesystem; holds active swap file '/swapfile'");

	CHECK(sp_device_find(ROOT, &f, "/dev/sdc1", &d) == 0);
	CHECK(d.is_partition);
	CHECK_STR(d.unsafe_reason, "has holders: dm-0");

	CHECK(sp_device_find(ROOT, &f, "/dev/sde1", &d) == 0);
	CHECK_STR(d.unsafe_reason, "is the boot medium");

	CHECK(sp_device_find(ROOT, &f, "/dev/loop1", &d) == 0);
	CHECK_EQ_U64(d.size_bytes, 0);

	CHECK(sp_device_find(ROOT, &f, "/dev/sdz", &d) == -ENOENT);
	CHECK(sp_device_find(ROOT, &f, "/dev/disk/by-id/usb-gone", &d) == -ENOENT);
	CHECK(sp_device_find(ROOT, &f, "/proc/swaps", &d) == -ENOTBLK);
	CHECK(sp_device_find(ROOT, &f, "/dev/disk", &d) == -ENOTBLK);

	CHECK(sp_devices_name_of(&f, 8, 17, name, sizeof(name)) == -ENOENT);
	CHECK(sp_devices_name_of(&f, 8, 33, name, sizeof(name)) == 0);
	CHECK_STR(name, "sdc1");
	return CHECK_DONE();
}
