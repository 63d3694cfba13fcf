/*
 * t-sysfs-block-attr-path - the one builder of block-device sysfs paths (disk.c's partition
 * start/size and zram.c's attributes use it): "/dev/NAME" and "NAME" give the same
 * /sys/class/block path, an empty name or attribute is refused, and a path that does not fit
 * is -ENAMETOOLONG rather than cut; sp_path_join likewise.
 */
#include <errno.h>

#include "check.h"
#include "sys/sysfs.h"

int main(void)
{
	char p[64], tiny[24];

	CHECK(sp_block_attr_path("/dev/loop3p1", "start", p, sizeof(p)) == 0);
	CHECK_STR(p, "/sys/class/block/loop3p1/start");
	CHECK(sp_block_attr_path("zram1", "mm_stat", p, sizeof(p)) == 0);
	CHECK_STR(p, "/sys/class/block/zram1/mm_stat");
	CHECK(sp_block_attr_path("/dev/", "size", p, sizeof(p)) == -EINVAL);
	CHECK(sp_block_attr_path("sda", "", p, sizeof(p)) == -EINVAL);
	CHECK(sp_block_attr_path("nvme0n1p2", "size", tiny, sizeof(tiny)) == -ENAMETOOLONG);

	CHECK(sp_path_join("/sys/fs/cgroup/x", "memory.max", p, sizeof(p)) == 0);
	CHECK_STR(p, "/sys/fs/cgroup/x/memory.max");
	CHECK(sp_path_join("/sys/fs/cgroup/x", "memory.max", tiny, sizeof(tiny)) == -ENAMETOOLONG);
	return CHECK_DONE();
}
