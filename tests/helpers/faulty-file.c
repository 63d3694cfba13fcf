/*
 * faulty-file - a one-file FUSE filesystem (libfuse3, Debian's libfuse3-dev) whose writes fail
 * with EIO over a byte range, for the root tests that need a disk to fail a write for real
 * (this kernel has no device-mapper, NBD, null_blk or fault injection). A loop device attached
 * to the mounted file is a disk whose writes into [FROM, TO) end in "I/O error" exactly as a
 * failing SSD's do: the loop driver completes the request with the error our reply gives it.
 *
 *   faulty-file BACKING MOUNTFILE FROM TO
 *
 * MOUNTFILE (an existing regular file) becomes a view of BACKING (a regular file, sparse or
 * not): reads, writes, syncs and hole punches go to BACKING, except that a write touching
 * [FROM, TO) (bytes of the file) fails with EIO and writes nothing. Runs in the foreground, one
 * request at a time. Each failed write is said on stderr ("failed write at byte N (M bytes)");
 * when MOUNTFILE is unmounted it prints "failed_writes=N" and "writes=N" and exits 0.
 */
#define FUSE_USE_VERSION 35
#include <errno.h>
#include <fcntl.h>
#include <fuse.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int back_fd = -1;
static uint64_t fail_from, fail_to;
static unsigned long n_writes, n_failed;

/* The mount is the file itself: its root is the one inode, a regular file like MOUNTFILE. */
static int ff_getattr(const char *path, struct stat *st, struct fuse_file_info *fi)
{
	struct stat b;

	(void)fi;
	if (strcmp(path, "/"))
		return -ENOENT;
	if (fstat(back_fd, &b) < 0)
		return -errno;
	memset(st, 0, sizeof(*st));
	st->st_mode = S_IFREG | 0600;
	st->st_nlink = 1;
	st->st_size = b.st_size;
	st->st_blocks = b.st_blocks;
	st->st_blksize = 4096;
	st->st_atim = st->st_mtim = st->st_ctim = b.st_mtim;
	return 0;
}

static int ff_open(const char *path, struct fuse_file_info *fi)
{
	(void)fi;
	return strcmp(path, "/") ? -ENOENT : 0;
}

static int ff_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi)
{
	ssize_t n = pread(back_fd, buf, size, off);

	(void)path, (void)fi;
	return n < 0 ? -errno : (int)n;
}

static int ff_write(const char *path, const char *buf, size_t size, off_t off,
		    struct fuse_file_info *fi)
{
	ssize_t n;

	(void)path, (void)fi;
	n_writes++;
	if ((uint64_t)off < fail_to && (uint64_t)off + size > fail_from) {
		n_failed++;
		fprintf(stderr, "faulty-file: failed write at byte %llu (%zu bytes)\n",
			(unsigned long long)off, size);
		return -EIO;
	}
	n = pwrite(back_fd, buf, size, off);
	return n < 0 ? -errno : (int)n;
}

static int ff_fsync(const char *path, int datasync, struct fuse_file_info *fi)
{
	(void)path, (void)fi;
	return (datasync ? fdatasync(back_fd) : fsync(back_fd)) < 0 ? -errno : 0;
}

static int ff_fallocate(const char *path, int mode, off_t off, off_t len, struct fuse_file_info *fi)
{
	(void)path, (void)fi;
	return fallocate(back_fd, mode, off, len) < 0 ? -errno : 0;
}

static const struct fuse_operations ops = {
    .getattr = ff_getattr,
    .open = ff_open,
    .read = ff_read,
    .write = ff_write,
    .fsync = ff_fsync,
    .fallocate = ff_fallocate,
};

int main(int argc, char **argv)
{
	/* foreground, one request at a time */
	char *fargv[] = {argv[0], "-f", "-s", NULL, NULL};
	int ret;

	if (argc != 5) {
		fprintf(stderr, "usage: faulty-file BACKING MOUNTFILE FROM TO\n");
		return 2;
	}
	fail_from = strtoull(argv[3], NULL, 0);
	fail_to = strtoull(argv[4], NULL, 0);
	back_fd = open(argv[1], O_RDWR | O_CLOEXEC);
	if (back_fd < 0) {
		perror("faulty-file: open");
		return 1;
	}
	fargv[3] = argv[2];
	ret = fuse_main(4, fargv, &ops, NULL);
	printf("failed_writes=%lu\nwrites=%lu\n", n_failed, n_writes);
	return ret;
}
