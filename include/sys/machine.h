/*
 * machine.h - what the report says about the machine: CPU, cores, RAM, kernel, DMI identity,
 * page size, and which cgroup version carries the memory controller.
 *
 * Reads through a root prefix (sysfs.h) so fixtures stand in for real machines; the kernel
 * string comes from uname on the live system and from proc/sys/kernel in a fixture.
 */
#ifndef SP_MACHINE_H
#define SP_MACHINE_H

#include "core/model/report.h"

/*
 * Fill m (timer_cost_ns is left 0: the caller measures it). A missing DMI or cgroup is not an
 * error, it leaves the field empty or 0.
 * Returns: 0, or -errno when neither cpuinfo nor meminfo is readable.
 */
int sp_machine_probe(const char *root, struct sp_machine *m);

/*
 * vm.swappiness, the THP mode and whether MGLRU is on, into m (sp_machine_probe calls it): a
 * file that is absent or unreadable leaves its have_* flag 0 (no THP, no lru_gen: the kernel
 * lacks them). Called before swapplace changes any sysctl, so it is the machine's own policy.
 */
void sp_machine_vm_policy(const char *root, struct sp_machine *m);

/*
 * MemTotal and MemAvailable from the meminfo file at path ("/proc/meminfo") under root, MemFree
 * where the kernel predates MemAvailable, in bytes.
 * Returns: 0, or -errno when the file is unreadable or lacks them.
 */
int sp_machine_memory(const char *root, const char *path, uint64_t *total_bytes,
		      uint64_t *available_bytes);

/*
 * The cgroup version holding the memory controller under root: 2 when
 * sys/fs/cgroup/cgroup.controllers or sys/fs/cgroup/unified/cgroup.controllers lists "memory",
 * else 1 when sys/fs/cgroup/memory exists, else 0.
 */
int sp_machine_cgroup_version(const char *root);

#endif
