/*
 * The appliance names disks by serial ("serial:XYZ"): an exact serial finds its whole disk,
 * a partial, unknown or empty one finds nothing, and a path still resolves as a path.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "sys/devices.h"

#define ROOT "tests/fixtures/sys-basic"

int main(void)
{
	struct sp_sys_facts *f = calloc(1, sizeof(*f));
	struct sp_device_info d;

	if (!f || sp_facts_gather(ROOT, f)) {
		fprintf(stderr, "cannot gather the fixture's facts\n");
		return 1;
	}
	CHECK(sp_device_resolve(ROOT, f, "serial:NA8F12345", &d) == 0);
	CHECK_STR(d.path, "/dev/sdb");
	CHECK(!d.is_partition);
	CHECK(sp_device_resolve(ROOT, f, "serial:S4EVNX0N123456A", &d) == 0);
	CHECK_STR(d.name, "nvme0n1");
	CHECK(sp_device_resolve(ROOT, f, "serial:NA8F1234", &d) == -ENOENT);
	CHECK(sp_device_resolve(ROOT, f, "serial:", &d) == -ENOENT);
	CHECK(sp_device_resolve(ROOT, f, "serial:na8f12345", &d) == -ENOENT);
	CHECK(sp_device_resolve(ROOT, f, "/dev/sdb", &d) == 0);
	CHECK_STR(d.serial, "NA8F12345");
	free(f);
	return CHECK_DONE();
}
