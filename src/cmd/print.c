/*
 * print.c - `swapplace print RUN.json [--printer DEV] [--format text|ps|pdf]`: the report of a
 * saved run sent to a printer attached to this PC (usblp's /dev/usb/lp0 by default).
 *
 * The printer is opened first, so a missing one is said before anything is rendered; the
 * whole job is then rendered into memory and written in one go, so a renderer that fails
 * sends nothing and a printer never gets half a page of a report. Plain text (the default) is
 * the text report paginated for a printer (core/doc/textpages.h): every printer that takes bytes
 * prints it. PostScript and PDF are the paged report (render/doc_cairo.h) for printers that
 * want those.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/commands.h"
#include "cmd/fail.h"
#include "cmd/run_common.h"
#include "core/doc/reportdoc.h"
#include "core/doc/textpages.h"
#include "core/model/report.h"
#include "out/printer.h"
#include "out/report_io.h"

/* The text job: report.txt of the saved run, paginated under its run id. */
static int text_job(const char *json_path, char **job, size_t *job_len, unsigned *pages,
		    struct sp_err *e)
{
	struct sp_report *r = calloc(1, sizeof(*r));
	char id[64], *text = NULL;
	size_t len = 0;
	FILE *m;
	int ret;

	if (!r)
		return -ENOMEM;
	ret = sp_report_json_read(json_path, r, e);
	if (ret == 0) {
		sp_report_run_id(r, id, sizeof(id));
		m = open_memstream(&text, &len);
		ret = m ? sp_report_render(json_path, "text", NULL, m, e) : -errno;
		if (m && fclose(m) != 0 && !ret)
			ret = -EIO;
	}
	if (ret == 0)
		ret = sp_textpages_render(text, len, id, job, job_len, pages);
	free(text);
	free(r);
	return ret;
}

/* The PostScript or PDF job, rendered from the saved run. */
static int pages_job(const char *json_path, const char *format, const struct sp_page_opts *po,
		     char **job, size_t *job_len, struct sp_err *e)
{
	FILE *m = open_memstream(job, job_len);
	int ret;

	if (!m)
		return -errno;
	ret = sp_report_render(json_path, format, po, m, e);
	if (fclose(m) != 0 && !ret)
		ret = -EIO;
	return ret;
}

/* Are a and b the same file (the report and its printer)? */
static int same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

int sp_cmd_print(const struct sp_config *c)
{
	const char *format = c->format ? c->format : "text";
	struct sp_page_opts po;
	unsigned pages = 0;
	size_t len = 0, sent = 0;
	char *job = NULL;
	struct sp_err e;
	int fd, ret;

	sp_err_init(&e);
	if (c->printer_file && c->input && same_file(c->input, c->printer))
		return sp_fail(SP_EXIT_FAILURE, NULL,
			       "refusing to print '%s' onto itself (--printer names the report)",
			       c->input);
	fd = sp_printer_open(c->printer, c->printer_file);
	if (fd == -EPERM)
		return sp_fail(
		    SP_EXIT_FAILURE, NULL,
		    "'%s' is a regular file, not a printer: left as it is (--printer-file "
		    "writes over a regular file)",
		    c->printer);
	if (fd == -ENXIO)
		return sp_fail(SP_EXIT_FAILURE, NULL, "nothing reads the FIFO '%s'", c->printer);
	if (fd == -ENOENT)
		return sp_fail(SP_EXIT_FAILURE, NULL,
			       "no printer at '%s' (is it plugged in and on? a USB printer is "
			       "/dev/usb/lp0; --printer DEV names another)",
			       c->printer);
	if (fd == -ENODEV)
		return sp_fail(SP_EXIT_FAILURE, NULL,
			       "'%s' is not a printer (not a character device or a FIFO)",
			       c->printer);
	if (fd < 0)
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(fd), "cannot open the printer '%s'",
			       c->printer);

	run_page_opts(c, &po);
	if (!strcmp(format, "text"))
		ret = text_job(c->input, &job, &len, &pages, &e);
	else
		ret = pages_job(c->input, format, &po, &job, &len, &e);
	if (ret < 0) {
		sp_printer_close(fd);
		free(job);
		e.code = ret;
		return sp_fail(SP_EXIT_FAILURE, &e, "cannot print '%s' as %s", c->input, format);
	}
	ret = sp_printer_write(fd, job, len, &sent);
	free(job);
	if (ret == 0)
		ret = sp_printer_close(fd);
	else
		sp_printer_close(fd);
	if (ret < 0)
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret),
			       "printing on '%s' stopped after %zu of %zu bytes", c->printer, sent,
			       len);
	if (pages)
		fprintf(stderr, "swapplace: sent %zu bytes (%s, %u pages) to '%s'\n", sent, format,
			pages, c->printer);
	else
		fprintf(stderr, "swapplace: sent %zu bytes (%s) to '%s'\n", sent, format,
			c->printer);
	return SP_EXIT_OK;
}
