/*
 * t-sweep-parser-refuses-bad-knobs-and-values - --sweep KNOB=V1,V2,...: swappiness and
 * page-cluster parse with their values in order; every other knob, a missing '=', an empty,
 * signed, hexadecimal or out-of-range value, a value twice, a single value, too many values and
 * a knob swept twice are refused with a message that names the argument and what is wrong; the
 * command line takes --sweep (repeatable) for run and plan only; the sweep's runs go round by
 * round, knob by knob, each placement's values back to back.
 */
#include <errno.h>
#include <string.h>

#include "check.h"
#include "core/config/cli.h"
#include "core/scenario/sweep.h"

static void refused(const char *arg, const char *want)
{
	const char *args[] = {arg};
	struct sp_sweep_plan p;
	struct sp_err e;

	CHECK(sp_sweep_parse(args, 1, &p, &e) == -EINVAL);
	if (!strstr(e.reason, want) || !strstr(e.reason, arg))
		fprintf(stderr, "'%s': message '%s' does not say '%s'\n", arg, e.reason, want);
	CHECK(strstr(e.reason, want) != NULL);
	CHECK(strstr(e.reason, arg) != NULL);
}

static void parses(void)
{
	const char *args[] = {"swappiness=10,60,100", "page-cluster=0,3"};
	struct sp_sweep_plan p;
	struct sp_err e;

	CHECK(sp_sweep_parse(args, 2, &p, &e) == 0);
	CHECK_STR(e.reason, "");
	CHECK_EQ_U64(p.n_knobs, 2);
	CHECK(p.knobs[0].knob == SP_KNOB_SWAPPINESS);
	CHECK_EQ_U64(p.knobs[0].n_values, 3);
	CHECK(p.knobs[0].values[0] == 10 && p.knobs[0].values[1] == 60 &&
	      p.knobs[0].values[2] == 100);
	CHECK(p.knobs[1].knob == SP_KNOB_PAGE_CLUSTER);
	CHECK(p.knobs[1].n_values == 2 && p.knobs[1].values[0] == 0 && p.knobs[1].values[1] == 3);
	CHECK_STR(sp_knob_sysctl(SP_KNOB_SWAPPINESS), "vm.swappiness");
	CHECK_STR(sp_knob_sysctl(SP_KNOB_PAGE_CLUSTER), "vm.page-cluster");
	/* the edges of the ranges are values */
	args[0] = "swappiness=0,200";
	args[1] = "page-cluster=10,0";
	CHECK(sp_sweep_parse(args, 2, &p, &e) == 0);
	CHECK(sp_sweep_parse(args, 0, &p, &e) == 0 && p.n_knobs == 0);
}

static void refuses(void)
{
	const char *twice[] = {"swappiness=10,60", "swappiness=100,1"};
	struct sp_sweep_plan p;
	struct sp_err e;

	refused("dirty_ratio=10,20", "unknown knob 'dirty_ratio'");
	refused("vm.swappiness=10,20", "unknown knob 'vm.swappiness'");
	refused("swappiness", "give KNOB=V1,V2");
	refused("swappiness=", "an empty value");
	refused("swappiness=10,,60", "an empty value");
	refused("swappiness=10,", "an empty value");
	refused("swappiness=-1,10", "'-1' is not a whole number");
	refused("swappiness=0x10,10", "'0x10' is not a whole number");
	refused("swappiness=1.5,10", "'1.5' is not a whole number");
	refused("swappiness=10,201", "201 is out of range (0 to 200)");
	refused("page-cluster=0,11", "11 is out of range (0 to 10)");
	refused("swappiness=60,10,60", "60 is given twice");
	refused("swappiness=60", "at least two values");
	refused("swappiness=1,2,3,4,5,6,7", "more than 6 values");
	CHECK(sp_sweep_parse(twice, 2, &p, &e) == -EINVAL);
	CHECK(strstr(e.reason, "swappiness is swept twice") != NULL);
}

static void command_line(void)
{
	char *ok[] = {"swapplace", "run",     "--target",	  "/dev/x",  "--confirm",
		      "1",	   "--sweep", "swappiness=10,60", "--sweep", "page-cluster=0,3",
		      NULL};
	char *measure[] = {"swapplace", "measure", "--sweep", "swappiness=10,60", NULL};
	struct sp_config c;
	struct sp_err e;

	CHECK(sp_cli_parse(10, ok, &c, &e) == 0);
	CHECK_EQ_U64(c.n_sweeps, 2);
	CHECK_STR(c.sweeps[0], "swappiness=10,60");
	CHECK_STR(c.sweeps[1], "page-cluster=0,3");
	CHECK(sp_cli_parse(4, measure, &c, &e) == -EINVAL);
	CHECK(strstr(e.reason, "'measure' does not take --sweep") != NULL);
}

static void order(void)
{
	const char *args[] = {"swappiness=10,60,100", "page-cluster=0,3"};
	struct sp_sweep_plan p;
	struct sp_sweep_step s;
	struct sp_err e;
	/* round, knob, placement, value */
	static const size_t want[][4] = {
	    {0, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, 0, 2}, {0, 0, 1, 0}, {0, 0, 1, 1}, {0, 0, 1, 2},
	    {0, 1, 0, 0}, {0, 1, 0, 1}, {0, 1, 1, 0}, {0, 1, 1, 1}, {1, 1, 1, 1}, /* round 2:
										     backwards */
	    {1, 1, 1, 0},
	};

	CHECK(sp_sweep_parse(args, 2, &p, &e) == 0);
	CHECK_EQ_U64(sp_sweep_n_steps(&p, 2, 2), 20);
	CHECK_EQ_U64(sp_sweep_n_steps(&p, 0, 2), 0);
	for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
		CHECK(sp_sweep_step_at(&p, 2, 2, k, &s) == 0);
		CHECK(s.round == want[k][0] && s.knob == want[k][1] && s.placement == want[k][2] &&
		      s.value == want[k][3]);
	}
	CHECK(sp_sweep_step_at(&p, 2, 2, 19, &s) == 0);
	CHECK(s.round == 1 && s.knob == 0 && s.placement == 0 && s.value == 0);
	CHECK(sp_sweep_step_at(&p, 2, 2, 20, &s) == -EINVAL);
}

int main(void)
{
	parses();
	refuses();
	command_line();
	order();
	return CHECK_DONE();
}
