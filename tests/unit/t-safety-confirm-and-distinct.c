/*
 * t-safety-confirm-and-distinct - --confirm must equal the target's serial exactly, or its size
 * in bytes where it has no serial (a loop device), and the refusal says what to type; the same
 * device given twice, by one path or two spellings, is refused.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/safety/safety.h"
#include "sys/devices.h"

#define ROOT "tests/fixtures/sys-basic"

int main(void)
{
	static struct sp_sys_facts f;
	struct sp_device_info infos[3];
	const char *paths[3];
	struct sp_device_info sdb, loop;
	char exp[64];
	struct sp_err reason_e;
	const char *reason = reason_e.reason;

	unsetenv("SWAPPLACE_BOOT_DEVICE");
	if (sp_facts_gather(ROOT, &f) || sp_device_find(ROOT, &f, "/dev/sdb", &sdb) ||
	    sp_device_find(ROOT, &f, "/dev/loop0", &loop)) {
		fprintf(stderr, "fixture setup failed (run from the repository root)\n");
		return 1;
	}

	CHECK(sp_confirm_expected(&sdb, exp, sizeof(exp)) == 0);
	CHECK_STR(exp, "NA8F12345");
	CHECK(sp_confirm_check(&sdb, "NA8F12345", &reason_e) == 0);
	CHECK(sp_confirm_check(&sdb, "na8f12345", &reason_e) == -EPERM);
	CHECK_STR(reason, "--confirm 'na8f12345' does not match '/dev/sdb': expected its serial "
			  "'NA8F12345'");
	CHECK(sp_confirm_check(&sdb, "NA8F1234", &reason_e) == -EPERM);
	CHECK(sp_confirm_check(&sdb, "NA8F12345 ", &reason_e) == -EPERM);
	/* the size is not accepted when there is a serial */
	CHECK(sp_confirm_check(&sdb, "2000398934016", &reason_e) == -EPERM);
	CHECK(sp_confirm_check(&sdb, NULL, &reason_e) == -EPERM);
	CHECK_STR(reason, "'/dev/sdb' needs --confirm NA8F12345: its serial");
	CHECK(sp_confirm_check(&sdb, "", &reason_e) == -EPERM);

	CHECK(sp_confirm_expected(&loop, exp, sizeof(exp)) == 0);
	CHECK_STR(exp, "536870912");
	CHECK(sp_confirm_check(&loop, "536870912", &reason_e) == 0);
	CHECK(sp_confirm_check(&loop, "536870913", &reason_e) == -EPERM);
	CHECK_STR(reason, "--confirm '536870913' does not match '/dev/loop0': expected its size in "
			  "bytes (it has no serial) '536870912'");
	CHECK(sp_confirm_check(&loop, "512M", &reason_e) == -EPERM);
	CHECK(sp_confirm_expected(&loop, exp, 5) == -ENOSPC);

	/* distinct targets */
	paths[0] = "/dev/sdb";
	paths[1] = "/dev/nvme0n1";
	CHECK(sp_device_find(ROOT, &f, paths[0], &infos[0]) == 0);
	CHECK(sp_device_find(ROOT, &f, paths[1], &infos[1]) == 0);
	CHECK(sp_targets_distinct(paths, infos, 2, &reason_e) == 0);
	paths[2] = "/dev/disk/by-id/usb-Seagate_Expansion_HDD_NA8F12345-0:0";
	CHECK(sp_device_find(ROOT, &f, paths[2], &infos[2]) == 0);
	CHECK(sp_targets_distinct(paths, infos, 3, &reason_e) == -EPERM);
	CHECK_STR(reason,
		  "'/dev/sdb' and '/dev/disk/by-id/usb-Seagate_Expansion_HDD_NA8F12345-0:0' "
		  "are the same device '/dev/sdb'");
	paths[2] = "/dev/nvme0n1";
	infos[2] = infos[1];
	CHECK(sp_targets_distinct(paths, infos, 3, &reason_e) == -EPERM);
	CHECK_STR(reason, "'/dev/nvme0n1' is given twice");
	CHECK(sp_targets_distinct(paths, infos, 1, &reason_e) == 0);
	CHECK(sp_targets_distinct(paths, infos, 0, &reason_e) == 0);
	return CHECK_DONE();
}
