/*
 * samemachine.h - may `advise --apply` install a report's advice here: the report is a
 * `measure` report (a live machine's, `--try` included; a `run` report's disk was sacrificed
 * and is not this machine's swap), and its machine (DMI vendor, product and serial as the
 * report recorded them, the CPU model, MemTotal) and every disk it names (model, serial, size;
 * zram devices aside, they are made per use) are the ones read now. Pure.
 */
#ifndef SP_CORE_SAMEMACHINE_H
#define SP_CORE_SAMEMACHINE_H

#include "core/err.h"
#include "core/model/report.h"

/*
 * now: this machine as sys/machine reads it; now_devs[i] the device at r->devices[i].path read
 * now, found[i] 0 when there is none. Returns: 0 when the advice may be applied here; -EPERM
 * with why in e (the first difference, both values quoted).
 */
int sp_same_machine(const struct sp_report *r, const struct sp_machine *now,
		    const struct sp_device_info *now_devs, const int *found, struct sp_err *e);

#endif
