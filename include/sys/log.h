/*
 * log.h - diagnostics. Modules print nothing but debug lines, switched per subsystem by the
 * environment variable SWAPPLACE_DEBUG (comma list such as "undo,zram", or "all"); debug output
 * goes to stderr and never changes behaviour. Only the edge reports errors (cmd/fail.h).
 */
#ifndef SP_LOG_H
#define SP_LOG_H

__attribute__((format(printf, 2, 3))) void sp_debug(const char *subsys, const char *fmt, ...);

/* A warning line on stderr: "swapplace: warning: <msg>". */
__attribute__((format(printf, 1, 2))) void sp_warn(const char *fmt, ...);

#endif
