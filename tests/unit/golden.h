/*
 * golden.h - compare a rendering with its file under tests/golden/ byte for byte, or, with
 * SWAPPLACE_REGEN=1 in the environment, write the file anew (then review the diff). Paths are
 * from the repo root (tests/run.sh cds there). For the unit tests of the renderers.
 */
#ifndef T_GOLDEN_H
#define T_GOLDEN_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static inline void golden_check(const char *path, const char *got, size_t len)
{
	static char want[1 << 17];
	size_t glen, i = 0;
	FILE *g;

	if (getenv("SWAPPLACE_REGEN") && strcmp(getenv("SWAPPLACE_REGEN"), "1") == 0) {
		g = fopen(path, "w");
		CHECK(g != NULL);
		if (g) {
			fwrite(got, 1, len, g);
			CHECK(fclose(g) == 0);
			fprintf(stderr, "regenerated %s\n", path);
		}
		return;
	}
	g = fopen(path, "r");
	if (!g) {
		fprintf(stderr, "%s: %s (run from the repo root; SWAPPLACE_REGEN=1 creates it)\n",
			path, strerror(errno));
		check_failures++;
		return;
	}
	glen = fread(want, 1, sizeof(want), g);
	fclose(g);
	CHECK_EQ_U64(len, glen);
	if (len != glen || memcmp(got, want, len) != 0) {
		while (i < len && i < glen && got[i] == want[i])
			i++;
		fprintf(stderr, "%s: output differs from byte %zu: ...%.60s...\n", path, i,
			got + (i > 20 ? i - 20 : 0));
		check_failures++;
	}
}

#endif
