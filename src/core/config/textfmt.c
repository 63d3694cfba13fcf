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

size_t sp_utf8_seq_len(const char *s, size_t i, size_t n)
{
	unsigned char c = (unsigned char)s[i], d;
	size_t len = c < 0x80		  ? 1
		     : (c & 0xe0) == 0xc0 ? 2
		     : (c & 0xf0) == 0xe0 ? 3
		     : (c & 0xf8) == 0xf0 ? 4
					  : 0;

	if (len == 0 || i + len > n || (len == 2 && c < 0xc2) || (len == 4 && c > 0xf4))
		return 0;
	for (size_t j = 1; j < len; j++)
		if (((unsigned char)s[i + j] & 0xc0) != 0x80)
			return 0;
	d = len > 1 ? (unsigned char)s[i + 1] : 0;
	/* overlong forms and UTF-16 surrogates are not UTF-8 */
	if (len == 3 && ((c == 0xe0 && d < 0xa0) || (c == 0xed && d >= 0xa0)))
		return 0;
	if (len == 4 && ((c == 0xf0 && d < 0x90) || (c == 0xf4 && d >= 0x90)))
		return 0;
	return len;
}
