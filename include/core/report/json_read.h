/*
 * json_read.h - report.json's reader: text in the schema "swapplace-report/1" (written by
 * json_write.h or any producer of docs/schema.md) into a report. Accepts unknown keys and
 * missing optional sections. Callers include core/report/report_json.h, the writer and the
 * reader together.
 */
#ifndef SP_JSON_READ_H
#define SP_JSON_READ_H

#include <stddef.h>

#include "core/err.h"
#include "core/model/report.h"

/*
 * Parse a report (len bytes, need not be NUL-terminated) into r. The "analysis" section is
 * ignored: findings are derived, recompute them with sp_analyse(). Reading the file is
 * sp_report_json_read() (out/report_io.h). e may be NULL.
 * Returns: 0; -EINVAL with the reason in e for malformed JSON, a missing or wrong "schema", a
 * field of the wrong type or a list longer than the model holds.
 */
int sp_report_json_parse(const char *text, size_t len, struct sp_report *r, struct sp_err *e);

#endif
