/*
 * t-cli-job-user-names-who-runs-the-job - --job-user NAME|UID is parsed and range-checked on
 * the command line (a name of portable characters up to 32, a uid up to 4294967294, never
 * (uid_t)-1) and is listed in run's help; without it the job's user comes from
 * SUDO_UID/SUDO_GID; with neither, or with SUDO_UID 0 (root, not asked for), --job is refused
 * with a reason that says to pass --job-user. Root only when named: --job-user root or 0.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "cli-parse.h"
#include "core/config/cli.h"

static int choose(const char *ju, const char *su, const char *sg, struct sp_job_user *u, char *err)
{
	struct sp_err e;
	int ret;

	sp_err_init(&e);
	ret = sp_job_user_choose(ju, su, sg, u, &e);
	snprintf(err, 256, "%.255s", e.reason);
	return ret;
}

static void command_line(void)
{
	struct sp_config c;
	char err[256];

	CHECK(parse(&c, err,
		    ARGS("swapplace", "run", "--target", "/dev/sdb", "--confirm", "X", "--job",
			 "make", "--job-user", "alice")) == 0);
	CHECK_STR(c.job_user, "alice");
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--job", "make", "--job-user",
			 "4294967294")) == 0);
	/* (uid_t)-1 is setresuid's "leave it": never a user */
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--job", "make", "--job-user",
			 "4294967295")) == -EINVAL);
	CHECK(strstr(err, "invalid uid '4294967295' for --job-user") != NULL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--job", "make", "--job-user",
			 "99999999999")) == -EINVAL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--job", "make", "--job-user",
			 "a b")) == -EINVAL);
	CHECK(strstr(err, "invalid user name 'a b' for --job-user") != NULL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--job", "make", "--job-user",
			 "")) == -EINVAL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--job", "make", "--job-user",
			 "../root")) == -EINVAL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--job", "make", "--job-user",
			 "-x")) == -EINVAL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--job", "make", "--job-user",
			 "abcdefghijklmnopqrstuvwxyz0123456")) == -EINVAL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--job", "a", "--job-user",
			 "a", "--job-user", "b")) == -EINVAL);
	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--job-user", "alice")) == -EINVAL);
	CHECK(strstr(sp_cli_usage(SP_CMD_RUN), "--job-user NAME|UID") != NULL);
	CHECK(strstr(sp_cli_usage(SP_CMD_PLAN), "--job-user NAME|UID") != NULL);
}

static void who(void)
{
	struct sp_job_user u;
	char err[256];

	/* --job-user wins over sudo's variables */
	CHECK(choose("alice", "1000", "1000", &u, err) == 0);
	CHECK(u.by_name && !u.from_sudo);
	CHECK_STR(u.name, "alice");
	CHECK(choose("root", NULL, NULL, &u, err) == 0);
	CHECK(u.by_name);
	CHECK_STR(u.name, "root");
	CHECK(choose("0", NULL, NULL, &u, err) == 0);
	CHECK(!u.by_name && u.uid == 0);
	CHECK(choose("1000", NULL, NULL, &u, err) == 0);
	CHECK(!u.by_name && u.uid == 1000 && !u.has_gid);
	CHECK(choose("build$", NULL, NULL, &u, err) == 0);
	CHECK(choose("bu$ild", NULL, NULL, &u, err) == -EINVAL);

	/* sudo's */
	CHECK(choose(NULL, "1000", "1001", &u, err) == 0);
	CHECK(u.from_sudo && !u.by_name && u.uid == 1000 && u.has_gid && u.gid == 1001);
	CHECK(choose(NULL, "1000", NULL, &u, err) == 0);
	CHECK(u.uid == 1000 && !u.has_gid);
	CHECK(choose(NULL, "1000", "x", &u, err) == -EINVAL);
	CHECK(strstr(err, "SUDO_GID 'x'") != NULL);
	CHECK(choose(NULL, "-1", NULL, &u, err) == -EINVAL);
	CHECK(choose(NULL, "4294967295", NULL, &u, err) == -EINVAL);
	/* root through sudo from root: only when asked for by name */
	CHECK(choose(NULL, "0", "0", &u, err) == -EINVAL);
	CHECK(strstr(err, "--job-user root") != NULL);
	/* nobody to run it as */
	CHECK(choose(NULL, NULL, NULL, &u, err) == -EINVAL);
	CHECK(strstr(err, "pass --job-user") != NULL);
	CHECK(choose(NULL, "", "", &u, err) == -EINVAL);
}

int main(void)
{
	command_line();
	who();
	return CHECK_DONE();
}
