/*
 * log.c - debug switches and the edge's error lines.
 */
#include "sys/log.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int debug_enabled(const char *subsys)
{
	const char *env = getenv("SWAPPLACE_DEBUG");
	size_t n = strlen(subsys);

	if (!env || !*env)
		return 0;
	if (strcmp(env, "all") == 0)
		return 1;
	for (const char *p = env; (p = strstr(p, subsys)); p += n) {
		if ((p == env || p[-1] == ',') && (p[n] == '\0' || p[n] == ','))
			return 1;
	}
	return 0;
}

void sp_debug(const char *subsys, const char *fmt, ...)
{
	va_list ap;

	if (!debug_enabled(subsys))
		return;
	fprintf(stderr, "swapplace[%s]: ", subsys);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void sp_warn(const char *fmt, ...)
{
	va_list ap;

	fputs("swapplace: warning: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
