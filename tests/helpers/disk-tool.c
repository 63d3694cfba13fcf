/*
 * disk-tool - drives the disk, swap, swapfile, zram and sysctl modules for the root tests
 * (tests/root/disk-*.sh, swapfile-*.sh, swap-*.sh, zram-*.sh). The with-* subcommands apply
 * a change, run a command while it holds, and leave the undo to the atexit hook, so the tests
 * prove the product's own restore path.
 *
 *   plan-write DEV [SWAP_MIB FILE_MIB EXTRA_MIB]  plan for DEV's geometry, write it, print it
 *   plan-write-excl DEV                          the same through an O_EXCL fd held meanwhile
 *   single-write DEV SWAP_MIB                    one swap partition (an --also device)
 *   part-path DISK N
 *   mkfs PART LABEL
 *   mkswap PATH [BYTES]
 *   swapfile PATH BYTES PARTSTART                create the file, print its extents
 *   extents PATH PARTSTART
 *   zram-algs
 *   with-mount SRC DIR FSTYPE -- CMD...
 *   with-data-fs PART DIR FILE_BYTES -- CMD...   the data filesystem exactly as run makes it:
 *                                                mkfs, job dir "build", mount, swap file
 *                                                DIR/swapfile, settle; then CMD
 *   wait-quiet DEV QUIET_MS MAX_MS               sp_disk_wait_quiet: prints what it saw;
 *                                                exit 0 quiet, 3 still writing
 *   with-swap PATH PRIO -- CMD...
 *   with-zram ALG BYTES -- CMD...                zram + mkswap + swapon; $SP_DEV for CMD
 *   with-sysctl NAME VALUE -- CMD...
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "act/disk.h"
#include "act/swap.h"
#include "act/swapfile.h"
#include "act/sysctl.h"
#include "act/undo.h"
#include "act/zram.h"
#include "core/plan/plan.h"
#include "sys/diskquiet.h"

#define MiB (1024ull * 1024)

static int die(const char *what, int ret)
{
	fprintf(stderr, "disk-tool: %s: %s\n", what, strerror(-ret));
	exit(1);
}

static void print_layout(const struct sp_layout *l)
{
	uint32_t i;

	for (i = 0; i < l->n_parts; i++)
		printf("part %u %s %llu %llu\n", i + 1, l->parts[i].role,
		       (unsigned long long)l->parts[i].start_sector,
		       (unsigned long long)l->parts[i].sectors);
	printf("first_usable %llu\nlast_usable %llu\nswapfile_bytes %llu\n",
	       (unsigned long long)l->first_usable, (unsigned long long)l->last_usable,
	       (unsigned long long)l->swapfile_bytes);
}

static void geometry(const char *dev, uint64_t *bytes, uint32_t *lss)
{
	int fd = open(dev, O_RDONLY | O_CLOEXEC), s;

	if (fd < 0)
		die(dev, -errno);
	if (ioctl(fd, BLKGETSIZE64, bytes) < 0 || ioctl(fd, BLKSSZGET, &s) < 0)
		die("geometry", -errno);
	*lss = (uint32_t)s;
	close(fd);
}

static void plan_for(const char *dev, int argc, char **argv, struct sp_layout *l)
{
	struct sp_plan_opts o;
	uint64_t bytes;
	uint32_t lss;
	int ret;

	sp_plan_defaults(&o);
	if (argc >= 3) {
		o.swap_part_bytes = strtoull(argv[0], NULL, 0) * MiB;
		o.swapfile_bytes = strtoull(argv[1], NULL, 0) * MiB;
		o.data_extra_bytes = strtoull(argv[2], NULL, 0) * MiB;
	}
	geometry(dev, &bytes, &lss);
	ret = sp_plan_layout(bytes, lss, &o, l);
	if (ret < 0) {
		fprintf(stderr, "disk-tool: plan: %s (needs %llu bytes)\n", strerror(-ret),
			(unsigned long long)sp_plan_min_disk_bytes(&o));
		exit(1);
	}
}

/* Run argv[0..] and return its exit status. */
static int run_cmd(char **argv)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		die("fork", -errno);
	if (pid == 0) {
		execvp(argv[0], argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			die("waitpid", -errno);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/* argv after the "--" */
static char **after_dashes(int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++)
		if (strcmp(argv[i], "--") == 0 && i + 1 < argc)
			return argv + i + 1;
	fprintf(stderr, "disk-tool: missing -- CMD\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "";
	struct sp_layout l;
	int ret;

	sp_undo_install();
	if (!strcmp(cmd, "plan-write") && argc >= 3) {
		plan_for(argv[2], argc - 3, argv + 3, &l);
		ret = sp_disk_write_layout(argv[2], &l);
		if (ret < 0)
			die("write layout", ret);
		print_layout(&l);
	} else if (!strcmp(cmd, "plan-write-excl") && argc >= 3) {
		int fd;

		plan_for(argv[2], 0, NULL, &l);
		fd = open(argv[2], O_RDWR | O_EXCL | O_CLOEXEC);
		if (fd < 0)
			die("open O_EXCL", -errno);
		ret = sp_disk_write_layout_fd(fd, argv[2], &l);
		if (ret < 0)
			die("write layout (fd)", ret);
		close(fd);
		print_layout(&l);
	} else if (!strcmp(cmd, "single-write") && argc >= 4) {
		uint64_t bytes;
		uint32_t lss;

		geometry(argv[2], &bytes, &lss);
		ret = sp_plan_single(bytes, lss, strtoull(argv[3], NULL, 0) * MiB, &l);
		if (ret < 0)
			die("plan single", ret);
		ret = sp_disk_write_layout(argv[2], &l);
		if (ret < 0)
			die("write layout", ret);
		print_layout(&l);
	} else if (!strcmp(cmd, "part-path") && argc >= 4) {
		char buf[128];

		ret = sp_disk_part_path(argv[2], atoi(argv[3]), buf, sizeof(buf));
		if (ret < 0)
			die("part-path", ret);
		printf("%s\n", buf);
	} else if (!strcmp(cmd, "mkfs") && argc >= 4) {
		struct sp_err e;

		sp_err_init(&e);
		ret = sp_mkfs_ext4(argv[2], argv[3], &e);
		if (ret < 0) {
			fprintf(stderr, "disk-tool: mkfs: %s: %s\n", strerror(-ret),
				sp_err_msg(&e));
			return 1;
		}
	} else if (!strcmp(cmd, "mkswap") && argc >= 3) {
		ret = sp_mkswap(argv[2], argc >= 4 ? strtoull(argv[3], NULL, 0) : 0, "swapplace-t");
		if (ret < 0)
			die("mkswap", ret);
	} else if ((!strcmp(cmd, "swapfile") && argc >= 5) ||
		   (!strcmp(cmd, "extents") && argc >= 4)) {
		struct sp_extent ext[SP_MAX_EXTENTS];
		size_t n, i;
		int create = !strcmp(cmd, "swapfile");

		if (create) {
			ret = sp_swapfile_create(argv[2], strtoull(argv[3], NULL, 0));
			if (ret < 0)
				die("swapfile create", ret);
		}
		ret = sp_swapfile_extents(argv[2], strtoull(argv[create ? 4 : 3], NULL, 0), ext,
					  SP_MAX_EXTENTS, &n);
		if (ret < 0)
			die("extents", ret);
		for (i = 0; i < n; i++)
			printf("extent %llu %llu\n", (unsigned long long)ext[i].start_sector,
			       (unsigned long long)ext[i].sectors);
	} else if (!strcmp(cmd, "zram-algs")) {
		char algs[16][SP_ZRAM_ALG_MAX];
		size_t n, i;

		ret = sp_zram_algorithms(algs, 16, &n);
		if (ret < 0)
			die("algorithms", ret);
		for (i = 0; i < n; i++)
			printf("%s\n", algs[i]);
	} else if (!strcmp(cmd, "with-mount") && argc >= 5) {
		ret = sp_mount(argv[2], argv[3], argv[4], NULL);
		if (ret < 0)
			die("mount", ret);
		return run_cmd(after_dashes(argc, argv));
	} else if (!strcmp(cmd, "with-data-fs") && argc >= 5) {
		/* the same calls in the same order as apply_layout() in cmd/run.c */
		char file[512], job[512];
		struct sp_err e;

		sp_err_init(&e);
		snprintf(file, sizeof(file), "%s/swapfile", argv[3]);
		snprintf(job, sizeof(job), "%s/build", argv[3]);
		ret = sp_mkfs_ext4(argv[2], "swapplace-data", &e);
		if (!ret)
			ret = sp_ext4_mkdir_at_start(argv[2], "build", &e);
		if (!ret)
			ret = sp_mount_data_fs(argv[2], argv[3], &e);
		if (!ret)
			ret = sp_swapfile_create(file, strtoull(argv[4], NULL, 0));
		if (!ret && access(job, F_OK) < 0)
			ret = sp_err_set(&e, -ENOENT, "no job directory '%s'", job);
		if (!ret)
			ret = sp_fs_settle(argv[3], &e);
		if (ret < 0) {
			fprintf(stderr, "disk-tool: data fs: %s: %s\n", strerror(-ret),
				sp_err_msg(&e));
			return 1;
		}
		return run_cmd(after_dashes(argc, argv));
	} else if (!strcmp(cmd, "wait-quiet") && argc >= 5) {
		struct sp_quiet q;

		ret = sp_disk_wait_quiet(argv[2], (uint32_t)atoi(argv[3]), (uint32_t)atoi(argv[4]),
					 NULL, &q);
		printf("quiet %d waited_ms %u writes %llu write_bytes %llu\n", q.quiet, q.waited_ms,
		       (unsigned long long)q.writes, (unsigned long long)q.write_bytes);
		if (ret == -ETIMEDOUT)
			return 3;
		if (ret < 0)
			die("wait-quiet", ret);
	} else if (!strcmp(cmd, "with-swap") && argc >= 4) {
		ret = sp_swap_on(argv[2], atoi(argv[3]), NULL);
		if (ret < 0)
			die("swapon", ret);
		return run_cmd(after_dashes(argc, argv));
	} else if (!strcmp(cmd, "with-zram") && argc >= 4) {
		struct sp_compression c = {0};
		char dev[64];

		ret = sp_zram_create(argv[2], strtoull(argv[3], NULL, 0), dev, sizeof(dev), NULL);
		if (ret < 0)
			die("zram create", ret);
		ret = sp_mkswap(dev, 0, "swapplace-zram");
		if (ret < 0)
			die("mkswap zram", ret);
		ret = sp_swap_on(dev, 100, NULL);
		if (ret < 0)
			die("swapon zram", ret);
		setenv("SP_DEV", dev, 1);
		ret = run_cmd(after_dashes(argc, argv));
		if (sp_zram_stats(dev, &c) == 0)
			printf("mm_stat orig %llu compr %llu same %llu\n",
			       (unsigned long long)c.orig_data_size,
			       (unsigned long long)c.compr_data_size,
			       (unsigned long long)c.same_pages);
		return ret;
	} else if (!strcmp(cmd, "with-sysctl") && argc >= 4) {
		ret = sp_sysctl_set(argv[2], argv[3]);
		if (ret < 0)
			die("sysctl", ret);
		return run_cmd(after_dashes(argc, argv));
	} else {
		fprintf(stderr, "usage: disk-tool SUBCOMMAND ... (see the source)\n");
		return 2;
	}
	return 0;
}
