/*
 * t-cli-restore-takes-dir-target-confirm - `swapplace restore BACKUP_DIR --target DEV --confirm
 * ID`: all three land in the control struct; without the directory, the target or the
 * confirmation it is a usage error naming what is missing; it takes none of run's other
 * options (a restore has no budget or layout); and the global help lists it.
 */
#include <errno.h>
#include <string.h>

#include "check.h"
#include "cli-parse.h"
#include "core/config/cli.h"

int main(void)
{
	struct sp_config c;
	char err[256];

	CHECK(parse(&c, err,
		    ARGS("swapplace", "restore", "r/backup-sdb", "--target", "serial:WD-1",
			 "--confirm", "WD-1")) == 0);
	CHECK(c.cmd == SP_CMD_RESTORE);
	CHECK_STR(c.input, "r/backup-sdb");
	CHECK_STR(c.target, "serial:WD-1");
	CHECK_STR(c.confirm, "WD-1");

	CHECK(parse(&c, err,
		    ARGS("swapplace", "restore", "--target", "/dev/sdb", "--confirm", "X")) ==
	      -EINVAL);
	CHECK_STR(err, "'restore' needs a backup directory");
	CHECK(parse(&c, err, ARGS("swapplace", "restore", "d", "--confirm", "X")) == -EINVAL);
	CHECK(strstr(err, "needs --target DEV and --confirm ID") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "restore", "d", "--target", "/dev/sdb")) == -EINVAL);
	CHECK(strstr(err, "needs --target DEV and --confirm ID") != NULL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "restore", "d", "e", "--target", "/dev/sdb", "--confirm",
			 "X")) == -EINVAL);
	CHECK_STR(err, "unexpected argument 'e'");
	CHECK(parse(&c, err,
		    ARGS("swapplace", "restore", "d", "--target", "/dev/sdb", "--confirm", "X",
			 "--budget", "1G")) == -EINVAL);
	CHECK_STR(err, "'restore' does not take --budget");
	CHECK(parse(&c, err,
		    ARGS("swapplace", "restore", "d", "--target", "/dev/sdb", "--target",
			 "/dev/sdc", "--confirm", "X")) == -EINVAL);

	CHECK(strstr(sp_cli_usage(SP_CMD_NONE), "restore") != NULL);
	CHECK(strstr(sp_cli_usage(SP_CMD_RESTORE),
		     "swapplace restore BACKUP_DIR --target DEV --confirm ID") != NULL);
	return CHECK_DONE();
}
