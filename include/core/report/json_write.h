/*
 * json_write.h - report.json's writer: the tree of json_build.h printed by a small
 * deterministic printer (two-space indent, keys in the schema's order, each double in the
 * shortest form that reads back to the same double), so write -> read -> write is
 * byte-identical. Callers include core/report/report_json.h, the writer and the reader
 * together.
 */
#ifndef SP_JSON_WRITE_H
#define SP_JSON_WRITE_H

#include <stdio.h>

#include "core/findings/analysis.h"
#include "core/model/report.h"

/*
 * Write r and its findings f (NULL: computed here) as JSON to out.
 * Returns: 0, -EINVAL on bad arguments, -ENOMEM, -EIO when out's error flag is set.
 */
int sp_report_json_write(FILE *out, const struct sp_report *r, const struct sp_findings *f);

#endif
