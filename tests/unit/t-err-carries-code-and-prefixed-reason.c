/*
 * t-err-carries-code-and-prefixed-reason - the error context: sp_err_set returns its code and
 * keeps the formatted reason; sp_err_sys adds the errno's words; sp_err_prefix puts context
 * in front as the error travels up, falls back to strerror when the callee only returned a
 * code, does not reuse a reason left by another failure, and truncates instead of overrunning;
 * a NULL context is allowed everywhere.
 */
#include <errno.h>
#include <string.h>

#include "check.h"
#include "core/err.h"

static int callee_with_reason(struct sp_err *e)
{
	return sp_err_set(e, -EIO, "mke2fs: Device size reported to be zero");
}

static int caller(struct sp_err *e, const char *part)
{
	int ret = callee_with_reason(e);

	if (ret < 0)
		return sp_err_prefix(e, ret, "mkfs.ext4 on '%s'", part);
	return 0;
}

int main(void)
{
	struct sp_err e;
	char longer[600];

	sp_err_init(&e);
	CHECK(e.code == 0);
	CHECK_STR(sp_err_msg(&e), "");

	/* set: returns the code, keeps the sentence */
	CHECK(sp_err_set(&e, -ENOSPC, "swap area '%s' is full", "/dev/x") == -ENOSPC);
	CHECK(e.code == -ENOSPC);
	CHECK_STR(sp_err_msg(&e), "swap area '/dev/x' is full");
	/* NULL format: the errno's own words */
	sp_err_set(&e, -ENOENT, NULL);
	CHECK_STR(e.reason, strerror(ENOENT));

	/* sys: the errno's words after the reason */
	CHECK(sp_err_sys(&e, -EINVAL, "swapon '%s'", "/dev/loop3p1") == -EINVAL);
	{
		char want[128];

		snprintf(want, sizeof(want), "swapon '/dev/loop3p1': %s", strerror(EINVAL));
		CHECK_STR(sp_err_msg(&e), want);
	}

	/* prefix: context in front of the callee's own words, through two levels */
	sp_err_init(&e);
	CHECK(caller(&e, "/dev/loop3p2") == -EIO);
	CHECK(e.code == -EIO);
	CHECK_STR(e.reason, "mkfs.ext4 on '/dev/loop3p2': mke2fs: Device size reported to be zero");
	sp_err_prefix(&e, -EIO, "setting up '%s'", "/dev/loop3");
	CHECK_STR(e.reason, "setting up '/dev/loop3': mkfs.ext4 on '/dev/loop3p2': mke2fs: Device "
			    "size reported to be zero");

	/* prefix after a callee that only returned a code: strerror is the reason */
	sp_err_init(&e);
	sp_err_prefix(&e, -EBUSY, "mounting '%s'", "/dev/sdb2");
	{
		char want[128];

		snprintf(want, sizeof(want), "mounting '/dev/sdb2': %s", strerror(EBUSY));
		CHECK_STR(e.reason, want);
	}

	/* a reason left by an earlier, tolerated failure is not this failure's */
	sp_err_set(&e, -EAGAIN, "reclaim made no progress");
	sp_err_prefix(&e, -ENOMEM, "mapping the buffer");
	CHECK(e.code == -ENOMEM);
	CHECK(strstr(e.reason, "reclaim") == NULL);
	CHECK(strstr(e.reason, strerror(ENOMEM)) != NULL);

	/* sp_err_msg with only a code, and for NULL */
	CHECK_STR(sp_err_msg(SP_ERR_OF(-EPERM)), strerror(EPERM));
	CHECK_STR(sp_err_msg(NULL), "");

	/* too long: truncated and terminated, the outermost context kept */
	memset(longer, 'x', sizeof(longer) - 1);
	longer[sizeof(longer) - 1] = '\0';
	sp_err_set(&e, -EIO, "%s", longer);
	CHECK(strlen(e.reason) == SP_ERR_REASON_MAX - 1);
	sp_err_prefix(&e, -EIO, "outer context");
	CHECK(strlen(e.reason) == SP_ERR_REASON_MAX - 1);
	CHECK(strncmp(e.reason, "outer context: xxx", 18) == 0);
	sp_err_prefix(&e, -EIO, "%s", longer);
	CHECK(strlen(e.reason) == SP_ERR_REASON_MAX - 1);

	/* NULL context: nothing recorded, the code still returned */
	CHECK(sp_err_set(NULL, -EIO, "ignored") == -EIO);
	CHECK(sp_err_sys(NULL, -EIO, "ignored") == -EIO);
	CHECK(sp_err_prefix(NULL, -EIO, "ignored") == -EIO);
	sp_err_init(NULL);
	return CHECK_DONE();
}
