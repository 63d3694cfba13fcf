/*
 * fuzz-units.c - sizes, durations and plain numbers as a user types them (core/config/units.h), the
 * parsers behind every --budget, --swap-size, --time-per-placement, --seed and --offset.
 *
 * Invariants: a number that parses prints back as itself (less leading zeros) and parses again
 * to the same value; a size that parses, printed in bytes with "B", parses to the same bytes,
 * and its human form never claims more than it is; a duration is finite and not negative.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>

#include "core/config/units.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_cstr(data, size), buf[64], back[64];
	uint64_t v, w;
	double secs;
	int ret;

	ret = sp_parse_u64(s, &v);
	FUZZ_CHECK(ret == 0 || ret == -EINVAL || ret == -ERANGE, "u64 '%s': %d", s, ret);
	if (ret == 0) {
		snprintf(buf, sizeof(buf), "%" PRIu64, v);
		FUZZ_CHECK(sp_parse_u64(buf, &w) == 0 && w == v, "u64 '%s' -> %s", s, buf);
		const char *digits = s;

		while (digits[0] == '0' && digits[1])
			digits++;
		FUZZ_CHECK(!strcmp(digits, buf), "u64 '%s' prints as %s", s, buf);
	}

	ret = sp_parse_size(s, &v);
	FUZZ_CHECK(ret == 0 || ret == -EINVAL || ret == -ERANGE, "size '%s': %d", s, ret);
	if (ret == 0) {
		snprintf(buf, sizeof(buf), "%" PRIu64 "B", v);
		FUZZ_CHECK(sp_parse_size(buf, &w) == 0 && w == v, "size '%s' -> %s", s, buf);
		sp_format_bytes(v, back, sizeof(back));
		/* "1.5 GiB": the human form, read back as a size, is never larger */
		{
			char num[64];
			const char *unit = strchr(back, ' ');

			FUZZ_CHECK(unit && (size_t)(unit - back) < sizeof(num), "format '%s'",
				   back);
			memcpy(num, back, (size_t)(unit - back));
			num[unit - back] = '\0';
			snprintf(buf, sizeof(buf), "%s%s", num, unit + 1);
			FUZZ_CHECK(sp_parse_size(buf, &w) == 0 && w <= v,
				   "size '%s' = %" PRIu64 " shown as '%s'", s, v, back);
		}
	}

	ret = sp_parse_seconds(s, &secs);
	FUZZ_CHECK(ret == 0 || ret == -EINVAL || ret == -ERANGE, "seconds '%s': %d", s, ret);
	if (ret == 0)
		FUZZ_CHECK(isfinite(secs) && secs >= 0, "seconds '%s' = %g", s, secs);

	/* an input that is not a string at all: sizes of every magnitude print and read back */
	if (size >= 8) {
		memcpy(&v, data, 8);
		sp_format_bytes(v, back, sizeof(back));
		FUZZ_CHECK(fuzz_terminated(back, sizeof(back)) && strlen(back) < 16, "'%s'", back);
		sp_format_bytes(v, back, 4); /* truncation stays inside the buffer */
	}
	free(s);
	return 0;
}
