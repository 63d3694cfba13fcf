/*
 * machine.c - the machine section of the report, from /proc and /sys under a root prefix.
 */
#include "sys/machine.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "core/measure/procparse.h"
#include "sys/sysfs.h"

static int lists_word(const char *text, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = text; (p = strstr(p, word)); p += n)
		if ((p == text || p[-1] == ' ' || p[-1] == '\t') &&
		    (p[n] == '\0' || p[n] == ' ' || p[n] == '\n' || p[n] == '\t'))
			return 1;
	return 0;
}

int sp_machine_cgroup_version(const char *root)
{
	static const char *const v2[] = {"/sys/fs/cgroup/cgroup.controllers",
					 "/sys/fs/cgroup/unified/cgroup.controllers"};
	char buf[512];

	for (size_t i = 0; i < sizeof(v2) / sizeof(v2[0]); i++)
		if (sp_read_text(root, v2[i], buf, sizeof(buf)) >= 0 && lists_word(buf, "memory"))
			return 2;
	/* v1: the memory hierarchy is its own mount (hybrid systemd layouts keep v2 in unified) */
	if (sp_root_exists(root, "/sys/fs/cgroup/memory"))
		return 1;
	return 0;
}

static void read_trimmed(const char *root, const char *path, char *out, size_t len)
{
	if (sp_read_text(root, path, out, len) < 0)
		out[0] = '\0';
}

int sp_machine_probe(const char *root, struct sp_machine *m)
{
	struct sp_cpuinfo ci;
	char buf[256], ver[128];
	char *text;
	uint32_t online;
	int r = 0, have_cpu = 0, have_mem = 0;
	long ps;

	memset(m, 0, sizeof(*m));
	memset(&ci, 0, sizeof(ci));
	if (sp_read_all(root, "/proc/cpuinfo", &text) == 0) {
		have_cpu = sp_parse_cpuinfo(text, &ci) == 0;
		free(text);
	}
	snprintf(m->cpu, sizeof(m->cpu), "%s", ci.model);
	/* online CPUs, not present ones: a VM may have hot-unplugged some */
	if (sp_read_text(root, "/sys/devices/system/cpu/online", buf, sizeof(buf)) >= 0 &&
	    sp_parse_cpulist_count(buf, &online) == 0)
		m->cores = online;
	else
		m->cores = ci.processors;

	if (sp_read_all(root, "/proc/meminfo", &text) == 0) {
		have_mem = sp_parse_meminfo_bytes(text, "MemTotal", &m->ram_bytes) == 0;
		free(text);
	}
	if (!have_cpu && !have_mem)
		return -ENOENT;

	if (sp_root_is_live(root)) {
		struct utsname u;

		/* a long version string is cut: the release comes first and matters most */
		if (uname(&u) == 0) {
			size_t l;

			snprintf(m->kernel, sizeof(m->kernel), "%s ", u.release);
			l = strlen(m->kernel);
			snprintf(m->kernel + l, sizeof(m->kernel) - l, "%.*s",
				 (int)(sizeof(m->kernel) - l - 1), u.version);
		}
	} else {
		read_trimmed(root, "/proc/sys/kernel/osrelease", buf, sizeof(buf));
		read_trimmed(root, "/proc/sys/kernel/version", ver, sizeof(ver));
		r = snprintf(m->kernel, sizeof(m->kernel), "%s%s%s", buf, ver[0] ? " " : "", ver);
	}
	(void)r;
	read_trimmed(root, "/sys/class/dmi/id/sys_vendor", m->dmi_vendor, sizeof(m->dmi_vendor));
	read_trimmed(root, "/sys/class/dmi/id/product_name", m->dmi_model, sizeof(m->dmi_model));
	/* product_serial is mode 0400: read by root, "" for anyone else (not an error); the
	 * state says which of that, no DMI tables, or another failure left it empty */
	m->dmi_serial_state =
	    sp_dmi_serial_state_of((long)sp_read_text(root, "/sys/class/dmi/id/product_serial",
						      m->dmi_serial, sizeof(m->dmi_serial)),
				   geteuid() == 0);
	m->have_dmi_serial_state = 1;
	if (m->dmi_serial_state != SP_DMI_SERIAL_READ)
		m->dmi_serial[0] = '\0';
	read_trimmed(root, "/sys/class/dmi/id/bios_vendor", m->bios_vendor, sizeof(m->bios_vendor));
	read_trimmed(root, "/sys/class/dmi/id/bios_version", m->bios_version,
		     sizeof(m->bios_version));
	read_trimmed(root, "/sys/class/dmi/id/bios_date", m->bios_date, sizeof(m->bios_date));

	ps = sysconf(_SC_PAGESIZE);
	m->page_size = ps > 0 ? (uint32_t)ps : 4096;
	m->cgroup_version = sp_machine_cgroup_version(root);
	sp_machine_vm_policy(root, m);
	return 0;
}

void sp_machine_vm_policy(const char *root, struct sp_machine *m)
{
	char buf[128];

	m->have_swappiness = sp_read_text(root, "/proc/sys/vm/swappiness", buf, sizeof(buf)) >= 0 &&
			     sp_parse_swappiness(buf, &m->swappiness) == 0;
	m->have_thp = sp_read_text(root, "/sys/kernel/mm/transparent_hugepage/enabled", buf,
				   sizeof(buf)) >= 0 &&
		      sp_parse_thp_enabled(buf, &m->thp) == 0;
	m->have_mglru =
	    sp_read_text(root, "/sys/kernel/mm/lru_gen/enabled", buf, sizeof(buf)) >= 0 &&
	    sp_parse_lru_gen(buf, &m->mglru) == 0;
}

int sp_machine_memory(const char *root, const char *path, uint64_t *total_bytes,
		      uint64_t *available_bytes)
{
	char *text = NULL;
	int ret;

	ret = sp_read_all(root, path, &text);
	if (ret < 0)
		return ret;
	ret = sp_parse_meminfo_bytes(text, "MemTotal", total_bytes);
	if (ret == 0 && sp_parse_meminfo_bytes(text, "MemAvailable", available_bytes) < 0)
		ret = sp_parse_meminfo_bytes(text, "MemFree", available_bytes);
	free(text);
	return ret;
}
