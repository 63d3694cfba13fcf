/*
 * sysctl.h - reading and setting /proc/sys knobs (vm.page-cluster, vm.swappiness) with the old
 * value put back by the undo list, so a run leaves the machine's tuning as it found it.
 */
#ifndef SP_SYSCTL_H
#define SP_SYSCTL_H

#include <stddef.h>

/*
 * Read sysctl name ("vm.page-cluster") into buf without the trailing newline.
 * Returns: 0 on success, -errno on error (-ENOENT for an unknown name, -EINVAL for a name
 * with "/" or "..", -ENAMETOOLONG when buf is too small).
 */
int sp_sysctl_get(const char *name, char *buf, size_t len);

/*
 * Write value to sysctl name, after saving the old value and registering its restore on the
 * undo list. Setting the value it already has changes nothing and registers nothing.
 * Returns: 0 on success, -errno on error.
 */
int sp_sysctl_set(const char *name, const char *value);

#endif
