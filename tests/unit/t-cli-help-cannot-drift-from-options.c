/*
 * Help cannot drift from behaviour: every default in the option table is what the parser
 * applies when the option is left out, and what every command's --help prints; every command's
 * --help mentions exactly the options that the parser accepts for it (tried by parsing each
 * one, not by reading the table's mask); the README and docs mention no option the table lacks,
 * and the README's stated defaults are the table's.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "core/config/cli.h"
#include "core/config/options.h"
#include "core/config/units.h"
#include "slurp.h"

#define MAX_ARGS 16

/* The fewest arguments each command needs to parse. */
static int minimal_args(enum sp_cmd cmd, char **argv)
{
	static char *const base[][7] = {
	    [SP_CMD_NONE] = {"swapplace"},
	    [SP_CMD_LIST] = {"swapplace", "list"},
	    [SP_CMD_PLAN] = {"swapplace", "plan", "--target", "/dev/sdz"},
	    [SP_CMD_RUN] = {"swapplace", "run", "--target", "/dev/sdz", "--confirm", "X1"},
	    [SP_CMD_MEASURE] = {"swapplace", "measure"},
	    [SP_CMD_PROBE] = {"swapplace", "probe", "/dev/sdz"},
	    [SP_CMD_REPORT] = {"swapplace", "report", "r.json"},
	    [SP_CMD_PROFILE] = {"swapplace", "profile", "/dev/sdz"},
	    [SP_CMD_PRINT] = {"swapplace", "print", "r.json"},
	    [SP_CMD_COMPARE] = {"swapplace", "compare", "a.json", "b.json"},
	    [SP_CMD_INDEX] = {"swapplace", "index", "reports"},
	    [SP_CMD_RESTORE] = {"swapplace", "restore", "b", "--target", "/dev/sdz", "--confirm",
				"X1"},
	    [SP_CMD_CLEANUP] = {"swapplace", "cleanup"},
	    [SP_CMD_ADVISE] = {"swapplace", "advise", "r.json"},
	};
	int n = 0;

	while (n < 7 && base[cmd][n]) {
		argv[n] = base[cmd][n];
		n++;
	}
	return n;
}

/* A valid argument of o's kind, "" for a flag. */
static const char *sample_arg(const struct sp_option *o)
{
	switch (o->kind) {
	case SP_OPT_FLAG:
		return "";
	case SP_OPT_SIZE:
		return "1M";
	case SP_OPT_DURATION:
		return "2";
	case SP_OPT_U32:
	case SP_OPT_U64:
	case SP_OPT_PERCENT:
	case SP_OPT_NUMBER:
		return "3";
	case SP_OPT_CHOICE: {
		/*
		 * its last choice that every entry of its name takes ("json" for text|json,
		 * "none" for build|none): the entries of --format differ between commands
		 */
		static char pick[64];
		const char *end = o->choices + strlen(o->choices);

		while (end > o->choices) {
			const char *start = end;
			int everywhere = 1;

			while (start > o->choices && start[-1] != '|')
				start--;
			snprintf(pick, sizeof(pick), "%.*s", (int)(end - start), start);
			for (size_t i = 0; i < sp_n_options; i++) {
				const struct sp_option *p = &sp_options[i];
				char want[66];

				snprintf(want, sizeof(want), "|%s|", pick);
				if (strcmp(p->name, o->name) || p->kind != SP_OPT_CHOICE)
					continue;
				{
					char all[256];

					snprintf(all, sizeof(all), "|%s|", p->choices);
					everywhere &= strstr(all, want) != NULL;
				}
			}
			if (everywhere)
				return pick;
			end = start > o->choices ? start - 1 : start;
		}
		return o->choices;
	}
	default:
		/* strings parsed after the table (core/config/caps.h): a number is what they take
		 */
		if (!strcmp(o->name, "cpu-max") || !strcmp(o->name, "io-max"))
			return "1";
		return "x";
	}
}

/* Does text mention --name as a whole option name (not "--also" inside "--also-confirm")? */
static int mentions(const char *text, const char *name)
{
	char pat[64];
	size_t n;

	n = (size_t)snprintf(pat, sizeof(pat), "--%s", name);
	for (const char *p = strstr(text, pat); p; p = strstr(p + 1, pat)) {
		char after = p[n];

		if (!((after >= 'a' && after <= 'z') || after == '-'))
			return 1;
	}
	return 0;
}

static void *field(struct sp_config *c, size_t off)
{
	return (char *)c + off;
}

/* The field equals the default parsed from the table's string by units.h, not by the cli. */
static int field_is_default(struct sp_config *c, const struct sp_option *o)
{
	uint64_t u = 0;
	double d = 0;

	switch (o->kind) {
	case SP_OPT_SIZE:
		return sp_parse_size(o->def, &u) == 0 && *(uint64_t *)field(c, o->field) == u;
	case SP_OPT_U64:
		return sp_parse_u64(o->def, &u) == 0 && *(uint64_t *)field(c, o->field) == u;
	case SP_OPT_U32:
		return sp_parse_u64(o->def, &u) == 0 && *(uint32_t *)field(c, o->field) == u;
	case SP_OPT_DURATION:
	case SP_OPT_PERCENT:
	case SP_OPT_NUMBER:
		return sp_parse_seconds(o->def, &d) == 0 && *(double *)field(c, o->field) == d;
	case SP_OPT_CHOICE:
	case SP_OPT_STRING:
		return *(const char **)field(c, o->field) &&
		       !strcmp(*(const char **)field(c, o->field), o->def);
	default:
		return 0;
	}
}

static void check_table(void)
{
	for (size_t i = 0; i < sp_n_options; i++) {
		const struct sp_option *o = &sp_options[i];

		CHECK(o->name && o->help && o->help[0] && o->cmds);
		CHECK(o->kind == SP_OPT_FLAG || (o->metavar && o->metavar[0]));
		CHECK(!(o->def && o->def_note));
		CHECK(!o->def || o->kind != SP_OPT_FLAG);
		/* a default is printed as-is, so it must be the way a user would type it */
		CHECK(!o->def || !strchr(o->def, ' '));
		for (size_t j = i + 1; j < sp_n_options; j++) {
			const struct sp_option *p = &sp_options[j];

			if (strcmp(o->name, p->name))
				continue;
			/* one meaning per command, one field, and not two defaults fighting */
			CHECK((o->cmds & p->cmds) == 0);
			CHECK(o->field == p->field && o->kind == p->kind);
			CHECK(!(o->def && p->def));
		}
	}
}

/* Defaults: applied by the parser from the same entry the help prints. */
static void check_defaults(void)
{
	for (size_t i = 0; i < sp_n_options; i++) {
		const struct sp_option *o = &sp_options[i];

		if (!o->def && !o->def_note)
			continue;
		for (int cmd = SP_CMD_NONE; cmd <= SP_CMD_LAST; cmd++) {
			char want[128], *argv[MAX_ARGS];
			struct sp_err e;
			struct sp_config c;
			int argc;

			if (!sp_option_accepted(o, cmd))
				continue;
			snprintf(want, sizeof(want), "(default: %s)",
				 o->def ? o->def : o->def_note);
			if (!strstr(sp_cli_usage(cmd), want)) {
				fprintf(stderr, "'%s --help' lacks '%s' for --%s\n",
					sp_cmd_name(cmd), want, o->name);
				CHECK(0);
			}
			if (!o->def)
				continue;
			/* garbage first: the parser itself must apply the default */
			memset(&c, 0xa5, sizeof(c));
			argc = minimal_args(cmd, argv);
			CHECK(sp_cli_parse(argc, argv, &c, &e) == 0);
			if (!field_is_default(&c, o)) {
				fprintf(stderr,
					"'%s' without --%s does not apply its default '%s'\n",
					sp_cmd_name(cmd), o->name, o->def);
				CHECK(0);
			}
			/* and sp_config_defaults agrees */
			memset(&c, 0xa5, sizeof(c));
			sp_config_defaults(&c);
			CHECK(field_is_default(&c, o));
			if (o->given)
				CHECK(*(int *)field(&c, o->given) == 0);
		}
	}
}

/* Is opt among the command's minimal arguments already (--target, --confirm)? */
static int given_in(char **argv, int argc, const char *opt)
{
	for (int i = 0; i < argc; i++)
		if (!strcmp(argv[i], opt))
			return 1;
	return 0;
}

/*
 * Each command's help mentions exactly the options the parser accepts for it: every option
 * name is tried on every command, and must parse if and only if the help mentions it.
 */
static void check_help_lists_exactly_accepted(void)
{
	for (int cmd = SP_CMD_NONE; cmd <= SP_CMD_LAST; cmd++) {
		const char *help = sp_cli_usage(cmd);

		for (size_t i = 0; i < sp_n_options; i++) {
			const struct sp_option *o = &sp_options[i];
			char *argv[MAX_ARGS], opt[64];
			struct sp_err e;
			struct sp_config c;
			int argc, accepted, ret;

			argc = minimal_args(cmd, argv);
			snprintf(opt, sizeof(opt), "--%s", o->name);
			/* a paired option needs its leader, and the leader (for run) its pair */
			if (o->kind == SP_OPT_PAIR) {
				argv[argc++] = "--also";
				argv[argc++] = "/dev/sdy";
			}
			if (!given_in(argv, argc, opt)) {
				argv[argc++] = opt;
				if (o->kind != SP_OPT_FLAG)
					argv[argc++] = (char *)sample_arg(o);
			}
			if (!strcmp(o->name, "also")) {
				argv[argc++] = "--also-confirm";
				argv[argc++] = "X2";
			}
			ret = sp_cli_parse(argc, argv, &c, &e);
			accepted = ret == 0;
			if (accepted != mentions(help, o->name)) {
				fprintf(stderr, "'%s': --%s %s but its help %s it (%s)\n",
					sp_cmd_name(cmd), o->name,
					accepted ? "parses" : "is refused",
					mentions(help, o->name) ? "mentions" : "does not mention",
					e.reason);
				CHECK(0);
			}
			if (o->short_name) {
				char s[3] = {'-', o->short_name, 0};

				argc = minimal_args(cmd, argv);
				argv[argc++] = s;
				if (o->kind != SP_OPT_FLAG) /* -o FILE */
					argv[argc++] = (char *)sample_arg(o);
				ret = sp_cli_parse(argc, argv, &c, &e);
				CHECK((ret == 0) == sp_option_accepted(o, cmd));
			}
		}
	}
}

/* Every usage text fits 80 columns and has no printf escapes left in it. */
static void check_rendering(void)
{
	for (int cmd = SP_CMD_NONE; cmd <= SP_CMD_LAST; cmd++) {
		const char *help = sp_cli_usage(cmd);
		int defaults = 0, said = 0;
		static char big[1 << 16];
		char small[64];

		CHECK(help[0] && !strstr(help, "%%"));
		for (const char *l = help; *l;) {
			size_t n = strcspn(l, "\n");

			if (n > 80)
				fprintf(stderr, "'%s --help': line over 80 columns: %.*s\n",
					sp_cmd_name(cmd), (int)n, l);
			CHECK(n <= 80);
			l += n + (l[n] == '\n');
		}
		/* every "default" in a help comes from the table: a hand-written one could drift */
		for (size_t i = 0; i < sp_n_options; i++)
			defaults += sp_option_accepted(&sp_options[i], cmd) &&
				    (sp_options[i].def || sp_options[i].def_note);
		for (const char *p = strstr(help, "default"); p; p = strstr(p + 1, "default"))
			said++;
		if (said != defaults)
			fprintf(stderr, "'%s --help' says 'default' %d times for %d defaults\n",
				sp_cmd_name(cmd), said, defaults);
		CHECK(said == defaults);
		/* sp_cli_usage's storage holds the whole text, not a truncated one */
		CHECK(sp_options_render_usage(cmd, big, sizeof(big)) == (int)strlen(help));
		CHECK(sp_options_render_usage(cmd, small, sizeof(small)) == -ENOSPC);
		CHECK(strlen(small) == sizeof(small) - 1);
	}
	/* the global help names every command */
	for (int cmd = SP_CMD_LIST; cmd <= SP_CMD_LAST; cmd++)
		CHECK(strstr(sp_cli_usage(SP_CMD_NONE), sp_cmd_name(cmd)) != NULL);
}

/*
 * Every "--name" in the file is an option of the table (or a make/tool option the file
 * quotes, listed in `foreign`); with readme, each "`--name ...` (... default X" states the
 * table's default.
 */
static void check_doc(const char *path, int readme)
{
	/* collector: node_exporter's --collector.textfile.directory (docs/metrics.md) */
	static const char *const foreign[] = {"direct-io", "install",	"show", "always",
					      "dirty",	   "collector", NULL};
	char *text = slurp(path, NULL);

	for (char *p = strstr(text, "--"); p; p = strstr(p + 2, "--")) {
		char name[40];
		size_t n = strspn(p + 2, "abcdefghijklmnopqrstuvwxyz-");
		const struct sp_option *o;
		int known = 0;

		if (n == 0 || n >= sizeof(name) || p[2] == '-' || (p > text && p[-1] == '-'))
			continue;
		memcpy(name, p + 2, n);
		name[n] = '\0';
		o = sp_option_find(name, SP_CMD_NONE);
		for (int k = 0; foreign[k]; k++)
			known |= !strcmp(foreign[k], name);
		if (!o && !known) {
			fprintf(stderr, "%s mentions '--%s', which no command takes\n", path, name);
			CHECK(0);
		}
		if (readme && o && p > text && p[-1] == '`') {
			/* the default stated right after this option's code span, if any */
			char *end = strchr(p, '`'), *d = end ? strstr(end, "default ") : NULL;
			char *next = end ? strstr(end, "`--") : NULL;
			char *para = end ? strstr(end, "\n\n") : NULL;

			if (d && (!next || d < next) && (!para || d < para)) {
				char val[32];

				d += strlen("default ");
				n = strcspn(d, " ,;)\n");
				snprintf(val, sizeof(val), "%.*s", (int)n, d);
				const char *def = o->def ? o->def : o->def_note;

				if (!def || strcmp(val, def)) {
					fprintf(stderr,
						"%s says --%s defaults to '%s'; the table: "
						"'%s'\n",
						path, name, val, def ? def : "");
					CHECK(0);
				}
			}
		}
	}
	free(text);
}

int main(void)
{
	static const char *const docs[] = {
	    "docs/appliance.md", "docs/boot.md",   "docs/exit-codes.md", "docs/metrics.md",
	    "docs/method.md",	 "docs/safety.md", "docs/schema.md",	 NULL};

	check_table();
	check_defaults();
	check_help_lists_exactly_accepted();
	check_rendering();
	check_doc("README.md", 1);
	for (int i = 0; docs[i]; i++)
		check_doc(docs[i], 0);
	return CHECK_DONE();
}
