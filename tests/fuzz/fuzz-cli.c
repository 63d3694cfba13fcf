/*
 * fuzz-cli.c - the command line (core/config/cli.c, core/config/options.c) and the option values
 * parsed after it the way run and measure parse them: --sweep (core/scenario/sweep.c), --try
 * (core/plan/tryplace.c), --layout, --scenario, --zswap, --cpu-max and --io-max
 * (core/config/caps.c).
 *
 * The input is argv after the program's name, NUL-separated ("run\0--target\0/dev/sdb").
 * Invariants: the parser returns 0 or -EINVAL, and -EINVAL always with a message that fits
 * its buffer; a parsed command has a usage text; every list the parsers fill stays within
 * its bounds and its strings are terminated; a parsed --cpu-max or --io-max is in range.
 */
#include <errno.h>

#include "core/config/caps.h"
#include "core/config/cli.h"
#include "core/config/options.h"
#include "core/plan/plan.h"
#include "core/plan/tryplace.h"
#include "core/plan/zswap_choice.h"
#include "core/scenario/scenario.h"
#include "core/scenario/sweep.h"
#include "fuzz.h"

#define MAX_ARGS 64

static void values_after(const struct sp_config *c)
{
	static const char offered[3][SP_ZSWAP_ALG_MAX] = {"lzo", "lz4", "zstd"};
	char zalgs[16][SP_ZSWAP_ALG_MAX];
	struct sp_err ze; /* --sweep's and --zswap's reasons */
	struct sp_try_item items[SP_TRY_MAX];
	struct sp_sweep_plan sweep;
	enum sp_layout_kind layout;
	unsigned mask;
	size_t n;
	int ret;

	ret = sp_sweep_parse(c->sweeps, c->n_sweeps, &sweep, &ze);
	FUZZ_CHECK(ret == 0 || (ret == -EINVAL && ze.reason[0]), "sweep: %d", ret);
	if (ret == 0) {
		FUZZ_CHECK(sweep.n_knobs <= SP_KNOB_N, "%zu knobs", sweep.n_knobs);
		for (size_t k = 0; k < sweep.n_knobs; k++) {
			FUZZ_CHECK(sweep.knobs[k].n_values >= 1 &&
				       sweep.knobs[k].n_values <= SP_SWEEP_MAX_VALUES,
				   "%zu values", sweep.knobs[k].n_values);
			for (size_t i = 0; i < sweep.knobs[k].n_values; i++)
				FUZZ_CHECK(sweep.knobs[k].values[i] >= 0 &&
					       sweep.knobs[k].values[i] <= 200,
					   "value %d", sweep.knobs[k].values[i]);
		}
		/* every step of a sweep exists and points inside the plan */
		size_t steps = sp_sweep_n_steps(&sweep, 3, 2);
		for (size_t k = 0; k < steps && k < 256; k++) {
			struct sp_sweep_step st;

			FUZZ_CHECK(sp_sweep_step_at(&sweep, 3, 2, k, &st) == 0, "step %zu", k);
			FUZZ_CHECK(st.knob < sweep.n_knobs &&
				       st.value < sweep.knobs[st.knob].n_values &&
				       st.placement < 3 && st.round < 2,
				   "step %zu", k);
		}
	}
	if (c->try_list) {
		struct sp_err e;

		ret = sp_try_parse(c->try_list, items, SP_TRY_MAX, &n, &e);
		FUZZ_CHECK(ret == 0 || (ret == -EINVAL && e.reason[0]), "try: %d", ret);
		if (ret == 0) {
			FUZZ_CHECK(n <= SP_TRY_MAX, "%zu tries", n);
			for (size_t i = 0; i < n; i++) {
				char name[128];

				FUZZ_CHECK(fuzz_terminated(items[i].alg, sizeof(items[i].alg)) &&
					       fuzz_terminated(items[i].dir, sizeof(items[i].dir)),
					   "try %zu", i);
				FUZZ_CHECK(items[i].kind != SP_TRY_FILE || items[i].dir[0],
					   "try %zu: file without a directory", i);
				sp_try_name(&items[i], items[i].alg, name, sizeof(name));
			}
		}
	}
	if (sp_layout_kind_parse(c->layout, &layout) == 0)
		FUZZ_CHECK((unsigned)layout < SP_LAYOUT_KINDS, "layout %d", (int)layout);
	if (c->scenario)
		sp_scenario_set_parse(c->scenario, &mask);
	for (int have = 0; have <= 1; have++) {
		ret = sp_zswap_choose(c->zswap, have, "lzo", offered, 3, zalgs, 16, &n, &ze);
		FUZZ_CHECK(ret == 0 || ret == -ENOSPC || (ret == -EINVAL && ze.reason[0]),
			   "zswap: %d", ret);
		if (ret == 0) {
			FUZZ_CHECK(n <= 16, "%zu zswap", n);
			for (size_t i = 0; i < n; i++)
				FUZZ_CHECK(fuzz_terminated(zalgs[i], SP_ZSWAP_ALG_MAX), "alg %zu",
					   i);
		}
	}
	if (c->cpu_max)
		FUZZ_CHECK(c->caps.cpu_max >= SP_CPU_MAX_MIN && c->caps.cpu_max <= SP_CPU_MAX_MAX,
			   "cpu-max %g", c->caps.cpu_max);
	if (c->io_max)
		FUZZ_CHECK(c->caps.io_iops > 0, "io-max");
	if (c->job_user) {
		struct sp_job_user u;
		struct sp_err je;

		/* accepted on the command line: a name to look up without a '/', or a uid that is
		 * not setresuid's "leave it" */
		ret = sp_job_user_parse(c->job_user, &u, &je);
		FUZZ_CHECK(ret == 0, "--job-user accepted, then refused: %d", ret);
		if (ret == 0 && u.by_name)
			FUZZ_CHECK(fuzz_terminated(u.name, sizeof(u.name)) && u.name[0] &&
				       u.name[0] != '-' && !strchr(u.name, '/'),
				   "job user name");
		if (ret == 0 && !u.by_name)
			FUZZ_CHECK(u.uid != UINT32_MAX, "job user uid");
		/* with SUDO_UID taken from the same text: a uid, never root, or a message */
		ret = sp_job_user_choose(NULL, c->job_user, NULL, &u, &je);
		FUZZ_CHECK((ret == 0 && u.uid != 0 && u.uid != UINT32_MAX && u.from_sudo) ||
			       (ret == -EINVAL && je.reason[0]),
			   "SUDO_UID '%s': %d", c->job_user, ret);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size), *argv[MAX_ARGS + 2];
	struct sp_config c;
	struct sp_err e;
	int argc = 1, ret;

	/* getopt permutes argv: the harness owns the pointers, the strings are the input's */
	argv[0] = "swapplace";
	for (size_t at = 0; at <= size && argc <= MAX_ARGS;) {
		argv[argc++] = text + at;
		at += strlen(text + at) + 1;
	}
	argv[argc] = NULL;

	memset(&e, 0x55, sizeof(e));
	ret = sp_cli_parse(argc, argv, &c, &e);
	FUZZ_CHECK(ret == 0 || ret == -EINVAL, "returned %d", ret);
	FUZZ_CHECK(fuzz_terminated(e.reason, sizeof(e.reason)), "message not terminated");
	FUZZ_CHECK(e.code == ret, "code %d for %d", e.code, ret);
	if (ret < 0) {
		FUZZ_CHECK(e.reason[0], "refused without a message");
	} else {
		FUZZ_CHECK((unsigned)c.cmd <= SP_CMD_LAST, "command %d", (int)c.cmd);
		FUZZ_CHECK(sp_cli_usage(c.cmd)[0], "no usage for %d", (int)c.cmd);
		FUZZ_CHECK(c.n_also <= SP_MAX_ALSO && c.n_swaps <= SP_MAX_SWAP_ARGS &&
			       c.n_sweeps <= SP_MAX_SWEEP_ARGS && c.n_inputs <= SP_CLI_MAX_INPUTS,
			   "a list overflows");
		if (!c.help)
			values_after(&c);
	}
	free(text);
	return 0;
}
