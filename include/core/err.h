/*
 * err.h - one error context that carries a code and a human reason from where a problem is
 * known up to the report and the exit.
 *
 * Functions keep util-linux's contract ("Returns: 0 on success, <0 on error"); the ones that
 * know more than an errno can say also take a struct sp_err * (may be NULL) and fill it. As
 * the error travels up, each caller that knows what it was doing puts that in front:
 *
 *	ret = sp_mkfs_ext4(part, label, e);	   reason: "mke2fs: Device size reported to be zero"
 *	if (ret < 0)
 *		return sp_err_prefix(e, ret, "mkfs.ext4 on '%s'", part);
 *					 reason: "mkfs.ext4 on '/dev/loop3p2': mke2fs: Device ..."
 *
 * The edge prints it git style ("swapplace: <what failed>: <reason>", cmd/fail.h) or a
 * placement records it as its reason in the report. Pure: no I/O.
 */
#ifndef SP_ERR_H
#define SP_ERR_H

/* room for a refusal that names every reason a disk is unsafe (its unsafe_reason is 256
 * bytes) and a changed disk's every field, as the 512-byte buffers before it had */
#define SP_ERR_REASON_MAX 512

struct sp_err {
	int code;			/* 0, or the negative errno of the failure */
	char reason[SP_ERR_REASON_MAX]; /* lowercase, no final period; "" when only code is known */
};

/* An error that is only a code (its reason is strerror's), for the edge: SP_ERR_OF(-EIO). */
#define SP_ERR_OF(c) (&(const struct sp_err){.code = (c)})

/* No error: code 0, empty reason. */
void sp_err_init(struct sp_err *e);

/*
 * Record code (a negative errno) and a reason formatted from fmt (NULL: strerror's). e may be
 * NULL: the caller did not ask why.
 * Returns: code, so `return sp_err_set(e, -EIO, "short read at %llu", off);` reads naturally.
 */
__attribute__((format(printf, 3, 4))) int sp_err_set(struct sp_err *e, int code, const char *fmt,
						     ...);

/* The same, with ": <strerror(-code)>" after the reason: "swapon '/dev/sdb1': Invalid argument". */
__attribute__((format(printf, 3, 4))) int sp_err_sys(struct sp_err *e, int code, const char *fmt,
						     ...);

/*
 * Put context in front as the error travels up: reason becomes "<fmt...>: <reason>". code is
 * what the callee returned: when e does not already hold a reason for that code (the callee
 * only returned it), strerror(-code) is the reason. e may be NULL.
 * Returns: code.
 */
__attribute__((format(printf, 3, 4))) int sp_err_prefix(struct sp_err *e, int code, const char *fmt,
							...);

/* The sentence: the reason, else strerror(-code), else "" (no error). */
const char *sp_err_msg(const struct sp_err *e);

#endif
