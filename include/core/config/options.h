/*
 * options.h - the command line as data (fio's option table is the model): one entry per option
 * says its name, the kind of argument it takes and how that parses, which commands accept it,
 * the struct sp_config field it sets, its default and its help line. The parser (cli.c) feeds
 * getopt_long from it and applies the defaults from it; the usage texts are rendered from it.
 * So help cannot drift from behaviour: a default is applied and printed from the same string,
 * and a command's help lists exactly the options the command accepts. Pure: no I/O.
 */
#ifndef SP_OPTIONS_H
#define SP_OPTIONS_H

#include <stddef.h>

#include "core/config/cli.h"
#include "core/err.h"

/* How an option's argument parses, and what the field it sets is. */
enum sp_opt_kind {
	SP_OPT_FLAG,   /* no argument; int field set to 1 */
	SP_OPT_STRING, /* const char * field */
	SP_OPT_LIST,   /* repeatable: const char *field[cap], size_t count */
	SP_OPT_PAIR,   /* pairs with the last `follows` given: const char *field[cap], its count */
	SP_OPT_SIZE,   /* uint64_t bytes: "512M", "1G" (core/config/units.h, binary units) */
	SP_OPT_DURATION, /* double seconds > 0: "60", "2.5", "500ms", "2m" */
	SP_OPT_U32,	 /* uint32_t, strict decimal */
	SP_OPT_U64,	 /* uint64_t, strict decimal */
	SP_OPT_PERCENT,	 /* double > 0: digits and a '.', no unit */
	SP_OPT_CHOICE,	 /* const char * field, one of `choices` ("text|json") */
	SP_OPT_NUMBER,	 /* double > 0: digits and a '.', no unit (a scale) */
};

#define SP_CMD_BIT(cmd) (1u << (cmd))
#define SP_CMD_LAST SP_CMD_ADVISE

/* flags */
#define SP_OPTF_ONCE 0x1  /* giving it twice is a usage error */
#define SP_OPTF_ZERO 0x2  /* DURATION, PERCENT: 0 is a value (it switches the thing off) */
#define SP_OPTF_COMMA 0x4 /* CHOICE: a comma-separated list of the choices */

struct sp_option {
	const char *name; /* long name, without the "--" */
	char short_name;  /* 'h' for -h; 0: none */
	enum sp_opt_kind kind;
	unsigned cmds;	      /* SP_CMD_BIT() of every command that accepts it */
	size_t field;	      /* offsetof(struct sp_config, the field it sets) */
	size_t count;	      /* LIST, PAIR: offsetof the element count (PAIR: its leader's) */
	size_t cap;	      /* LIST, PAIR: elements in the array */
	size_t given;	      /* offsetof an int set to 1 when given; 0: none (0 is cmd) */
	const char *follows;  /* PAIR: the LIST option it pairs with */
	double min, max;      /* numbers and sizes: inclusive range; max 0: no upper bound */
	const char *choices;  /* CHOICE: the values, '|'-separated */
	unsigned flags;	      /* SP_OPTF_* */
	const char *metavar;  /* what the argument is, in help: "SIZE", "DEV" */
	const char *def;      /* default, as a user would type it: applied and printed */
	const char *def_note; /* NULL def: what leaving it out means, printed as the default */
	const char *help;     /* one line (wrapped when rendered), no default in it */
};

extern const struct sp_option sp_options[];
extern const size_t sp_n_options;

/*
 * The entry for long name (without "--") that cmd accepts; else another entry of that name
 * (so the caller can say "'list' does not take --target"); else NULL.
 */
const struct sp_option *sp_option_find(const char *name, enum sp_cmd cmd);

/* Does cmd accept o? */
static inline int sp_option_accepted(const struct sp_option *o, enum sp_cmd cmd)
{
	return (o->cmds & SP_CMD_BIT(cmd)) != 0;
}

/*
 * Set o's field in c from arg (NULL for a flag), checking the kind and the range.
 * Returns: 0, or -EINVAL with the reason in e ("invalid size '12Q' for --budget").
 */
int sp_option_apply(struct sp_config *c, const struct sp_option *o, const char *arg,
		    struct sp_err *e);

/*
 * Set every field that has a default to it, parsed from the table's string as if the user had
 * typed it. Returns: 0, or -EINVAL when a default in the table does not parse (a bug; e says
 * which).
 */
int sp_options_apply_defaults(struct sp_config *c, struct sp_err *e);

/*
 * Render the usage text of cmd (SP_CMD_NONE: the global one) into buf, lines at most 80
 * columns. Returns: its length, or -ENOSPC when buf is too small (buf then holds a prefix).
 */
int sp_options_render_usage(enum sp_cmd cmd, char *buf, size_t len);

/* The positional argument a command takes ("DEV"), its field, or NULL / 0 when none. */
const char *sp_cmd_positional(enum sp_cmd cmd, size_t *field);
/* Nonzero when the command's one positional argument may be left out (cleanup [JOURNAL]). */
int sp_cmd_positional_optional(enum sp_cmd cmd);

/*
 * A command that takes a list of positional arguments (compare): their array's field, its
 * count's field and its capacity; 0 when the command takes one or none.
 */
size_t sp_cmd_positional_list(enum sp_cmd cmd, size_t *field, size_t *count);

#endif
