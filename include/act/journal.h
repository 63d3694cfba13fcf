/*
 * journal.h - the run journal on disk: written ahead of every change to the machine, so a
 * run killed or cut off by a power failure leaves a file that says what is left behind
 * (core/safety/journal.h has the format; `swapplace cleanup` reads it back).
 *
 * Process-global like the undo list (act/undo.h), for the same reason: the act modules that
 * make the changes call sp_journal_record() right before each one, and the undo list marks
 * the record undone after its inverse ran. With no journal open (unit tests, probe, list) a
 * record is a no-op with seq 0, so the modules need not know whether a run keeps one.
 *
 * A run keeps up to two copies, written line for line: DIR/journal in its output directory
 * (on the appliance: the stick, which outlives a power cut) and $SWAPPLACE_RUN_DIR (default
 * /run/swapplace)/journal-PID, where `swapplace cleanup` without an argument looks.
 */
#ifndef SP_ACT_JOURNAL_H
#define SP_ACT_JOURNAL_H

#include <stddef.h>

#include "core/err.h"
#include "core/safety/journal.h"

/* Where the per-process journals and the one-run lock live: $SWAPPLACE_RUN_DIR or /run/swapplace.
 */
const char *sp_run_dir(void);

/*
 * Begin the journal of this process (cmd: "run", "measure"): create RUNDIR/journal-PID and,
 * when out_dir is given, OUT_DIR/journal, write the header line and fsync each file and its
 * directory. Returns: 0 or -errno (e says which file).
 */
int sp_journal_open(const char *cmd, const char *out_dir, struct sp_err *e);

/*
 * Append a record (fields a, b, c as the kind takes them, NULL for unused ones) to every open
 * copy and fsync it, before the change it announces is made. *seq gets its number, 0 when no
 * journal is open. Returns: 0, or -errno when a copy could not be written: then the change
 * must not be made (the caller fails it).
 */
int sp_journal_record(unsigned *seq, enum sp_jkind kind, const char *a, const char *b,
		      const char *c);

/*
 * The change of record seq is undone (or was never made: its attempt failed). Appends
 * "undone SEQ"; seq 0 does nothing. Errors are logged, not returned: an undo must finish.
 */
void sp_journal_undone(unsigned seq);

/*
 * End the journal: when every record with an undo is undone, append "end", fsync, close,
 * and remove the copy under the run directory (nothing is left for cleanup to find there).
 * Otherwise keep both files unfinished for `swapplace cleanup`. Returns: 0 ended, -EBUSY
 * records are left (the caller says so), -errno.
 */
int sp_journal_finish(void);

/*
 * End the journal with its changes in place on purpose (advise --apply): append "kept", fsync,
 * close, and remove the copy under the run directory, so `swapplace cleanup` finds nothing;
 * the output directory's copy stays as the record `advise --undo` reverts. Returns: 0 or -errno
 * (then both copies stay, unfinished: cleanup undoes the apply).
 */
int sp_journal_keep(void);

/*
 * Append "cleaned" to the journal at path and fsync it: `swapplace cleanup` finished it.
 * Returns: 0 or -errno.
 */
int sp_journal_mark_cleaned(const char *path);
int sp_journal_mark_cleaned_fd(int fd);

/*
 * Open a journal only when it can be trusted to say what root wrote: the directory holding
 * it and the file itself owned by root and writable by no group or other user, the file a
 * regular file opened without following a symbolic link (O_NOFOLLOW) and checked with fstat
 * after the open. flags: O_RDONLY or O_RDWR. Returns: the descriptor, or -errno with why in
 * e (-ELOOP a symbolic link, -EPERM an owner or a mode).
 */
int sp_journal_open_trusted(const char *path, int flags, struct sp_err *e);

/*
 * sp_journal_open_trusted, then the whole file into *text (NUL-terminated, free it).
 * Returns: the descriptor (still open, at no particular offset), or -errno with e.
 */
int sp_journal_read_trusted(const char *path, int flags, char **text, struct sp_err *e);

/* The path of the copy in the output directory, else the run directory's; "" when none. */
const char *sp_journal_path(void);

/* This process's identity as a journal header gives it (pid, boot id, start ticks). */
int sp_journal_self(struct sp_jhead *h);

/*
 * Is the process that wrote head still running (same boot, same pid, same start time)?
 * Returns: 1 alive, 0 gone.
 */
int sp_journal_writer_alive(const struct sp_jhead *h);

/*
 * Is there a journal in the run directory that a run of this boot left unfinished (killed
 * before its undo), or one that cannot be trusted or read? Its path goes into path.
 * Returns: 1 found, 0 none, -errno when the directory cannot be listed.
 */
int sp_journal_find_unfinished(char *path, size_t len);

/* Is head from this boot (the machine has not restarted since the journal was written)? */
int sp_journal_same_boot(const struct sp_jhead *h);

#endif
