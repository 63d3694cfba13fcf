/*
 * kmsg.h - the kernel's log since a mark: a placement takes a mark when its turn starts and,
 * when something failed, collects the lines about it (core/measure/kmsg.h says which) for its
 * result's "kernel_log". Reads /dev/kmsg without blocking; nothing is written to it.
 */
#ifndef SP_KMSG_H
#define SP_KMSG_H

#include <stddef.h>

struct sp_kmsg_mark {
	int fd; /* /dev/kmsg, positioned at the end when the mark was taken; -1: none */
};

#define SP_KMSG_MARK_INIT ((struct sp_kmsg_mark){.fd = -1})

/*
 * Take a mark: what the kernel logs from now on can be collected. A machine whose log cannot
 * be read (no /dev/kmsg, kernel.dmesg_restrict without CAP_SYSLOG) leaves m without a mark.
 * Returns: 0, or -errno (then m->fd is -1 and sp_kmsg_collect finds nothing).
 */
int sp_kmsg_mark(struct sp_kmsg_mark *m);

/*
 * The lines logged since the mark (or since the last collect) that sp_kmsg_relevant() keeps
 * for the n devices devs, formatted by sp_kmsg_format(), into lines (max of line_len bytes
 * each). The first lines are kept (the first error is the cause, what follows its echo); the
 * number that did not fit is added to *dropped when dropped is not NULL.
 * Returns: the number of lines stored, or -errno.
 */
int sp_kmsg_collect(struct sp_kmsg_mark *m, const char *const *devs, size_t n, char *lines,
		    size_t line_len, size_t max, size_t *dropped);

/* Forget the mark (closes the descriptor). */
void sp_kmsg_release(struct sp_kmsg_mark *m);

#endif
