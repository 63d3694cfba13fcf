/*
 * check.h - the smallest unit-test harness: CHECK() records a failure with its line and goes
 * on, so one run shows every broken expectation; CHECK_DONE() is the exit status (0 or 1).
 * Tests are standalone programs (liburing style): exit 0 pass, 1 fail, 77 skip.
 */
#ifndef SP_TEST_CHECK_H
#define SP_TEST_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int check_failures;

#define CHECK(cond)                                                                                \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);   \
			check_failures++;                                                          \
		}                                                                                  \
	} while (0)

#define CHECK_EQ_U64(a, b)                                                                         \
	do {                                                                                       \
		unsigned long long _a = (a), _b = (b);                                             \
		if (_a != _b) {                                                                    \
			fprintf(stderr, "%s:%d: %s == %llu, expected %s == %llu\n", __FILE__,      \
				__LINE__, #a, _a, #b, _b);                                         \
			check_failures++;                                                          \
		}                                                                                  \
	} while (0)

#define CHECK_STR(a, b)                                                                            \
	do {                                                                                       \
		const char *_a = (a), *_b = (b);                                                   \
		if (strcmp(_a, _b) != 0) {                                                         \
			fprintf(stderr, "%s:%d: %s == \"%s\", expected \"%s\"\n", __FILE__,        \
				__LINE__, #a, _a, _b);                                             \
			check_failures++;                                                          \
		}                                                                                  \
	} while (0)

#define CHECK_NEAR(a, b, rel)                                                                      \
	do {                                                                                       \
		double _a = (a), _b = (b);                                                         \
		if (fabs(_a - _b) > (rel)*fabs(_b)) {                                              \
			fprintf(stderr, "%s:%d: %s == %g, expected %g (+/- %g%%)\n", __FILE__,     \
				__LINE__, #a, _a, _b, (rel)*100);                                  \
			check_failures++;                                                          \
		}                                                                                  \
	} while (0)

#define CHECK_DONE() (check_failures ? 1 : 0)

#endif
