/*
 * fuzz-report-json.c - the reader behind `report`, `print` and `compare`: report.json text in
 * (core/report/json_read.c and its schema tables, core/report/report_schema.c), then everything a
 * saved report goes through when it is rendered again: the analysis, the JSON and text writers, the
 * CSV summary, swapplace.prom (its label values from any bytes), and the document (text and HTML)
 * the printable formats are painted from.
 *
 * Invariants: the reader returns 0 or -EINVAL with a message, never reads outside the input
 * (ASan: the input is not NUL-terminated, as the edge's buffer is not); a report it accepts
 * writes, reads back, and writes again to the same bytes; every renderer takes it without a
 * crash or an undefined operation (UBSan: a huge or NaN number cast to an integer).
 */
#include <errno.h>

#include "core/doc/doc.h"
#include "core/doc/doc_html.h"
#include "core/doc/doc_text.h"
#include "core/doc/reportdoc.h"
#include "core/findings/analysis.h"
#include "core/model/report.h"
#include "core/report/metrics_prom.h"
#include "core/report/report_csv.h"
#include "core/report/report_json.h"
#include "fuzz.h"

static FILE *devnull;
static struct sp_report *r, *back;
static struct sp_findings *f;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	devnull = fopen("/dev/null", "w");
	r = calloc(1, sizeof(*r));
	back = calloc(1, sizeof(*back));
	f = calloc(1, sizeof(*f));
	if (!devnull || !r || !back || !f)
		abort();
	return 0;
}

/* r as JSON in a heap buffer (free it); NULL when the writer failed */
static char *json_of(const struct sp_report *rep, size_t *len)
{
	char *buf = NULL;
	FILE *m = open_memstream(&buf, len);
	int ret;

	if (!m)
		abort();
	ret = sp_report_json_write(m, rep, NULL);
	if (fclose(m) != 0 || ret < 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* an exact-size copy: a read one byte past the text is an ASan report */
	char *text = malloc(size ? size : 1), *j1, *j2;
	struct sp_err pe;
	struct sp_doc d;
	size_t l1, l2;
	int ret;

	if (!text)
		abort();
	memcpy(text, data, size);
	memset(&pe, 0x55, sizeof(pe));
	ret = sp_report_json_parse(text, size, r, &pe);
	FUZZ_CHECK(ret == 0 || ret == -EINVAL, "parse returned %d", ret);
	FUZZ_CHECK(fuzz_terminated(pe.reason, sizeof(pe.reason)), "message not terminated");
	free(text);
	if (ret < 0) {
		FUZZ_CHECK(pe.reason[0], "refused without a message");
		return 0;
	}

	j1 = json_of(r, &l1);
	FUZZ_CHECK(j1, "an accepted report does not write");
	ret = sp_report_json_parse(j1, l1, back, &pe);
	FUZZ_CHECK(ret == 0, "a report written from an accepted one is refused: %s\n%s", pe.reason,
		   j1);
	j2 = json_of(back, &l2);
	FUZZ_CHECK(j2 && l1 == l2 && !memcmp(j1, j2, l1),
		   "write -> read -> write differs:\n%s\n----\n%s", j1, j2 ? j2 : "(null)");
	free(j1);
	free(j2);

	ret = sp_analyse(r, f);
	FUZZ_CHECK(ret == 0, "analysis of an accepted report: %d", ret);
	sp_report_text_write(devnull, r, f);
	sp_report_csv_write(devnull, r, f);
	sp_report_prom_write(devnull, r, f);
	sp_doc_init(&d);
	if (sp_report_doc_build(&d, r, f) == 0) {
		sp_doc_write_text(devnull, &d, SP_DOC_TEXT_COLUMNS);
		sp_doc_write_html(devnull, &d);
	}
	sp_doc_release(&d);
	return 0;
}
