/*
 * t-devices-unsafe-reasons - every reason that makes a device unsafe is found and named: a
 * mounted filesystem (on the disk, on a partition, from a btrfs whose st_dev is anonymous), the
 * running root, active swap (a partition, and a swap file on a filesystem mounted from the
 * device), holders (dm on a partition), the boot medium (LABEL=SWAPPLACE, or
 * $SWAPPLACE_BOOT_DEVICE), zram; and the spare disks stay safe. First the facts devices.c
 * gathers for a device (struct sp_device_facts), then the reasons safety.c makes of them.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "sys/devices.h"

#define ROOT "tests/fixtures/sys-basic"

static struct sp_sys_facts f;
static struct sp_device_facts df;
static struct sp_device_info d[SP_MAX_DEVICES], info;
static size_t n;

static const struct sp_device_info *scan_get(const char *name)
{
	CHECK(sp_devices_scan(ROOT, &f, d, SP_MAX_DEVICES, &n) == 0);
	for (size_t i = 0; i < n; i++)
		if (strcmp(d[i].name, name) == 0)
			return &d[i];
	fprintf(stderr, "no device %s in the scan\n", name);
	exit(1);
}

int main(void)
{
	const struct sp_device_info *x;
	struct sp_mount_entry *m;

	unsetenv("SWAPPLACE_BOOT_DEVICE");
	if (sp_facts_gather(ROOT, &f)) {
		fprintf(stderr, "gather failed (run from the repository root)\n");
		return 1;
	}

	/* the facts gathered, node by node: the disk first, then its partitions */
	CHECK(sp_device_find_facts(ROOT, &f, "/dev/sda", &info, &df) == 0);
	CHECK_STR(df.name, "sda");
	CHECK_EQ_U64(df.n_nodes, 3);
	CHECK_STR(df.nodes[0].name, "sda");
	CHECK(df.nodes[0].is_self && !df.nodes[0].holds_root && !df.nodes[0].mount_point[0]);
	CHECK_STR(df.nodes[1].name, "sda1");
	CHECK(!df.nodes[1].is_self && df.nodes[1].holds_root);
	CHECK_STR(df.nodes[1].mount_point, "/");
	CHECK_STR(df.nodes[2].name, "sda2");
	CHECK_EQ_U64(df.n_swaps, 2);
	CHECK(df.swaps[0].node == 1 && df.swaps[0].is_file);
	CHECK_STR(df.swaps[0].path, "/swapfile");
	CHECK(df.swaps[1].node == 2 && !df.swaps[1].is_file);
	CHECK_STR(df.swaps[1].path, "/dev/sda2");
	CHECK(!df.is_zram && !df.boot_label && !df.truncated);
	/* a partition: only itself, as "self" */
	CHECK(sp_device_find_facts(ROOT, &f, "/dev/sdc1", &info, &df) == 0);
	CHECK_EQ_U64(df.n_nodes, 1);
	CHECK(df.nodes[0].is_self);
	CHECK_STR(df.nodes[0].holders, "dm-0");
	CHECK(info.is_partition && info.unsafe);
	CHECK_STR(info.unsafe_reason, "has holders: dm-0");
	CHECK(sp_device_find_facts(ROOT, &f, "/dev/sde", &info, &df) == 0);
	CHECK(df.n_nodes == 2 && !df.nodes[0].is_boot && df.nodes[1].is_boot);
	CHECK(sp_device_find_facts(ROOT, &f, "/dev/zram0", &info, &df) == 0);
	CHECK(df.is_zram);
	CHECK(sp_device_find_facts(ROOT, &f, "/dev/sdb", &info, &df) == 0);
	CHECK(df.n_nodes >= 1 && df.n_swaps == 0 && !df.nodes[0].mount_point[0]);
	for (size_t i = 0; i < df.n_nodes; i++)
		CHECK(!df.nodes[i].holds_root && !df.nodes[i].is_boot && !df.nodes[i].holders[0]);

	x = scan_get("sda");
	CHECK(x->unsafe);
	CHECK_STR(x->unsafe_reason,
		  "holds the running root filesystem (on sda1); "
		  "holds active swap file '/swapfile' (on sda1); holds active swap '/dev/sda2'");

	x = scan_get("dm-0");
	CHECK(x->unsafe);
	CHECK_STR(x->unsafe_reason,
		  "holds the mounted filesystem '/home'; holds active swap file '/home/swap file'");

	x = scan_get("sdc");
	CHECK(x->unsafe);
	CHECK_STR(x->unsafe_reason, "has holders: dm-0 (on sdc1)");

	x = scan_get("vda");
	CHECK(x->unsafe);
	CHECK_STR(x->unsafe_reason, "holds the mounted filesystem '/mnt/vm data'");

	x = scan_get("sde");
	CHECK(x->unsafe);
	CHECK_STR(x->unsafe_reason, "is the boot medium (on sde1)");

	x = scan_get("zram0");
	CHECK(x->unsafe);
	CHECK_STR(x->unsafe_reason, "is a zram device, never a target");

	x = scan_get("sdb");
	CHECK(!x->unsafe);
	CHECK_STR(x->unsafe_reason, "");
	x = scan_get("nvme0n1");
	CHECK(!x->unsafe);
	x = scan_get("loop0");
	CHECK(!x->unsafe);

	/* the rules read the facts: a filesystem mounted from a partition is named with it */
	m = &f.mounts[f.n_mounts++];
	memset(m, 0, sizeof(*m));
	strcpy(m->mount_point, "/srv");
	strcpy(m->dev_name, "sdc1");
	x = scan_get("sdc");
	CHECK_STR(x->unsafe_reason,
		  "holds the mounted filesystem '/srv' (on sdc1); has holders: dm-0 (on sdc1)");
	/* and a swap file on a whole-disk filesystem is found through the mount holding it */
	strcpy(f.swaps[f.n_swaps].path, "/mnt/vm data/swap");
	strcpy(f.swaps[f.n_swaps].type, "file");
	strcpy(f.swaps[f.n_swaps++].dev_name, "vda");
	x = scan_get("vda");
	CHECK_STR(x->unsafe_reason, "holds the mounted filesystem '/mnt/vm data'; "
				    "holds active swap file '/mnt/vm data/swap'");

	/* the appliance names its boot device: then that disk is the one refused */
	setenv("SWAPPLACE_BOOT_DEVICE", "/dev/disk/by-id/usb-Seagate_Expansion_HDD_NA8F12345-0:0",
	       1);
	CHECK(sp_facts_gather(ROOT, &f) == 0);
	CHECK_STR(f.boot_dev, "sdb");
	x = scan_get("sdb");
	CHECK(x->unsafe);
	CHECK_STR(x->unsafe_reason, "is the boot medium");
	x = scan_get("sde");
	CHECK(!x->unsafe); /* the variable wins over the label */
	unsetenv("SWAPPLACE_BOOT_DEVICE");
	return CHECK_DONE();
}
