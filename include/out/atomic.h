/*
 * atomic.h - a result file written whole or not at all.
 *
 * The file is filled under a temporary name in its own directory (".<name>.XXXXXX", which the
 * appliance's and a reader's listings skip; the same filesystem, so rename() is atomic),
 * flushed, fsync'd and its stream's sticky error checked once; only then is it renamed into
 * place and the directory fsync'd, so the name survives a crash too. On any failure the
 * temporary is unlinked and a file of that name is left as it was. The report files, a
 * rendering written with -o and the lab index all go through here.
 */
#ifndef SP_ATOMIC_H
#define SP_ATOMIC_H

#include <stddef.h>
#include <stdio.h>

#include "core/err.h"

/* What writes the file's contents into out. Returns: 0, or -errno. */
typedef int (*sp_atomic_fill_fn)(FILE *out, void *arg);

/*
 * The first half, for a writer that renames several files together: dir/.<base>.XXXXXX
 * (mode 0644) filled by fill(out, arg), flushed, fsync'd and checked; its path in tmp.
 * e (may be NULL) says "cannot create a file in '<dir>': ..." when the temporary cannot be
 * made; what fill says otherwise.
 * Returns: 0, or -errno with nothing left behind.
 */
int sp_atomic_tmp(const char *dir, const char *base, sp_atomic_fill_fn fill, void *arg, char *tmp,
		  size_t tmplen, struct sp_err *e);

/*
 * The whole: path written atomically through fill(out, arg). The reason in e (may be NULL):
 * "'<path>' is not a file name", "cannot create a file in '<dir>': ...", or, unless fill set
 * one, "cannot write '<path>': ...".
 * Returns: 0, or -errno (and path is as it was).
 */
int sp_atomic_write(const char *path, sp_atomic_fill_fn fill, void *arg, struct sp_err *e);

#endif
