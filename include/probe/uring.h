/*
 * uring.h - the io_uring set-up and waiting every probe shares: the ring with the cheapest
 * flags the running kernel accepts, and a wait that a signal cannot cut short.
 */
#ifndef SP_PROBE_URING_H
#define SP_PROBE_URING_H

#include <liburing.h>

/*
 * io_uring_queue_init_params with COOP_TASKRUN | SINGLE_ISSUER | DEFER_TASKRUN where the kernel
 * has them (one fewer interrupt per completion), falling back to older sets of flags.
 * Returns: 0 or -errno.
 */
int sp_uring_init(struct io_uring *ring, unsigned entries);

/*
 * Wait for one completion. A signal (no SA_RESTART, by design) interrupts the wait but not the
 * read the kernel is doing into our buffer, so keep waiting; callers check sp_interrupted()
 * between requests. Returns: 0 or -errno.
 */
int sp_uring_wait(struct io_uring *ring, struct io_uring_cqe **cqe);

/*
 * One read of len bytes at off through the ring, waited for: the QD1 measurement. *lat_ns gets
 * the time from submission to completion. Returns: 0, -EIO for a short read, or -errno.
 */
int sp_uring_read_timed(struct io_uring *ring, int fd, void *buf, unsigned len, uint64_t off,
			uint64_t *lat_ns);

#endif
