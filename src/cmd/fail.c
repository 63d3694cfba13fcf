/*
 * fail.c - the edge's error line and exit code (see fail.h). Every failure path of the
 * subcommands and main ends here, so a message and its exit code are decided in one place.
 */
#include "cmd/fail.h"

#include <stdarg.h>
#include <stdio.h>

int sp_fail(int exit_code, const struct sp_err *why, const char *fmt, ...)
{
	const char *msg = sp_err_msg(why);
	va_list ap;

	fputs("swapplace: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (msg[0])
		fprintf(stderr, ": %s", msg);
	fputc('\n', stderr);
	return exit_code;
}
