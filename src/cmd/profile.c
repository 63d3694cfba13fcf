/*
 * profile.c - `swapplace profile DEV`: the disk's position profile, read-only (see
 * probe/profile.h), printed as the report's profile section or as report.json.
 */
#include "probe/profile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "cmd/fail.h"
#include "cmd/run_common.h"
#include "core/doc/reportdoc.h"
#include "core/findings/analysis.h"
#include "core/report/report_json.h"
#include "sys/devices.h"

/* Resolve dev, read its profile into r within time_s. Returns an exit code (printed). */
int run_profile(const char *dev_path, double time_s, uint64_t seed, struct sp_profile *out)
{
	struct sp_profile_opts o;
	int ret;

	sp_profile_defaults(&o);
	o.time_s = time_s;
	o.seed = seed;
	fprintf(stderr, "swapplace: profiling '%s' (at most %.0f s, read-only)\n", dev_path,
		time_s);
	ret = sp_profile_run(dev_path, &o, out);
	if (ret == -EINTR)
		return sp_fail(SP_EXIT_FAILURE, NULL, "interrupted");
	if (ret < 0)
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot profile '%s'", dev_path);
	return SP_EXIT_OK;
}

int sp_cmd_profile(const struct sp_config *c)
{
	struct sp_report *r = calloc(1, sizeof(*r));
	struct sp_sys_facts *f = calloc(1, sizeof(*f));
	struct sp_findings *fi = calloc(1, sizeof(*fi));
	struct sp_device_info d;
	char dir[512];
	int ret, rc;

	if (!r || !f || !fi) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(-ENOMEM), "cannot profile '%s'", c->device);
		goto out;
	}
	if (!(c->profile_time_s > 0)) {
		rc = sp_fail(SP_EXIT_USAGE, NULL,
			     "--profile-time must be more than 0 for 'profile'");
		goto out;
	}
	if (geteuid() != 0) {
		rc = sp_fail(SP_EXIT_FAILURE, NULL,
			     "'profile' needs root to read '%s' with O_DIRECT", c->device);
		goto out;
	}
	ret = sp_facts_gather("", f);
	if (ret == 0)
		ret = sp_device_resolve("", f, c->device, &d);
	if (ret < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot profile '%s'", c->device);
		goto out;
	}
	run_report_init(r, "profile", c);
	snprintf(r->target, sizeof(r->target), "%s", d.path);
	r->n_devices = 1;
	r->devices[0] = d;
	rc = run_profile(d.path, c->profile_time_s, c->seed, &r->profile);
	if (rc != SP_EXIT_OK)
		goto out;
	if (c->out_dir) {
		rc = run_report_save(r, c, dir, sizeof(dir));
		goto out;
	}
	sp_analyse(r, fi);
	ret = c->json ? sp_report_json_write(stdout, r, fi) : sp_report_text_write(stdout, r, fi);
	rc = ret < 0 ? sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot print the report")
		     : SP_EXIT_OK;
out:
	free(r);
	free(f);
	free(fi);
	return rc;
}
