/*
 * report_csv.c - summary.csv (see report_csv.h).
 * PLACEHOLDER: placement and status only; the full summary replaces it.
 */
#include <errno.h>
#include <stdio.h>

#include "core/report_csv.h"

int sp_report_csv_write(FILE *out, const struct sp_report *r, const struct sp_findings *f)
{
	(void)f;
	if (!out || !r)
		return -EINVAL;
	fputs("placement,status\r\n", out);
	for (size_t i = 0; i < r->n_results; i++)
		fprintf(out, "%s,%s\r\n", r->results[i].placement, sp_status_name(r->results[i].status));
	return ferror(out) ? -EIO : 0;
}
