/*
 * cli-parse.h - what the command-line unit tests share: parse() runs the parser on fresh
 * defaults and leaves its reason in err (256 bytes), ARGS("swapplace", "run", ...) makes the
 * argc, argv pair from a list of words.
 */
#ifndef SP_TEST_CLI_PARSE_H
#define SP_TEST_CLI_PARSE_H

#include <stdio.h>

#include "core/config/cli.h"
#include "core/config/options.h"
#include "core/err.h"

static inline int parse(struct sp_config *c, char *err, int argc, char **argv)
{
	struct sp_err e;
	int ret;

	sp_config_defaults(c);
	ret = sp_cli_parse(argc, argv, c, &e);
	snprintf(err, 256, "%.255s", e.reason);
	return ret;
}

#define ARGS(...)                                                                                  \
	(sizeof((char *[]){__VA_ARGS__}) / sizeof(char *)), (char *[])                             \
	{                                                                                          \
		__VA_ARGS__                                                                        \
	}

#endif
