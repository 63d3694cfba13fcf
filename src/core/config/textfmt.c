/*
 * textfmt.c - the small formatters every sentence and table of the reports shares (see
 * textfmt.h), so a latency reads the same in the verdict and in the table beside it.
 */
#include "core/config/textfmt.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void sp_cat(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strnlen(buf, len);
	va_list ap;

	if (used + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

void sp_cat_sep(char *buf, size_t len, const char *sep, const char *fmt, ...)
{
	size_t used = strnlen(buf, len);
	va_list ap;

	if (used && used + 1 < len)
		used += (size_t)snprintf(buf + used, len - used, "%s", sep);
	if (used >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

/* Microseconds with precision that suits their size; "-" when unknown. */
const char *sp_fmt_us(char *buf, double v)
{
	if (!isfinite(v) || v <= 0)
		snprintf(buf, 16, "-");
	else if (v < 1000)
		snprintf(buf, 16, "%.1f", v);
	else
		snprintf(buf, 16, "%.0f", v);
	return buf;
}

const char *sp_fmt_rate(char *buf, double v)
{
	if (!isfinite(v) || v < 0)
		snprintf(buf, 16, "-");
	else
		snprintf(buf, 16, "%.0f", v);
	return buf;
}

const char *sp_plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}
