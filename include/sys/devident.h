/*
 * devident.h - who a block device is: transport, model, serial and its /dev/disk/by-id name.
 *
 * The identity a person checks before letting swapplace overwrite a disk (--confirm takes the
 * serial) and the report records. Read through a root prefix (sysfs.h) like the rest of
 * devices.h, so captured trees in tests/fixtures stand in for the machine.
 */
#ifndef SP_DEVIDENT_H
#define SP_DEVIDENT_H

#include <stddef.h>

#include "core/model/report.h"

/*
 * Fill d->transport, d->model, d->serial (blanks as '_', as udev does; none for loop and zram)
 * and d->by_id of the whole disk `name`, whose sysfs directory is sysdir (/sys/block/NAME).
 * Whatever cannot be read stays "" (transport "unknown").
 */
void sp_devident_fill(const char *root, const char *name, const char *sysdir,
		      struct sp_device_info *d);

/*
 * The /dev/disk/by-id link of the disk or partition `name`, preferring a model_serial name over
 * wwn-/eui names; "" when there is none (or it does not fit in len).
 */
void sp_devident_by_id(const char *root, const char *name, char *out, size_t len);

#endif
