/*
 * The command line: every subcommand's options land in the control struct, and every kind of
 * bad input is a usage error with a message naming what was wrong.
 */
#include <errno.h>
#include <stdint.h>

#include "check.h"
#include "core/cli.h"

static int parse(struct sp_config *c, char *err, int argc, char **argv)
{
	sp_config_defaults(c);
	return sp_cli_parse(argc, argv, c, err, 256);
}

#define ARGS(...) (sizeof((char *[]){ __VA_ARGS__ }) / sizeof(char *)), (char *[]){ __VA_ARGS__ }

int main(void)
{
	struct sp_config c;
	char err[256];

	CHECK(parse(&c, err, ARGS("swapplace", "run", "--target", "/dev/sdb", "--confirm",
				  "WD-123", "--budget", "512M", "--time-per-placement", "30",
				  "--seed", "42", "--also", "/dev/nvme0n1", "--also-confirm",
				  "S4X", "--out", "/tmp/r")) == 0);
	CHECK(c.cmd == SP_CMD_RUN);
	CHECK_STR(c.target, "/dev/sdb");
	CHECK_STR(c.confirm, "WD-123");
	CHECK_EQ_U64(c.budget_bytes, 512ull << 20);
	CHECK(c.time_per_placement_s == 30);
	CHECK_EQ_U64(c.seed, 42);
	CHECK_EQ_U64(c.n_also, 1);
	CHECK_STR(c.also_confirm[0], "S4X");
	CHECK_STR(c.out_dir, "/tmp/r");

	/* defaults */
	CHECK(parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb")) == 0);
	CHECK_EQ_U64(c.swap_bytes, 1ull << 30);
	CHECK(c.ci_target_pct == 5);

	/* usage errors, each with its message */
	CHECK(parse(&c, err, ARGS("swapplace", "run", "--target", "/dev/sdb")) == -EINVAL);
	CHECK(strstr(err, "--confirm") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "run", "--target", "/dev/sdb", "--confirm", "x",
				  "--bogus")) == -EINVAL);
	CHECK(strstr(err, "unknown option '--bogus'") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb", "--budget",
				  "12Q")) == -EINVAL);
	CHECK(strstr(err, "invalid size '12Q' for --budget") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb", "--budget")) ==
	      -EINVAL);
	CHECK(strstr(err, "needs a value") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/a", "--target",
				  "/dev/b")) == -EINVAL);
	CHECK(strstr(err, "twice") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "frobnicate")) == -EINVAL);
	CHECK(strstr(err, "unknown command 'frobnicate'") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "list", "--target", "/dev/sdb")) == -EINVAL);
	CHECK(strstr(err, "does not take --target") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "run", "--target", "/dev/sdb", "--confirm", "x",
				  "--also", "/dev/sdc")) == -EINVAL);
	CHECK(strstr(err, "--also-confirm") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb",
				  "--time-per-placement", "-3")) == -EINVAL);
	CHECK(parse(&c, err, ARGS("swapplace", "probe")) == -EINVAL);
	CHECK(parse(&c, err, ARGS("swapplace", "report", "a.json", "b.json")) == -EINVAL);
	CHECK(strstr(err, "unexpected argument 'b.json'") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "report", "a.json", "--format", "pdf")) == -EINVAL);
	CHECK(parse(&c, err, ARGS("swapplace")) == -EINVAL);

	/* positional arguments and options in any order */
	CHECK(parse(&c, err, ARGS("swapplace", "probe", "/dev/loop0", "--json", "--offset",
				  "1M", "--length", "64M")) == 0);
	CHECK_STR(c.device, "/dev/loop0");
	CHECK(c.json == 1);
	CHECK_EQ_U64(c.offset_bytes, 1 << 20);
	CHECK_EQ_U64(c.length_bytes, 64 << 20);

	/* help and version are not errors */
	CHECK(parse(&c, err, ARGS("swapplace", "run", "--help")) == 0 && c.help);
	CHECK(parse(&c, err, ARGS("swapplace", "--version")) == 0 && c.version);

	/* --only filter: exact names and families */
	CHECK(parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb", "--only",
				  "start,zram")) == 0);
	CHECK(sp_config_wants(&c, "start"));
	CHECK(sp_config_wants(&c, "zram-lz4"));
	CHECK(!sp_config_wants(&c, "end"));
	CHECK(!sp_config_wants(&c, "startx"));
	return CHECK_DONE();
}
