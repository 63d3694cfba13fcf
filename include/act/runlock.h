/*
 * runlock.h - one swapplace run or measure at a time on a machine.
 *
 * A POSIX record lock (fcntl F_SETLK) on RUNDIR/lock (act/journal.h sp_run_dir): the kernel
 * drops it when the holder dies, however it dies, so a killed run cannot leave it stuck; and,
 * unlike flock(2), a child the run forked does not inherit it, so a worker that outlives a
 * killed run does not keep the next one out. The holder's pid and start time are written into
 * the file for the message the next one prints.
 */
#ifndef SP_RUNLOCK_H
#define SP_RUNLOCK_H

#include <stddef.h>

/*
 * Take the lock for cmd ("run", "measure", "cleanup") and keep it until the process exits.
 * Returns: 0; -EBUSY when another process holds it, with holder saying who
 * ("pid 4242, swapplace run started at 2026-12-01 21:40:00 UTC"); -errno.
 */
int sp_runlock_take(const char *cmd, char *holder, size_t len);

#endif
