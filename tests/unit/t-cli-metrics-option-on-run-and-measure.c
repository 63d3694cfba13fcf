/*
 * t-cli-metrics-option-on-run-and-measure - --metrics DIR: run, measure and measure --try take it
 * into the config's metrics_dir; left out, it is NULL (no swapplace.prom is written); given
 * twice or without its directory it is a usage error naming it; commands that measure nothing
 * of their own (plan, probe, report, compare, index) refuse it. `report --format prom` is a
 * format the parser takes.
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

	CHECK(parse(&c, err, ARGS("swapplace", "measure")) == 0);
	CHECK(c.metrics_dir == NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--metrics", "/var/lib/node")) == 0);
	CHECK_STR(c.metrics_dir, "/var/lib/node");
	CHECK(parse(&c, err,
		    ARGS("swapplace", "measure", "--try", "zram,file", "--metrics", "m")) == 0);
	CHECK_STR(c.metrics_dir, "m");
	CHECK_STR(c.try_list, "zram,file");
	CHECK(parse(&c, err,
		    ARGS("swapplace", "run", "--target", "/dev/sdb", "--confirm", "X", "--metrics",
			 "/srv/prom", "--out", "r")) == 0);
	CHECK_STR(c.metrics_dir, "/srv/prom");
	CHECK_STR(c.out_dir, "r");

	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--metrics", "a", "--metrics", "b")) ==
	      -EINVAL);
	CHECK(strstr(err, "--metrics") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--metrics")) == -EINVAL);
	CHECK(strstr(err, "--metrics") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb", "--metrics", "m")) ==
	      -EINVAL);
	CHECK_STR(err, "'plan' does not take --metrics");
	CHECK(parse(&c, err, ARGS("swapplace", "probe", "/dev/sdb", "--metrics", "m")) == -EINVAL);
	CHECK(parse(&c, err, ARGS("swapplace", "report", "a.json", "--metrics", "m")) == -EINVAL);
	CHECK(parse(&c, err, ARGS("swapplace", "compare", "a.json", "b.json", "--metrics", "m")) ==
	      -EINVAL);
	CHECK(parse(&c, err, ARGS("swapplace", "index", "reports", "--metrics", "m")) == -EINVAL);

	CHECK(parse(&c, err, ARGS("swapplace", "report", "a.json", "--format", "prom")) == 0);
	CHECK_STR(c.format, "prom");
	CHECK(parse(&c, err,
		    ARGS("swapplace", "report", "a.json", "--format", "prom", "-o", "x.prom")) ==
	      0);
	CHECK_STR(c.output, "x.prom");
	CHECK(parse(&c, err, ARGS("swapplace", "print", "a.json", "--format", "prom")) == -EINVAL);
	return CHECK_DONE();
}
