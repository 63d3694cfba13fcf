/*
 * scratch-files.h - small files in a scratch directory standing in for sysfs and cgroupfs, for
 * the unit tests of the modules that write knobs there (memcg, box).
 */
#ifndef T_SCRATCH_FILES_H
#define T_SCRATCH_FILES_H

#include <stdio.h>
#include <stdlib.h>

/* dir/file holds text (created or truncated); a file that cannot be made ends the test */
static inline void put(const char *dir, const char *file, const char *text)
{
	char p[700];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", dir, file);
	f = fopen(p, "w");
	if (!f) {
		perror(p);
		exit(1);
	}
	fputs(text, f);
	fclose(f);
}

/* dir/file's text (at most 255 bytes, in a static buffer), or "(missing)" */
static inline const char *get(const char *dir, const char *file)
{
	static char buf[256];
	char p[700];
	FILE *f;
	size_t n;

	snprintf(p, sizeof(p), "%s/%s", dir, file);
	f = fopen(p, "r");
	if (!f)
		return "(missing)";
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

#endif
