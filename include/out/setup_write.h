/*
 * setup_write.h - the setup files of an advice (core/report/setup_files.h) written into a
 * directory, all or none: `swapplace advise --write DIR`, and setup/ beside a run's report.
 */
#ifndef SP_SETUP_WRITE_H
#define SP_SETUP_WRITE_H

#include "core/err.h"
#include "core/findings/advise.h"
#include "core/model/report.h"

/*
 * Write every setup file for a (from report r) into dir. dir must not exist or be an empty
 * directory, and its parent must exist. The files are written into a temporary directory
 * beside it (".<name>.XXXXXX", each file synced) that is renamed to dir, then the parent is
 * synced: dir holds every file or is as it was.
 * Refused, with the reason in e (may be NULL): a dir that is a symbolic link (-ELOOP), not a
 * directory (-ENOTDIR), not empty (-EEXIST), or is /etc or under it, however it is spelt
 * (-EPERM: the advice is never installed by writing it).
 * Returns: 0, or -errno.
 */
int sp_setup_write_dir(const char *dir, const struct sp_report *r, const struct sp_advice *a,
		       struct sp_err *e);

/*
 * run and measure: the advice for the report's first workload (none ran: nothing is written,
 * 0) into dir. Returns: as sp_setup_write_dir, or -ENOMEM.
 */
int sp_setup_write_default(const char *dir, const struct sp_report *r, struct sp_err *e);

#endif
