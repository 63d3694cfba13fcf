/*
 * err.c - the error context (see err.h): formatting a reason, and prefixing context to it as
 * it travels up. Reasons are truncated, never overrun: a long chain of context keeps its
 * outermost words, which say what was being done.
 */
#include "core/err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void sp_err_init(struct sp_err *e)
{
	if (!e)
		return;
	e->code = 0;
	e->reason[0] = '\0';
}

static const char *code_msg(int code)
{
	return code < 0 ? strerror(-code) : code > 0 ? "unknown error" : "";
}

/* dst (of cap bytes, terminated) gets src after it, cut where it runs out of room */
static void append(char *dst, size_t cap, const char *src)
{
	size_t len = strlen(dst), n = strlen(src);

	if (len + 1 >= cap)
		return;
	if (n > cap - 1 - len)
		n = cap - 1 - len;
	memcpy(dst + len, src, n);
	dst[len + n] = '\0';
}

static void vset(struct sp_err *e, int code, int add_errno, const char *fmt, va_list ap)
{
	e->code = code;
	if (!fmt) {
		snprintf(e->reason, sizeof(e->reason), "%s", code_msg(code));
		return;
	}
	vsnprintf(e->reason, sizeof(e->reason), fmt, ap);
	if (add_errno && code) {
		append(e->reason, sizeof(e->reason), ": ");
		append(e->reason, sizeof(e->reason), code_msg(code));
	}
}

int sp_err_set(struct sp_err *e, int code, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return code;
	va_start(ap, fmt);
	vset(e, code, 0, fmt, ap);
	va_end(ap);
	return code;
}

int sp_err_sys(struct sp_err *e, int code, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return code;
	va_start(ap, fmt);
	vset(e, code, 1, fmt, ap);
	va_end(ap);
	return code;
}

int sp_err_prefix(struct sp_err *e, int code, const char *fmt, ...)
{
	char inner[SP_ERR_REASON_MAX], outer[SP_ERR_REASON_MAX];
	va_list ap;

	if (!e)
		return code;
	/* a reason left from another failure is not this one's */
	snprintf(inner, sizeof(inner), "%s",
		 e->code == code && e->reason[0] ? e->reason : code_msg(code));
	va_start(ap, fmt);
	vsnprintf(outer, sizeof(outer), fmt, ap);
	va_end(ap);
	e->code = code;
	snprintf(e->reason, sizeof(e->reason), "%s", outer);
	if (inner[0]) {
		append(e->reason, sizeof(e->reason), ": ");
		append(e->reason, sizeof(e->reason), inner);
	}
	return code;
}

const char *sp_err_msg(const struct sp_err *e)
{
	if (!e)
		return "";
	return e->reason[0] ? e->reason : code_msg(e->code);
}
