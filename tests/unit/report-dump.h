/*
 * report-dump.h - a report written as JSON into memory, for the unit tests that read their own
 * output back (round trips, contract keys). The caller frees the buffer.
 */
#ifndef T_REPORT_DUMP_H
#define T_REPORT_DUMP_H

#include <stdio.h>

#include "check.h"
#include "core/report_json.h"

static inline char *report_json_dump(const struct sp_report *r, size_t *len)
{
	char *buf = NULL;
	FILE *m = open_memstream(&buf, len);

	CHECK(m != NULL);
	CHECK(sp_report_json_write(m, r, NULL) == 0);
	fclose(m);
	return buf;
}

#endif
