/*
 * uring.c - shared io_uring set-up and waiting (see uring.h).
 */
#include "probe/uring.h"

#include <errno.h>
#include <string.h>

#include "sys/log.h"
#include "sys/timer.h"

int sp_uring_init(struct io_uring *ring, unsigned entries)
{
	static const unsigned flag_sets[] = {
	    IORING_SETUP_COOP_TASKRUN | IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN,
	    IORING_SETUP_COOP_TASKRUN,
	    0,
	};
	int ret = -EINVAL;

	for (size_t i = 0; i < sizeof(flag_sets) / sizeof(flag_sets[0]); i++) {
		struct io_uring_params par;

		memset(&par, 0, sizeof(par));
		par.flags = flag_sets[i];
		ret = io_uring_queue_init_params(entries, ring, &par);
		if (ret != -EINVAL)
			break;
	}
	if (!ret)
		sp_debug("uring", "ring flags %#x", ring->flags);
	return ret;
}

int sp_uring_wait(struct io_uring *ring, struct io_uring_cqe **cqe)
{
	int ret;

	do
		ret = io_uring_wait_cqe(ring, cqe);
	while (ret == -EINTR);
	return ret;
}

int sp_uring_read_timed(struct io_uring *ring, int fd, void *buf, unsigned len, uint64_t off,
			uint64_t *lat_ns)
{
	struct io_uring_sqe *sqe = io_uring_get_sqe(ring);
	struct io_uring_cqe *cqe;
	struct sp_time t0, t1;
	int ret, res;

	if (!sqe)
		return -EBUSY; /* a QD1 caller's ring is never full */
	io_uring_prep_read(sqe, fd, buf, len, off);
	t0 = sp_now();
	ret = io_uring_submit(ring);
	if (ret < 0)
		return ret;
	ret = sp_uring_wait(ring, &cqe);
	t1 = sp_now();
	if (ret < 0)
		return ret;
	res = cqe->res;
	io_uring_cqe_seen(ring, cqe);
	if (res < 0)
		return res;
	if ((unsigned)res != len)
		return -EIO; /* short read: the device is not as large as it said */
	*lat_ns = sp_elapsed_ns(t0, t1);
	return 0;
}
