/*
 * slurp.h - a whole file into memory, for the unit tests that hold a fixture, a document or a
 * written report against what they expect.
 */
#ifndef T_SLURP_H
#define T_SLURP_H

#include <stdio.h>
#include <stdlib.h>

/*
 * path's bytes, NUL-terminated (free it); their count in *len unless len is NULL. A file that
 * cannot be read ends the test: every caller reads a file the test needs (a fixture, relative
 * to the repository root, where tests/run.sh runs the tests).
 */
static inline char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (!f) {
		fprintf(stderr, "cannot read '%s' (run from the repository root)\n", path);
		exit(1);
	}
	do {
		if (n + 1 >= cap) {
			cap = cap ? cap * 2 : 65536;
			buf = realloc(buf, cap);
			if (!buf) {
				fprintf(stderr, "out of memory reading '%s'\n", path);
				exit(1);
			}
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
	} while (got);
	if (ferror(f)) {
		fprintf(stderr, "cannot read '%s'\n", path);
		exit(1);
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

#endif
