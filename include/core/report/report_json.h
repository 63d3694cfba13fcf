/*
 * report_json.h - report.json: the versioned machine-readable report (docs/schema.md).
 *
 * Writing builds a jansson tree and serialises it with a small deterministic printer: keys in
 * the order the schema documents, two-space indent, each double in the shortest form that reads
 * back to the same double. That last point makes write -> read -> write byte-identical, the
 * "analysis" section included (it is recomputed from the restored numbers on read, and the
 * numbers are exact). Reading accepts unknown keys and missing optional sections.
 */
#ifndef SP_REPORT_JSON_H
#define SP_REPORT_JSON_H

#include <stddef.h>
#include <stdio.h>

#include "core/findings/analysis.h"
#include "core/model/report.h"

/*
 * Write r and its findings f (NULL: computed here) as JSON to out.
 * Returns: 0, -EINVAL on bad arguments, -ENOMEM, -EIO when out's error flag is set.
 */
int sp_report_json_write(FILE *out, const struct sp_report *r, const struct sp_findings *f);

/*
 * Parse a report (len bytes, need not be NUL-terminated) written by sp_report_json_write (or
 * any producer of the schema) into r. The "analysis" section is ignored: findings are derived,
 * recompute them with sp_analyse(). Reading the file is sp_report_json_read() (out/report_io.h).
 * Returns: 0; -EINVAL with a message in err for malformed JSON, a missing or wrong "schema", a
 * field of the wrong type or a list longer than the model holds.
 */
int sp_report_json_parse(const char *text, size_t len, struct sp_report *r, char *err,
			 size_t errlen);

#endif
