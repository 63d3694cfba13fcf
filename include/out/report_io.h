/*
 * report_io.h - putting reports on disk and reading saved ones back.
 *
 * A report directory holds report.json and report.txt (the record: both or an error), then
 * report.html, report.pdf and summary.csv (renderings: each on its own; one that fails is
 * removed and listed, and never costs the others). Each is written to a temporary name in the
 * same directory, flushed, fsync'd, checked once for the stream's sticky error and only then
 * renamed into place: after a crash, a full disk or an interrupted run a report is complete or
 * absent, never half-written.
 */
#ifndef SP_REPORT_IO_H
#define SP_REPORT_IO_H

#include <stddef.h>
#include <stdio.h>

#include "core/doc/doc.h"
#include "core/err.h"
#include "core/findings/analysis.h"
#include "core/model/report.h"
#include "render/doc_cairo.h"

/* What a format's writer is handed: the report, its findings and, built once for all the
 * formats that print it, the report as a document (doc NULL: building it failed, doc_err). */
struct sp_report_ctx {
	const struct sp_report *r;
	const struct sp_findings *f;
	const struct sp_doc *doc;
	int doc_err;
	struct sp_page_opts pages; /* --paper, --duplex */
};

/* One format a report is written in. Returns: 0 or -errno (-EIO: the stream failed). */
typedef int (*sp_report_writer)(FILE *out, const struct sp_report_ctx *c);

struct sp_report_format {
	const char *name; /* as --format takes it: "text", "pdf" */
	const char *file; /* its name in a report directory; NULL: not written there (ps) */
	int required;	  /* json and text: the run's record; failing them fails the write */
	int needs_doc;	  /* its writer reads c->doc */
	int binary;	  /* not for a terminal (pdf, ps) */
	sp_report_writer write;
};

/* Every format, json and text first (the order a report directory is written in). */
extern const struct sp_report_format sp_report_formats[];
extern const size_t sp_n_report_formats;

/* The format called name, or NULL. */
const struct sp_report_format *sp_report_format_find(const char *name);

/* The renderings that could not be written, with why. */
#define SP_REPORT_MAX_FAILED 8
struct sp_report_failed {
	size_t n;
	struct {
		const char *name, *file; /* "pdf", "report.pdf" (static strings of the table) */
		int err;		 /* -errno */
	} f[SP_REPORT_MAX_FAILED];
};

/*
 * Read the report file at path into r (sp_report_json_parse() does the parsing).
 * Returns: 0; -EINVAL with the reason in e (may be NULL) for malformed JSON, a missing or
 * wrong "schema", a field of the wrong type or a list longer than the model holds; -errno (e
 * set) when path cannot be opened or read.
 */
int sp_report_json_read(const char *path, struct sp_report *r, struct sp_err *e);

/*
 * mkdir -p dir, analyse r, write dir/report.json and dir/report.txt atomically, then every
 * other format of the table that has a file (report.html, report.pdf, summary.csv), each
 * atomically and independently, pages as o says (NULL: A4, simplex). A rendering that fails
 * leaves no file of its name (neither its temporary nor an older one) and is listed in
 * *failed (may be NULL).
 * Returns: 0 (renderings may have failed: see *failed) or -errno when json or text could not
 * be written (then nothing of them is left behind and no rendering is tried).
 */
int sp_report_write_dir_opts(const char *dir, const struct sp_report *r,
			     const struct sp_page_opts *o, struct sp_report_failed *failed);

/* The same with the formats given (a test makes one fail): fmts[0..n) in their order. */
int sp_report_write_dir_with(const char *dir, const struct sp_report *r,
			     const struct sp_page_opts *o, const struct sp_report_format *fmts,
			     size_t n, struct sp_report_failed *failed);

/* sp_report_write_dir_opts() with A4 simplex pages, failed renderings not listed. */
int sp_report_write_dir(const char *dir, const struct sp_report *r);

/*
 * Before a long run: mkdir -p dir and prove a file can be made in it (created and removed
 * again), so a report that cannot be kept is refused in the first second, not after the
 * measurement. Returns: 0 or -errno (-ENOTDIR when dir is not a directory).
 */
int sp_report_dir_ready(const char *dir);

/*
 * sp_report_dir_ready() for the directory of a run (run, measure --out) that will keep its
 * journal there: also refused when dir is a symbolic link, belongs to another user (-EPERM),
 * or already holds a journal or a report of an earlier run (-EEXIST: its journal would be
 * cleanup's to finish, its report would be mixed with this one). e says which and why.
 */
int sp_report_dir_claim(const char *dir, struct sp_err *e);

/*
 * `swapplace report RUN.json --format FORMAT`: read a saved report, analyse it again and
 * render it to out in a format of the table (NULL: "text"), pages as o says (NULL: A4).
 * Returns: 0; -EINVAL with e set for an unknown format or a malformed report; -errno (e set)
 * when the file cannot be read or the format not rendered; -EIO when out fails.
 */
int sp_report_render(const char *json_path, const char *format, const struct sp_page_opts *o,
		     FILE *out, struct sp_err *e);

/*
 * The same into the file out_path, atomically: a temporary name beside it, fsync'd, renamed
 * over it (out/atomic.h); on any failure out_path is left as it was. Returns as
 * sp_report_render().
 */
int sp_report_render_file(const char *json_path, const char *format, const struct sp_page_opts *o,
			  const char *out_path, struct sp_err *e);

#endif
