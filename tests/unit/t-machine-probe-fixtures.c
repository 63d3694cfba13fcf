/*
 * t-machine-probe-fixtures - the machine section from captured trees: CPU model and online core
 * count (online, not listed processors), RAM from MemTotal, the kernel from proc/sys/kernel, DMI
 * identity, and the memory cgroup version: 2 (cgroup.controllers lists memory), 1 (the test
 * VM: v1 memory, unified cgroup2 without it), 0 (none); and the live probe agrees with uname.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "check.h"
#include "sys/machine.h"

#define FIX "tests/fixtures"

int main(void)
{
	struct sp_machine m;
	struct utsname u;

	CHECK(sp_machine_probe(FIX "/sys-basic", &m) == 0);
	CHECK_STR(m.cpu, "Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz");
	CHECK_EQ_U64(m.cores, 3); /* 4 listed, 0-2 online */
	CHECK_EQ_U64(m.ram_bytes, 16303864ULL * 1024);
	CHECK_STR(m.kernel, "6.1.0-18-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01)");
	CHECK_STR(m.dmi_vendor, "LENOVO");
	CHECK_STR(m.dmi_model, "20KH006MGE");
	CHECK(m.cgroup_version == 2);
	CHECK(!m.have_swappiness && !m.have_thp && !m.have_mglru); /* none of the files */
	CHECK(m.timer_cost_ns == 0);
	CHECK_EQ_U64(m.page_size, (uint64_t)sysconf(_SC_PAGESIZE));

	CHECK(sp_machine_probe(FIX "/machine-v1", &m) == 0);
	CHECK_STR(m.cpu, "AMD EPYC");
	CHECK_EQ_U64(m.cores, 2);
	CHECK_EQ_U64(m.ram_bytes, 24684084ULL * 1024);
	CHECK(strncmp(m.kernel, "6.18.44-fc-v669 #1 SMP", 22) == 0);
	CHECK_STR(m.dmi_vendor, "");
	CHECK(m.cgroup_version == 1);
	CHECK(m.have_swappiness && m.swappiness == 60);
	CHECK(m.have_thp && m.thp == SP_THP_MADVISE);
	CHECK(m.have_mglru && m.mglru == 1);

	CHECK(sp_machine_probe(FIX "/machine-nocg", &m) == 0);
	CHECK_STR(m.cpu, "BCM2835");
	CHECK_EQ_U64(m.cores, 1); /* no cpu/online: the processor lines */
	CHECK_EQ_U64(m.ram_bytes, 948304ULL * 1024);
	CHECK_STR(m.kernel, "5.10.103-v7+");
	CHECK(m.cgroup_version == 0);
	CHECK(m.have_swappiness && m.swappiness == 100);
	CHECK(!m.have_thp);		     /* no transparent_hugepage: the kernel has no THP */
	CHECK(m.have_mglru && m.mglru == 0); /* lru_gen 0x0000: there, and off */

	CHECK(sp_machine_probe(FIX "/no-such-machine", &m) == -ENOENT);
	sp_machine_vm_policy(FIX "/no-such-machine", &m);
	CHECK(!m.have_swappiness && !m.have_thp && !m.have_mglru);

	/* live: what uname and sysconf say */
	CHECK(sp_machine_probe("", &m) == 0);
	CHECK(uname(&u) == 0);
	CHECK(strncmp(m.kernel, u.release, strlen(u.release)) == 0);
	CHECK(m.cores >= 1 && m.cores == (uint32_t)sysconf(_SC_NPROCESSORS_ONLN));
	CHECK(m.ram_bytes > 0);
	CHECK(m.cgroup_version == sp_machine_cgroup_version("/"));
	return CHECK_DONE();
}
