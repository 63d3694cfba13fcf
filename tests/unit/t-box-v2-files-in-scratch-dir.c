/*
 * t-box-v2-files-in-scratch-dir - the constrained box's cgroup v2 writes, against a scratch
 * directory posing as a v2 parent with a workload cgroup in it: --cpu-max 0.5 becomes cpu.max
 * "50000 100000", --io-max 300,1M becomes io.max for the swap disk, each after "+cpu"/"+io" in
 * the parent's cgroup.subtree_control, whose "-cpu"/"-io" undo runs with the turn; the record
 * says applied and names the device. A parent whose cgroup.controllers lacks io gets the cap
 * refused with its reason, and a placement whose io cap is moot (zram) says so without
 * touching io.max. sp_box_prepare() enables the controllers in the parent before a cgroup is
 * made there (v2, in a box only). Before the cgroup goes its cpu.stat and io.stat line for the swap
 * disk are added to the record (what the caps did), once. Nothing is killed (sp_box_attach only
 * writes files); needs no root.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "act/caps.h"
#include "act/memcg.h"
#include "act/undo.h"
#include "check.h"
#include "scratch-files.h"

/* a parent listing controllers, with an empty workload cgroup "w" in it */
static void scratch(char *parent, size_t len, char *child, size_t clen, const char *controllers)
{
	snprintf(parent, len, "/tmp/t-box-v2.XXXXXX");
	if (!mkdtemp(parent)) {
		perror("mkdtemp");
		exit(1);
	}
	put(parent, "cgroup.controllers", controllers);
	put(parent, "cgroup.subtree_control", "memory\n");
	snprintf(child, clen, "%s/w", parent);
	mkdir(child, 0755);
	put(child, "cpu.max", "max 100000\n");
	put(child, "io.max", "");
}

static void cleanup(const char *parent, const char *child)
{
	char p[700];
	const char *files[] = {"cpu.max", "io.max", "cpu.stat", "io.stat"};

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", child, files[i]);
		unlink(p);
	}
	rmdir(child);
	snprintf(p, sizeof(p), "%s/cgroup.controllers", parent);
	unlink(p);
	snprintf(p, sizeof(p), "%s/cgroup.subtree_control", parent);
	unlink(p);
	rmdir(parent);
}

int main(void)
{
	char parent[64], child[96];
	struct sp_box_spec spec;
	struct sp_box_applied a;
	struct sp_budget_kept k;
	struct sp_memcg cg;
	size_t mark = sp_undo_depth();

	/* both caps, both controllers */
	scratch(parent, sizeof(parent), child, sizeof(child), "cpuset cpu io memory pids\n");
	memset(&spec, 0, sizeof(spec));
	memset(&a, 0, sizeof(a));
	memset(&k, 0, sizeof(k));
	spec.caps = (struct sp_caps){.cpu_max = 0.5, .io_iops = 300, .io_bps = 1 << 20};
	snprintf(spec.swap_dev, sizeof(spec.swap_dev), "7:0");
	CHECK(sp_box_enter(&spec, &a, &k) == 0);
	CHECK(sp_box_enter(&spec, &a, &k) == -EBUSY); /* one box at a time */
	CHECK(sp_memcg_open(child, 2, &cg) == 0);
	sp_box_attach(&cg);
	CHECK_STR(get(child, "cpu.max"), "50000 100000");
	CHECK_STR(get(child, "io.max"), "7:0 riops=300 wiops=300 rbps=1048576 wbps=1048576");
	/* "+io" was the last write over "+cpu" (a plain file keeps the longer tail) */
	CHECK(strncmp(get(parent, "cgroup.subtree_control"), "+io", 3) == 0);
	CHECK(a.done && a.ran && a.cpu_applied && a.io_applied && !a.io_moot);
	CHECK_STR(a.cpu_reason, "");
	CHECK_STR(a.io_reason, "");
	CHECK_STR(a.io_device, "7:0");
	CHECK(!k.done); /* no zram: no keeper */
	sp_box_limit_set(&cg, 64 << 20);
	CHECK(!k.done);
	/* before the cgroup goes, what the caps did is read: cpu.stat, io.stat's swap disk */
	put(child, "cpu.stat",
	    "usage_usec 2000000\nuser_usec 1500000\nsystem_usec 500000\nnr_periods 40\n"
	    "nr_throttled 31\nthrottled_usec 1200000\nnr_bursts 0\nburst_usec 0\n");
	put(child, "io.stat",
	    "7:01 rbytes=9 wbytes=9 rios=9 wios=9 dbytes=0 dios=0\n"
	    "7:0 rbytes=4096000 wbytes=8192000 rios=1000 wios=2000 dbytes=0 dios=7\n");
	CHECK(!a.measured && !a.io_measured);
	sp_box_detach(&cg);
	CHECK(a.measured && a.io_measured && a.spanned && a.usage_known);
	CHECK(a.cpu_periods == 40 && a.cpu_throttled_periods == 31);
	CHECK(a.cpu_throttled_us == 1200000 && a.cpu_usage_us == 2000000);
	CHECK(a.io_rios == 1000 && a.io_wios == 2000);
	CHECK(a.io_rbytes == 4096000 && a.io_wbytes == 8192000);
	CHECK(a.cgroup_s >= 0 && a.cgroup_s < 60);
	sp_box_detach(&cg); /* detached: not counted twice */
	CHECK(a.cpu_periods == 40 && a.io_rios == 1000);
	CHECK(sp_undo_run_to(mark) == 0);
	/* the undo disabled the controllers again, "-cpu" last (pushed first) */
	CHECK(strncmp(get(parent, "cgroup.subtree_control"), "-cpu", 4) == 0);
	CHECK(sp_box_enter(&spec, NULL, NULL) == 0); /* left: a new box may be entered */
	CHECK(sp_undo_run_to(mark) == 0);
	cleanup(parent, child);

	/* before a cgroup is made in it, the parent gets the controllers (their undo below the
	 * cgroup's removal, so they stay while its counts are read); v1 and outside a box: not */
	scratch(parent, sizeof(parent), child, sizeof(child), "cpu io memory\n");
	memset(&a, 0, sizeof(a));
	sp_box_prepare(parent, 2); /* no box */
	CHECK_STR(get(parent, "cgroup.subtree_control"), "memory\n");
	CHECK(sp_box_enter(&spec, &a, NULL) == 0);
	sp_box_prepare(parent, 1);
	CHECK_STR(get(parent, "cgroup.subtree_control"), "memory\n");
	{
		size_t depth = sp_undo_depth();

		sp_box_prepare(parent, 2);
		CHECK(strncmp(get(parent, "cgroup.subtree_control"), "+io", 3) == 0);
		CHECK(sp_undo_depth() == depth + 2); /* "-cpu", "-io" */
	}
	CHECK(sp_undo_run_to(mark) == 0);
	CHECK(strncmp(get(parent, "cgroup.subtree_control"), "-cpu", 4) == 0);
	cleanup(parent, child);

	/* no io controller: the cpu quota applies, the io cap is refused with its reason */
	scratch(parent, sizeof(parent), child, sizeof(child), "cpu memory\n");
	memset(&a, 0, sizeof(a));
	CHECK(sp_box_enter(&spec, &a, NULL) == 0);
	CHECK(sp_memcg_open(child, 2, &cg) == 0);
	sp_box_attach(&cg);
	CHECK_STR(get(child, "cpu.max"), "50000 100000");
	CHECK_STR(get(child, "io.max"), "");
	CHECK(a.cpu_applied && !a.io_applied && !a.io_moot);
	CHECK(strstr(a.io_reason, "not applied") && strstr(a.io_reason, "io controller"));
	CHECK(sp_undo_run_to(mark) == 0);
	cleanup(parent, child);

	/* zram: the io cap is moot and io.max untouched; no workload: said at the leave */
	scratch(parent, sizeof(parent), child, sizeof(child), "cpu io memory\n");
	memset(&a, 0, sizeof(a));
	spec.io_moot = "zram is memory";
	CHECK(sp_box_enter(&spec, &a, NULL) == 0);
	CHECK(sp_undo_run_to(mark) == 0);
	CHECK(a.done && !a.ran && !a.cpu_applied && !a.io_applied && a.io_moot);
	CHECK_STR(a.io_reason, "not applied: zram is memory");
	CHECK_STR(a.cpu_reason, "not applied: no workload ran in the box");
	CHECK_STR(get(child, "io.max"), "");
	cleanup(parent, child);
	return CHECK_DONE();
}
