/*
 * planfile.h - the plan file: `plan --save-plan FILE` writes who the target is (its identity,
 * core/safety/safety.h's text) and the estimate it printed (a line "estimated_s=SECONDS"
 * after the identity), `run --plan FILE` reads it back to check the disk is still the one the
 * plan saw and to print that same estimate, not a second one. The identity's text is the
 * core's; this is only its file.
 */
#ifndef SP_PLANFILE_H
#define SP_PLANFILE_H

#include "core/err.h"
#include "core/safety/safety.h"

/*
 * Write id and estimate_s (the plan's estimate in seconds; 0: none) to path whole or not at
 * all: a temporary name beside it ("PATH.tmp"), flushed, fsync'd and renamed over path.
 * Returns: 0, or -errno (-ENAMETOOLONG for a path too long) with only the code in e.
 */
int sp_planfile_write(const char *path, const struct sp_target_identity *id, double estimate_s,
		      struct sp_err *e);

/*
 * Read the identity and the estimate (0 when the file has none: an older plan) the plan file
 * at path holds.
 * Returns: 0; -errno when it cannot be read ("cannot read the plan file 'PATH': <why>" in e);
 * -EINVAL when it is no plan file ("'PATH': <what is wrong>" in e).
 */
int sp_planfile_read(const char *path, struct sp_target_identity *id, double *estimate_s,
		     struct sp_err *e);

#endif
