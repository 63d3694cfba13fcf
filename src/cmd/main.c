/*
 * main.c - the edge: parse the command line, dispatch, and turn results into exit codes.
 */
#include <stdio.h>

#include "act/undo.h"
#include "cmd/commands.h"
#include "cmd/fail.h"
#include "cmd/run_common.h"
#include "core/config/cli.h"

int main(int argc, char **argv)
{
	struct sp_config c;
	struct sp_err e;

	sp_config_defaults(&c);
	if (sp_cli_parse(argc, argv, &c, &e) < 0) {
		sp_fail(SP_EXIT_USAGE, NULL, "%s", e.reason);
		fprintf(stderr, "%s", sp_cli_usage(c.cmd));
		return SP_EXIT_USAGE;
	}
	if (c.version) {
		printf("swapplace %s\n", SP_VERSION);
		return SP_EXIT_OK;
	}
	if (c.help) {
		fputs(sp_cli_usage(c.cmd), stdout);
		return SP_EXIT_OK;
	}
	/* every change from here on registers its undo; signals unwind through it */
	sp_undo_install();

	/* before anything is looked at: a machine too small for the budget is refused at once */
	if (c.cmd == SP_CMD_PLAN || c.cmd == SP_CMD_RUN || c.cmd == SP_CMD_MEASURE) {
		int rc = sp_cmd_budget(&c);

		if (rc != SP_EXIT_OK)
			return rc;
	}
	switch (c.cmd) {
	case SP_CMD_LIST:
		return sp_cmd_list(&c);
	case SP_CMD_PLAN:
		return sp_cmd_plan(&c);
	case SP_CMD_RUN:
		return sp_cmd_run(&c);
	case SP_CMD_MEASURE:
		return sp_cmd_measure(&c);
	case SP_CMD_PROBE:
		return sp_cmd_probe(&c);
	case SP_CMD_REPORT:
		return sp_cmd_report(&c);
	case SP_CMD_PROFILE:
		return sp_cmd_profile(&c);
	case SP_CMD_PRINT:
		return sp_cmd_print(&c);
	case SP_CMD_COMPARE:
		return sp_cmd_compare(&c);
	case SP_CMD_INDEX:
		return sp_cmd_index(&c);
	case SP_CMD_RESTORE:
		return sp_cmd_restore(&c);
	case SP_CMD_CLEANUP:
		return sp_cmd_cleanup(&c);
	case SP_CMD_ADVISE:
		return sp_cmd_advise(&c);
	default:
		return sp_fail(SP_EXIT_USAGE, NULL, "no such command");
	}
}
