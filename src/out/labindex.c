/*
 * labindex.c - reports/index.html on the stick (see labindex.h).
 *
 * The page is a document (core/doc/doc.h) written by the HTML backend (core/doc/doc_html.h), so it
 * looks like every other report; the doc model has no link, so the links to each run's files
 * are one small table of anchors spliced in before </body> (the least invasive way: the model
 * and its backends stay as they are). Reports are large: the runs are read once for the list
 * (one report buffer reused), then only the most recent SP_COMPARE_MAX_RUNS again for the
 * comparison.
 */
#include "out/labindex.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/config/textfmt.h"
#include "core/doc/compare_doc.h"
#include "core/doc/doc.h"
#include "core/doc/doc_html.h"
#include "core/findings/analysis.h"
#include "core/findings/compare.h"
#include "core/findings/verdict.h"
#include "out/atomic.h"
#include "out/report_io.h"

#define FILES 4
static const char *const files[FILES] = {"report.html", "report.pdf", "report.txt", "report.json"};

struct run {
	char dir[256]; /* the folder's name in reports_dir */
	int ok;	       /* report.json parsed */
	char why[256]; /* why not */
	time_t started;
	char date[40];
	char machine[260]; /* DMI vendor, model and serial */
	char kind[260];	   /* the machine's model: DMI vendor and product, as the report has them */
	char serial[64];   /* its DMI serial, "" when the report has none */
	char fastest[96];  /* the fastest swap-in: placement and median, "" when none measured */
	char build[96];	   /* the fastest build job: placement and wall time, "" when none ran */
	char disk[240];
	char verdict[512];
	int has[FILES];
};

static int by_date(const void *a, const void *b)
{
	const struct run *x = a, *y = b;

	if (x->ok != y->ok)
		return x->ok ? -1 : 1; /* the unreadable ones last */
	if (x->started != y->started)
		return x->started < y->started ? -1 : 1;
	return strcmp(x->dir, y->dir);
}

static void summarise(struct run *u, const struct sp_report *r, struct sp_findings *f)
{
	const struct sp_machine *m = &r->machine;
	struct tm tm;

	u->started = r->started;
	if (r->started > 0 && gmtime_r(&r->started, &tm))
		strftime(u->date, sizeof(u->date), "%Y-%m-%d %H:%M UTC", &tm);
	else
		snprintf(u->date, sizeof(u->date), "unknown date");
	snprintf(u->machine, sizeof(u->machine), "%s%s%s", m->dmi_vendor[0] ? m->dmi_vendor : "",
		 m->dmi_vendor[0] && m->dmi_model[0] ? " " : "",
		 m->dmi_model[0]    ? m->dmi_model
		 : m->dmi_vendor[0] ? ""
				    : "unknown machine");
	snprintf(u->kind, sizeof(u->kind), "%s", u->machine);
	snprintf(u->serial, sizeof(u->serial), "%s", m->dmi_serial);
	snprintf(u->disk, sizeof(u->disk), "%s", r->target[0] ? r->target : "no target disk");
	for (size_t i = 0; i < r->n_devices && i < SP_MAX_DEVICES; i++) {
		const struct sp_device_info *d = &r->devices[i];

		if (!r->target[0] || strcmp(d->path, r->target))
			continue;
		snprintf(u->disk, sizeof(u->disk), "%s%s%s%s", d->model[0] ? d->model : d->path,
			 d->serial[0] ? " (serial " : "", d->serial, d->serial[0] ? ")" : "");
		break;
	}
	u->verdict[0] = u->fastest[0] = u->build[0] = '\0';
	if (sp_analyse(r, f) == 0) {
		char us[16];

		if (f->n_verdict > 0)
			sp_verdict_sentence(r, f, f->verdict[0], u->verdict, sizeof(u->verdict));
		if (f->best >= 0)
			snprintf(u->fastest, sizeof(u->fastest), "%s, %s us",
				 r->results[f->best].placement,
				 sp_fmt_us(us, r->results[f->best].fault_probe.lat.p50_us));
		if (f->has_build && f->build.n > 0)
			snprintf(u->build, sizeof(u->build), "%s, %.1f s",
				 f->build.rows[0].placement, f->build.rows[0].wall_s);
	}
	if (!u->verdict[0])
		snprintf(u->verdict, sizeof(u->verdict), "no verdict");
}

static int path_of(char *buf, size_t len, const char *dir, const char *sub, const char *file)
{
	if ((size_t)snprintf(buf, len, "%s/%s/%s", dir, sub, file) >= len)
		return -ENAMETOOLONG;
	return 0;
}

/* Every folder with a report.json, summarised; runs is grown as needed. */
static int scan(const char *dir, struct run **runs, size_t *n)
{
	struct sp_report *r = malloc(sizeof(*r));
	struct sp_findings *f = malloc(sizeof(*f));
	size_t cap = 0;
	struct dirent *de;
	char path[4096];
	struct stat st;
	DIR *d;
	int ret = 0;

	*runs = NULL, *n = 0;
	if (!r || !f) {
		free(r);
		free(f);
		return -ENOMEM;
	}
	d = opendir(dir);
	if (!d) {
		ret = -errno;
		goto out;
	}
	while ((de = readdir(d))) {
		struct sp_err je;
		struct run *u;

		if (de->d_name[0] == '.' || strlen(de->d_name) >= sizeof(u->dir))
			continue;
		if (path_of(path, sizeof(path), dir, de->d_name, "report.json") < 0 ||
		    stat(path, &st) < 0 || !S_ISREG(st.st_mode))
			continue; /* a refused run has no report.json: nothing to list */
		if (*n == cap) {
			size_t nc = cap ? cap * 2 : 16;
			struct run *nr = realloc(*runs, nc * sizeof(*nr));

			if (!nr) {
				ret = -ENOMEM;
				break;
			}
			*runs = nr, cap = nc;
		}
		u = &(*runs)[(*n)++];
		memset(u, 0, sizeof(*u));
		snprintf(u->dir, sizeof(u->dir), "%s", de->d_name);
		u->ok = sp_report_json_read(path, r, &je) == 0;
		snprintf(u->why, sizeof(u->why), "%.*s", (int)sizeof(u->why) - 1, je.reason);
		if (u->ok) {
			const char *serial = r->machine.dmi_serial; /* "" before the key */

			summarise(u, r, f);
			if (serial[0])
				snprintf(u->machine + strlen(u->machine),
					 sizeof(u->machine) - strlen(u->machine), " (serial %s)",
					 serial);
		} else if (!u->why[0])
			snprintf(u->why, sizeof(u->why), "cannot be read");
		for (int k = 0; k < FILES; k++)
			u->has[k] = path_of(path, sizeof(path), dir, de->d_name, files[k]) == 0 &&
				    stat(path, &st) == 0 && S_ISREG(st.st_mode);
	}
	closedir(d);
out:
	free(r);
	free(f);
	if (ret < 0) {
		free(*runs);
		*runs = NULL, *n = 0;
	}
	return ret;
}

static void runs_section(struct sp_doc *d, const struct run *runs, size_t n, size_t n_ok)
{
	static const char *const heads[] = {"#",	   "date",    "machine",
					    "target disk", "verdict", "folder"};
	struct sp_doc_table *t;

	sp_doc_add_text(d, SP_DOC_SECTION, "Runs on this stick");
	sp_doc_add_text(d, SP_DOC_PARA,
			"Every run saved in reports/ on this stick, oldest first, with the "
			"first sentence of its verdict. The links to each run's report are at "
			"the end of this page.");
	if (!n_ok)
		sp_doc_add_text(d, SP_DOC_PARA, "No readable report yet.");
	t = n_ok ? sp_doc_add_table(d, NULL, 6, heads, "rlllll") : NULL;
	for (size_t i = 0; i < n && t; i++) {
		const struct run *u = &runs[i];
		int row;

		if (!u->ok)
			continue;
		row = sp_doc_row_add(t);
		sp_doc_cell(t, row, 0, SP_DOC_MARK_NONE, "%zu", i + 1);
		sp_doc_cell(t, row, 1, SP_DOC_MARK_NONE, "%s", u->date);
		sp_doc_cell(t, row, 2, SP_DOC_MARK_NONE, "%s", u->machine);
		sp_doc_cell(t, row, 3, SP_DOC_MARK_NONE, "%s", u->disk);
		sp_doc_cell(t, row, 4, SP_DOC_MARK_NONE, "%s", u->verdict);
		sp_doc_cell(t, row, 5, SP_DOC_MARK_NONE, "%s", u->dir);
	}
	if (n_ok == n)
		return;
	sp_doc_add_text(d, SP_DOC_HEADING, "Unreadable");
	sp_doc_add_text(d, SP_DOC_PARA,
			"These folders hold a report.json that is not a readable swapplace "
			"report; they are left out of the list and the comparison:");
	for (size_t i = 0; i < n; i++)
		if (!runs[i].ok)
			sp_doc_add_text(d, SP_DOC_BULLET, "%s/report.json: %s", runs[i].dir,
					runs[i].why);
}

/* by machine model, then oldest first; "unknown machine" (no DMI) after every named one */
static int by_kind(const void *a, const void *b)
{
	const struct run *x = *(const struct run *const *)a, *y = *(const struct run *const *)b;
	int ux = !strcmp(x->kind, "unknown machine"), uy = !strcmp(y->kind, "unknown machine");
	int c = ux != uy ? ux - uy : strcmp(x->kind, y->kind);

	return c ? c : by_date(x, y);
}

/*
 * The readable runs grouped by machine model (DMI vendor and product): one heading per model
 * and a table of its runs side by side, each with its number in the list above, its serial,
 * its fastest swap-in and build job and its verdict, so a lab sees every machine of one kind
 * together.
 */
static int models_section(struct sp_doc *d, const struct run *runs, size_t n_ok)
{
	static const char *const heads[] = {
	    "#", "date", "serial", "target disk", "fastest swap-in", "fastest build", "verdict"};
	const struct run **by = calloc(n_ok ? n_ok : 1, sizeof(*by));
	size_t n_models = 0;

	if (!by)
		return -ENOMEM;
	for (size_t i = 0; i < n_ok; i++)
		by[i] = &runs[i]; /* the readable runs sort first */
	qsort(by, n_ok, sizeof(*by), by_kind);
	for (size_t i = 0; i < n_ok; i++)
		n_models += !i || strcmp(by[i]->kind, by[i - 1]->kind);
	sp_doc_add_text(d, SP_DOC_SECTION, "Runs by machine model");
	sp_doc_add_text(d, SP_DOC_PARA,
			"The runs above grouped by the machine's model, as its firmware names it "
			"(DMI vendor and product): %zu %s. Each machine is told apart by its "
			"serial; # is the run's number in the list above.",
			n_models, sp_plural(n_models, "model", "models"));
	if (!n_ok)
		sp_doc_add_text(d, SP_DOC_PARA, "No readable report yet.");
	for (size_t i = 0, first = 0; i < n_ok; i = first) {
		struct sp_doc_table *t;

		while (first < n_ok && !strcmp(by[first]->kind, by[i]->kind))
			first++;
		sp_doc_add_text(d, SP_DOC_HEADING, "%s: %zu %s", by[i]->kind, first - i,
				sp_plural(first - i, "run", "runs"));
		t = sp_doc_add_table(d, NULL, 7, heads, "rllllll");
		for (size_t k = i; k < first && t; k++) {
			const struct run *u = by[k];
			int row = sp_doc_row_add(t);

			sp_doc_cell(t, row, 0, SP_DOC_MARK_NONE, "%zu", (size_t)(u - runs) + 1);
			sp_doc_cell(t, row, 1, SP_DOC_MARK_NONE, "%s", u->date);
			sp_doc_cell(t, row, 2, SP_DOC_MARK_NONE, "%s",
				    u->serial[0] ? u->serial : "-");
			sp_doc_cell(t, row, 3, SP_DOC_MARK_NONE, "%s", u->disk);
			sp_doc_cell(t, row, 4, SP_DOC_MARK_NONE, "%s",
				    u->fastest[0] ? u->fastest : "-");
			sp_doc_cell(t, row, 5, SP_DOC_MARK_NONE, "%s",
				    u->build[0] ? u->build : "-");
			sp_doc_cell(t, row, 6, SP_DOC_MARK_NONE, "%s", u->verdict);
		}
	}
	free(by);
	return 0;
}

/* The comparison of the most recent readable runs (they sort first, oldest first). */
static int compare_section(struct sp_doc *d, const char *dir, const struct run *runs, size_t n_ok,
			   size_t *n_compared)
{
	struct sp_report *r[SP_COMPARE_MAX_RUNS] = {0};
	const struct sp_report *rc[SP_COMPARE_MAX_RUNS];
	size_t first = n_ok > SP_COMPARE_MAX_RUNS ? n_ok - SP_COMPARE_MAX_RUNS : 0, m = 0;
	struct sp_compare *cmp = NULL;
	char path[4096];
	int ret = 0;

	*n_compared = 0;
	if (n_ok < 2) {
		sp_doc_add_text(d, SP_DOC_SECTION, "Comparison");
		return sp_doc_add_text(d, SP_DOC_PARA,
				       "A comparison needs two runs; this stick holds %zu so far.",
				       n_ok);
	}
	for (size_t i = first; i < n_ok && !ret; i++) {
		r[m] = malloc(sizeof(*r[m]));
		if (!r[m]) {
			ret = -ENOMEM;
			break;
		}
		ret = path_of(path, sizeof(path), dir, runs[i].dir, "report.json");
		if (!ret && sp_report_json_read(path, r[m], NULL) < 0) {
			/* changed under us since the scan: compare the rest */
			free(r[m]);
			r[m] = NULL;
			continue;
		}
		rc[m] = r[m];
		m++;
	}
	if (!ret && m >= 2) {
		cmp = malloc(sizeof(*cmp));
		ret = cmp ? sp_compare_build(cmp, rc, m) : -ENOMEM;
		if (!ret && first)
			ret = sp_doc_add_text(d, SP_DOC_PARA,
					      "The comparison below holds the %zu most recent "
					      "runs; run 1 is the oldest of them.",
					      m);
		if (!ret)
			ret = sp_compare_doc_add(d, cmp);
		if (!ret)
			*n_compared = m;
		if (cmp)
			sp_compare_release(cmp);
		free(cmp);
	}
	for (size_t k = 0; k < SP_COMPARE_MAX_RUNS; k++)
		free(r[k]);
	return ret;
}

static void html_esc(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '&':
			fputs("&amp;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		default:
			fputc(*s, out);
		}
	}
}

/* a folder name as a relative URL path segment */
static void url_seg(FILE *out, const char *s)
{
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    (ch >= '0' && ch <= '9') || strchr("-._~", ch))
			fputc(ch, out);
		else
			fprintf(out, "%%%02X", ch);
	}
}

static void links(FILE *out, const struct run *runs, size_t n)
{
	fputs("<section class=\"links\">\n<h2>Open a report</h2>\n<table class=\"links\">\n"
	      "<tr><th>#</th><th>date</th><th>machine</th><th>folder</th><th>files</th></tr>\n",
	      out);
	for (size_t i = 0; i < n; i++) {
		const struct run *u = &runs[i];

		fprintf(out, "<tr><td>%zu</td><td>", i + 1);
		html_esc(out, u->ok ? u->date : "unreadable");
		fputs("</td><td>", out);
		html_esc(out, u->ok ? u->machine : "");
		fputs("</td><td>", out);
		html_esc(out, u->dir);
		fputs("</td><td>", out);
		for (int k = 0; k < FILES; k++) {
			if (!u->has[k])
				continue;
			fputs("<a href=\"", out);
			url_seg(out, u->dir);
			fprintf(out, "/%s\">%s</a> ", files[k], files[k]);
		}
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n</section>\n", out);
}

/* The doc as HTML with the links table before </body> (at the end when there is none). */
static int write_page(FILE *out, const struct sp_doc *d, const struct run *runs, size_t n)
{
	char *buf = NULL, *body = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	int ret;

	if (!mem)
		return -errno;
	ret = sp_doc_write_html(mem, d);
	if (fclose(mem) != 0 && !ret)
		ret = -EIO;
	if (ret < 0) {
		free(buf);
		return ret;
	}
	for (char *p = buf; (p = strchr(p, '<')); p++)
		if (!strncasecmp(p, "</body", 6))
			body = p; /* the last one */
	fwrite(buf, 1, body ? (size_t)(body - buf) : len, out);
	links(out, runs, n);
	if (body)
		fwrite(body, 1, len - (size_t)(body - buf), out);
	free(buf);
	return ferror(out) ? -EIO : 0;
}

static int build_doc(struct sp_doc *d, const char *dir, const struct run *runs, size_t n,
		     size_t n_ok, size_t *n_compared)
{
	char sub[160];
	int ret;

	if (n_ok)
		snprintf(sub, sizeof(sub), "%zu %s on this stick, the latest %s", n_ok,
			 n_ok == 1 ? "run" : "runs", runs[n_ok - 1].date);
	else
		snprintf(sub, sizeof(sub), "no readable run on this stick yet");
	sp_doc_set_titles(d, "swapplace lab index", sub, "swapplace lab index");
	runs_section(d, runs, n, n_ok);
	ret = models_section(d, runs, n_ok);
	if (!ret)
		ret = compare_section(d, dir, runs, n_ok, n_compared);
	return ret < 0 ? ret : sp_doc_err(d); /* the doc's first failure, checked once */
}

/* write_page() as out/atomic.h's fill */
struct page_arg {
	const struct sp_doc *d;
	const struct run *runs;
	size_t n;
};

static int fill_page(FILE *out, void *arg)
{
	const struct page_arg *a = arg;

	return write_page(out, a->d, a->runs, a->n);
}

int sp_lab_index_write(const char *reports_dir, struct sp_lab_index_stats *st)
{
	struct sp_lab_index_stats own;
	struct run *runs = NULL;
	struct sp_doc d;
	size_t n = 0, n_ok = 0;
	struct stat sb;
	int ret;

	if (!st)
		st = &own;
	memset(st, 0, sizeof(*st));
	if (!reports_dir)
		return -EINVAL;
	if (stat(reports_dir, &sb) < 0)
		return -errno;
	if (!S_ISDIR(sb.st_mode))
		return -ENOTDIR;
	ret = scan(reports_dir, &runs, &n);
	if (ret < 0)
		return ret;
	if (n)
		qsort(runs, n, sizeof(*runs), by_date);
	for (size_t i = 0; i < n; i++)
		n_ok += (size_t)runs[i].ok;
	sp_doc_init(&d);
	ret = build_doc(&d, reports_dir, runs, n, n_ok, &st->n_compared);
	if (!ret) {
		struct page_arg a = {.d = &d, .runs = runs, .n = n};
		char dst[4096];

		if ((size_t)snprintf(dst, sizeof(dst), "%s/index.html", reports_dir) >= sizeof(dst))
			ret = -ENAMETOOLONG;
		else
			ret = sp_atomic_write(dst, fill_page, &a, NULL);
	}
	sp_doc_release(&d);
	free(runs);
	st->n_runs = n_ok;
	st->n_unreadable = n - n_ok;
	return ret;
}
