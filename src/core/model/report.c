/*
 * report.c - small helpers of the report data model (init, append, status and kind names).
 */
#include "core/model/report.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

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

static const char *const dmi_serial_names[] = {
    [SP_DMI_SERIAL_READ] = "read",
    [SP_DMI_SERIAL_NOT_REPORTED] = "not_reported",
    [SP_DMI_SERIAL_ROOT_ONLY] = "root_only",
    [SP_DMI_SERIAL_UNREADABLE] = "unreadable",
};

const char *sp_dmi_serial_state_name(int state)
{
	if ((unsigned)state >= sizeof(dmi_serial_names) / sizeof(dmi_serial_names[0]))
		return "unreadable";
	return dmi_serial_names[state];
}

int sp_dmi_serial_state_parse(const char *s, int *state)
{
	for (size_t i = 0; i < sizeof(dmi_serial_names) / sizeof(dmi_serial_names[0]); i++) {
		if (strcmp(s, dmi_serial_names[i]) == 0) {
			*state = (int)i;
			return 0;
		}
	}
	return -EINVAL;
}

int sp_dmi_serial_state_of(long got, int as_root)
{
	if (got > 0)
		return SP_DMI_SERIAL_READ;
	/* no file: no DMI tables (most VMs without SMBIOS, ARM boards); empty: none written */
	if (got == 0 || got == -ENOENT || got == -ENOTDIR)
		return SP_DMI_SERIAL_NOT_REPORTED;
	/* the file is mode 0400: denied to anyone else; root denied is something else */
	if ((got == -EACCES || got == -EPERM) && !as_root)
		return SP_DMI_SERIAL_ROOT_ONLY;
	return SP_DMI_SERIAL_UNREADABLE;
}

static const char *const kind_names[] = {
    [SP_PL_START] = "start",	   [SP_PL_END] = "end",	    [SP_PL_FILE] = "file",
    [SP_PL_ZRAM] = "zram",	   [SP_PL_ALSO] = "also",   [SP_PL_NONE] = "none",
    [SP_PL_EXISTING] = "existing", [SP_PL_PROBE] = "probe", [SP_PL_RAM] = "ram",
    [SP_PL_ZSWAP] = "zswap",
};

const char *sp_placement_kind_name(enum sp_placement_kind k)
{
	if ((unsigned)k >= SP_PL_KINDS)
		return "unknown";
	return kind_names[k];
}

int sp_placement_kind_parse(const char *s, enum sp_placement_kind *out)
{
	for (int k = 0; k < SP_PL_KINDS; k++) {
		if (strcmp(s, kind_names[k]) == 0) {
			*out = (enum sp_placement_kind)k;
			return 0;
		}
	}
	return -EINVAL;
}

int sp_placement_kind_from_name(const char *p, enum sp_placement_kind *out)
{
	static const struct {
		const char *name;
		int prefix; /* name is a prefix (zram-<alg>) rather than the whole name */
		enum sp_placement_kind kind;
	} legacy[] = {
	    {"start", 0, SP_PL_START},	    {"end", 0, SP_PL_END},
	    {"file", 0, SP_PL_FILE},	    {"none", 0, SP_PL_NONE},
	    {"zram-", 1, SP_PL_ZRAM},	    {"dev-", 1, SP_PL_ALSO},
	    {"probe-", 1, SP_PL_PROBE},	    {"swap-", 1, SP_PL_EXISTING},
	    {"current", 1, SP_PL_EXISTING}, {"zswap-", 1, SP_PL_ZSWAP},
	};

	for (size_t i = 0; i < sizeof(legacy) / sizeof(legacy[0]); i++) {
		size_t n = strlen(legacy[i].name);

		if (legacy[i].prefix ? strncmp(p, legacy[i].name, n) == 0
				     : strcmp(p, legacy[i].name) == 0) {
			*out = legacy[i].kind;
			return 0;
		}
	}
	return -EINVAL;
}

struct sp_placement_id sp_placement_id_of(enum sp_placement_kind k, int also_index)
{
	struct sp_placement_id id = {.kind = k, .also_index = -1, .role = SP_PART_NONE};

	switch (k) {
	case SP_PL_START:
		id.role = SP_PART_START;
		break;
	case SP_PL_END:
		id.role = SP_PART_END;
		break;
	case SP_PL_ZSWAP:
		id.role = SP_PART_START;
		break; /* zswap in front of the start */
	case SP_PL_FILE:
		id.role = SP_PART_DATA;
		break;
	case SP_PL_ALSO:
		id.role = SP_PART_SWAP;
		id.also_index = also_index;
		break;
	default:
		break;
	}
	return id;
}

void sp_report_init(struct sp_report *r, const char *command)
{
	memset(r, 0, sizeof(*r));
	snprintf(r->schema, sizeof(r->schema), "%s", SP_SCHEMA);
	snprintf(r->tool_version, sizeof(r->tool_version), "%s", SP_VERSION);
	snprintf(r->command, sizeof(r->command), "%s", command);
}

struct sp_result *sp_report_add_result(struct sp_report *r, const char *placement,
				       struct sp_placement_id id)
{
	struct sp_result *res;

	if (r->n_results >= SP_MAX_RESULTS)
		return NULL;
	res = &r->results[r->n_results++];
	memset(res, 0, sizeof(*res));
	snprintf(res->placement, sizeof(res->placement), "%s", placement);
	res->id = id;
	return res;
}

void sp_report_run_id(const struct sp_report *r, char *buf, size_t len)
{
	struct tm tm;
	char when[32] = "00000000-000000";

	if (gmtime_r(&r->started, &tm))
		strftime(when, sizeof(when), "%Y%m%d-%H%M%S", &tm);
	snprintf(buf, len, "%s-%08" PRIx64, when, r->seed & 0xffffffffu);
}
