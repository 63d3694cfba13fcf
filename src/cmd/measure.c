/*
 * measure.c - `swapplace measure`: non-destructive. Measures the swap the machine already has
 * (all its active areas together, as "current"), or each given swap area alone: enabled at the
 * highest priority for its turn and disabled after. It never writes a swap header: an area
 * without one is reported as failed by swapon.
 *
 * With --try it measures placements it makes for the purpose on a live server, where no disk
 * may be repartitioned: a zram device (act/zram.h) and a swap file in a filesystem the machine
 * already has (act/swapfile.h), each made just before its turn and removed right after it, on
 * every exit path (the undo list). Every check (the list, zram and its compressors, the
 * directory's filesystem and its room: core/plan/tryplace.h) runs before the first of them is made,
 * and a refusal changes nothing.
 *
 * The scenarios (--scenario, default service) run on every placement and on none, the
 * baseline where the cgroup may not swap, so a machine without swap gets the figures of what
 * it lives through without it rather than only the pressure probe's OOM kill.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "act/journal.h"
#include "act/runlock.h"
#include "act/swapfile.h"
#include "act/undo.h"
#include "act/zram.h"
#include "cmd/commands.h"
#include "cmd/fail.h"
#include "cmd/run_common.h"
#include "core/config/units.h"
#include "core/plan/tryplace.h"
#include "core/scenario/scenario.h"
#include "out/report_io.h"
#include "probe/placement.h"
#include "sys/devices.h"
#include "sys/fsinfo.h"
#include "sys/log.h"
#include "sys/timer.h"

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

/* The temporary swap file of --try: made before its turn, removed on every path after it. */
struct try_file {
	char path[SP_TRY_DIR_MAX + 64];
	uint64_t bytes;
	unsigned flags; /* act/swapfile.h: SP_SWAPFILE_NOCOW on btrfs */
	int on_btrfs;
};

static int undo_unlink(void *arg)
{
	const struct try_file *t = arg;

	return unlink(t->path) < 0 && errno != ENOENT ? -errno : 0;
}

/*
 * Make the --try swap file of placement p and register its removal, then locate it for the
 * device probe. Returns 0 or -errno (e says what failed).
 */
static int try_file_make(const struct sp_sys_facts *f, const struct try_file *t,
			 struct sp_placement *p, struct sp_err *e)
{
	char b[32];
	unsigned seq;
	int ret;

	ret = sp_journal_record(&seq, SP_J_FILE, t->path, NULL, NULL);
	if (ret < 0)
		return sp_err_sys(e, ret, "cannot journal the swap file '%s'", t->path);
	fprintf(stderr, "swapplace: writing a temporary swap file of %s%s: '%s'\n",
		sp_format_bytes(t->bytes, b, sizeof(b)),
		t->flags & SP_SWAPFILE_NOCOW ? " (nocow, as btrfs needs)" : "", t->path);
	ret = sp_swapfile_create_flags(t->path, t->bytes, t->flags);
	if (ret < 0) { /* it removed what it wrote */
		sp_journal_undone(seq);
		return sp_err_sys(e, ret, "writing the swap file '%s'", t->path);
	}
	ret = sp_undo_push_journaled(seq, "remove the try swap file", undo_unlink, t, sizeof(*t));
	if (ret < 0) {
		if (unlink(t->path) == 0)
			sp_journal_undone(seq);
		return sp_err_sys(e, ret, "registering the removal of '%s'", t->path);
	}
	ret = locate(f, p);
	if (ret < 0)
		return sp_err_sys(e, ret, "locating '%s'", t->path);
	/* btrfs's FIEMAP gives addresses in its own logical space, not sectors of the device:
	 * a device probe over them would read elsewhere, so there is none */
	if (t->on_btrfs)
		p->n_extents = 0;
	return 0;
}

/* The zram compressors this kernel offers, and the machine's own. Returns an exit code. */
static int try_zram_facts(char algs[][SP_ZRAM_ALG_MAX], size_t max, size_t *n, char *def,
			  size_t deflen)
{
	int ret;

	if (access("/sys/class/zram-control/hot_add", W_OK) < 0)
		return sp_fail(SP_EXIT_REFUSED, NULL,
			       "refusing to try zram: this kernel has no "
			       "zram-control (load the zram module: "
			       "modprobe zram)");
	ret = sp_zram_algorithms(algs, max, n);
	if (ret < 0 && ret != -E2BIG)
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot read zram's compressors");
	ret = sp_zram_default_algorithm(def, deflen);
	if (ret < 0)
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret),
			       "cannot read the compressor this machine's zram uses");
	return SP_EXIT_OK;
}

/*
 * --try LIST as placements appended to pl at *n, every check done and nothing made yet: a
 * zram compressor must be one the kernel offers; the file's directory must exist and be on a
 * filesystem that can hold the swap file with room to spare. Returns an exit code.
 */
static int try_plan(const struct sp_config *c, struct sp_placement *pl, size_t max, size_t *n,
		    struct try_file *tf)
{
	struct sp_try_item items[SP_TRY_MAX];
	char algs[16][SP_ZRAM_ALG_MAX], def[SP_ZRAM_ALG_MAX] = "", name[48];
	size_t n_items = 0, n_algs = 0;
	struct sp_err e;
	int rc;

	if (sp_try_parse(c->try_list, items, SP_TRY_MAX, &n_items, &e) < 0)
		return sp_fail(SP_EXIT_USAGE, NULL, "%s", e.reason);
	/* the filesystem first: it is the check a live server most often fails */
	for (size_t i = 0; i < n_items; i++) {
		struct sp_try_fs fs;
		char real[PATH_MAX];
		const char *fs_name;
		int ret;

		if (items[i].kind != SP_TRY_FILE)
			continue;
		tf->bytes = sp_try_file_bytes(c->budget_bytes);
		ret = realpath(items[i].dir, real) ? sp_fs_read(real, &fs) : -errno;
		if (ret == -ENOENT)
			return sp_fail(SP_EXIT_REFUSED, NULL,
				       "refusing to try a swap file in '%s': "
				       "no such directory",
				       items[i].dir);
		if (ret == -ENOTDIR)
			return sp_fail(SP_EXIT_REFUSED, NULL,
				       "refusing to try a swap file in '%s': "
				       "not a directory",
				       items[i].dir);
		if (ret < 0)
			return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret),
				       "cannot read the filesystem of '%s'", items[i].dir);
		ret = sp_try_fs_check(&fs, tf->bytes, &e);
		if (ret < 0)
			return sp_fail(SP_EXIT_REFUSED, &e, "refusing to try a swap file in '%s'",
				       items[i].dir);
		/* the placement's swap_path holds it: a directory that long is refused */
		if (strlen(real) > sizeof(pl->swap_path) - 40)
			return sp_fail(SP_EXIT_USAGE, NULL, "--try: the directory '%s' is too long",
				       real);
		tf->flags = sp_try_fs_needs_nocow(&fs) ? SP_SWAPFILE_NOCOW : 0;
		fs_name = sp_fs_magic_name(fs.magic);
		tf->on_btrfs = fs_name && !strcmp(fs_name, "btrfs");
		snprintf(tf->path, sizeof(tf->path), "%.*s/swapplace-try-%d.swap",
			 (int)(sizeof(pl->swap_path) - 40), strcmp(real, "/") ? real : "",
			 (int)getpid());
		if (access(tf->path, F_OK) == 0)
			return sp_fail(SP_EXIT_REFUSED, NULL,
				       "refusing to try a swap file: '%s' "
				       "exists",
				       tf->path);
	}
	for (size_t i = 0; i < n_items; i++) {
		struct sp_try_item *it = &items[i];
		const char *alg = it->alg;
		int offered = 0;

		if (it->kind != SP_TRY_ZRAM)
			continue;
		if (!def[0] && (rc = try_zram_facts(algs, 16, &n_algs, def, sizeof(def))))
			return rc;
		if (!*alg)
			alg = def;
		for (size_t k = 0; k < n_algs; k++)
			offered |= !strcmp(algs[k], alg);
		if (!offered)
			return sp_fail(SP_EXIT_USAGE, NULL,
				       "--try: zram here has no compressor '%s'", alg);
		for (size_t k = 0; k < i; k++)
			if (items[k].kind == SP_TRY_ZRAM &&
			    !strcmp(items[k].alg[0] ? items[k].alg : def, alg))
				return sp_fail(SP_EXIT_USAGE, NULL,
					       "--try: zram with '%s' twice (plain "
					       "zram is this machine's '%s')",
					       alg, def);
		snprintf(it->alg, sizeof(it->alg), "%s", alg);
	}
	/* in the order given */
	for (size_t i = 0; i < n_items; i++) {
		struct sp_placement *p = &pl[*n];

		if (*n >= max)
			return sp_fail(SP_EXIT_USAGE, NULL, "--try: too many placements");
		sp_try_name(&items[i], items[i].alg, name, sizeof(name));
		if (items[i].kind == SP_TRY_ZRAM) {
			sp_placement_init(p, name, sp_placement_id_of(SP_PL_ZRAM, -1));
			snprintf(p->zram_alg, sizeof(p->zram_alg), "%s", items[i].alg);
		} else {
			sp_placement_init(p, name, sp_placement_id_of(SP_PL_FILE, -1));
			snprintf(p->swap_path, sizeof(p->swap_path), "%s", tf->path);
			p->size_bytes = tf->bytes;
		}
		(*n)++;
	}
	return SP_EXIT_OK;
}

/*
 * --scenario for measure (default service): the same set as run's (sp_scenario_set_parse),
 * less the build job, which needs a data filesystem of swapplace's own (run has one; the
 * option's choices leave build out, and "all" here means the rest).
 * Returns an exit code.
 */
static int measure_scenarios(const struct sp_config *c, unsigned *mask)
{
	const char *l = c->scenario_given ? c->scenario : "service";

	if (sp_scenario_set_parse(l, mask) < 0)
		return sp_fail(SP_EXIT_USAGE, NULL,
			       "--scenario '%s': give service, cache, gc, all or a comma "
			       "list of scenarios, or none alone",
			       l ? l : "");
	*mask &= ~SP_SCENARIO_BUILD;
	return SP_EXIT_OK;
}

int sp_cmd_measure(const struct sp_config *c)
{
	struct sp_report *r = calloc(1, sizeof(*r));
	struct sp_sys_facts *f = calloc(1, sizeof(*f));
	struct sp_placement *pl = calloc(SP_MAX_SWAP_ARGS + SP_TRY_MAX + 2, sizeof(*pl));
	struct sp_measure_opts mo;
	struct run_tuning tuning; /* sysctls set while measuring, restored by the undo list */
	struct try_file tf = {"", 0, 0, 0};
	struct sp_time t0 = sp_now();
	size_t n = 0, max = SP_MAX_SWAP_ARGS + SP_TRY_MAX + 2;
	unsigned scenarios = 0;
	char dir[512], name[48];
	struct sp_err e;
	int ret, rc;

	if (!r || !f || !pl) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(-ENOMEM), "cannot measure");
		goto out;
	}
	rc = measure_scenarios(c, &scenarios);
	if (rc != SP_EXIT_OK)
		goto out;
	if (geteuid() != 0) {
		rc = sp_fail(SP_EXIT_FAILURE, NULL,
			     "'measure' needs root: it makes memory cgroups "
			     "and reads swap devices");
		goto out;
	}
	rc = run_metrics_check(c);
	if (rc != SP_EXIT_OK)
		goto out;
	rc = run_lock("measure");
	if (rc != SP_EXIT_OK)
		goto out;
	ret = sp_facts_gather("", f);
	if (ret < 0) {
		rc =
		    sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot read the system's swap areas");
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
	if (c->try_list) {
		rc = try_plan(c, pl, max - 1, &n, &tf);
		if (rc != SP_EXIT_OK)
			goto out;
		if (f->n_swaps)
			sp_warn(
			    "this machine has swap on already: it stays on; ours gets priority "
			    "32767, which the kernel fills first unless another area has it too");
	} else if (!c->n_swaps && f->n_swaps) {
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
	if (!n)
		sp_warn("this machine has no active swap: measuring the no-swap baseline only");
	/* the baseline the scenarios are set against (and, alone, all there is to measure) */
	if (!n || scenarios || c->try_list) {
		sp_placement_init(&pl[n], "none", sp_placement_id_of(SP_PL_NONE, -1));
		n++;
	}
	run_report_init(r, "measure", c);
	ret = c->out_dir ? sp_report_dir_claim(c->out_dir, &e) : 0;
	if (ret < 0) {
		rc = sp_fail(ret == -EPERM || ret == -EEXIST || ret == -ENOTDIR ? SP_EXIT_REFUSED
										: SP_EXIT_FAILURE,
			     &e, "cannot keep the report in '%s'", c->out_dir);
		goto out;
	}
	rc = run_journal_open(r, "measure", c->out_dir);
	if (rc != SP_EXIT_OK)
		goto out;
	run_measure_opts(c, &mo);
	mo.service_s = scenarios & SP_SCENARIO_SERVICE ? c->service_time_s : 0;
	/* no data filesystem of ours on a live server: the cache's misses are generated (CPU),
	 * not read from a database file (probe/serverjob.h) */
	mo.cache_s = scenarios & SP_SCENARIO_CACHE ? c->cache_time_s : 0;
	mo.gc_s = scenarios & SP_SCENARIO_GC ? c->gc_time_s : 0;
	run_tuning_plan(&tuning);
	run_tuning_plan_servers(&tuning, c);
	run_tuning_servers_opts(&tuning, c, &mo);
	run_tuning_apply(&tuning);
	/* --try asks what a swap file or zram would do by itself: zswap in front of the file
	 * would answer its swap-ins from RAM (without --try the machine's swap is measured as
	 * the machine has it, zswap included) */
	if (c->try_list)
		run_zswap_off(r);
	for (size_t i = 0; i < n && !sp_interrupted(); i++) {
		struct sp_result *res = sp_report_add_result(r, pl[i].name, pl[i].id);
		size_t mark = sp_undo_depth();
		struct sp_err e;

		fprintf(stderr, "swapplace: [%zu/%zu] measuring '%s'\n", i + 1, n, pl[i].name);
		sp_err_init(&e);
		if (pl[i].id.kind == SP_PL_FILE && try_file_make(f, &tf, &pl[i], &e) < 0) {
			/* nothing to measure: failed, with why, like an area swapon refuses */
			res->status = SP_STATUS_FAILED;
			snprintf(res->device, sizeof(res->device), "%s", tf.path);
			snprintf(res->reason, sizeof(res->reason), "%s", sp_err_msg(&e));
			sp_undo_run_to(mark);
			if (e.code == -EINTR)
				break;
			continue;
		}
		ret = sp_placement_measure(&pl[i], &mo, res);
		/* the try file goes as soon as its turn is over: a live server's disk is its own */
		sp_undo_run_to(mark);
		if (ret == -EINTR)
			break;
		run_print_service(res);
	}
	sp_undo_all();
	run_journal_finish();
	if (sp_interrupted()) {
		rc = sp_fail(SP_EXIT_FAILURE, NULL,
			     "interrupted: the machine is restored; no report written");
		goto out;
	}
	r->duration_s = sp_elapsed_s(t0, sp_now());
	run_report_devices(r);
	rc = run_report_save(r, c, dir, sizeof(dir));
out:
	sp_undo_all();
	run_journal_finish();
	free(r);
	free(f);
	free(pl);
	return rc;
}
