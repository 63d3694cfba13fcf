/*
 * report.c - small helpers of the report data model (init, append, status names).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/report.h"

static const char *const status_names[] = {
	[SP_STATUS_OK] = "ok",
	[SP_STATUS_FAILED] = "failed",
	[SP_STATUS_INVALID] = "invalid",
	[SP_STATUS_SKIPPED] = "skipped",
};

const char *sp_status_name(enum sp_status s)
{
	if ((unsigned)s >= sizeof(status_names) / sizeof(status_names[0]))
		return "failed";
	return status_names[s];
}

int sp_status_parse(const char *s, enum sp_status *out)
{
	for (size_t i = 0; i < sizeof(status_names) / sizeof(status_names[0]); i++) {
		if (strcmp(s, status_names[i]) == 0) {
			*out = (enum sp_status)i;
			return 0;
		}
	}
	return -EINVAL;
}

void sp_report_init(struct sp_report *r, const char *command)
{
	memset(r, 0, sizeof(*r));
	snprintf(r->schema, sizeof(r->schema), "%s", SP_SCHEMA);
	snprintf(r->tool_version, sizeof(r->tool_version), "%s", SP_VERSION);
	snprintf(r->command, sizeof(r->command), "%s", command);
}

struct sp_result *sp_report_add_result(struct sp_report *r, const char *placement)
{
	struct sp_result *res;

	if (r->n_results >= SP_MAX_RESULTS)
		return NULL;
	res = &r->results[r->n_results++];
	memset(res, 0, sizeof(*res));
	snprintf(res->placement, sizeof(res->placement), "%s", placement);
	return res;
}
