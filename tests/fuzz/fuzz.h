/*
 * fuzz.h - what every libFuzzer harness in tests/fuzz/ shares: the input as a C string, and an
 * invariant check that aborts (libFuzzer then saves the input as a crash) with the reason.
 *
 * Harnesses exercise the pure core only (build/fuzz/obj/core/), compiled with the same
 * -fsanitize=fuzzer,address,undefined flags, so a read past a buffer, an overflow the
 * standard leaves undefined or a leak is a crash too. docs/safety.md says how they run.
 */
#ifndef SP_FUZZ_H
#define SP_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libFuzzer's entry point, which every harness defines (declared here for -Wmissing-prototypes) */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv); /* optional: a harness that needs set-up */

#define FUZZ_CHECK(cond, ...)                                                                      \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			fprintf(stderr, "fuzz: invariant broken at %s:%d: %s: ", __FILE__,         \
				__LINE__, #cond);                                                  \
			fprintf(stderr, __VA_ARGS__);                                              \
			fputc('\n', stderr);                                                       \
			abort();                                                                   \
		}                                                                                  \
	} while (0)

/* The input as a NUL-terminated string on the heap (text parsers take C strings; an embedded
 * NUL ends the text early, as it would when read from a file by the edge). Free it. */
static inline char *fuzz_cstr(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* Is s NUL-terminated within len bytes (a parser's out-string never runs off its field)? */
static inline int fuzz_terminated(const char *s, size_t len)
{
	return memchr(s, '\0', len) != NULL;
}

#endif
