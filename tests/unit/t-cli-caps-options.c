/*
 * t-cli-caps-options - --cpu-max and --io-max on the command line: run, plan and measure take
 * them and parse them into the config's caps; left out, nothing is asked; a bad value is a
 * usage error naming the option (main exits 2 before anything is touched); commands that run
 * no workload (list, probe) refuse them.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "cli-parse.h"
#include "core/config/cli.h"

int main(void)
{
	struct sp_config c;
	char err[256];

	CHECK(parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb")) == 0);
	CHECK(!sp_caps_asked(&c.caps));
	CHECK(parse(&c, err,
		    ARGS("swapplace", "run", "--target", "/dev/sdb", "--confirm", "X", "--cpu-max",
			 "0.5", "--io-max", "300")) == 0);
	CHECK(c.caps.cpu_max == 0.5);
	CHECK_EQ_U64(c.caps.io_iops, 300);
	CHECK_EQ_U64(c.caps.io_bps, 0);
	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--io-max", "3000,50M")) == 0);
	CHECK(c.caps.cpu_max == 0);
	CHECK_EQ_U64(c.caps.io_iops, 3000);
	CHECK_EQ_U64(c.caps.io_bps, 50ull << 20);
	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--cpu-max", "1")) == 0);
	CHECK(c.caps.cpu_max == 1);

	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--cpu-max", "0")) == -EINVAL);
	CHECK(strstr(err, "--cpu-max") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--cpu-max", "one")) == -EINVAL);
	CHECK(strstr(err, "--cpu-max") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--io-max", "300,")) == -EINVAL);
	CHECK(strstr(err, "--io-max") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--io-max", "0")) == -EINVAL);
	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--cpu-max", "1", "--cpu-max", "2")) ==
	      -EINVAL);
	CHECK(parse(&c, err, ARGS("swapplace", "probe", "--cpu-max", "1", "/dev/sdb")) == -EINVAL);
	CHECK(strstr(err, "--cpu-max") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "list", "--io-max", "300")) == -EINVAL);
	return CHECK_DONE();
}
