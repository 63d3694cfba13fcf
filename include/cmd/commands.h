/*
 * commands.h - the subcommands. Each takes the parsed config and returns an exit code
 * (cli.h SP_EXIT_*); they are the edge, so they print their errors and their output.
 */
#ifndef SP_COMMANDS_H
#define SP_COMMANDS_H

#include "core/config/cli.h"

int sp_cmd_list(const struct sp_config *c);
int sp_cmd_plan(const struct sp_config *c);
int sp_cmd_run(const struct sp_config *c);
int sp_cmd_measure(const struct sp_config *c);
int sp_cmd_probe(const struct sp_config *c);
int sp_cmd_report(const struct sp_config *c);
int sp_cmd_profile(const struct sp_config *c);
int sp_cmd_print(const struct sp_config *c);
int sp_cmd_compare(const struct sp_config *c); /* cmd/compare.c */
int sp_cmd_index(const struct sp_config *c);
int sp_cmd_restore(const struct sp_config *c); /* cmd/restore.c */
int sp_cmd_cleanup(const struct sp_config *c); /* cmd/cleanup.c */
int sp_cmd_advise(const struct sp_config *c);  /* cmd/advise.c */

#endif
