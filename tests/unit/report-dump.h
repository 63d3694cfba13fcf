/*
 * report-dump.h - a report written as JSON or as report.txt into memory, for the unit tests
 * that read their own output back (round trips, contract keys, sentences). The caller frees
 * the buffer. T_SHOW=1 in the environment prints the text to stderr.
 */
#ifndef T_REPORT_DUMP_H
#define T_REPORT_DUMP_H

#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "core/report/report_json.h"
#include "core/doc/report_text.h"

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

#endif
