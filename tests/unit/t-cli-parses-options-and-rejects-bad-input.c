/*
 * The command line: every subcommand's options land in the control struct, and every kind of
 * bad input is a usage error with a message naming what was wrong.
 */
#include <errno.h>
#include <stdint.h>

#include "check.h"
#include "cli-parse.h"
#include "core/config/cli.h"

/* The job's options: defaults, values, and bad values refused with the option named. */
static void job_options(void)
{
	struct sp_config c;
	char err[256];

	CHECK(parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb")) == 0);
	CHECK_STR(c.scenario, "build");
	CHECK(c.job_scale == 1 && c.repeat == 1 && c.job_timeout_s == 3600);
	CHECK(!c.job_cmd && !c.job_dir && !c.page_cluster_given);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--scenario", "none",
			 "--job-scale", "0.25", "--repeat", "3", "--page-cluster", "0",
			 "--job-timeout", "90s")) == 0);
	CHECK_STR(c.scenario, "none");
	CHECK(c.job_scale == 0.25 && c.repeat == 3 && c.job_timeout_s == 90);
	CHECK(c.page_cluster_given && c.page_cluster == 0);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "run", "--target", "/dev/sdb", "--confirm", "X", "--job",
			 "make -j2", "--job-dir", "/src")) == 0);
	CHECK_STR(c.job_cmd, "make -j2");
	CHECK_STR(c.job_dir, "/src");
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--scenario", "gcc")) ==
	      -EINVAL);
	CHECK(strstr(err, "--scenario") && strstr(err, "build|service|cache|gc|all|none"));
	/* a comma list of the scenarios, each one of them, no empty item */
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--scenario", "build,service",
			 "--service-time", "3")) == 0);
	CHECK_STR(c.scenario, "build,service");
	CHECK(c.service_time_s == 3);
	CHECK(parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb")) == 0);
	CHECK(c.service_time_s == 20);
	CHECK(c.cache_time_s == 8 && c.gc_time_s == 10);
	CHECK(c.cache_threads == 8); /* the seed's sysbench threads */
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--cache-threads", "2")) ==
	      0);
	CHECK(c.cache_threads == 2);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--cache-threads", "0")) ==
	      -EINVAL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--cache-threads", "65")) ==
	      -EINVAL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "run", "--target", "/dev/sdb", "--confirm", "X", "--scenario",
			 "cache,gc", "--cache-time", "2", "--gc-time", "3")) == 0);
	CHECK_STR(c.scenario, "cache,gc");
	CHECK(c.cache_time_s == 2 && c.gc_time_s == 3);
	CHECK(parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb", "--gc-time", "0")) ==
	      -EINVAL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--cache-time", "soon")) ==
	      -EINVAL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--scenario", "build,gcc")) ==
	      -EINVAL);
	CHECK(strstr(err, "invalid value 'build,gcc' for --scenario (a comma list of") != NULL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--scenario", "build,")) ==
	      -EINVAL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--scenario", ",service")) ==
	      -EINVAL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--service-time", "0")) ==
	      -EINVAL);
	/* measure runs the service too (on a live server, beside no swap), but no build job */
	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--service-time", "3")) == 0);
	CHECK(c.service_time_s == 3 && !c.scenario_given);
	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--scenario", "service,none")) == 0);
	CHECK(c.scenario_given && !strcmp(c.scenario, "service,none"));
	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--scenario", "build")) == -EINVAL);
	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--try", "zram,file:/srv")) == 0);
	CHECK(!strcmp(c.try_list, "zram,file:/srv"));
	CHECK(parse(&c, err,
		    ARGS("swapplace", "run", "--target", "/dev/sdb", "--confirm", "X", "--try",
			 "zram")) == -EINVAL);
	/* a CHOICE without the comma flag still takes one value only */
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--layout",
			 "installed,centred")) == -EINVAL);
	CHECK(
	    parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb", "--job-scale", "0")) ==
	    -EINVAL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--job-scale", "17")) ==
	      -EINVAL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--job-scale", "1s")) ==
	      -EINVAL);
	CHECK(strstr(err, "invalid number '1s' for --job-scale") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb", "--repeat", "0")) ==
	      -EINVAL);
	CHECK(parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb", "--repeat", "9")) ==
	      -EINVAL); /* a result holds at most 8 runs */
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--page-cluster", "11")) ==
	      -EINVAL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--job-timeout", "0")) ==
	      -EINVAL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--job", "a", "--job",
			 "b")) == -EINVAL);
	/* measure runs no job */
	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--repeat", "2")) == -EINVAL);
}

int main(void)
{
	job_options();
	struct sp_config c;
	char err[256];

	CHECK(parse(&c, err,
		    ARGS("swapplace", "run", "--target", "/dev/sdb", "--confirm", "WD-123",
			 "--budget", "512M", "--time-per-placement", "30", "--seed", "42", "--also",
			 "/dev/nvme0n1", "--also-confirm", "S4X", "--out", "/tmp/r")) == 0);
	CHECK(c.cmd == SP_CMD_RUN);
	CHECK_STR(c.target, "/dev/sdb");
	CHECK_STR(c.confirm, "WD-123");
	CHECK_EQ_U64(c.budget_bytes, 512ull << 20);
	CHECK(c.budget_given == 1);
	CHECK(c.time_per_placement_s == 30);
	CHECK_EQ_U64(c.seed, 42);
	CHECK_EQ_U64(c.n_also, 1);
	CHECK_STR(c.also_confirm[0], "S4X");
	CHECK_STR(c.out_dir, "/tmp/r");

	/* defaults */
	CHECK(parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb")) == 0);
	CHECK_EQ_U64(c.swap_bytes, 1ull << 30);
	CHECK(c.ci_target_pct == 0); /* sample the whole time: the plan's estimate holds */

	/* usage errors, each with its message */
	CHECK(parse(&c, err, ARGS("swapplace", "run", "--target", "/dev/sdb")) == -EINVAL);
	CHECK(strstr(err, "--confirm") != NULL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "run", "--target", "/dev/sdb", "--confirm", "x",
			 "--bogus")) == -EINVAL);
	CHECK(strstr(err, "unknown option '--bogus'") != NULL);
	CHECK(
	    parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb", "--budget", "12Q")) ==
	    -EINVAL);
	CHECK(strstr(err, "invalid size '12Q' for --budget") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb", "--budget")) ==
	      -EINVAL);
	CHECK(strstr(err, "needs a value") != NULL);
	CHECK(
	    parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/a", "--target", "/dev/b")) ==
	    -EINVAL);
	CHECK(strstr(err, "twice") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "frobnicate")) == -EINVAL);
	CHECK(strstr(err, "unknown command 'frobnicate'") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "list", "--target", "/dev/sdb")) == -EINVAL);
	CHECK(strstr(err, "does not take --target") != NULL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "run", "--target", "/dev/sdb", "--confirm", "x", "--also",
			 "/dev/sdc")) == -EINVAL);
	CHECK(strstr(err, "--also-confirm") != NULL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--time-per-placement",
			 "-3")) == -EINVAL);
	CHECK(parse(&c, err, ARGS("swapplace", "probe")) == -EINVAL);
	CHECK(parse(&c, err, ARGS("swapplace", "report", "a.json", "b.json")) == -EINVAL);
	CHECK(strstr(err, "unexpected argument 'b.json'") != NULL);
	CHECK(parse(&c, err, ARGS("swapplace", "report", "a.json", "--format", "docx")) == -EINVAL);
	CHECK(parse(&c, err, ARGS("swapplace")) == -EINVAL);

	/* positional arguments and options in any order */
	CHECK(parse(&c, err,
		    ARGS("swapplace", "probe", "/dev/loop0", "--json", "--offset", "1M", "--length",
			 "64M")) == 0);
	CHECK_STR(c.device, "/dev/loop0");
	CHECK(c.json == 1);
	CHECK_EQ_U64(c.offset_bytes, 1 << 20);
	CHECK_EQ_U64(c.length_bytes, 64 << 20);

	/* help and version are not errors */
	CHECK(parse(&c, err, ARGS("swapplace", "run", "--help")) == 0 && c.help);
	CHECK(parse(&c, err, ARGS("swapplace", "--version")) == 0 && c.version);

	/* the defaults the help promises, as numbers (probe's help once said 20 s; 60 applies) */
	memset(&c, 0xa5, sizeof(c));
	CHECK(parse(&c, err, ARGS("swapplace", "probe", "/dev/loop0")) == 0);
	CHECK(c.time_per_placement_s == 60);
	CHECK(c.ci_target_pct == 0);
	CHECK_EQ_U64(c.seed, 1);
	CHECK(c.seed_given == 0 && c.json == 0 && c.out_dir == NULL && c.help == 0);
	CHECK_EQ_U64(c.offset_bytes, 0);
	CHECK_EQ_U64(c.length_bytes, 0);
	CHECK(parse(&c, err, ARGS("swapplace", "measure")) == 0);
	/* no default in the table: the edge chooses it from the RAM (core/config/budget.h) */
	CHECK_EQ_U64(c.budget_bytes, 0);
	CHECK(c.budget_given == 0);
	CHECK_EQ_U64(c.threads, 2);
	CHECK(c.n_swaps == 0);
	CHECK(parse(&c, err, ARGS("swapplace", "report", "r.json")) == 0);
	CHECK_STR(c.format, "text");
	CHECK(parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb", "--seed", "7")) ==
	      0);
	CHECK(c.seed_given == 1 && c.seed == 7);

	/* each kind's bad input, with the option and the allowed range named */
	CHECK(
	    parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb", "--threads", "65")) ==
	    -EINVAL);
	CHECK_STR(err, "invalid number '65' for --threads (1 to 64)");
	CHECK(parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb", "--threads", "0")) ==
	      -EINVAL);
	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--threads", "1")) == 0 &&
	      c.threads == 1);
	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--threads", "64")) == 0 &&
	      c.threads == 64);
	CHECK(parse(&c, err, ARGS("swapplace", "probe", "x", "--ci", "50.5")) == -EINVAL);
	CHECK_STR(err, "invalid percentage '50.5' for --ci (0 to 50)");
	CHECK(parse(&c, err, ARGS("swapplace", "probe", "x", "--ci", "5S")) == -EINVAL);
	CHECK(parse(&c, err, ARGS("swapplace", "probe", "x", "--ci", "0")) == 0 &&
	      c.ci_target_pct == 0);
	CHECK(parse(&c, err, ARGS("swapplace", "probe", "x", "--ci", "-1")) == -EINVAL);
	CHECK(parse(&c, err, ARGS("swapplace", "probe", "x", "--ci", "0.5")) == 0 &&
	      c.ci_target_pct == 0.5);
	CHECK(parse(&c, err, ARGS("swapplace", "probe", "x", "--time-per-placement", "1.5m")) ==
		  0 &&
	      c.time_per_placement_s == 90);
	CHECK(parse(&c, err, ARGS("swapplace", "probe", "x", "--time-per-placement", "0")) ==
	      -EINVAL);
	CHECK_STR(err, "invalid duration '0' for --time-per-placement");
	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--seed", "-1")) == -EINVAL);
	CHECK_STR(err, "invalid number '-1' for --seed");
	CHECK(
	    parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb", "--swap-size", "0")) ==
	    -EINVAL);
	CHECK_STR(err, "invalid size '0' for --swap-size");
	CHECK(parse(&c, err, ARGS("swapplace", "probe", "x", "--offset", "0")) == 0);
	CHECK(parse(&c, err, ARGS("swapplace", "report", "a.json", "--format", "docx")) == -EINVAL);
	CHECK_STR(err, "invalid value 'docx' for --format (one of text|json|html|csv|ps|pdf|prom)");
	CHECK(parse(&c, err, ARGS("swapplace", "report", "a.json", "--format", "json")) == 0);
	CHECK_STR(c.format, "json");
	/* report: every format, -o, the pages; print: its printer and its three formats */
	CHECK(parse(&c, err,
		    ARGS("swapplace", "report", "a.json", "--format", "pdf", "-o", "r.pdf",
			 "--paper", "letter", "--duplex")) == 0);
	CHECK_STR(c.format, "pdf");
	CHECK_STR(c.output, "r.pdf");
	CHECK_STR(c.paper, "letter");
	CHECK(c.duplex == 1);
	CHECK(parse(&c, err, ARGS("swapplace", "report", "a.json", "--paper", "a5")) == -EINVAL);
	CHECK_STR(err, "invalid value 'a5' for --paper (one of a4|letter)");
	CHECK(parse(&c, err, ARGS("swapplace", "print", "a.json")) == 0);
	CHECK_STR(c.printer, "/dev/usb/lp0");
	CHECK_STR(c.format, "text");
	CHECK_STR(c.paper, "a4");
	CHECK(c.duplex == 0);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "print", "a.json", "--printer", "/tmp/lp", "--format",
			 "ps")) == 0);
	CHECK_STR(c.printer, "/tmp/lp");
	CHECK_STR(c.format, "ps");
	CHECK(parse(&c, err, ARGS("swapplace", "print", "a.json", "--format", "html")) == -EINVAL);
	CHECK_STR(err, "invalid value 'html' for --format (one of text|ps|pdf)");
	CHECK(parse(&c, err, ARGS("swapplace", "print")) == -EINVAL);
	CHECK(parse(&c, err, ARGS("swapplace", "print", "a.json", "-o", "x")) == -EINVAL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "run", "--target", "/dev/sdz", "--confirm", "X", "--paper",
			 "letter", "--duplex")) == 0);
	CHECK(parse(&c, err, ARGS("swapplace", "list", "--duplex")) == -EINVAL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--also-confirm", "S1")) ==
	      -EINVAL);
	CHECK_STR(err, "--also-confirm 'S1' must follow its --also");
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--also", "a",
			 "--also-confirm", "S1", "--also-confirm", "S2")) == -EINVAL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--also", "1", "--also", "2",
			 "--also", "3", "--also", "4", "--also", "5", "--also", "6", "--also", "7",
			 "--also", "8", "--also", "9")) == -EINVAL);
	CHECK_STR(err, "too many --also (at most 8, at '9')");
	CHECK(parse(&c, err,
		    ARGS("swapplace", "measure", "--swap", "/dev/a", "--swap", "/swapfile")) == 0);
	CHECK_EQ_U64(c.n_swaps, 2);
	CHECK_STR(c.swaps[1], "/swapfile");

	/* which command takes what: --out (run, measure, probe), global-only --version */
	CHECK(parse(&c, err, ARGS("swapplace", "probe", "x", "--out", "/tmp/p")) == 0);
	CHECK_STR(c.out_dir, "/tmp/p");
	CHECK(parse(&c, err, ARGS("swapplace", "list", "--out", "/tmp/p")) == -EINVAL);
	CHECK_STR(err, "'list' does not take --out");
	CHECK(parse(&c, err, ARGS("swapplace", "run", "--version")) == -EINVAL);
	CHECK_STR(err, "'run' does not take --version");
	CHECK(parse(&c, err, ARGS("swapplace", "run", "-V")) == -EINVAL);
	CHECK(parse(&c, err, ARGS("swapplace", "run", "-x")) == -EINVAL);
	CHECK_STR(err, "unknown option '-x'");
	CHECK(parse(&c, err, ARGS("swapplace", "--bogus")) == -EINVAL);
	CHECK_STR(err, "unknown option '--bogus' (try 'swapplace --help')");
	CHECK(parse(&c, err, ARGS("swapplace", "-V")) == 0 && c.version && !c.help);
	CHECK(parse(&c, err, ARGS("swapplace", "help")) == 0 && c.help && c.cmd == SP_CMD_NONE);
	CHECK(parse(&c, err, ARGS("swapplace", "-h")) == 0 && c.help);
	CHECK(parse(&c, err, ARGS("swapplace", "probe", "-h")) == 0 && c.help &&
	      c.cmd == SP_CMD_PROBE);
	CHECK(parse(&c, err, ARGS("swapplace", "report")) == -EINVAL);
	CHECK_STR(err, "'report' needs a report.json");

	/* usage texts: each command's own, the global one for none */
	CHECK(strstr(sp_cli_usage(SP_CMD_PROBE), "usage: swapplace probe DEV") != NULL);
	CHECK(strstr(sp_cli_usage(SP_CMD_NONE), "usage: swapplace <command>") != NULL);
	CHECK(strstr(sp_cli_usage(SP_CMD_PROBE), "--time-per-placement SECONDS") != NULL);

	/* --only is kept as typed; core/plan/placements.c matches it (t-placements-*) */
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--only", "start,zram")) ==
	      0);
	CHECK_STR(c.only, "start,zram");
	return CHECK_DONE();
}
