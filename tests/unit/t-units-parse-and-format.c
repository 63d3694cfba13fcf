/*
 * t-units-parse-and-format - sizes, durations and plain numbers parse exactly as units.h says
 * (binary units in every spelling, fractions rounded down to bytes) and every malformed or
 * out-of-range input is refused with the right code and leaves the output untouched; sizes
 * print in the largest unit, rounded down.
 */
#include <errno.h>

#include "check.h"
#include "core/config/units.h"

#define KI 1024ull
#define MI (KI * KI)
#define GI (MI * KI)
#define TI (GI * KI)

static void size_ok(const char *s, uint64_t want)
{
	uint64_t v = 0xdead;
	int rc = sp_parse_size(s, &v);

	if (rc != 0 || v != want) {
		fprintf(stderr, "sp_parse_size(\"%s\") = %d, %llu; want 0, %llu\n", s, rc,
			(unsigned long long)v, (unsigned long long)want);
		check_failures++;
	}
}

static void size_bad(const char *s, int want)
{
	uint64_t v = 0xdead;
	int rc = sp_parse_size(s, &v);

	if (rc != want || v != 0xdead) {
		fprintf(stderr, "sp_parse_size(\"%s\") = %d (v %llu); want %d, untouched\n", s, rc,
			(unsigned long long)v, want);
		check_failures++;
	}
}

static void secs_ok(const char *s, double want)
{
	double v = -1;
	int rc = sp_parse_seconds(s, &v);

	if (rc != 0 || fabs(v - want) > 1e-9 * (want > 1 ? want : 1)) {
		fprintf(stderr, "sp_parse_seconds(\"%s\") = %d, %g; want 0, %g\n", s, rc, v, want);
		check_failures++;
	}
}

static void secs_bad(const char *s, int want)
{
	double v = -1;
	int rc = sp_parse_seconds(s, &v);

	if (rc != want || v != -1) {
		fprintf(stderr, "sp_parse_seconds(\"%s\") = %d; want %d, untouched\n", s, rc, want);
		check_failures++;
	}
}

static void u64_ok(const char *s, uint64_t want)
{
	uint64_t v = 0xdead;

	CHECK(sp_parse_u64(s, &v) == 0);
	CHECK_EQ_U64(v, want);
}

static void u64_bad(const char *s, int want)
{
	uint64_t v = 0xdead;
	int rc = sp_parse_u64(s, &v);

	if (rc != want || v != 0xdead) {
		fprintf(stderr, "sp_parse_u64(\"%s\") = %d; want %d, untouched\n", s, rc, want);
		check_failures++;
	}
}

static void fmt(uint64_t b, const char *want)
{
	char buf[32];

	CHECK_STR(sp_format_bytes(b, buf, sizeof(buf)), want);
}

int main(void)
{
	/* sizes */
	size_ok("0", 0);
	size_ok("4096", 4096);
	size_ok("100B", 100);
	size_ok("100b", 100);
	size_ok("512K", 512 * KI);
	size_ok("512k", 512 * KI);
	size_ok("512KB", 512 * KI);
	size_ok("512KiB", 512 * KI);
	size_ok("512kib", 512 * KI);
	size_ok("512KIB", 512 * KI);
	size_ok("1M", MI);
	size_ok("1MiB", MI);
	size_ok("1mb", MI);
	size_ok("1G", GI);
	size_ok("1GiB", GI);
	size_ok("1g", GI);
	size_ok("1T", TI);
	size_ok("1TiB", TI);
	size_ok("2P", 2 * TI * KI);
	size_ok("15E", 15ull << 60);
	size_ok("1.5G", GI + GI / 2);
	size_ok("0.5M", MI / 2);
	size_ok("1.0001K", 1024);   /* 1024.1024 rounds down */
	size_ok("1.999999K", 2047); /* 2047.99... rounds down, not up */
	size_ok("007M", 7 * MI);
	size_ok("18446744073709551615", UINT64_MAX);
	size_ok("15.9999999999999999999E", (15ull << 60) + ((1ull << 60) - 1)); /* 19 digits */
	size_ok("16777215.99999999T", (16777215ull * TI) + (uint64_t)(0.99999999 * TI));

	size_bad("", -EINVAL);
	size_bad("-1", -EINVAL);
	size_bad("+1", -EINVAL);
	size_bad(" 1G", -EINVAL);
	size_bad("1G ", -EINVAL);
	size_bad("1 G", -EINVAL);
	size_bad("1X", -EINVAL);
	size_bad("1Gx", -EINVAL);
	size_bad("1GiBB", -EINVAL);
	size_bad("1Gi", -EINVAL);
	size_bad("1iB", -EINVAL);
	size_bad("1BB", -EINVAL);
	size_bad("G", -EINVAL);
	size_bad(".5G", -EINVAL);
	size_bad("1.G", -EINVAL);
	size_bad("1..5G", -EINVAL);
	size_bad("1.5", -EINVAL); /* a fraction of a byte */
	size_bad("1.5B", -EINVAL);
	size_bad("0x10", -EINVAL);
	size_bad("1e3", -EINVAL);
	size_bad("1,5G", -EINVAL);
	size_bad("1.00000000000000000000K", -EINVAL); /* 20 fraction digits */
	size_bad("18446744073709551616", -ERANGE);
	size_bad("99999999999999999999999", -ERANGE);
	size_bad("16E", -ERANGE);
	size_bad("16777216T", -ERANGE);
	size_bad("15.99999999999999999999E", -EINVAL);
	size_bad("17179869184G", -ERANGE); /* 2^34 G = 2^64 */
	size_bad("16384P", -ERANGE);
	size_ok("17179869183.5G", UINT64_MAX - GI / 2 + 1); /* 2^64 - 2^29 */
	CHECK(sp_parse_size(NULL, &(uint64_t){0}) == -EINVAL);

	/* durations */
	secs_ok("30", 30);
	secs_ok("0", 0);
	secs_ok("2.5", 2.5);
	secs_ok("30s", 30);
	secs_ok("30S", 30);
	secs_ok("2m", 120);
	secs_ok("1.5m", 90);
	secs_ok("1h", 3600);
	secs_ok("1H", 3600);
	secs_ok("250ms", 0.25);
	secs_ok("0.5s", 0.5);
	secs_bad("", -EINVAL);
	secs_bad("-1", -EINVAL);
	secs_bad("-1s", -EINVAL);
	secs_bad("+1", -EINVAL);
	secs_bad(" 1", -EINVAL);
	secs_bad("1 ", -EINVAL);
	secs_bad("1x", -EINVAL);
	secs_bad("1sec", -EINVAL);
	secs_bad("1ss", -EINVAL);
	secs_bad("s", -EINVAL);
	secs_bad(".5", -EINVAL);
	secs_bad("1.", -EINVAL);
	secs_bad("1.2.3", -EINVAL);
	secs_bad("1e3", -EINVAL);
	secs_bad("0x10", -EINVAL);
	secs_bad("inf", -EINVAL);
	secs_bad("nan", -EINVAL);
	secs_bad("1d", -EINVAL);
	CHECK(sp_parse_seconds(NULL, &(double){0}) == -EINVAL);
	{
		/* 400 digits: not a finite double */
		char huge[402];

		memset(huge, '9', 400);
		huge[400] = '\0';
		secs_bad(huge, -ERANGE);
	}

	/* strict u64 */
	u64_ok("0", 0);
	u64_ok("42", 42);
	u64_ok("18446744073709551615", UINT64_MAX);
	u64_bad("", -EINVAL);
	u64_bad("-1", -EINVAL);
	u64_bad("+1", -EINVAL);
	u64_bad(" 1", -EINVAL);
	u64_bad("1 ", -EINVAL);
	u64_bad("1K", -EINVAL);
	u64_bad("0x10", -EINVAL);
	u64_bad("1.0", -EINVAL);
	u64_bad("18446744073709551616", -ERANGE);
	u64_bad("100000000000000000000", -ERANGE);
	CHECK(sp_parse_u64(NULL, &(uint64_t){0}) == -EINVAL);

	/* formatting */
	fmt(0, "0 B");
	fmt(100, "100 B");
	fmt(1023, "1023 B");
	fmt(1024, "1.0 KiB");
	fmt(4096, "4.0 KiB");
	fmt(1536, "1.5 KiB");
	fmt(10 * KI - 1, "9.9 KiB"); /* rounds down, never up to "10.0" */
	fmt(10 * KI, "10 KiB");
	fmt(512 * MI, "512 MiB");
	fmt(256 * MI, "256 MiB"); /* the one formatter: report_text's own printed "256.0 MiB" */
	fmt(MI - 1, "1023 KiB");  /* ... and "1024.0 KiB" here, a size larger than it is */
	fmt(MI, "1.0 MiB");
	fmt(GI - 1, "1023 MiB");
	fmt(GI, "1.0 GiB");
	fmt(GI + GI / 2, "1.5 GiB");
	fmt(TI * 3, "3.0 TiB");
	fmt(UINT64_MAX, "15 EiB");
	fmt((1ull << 60) * 9 + (1ull << 60) - 1, "9.9 EiB"); /* b * 10 needs 128 bits */
	{
		char small[4];

		/* truncated but terminated */
		CHECK_STR(sp_format_bytes(GI, small, sizeof(small)), "1.0");
	}
	/* a formatted size parses back to no more than the original */
	uint64_t sizes[] = {4096, 1536, 512 * MI, 3 * GI + 12345, UINT64_MAX / 3};
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		char buf[32], compact[32];
		uint64_t back;
		size_t j = 0;

		sp_format_bytes(sizes[i], buf, sizeof(buf));
		for (const char *p = buf; *p; p++)
			if (*p != ' ')
				compact[j++] = *p;
		compact[j] = '\0';
		CHECK(sp_parse_size(compact, &back) == 0);
		CHECK(back <= sizes[i] && back >= sizes[i] - sizes[i] / 10);
	}
	return CHECK_DONE();
}
