/*
 * undo.h - every change swapplace applies to the machine registers its inverse here.
 *
 * The list is process-global because the paths that must run it are: a normal end, an error
 * unwinding through main, and SIGINT/SIGTERM/SIGHUP. Signal handlers only set a flag
 * (sp_interrupted); long loops poll it and return -EINTR, main unwinds, and an atexit hook runs
 * whatever is left in reverse order. Entries run at most once.
 */
#ifndef SP_UNDO_H
#define SP_UNDO_H

#include <stddef.h>

typedef int (*sp_undo_fn)(void *arg);

/*
 * Register fn(arg) as the inverse of a change just applied. arg (arg_size bytes) is copied, so
 * callers may pass a stack struct. what is a short description for debug output.
 * Returns: 0 on success, -ENOMEM when the list is full.
 */
int sp_undo_push(const char *what, sp_undo_fn fn, const void *arg, size_t arg_size);

/*
 * The same for a change announced in the run journal as record jseq (act/journal.h): once
 * fn(arg) succeeded, the journal says "undone jseq". jseq 0: no record.
 */
int sp_undo_push_journaled(unsigned jseq, const char *what, sp_undo_fn fn, const void *arg,
			   size_t arg_size);

/* How many entries are registered now: a mark to sp_undo_run_to(). */
size_t sp_undo_depth(void);

/*
 * Run, newest first, every entry above depth mark. Returns: 0, or the first error an entry
 * returned (all entries run regardless).
 */
int sp_undo_run_to(size_t mark);

/*
 * Drop, without running them, the entries above mark: the changes stay on purpose (advise
 * --apply, once every step succeeded; its journal says "kept" and --undo reverts them).
 */
void sp_undo_keep_to(size_t mark);
/* Run everything (atexit and fatal paths). */
void sp_undo_all(void);

/* Install SIGINT/SIGTERM/SIGHUP handlers (flag only) and the atexit hook. */
void sp_undo_install(void);

/* Nonzero once a terminating signal arrived; loops must stop and return -EINTR. */
int sp_interrupted(void);

/*
 * Sleep ms milliseconds in full: a signal that interrupts the sleep does not shorten it (the
 * remaining time is slept). Returns: -EINTR when sp_interrupted() is set by then, so a wait
 * loop can stop; 0 otherwise. Undo entries, which must finish, ignore the result.
 */
int sp_sleep_ms(unsigned int ms);

#endif
