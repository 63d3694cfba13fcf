/*
 * fail.h - the edge's one way to end a command that failed: print the error git style and
 * hand back the exit code (docs/exit-codes.md).
 *
 *	return sp_fail(SP_EXIT_FAILURE, &e, "cannot write the report into '%s'", dir);
 *	-> "swapplace: cannot write the report into 'reports/x': Read-only file system", exit 1
 *
 * The message says what failed first, lowercase, quotes its subject, no final period; the
 * reason (an sp_err, or SP_ERR_OF(-errno) for a bare code) follows after ": ".
 */
#ifndef SP_FAIL_H
#define SP_FAIL_H

#include "core/err.h"

/*
 * Print "swapplace: <what>[: <why>]" on stderr, <what> formatted from fmt, <why> being
 * sp_err_msg(why) (nothing when why is NULL or holds no error).
 * Returns: exit_code (SP_EXIT_FAILURE, SP_EXIT_USAGE or SP_EXIT_REFUSED, core/config/cli.h).
 */
__attribute__((format(printf, 3, 4))) int sp_fail(int exit_code, const struct sp_err *why,
						  const char *fmt, ...);

#endif
