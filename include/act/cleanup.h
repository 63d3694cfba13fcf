/*
 * cleanup.h - undo one record of a dead run's journal (core/safety/journal.h), checking first that
 * what it names is still there and still as the run left it, so cleanup touches nothing else
 * and a second cleanup finds nothing to do.
 *
 * Kernel state (swap, zram, cgroups, sysctls, zswap, mounts) does not survive a restart: a
 * record from an earlier boot is only acted on when it names a file (a --try swap file).
 */
#ifndef SP_ACT_CLEANUP_H
#define SP_ACT_CLEANUP_H

#include <stddef.h>

#include "core/safety/journal.h"

/*
 * Undo r when it is still in place. same_boot: the journal's boot is this one.
 * Returns: 1 undone (said: what was done, "swapoff /dev/sdb1"); 0 nothing to do (said: why,
 * "not active"); <0 -errno when the undo failed (said: what failed).
 */
int sp_cleanup_undo(const struct sp_jrec *r, int same_boot, char *said, size_t len);

#endif
