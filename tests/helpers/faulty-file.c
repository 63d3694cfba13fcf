/*
 * faulty-file - a one-file FUSE filesystem whose writes fail with EIO over a byte range, for the
 * root tests that need a disk to fail a write for real (this kernel has no device-mapper, NBD,
 * null_blk or fault injection). A loop device attached to the mounted file is a disk whose
 * writes into [FROM, TO) end in "I/O error" exactly as a failing SSD's do: the loop driver
 * completes the request with the error our reply gives the kernel.
 *
 *   faulty-file BACKING MOUNTFILE FROM TO
 *
 * MOUNTFILE (an existing regular file) becomes a view of BACKING (a regular file, sparse or
 * not): reads, writes, flushes and hole punches go to BACKING, except that a write touching
 * [FROM, TO) (bytes of the file) fails with EIO and writes nothing. The raw FUSE protocol
 * (linux/fuse.h), one request at a time: no libfuse, which this machine has without headers.
 * Each failed write is said on stderr ("failed write at byte N (M bytes)"); at the end, when
 * MOUNTFILE is unmounted, it prints "failed_writes=N" and "writes=N" and exits 0.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/fuse.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_IO (1u << 20)
#define BUF_BYTES (MAX_IO + 65536)

static int back_fd, dev_fd;
static uint64_t fail_from, fail_to;
static unsigned long n_writes, n_failed;
static unsigned char *in_buf, *out_buf;

/* One reply: the header, then len bytes of body (already in out_buf after the header). */
static void reply(uint64_t unique, int error, size_t len)
{
	struct fuse_out_header *h = (struct fuse_out_header *)out_buf;

	h->len = (uint32_t)(sizeof(*h) + (error ? 0 : len));
	h->error = error;
	h->unique = unique;
	if (write(dev_fd, out_buf, h->len) < 0 && errno != ENOENT) /* ENOENT: interrupted */
		perror("faulty-file: reply");
}

static void *body(void)
{
	return out_buf + sizeof(struct fuse_out_header);
}

static void fill_attr(struct fuse_attr *a)
{
	struct stat st;

	memset(a, 0, sizeof(*a));
	if (fstat(back_fd, &st) < 0)
		return;
	a->ino = FUSE_ROOT_ID;
	a->size = (uint64_t)st.st_size;
	a->blocks = (uint64_t)st.st_blocks;
	a->mode = S_IFREG | 0600;
	a->nlink = 1;
	a->blksize = 4096;
	a->atime = a->mtime = a->ctime = (uint64_t)st.st_mtime;
}

static void do_init(const struct fuse_in_header *h, const struct fuse_init_in *in)
{
	struct fuse_init_out *o = body();

	memset(o, 0, sizeof(*o));
	o->major = FUSE_KERNEL_VERSION;
	o->minor = FUSE_KERNEL_MINOR_VERSION;
	o->max_readahead = in->max_readahead;
	o->flags = (in->flags & (FUSE_BIG_WRITES | FUSE_MAX_PAGES));
	o->max_background = 16;
	o->congestion_threshold = 12;
	o->max_write = MAX_IO;
	o->time_gran = 1;
	o->max_pages = MAX_IO / 4096;
	reply(h->unique, 0, sizeof(*o));
}

static void do_read(const struct fuse_in_header *h, const struct fuse_read_in *in)
{
	size_t size = in->size > MAX_IO ? MAX_IO : in->size;
	ssize_t n = pread(back_fd, body(), size, (off_t)in->offset);

	if (n < 0)
		reply(h->unique, -errno, 0);
	else
		reply(h->unique, 0, (size_t)n);
}

static void do_write(const struct fuse_in_header *h, const struct fuse_write_in *in)
{
	const void *data = (const char *)in + sizeof(*in);
	struct fuse_write_out *o = body();
	ssize_t n;

	n_writes++;
	if (in->offset < fail_to && in->offset + in->size > fail_from) {
		n_failed++;
		fprintf(stderr, "faulty-file: failed write at byte %llu (%u bytes)\n",
			(unsigned long long)in->offset, in->size);
		reply(h->unique, -EIO, 0);
		return;
	}
	n = pwrite(back_fd, data, in->size, (off_t)in->offset);
	if (n < 0) {
		reply(h->unique, -errno, 0);
		return;
	}
	memset(o, 0, sizeof(*o));
	o->size = (uint32_t)n;
	reply(h->unique, 0, sizeof(*o));
}

static void do_fallocate(const struct fuse_in_header *h, const struct fuse_fallocate_in *in)
{
	int ret = fallocate(back_fd, (int)in->mode, (off_t)in->offset, (off_t)in->length);

	reply(h->unique, ret < 0 ? -errno : 0, 0);
}

static int serve_one(void)
{
	ssize_t n = read(dev_fd, in_buf, BUF_BYTES);
	const struct fuse_in_header *h = (const struct fuse_in_header *)in_buf;
	const void *arg = in_buf + sizeof(*h);

	if (n < 0) {
		if (errno == ENOENT || errno == EINTR || errno == EAGAIN)
			return 0;
		return errno == ENODEV ? 1 : -1; /* ENODEV: unmounted */
	}
	if ((size_t)n < sizeof(*h))
		return -1;
	switch (h->opcode) {
	case FUSE_INIT:
		do_init(h, arg);
		break;
	case FUSE_GETATTR:
	case FUSE_SETATTR: {
		struct fuse_attr_out *o = body();

		memset(o, 0, sizeof(*o));
		fill_attr(&o->attr);
		reply(h->unique, 0, sizeof(*o));
		break;
	}
	case FUSE_OPEN: {
		struct fuse_open_out *o = body();

		memset(o, 0, sizeof(*o));
		reply(h->unique, 0, sizeof(*o));
		break;
	}
	case FUSE_READ:
		do_read(h, arg);
		break;
	case FUSE_WRITE:
		do_write(h, arg);
		break;
	case FUSE_FALLOCATE:
		do_fallocate(h, arg);
		break;
	case FUSE_FSYNC:
		reply(h->unique, fdatasync(back_fd) < 0 ? -errno : 0, 0);
		break;
	case FUSE_FLUSH:
	case FUSE_RELEASE:
	case FUSE_ACCESS:
		reply(h->unique, 0, 0);
		break;
	case FUSE_STATFS: {
		struct fuse_statfs_out *o = body();

		memset(o, 0, sizeof(*o));
		o->st.bsize = o->st.frsize = 4096;
		o->st.namelen = 255;
		reply(h->unique, 0, sizeof(*o));
		break;
	}
	case FUSE_FORGET:
	case FUSE_BATCH_FORGET:
	case FUSE_INTERRUPT:
		break; /* no reply */
	case FUSE_DESTROY:
		reply(h->unique, 0, 0);
		return 1;
	default:
		reply(h->unique, -ENOSYS, 0);
	}
	return 0;
}

int main(int argc, char **argv)
{
	char opts[128];
	int ret;

	if (argc != 5) {
		fprintf(stderr, "usage: faulty-file BACKING MOUNTFILE FROM TO\n");
		return 2;
	}
	fail_from = strtoull(argv[3], NULL, 0);
	fail_to = strtoull(argv[4], NULL, 0);
	in_buf = malloc(BUF_BYTES);
	out_buf = malloc(BUF_BYTES);
	back_fd = open(argv[1], O_RDWR | O_CLOEXEC);
	dev_fd = open("/dev/fuse", O_RDWR | O_CLOEXEC);
	if (!in_buf || !out_buf || back_fd < 0 || dev_fd < 0) {
		perror("faulty-file: open");
		return 1;
	}
	snprintf(opts, sizeof(opts), "fd=%d,rootmode=100000,user_id=0,group_id=0,allow_other",
		 dev_fd);
	if (mount("faulty-file", argv[2], "fuse", MS_NOSUID | MS_NODEV, opts) < 0) {
		perror("faulty-file: mount");
		return 1;
	}
	while ((ret = serve_one()) == 0)
		;
	printf("failed_writes=%lu\nwrites=%lu\n", n_failed, n_writes);
	return ret < 0;
}
