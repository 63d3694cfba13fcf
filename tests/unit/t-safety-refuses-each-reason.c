/*
 * t-safety-refuses-each-reason - the rules alone, on facts built in code: each fact that makes
 * a device unsafe gives its reason (zram, running root, boot medium by device and by label,
 * mounted filesystem, active swap partition and file, holders, facts that did not fit), a
 * partition's are named "(on X)", and none is said twice; then sp_safety_check_target refuses a
 * partition, every unsafe device of the captured desktop (the reason after the quoted path) and
 * a disk too small for the plan, and accepts the spare disks when they are big enough.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/safety/safety.h"
#include "sys/devices.h"

#define ROOT "tests/fixtures/sys-basic"
#define GIB (1ULL << 30)

static struct sp_sys_facts f;

static int check_path(const char *path, uint64_t need, struct sp_err *e)
{
	struct sp_device_info d;
	int r = sp_device_find(ROOT, &f, path, &d);

	if (r) {
		fprintf(stderr, "find %s: %d\n", path, r);
		return r;
	}
	return sp_safety_check_target(&d, need, e);
}

static struct sp_node_facts *node(struct sp_device_facts *df, const char *name, int self)
{
	struct sp_node_facts *nd = &df->nodes[df->n_nodes++];

	strcpy(nd->name, name);
	nd->is_self = self;
	return nd;
}

static void swap_on(struct sp_device_facts *df, size_t node, const char *path, int is_file)
{
	struct sp_swap_facts *sw = &df->swaps[df->n_swaps++];

	sw->node = node;
	strcpy(sw->path, path);
	sw->is_file = is_file;
}

static const char *judge(const struct sp_device_facts *df, int want_unsafe)
{
	static char reason[512];

	CHECK(sp_safety_unsafe_reasons(df, reason, sizeof(reason)) == want_unsafe);
	return reason;
}

/* The rules on facts built by hand: no machine, no fixture. */
static void rules(void)
{
	static struct sp_device_facts df;
	struct sp_node_facts *nd;
	char tiny[8];

	memset(&df, 0, sizeof(df));
	node(&df, "sdb", 1);
	node(&df, "sdb1", 0);
	CHECK_STR(judge(&df, 0), "");

	/* each fact alone, on the disk itself and on a partition */
	df.nodes[0].holds_root = 1;
	CHECK_STR(judge(&df, 1), "holds the running root filesystem");
	df.nodes[0].holds_root = 0;
	df.nodes[1].holds_root = 1;
	CHECK_STR(judge(&df, 1), "holds the running root filesystem (on sdb1)");
	/* "/" is the running root: named once, not again as a mounted filesystem */
	strcpy(df.nodes[1].mount_point, "/");
	CHECK_STR(judge(&df, 1), "holds the running root filesystem (on sdb1)");
	df.nodes[1].holds_root = 0;
	CHECK_STR(judge(&df, 1), "holds the mounted filesystem '/' (on sdb1)");
	strcpy(df.nodes[1].mount_point, "/home");
	CHECK_STR(judge(&df, 1), "holds the mounted filesystem '/home' (on sdb1)");
	df.nodes[1].mount_point[0] = '\0';

	swap_on(&df, 1, "/dev/sdb1", 0);
	CHECK_STR(judge(&df, 1), "holds active swap '/dev/sdb1'");
	df.n_swaps = 0;
	swap_on(&df, 0, "/swap file", 1);
	CHECK_STR(judge(&df, 1), "holds active swap file '/swap file'");
	df.swaps[0].node = 1;
	CHECK_STR(judge(&df, 1), "holds active swap file '/swap file' (on sdb1)");
	df.n_swaps = 0;

	strcpy(df.nodes[0].holders, "md127");
	CHECK_STR(judge(&df, 1), "has holders: md127");
	df.nodes[0].holders[0] = '\0';
	strcpy(df.nodes[1].holders, "dm-0, dm-1");
	CHECK_STR(judge(&df, 1), "has holders: dm-0, dm-1 (on sdb1)");
	df.nodes[1].holders[0] = '\0';

	/* the boot medium: by device, or by the label libblkid saw, said once */
	df.boot_label = 1;
	CHECK_STR(judge(&df, 1), "is the boot medium (label SWAPPLACE)");
	df.nodes[1].is_boot = 1;
	CHECK_STR(judge(&df, 1), "is the boot medium (on sdb1)");
	df.boot_label = 0;
	df.nodes[1].is_boot = 0;

	df.truncated = 1;
	CHECK_STR(judge(&df, 1), "has more partitions or swap areas than swapplace can check");
	df.truncated = 0;

	/* all at once: zram first, then node by node in the order root, boot, mount, swap, holders
	 */
	df.is_zram = 1;
	nd = &df.nodes[0];
	nd->is_boot = 1;
	strcpy(nd->mount_point, "/mnt");
	strcpy(nd->holders, "dm-2");
	df.nodes[1].holds_root = 1;
	swap_on(&df, 1, "/swapfile", 1);
	swap_on(&df, 0, "/dev/sdb", 0);
	CHECK_STR(
	    judge(&df, 1),
	    "is a zram device, never a target; is the boot medium; holds the mounted "
	    "filesystem '/mnt'; holds active swap '/dev/sdb'; has holders: dm-2; holds the "
	    "running root filesystem (on sdb1); holds active swap file '/swapfile' (on sdb1)");
	/* a short buffer keeps what fits and still says unsafe */
	CHECK(sp_safety_unsafe_reasons(&df, tiny, sizeof(tiny)) == 1);
	CHECK_STR(tiny, "is a zr");
}

int main(void)
{
	struct sp_device_info d;
	struct sp_err reason_e;
	const char *reason = reason_e.reason;

	rules();

	/* pure cases */
	memset(&d, 0, sizeof(d));
	strcpy(d.name, "loop3");
	strcpy(d.path, "/dev/loop3");
	d.size_bytes = 512ULL << 20;
	CHECK(sp_safety_check_target(&d, 3328599655ULL, &reason_e) == -EPERM);
	CHECK_STR(reason, "'/dev/loop3' is too small for the plan: 512 MiB, needs 3.1 GiB");
	CHECK(sp_safety_check_target(&d, 512ULL << 20, &reason_e) == 0);
	CHECK_STR(reason, "");
	d.unsafe = 1;
	strcpy(d.unsafe_reason, "holds the mounted filesystem '/home'");
	CHECK(sp_safety_check_target(&d, 1, &reason_e) == -EPERM);
	CHECK_STR(reason, "'/dev/loop3' holds the mounted filesystem '/home'");
	/* a partition is refused as one first, whatever else is true of it */
	d.is_partition = 1;
	strcpy(d.path, "/dev/sdb1");
	CHECK(sp_safety_check_target(&d, 1, &reason_e) == -EPERM);
	CHECK_STR(reason, "'/dev/sdb1' is a partition, not a whole disk");

	unsetenv("SWAPPLACE_BOOT_DEVICE");
	if (sp_facts_gather(ROOT, &f)) {
		fprintf(stderr, "gather failed (run from the repository root)\n");
		return 1;
	}
	CHECK(check_path("/dev/mapper/vg0-data", GIB, &reason_e) == -EPERM);
	CHECK_STR(reason, "'/dev/dm-0' holds the mounted filesystem '/home'; "
			  "holds active swap file '/home/swap file'");
	CHECK(check_path("/dev/sda", GIB, &reason_e) == -EPERM);
	CHECK_STR(reason,
		  "'/dev/sda' holds the running root filesystem (on sda1); "
		  "holds active swap file '/swapfile' (on sda1); holds active swap '/dev/sda2'");
	CHECK(check_path("/dev/sda2", GIB, &reason_e) == -EPERM);
	CHECK_STR(reason, "'/dev/sda2' is a partition, not a whole disk");
	CHECK(check_path("/dev/sdc", GIB, &reason_e) == -EPERM);
	CHECK_STR(reason, "'/dev/sdc' has holders: dm-0 (on sdc1)");
	CHECK(check_path("/dev/sde", GIB, &reason_e) == -EPERM);
	CHECK_STR(reason, "'/dev/sde' is the boot medium (on sde1)");
	CHECK(check_path("/dev/vda", GIB, &reason_e) == -EPERM);
	CHECK_STR(reason, "'/dev/vda' holds the mounted filesystem '/mnt/vm data'");
	CHECK(check_path("/dev/zram0", GIB, &reason_e) == -EPERM);
	CHECK_STR(reason, "'/dev/zram0' is a zram device, never a target");
	CHECK(check_path("/dev/loop1", GIB, &reason_e) == -EPERM);
	CHECK_STR(reason, "'/dev/loop1' is too small for the plan: 0 B, needs 1.0 GiB");
	CHECK(check_path("/dev/loop0", GIB, &reason_e) == -EPERM);
	CHECK_STR(reason, "'/dev/loop0' is too small for the plan: 512 MiB, needs 1.0 GiB");

	/* accepted: the spares, exactly at their size and below */
	CHECK(check_path("/dev/loop0", 512ULL << 20, &reason_e) == 0);
	CHECK(check_path("/dev/sdb", 3 * GIB, &reason_e) == 0);
	CHECK(check_path("/dev/disk/by-id/nvme-eui.0025388b71b2c5d1", 3 * GIB, &reason_e) == 0);
	CHECK(check_path("/dev/nvme0n1", 976773168ULL * 512, &reason_e) == 0);
	CHECK(check_path("/dev/nvme0n1", 976773168ULL * 512 + 1, &reason_e) == -EPERM);
	return CHECK_DONE();
}
