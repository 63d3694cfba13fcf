/*
 * fuzz-compare.c - `swapplace compare A.json B.json ...`: two to four reports side by side
 * (core/doc/compare.c), each read by the report reader, then the comparison's document (text and
 * HTML) and its CSV.
 *
 * The input is the reports separated by form feeds ('\f' is never inside JSON text: not
 * whitespace, and raw in no string). Invariants: any reports the reader accepts compare
 * without a crash, an undefined operation or a leak, and every renderer takes the result.
 */
#include <errno.h>

#include "core/doc/compare_doc.h"
#include "core/doc/doc.h"
#include "core/doc/doc_html.h"
#include "core/doc/doc_text.h"
#include "core/findings/compare.h"
#include "core/model/report.h"
#include "core/report/compare_csv.h"
#include "core/report/report_json.h"
#include "fuzz.h"

#define MAX_RUNS 4

static FILE *devnull;
static struct sp_report *r[MAX_RUNS];
static struct sp_compare *cmp;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	devnull = fopen("/dev/null", "w");
	cmp = calloc(1, sizeof(*cmp));
	for (size_t k = 0; k < MAX_RUNS; k++)
		if (!(r[k] = calloc(1, sizeof(*r[k]))))
			abort();
	if (!devnull || !cmp)
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct sp_report *runs[MAX_RUNS];
	const uint8_t *at = data, *end = data + size;
	struct sp_err pe;
	struct sp_doc d;
	size_t n = 0;
	int ret;

	while (n < MAX_RUNS && at <= end) {
		const uint8_t *ff = memchr(at, '\f', (size_t)(end - at));
		size_t len = (size_t)((ff ? ff : end) - at);
		char *text = malloc(len ? len : 1);

		if (!text)
			abort();
		memcpy(text, at, len);
		ret = sp_report_json_parse(text, len, r[n], &pe);
		free(text);
		if (ret < 0)
			return 0; /* compare refuses the lot: nothing more to exercise */
		runs[n] = r[n];
		n++;
		if (!ff)
			break;
		at = ff + 1;
	}
	if (n < 2)
		return 0;
	memset(cmp, 0, sizeof(*cmp));
	ret = sp_compare_build(cmp, runs, n);
	FUZZ_CHECK(ret == 0 || ret == -EINVAL || ret == -ENOMEM, "compare: %d", ret);
	if (ret == 0) {
		sp_compare_csv_write(devnull, cmp);
		sp_doc_init(&d);
		if (sp_compare_doc_build(&d, cmp) == 0) {
			sp_doc_write_text(devnull, &d, SP_DOC_TEXT_COLUMNS);
			sp_doc_write_html(devnull, &d);
		}
		sp_doc_release(&d);
	}
	sp_compare_release(cmp);
	return 0;
}
