/*
 * status.h - the status every section of a report carries (ok, failed, invalid, skipped).
 * Apart from core/model/report.h so that the scenario headers, which core/model/report.h includes
 * for its result structs, can name it too.
 */
#ifndef SP_STATUS_H
#define SP_STATUS_H

enum sp_status {
	SP_STATUS_OK = 0,
	SP_STATUS_FAILED,  /* the probe could not run (error in reason) */
	SP_STATUS_INVALID, /* it ran, but what it measured was not a real swap-in */
	SP_STATUS_SKIPPED, /* not applicable on this machine (reason says why) */
};
const char *sp_status_name(enum sp_status s);
int sp_status_parse(const char *s, enum sp_status *out); /* 0 or -EINVAL */

#endif
