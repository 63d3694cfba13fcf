/*
 * faultprobe-run - runs the fault probe once against the swap already active and prints its
 * result as key=value lines, for the root tests (tests/root/faultprobe-*.sh) and by hand.
 *
 *   faultprobe-run [--no-reclaim] [--no-swap] [--qds 1,4,16,32] [--threads N] [--seed N]
 *                  [--report DIR] SWAPDEV_OR_NONE BUFFER_MIB SECONDS
 *
 * SWAPDEV_OR_NONE must be listed in /proc/swaps (the test made it active), or "none" to skip
 * that check. vm.page-cluster is set to 0 for the run and put back at exit (undo list), as the
 * probe's contract asks of its caller. --no-reclaim evicts with MADV_PAGEOUT alone: the trap
 * the probe must detect. --report DIR also writes DIR/report.json (and report.txt) with one
 * placement whose status and reason come from the outcome exactly as a run records it
 * (sp_result_settle), so a test can check what a reader of the report is told.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "act/undo.h"
#include "core/plan/placements.h"
#include "out/report_io.h"
#include "probe/faultprobe.h"
#include "probe/placement.h"
#include "sys/log.h"
#include "sys/sysfs.h"

static char old_page_cluster[32];

static int write_page_cluster(const char *v)
{
	FILE *f = fopen("/proc/sys/vm/page-cluster", "w");
	int ret;

	if (!f)
		return -errno;
	ret = fputs(v, f) < 0 ? -EIO : 0;
	if (fclose(f))
		ret = -errno;
	return ret;
}

static int undo_page_cluster(void *arg)
{
	(void)arg;
	return write_page_cluster(old_page_cluster);
}

/* Active swap areas other than dev: the probe's contract is that dev is the only one. */
static int other_swaps(const char *dev)
{
	char buf[8192], *line, *save = NULL;
	char real[4096];
	size_t n;
	int others = 0;

	if (!realpath(dev, real))
		snprintf(real, sizeof(real), "%s", dev);
	n = strlen(real);
	if (sp_read_text(NULL, "/proc/swaps", buf, sizeof(buf)) < 0)
		return -1;
	line = strtok_r(buf, "\n", &save); /* the header */
	while ((line = strtok_r(NULL, "\n", &save)))
		if (strncmp(line, real, n) || (line[n] != ' ' && line[n] != '\t'))
			others++;
	return others;
}

static int swap_active(const char *dev)
{
	char buf[8192], *line, *save = NULL;
	char real[4096];
	size_t n = strlen(dev);

	if (!realpath(dev, real))
		snprintf(real, sizeof(real), "%s", dev);
	n = strlen(real);
	if (sp_read_text(NULL, "/proc/swaps", buf, sizeof(buf)) < 0)
		return 0;
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (!strncmp(line, real, n) && (line[n] == ' ' || line[n] == '\t'))
			return 1;
	return 0;
}

/* One placement, recorded the way sp_placement_measure records its fault probe. */
static int write_report(const char *dir, const char *dev, int ret, const struct sp_err *why,
			const struct sp_faultprobe_diag *diag, const struct sp_fault_probe *fp,
			const struct sp_integrity *integ, const struct sp_compression *comp,
			const struct sp_faultprobe_opts *o)
{
	static struct sp_report r;
	struct sp_result *res;

	sp_report_init(&r, "measure");
	res = sp_report_add_result(&r, "faultprobe-run", sp_placement_id_of(SP_PL_EXISTING, -1));
	if (!res)
		return -ENOMEM;
	snprintf(res->device, sizeof(res->device), "%s", dev);
	res->fault_probe = *fp;
	res->integrity = *integ;
	res->compression = *comp;
	if (ret < 0)
		snprintf(res->reason, sizeof(res->reason), "fault probe: %s", sp_err_msg(why));
	sp_result_settle(res, &(struct sp_outcome){.fault_err = ret < 0 ? ret : 0,
						   .fault_time_s = o->time_s,
						   .fault_diagnosis = diag ? diag->reason : NULL});
	return sp_report_write_dir(dir, &r);
}

static void usage(void)
{
	fprintf(stderr,
		"usage: faultprobe-run [--no-reclaim] [--no-swap] [--no-floor] [--qds 1,4,16,32] "
		"[--threads N] [--seed N] [--report DIR] SWAPDEV_OR_NONE BUFFER_MIB "
		"SECONDS\n");
	exit(2);
}

int main(int argc, char **argv)
{
	static uint32_t qds[SP_MAX_URING] = {1, 4, 16, 32};
	struct sp_faultprobe_opts o;
	struct sp_faultprobe_diag diag;
	struct sp_swapout so = {0};
	struct sp_err why;
	struct sp_fault_probe fp;
	struct sp_integrity integ;
	struct sp_compression comp;
	const char *report_dir = NULL;
	int i = 1, ret, others_before, no_floor = 0;

	sp_faultprobe_defaults(&o);
	o.uring_qds = qds;
	o.n_uring_qds = 4;
	for (; i < argc && !strncmp(argv[i], "--", 2); i++) {
		if (!strcmp(argv[i], "--no-reclaim")) {
			o.no_reclaim = 1;
		} else if (!strcmp(argv[i], "--qds") && i + 1 < argc) {
			char *p = argv[++i];

			o.n_uring_qds = 0;
			while (*p && o.n_uring_qds < SP_MAX_URING) {
				qds[o.n_uring_qds++] = (uint32_t)strtoul(p, &p, 10);
				if (*p == ',')
					p++;
			}
		} else if (!strcmp(argv[i], "--no-floor")) {
			no_floor = 1;
		} else if (!strcmp(argv[i], "--no-swap")) {
			o.allow_swap = 0;
		} else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
			o.threads = (uint32_t)strtoul(argv[++i], NULL, 10);
		} else if (!strcmp(argv[i], "--report") && i + 1 < argc) {
			report_dir = argv[++i];
		} else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
			o.seed = strtoull(argv[++i], NULL, 0);
		} else {
			usage();
		}
	}
	if (argc - i != 3)
		usage();
	if (geteuid() != 0) {
		fprintf(stderr, "faultprobe-run: needs root\n");
		return 77;
	}
	if (strcmp(argv[i], "none") && !swap_active(argv[i])) {
		fprintf(stderr, "faultprobe-run: '%s' is not an active swap area\n", argv[i]);
		return 1;
	}
	o.buffer_bytes = strtoull(argv[i + 1], NULL, 10) << 20;
	o.time_s = strtod(argv[i + 2], NULL);
	o.diag = &diag;
	o.swapout = &so;
	if (!strncmp(argv[i], "/dev/zram", 9))
		o.zram_dev = argv[i];
	/* the like-for-like floor, as sp_placement_measure asks for it */
	if (!no_floor && strcmp(argv[i], "none"))
		o.floor_path = argv[i];

	sp_undo_install();
	if (sp_read_text(NULL, "/proc/sys/vm/page-cluster", old_page_cluster,
			 sizeof(old_page_cluster)) < 0 ||
	    write_page_cluster("0")) {
		fprintf(stderr, "faultprobe-run: cannot set vm.page-cluster\n");
		return 1;
	}
	sp_undo_push("restore vm.page-cluster", undo_page_cluster, NULL, 0);

	memset(&fp, 0, sizeof(fp));
	memset(&integ, 0, sizeof(integ));
	memset(&comp, 0, sizeof(comp));
	memset(&diag, 0, sizeof(diag));
	others_before = other_swaps(argv[i]);
	sp_err_init(&why);
	ret = sp_faultprobe_run(&o, &fp, &integ, &comp, &why);
	printf("ret=%d\n", ret);
	/* a test seeing others > 0 cannot tell which device served the swap-ins */
	printf("other_swaps=%d\n", others_before + other_swaps(argv[i]));
	if (report_dir &&
	    write_report(report_dir, argv[i], ret, &why, &diag, &fp, &integ, &comp, &o) < 0) {
		fprintf(stderr, "faultprobe-run: cannot write the report into '%s'\n", report_dir);
		sp_undo_all();
		return 1;
	}
	if (ret) {
		fprintf(stderr, "faultprobe-run: %s\n", sp_err_msg(&why));
		sp_undo_all();
		return 1;
	}
	printf("swapdev=%s\n", argv[i]);
	printf("buffer_bytes=%" PRIu64 "\n", fp.buffer_bytes);
	printf("threads=%u\nrounds=%u\n", fp.threads, fp.rounds);
	printf("samples=%" PRIu64 "\nwarmup_dropped=%" PRIu64 "\n", fp.lat.samples,
	       fp.lat.warmup_dropped);
	printf("touches=%" PRIu64 "\nreal_swapins=%" PRIu64 "\nminor_touches=%" PRIu64 "\n",
	       fp.touches, fp.real_swapins, diag.minor_touches);
	printf("minor_p50_us=%.2f\n", diag.minor_p50_us);
	printf("pswpin_delta=%" PRIu64 "\n", fp.pswpin_delta);
	printf("conc_done=%d\nconc_threads=%u\nconc_samples=%" PRIu64 "\nconc_real_swapins=%" PRIu64
	       "\nconc_p50_us=%.2f\nconc_pages_per_s=%.1f\nconc_invalid=%d\n",
	       fp.concurrency.done, fp.concurrency.threads, fp.concurrency.samples,
	       fp.concurrency.real_swapins, fp.concurrency.p50_us, fp.concurrency.pages_per_s,
	       fp.concurrency.invalid);
	printf("swapout_pages=%" PRIu64 "\nswapout_s=%.3f\nswapout_pages_per_s=%.1f\n", so.pages,
	       so.seconds, so.pages_per_s);
	printf("swapcached_bytes=%" PRIu64 "\n", fp.swapcached_bytes);
	printf("vmswap_bytes=%" PRIu64 "\nresident_pages=%" PRIu64 "\n", diag.vmswap_bytes,
	       diag.resident_pages);
	printf("floor_bytes=%" PRIu64 "\nusage_after_evict=%" PRIu64 "\n", diag.floor_bytes,
	       diag.usage_after_evict);
	printf("evictions=%" PRIu64 "\nevict_s=%.3f\nfill_s=%.3f\n", diag.evictions, diag.evict_s,
	       diag.fill_s);
	printf("page_cluster=%d\n", diag.page_cluster);
	printf("zswap_enabled=%d\nhave_zswpin=%d\nzswpin_delta=%" PRIu64 "\n", diag.zswap_enabled,
	       diag.have_zswpin, diag.zswpin_delta);
	printf("p50_us=%.2f\np95_us=%.2f\np99_us=%.2f\np999_us=%.2f\nmax_us=%.2f\n", fp.lat.p50_us,
	       fp.lat.p95_us, fp.lat.p99_us, fp.lat.p999_us, fp.lat.max_us);
	printf("p50_ci_us=%.2f..%.2f\nci_achieved_pct=%.2f\n", fp.lat.p50_ci_lo_us,
	       fp.lat.p50_ci_hi_us, fp.ci_achieved_pct);
	for (size_t k = 0; k < fp.n_uring; k++) {
		const struct sp_uring_point *u = &fp.uring[k];

		printf("uring_qd%u_samples=%" PRIu64 "\n", u->qd, u->samples);
		printf("uring_qd%u_real_swapins=%" PRIu64 "\n", u->qd, u->real_swapins);
		printf("uring_qd%u_pswpin=%" PRIu64 "\n", u->qd, diag.uring_pswpin[k]);
		printf("uring_qd%u_p50_us=%.2f\nuring_qd%u_p99_us=%.2f\n", u->qd, u->p50_us, u->qd,
		       u->p99_us);
		printf("uring_qd%u_pages_per_s=%.0f\nuring_qd%u_invalid=%d\n", u->qd,
		       u->pages_per_s, u->qd, u->invalid);
	}
	printf("pages_checked=%" PRIu64 "\nmismatches=%" PRIu64 "\n", integ.pages_checked,
	       integ.mismatches);
	printf("data_ratio=%.3f\n", comp.data_ratio);
	if (comp.zram)
		printf("zram_ratio=%.3f\nzram_orig_bytes=%" PRIu64 "\nzram_compr_bytes=%" PRIu64
		       "\nzram_same_pages=%" PRIu64 "\n",
		       comp.zram_ratio, comp.orig_data_size, comp.compr_data_size, comp.same_pages);
	printf("n_blocks=%u\nblocks_us=", fp.n_blocks);
	for (uint32_t k = 0; k < fp.n_blocks; k++)
		printf("%s%.2f", k ? "," : "", fp.block_p50_us[k]);
	printf("\nfloor_done=%d\nfloor_samples=%" PRIu64 "\nfloor_p50_us=%.2f\n", fp.floor.done,
	       fp.floor.lat.samples, fp.floor.lat.p50_us);
	printf("floor_p50_ci_us=%.2f..%.2f\nfloor_unmapped=%" PRIu64 "\nfloor_blocks_us=",
	       fp.floor.lat.p50_ci_lo_us, fp.floor.lat.p50_ci_hi_us, fp.floor.unmapped);
	for (uint32_t k = 0; k < fp.floor.n_blocks; k++)
		printf("%s%.2f", k ? "," : "", fp.floor.block_p50_us[k]);
	printf("\n");
	printf("invalid=%d\n", fp.invalid);
	printf("reason=%s\n", diag.reason);
	sp_undo_all();
	return 0;
}
