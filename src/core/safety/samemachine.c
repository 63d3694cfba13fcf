/*
 * samemachine.c - the report against the machine read now, for advise --apply (see
 * samemachine.h).
 */
#include "core/safety/samemachine.h"

#include <errno.h>
#include <string.h>

static int differs(struct sp_err *e, const char *what, const char *was, const char *now)
{
	return sp_err_set(e, -EPERM,
			  "the report is of another machine: its %s is '%s', this machine's '%s'",
			  what, was, now);
}

int sp_same_machine(const struct sp_report *r, const struct sp_machine *now,
		    const struct sp_device_info *now_devs, const int *found, struct sp_err *e)
{
	const struct sp_machine *m = &r->machine;

	sp_err_init(e);
	if (!strcmp(r->command, "run"))
		return sp_err_set(
		    e, -EPERM,
		    "the report is of `swapplace run`: it measured a sacrificed disk, "
		    "not this machine's swap; --apply takes a `measure` or `measure "
		    "--try` report made here");
	if (strcmp(r->command, "measure"))
		return sp_err_set(e, -EPERM,
				  "the report is of `%s`, not of `measure` on this machine",
				  r->command[0] ? r->command : "?");
	if (strcmp(m->dmi_vendor, now->dmi_vendor))
		return differs(e, "DMI vendor", m->dmi_vendor, now->dmi_vendor);
	if (strcmp(m->dmi_model, now->dmi_model))
		return differs(e, "DMI product", m->dmi_model, now->dmi_model);
	/* a serial the report read must be read again, the same */
	if (m->dmi_serial[0] && strcmp(m->dmi_serial, now->dmi_serial))
		return differs(e, "DMI serial", m->dmi_serial, now->dmi_serial);
	if (strcmp(m->cpu, now->cpu))
		return differs(e, "CPU", m->cpu, now->cpu);
	if (m->ram_bytes != now->ram_bytes)
		return sp_err_set(
		    e, -EPERM,
		    "the report is of another machine or boot: its RAM is %llu bytes, "
		    "this machine's %llu",
		    (unsigned long long)m->ram_bytes, (unsigned long long)now->ram_bytes);
	for (size_t i = 0; i < r->n_devices && i < SP_MAX_DEVICES; i++) {
		const struct sp_device_info *d = &r->devices[i], *n = &now_devs[i];

		if (!strcmp(d->transport, "zram"))
			continue;
		if (!found[i])
			return sp_err_set(
			    e, -EPERM, "the report's disk '%s' (%s %s) is not on this machine now",
			    d->path, d->model, d->serial);
		if (strcmp(d->model, n->model) || strcmp(d->serial, n->serial) ||
		    d->size_bytes != n->size_bytes)
			return sp_err_set(
			    e, -EPERM,
			    "'%s' is another disk than the report's: it was '%s' "
			    "serial '%s' of %llu bytes, it is '%s' serial '%s' of %llu",
			    d->path, d->model, d->serial, (unsigned long long)d->size_bytes,
			    n->model, n->serial, (unsigned long long)n->size_bytes);
	}
	return 0;
}
