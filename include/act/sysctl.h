/*
 * sysctl.h - reading and setting /proc/sys knobs (vm.page-cluster, vm.swappiness) with the old
 * value put back by the undo list, so a run leaves the machine's tuning as it found it.
 */
#ifndef SP_SYSCTL_H
#define SP_SYSCTL_H

#include <stddef.h>
#include <stdint.h>

/*
 * Read sysctl name ("vm.page-cluster", under SWAPPLACE_PROC_SYS when set, as sp_sysctl_set
 * writes it) into buf, whitespace trimmed; a value too long for buf is an error, never cut
 * (sysfs.h's sp_read_value). The one way a /proc/sys value is read.
 * Returns: 0, or -errno.
 */
int sp_sysctl_get(const char *name, char *buf, size_t len);

/* The same as a decimal number. Returns: 0, -errno, or -EINVAL when it is not one. */
int sp_sysctl_get_u64(const char *name, uint64_t *v);

/*
 * Write value to sysctl name, after saving the old value and registering its restore on the
 * undo list. Setting the value it already has changes nothing and registers nothing.
 * Returns: 0 on success, -errno on error.
 */
int sp_sysctl_set(const char *name, const char *value);

#endif
