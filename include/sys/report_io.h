/*
 * report_io.h - putting reports on disk and reading saved ones back.
 *
 * A report directory holds report.json and report.txt. Each is written to a temporary name in
 * the same directory, flushed, fsync'd, checked once for the stream's sticky error and only then
 * renamed into place: after a crash, a full disk or an interrupted run a report is complete or
 * absent, never half-written.
 */
#ifndef SP_REPORT_IO_H
#define SP_REPORT_IO_H

#include <stddef.h>
#include <stdio.h>

#include "core/report.h"

/*
 * Read the report file at path into r (sp_report_json_parse() does the parsing).
 * Returns: 0; -EINVAL with a message in err for malformed JSON, a missing or wrong "schema",
 * a field of the wrong type or a list longer than the model holds; -errno when path cannot be
 * opened.
 */
int sp_report_json_read(const char *path, struct sp_report *r, char *err, size_t errlen);


/*
 * mkdir -p dir, analyse r, write dir/report.json and dir/report.txt atomically.
 * Returns: 0 or -errno (nothing of the failing file is left behind).
 */
int sp_report_write_dir(const char *dir, const struct sp_report *r);

/*
 * Before a long run: mkdir -p dir and prove a file can be made in it (created and removed
 * again), so a report that cannot be kept is refused in the first second, not after the
 * measurement. Returns: 0 or -errno (-ENOTDIR when dir is not a directory).
 */
int sp_report_dir_ready(const char *dir);

/*
 * `swapplace report RUN.json [--format text|json]`: read a saved report, analyse it again and
 * render it to out. format NULL means "text".
 * Returns: 0; -EINVAL with err set for an unknown format or a malformed report; -errno (err
 * set) when the file cannot be read; -EIO when out fails.
 */
int sp_report_render(const char *json_path, const char *format, FILE *out, char *err,
		     size_t errlen);

#endif
