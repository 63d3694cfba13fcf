/*
 * disk.c - libfdisk writes, partition nodes, mkfs.ext4 and mount (see disk.h).
 */
#include "act/disk.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <libfdisk.h>
#include <linux/blkpg.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "act/journal.h"
#include "act/undo.h"
#include "core/measure/fill.h"
#include "sys/blkdev.h"
#include "sys/log.h"
#include "sys/sysfs.h"
#include "sys/timer.h"
#include "sys/tools.h"

#define GUID_LINUX_SWAP "0657FD6D-A4AB-43C4-84E5-0933C84B4F4F"
#define GUID_LINUX_FS "0FC63DAF-8483-4772-8E79-3D69D8477DE4"

int sp_disk_part_path(const char *disk, int partno, char *buf, size_t len)
{
	size_t dl = strlen(disk);
	int n;

	if (!dl || partno < 1)
		return -EINVAL;
	n = snprintf(buf, len, "%s%s%d", disk, isdigit((unsigned char)disk[dl - 1]) ? "p" : "",
		     partno);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

static int add_part(struct fdisk_context *cxt, const struct sp_layout *l, int i)
{
	const struct sp_part *p = &l->parts[i];
	int is_data = p->kind == SP_PART_DATA;
	char name[32];
	uint64_t per = l->sector_bytes / 512;
	struct fdisk_label *lb = fdisk_get_label(cxt, NULL);
	struct fdisk_parttype *t;
	struct fdisk_partition *pa = fdisk_new_partition(), *got = NULL;
	int ret;

	if (!pa)
		return -ENOMEM;
	snprintf(name, sizeof(name), "swapplace-%s", p->role);
	t = fdisk_label_get_parttype_from_string(lb, is_data ? GUID_LINUX_FS : GUID_LINUX_SWAP);
	/* size_explicit: libfdisk must not align the end; the end partition ends on the last
	 * usable LBA on purpose */
	ret = fdisk_partition_set_partno(pa, i);
	if (!ret)
		ret = fdisk_partition_set_start(pa, p->start_sector / per);
	if (!ret)
		ret = fdisk_partition_set_size(pa, p->sectors / per);
	if (!ret)
		ret = fdisk_partition_size_explicit(pa, 1);
	if (!ret)
		ret = t ? fdisk_partition_set_type(pa, t) : -EINVAL;
	if (!ret)
		ret = fdisk_partition_set_name(pa, name);
	if (!ret)
		ret = fdisk_add_partition(cxt, pa, NULL);
	fdisk_unref_partition(pa);
	fdisk_unref_parttype(t);
	if (ret)
		return ret < 0 ? ret : -EINVAL;
	/* read it back: a silently moved partition would measure the wrong place */
	ret = fdisk_get_partition(cxt, i, &got);
	if (!ret && (fdisk_partition_get_start(got) != p->start_sector / per ||
		     fdisk_partition_get_size(got) != p->sectors / per))
		ret = -ERANGE;
	fdisk_unref_partition(got);
	return ret;
}

/* 1 when the kernel has partition partno of dev at the planned place, 0 when it has none,
 * -EEXIST when it has one elsewhere. sysfs counts 512-byte sectors whatever the logical
 * sector size. */
static int kernel_part_state(const char *dev, int partno, const struct sp_part *p)
{
	char part[128], sys[192];
	uint64_t start, size;

	if (sp_disk_part_path(dev, partno, part, sizeof(part)) < 0 ||
	    sp_block_attr_path(part, "start", sys, sizeof(sys)) < 0)
		return -ENAMETOOLONG;
	if (sp_read_u64(NULL, sys, &start) < 0)
		return 0;
	if (sp_block_attr_path(part, "size", sys, sizeof(sys)) < 0)
		return -ENAMETOOLONG;
	if (sp_read_u64(NULL, sys, &size) < 0)
		return 0;
	return start == p->start_sector && size == p->sectors ? 1 : -EEXIST;
}

static int blkpg(int fd, int op, int partno, const struct sp_part *p)
{
	struct blkpg_partition bp;
	struct blkpg_ioctl_arg arg;

	memset(&bp, 0, sizeof(bp));
	memset(&arg, 0, sizeof(arg));
	bp.pno = partno;
	if (p) {
		bp.start = (long long)(p->start_sector * 512);
		bp.length = (long long)(p->sectors * 512);
	}
	arg.op = op;
	arg.datalen = sizeof(bp);
	arg.data = &bp;
	return ioctl(fd, BLKPG, &arg) < 0 ? -errno : 0;
}

/*
 * Tell the kernel about partitions its re-read did not produce. BLKRRPART only finds what the
 * kernel's partition parsers understand, and a minimal kernel may have none (measured: a VM
 * kernel without CONFIG_EFI_PARTITION re-reads a GPT into no partitions at all); BLKPG adds
 * a partition by its byte range whatever the table, as partx --add does.
 */
static int add_missing_parts(int fd, const char *dev, const struct sp_layout *l)
{
	uint32_t i;
	int ret;

	for (i = 0; i < l->n_parts; i++) {
		ret = kernel_part_state(dev, (int)i + 1, &l->parts[i]);
		if (ret == 1)
			continue;
		if (ret == -EEXIST) {
			ret = blkpg(fd, BLKPG_DEL_PARTITION, (int)i + 1, NULL);
			if (ret < 0)
				return ret; /* -EBUSY: a stale partition is in use */
		} else if (ret < 0) {
			return ret;
		}
		ret = blkpg(fd, BLKPG_ADD_PARTITION, (int)i + 1, &l->parts[i]);
		sp_debug("disk", "%s: BLKPG add partition %u -> %d", dev, i + 1, ret);
		if (ret < 0 && ret != -EBUSY)
			return ret;
	}
	return 0;
}

/* Wait until every partition node exists with the planned start and size. */
static int wait_parts(const char *dev, const struct sp_layout *l)
{
	int tries;
	uint32_t i;

	for (tries = 0; tries < 200; tries++) {
		int ready = 1;

		for (i = 0; i < l->n_parts && ready; i++) {
			char part[128];

			if (sp_disk_part_path(dev, (int)i + 1, part, sizeof(part)) < 0)
				return -ENAMETOOLONG;
			if (kernel_part_state(dev, (int)i + 1, &l->parts[i]) != 1 ||
			    access(part, F_OK) < 0)
				ready = 0;
		}
		if (ready)
			return 0;
		if (sp_sleep_ms(50))
			return -EINTR;
	}
	return -ETIMEDOUT;
}

static int write_layout(struct fdisk_context *cxt, const char *dev, const struct sp_layout *l)
{
	uint64_t per = l->sector_bytes / 512;
	int i, ret;

	if (fdisk_get_sector_size(cxt) != l->sector_bytes ||
	    fdisk_get_nsectors(cxt) != l->disk_bytes / l->sector_bytes)
		return -ESTALE;
	fdisk_disable_dialogs(cxt, 1);
	fdisk_enable_wipe(cxt, 1); /* old signatures would confuse blkid and swapon later */
	ret = fdisk_create_disklabel(cxt, "gpt");
	if (ret)
		return ret < 0 ? ret : -EIO;
	/* libfdisk puts the header's first usable LBA at the alignment grain (2048), later than
	 * the plan's 34; only the partitions' room matters, and the end must match exactly */
	if (fdisk_get_first_lba(cxt) > l->parts[0].start_sector / per ||
	    fdisk_get_last_lba(cxt) != (l->last_usable + 1) / per - 1) {
		sp_debug("disk", "%s: libfdisk usable %llu..%llu, plan %llu..%llu", dev,
			 (unsigned long long)fdisk_get_first_lba(cxt),
			 (unsigned long long)fdisk_get_last_lba(cxt),
			 (unsigned long long)(l->first_usable / per),
			 (unsigned long long)((l->last_usable + 1) / per - 1));
		return -ERANGE;
	}
	if (l->n_parts < 1 || l->n_parts > SP_PLAN_PARTS)
		return -EINVAL;
	for (i = 0; i < (int)l->n_parts; i++) {
		ret = add_part(cxt, l, i);
		if (ret)
			return ret;
	}
	/* announced, not undone by cleanup: the disk is then as planned, or as backed up once
	 * restored; the partitions carry swapplace-* names, so nothing else is taken for them */
	{
		unsigned seq;

		ret = sp_journal_record(&seq, SP_J_PARTTABLE, dev, NULL, NULL);
		if (ret)
			return ret;
	}
	ret = fdisk_write_disklabel(cxt);
	if (ret)
		return ret < 0 ? ret : -EIO;
	/* a failed re-read (-EBUSY while someone else holds the disk exclusively, or a kernel
	 * without the GPT parser) is repaired by add_missing_parts() */
	ret = fdisk_reread_partition_table(cxt);
	sp_debug("disk", "%s: GPT written, re-read -> %d", dev, ret);
	return 0;
}

static int write_layout_common(int fd, const char *dev, const struct sp_layout *l)
{
	struct fdisk_context *cxt = fdisk_new_context();
	int ret;

	if (!cxt)
		return -ENOMEM;
	ret =
	    fd >= 0 ? fdisk_assign_device_by_fd(cxt, fd, dev, 0) : fdisk_assign_device(cxt, dev, 0);
	if (ret) {
		fdisk_unref_context(cxt);
		return ret < 0 ? ret : -EIO;
	}
	ret = write_layout(cxt, dev, l);
	if (fdisk_deassign_device(cxt, 0) && !ret)
		ret = -EIO;
	fdisk_unref_context(cxt);
	if (ret)
		return ret;
	if (fd < 0) {
		int rfd = open(dev, O_RDONLY | O_CLOEXEC);

		if (rfd < 0)
			return -errno;
		ret = add_missing_parts(rfd, dev, l);
		close(rfd);
	} else {
		ret = add_missing_parts(fd, dev, l);
	}
	return ret ? ret : wait_parts(dev, l);
}

int sp_disk_write_layout(const char *dev, const struct sp_layout *l)
{
	return write_layout_common(-1, dev, l);
}

int sp_disk_write_layout_fd(int fd, const char *dev, const struct sp_layout *l)
{
	return fd < 0 ? -EBADF : write_layout_common(fd, dev, l);
}

/*
 * Run argv with its stderr read through a pipe; the last non-empty line it wrote goes into
 * last (a tool's final line is its verdict: mke2fs prints what it was doing before why it
 * stopped). stdout goes to /dev/null. Returns the exit status, 127 when it could not be run,
 * or -errno.
 */
static int run_captured(const char *const argv[], char *last, size_t last_len)
{
	static const char *const tool_env[] = {"PATH=" SP_TOOL_DIRS, "LC_ALL=C", NULL};
	/* by absolute path (sys/tools.h), never through PATH: found before the fork */
	const char *path = sp_tool_path(argv[0]);
	char buf[512], line[256];
	size_t used = 0;
	int pfd[2], status;
	pid_t pid;
	ssize_t n;

	if (last_len)
		last[0] = 0;
	if (!path)
		return 127;
	if (pipe2(pfd, O_CLOEXEC) < 0)
		return -errno;
	pid = fork();
	if (pid < 0) {
		close(pfd[0]);
		close(pfd[1]);
		return -errno;
	}
	if (pid == 0) {
		int devnull = open("/dev/null", O_RDONLY);

		if (devnull >= 0) {
			dup2(devnull, 0);
			dup2(devnull, 1);
		}
		dup2(pfd[1], 2);
		/* nothing of the caller's environment (MKE2FS_CONFIG, E2FSPROGS_*) */
		execve(path, (char *const *)argv, (char *const *)tool_env);
		_exit(127);
	}
	close(pfd[1]);
	while ((n = read(pfd[0], buf, sizeof(buf))) != 0) {
		ssize_t i;

		if (n < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (i = 0; i < n; i++) {
			if (buf[i] == '\n') {
				line[used] = 0;
				if (used && last_len)
					snprintf(last, last_len, "%s", line);
				used = 0;
			} else if (used + 1 < sizeof(line)) {
				line[used++] = buf[i];
			}
		}
	}
	line[used] = 0;
	if (used && last_len)
		snprintf(last, last_len, "%s", line);
	close(pfd[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

/*
 * Why these options (measured on this kernel, 6.18, e2fsprogs 1.47.0, loop devices):
 *
 * mkfs must be fast on a 2 TB disk. Zeroing the inode tables at mkfs time
 * (lazy_itable_init=0) writes 1/64 of the filesystem (256-byte inodes, one per 16 KiB): 1 GiB
 * on a 64 GiB loop device (579 write requests, 1.5 GiB allocated in the backing file), 32 GiB
 * on a 2 TB disk, minutes at an old HDD's 100-150 MB/s. Zeroing the journal
 * (lazy_journal_init=0) adds its 1 GiB. Left lazy, mkfs writes 65 requests and takes 0.08 s
 * on a 2 TB sparse loop device.
 *
 * Nothing may write in the background while we measure. A filesystem made lazily is zeroed
 * later by the kernel's ext4lazyinit thread once it is mounted: measured, 1024 writes of 1 MiB
 * a few seconds after mounting the 64 GiB one. The mount option noinit_itable
 * (sp_mount_data_fs) keeps that thread away for good: the write counter stays flat. The
 * inode tables stay unzeroed, which ext4 tolerates by design (with metadata_csum each group
 * records how many of its inodes were ever used); the filesystem lives for one run. The lazy
 * journal is never zeroed later by anyone: its checksums (journal_checksum_v3) tell stale
 * blocks from real ones on a replay.
 *
 * nodiscard: a discard of the whole disk would make an SSD behind the target (or a thin
 * device) erase in the background while we measure.
 */
int sp_mkfs_ext4(const char *part, const char *label, struct sp_err *e)
{
	const char *const argv[] = {"mkfs.ext4",
				    "-q",
				    "-F",
				    "-L",
				    label,
				    "-E",
				    "nodiscard,lazy_itable_init=1,lazy_journal_init=1",
				    part,
				    NULL};
	char said[SP_ERR_REASON_MAX];
	int ret = run_captured(argv, said, sizeof(said));

	sp_debug("disk", "mkfs.ext4 %s -> %d: %s", part, ret, said);
	if (ret == 127)
		return sp_err_set(e, -ENOENT,
				  "mkfs.ext4 not found in " SP_TOOL_DIRS
				  " (e2fsprogs is not installed)");
	if (ret < 0)
		return sp_err_sys(e, ret, "cannot run mkfs.ext4");
	if (ret != 0) {
		if (said[0])
			return sp_err_set(e, -EIO, "%s", said);
		return sp_err_set(e, -EIO, "mkfs.ext4 exited with status %d and said nothing", ret);
	}
	return 0;
}

/*
 * ext4's Orlov allocator spreads directories made in the root directory over the whole
 * filesystem (the group is a hash of the name, skipping groups fuller than average): measured
 * on a 2 TB filesystem, a top-level directory made through the kernel landed 87 % into it, and
 * a file written into it with it. libext2fs makes a directory in its parent's block group
 * instead, so one made by debugfs before the first mount sits in group 0 with the root; the
 * kernel then allocates the files written into it from that group onwards (a file goes near
 * its directory's inode; a subdirectory of a non-top-level directory stays in its parent's
 * flex group while that has room, else takes the next one).
 */
int sp_ext4_mkdir_at_start(const char *part, const char *name, struct sp_err *e)
{
	char cmd[320], said[SP_ERR_REASON_MAX];
	const char *const argv[] = {"debugfs", "-w", "-R", cmd, part, NULL};
	int ret;

	if (!*name || strchr(name, '/') || strchr(name, '"') || strchr(name, ' '))
		return sp_err_set(e, -EINVAL, "'%s' is not a plain directory name", name);
	if (snprintf(cmd, sizeof(cmd), "mkdir %s", name) >= (int)sizeof(cmd))
		return sp_err_set(e, -ENAMETOOLONG, "directory name '%s' is too long", name);
	ret = run_captured(argv, said, sizeof(said));
	sp_debug("disk", "debugfs -w -R '%s' %s -> %d: %s", cmd, part, ret, said);
	if (ret == 127)
		return sp_err_set(e, -ENOENT,
				  "debugfs not found in " SP_TOOL_DIRS
				  " (e2fsprogs is not installed)");
	if (ret < 0)
		return sp_err_sys(e, ret, "cannot run debugfs");
	/* debugfs -R exits 0 when the command itself fails; the caller checks the directory
	 * after mounting, and says this line when it is missing */
	if (ret != 0)
		return sp_err_set(e, -EIO, "debugfs exited with status %d: %s", ret, said);
	return 0;
}

struct umount_arg {
	char dir[256];
	int rmdir;
};

static int undo_umount(void *p)
{
	struct umount_arg *a = p;
	int tries, ret = 0;

	/* EBUSY right after swapoff of a file on it can be transient: retry for 5 s */
	for (tries = 0; tries < 50; tries++) {
		ret = umount2(a->dir, 0) < 0 ? -errno : 0;
		if (ret != -EBUSY)
			break;
		sp_sleep_ms(100); /* an undo entry: finishes even after a signal */
	}
	if (ret == -EINVAL)
		ret = 0; /* not mounted any more */
	if (!ret && a->rmdir && rmdir(a->dir) < 0 && errno != ENOENT)
		ret = -errno;
	sp_debug("disk", "umount %s -> %d", a->dir, ret);
	return ret;
}

static int mount_opts(const char *src, const char *dir, const char *fstype, const char *opts,
		      struct sp_err *e)
{
	struct umount_arg a;
	unsigned seq;
	int ret;

	memset(&a, 0, sizeof(a));
	if (strlen(dir) >= sizeof(a.dir))
		return sp_err_set(e, -ENAMETOOLONG, "mount point '%s' is too long", dir);
	strcpy(a.dir, dir);
	ret = sp_journal_record(&seq, SP_J_MOUNT, dir, src, access(dir, F_OK) ? "1" : "0");
	if (ret < 0)
		return sp_err_sys(e, ret, "cannot journal the mount on '%s'", dir);
	if (mkdir(dir, 0700) == 0) {
		a.rmdir = 1;
	} else if (errno != EEXIST) {
		ret = -errno;
		sp_journal_undone(seq);
		return sp_err_sys(e, ret, "cannot create the mount point '%s'", dir);
	}
	if (mount(src, dir, fstype, MS_NOATIME, opts) < 0) {
		ret = -errno;
		if (a.rmdir)
			rmdir(dir);
		sp_journal_undone(seq);
		/* mount(2) says only an errno; these are what it means for a fresh filesystem */
		if (ret == -EINVAL)
			return sp_err_sys(e, ret, "mount %s on '%s' (no %s filesystem on it?)",
					  fstype, dir, fstype);
		if (ret == -ENODEV)
			return sp_err_sys(e, ret, "mount %s on '%s' (the kernel has no %s)", fstype,
					  dir, fstype);
		return sp_err_sys(e, ret, "mount %s on '%s'", fstype, dir);
	}
	sp_debug("disk", "mounted %s on %s (%s, %s)", src, dir, fstype, opts ? opts : "-");
	ret = sp_undo_push_journaled(seq, "umount", undo_umount, &a, sizeof(a));
	if (ret < 0) {
		if (undo_umount(&a) == 0)
			sp_journal_undone(seq);
		return sp_err_sys(e, ret, "registering the umount of '%s'", dir);
	}
	return 0;
}

int sp_mount(const char *src, const char *dir, const char *fstype, struct sp_err *e)
{
	return mount_opts(src, dir, fstype, NULL, e);
}

/*
 * noinit_itable: see sp_mkfs_ext4. The journal's commit interval stays ext4's 5 s, as on an
 * installed system: nothing dirties the filesystem's metadata while a probe runs (noatime; a
 * swap file is written around the filesystem), and a job's own writes committing as they would
 * at home are part of what it measures.
 */
int sp_mount_data_fs(const char *part, const char *dir, struct sp_err *e)
{
	return mount_opts(part, dir, "ext4", "noinit_itable", e);
}

int sp_fs_settle(const char *dir, struct sp_err *e)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return sp_err_sys(e, -errno, "cannot open '%s'", dir);
	if (syncfs(fd) < 0)
		ret = sp_err_sys(e, -errno, "syncfs of '%s'", dir);
	close(fd);
	return ret;
}

/* One O_DIRECT write of len bytes at off, whole or -EIO. */
static int pwrite_all(int fd, const void *buf, uint32_t len, uint64_t off)
{
	ssize_t n = pwrite(fd, buf, len, (off_t)off);

	if (n < 0)
		return -errno;
	return (uint32_t)n == len ? 0 : -EIO;
}

int sp_disk_fill_fd(int fd, const char *name, uint64_t disk_off_bytes, uint64_t seed,
		    struct sp_fill_stats *st, struct sp_err *e)
{
	struct sp_fill_stats s = {0};
	struct sp_fill_plan f;
	struct sp_rng r;
	struct sp_time t0;
	uint64_t off;
	uint32_t lbs, len;
	void *buf = NULL;
	int flags, ret;

	ret = sp_blkdev_geometry(fd, &s.range_bytes, &lbs);
	if (ret < 0) {
		sp_err_set(e, ret, "cannot read the size of '%s' (%s)", name, strerror(-ret));
		goto done;
	}
	ret = sp_fill_plan_init(&f, disk_off_bytes, s.range_bytes, SP_FILL_CHUNK_BYTES, lbs);
	if (ret < 0) {
		sp_err_set(
		    e, ret,
		    "'%s' (%llu bytes from byte %llu of its disk) is not whole %u-byte blocks",
		    name, (unsigned long long)s.range_bytes, (unsigned long long)disk_off_bytes,
		    lbs);
		goto done;
	}
	if (posix_memalign(&buf, 4096, SP_FILL_CHUNK_BYTES)) {
		buf = NULL;
		ret = sp_err_set(e, -ENOMEM, "no buffer to write '%s'", name);
		goto done;
	}
	flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags | O_DIRECT) < 0) {
		ret = sp_err_set(e, -errno, "cannot write '%s' with O_DIRECT (%s)", name,
				 strerror(errno));
		goto done;
	}
	sp_rng_seed(&r, seed);
	t0 = sp_now();
	while (sp_fill_plan_next(&f, &off, &len)) {
		if (sp_interrupted()) {
			ret = sp_err_set(e, -EINTR, "interrupted writing '%s' at byte %llu of %llu",
					 name, (unsigned long long)off,
					 (unsigned long long)s.range_bytes);
			break;
		}
		/* new data for every write: no two chunks alike for a deduplicating controller */
		sp_fill_data(&r, buf, len);
		ret = pwrite_all(fd, buf, len, off);
		if (ret < 0) {
			sp_err_set(e, ret, "writing '%s' at byte %llu of %llu failed (%s)", name,
				   (unsigned long long)off, (unsigned long long)s.range_bytes,
				   ret == -EIO ? "I/O error, or a short write" : strerror(-ret));
			break;
		}
		s.written_bytes += len;
		s.writes++;
	}
	/* the disk's write cache too: what the probe reads next is on the medium's mapping */
	if (!ret && fdatasync(fd) < 0)
		ret = sp_err_set(e, -errno, "flushing '%s' after writing it failed (%s)", name,
				 strerror(errno));
	s.seconds = sp_elapsed_s(t0, sp_now());
	if (fcntl(fd, F_SETFL, flags) < 0 && !ret)
		ret = sp_err_set(e, -errno, "cannot turn O_DIRECT off on '%s' (%s)", name,
				 strerror(errno));
done:
	free(buf);
	if (st)
		*st = s;
	return ret;
}
