/*
 * measure.c - `swapplace measure`: non-destructive. Measures the swap the machine already has
 * (all its active areas together, as "current"), or each given swap area alone: enabled at the
 * highest priority for its turn and disabled after. It never writes a swap header: an area
 * without one is reported as failed by swapon.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "cmd/fail.h"
#include "sys/devices.h"
#include "sys/log.h"
#include "probe/placement.h"
#include "cmd/run_common.h"
#include "act/swapfile.h"
#include "sys/timer.h"
#include "act/undo.h"

static int is_active(const struct sp_sys_facts *f, const char *path)
{
	char real[4096];

	if (!realpath(path, real))
		return 0;
	for (size_t i = 0; i < f->n_swaps; i++)
		if (!strcmp(f->swaps[i].path, real))
			return 1;
	return 0;
}

/* Where a swap area lies: a block device's whole range, or a file's extents on its fs. */
static int locate(const struct sp_sys_facts *f, struct sp_placement *p)
{
	struct stat st;
	char name[32];
	int ret;

	if (stat(p->swap_path, &st) < 0)
		return -errno;
	if (S_ISBLK(st.st_mode)) {
		int fd = open(p->swap_path, O_RDONLY | O_CLOEXEC);
		uint64_t size = 0;

		if (fd < 0)
			return -errno;
		ret = ioctl(fd, BLKGETSIZE64, &size) < 0 ? -errno : 0;
		close(fd);
		if (ret < 0)
			return ret;
		snprintf(p->probe_dev, sizeof(p->probe_dev), "%s", p->swap_path);
		p->size_bytes = size;
		p->n_extents = 1;
		p->extents[0].start_sector = 0;
		p->extents[0].sectors = size / 512;
		return 0;
	}
	if (!S_ISREG(st.st_mode))
		return -EINVAL;
	p->size_bytes = (uint64_t)st.st_size;
	ret = sp_devices_name_of(f, major(st.st_dev), minor(st.st_dev), name, sizeof(name));
	if (ret < 0)
		return 0; /* no block device under it (tmpfs?): no device probe */
	snprintf(p->probe_dev, sizeof(p->probe_dev), "/dev/%s", name);
	ret = sp_swapfile_extents(p->swap_path, 0, p->extents, SP_MAX_EXTENTS, &p->n_extents);
	if (ret < 0)
		p->n_extents = 0;
	return 0;
}

int sp_cmd_measure(const struct sp_config *c)
{
	struct sp_report *r = calloc(1, sizeof(*r));
	struct sp_sys_facts *f = calloc(1, sizeof(*f));
	struct sp_placement *pl = calloc(SP_MAX_SWAP_ARGS + 1, sizeof(*pl));
	struct sp_measure_opts mo;
	struct run_tuning tuning; /* sysctls set while measuring, restored by the undo list */
	struct sp_time t0 = sp_now();
	size_t n = 0;
	char dir[512], name[48];
	int ret, rc;

	if (!r || !f || !pl) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(-ENOMEM), "cannot measure");
		goto out;
	}
	if (geteuid() != 0) {
		rc = sp_fail(SP_EXIT_FAILURE, NULL, "'measure' needs root: it makes memory cgroups "
						  "and reads swap devices");
		goto out;
	}
	ret = sp_facts_gather("", f);
	if (ret < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot read the system's swap areas");
		goto out;
	}
	for (size_t i = 0; i < c->n_swaps; i++, n++) {
		struct sp_placement *p = &pl[n];
		const char *base = strrchr(c->swaps[i], '/');

		snprintf(name, sizeof(name), "swap-%s", base ? base + 1 : c->swaps[i]);
		sp_placement_init(p, name, sp_placement_id_of(SP_PL_EXISTING, -1));
		snprintf(p->swap_path, sizeof(p->swap_path), "%s", c->swaps[i]);
		p->already_active = is_active(f, c->swaps[i]);
		ret = locate(f, p);
		if (ret < 0) {
			rc = sp_fail(SP_EXIT_USAGE, SP_ERR_OF(ret), "cannot measure '%s'",
				     c->swaps[i]);
			goto out;
		}
	}
	if (!c->n_swaps && f->n_swaps) {
		/* the machine's swap as it is: all areas, probed on the highest-priority one */
		size_t best = 0;

		for (size_t i = 1; i < f->n_swaps; i++)
			if (f->swaps[i].prio > f->swaps[best].prio)
				best = i;
		sp_placement_init(&pl[0], "current", sp_placement_id_of(SP_PL_EXISTING, -1));
		pl[0].already_active = 1;
		snprintf(pl[0].swap_path, sizeof(pl[0].swap_path), "%s", f->swaps[best].path);
		if (locate(f, &pl[0]) < 0)
			pl[0].n_extents = 0;
		n = 1;
	}
	if (!n) {
		sp_placement_init(&pl[0], "none", sp_placement_id_of(SP_PL_NONE, -1));
		n = 1;
		sp_warn("this machine has no active swap: measuring the no-swap baseline only");
	}
	run_report_init(r, "measure", c);
	run_measure_opts(c, &mo);
	run_tuning_plan(&tuning);
	run_tuning_apply(&tuning);
	for (size_t i = 0; i < n && !sp_interrupted(); i++) {
		struct sp_result *res = sp_report_add_result(r, pl[i].name, pl[i].id);

		fprintf(stderr, "swapplace: [%zu/%zu] measuring '%s'\n", i + 1, n, pl[i].name);
		if (sp_placement_measure(&pl[i], &mo, res) == -EINTR)
			break;
	}
	sp_undo_all();
	if (sp_interrupted()) {
		rc = sp_fail(SP_EXIT_FAILURE, NULL,
			     "interrupted: the machine is restored; no report written");
		goto out;
	}
	r->duration_s = sp_elapsed_s(t0, sp_now());
	run_report_devices(r);
	rc = run_report_save(r, c, dir, sizeof(dir));
out:
	free(r);
	free(f);
	free(pl);
	return rc;
}
