/*
 * cli.c - parse the command line into struct sp_config. Pure: prints nothing, so every usage
 * error is a unit test. GNU-style long options through getopt_long, fed from the option table
 * (core/config/options.h), which also gives the defaults and renders the usage texts.
 */
#include "core/config/cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "core/config/options.h"
#include "core/config/units.h"

static const char *const cmd_names[] = {
    [SP_CMD_NONE] = "",		  [SP_CMD_LIST] = "list",	[SP_CMD_PLAN] = "plan",
    [SP_CMD_RUN] = "run",	  [SP_CMD_MEASURE] = "measure", [SP_CMD_PROBE] = "probe",
    [SP_CMD_REPORT] = "report",	  [SP_CMD_PROFILE] = "profile", [SP_CMD_PRINT] = "print",
    [SP_CMD_COMPARE] = "compare", [SP_CMD_INDEX] = "index",	[SP_CMD_RESTORE] = "restore",
    [SP_CMD_CLEANUP] = "cleanup", [SP_CMD_ADVISE] = "advise",
};

const char *sp_cmd_name(enum sp_cmd cmd)
{
	return cmd_names[cmd];
}

void sp_config_defaults(struct sp_config *c)
{
	memset(c, 0, sizeof(*c));
	/* a default that does not parse is a bug in the table, caught by the cli unit tests */
	sp_options_apply_defaults(c, NULL);
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
		longopts[n++] = (struct option){
		    o->name, o->kind == SP_OPT_FLAG ? no_argument : required_argument, NULL,
		    256 + (int)i};
		if (o->short_name) {
			shortopts[ns++] = o->short_name;
			if (o->kind != SP_OPT_FLAG) /* -o FILE */
				shortopts[ns++] = ':';
		}
	}
	longopts[n] = (struct option){NULL, 0, NULL, 0};
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

static int check_required(const struct sp_config *c, const char *sub, struct sp_err *e)
{
	switch (c->cmd) {
	case SP_CMD_PLAN:
	case SP_CMD_RUN:
		if (!c->target)
			return sp_err_set(e, -EINVAL, "'%s' needs --target DEV", sub);
		if (c->cmd == SP_CMD_RUN && !c->confirm)
			return sp_err_set(e, -EINVAL,
					  "'%s' needs --confirm ID (the target's serial, or its "
					  "size in bytes; see 'swapplace list')",
					  sub);
		for (size_t i = 0; i < c->n_also; i++)
			if (c->cmd == SP_CMD_RUN && !c->also_confirm[i])
				return sp_err_set(e, -EINVAL,
						  "--also '%s' needs its --also-confirm ID",
						  c->also[i]);
		break;
	case SP_CMD_RESTORE:
		if (!c->target || !c->confirm)
			return sp_err_set(e, -EINVAL,
					  "'%s' needs --target DEV and --confirm ID "
					  "(the disk's serial, or its size in bytes)",
					  sub);
		break;
	default:
		break;
	}
	return 0;
}

/* A uid as decimal digits, (uid_t)-1 excluded. Returns: 0, or -EINVAL. */
static int parse_id(const char *s, uint32_t *id)
{
	uint64_t v = 0;
	size_t n = strlen(s);

	if (!n || n > 10 || s[strspn(s, "0123456789")])
		return -EINVAL;
	for (size_t i = 0; i < n; i++)
		v = v * 10 + (uint64_t)(s[i] - '0');
	if (v >= UINT32_MAX)
		return -EINVAL;
	*id = (uint32_t)v;
	return 0;
}

int sp_job_user_parse(const char *arg, struct sp_job_user *u, struct sp_err *e)
{
	size_t n = strlen(arg), ok;

	memset(u, 0, sizeof(*u));
	if (n && !arg[strspn(arg, "0123456789")]) {
		if (parse_id(arg, &u->uid) < 0)
			return sp_err_set(e, -EINVAL,
					  "invalid uid '%s' for --job-user (0 to 4294967294)", arg);
		return 0;
	}
	ok = strspn(arg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-");
	if (ok + (arg[ok] == '$') != n)
		ok = 0;
	if (!n || n > SP_JOB_USER_NAME_MAX || !ok || arg[0] == '-')
		return sp_err_set(e, -EINVAL,
				  "invalid user name '%.64s' for --job-user (letters, digits, '.', "
				  "'_', '-', at most %d characters, not starting with '-')",
				  arg, SP_JOB_USER_NAME_MAX);
	u->by_name = 1;
	memcpy(u->name, arg, n + 1);
	return 0;
}

int sp_job_user_choose(const char *job_user, const char *sudo_uid, const char *sudo_gid,
		       struct sp_job_user *u, struct sp_err *e)
{
	if (job_user)
		return sp_job_user_parse(job_user, u, e);
	memset(u, 0, sizeof(*u));
	if (!sudo_uid || !*sudo_uid)
		return sp_err_set(e, -EINVAL,
				  "--job runs as the user who asked for it, and there is no "
				  "SUDO_UID to say who that is: pass --job-user NAME|UID "
				  "(--job-user root to run it as root)");
	if (parse_id(sudo_uid, &u->uid) < 0)
		return sp_err_set(e, -EINVAL, "SUDO_UID '%.32s' is not a uid: pass --job-user",
				  sudo_uid);
	if (u->uid == 0)
		return sp_err_set(e, -EINVAL,
				  "SUDO_UID is 0: --job would run as root; pass --job-user root "
				  "to allow that, or --job-user NAME|UID");
	if (sudo_gid && *sudo_gid) {
		if (parse_id(sudo_gid, &u->gid) < 0)
			return sp_err_set(
			    e, -EINVAL, "SUDO_GID '%.32s' is not a gid: pass --job-user", sudo_gid);
		u->has_gid = 1;
	}
	u->from_sudo = 1;
	return 0;
}

/* --cpu-max and --io-max into c->caps: refused here, before anything is touched */
static int parse_caps(struct sp_config *c, struct sp_err *e)
{
	int ret = 0;

	if (c->cpu_max)
		ret = sp_caps_parse_cpu(c->cpu_max, &c->caps.cpu_max, e);
	if (!ret && c->io_max)
		ret = sp_caps_parse_io(c->io_max, &c->caps.io_iops, &c->caps.io_bps, e);
	return ret;
}

/* compare's reports: at least two, at most the list holds */
static int positional_list(struct sp_config *c, int argc, char **argv, const char *sub,
			   const char *what, struct sp_err *e)
{
	size_t field, count, cap = sp_cmd_positional_list(c->cmd, &field, &count);
	const char **v = (const char **)((char *)c + field);
	size_t *n = (size_t *)((char *)c + count);

	for (int i = optind + 1; i < argc; i++) {
		if (*n >= cap)
			return sp_err_set(e, -EINVAL, "'%s' takes at most %zu files (at '%s')", sub,
					  cap, argv[i]);
		v[(*n)++] = argv[i];
	}
	if (*n < 2)
		return sp_err_set(e, -EINVAL, "'%s' needs %s", sub, what);
	return 0;
}

int sp_cli_parse(int argc, char **argv, struct sp_config *c, struct sp_err *e)
{
	struct option longopts[MAX_OPTIONS];
	char shortopts[MAX_OPTIONS];
	const char *sub, *pos_what;
	size_t pos_field, pos_count;
	int opt, ret;

	sp_err_init(e);
	sp_config_defaults(c);
	if (argc < 2)
		return sp_err_set(e, -EINVAL, "no command given (try 'swapplace --help')");
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
		return sp_err_set(e, -EINVAL, "unknown %s '%s' (try 'swapplace --help')",
				  sub[0] == '-' ? "option" : "command", sub);

	ret = getopt_tables(longopts, shortopts);
	if (ret < 0)
		return sp_err_set(e, -EINVAL, "too many options in the table");
	optind = 0; /* GNU getopt: full re-initialisation, so the parser is reusable in tests */
	opterr = 0;
	while ((opt = getopt_long(argc - 1, argv + 1, shortopts, longopts, NULL)) != -1) {
		const struct sp_option *o;

		if (opt == '?') {
			const char *bad = argv[optind];

			if (optopt && optopt < 256)
				return sp_err_set(e, -EINVAL, "unknown option '-%c'", optopt);
			if (optopt)
				return sp_err_set(e, -EINVAL, "option '--%s' needs a value",
						  option_of(optopt)->name);
			return sp_err_set(e, -EINVAL, "unknown option '%s'", bad ? bad : "?");
		}
		o = option_of(opt);
		o = o ? sp_option_find(o->name, c->cmd) : NULL;
		if (!o)
			return sp_err_set(e, -EINVAL, "unknown option");
		if (!sp_option_accepted(o, c->cmd))
			return sp_err_set(e, -EINVAL, "'%s' does not take --%s", sub, o->name);
		ret = sp_option_apply(c, o, optarg, e);
		if (ret < 0)
			return ret;
	}
	if (c->help)
		return 0;

	pos_what = sp_cmd_positional(c->cmd, &pos_field);
	if (sp_cmd_positional_list(c->cmd, &pos_field, &pos_count))
		return positional_list(c, argc, argv, sub, pos_what, e);
	for (int i = optind + 1; i < argc; i++) {
		const char **pos = pos_what ? (const char **)((char *)c + pos_field) : NULL;

		if (!pos || *pos)
			return sp_err_set(e, -EINVAL, "unexpected argument '%s'", argv[i]);
		*pos = argv[i];
	}
	if (pos_what && !*(const char **)((char *)c + pos_field) &&
	    !sp_cmd_positional_optional(c->cmd))
		return sp_err_set(e, -EINVAL, "'%s' needs %s", sub, pos_what);
	ret = check_required(c, sub, e);
	if (!ret && c->job_user) {
		struct sp_job_user u; /* looked up by the run (probe/userjob.h) */

		ret = sp_job_user_parse(c->job_user, &u, e);
	}
	return ret ? ret : parse_caps(c, e);
}
