/*
 * report-dump.h - a report written as JSON or as report.txt into memory, for the unit tests
 * that read their own output back (round trips, contract keys, sentences). The caller frees
 * the buffer. T_SHOW=1 in the environment prints the text to stderr.
 */
#ifndef T_REPORT_DUMP_H
#define T_REPORT_DUMP_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/doc/reportdoc.h"
#include "core/report/report_json.h"

static inline char *report_json_dump(const struct sp_report *r, size_t *len)
{
	char *buf = NULL;
	FILE *m = open_memstream(&buf, len);

	CHECK(m != NULL);
	CHECK(sp_report_json_write(m, r, NULL) == 0);
	fclose(m);
	return buf;
}

static inline char *report_text_dump(const struct sp_report *r)
{
	char *buf = NULL;
	size_t len;
	FILE *m = open_memstream(&buf, &len);

	CHECK(m != NULL);
	CHECK(sp_report_text_write(m, r, NULL) == 0);
	fclose(m);
	if (getenv("T_SHOW"))
		fputs(buf, stderr);
	return buf;
}

/* s with every run of blanks and line breaks as one blank (the caller frees it) */
static inline char *text_flat(const char *s)
{
	char *o = malloc(strlen(s) + 1), *q = o;

	CHECK(o != NULL);
	for (; o && *s; s++) {
		if (*s == ' ' || *s == '\n' || *s == '\t') {
			if (q > o && q[-1] != ' ')
				*q++ = ' ';
			continue;
		}
		*q++ = *s;
	}
	if (o)
		*q = '\0';
	return o;
}

/*
 * Whether the report's text says needle, wherever doc_text wrapped its lines: blanks and line
 * breaks compare as one blank on both sides.
 */
static inline int text_has(const char *text, const char *needle)
{
	char *t = text_flat(text), *n = text_flat(needle);
	int found = t && n && strstr(t, n) != NULL;

	free(t);
	free(n);
	return found;
}

#endif
