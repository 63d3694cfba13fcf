/*
 * cli.c - parse the command line into struct sp_config. Pure: prints nothing, so every usage
 * error is a unit test. GNU-style long options through getopt_long, per subcommand.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "core/cli.h"
#include "core/units.h"

enum {
	OPT_TARGET = 256,
	OPT_CONFIRM,
	OPT_ALSO,
	OPT_ALSO_CONFIRM,
	OPT_OUT,
	OPT_BUDGET,
	OPT_SWAP_SIZE,
	OPT_TIME,
	OPT_SEED,
	OPT_THREADS,
	OPT_CI,
	OPT_ONLY,
	OPT_SWAP,
	OPT_OFFSET,
	OPT_LENGTH,
	OPT_FORMAT,
	OPT_JSON,
	OPT_PLAIN,
};

static const char *const cmd_names[] = {
	[SP_CMD_NONE] = "", [SP_CMD_LIST] = "list", [SP_CMD_PLAN] = "plan",
	[SP_CMD_RUN] = "run", [SP_CMD_MEASURE] = "measure", [SP_CMD_PROBE] = "probe",
	[SP_CMD_REPORT] = "report",
};

void sp_config_defaults(struct sp_config *c)
{
	memset(c, 0, sizeof(*c));
	c->budget_bytes = 256ull << 20;
	c->swap_bytes = 1ull << 30;
	c->time_per_placement_s = 60;
	c->seed = 1;
	c->threads = 2;
	c->ci_target_pct = 5;
	c->format = "text";
}

static const char usage_global[] =
	"usage: swapplace <command> [options]\n"
	"\n"
	"Measures where swap should go on this machine: at the start of a disk, at its end, in a\n"
	"swap file, in zram with each compressor, on another SSD/NVMe, or nowhere.\n"
	"\n"
	"commands:\n"
	"  list      block devices, their identity, and whether each is safe as a target\n"
	"  plan      the layout, placements and probes a run would do (writes nothing)\n"
	"  run       partition the target disk and measure every placement (destructive)\n"
	"  measure   measure the swap areas this machine has, or the given ones\n"
	"  probe     the read-only device latency probe on a device or a range of it\n"
	"  report    render a saved run (report.json)\n"
	"\n"
	"  swapplace <command> --help   options of one command\n"
	"  swapplace --version\n"
	"\n"
	"exit codes: 0 ok, 1 failure, 2 usage, 3 refused for safety\n";

static const char usage_list[] =
	"usage: swapplace list [--json | --plain]\n"
	"\n"
	"Every block device: path, stable id, model, serial, size, sector sizes, rotational,\n"
	"transport, partitions and signatures, and why it is unsafe as a target.\n"
	"\n"
	"  --json    the devices in the report schema\n"
	"  --plain   for scripts, one line per device, tab-separated:\n"
	"            path size_bytes rotational transport model serial safe reason\n";

#define RUN_OPTIONS                                                                          \
	"  --target DEV             the disk to sacrifice (a whole disk, never a partition),\n"\
	"                           a path or serial:SERIAL\n"                                \
	"  --also DEV               another SSD/NVMe to measure as a swap partition (repeat)\n"\
	"  --also-confirm ID        confirmation of the --also before it (serial or size)\n"   \
	"  --budget SIZE            memory the probes may use (default 256M)\n"                \
	"  --swap-size SIZE         each swap partition and the swap file (default 1G)\n"      \
	"  --time-per-placement S   seconds of measurement per placement (default 60)\n"       \
	"  --threads N              fault-probe threads (default 2)\n"                         \
	"  --ci PCT                 target half-width of the median's 95%% CI (default 5)\n"   \
	"  --only LIST              only these placements (start,end,file,zram,dev,none)\n"     \
	"  --seed N                 seed of every random choice (default 1)\n"

static const char usage_plan[] =
	"usage: swapplace plan --target DEV [options]\n"
	"\n"
	"Prints the partition layout a run would write, the placements and probes, and an\n"
	"estimate of the total time. Writes nothing.\n"
	"\n" RUN_OPTIONS;

static const char usage_run[] =
	"usage: swapplace run --target DEV --confirm ID [options]\n"
	"\n"
	"DESTROYS everything on DEV: writes a GPT with a swap partition at the very start, an\n"
	"ext4 partition holding a swap file, and a swap partition at the very end, then measures\n"
	"each placement, every zram compressor and a no-swap baseline. ID must be the target's\n"
	"serial, or its exact size in bytes when it has none (see 'swapplace list').\n"
	"\n" RUN_OPTIONS
	"  --confirm ID             the target's serial (or size in bytes)\n"
	"  --out DIR                where report.json and report.txt go\n"
	"                           (default reports/<timestamp>)\n";

static const char usage_measure[] =
	"usage: swapplace measure [--swap DEV|FILE ...] [options] [--json]\n"
	"\n"
	"Non-destructive: the fault and pressure probes on the swap this machine has, or on the\n"
	"given swap areas (enabled for the run, disabled after).\n"
	"\n"
	"  --swap DEV|FILE          a swap area to measure (repeat)\n"
	"  --budget SIZE            memory the probes may use (default 256M)\n"
	"  --time-per-placement S   seconds per swap area (default 60)\n"
	"  --threads N, --ci PCT, --seed N, --out DIR, --json\n";

static const char usage_probe[] =
	"usage: swapplace probe DEV [--offset BYTES --length BYTES] [options] [--json]\n"
	"\n"
	"Read-only device probe: io_uring O_DIRECT random 4 KiB reads at queue depth 1 and 32,\n"
	"and the sequential read rate, confined to the given range.\n"
	"\n"
	"  --offset BYTES           start of the range (default 0)\n"
	"  --length BYTES           length of the range (default: to the end)\n"
	"  --time-per-placement S   seconds (default 20)\n"
	"  --ci PCT, --seed N, --json\n";

static const char usage_report[] =
	"usage: swapplace report RUN.json [--format text|json]\n"
	"\n"
	"Renders a saved run.\n";

const char *sp_cli_usage(enum sp_cmd cmd)
{
	switch (cmd) {
	case SP_CMD_LIST: return usage_list;
	case SP_CMD_PLAN: return usage_plan;
	case SP_CMD_RUN: return usage_run;
	case SP_CMD_MEASURE: return usage_measure;
	case SP_CMD_PROBE: return usage_probe;
	case SP_CMD_REPORT: return usage_report;
	default: return usage_global;
	}
}

static int usage_error(char *err, size_t errlen, const char *fmt, const char *arg)
{
	snprintf(err, errlen, fmt, arg);
	return -EINVAL;
}

/* which options each command takes */
static int option_allowed(enum sp_cmd cmd, int opt)
{
	switch (opt) {
	case 'h':
		return 1;
	case OPT_JSON:
		return cmd == SP_CMD_LIST || cmd == SP_CMD_MEASURE || cmd == SP_CMD_PROBE;
	case OPT_PLAIN:
		return cmd == SP_CMD_LIST;
	case OPT_TARGET: case OPT_ALSO: case OPT_ALSO_CONFIRM: case OPT_SWAP_SIZE: case OPT_ONLY:
		return cmd == SP_CMD_PLAN || cmd == SP_CMD_RUN;
	case OPT_CONFIRM:
		return cmd == SP_CMD_RUN;
	case OPT_OUT:
		return cmd == SP_CMD_RUN || cmd == SP_CMD_MEASURE;
	case OPT_BUDGET: case OPT_THREADS:
		return cmd == SP_CMD_PLAN || cmd == SP_CMD_RUN || cmd == SP_CMD_MEASURE;
	case OPT_TIME: case OPT_SEED: case OPT_CI:
		return cmd != SP_CMD_LIST && cmd != SP_CMD_REPORT;
	case OPT_SWAP:
		return cmd == SP_CMD_MEASURE;
	case OPT_OFFSET: case OPT_LENGTH:
		return cmd == SP_CMD_PROBE;
	case OPT_FORMAT:
		return cmd == SP_CMD_REPORT;
	}
	return 0;
}

static int parse_option(struct sp_config *c, int opt, const char *name, const char *arg,
			char *err, size_t errlen)
{
	uint64_t v;

	switch (opt) {
	case 'h': c->help = 1; return 0;
	case OPT_JSON: c->json = 1; return 0;
	case OPT_PLAIN: c->plain = 1; return 0;
	case OPT_TARGET:
		if (c->target)
			return usage_error(err, errlen, "--target given twice ('%s')", arg);
		c->target = arg;
		return 0;
	case OPT_CONFIRM: c->confirm = arg; return 0;
	case OPT_ALSO:
		if (c->n_also >= SP_MAX_ALSO)
			return usage_error(err, errlen, "too many --also devices (at '%s')", arg);
		c->also[c->n_also++] = arg;
		return 0;
	case OPT_ALSO_CONFIRM:
		if (!c->n_also || c->also_confirm[c->n_also - 1])
			return usage_error(err, errlen,
					   "--also-confirm '%s' must follow its --also DEV", arg);
		c->also_confirm[c->n_also - 1] = arg;
		return 0;
	case OPT_OUT: c->out_dir = arg; return 0;
	case OPT_BUDGET:
	case OPT_SWAP_SIZE:
		if (sp_parse_size(arg, &v) < 0 || v == 0) {
			snprintf(err, errlen, "invalid size '%s' for --%s", arg, name);
			return -EINVAL;
		}
		if (opt == OPT_BUDGET)
			c->budget_bytes = v;
		else
			c->swap_bytes = v;
		return 0;
	case OPT_TIME:
		if (sp_parse_seconds(arg, &c->time_per_placement_s) < 0 ||
		    c->time_per_placement_s <= 0)
			return usage_error(err, errlen,
					   "invalid duration '%s' for --time-per-placement", arg);
		return 0;
	case OPT_SEED:
		if (sp_parse_u64(arg, &c->seed) < 0)
			return usage_error(err, errlen, "invalid number '%s' for --seed", arg);
		c->seed_given = 1;
		return 0;
	case OPT_THREADS:
		if (sp_parse_u64(arg, &v) < 0 || v == 0 || v > 64)
			return usage_error(err, errlen, "invalid thread count '%s' (1 to 64)", arg);
		c->threads = (uint32_t)v;
		return 0;
	case OPT_CI: {
		double pct;

		if (sp_parse_seconds(arg, &pct) < 0 || pct <= 0 || pct > 50 ||
		    strpbrk(arg, "smh"))
			return usage_error(err, errlen, "invalid percentage '%s' for --ci", arg);
		c->ci_target_pct = pct;
		return 0;
	}
	case OPT_ONLY: c->only = arg; return 0;
	case OPT_SWAP:
		if (c->n_swaps >= SP_MAX_SWAP_ARGS)
			return usage_error(err, errlen, "too many --swap areas (at '%s')", arg);
		c->swaps[c->n_swaps++] = arg;
		return 0;
	case OPT_OFFSET:
	case OPT_LENGTH:
		if (sp_parse_size(arg, &v) < 0) {
			snprintf(err, errlen, "invalid size '%s' for --%s", arg, name);
			return -EINVAL;
		}
		if (opt == OPT_OFFSET)
			c->offset_bytes = v;
		else
			c->length_bytes = v;
		return 0;
	case OPT_FORMAT:
		if (strcmp(arg, "text") && strcmp(arg, "json"))
			return usage_error(err, errlen, "invalid format '%s' (text or json)", arg);
		c->format = arg;
		return 0;
	}
	return -EINVAL;
}

static const struct option long_options[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "plain", no_argument, NULL, OPT_PLAIN },
	{ "target", required_argument, NULL, OPT_TARGET },
	{ "confirm", required_argument, NULL, OPT_CONFIRM },
	{ "also", required_argument, NULL, OPT_ALSO },
	{ "also-confirm", required_argument, NULL, OPT_ALSO_CONFIRM },
	{ "out", required_argument, NULL, OPT_OUT },
	{ "budget", required_argument, NULL, OPT_BUDGET },
	{ "swap-size", required_argument, NULL, OPT_SWAP_SIZE },
	{ "time-per-placement", required_argument, NULL, OPT_TIME },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "threads", required_argument, NULL, OPT_THREADS },
	{ "ci", required_argument, NULL, OPT_CI },
	{ "only", required_argument, NULL, OPT_ONLY },
	{ "swap", required_argument, NULL, OPT_SWAP },
	{ "offset", required_argument, NULL, OPT_OFFSET },
	{ "length", required_argument, NULL, OPT_LENGTH },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ NULL, 0, NULL, 0 },
};

static const char *option_name(int opt)
{
	for (const struct option *o = long_options; o->name; o++)
		if (o->val == opt)
			return o->name;
	return "?";
}

int sp_cli_parse(int argc, char **argv, struct sp_config *c, char *err, size_t errlen)
{
	const char *sub;
	int opt, ret;

	err[0] = '\0';
	if (argc < 2)
		return usage_error(err, errlen, "%sno command given (try 'swapplace --help')", "");
	sub = argv[1];
	if (!strcmp(sub, "--help") || !strcmp(sub, "-h") || !strcmp(sub, "help")) {
		c->help = 1;
		return 0;
	}
	if (!strcmp(sub, "--version") || !strcmp(sub, "-V")) {
		c->version = 1;
		return 0;
	}
	for (int i = SP_CMD_LIST; i <= SP_CMD_REPORT; i++)
		if (!strcmp(sub, cmd_names[i]))
			c->cmd = (enum sp_cmd)i;
	if (c->cmd == SP_CMD_NONE)
		return usage_error(err, errlen, "unknown command '%s' (try 'swapplace --help')",
				   sub);

	optind = 0; /* GNU getopt: full re-initialisation, so the parser is reusable in tests */
	opterr = 0;
	while ((opt = getopt_long(argc - 1, argv + 1, "h", long_options, NULL)) != -1) {
		if (opt == '?') {
			const char *bad = argv[optind];

			if (optopt && optopt < 256)
				snprintf(err, errlen, "unknown option '-%c'", optopt);
			else if (optopt)
				snprintf(err, errlen, "option '--%s' needs a value",
					 option_name(optopt));
			else
				snprintf(err, errlen, "unknown option '%s'", bad ? bad : "?");
			return -EINVAL;
		}
		if (!option_allowed(c->cmd, opt)) {
			snprintf(err, errlen, "'%s' does not take --%s", sub, option_name(opt));
			return -EINVAL;
		}
		ret = parse_option(c, opt, option_name(opt), optarg, err, errlen);
		if (ret < 0)
			return ret;
	}
	if (c->help)
		return 0;

	/* positional arguments */
	for (int i = optind + 1; i < argc; i++) {
		if (c->cmd == SP_CMD_PROBE && !c->device)
			c->device = argv[i];
		else if (c->cmd == SP_CMD_REPORT && !c->input)
			c->input = argv[i];
		else
			return usage_error(err, errlen, "unexpected argument '%s'", argv[i]);
	}

	switch (c->cmd) {
	case SP_CMD_PLAN:
	case SP_CMD_RUN:
		if (!c->target)
			return usage_error(err, errlen, "'%s' needs --target DEV", sub);
		if (c->cmd == SP_CMD_RUN && !c->confirm)
			return usage_error(err, errlen,
					   "'%s' needs --confirm ID (the target's serial, or its "
					   "size in bytes; see 'swapplace list')", sub);
		for (size_t i = 0; i < c->n_also; i++)
			if (c->cmd == SP_CMD_RUN && !c->also_confirm[i])
				return usage_error(err, errlen,
						   "--also '%s' needs its --also-confirm ID",
						   c->also[i]);
		break;
	case SP_CMD_PROBE:
		if (!c->device)
			return usage_error(err, errlen, "%s'probe' needs a device", "");
		break;
	case SP_CMD_REPORT:
		if (!c->input)
			return usage_error(err, errlen, "%s'report' needs a report.json", "");
		break;
	default:
		break;
	}
	return 0;
}

int sp_config_wants(const struct sp_config *c, const char *placement)
{
	const char *p;
	size_t n;

	if (!c->only || !*c->only)
		return 1;
	/* "zram" matches every zram-<alg>, "dev" every dev-<name> */
	for (p = c->only; *p; p += n + (p[n] == ',')) {
		n = strcspn(p, ",");
		if (n == 0)
			continue;
		if (strlen(placement) == n && !strncmp(placement, p, n))
			return 1;
		if (!strncmp(placement, p, n) && placement[n] == '-')
			return 1;
	}
	return 0;
}
