/*
 * cli.c - parse the command line into struct sp_config. Pure: prints nothing, so every usage
 * error is a unit test. GNU-style long options through getopt_long, fed from the option table
 * (core/config/options.h), which also gives the defaults and renders the usage texts.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "core/config/cli.h"
#include "core/config/options.h"
#include "core/config/units.h"

static const char *const cmd_names[] = {
	[SP_CMD_NONE] = "", [SP_CMD_LIST] = "list", [SP_CMD_PLAN] = "plan",
	[SP_CMD_RUN] = "run", [SP_CMD_MEASURE] = "measure", [SP_CMD_PROBE] = "probe",
	[SP_CMD_REPORT] = "report", [SP_CMD_PROFILE] = "profile",
	[SP_CMD_PRINT] = "print",
	[SP_CMD_COMPARE] = "compare", [SP_CMD_INDEX] = "index",
	[SP_CMD_RESTORE] = "restore",
	[SP_CMD_CLEANUP] = "cleanup",
};

const char *sp_cmd_name(enum sp_cmd cmd)
{
	return cmd_names[cmd];
}

void sp_config_defaults(struct sp_config *c)
{
	char err[128];

	memset(c, 0, sizeof(*c));
	/* a default that does not parse is a bug in the table, caught by the cli unit tests */
	sp_options_apply_defaults(c, err, sizeof(err));
}

const char *sp_cli_usage(enum sp_cmd cmd)
{
	static char text[SP_CMD_LAST + 1][16384];

	if ((unsigned)cmd > SP_CMD_LAST)
		cmd = SP_CMD_NONE;
	if (!text[cmd][0])
		sp_options_render_usage(cmd, text[cmd], sizeof(text[cmd]));
	return text[cmd];
}

static int usage_error(char *err, size_t errlen, const char *fmt, const char *arg)
{
	snprintf(err, errlen, fmt, arg);
	return -EINVAL;
}

/* Is arg a global option (--help, -V)? Sets it and returns 1. */
static int global_option(struct sp_config *c, const char *arg)
{
	for (size_t i = 0; i < sp_n_options; i++) {
		const struct sp_option *o = &sp_options[i];

		if (!sp_option_accepted(o, SP_CMD_NONE) || o->kind != SP_OPT_FLAG)
			continue;
		if ((arg[0] == '-' && arg[1] == '-' && !strcmp(arg + 2, o->name)) ||
		    (o->short_name && arg[0] == '-' && arg[1] == o->short_name && !arg[2])) {
			*(int *)((char *)c + o->field) = 1;
			return 1;
		}
	}
	return 0;
}

#define MAX_OPTIONS 64

/*
 * getopt_long's view of the table: each name once (a name may have one entry per meaning),
 * val 256 + the index of its first entry; short options as an optstring.
 */
static int getopt_tables(struct option *longopts, char *shortopts)
{
	size_t n = 0, ns = 0;

	if (sp_n_options >= MAX_OPTIONS)
		return -E2BIG;
	for (size_t i = 0; i < sp_n_options; i++) {
		const struct sp_option *o = &sp_options[i];

		size_t j = 0;

		while (j < i && strcmp(sp_options[j].name, o->name))
			j++;
		if (j < i)
			continue;
		longopts[n++] = (struct option){ o->name,
						 o->kind == SP_OPT_FLAG ? no_argument
									: required_argument,
						 NULL, 256 + (int)i };
		if (o->short_name) {
			shortopts[ns++] = o->short_name;
			if (o->kind != SP_OPT_FLAG) /* -o FILE */
				shortopts[ns++] = ':';
		}
	}
	longopts[n] = (struct option){ NULL, 0, NULL, 0 };
	shortopts[ns] = '\0';
	return 0;
}

static const struct sp_option *option_of(int opt)
{
	if (opt >= 256)
		return &sp_options[opt - 256];
	for (size_t i = 0; i < sp_n_options; i++)
		if (sp_options[i].short_name == opt)
			return &sp_options[i];
	return NULL;
}

static int check_required(const struct sp_config *c, const char *sub, char *err, size_t errlen)
{
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
	case SP_CMD_RESTORE:
		if (!c->target || !c->confirm)
			return usage_error(err, errlen, "'%s' needs --target DEV and --confirm ID "
							"(the disk's serial, or its size in bytes)",
					   sub);
		break;
	default:
		break;
	}
	return 0;
}

/* --cpu-max and --io-max into c->caps: refused here, before anything is touched */
static int parse_caps(struct sp_config *c, char *err, size_t errlen)
{
	int ret = 0;

	if (c->cpu_max)
		ret = sp_caps_parse_cpu(c->cpu_max, &c->caps.cpu_max, err, errlen);
	if (!ret && c->io_max)
		ret = sp_caps_parse_io(c->io_max, &c->caps.io_iops, &c->caps.io_bps, err, errlen);
	return ret;
}

/* compare's reports: at least two, at most the list holds */
static int positional_list(struct sp_config *c, int argc, char **argv, const char *sub,
			   const char *what, char *err, size_t errlen)
{
	size_t field, count, cap = sp_cmd_positional_list(c->cmd, &field, &count);
	const char **v = (const char **)((char *)c + field);
	size_t *n = (size_t *)((char *)c + count);

	for (int i = optind + 1; i < argc; i++) {
		if (*n >= cap) {
			snprintf(err, errlen, "'%s' takes at most %zu files (at '%s')", sub, cap,
				 argv[i]);
			return -EINVAL;
		}
		v[(*n)++] = argv[i];
	}
	if (*n < 2) {
		snprintf(err, errlen, "'%s' needs %s", sub, what);
		return -EINVAL;
	}
	return 0;
}

int sp_cli_parse(int argc, char **argv, struct sp_config *c, char *err, size_t errlen)
{
	struct option longopts[MAX_OPTIONS];
	char shortopts[MAX_OPTIONS];
	const char *sub, *pos_what;
	size_t pos_field, pos_count;
	int opt, ret;

	err[0] = '\0';
	sp_config_defaults(c);
	if (argc < 2)
		return usage_error(err, errlen, "%sno command given (try 'swapplace --help')", "");
	sub = argv[1];
	if (!strcmp(sub, "help")) {
		c->help = 1;
		return 0;
	}
	if (global_option(c, sub))
		return 0;
	for (int i = SP_CMD_LIST; i <= SP_CMD_LAST; i++)
		if (!strcmp(sub, cmd_names[i]))
			c->cmd = (enum sp_cmd)i;
	if (c->cmd == SP_CMD_NONE)
		return usage_error(err, errlen,
				   sub[0] == '-' ? "unknown option '%s' (try 'swapplace --help')"
						 : "unknown command '%s' (try 'swapplace --help')",
				   sub);

	ret = getopt_tables(longopts, shortopts);
	if (ret < 0)
		return usage_error(err, errlen, "%stoo many options in the table", "");
	optind = 0; /* GNU getopt: full re-initialisation, so the parser is reusable in tests */
	opterr = 0;
	while ((opt = getopt_long(argc - 1, argv + 1, shortopts, longopts, NULL)) != -1) {
		const struct sp_option *o;

		if (opt == '?') {
			const char *bad = argv[optind];

			if (optopt && optopt < 256)
				snprintf(err, errlen, "unknown option '-%c'", optopt);
			else if (optopt)
				snprintf(err, errlen, "option '--%s' needs a value",
					 option_of(optopt)->name);
			else
				snprintf(err, errlen, "unknown option '%s'", bad ? bad : "?");
			return -EINVAL;
		}
		o = option_of(opt);
		o = o ? sp_option_find(o->name, c->cmd) : NULL;
		if (!o)
			return usage_error(err, errlen, "%sunknown option", "");
		if (!sp_option_accepted(o, c->cmd)) {
			snprintf(err, errlen, "'%s' does not take --%s", sub, o->name);
			return -EINVAL;
		}
		ret = sp_option_apply(c, o, optarg, err, errlen);
		if (ret < 0)
			return ret;
	}
	if (c->help)
		return 0;

	pos_what = sp_cmd_positional(c->cmd, &pos_field);
	if (sp_cmd_positional_list(c->cmd, &pos_field, &pos_count))
		return positional_list(c, argc, argv, sub, pos_what, err, errlen);
	for (int i = optind + 1; i < argc; i++) {
		const char **pos = pos_what ? (const char **)((char *)c + pos_field) : NULL;

		if (!pos || *pos)
			return usage_error(err, errlen, "unexpected argument '%s'", argv[i]);
		*pos = argv[i];
	}
	if (pos_what && !*(const char **)((char *)c + pos_field) && !sp_cmd_positional_optional(c->cmd)) {
		snprintf(err, errlen, "'%s' needs %s", sub, pos_what);
		return -EINVAL;
	}
	ret = check_required(c, sub, err, errlen);
	return ret ? ret : parse_caps(c, err, errlen);
}
