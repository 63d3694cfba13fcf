/*
 * tools.h - the external programs swapplace runs (mkfs.ext4, debugfs, cp), found by absolute
 * path in a fixed list of directories, never through the inherited PATH: a root process whose
 * PATH a user set would otherwise run that user's mkfs.ext4. Found once and kept; the run
 * records each one's path in its report (report.json "tools").
 *
 * A program is taken only when it is a regular, executable file owned by root and writable by
 * no one else: a planted file in a directory of the list is passed over, not run.
 */
#ifndef SP_TOOLS_H
#define SP_TOOLS_H

#include <stddef.h>

#include "core/err.h"

#define SP_TOOL_PATH_MAX 128
#define SP_TOOLS_MAX 8

/* where a tool is looked for, in this order */
#define SP_TOOL_DIRS "/usr/sbin:/usr/bin:/sbin:/bin"

/*
 * Find each of the n tools named (at most SP_TOOLS_MAX in all) and keep their paths.
 * Returns: 0, or -ENOENT with the first one missing named in e ("mkfs.ext4 not found in
 * /usr/sbin:/usr/bin:/sbin:/bin (e2fsprogs is not installed?)").
 */
int sp_tools_find(const char *const *names, size_t n, struct sp_err *e);

/*
 * The absolute path of tool name: the kept one, else looked up now (and kept).
 * Returns: the path, or NULL when there is no such tool in SP_TOOL_DIRS.
 */
const char *sp_tool_path(const char *name);

/* The i-th tool found so far (in the order found): its name and path; NULL past the last. */
const char *sp_tool_at(size_t i, const char **path);

#endif
