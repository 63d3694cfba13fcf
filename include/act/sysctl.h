/*
 * sysctl.h - reading and setting /proc/sys knobs (vm.page-cluster, vm.swappiness) with the old
 * value put back by the undo list, so a run leaves the machine's tuning as it found it.
 */
#ifndef SP_SYSCTL_H
#define SP_SYSCTL_H

#include <stddef.h>

/*
 * Write value to sysctl name, after saving the old value and registering its restore on the
 * undo list. Setting the value it already has changes nothing and registers nothing.
 * Returns: 0 on success, -errno on error.
 */
int sp_sysctl_set(const char *name, const char *value);

#endif
