/*
 * cmd_misc.c - the small subcommands: list, probe and report.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "cmd/fail.h"
#include "cmd/run_common.h"
#include "core/config/units.h"
#include "core/doc/reportdoc.h"
#include "core/findings/analysis.h"
#include "core/report/report_json.h"
#include "out/report_io.h"
#include "probe/devprobe.h"
#include "sys/devices.h"

static void print_device(const struct sp_device_info *d, FILE *out)
{
	char size[32];

	fprintf(out, "%-14s %10s  %-3s %-7s %-22.22s %-16.16s %s\n", d->path,
		sp_format_bytes(d->size_bytes, size, sizeof(size)), d->rotational ? "hdd" : "ssd",
		d->transport, d->model[0] ? d->model : "-", d->serial[0] ? d->serial : "-",
		d->unsafe ? "no" : "yes");
	if (d->by_id[0])
		fprintf(out, "    id: %s\n", d->by_id);
	fprintf(out, "    sectors: %u logical, %u physical; size %llu bytes\n", d->logical_sector,
		d->physical_sector, (unsigned long long)d->size_bytes);
	if (d->partitions[0])
		fprintf(out, "    partitions: %s\n", d->partitions);
	if (d->signatures[0])
		fprintf(out, "    signatures: %s\n", d->signatures);
	if (d->unsafe)
		fprintf(out, "    unsafe: %s\n", d->unsafe_reason);
}

/* a field of the --plain format: no tabs or newlines inside, "-" when empty */
static void plain_field(const char *s, FILE *out)
{
	if (!*s)
		s = "-";
	for (; *s; s++)
		fputc(*s == '\t' || *s == '\n' ? ' ' : *s, out);
}

/* For scripts (the appliance's init): one tab-separated line per device. */
static void print_device_plain(const struct sp_device_info *d, FILE *out)
{
	fprintf(out, "%s\t%llu\t%d\t", d->path, (unsigned long long)d->size_bytes,
		d->rotational ? 1 : 0);
	plain_field(d->transport, out);
	fputc('\t', out);
	plain_field(d->model, out);
	fputc('\t', out);
	plain_field(d->serial, out);
	fprintf(out, "\t%d\t", d->unsafe ? 0 : 1);
	plain_field(d->unsafe_reason, out);
	fputc('\n', out);
}

int sp_cmd_list(const struct sp_config *c)
{
	struct sp_report *r = calloc(1, sizeof(*r));
	struct sp_sys_facts *f = calloc(1, sizeof(*f));
	int ret, rc = SP_EXIT_OK;

	if (!r || !f) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(-ENOMEM), "cannot list block devices");
		goto out;
	}
	sp_report_init(r, "list");
	ret = sp_facts_gather("", f);
	if (ret == 0)
		ret = sp_devices_scan("", f, r->devices, SP_MAX_DEVICES, &r->n_devices);
	if (ret < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot list block devices");
		goto out;
	}
	if (c->json) {
		ret = sp_report_json_write(stdout, r, NULL);
		if (ret < 0)
			rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret),
				     "cannot print the device list");
		goto out;
	}
	if (c->plain) {
		for (size_t i = 0; i < r->n_devices; i++)
			print_device_plain(&r->devices[i], stdout);
		goto out;
	}
	printf("%-14s %10s  %-3s %-7s %-22s %-16s %s\n", "DEVICE", "SIZE", "ROT", "TRANSP", "MODEL",
	       "SERIAL", "TARGET?");
	for (size_t i = 0; i < r->n_devices; i++)
		print_device(&r->devices[i], stdout);
out:
	free(r);
	free(f);
	return rc;
}

int sp_cmd_probe(const struct sp_config *c)
{
	struct sp_report *r = calloc(1, sizeof(*r));
	struct sp_sys_facts *f = calloc(1, sizeof(*f));
	struct sp_device_info d;
	struct sp_devprobe_opts o;
	struct sp_result *res;
	char name[48], dir[512];
	uint64_t len;
	struct sp_err e;
	int ret, rc;

	sp_err_init(&e);
	if (!r || !f) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(-ENOMEM), "cannot probe '%s'", c->device);
		goto out;
	}
	if (geteuid() != 0) {
		rc = sp_fail(SP_EXIT_FAILURE, NULL, "'probe' needs root to read '%s' with O_DIRECT",
			     c->device);
		goto out;
	}
	ret = sp_facts_gather("", f);
	if (ret == 0)
		ret = sp_device_resolve("", f, c->device, &d);
	if (ret < 0) {
		if (ret == -ENOTBLK)
			sp_err_set(&e, ret, "not a block device");
		rc = sp_fail(SP_EXIT_FAILURE, ret == -ENOTBLK ? &e : SP_ERR_OF(ret),
			     "cannot probe '%s'", c->device);
		goto out;
	}
	len = c->length_bytes ? c->length_bytes : d.size_bytes - c->offset_bytes;
	if (c->offset_bytes >= d.size_bytes || len > d.size_bytes - c->offset_bytes ||
	    c->offset_bytes % 4096 || len < 4096) {
		rc =
		    sp_fail(SP_EXIT_USAGE, NULL,
			    "range %llu+%llu is not inside '%s' (%llu bytes) in whole 4 KiB blocks",
			    (unsigned long long)c->offset_bytes, (unsigned long long)len, c->device,
			    (unsigned long long)d.size_bytes);
		goto out;
	}
	run_report_init(r, "probe", c);
	snprintf(r->target, sizeof(r->target), "%s", d.path);
	r->n_devices = 1;
	r->devices[0] = d;
	snprintf(name, sizeof(name), "probe-%s", d.name);
	res = sp_report_add_result(r, name, sp_placement_id_of(SP_PL_PROBE, -1));
	snprintf(res->device, sizeof(res->device), "%s", d.path);
	res->size_bytes = len;
	res->n_extents = 1;
	res->extents[0].start_sector = c->offset_bytes / 512;
	res->extents[0].sectors = len / 512;

	sp_devprobe_defaults(&o);
	o.time_s = c->time_per_placement_s;
	o.ci_target_pct = c->ci_target_pct;
	o.seed = c->seed;
	ret = sp_devprobe_run(d.path, res->extents, 1, &o, &res->device_probe, &e);
	if (ret < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, &e, "probing '%s'", d.path);
		goto out;
	}
	/* probe stays read-only: on an SSD the report says its floor may be optimistic for
	 * blocks never written (core/findings/analysis.h, dev_range) */
	res->device_probe.has_rotational = 1;
	res->device_probe.rotational = d.rotational ? 1 : 0;
	res->device_probe.has_range_written = 1;
	res->device_probe.range_written = 0;
	res->status = SP_STATUS_OK;
	if (c->out_dir) {
		rc = run_report_save(r, c, dir, sizeof(dir));
	} else {
		struct sp_findings *fi = calloc(1, sizeof(*fi));

		ret = -ENOMEM;
		if (fi) {
			sp_analyse(r, fi);
			ret = c->json ? sp_report_json_write(stdout, r, fi)
				      : sp_report_text_write(stdout, r, fi);
		}
		free(fi);
		rc = ret < 0 ? sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot print the report")
			     : SP_EXIT_OK;
	}
out:
	free(r);
	free(f);
	return rc;
}

int sp_cmd_report(const struct sp_config *c)
{
	const struct sp_report_format *fmt = sp_report_format_find(c->format);
	struct sp_page_opts po;
	struct sp_err e;
	int ret;

	sp_err_init(&e);
	if (!fmt) /* the parser checks the choice; a format it takes that the table lacks is a bug
		   */
		return sp_fail(SP_EXIT_USAGE, NULL, "unknown format '%s'", c->format);
	run_page_opts(c, &po);
	if (c->output) {
		ret = sp_report_render_file(c->input, fmt->name, &po, c->output, &e);
	} else {
		/* PDF and PostScript on a terminal are screenfuls of bytes that may set its modes
		 */
		if (fmt->binary && isatty(STDOUT_FILENO))
			return sp_fail(SP_EXIT_USAGE, NULL,
				       "not writing %s to a terminal: use -o FILE (or redirect "
				       "stdout)",
				       fmt->name);
		ret = sp_report_render(c->input, fmt->name, &po, stdout, &e);
		if (ret == 0 && fflush(stdout) != 0)
			ret = sp_err_set(&e, -errno, NULL);
	}
	if (ret < 0)
		return sp_fail(SP_EXIT_FAILURE, &e, "cannot render '%s'", c->input);
	if (c->output)
		fprintf(stderr, "swapplace: %s report written to '%s'\n", fmt->name, c->output);
	return SP_EXIT_OK;
}
