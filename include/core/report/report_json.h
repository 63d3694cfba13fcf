/*
 * report_json.h - report.json: the versioned machine-readable report (docs/schema.md), the
 * public API of the three files that make it:
 *
 *	json_build.c	the report and its findings -> a jansson tree (json_build.h)
 *	json_write.c	the tree -> deterministic text: sp_report_json_write (json_write.h)
 *	json_read.c	text -> the report: sp_report_json_parse (json_read.h)
 *
 * The writer and the reader are one contract (write -> read -> write is byte-identical, the
 * "analysis" section included: it is recomputed from the restored numbers on read, and the
 * numbers are exact), and most callers use both, so they include this header.
 */
#ifndef SP_REPORT_JSON_H
#define SP_REPORT_JSON_H

#include "core/report/json_read.h"
#include "core/report/json_write.h"

#endif
