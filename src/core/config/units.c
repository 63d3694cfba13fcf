/*
 * units.c - sizes and durations as typed on the command line (see units.h for the grammar).
 *
 * Numbers are scanned by hand rather than with strtoull()/strtod(): those accept a sign
 * ("-1" becomes 2^64-1), leading spaces, hex and exponents, none of which a size should be.
 * Fractional sizes are computed in integers so "1.5G" is exactly 1610612736, not a double's
 * approximation of it.
 */
#include "core/config/units.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/config/u128.h"

/* Longest fraction accepted: 10^19 * 2^60 still fits the 128-bit product below. */
#define FRAC_DIGITS_MAX 19

/* Scan digits at *p into *v; returns the number of digits, or -ERANGE on overflow. */
static int scan_digits(const char **p, uint64_t *v)
{
	const char *s = *p;
	uint64_t x = 0;
	int n = 0;

	while (*s >= '0' && *s <= '9') {
		unsigned d = (unsigned)(*s - '0');

		if (x > (UINT64_MAX - d) / 10)
			return -ERANGE;
		x = x * 10 + d;
		s++;
		n++;
	}
	*p = s;
	*v = x;
	return n;
}

int sp_parse_u64(const char *s, uint64_t *v)
{
	uint64_t x;
	int n;

	if (!s)
		return -EINVAL;
	n = scan_digits(&s, &x);
	if (n < 0)
		return n;
	if (n == 0 || *s != '\0')
		return -EINVAL;
	*v = x;
	return 0;
}

/* log2 of the unit's multiplier, or -1 when c is not a unit letter. */
static int unit_shift(char c)
{
	static const char letters[] = "kmgtpe";
	const char *at;

	if (c == '\0')
		return -1;
	at = strchr(letters, tolower((unsigned char)c));
	return at ? 10 * (int)(at - letters + 1) : -1;
}

int sp_parse_size(const char *s, uint64_t *bytes)
{
	uint64_t whole, frac = 0, pow10 = 1, mult, result;
	uint64_t part;
	int n, nfrac = 0, shift = 0;

	if (!s)
		return -EINVAL;
	n = scan_digits(&s, &whole);
	if (n < 0)
		return n;
	if (n == 0)
		return -EINVAL;
	if (*s == '.') {
		s++;
		while (*s >= '0' && *s <= '9') {
			if (nfrac == FRAC_DIGITS_MAX)
				return -EINVAL;
			frac = frac * 10 + (uint64_t)(*s - '0');
			pow10 *= 10;
			nfrac++;
			s++;
		}
		if (nfrac == 0)
			return -EINVAL;
	}

	/* the unit: "", "B", "X", "XB", "XiB" */
	if (*s != '\0') {
		shift = unit_shift(*s);
		if (shift > 0) {
			s++;
			if (tolower((unsigned char)s[0]) == 'i' &&
			    tolower((unsigned char)s[1]) == 'b')
				s += 2;
			else if (tolower((unsigned char)s[0]) == 'b')
				s++;
		} else if (tolower((unsigned char)*s) == 'b') {
			shift = 0;
			s++;
		} else {
			return -EINVAL;
		}
		if (*s != '\0')
			return -EINVAL;
	}
	/* a fraction of a byte is not a size */
	if (nfrac > 0 && shift == 0)
		return -EINVAL;

	mult = 1ull << shift;
	if (shift > 0 && whole > (UINT64_MAX >> shift))
		return -ERANGE;
	result = whole << shift;
	/* frac < pow10: the quotient is below mult */
	part = sp_u128_div64(sp_u128_mul(frac, mult), pow10);
	if (part > UINT64_MAX - result)
		return -ERANGE;
	*bytes = result + part;
	return 0;
}

int sp_parse_seconds(const char *s, double *secs)
{
	char num[64];
	const char *p = s, *start = s;
	double v, mult = 1;
	size_t len;

	if (!s)
		return -EINVAL;
	while (*p >= '0' && *p <= '9')
		p++;
	if (p == start)
		return -EINVAL;
	if (*p == '.') {
		const char *f = ++p;

		while (*p >= '0' && *p <= '9')
			p++;
		if (p == f)
			return -EINVAL;
	}
	len = (size_t)(p - start);
	if (len >= sizeof(num))
		return -ERANGE;
	memcpy(num, start, len);
	num[len] = '\0';

	if (strcasecmp(p, "") == 0 || strcasecmp(p, "s") == 0)
		mult = 1;
	else if (strcasecmp(p, "ms") == 0)
		mult = 1e-3;
	else if (strcasecmp(p, "m") == 0)
		mult = 60;
	else if (strcasecmp(p, "h") == 0)
		mult = 3600;
	else
		return -EINVAL;

	/* only digits and one '.' reach strtod, so the C locale's '.' is the only separator
	 * that matters; the program never calls setlocale() for LC_NUMERIC */
	v = strtod(num, NULL) * mult;
	if (!isfinite(v))
		return -ERANGE;
	*secs = v;
	return 0;
}

char *sp_format_bytes(uint64_t b, char *buf, size_t len)
{
	static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
	unsigned u = 0;
	uint64_t whole;

	while (u + 1 < sizeof(units) / sizeof(units[0]) && (b >> (10 * (u + 1))) != 0)
		u++;
	if (u == 0) {
		snprintf(buf, len, "%llu B", (unsigned long long)b);
		return buf;
	}
	whole = b >> (10 * u);
	if (whole >= 10) {
		snprintf(buf, len, "%llu %s", (unsigned long long)whole, units[u]);
	} else {
		/* tenths, rounded down, in 128 bits: b * 10 overflows above 1.6 EiB */
		uint64_t tenths = sp_u128_shr(sp_u128_mul(b, 10), 10 * u);

		snprintf(buf, len, "%llu.%llu %s", (unsigned long long)(tenths / 10),
			 (unsigned long long)(tenths % 10), units[u]);
	}
	return buf;
}
