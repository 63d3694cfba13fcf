/*
 * t-devices-scan-sys-basic - on the captured desktop in tests/fixtures/sys-basic, the scan lists
 * every whole disk (not ram*, not an unattached loop) in name order with its identity: by-id
 * name (non-wwn preferred), model, serial from each place sysfs keeps one (VPD page 0x80, the
 * USB device, nvme, virtio, wwid), size, sector sizes, rotational, transport from the sysfs path,
 * and partitions; the facts name the root device, the boot medium and each swap area's device.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "sys/devices.h"

#define ROOT "tests/fixtures/sys-basic"

static struct sp_sys_facts f;
static struct sp_device_info d[SP_MAX_DEVICES];
static size_t n;

static const struct sp_device_info *get(const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(d[i].name, name) == 0)
			return &d[i];
	fprintf(stderr, "no device %s in the scan\n", name);
	exit(1);
}

static void test_facts(void)
{
	CHECK_STR(f.root_dev, "sda1");
	CHECK_STR(f.boot_dev, "sde1");
	CHECK_EQ_U64(f.n_swaps, 3);
	CHECK_STR(f.swaps[0].dev_name, "sda2");
	CHECK_STR(f.swaps[1].path, "/home/swap file");
	CHECK_STR(f.swaps[1].dev_name, "dm-0");
	CHECK_STR(f.swaps[2].dev_name, "sda1"); /* a file on the root filesystem */
	/* only block-backed mounts are kept: /, /home (dm-0 via 254:0), the btrfs via its source */
	CHECK_EQ_U64(f.n_mounts, 3);
	CHECK_STR(f.mounts[0].dev_name, "sda1");
	CHECK_STR(f.mounts[1].dev_name, "dm-0");
	CHECK_STR(f.mounts[2].mount_point, "/mnt/vm data");
	CHECK_STR(f.mounts[2].dev_name, "vda");
}

static void test_list(void)
{
	static const char *const want[] = {"dm-0", "loop0", "nvme0n1", "sda",  "sdb",
					   "sdc",  "sde",   "vda",     "zram0"};

	CHECK_EQ_U64(n, sizeof(want) / sizeof(want[0]));
	for (size_t i = 0; i < n && i < sizeof(want) / sizeof(want[0]); i++)
		CHECK_STR(d[i].name, want[i]);
}

static void test_identity(void)
{
	const struct sp_device_info *x;

	x = get("sda");
	CHECK_STR(x->path, "/dev/sda");
	CHECK_STR(x->by_id, "/dev/disk/by-id/ata-ST1000DM010-2EP102_Z9A1B2C3");
	CHECK_STR(x->model, "ST1000DM010-2EP102");
	CHECK_STR(x->serial, "Z9A1B2C3"); /* from VPD page 0x80, padding trimmed */
	CHECK_EQ_U64(x->size_bytes, 1953525168ULL * 512);
	CHECK_EQ_U64(x->logical_sector, 512);
	CHECK_EQ_U64(x->physical_sector, 4096);
	CHECK(x->rotational == 1);
	CHECK_STR(x->transport, "ata");
	CHECK_STR(x->partitions, "sda1 sda2");
	CHECK(!x->is_partition);
	CHECK_STR(x->signatures, ""); /* libblkid only looks at the live system */

	x = get("sdb");
	CHECK_STR(x->transport, "usb");
	CHECK_STR(x->serial, "NA8F12345");
	CHECK_STR(x->model, "Expansion HDD");
	CHECK_STR(x->by_id, "/dev/disk/by-id/usb-Seagate_Expansion_HDD_NA8F12345-0:0");
	CHECK_EQ_U64(x->size_bytes, 3907029168ULL * 512);
	CHECK_STR(x->partitions, "");

	x = get("nvme0n1");
	CHECK_STR(x->transport, "nvme");
	CHECK_STR(x->serial, "S4EVNX0N123456A");
	CHECK_STR(x->model, "Samsung SSD 970 EVO Plus 500GB");
	/* the eui name is stable but nobody can check it against a label */
	CHECK_STR(x->by_id, "/dev/disk/by-id/nvme-Samsung_SSD_970_EVO_Plus_500GB_S4EVNX0N123456A");
	CHECK(x->rotational == 0);

	x = get("sdc");
	CHECK_STR(x->serial, "t10.ATA_Samsung_SSD_860_S3Z9NB0K123456X"); /* wwid, blanks as _ */
	CHECK_STR(x->partitions, "sdc1");

	x = get("vda");
	CHECK_STR(x->transport, "virtio");
	CHECK_STR(x->serial, "overlayblk");

	x = get("loop0");
	CHECK_STR(x->transport, "loop");
	CHECK_STR(x->serial, "");
	CHECK_EQ_U64(x->size_bytes, 512ULL << 20);

	x = get("zram0");
	CHECK_STR(x->transport, "zram");
	CHECK_EQ_U64(x->logical_sector, 4096);

	x = get("dm-0");
	CHECK_STR(x->transport, "dm");
	CHECK_STR(x->by_id, "/dev/disk/by-id/dm-name-vg0-data");
}

static void test_full_table(void)
{
	struct sp_device_info few[3];
	size_t k;

	CHECK(sp_devices_scan(ROOT, &f, few, 3, &k) == -E2BIG);
	CHECK_EQ_U64(k, 3);
	CHECK_STR(few[2].name, "nvme0n1");
}

int main(void)
{
	int r;

	unsetenv("SWAPPLACE_BOOT_DEVICE");
	r = sp_facts_gather(ROOT, &f);
	CHECK(r == 0);
	if (r) {
		fprintf(stderr, "gather: %d (run from the repository root)\n", r);
		return 1;
	}
	CHECK(sp_devices_scan(ROOT, &f, d, SP_MAX_DEVICES, &n) == 0);
	test_facts();
	test_list();
	test_identity();
	test_full_table();
	CHECK(sp_facts_gather("tests/fixtures/no-such-dir", &f) < 0);
	return CHECK_DONE();
}
