/*
 * report_io.c - report directories on disk, written atomically; saved reports rendered again.
 *
 * report.json and report.txt are first written completely to temporary names in the target
 * directory (same filesystem, so rename() is atomic), each flushed and fsync'd and its
 * stream's sticky error checked once; only when both are good are they renamed into place.
 * Then each rendering (HTML, PDF, CSV) the same way but on its own: a renderer that fails
 * costs only its own file, which is listed for the edge to warn about. The directory is
 * fsync'd so the names survive a crash too. On any failure the temporaries are unlinked.
 *
 * The formats are a table (name, file, writer), so `report --format`, the directory and a
 * test that makes one renderer fail all go through the same writers.
 */
#include "out/report_io.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/doc/doc_html.h"
#include "core/doc/reportdoc.h"
#include "core/findings/analysis.h"
#include "core/model/report.h"
#include "core/report/metrics_prom.h"
#include "core/report/report_csv.h"
#include "core/report/report_json.h"
#include "out/atomic.h"
#include "render/doc_cairo.h"
#include "sys/log.h"
#include "sys/sysfs.h"

static int mkdir_p(const char *dir)
{
	char path[4096], c;
	size_t n = strlen(dir);
	struct stat st;

	if (n == 0 || n >= sizeof(path))
		return -EINVAL;
	memcpy(path, dir, n + 1);
	for (char *p = path + 1;; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		c = *p;
		*p = '\0';
		if (mkdir(path, 0755) < 0 && errno != EEXIST)
			return -errno;
		*p = c;
		if (!c)
			break;
	}
	if (stat(dir, &st) < 0)
		return -errno;
	return S_ISDIR(st.st_mode) ? 0 : -ENOTDIR;
}

/* What a run's output directory must not hold already: another run's journal or report. */
static const char *const earlier[] = {"journal",    "report.json", "report.txt", "report.html",
				      "report.pdf", "report.ps",   "summary.csv"};

int sp_report_dir_claim(const char *dir, struct sp_err *e)
{
	char probe[4096];
	struct stat st;
	int ret, fd, dfd;

	sp_err_init(e);
	if (!dir)
		return sp_err_set(e, -EINVAL, NULL);
	ret = mkdir_p(dir);
	if (ret < 0)
		return sp_err_sys(e, ret, "cannot make the directory '%s'", dir);
	/* the directory itself by descriptor, not through a symbolic link */
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dfd < 0)
		return errno == ELOOP || errno == ENOTDIR
			   ? sp_err_set(e, -ENOTDIR, "'%s' is a symbolic link or not a directory",
					dir)
			   : sp_err_sys(e, -errno, "cannot open '%s'", dir);
	if (fstat(dfd, &st) < 0) {
		ret = sp_err_sys(e, -errno, "cannot look at '%s'", dir);
		close(dfd);
		return ret;
	}
	if (st.st_uid != geteuid()) {
		close(dfd);
		return sp_err_set(e, -EPERM,
				  "'%s' belongs to another user (uid %u): the run's journal and "
				  "report go into a directory of its own",
				  dir, (unsigned)st.st_uid);
	}
	for (size_t i = 0; i < sizeof(earlier) / sizeof(earlier[0]); i++) {
		if (fstatat(dfd, earlier[i], &st, AT_SYMLINK_NOFOLLOW) == 0) {
			close(dfd);
			return sp_err_set(
			    e, -EEXIST,
			    "'%s' holds an earlier run's %s already: give --out a new "
			    "directory",
			    dir, earlier[i]);
		}
	}
	close(dfd);
	if ((size_t)snprintf(probe, sizeof(probe), "%s/.swapplace-write-test.%ld", dir,
			     (long)getpid()) >= sizeof(probe))
		return sp_err_set(e, -ENAMETOOLONG, "'%s' is too long", dir);
	fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return sp_err_sys(e, -errno, "cannot create a file in '%s'", dir);
	close(fd);
	return unlink(probe) < 0 ? sp_err_sys(e, -errno, "cannot remove '%s'", probe) : 0;
}

int sp_report_dir_ready(const char *dir)
{
	struct sp_err e;

	return sp_report_dir_claim(dir, &e);
}

/* --- the formats ------------------------------------------------------------------ */

static int w_json(FILE *out, const struct sp_report_ctx *c)
{
	return sp_report_json_write(out, c->r, c->f);
}

static int w_text(FILE *out, const struct sp_report_ctx *c)
{
	return sp_report_text_write(out, c->r, c->f);
}

static int w_csv(FILE *out, const struct sp_report_ctx *c)
{
	return sp_report_csv_write(out, c->r, c->f);
}

static int w_prom(FILE *out, const struct sp_report_ctx *c)
{
	return sp_report_prom_write(out, c->r, c->f);
}

static int w_html(FILE *out, const struct sp_report_ctx *c)
{
	return c->doc ? sp_doc_write_html_paper(out, c->doc, c->pages.paper == SP_PAPER_LETTER)
		      : c->doc_err;
}

static int w_pages(FILE *out, const struct sp_report_ctx *c, enum sp_page_format fmt)
{
	/* dated by the run's start, not the clock: a report renders to the same bytes again */
	return c->doc ? sp_doc_render_pages_layout(out, fmt, c->doc, &c->pages,
						   (long long)c->r->started, NULL)
		      : c->doc_err;
}

static int w_pdf(FILE *out, const struct sp_report_ctx *c)
{
	return w_pages(out, c, SP_PAGES_PDF);
}

static int w_ps(FILE *out, const struct sp_report_ctx *c)
{
	return w_pages(out, c, SP_PAGES_PS);
}

/* clang-format off */
const struct sp_report_format sp_report_formats[] = {
	{ .name = "json", .file = "report.json", .required = 1, .write = w_json },
	{ .name = "text", .file = "report.txt", .required = 1, .write = w_text },
	{ .name = "html", .file = "report.html", .needs_doc = 1, .write = w_html },
	{ .name = "pdf", .file = "report.pdf", .needs_doc = 1, .binary = 1, .write = w_pdf },
	{ .name = "csv", .file = "summary.csv", .write = w_csv },
	{ .name = "ps", .needs_doc = 1, .binary = 1, .write = w_ps },
	/* not in a report directory: `--metrics DIR` writes it where the collector reads */
	{ .name = "prom", .write = w_prom },
};
/* clang-format on */
const size_t sp_n_report_formats = sizeof(sp_report_formats) / sizeof(sp_report_formats[0]);

const struct sp_report_format *sp_report_format_find(const char *name)
{
	for (size_t i = 0; name && i < sp_n_report_formats; i++)
		if (!strcmp(sp_report_formats[i].name, name))
			return &sp_report_formats[i];
	return NULL;
}

/* The document the printable formats share, built once; ctx->doc NULL when it failed. */
static void ctx_doc(struct sp_report_ctx *c, struct sp_doc *doc)
{
	sp_doc_init(doc);
	c->doc_err = sp_report_doc_build(doc, c->r, c->f);
	c->doc = c->doc_err ? NULL : doc;
}

static void ctx_pages(struct sp_report_ctx *c, const struct sp_page_opts *o)
{
	c->pages.paper = o ? o->paper : SP_PAPER_A4;
	c->pages.duplex = o ? o->duplex : 0;
}

/* A format's writer as out/atomic.h's fill. */
struct fill_arg {
	sp_report_writer fn;
	const struct sp_report_ctx *c;
};

static int fill_format(FILE *out, void *arg)
{
	const struct fill_arg *a = arg;

	return a->fn(out, a->c);
}

static int write_tmp(const char *dir, const struct sp_report_format *fmt,
		     const struct sp_report_ctx *c, char *tmp, size_t tmplen)
{
	struct fill_arg a = {.fn = fmt->write, .c = c};

	return sp_atomic_tmp(dir, fmt->file, fill_format, &a, tmp, tmplen, NULL);
}

static int path_in(char *buf, size_t len, const char *dir, const char *file)
{
	return (size_t)snprintf(buf, len, "%s/%s", dir, file) >= len ? -ENAMETOOLONG : 0;
}

/* json and text: both written, then both renamed, or neither is left. */
static int write_required(const char *dir, const struct sp_report_format *fmts, size_t n,
			  const struct sp_report_ctx *c)
{
	char tmp[2][4096], fin[4096];
	size_t done = 0, idx[2];
	int ret = 0;

	for (size_t i = 0; i < n; i++)
		if (fmts[i].required && fmts[i].file) {
			if (done == 2)
				return -EINVAL;
			idx[done++] = i;
		}
	for (size_t k = 0; k < done && !ret; k++) {
		ret = write_tmp(dir, &fmts[idx[k]], c, tmp[k], sizeof(tmp[k]));
		if (ret)
			for (size_t j = 0; j < k; j++)
				unlink(tmp[j]);
	}
	if (ret)
		return ret;
	for (size_t k = 0; k < done; k++) {
		ret = path_in(fin, sizeof(fin), dir, fmts[idx[k]].file);
		if (!ret && rename(tmp[k], fin) < 0)
			ret = -errno;
		if (ret) {
			for (size_t j = k; j < done; j++)
				unlink(tmp[j]);
			return ret;
		}
	}
	return 0;
}

/* One rendering on its own: written and renamed, or removed (an older one too) and listed. */
static void write_optional(const char *dir, const struct sp_report_format *fmt,
			   const struct sp_report_ctx *c, struct sp_report_failed *failed)
{
	char tmp[4096], fin[4096];
	int ret = path_in(fin, sizeof(fin), dir, fmt->file);

	if (!ret)
		ret = write_tmp(dir, fmt, c, tmp, sizeof(tmp));
	if (!ret && rename(tmp, fin) < 0) {
		ret = -errno;
		unlink(tmp);
	}
	if (!ret)
		return;
	/* a report.pdf of an earlier write would contradict the new report.json */
	unlink(fin);
	if (failed && failed->n < SP_REPORT_MAX_FAILED) {
		failed->f[failed->n].name = fmt->name;
		failed->f[failed->n].file = fmt->file;
		failed->f[failed->n].err = ret;
		failed->n++;
	}
}

int sp_report_write_dir_with(const char *dir, const struct sp_report *r,
			     const struct sp_page_opts *o, const struct sp_report_format *fmts,
			     size_t n, struct sp_report_failed *failed)
{
	struct sp_report_ctx c = {.r = r};
	struct sp_findings *f;
	struct sp_doc doc;
	int ret, need_doc = 0;

	if (failed)
		failed->n = 0;
	if (!dir || !r || (!fmts && n))
		return -EINVAL;
	ret = mkdir_p(dir);
	if (ret < 0)
		return ret;
	/* the findings hold fixed arrays: keep them off the stack like the report */
	f = calloc(1, sizeof(*f));
	if (!f)
		return -ENOMEM;
	ret = sp_analyse(r, f);
	if (ret < 0)
		goto out;
	c.f = f;
	ctx_pages(&c, o);
	ret = write_required(dir, fmts, n, &c);
	if (ret < 0)
		goto out;
	for (size_t i = 0; i < n; i++)
		need_doc |= !fmts[i].required && fmts[i].file && fmts[i].needs_doc;
	if (need_doc)
		ctx_doc(&c, &doc);
	for (size_t i = 0; i < n; i++)
		if (!fmts[i].required && fmts[i].file)
			write_optional(dir, &fmts[i], &c, failed);
	if (need_doc)
		sp_doc_release(&doc);
	/* best effort: every file is already synced; this keeps the renames */
	(void)sp_fsync_dir(dir);
out:
	free(f);
	return ret;
}

int sp_report_write_dir_opts(const char *dir, const struct sp_report *r,
			     const struct sp_page_opts *o, struct sp_report_failed *failed)
{
	return sp_report_write_dir_with(dir, r, o, sp_report_formats, sp_n_report_formats, failed);
}

int sp_report_write_dir(const char *dir, const struct sp_report *r)
{
	return sp_report_write_dir_opts(dir, r, NULL, NULL);
}

/* The file half of the reader; parsing is sp_report_json_parse() in the pure core. */
int sp_report_json_read(const char *path, struct sp_report *r, struct sp_err *e)
{
	char *buf = NULL;
	size_t cap = 0, len = 0;
	FILE *in;
	int ret;

	sp_err_init(e);
	if (!path || !r)
		return sp_err_set(e, -EINVAL, NULL);
	in = fopen(path, "r");
	if (!in)
		return sp_err_sys(e, -errno, "cannot open '%s'", path);
	for (;;) {
		size_t n;

		if (len + 65536 > cap) {
			char *nb = realloc(buf, cap + 65536 * 4);

			if (!nb) {
				free(buf);
				fclose(in);
				return sp_err_set(e, -ENOMEM, NULL);
			}
			buf = nb;
			cap += 65536 * 4;
		}
		n = fread(buf + len, 1, cap - len, in);
		len += n;
		if (n == 0)
			break;
	}
	if (ferror(in)) {
		free(buf);
		fclose(in);
		return sp_err_set(e, -EIO, "cannot read '%s'", path);
	}
	fclose(in);
	/* the parser says why in e */
	ret = sp_report_json_parse(buf, len, r, e);
	free(buf);
	return ret;
}

/* Read json_path and render it with fmt's writer to out (a stream or a temporary file). */
static int render_with(const char *json_path, const struct sp_report_format *fmt,
		       const struct sp_page_opts *o, FILE *out, struct sp_err *e)
{
	struct sp_report_ctx c = {0};
	struct sp_findings *f = NULL;
	struct sp_report *r;
	struct sp_doc doc;
	int ret;

	/* a report is ~160 KiB of fixed arrays: keep it off the stack */
	r = calloc(1, sizeof(*r));
	f = calloc(1, sizeof(*f));
	if (!r || !f) {
		ret = sp_err_set(e, -ENOMEM, NULL);
		goto out;
	}
	ret = sp_report_json_read(json_path, r, e);
	if (ret == 0) {
		ret = sp_analyse(r, f);
		if (ret < 0)
			sp_err_set(e, ret, NULL);
	}
	if (ret == 0) {
		c.r = r;
		c.f = f;
		ctx_pages(&c, o);
		if (fmt->needs_doc)
			ctx_doc(&c, &doc);
		ret = fmt->write(out, &c);
		if (fmt->needs_doc)
			sp_doc_release(&doc);
		if (ret == 0 && (fflush(out) != 0 || ferror(out)))
			ret = -EIO;
		if (ret < 0)
			sp_err_sys(e, ret, "cannot write the report as %s", fmt->name);
	}
out:
	free(r);
	free(f);
	return ret;
}

static const struct sp_report_format *format_or_err(const char *format, struct sp_err *e)
{
	const struct sp_report_format *fmt = sp_report_format_find(format ? format : "text");

	if (!fmt)
		sp_err_set(e, -EINVAL,
			   "unknown format '%s' (expected text, json, html, pdf, ps, csv or prom)",
			   format);
	return fmt;
}

int sp_report_render(const char *json_path, const char *format, const struct sp_page_opts *o,
		     FILE *out, struct sp_err *e)
{
	const struct sp_report_format *fmt;

	sp_err_init(e);
	fmt = format_or_err(format, e);
	if (!fmt)
		return -EINVAL;
	return render_with(json_path, fmt, o, out, e);
}

/* render_with() as out/atomic.h's fill */
struct render_arg {
	const char *json_path;
	const struct sp_report_format *fmt;
	const struct sp_page_opts *o;
	struct sp_err *e;
};

static int fill_render(FILE *out, void *arg)
{
	const struct render_arg *a = arg;

	return render_with(a->json_path, a->fmt, a->o, out, a->e);
}

int sp_report_render_file(const char *json_path, const char *format, const struct sp_page_opts *o,
			  const char *out_path, struct sp_err *e)
{
	struct render_arg a = {.json_path = json_path, .o = o, .e = e};

	sp_err_init(e);
	a.fmt = format_or_err(format, e);
	if (!a.fmt)
		return -EINVAL;
	return sp_atomic_write(out_path, fill_render, &a, e);
}
