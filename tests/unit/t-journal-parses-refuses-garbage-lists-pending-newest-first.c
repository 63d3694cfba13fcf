/*
 * The run journal's text (core/safety/journal.h): records format and parse back field for field
 * (spaces, '%', "-" and empty fields included); a whole journal tells finished from not and
 * lists what is left to undo newest first; a torn last line is ignored, while garbage lines,
 * unknown kinds, another version and a missing header are refused with the line named; the
 * record check lets cleanup act only on what swapplace makes.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/safety/journal.h"

static const char *head_line(void)
{
	static char buf[SP_JOURNAL_LINE_MAX];
	struct sp_jhead h = {.pid = 4242, .start_ticks = 987654, .time = 1700000000};

	snprintf(h.boot_id, sizeof(h.boot_id), "0b6f2a4e-1c1d-4b6e-9f0a-3c2d1e0f9a8b");
	snprintf(h.cmd, sizeof(h.cmd), "run");
	snprintf(h.twin, sizeof(h.twin), "/run/swapplace/journal 4242");
	CHECK(sp_journal_format_head(&h, buf, sizeof(buf)) > 0);
	return buf;
}

static int parse(const char *text, struct sp_journal *j, struct sp_err *e)
{
	return sp_journal_parse(text, strlen(text), j, e);
}

static void round_trip(void)
{
	struct sp_jrec r = {.seq = 7, .kind = SP_J_SYSCTL, .n_fields = 3};
	char text[2 * SP_JOURNAL_LINE_MAX], line[SP_JOURNAL_LINE_MAX];
	struct sp_err err_e;
	struct sp_journal j;

	snprintf(r.f[0], sizeof(r.f[0]), "/proc/sys/vm/odd name%%x");
	snprintf(r.f[1], sizeof(r.f[1]), "-");
	r.f[2][0] = '\0';
	CHECK(sp_journal_format_rec(&r, line, sizeof(line)) > 0);
	CHECK_STR(line, "7 sysctl /proc/sys/vm/odd%20name%25x %2D -\n");
	snprintf(text, sizeof(text), "%s%s", head_line(), line);
	CHECK(parse(text, &j, &err_e) == 0);
	CHECK_EQ_U64(j.n, 1);
	CHECK_EQ_U64(j.head.pid, 4242);
	CHECK_EQ_U64(j.head.start_ticks, 987654);
	CHECK_STR(j.head.cmd, "run");
	CHECK_STR(j.head.twin, "/run/swapplace/journal 4242");
	CHECK_STR(j.head.boot_id, "0b6f2a4e-1c1d-4b6e-9f0a-3c2d1e0f9a8b");
	if (j.n == 1) {
		CHECK_STR(j.recs[0].f[0], "/proc/sys/vm/odd name%x");
		CHECK_STR(j.recs[0].f[1], "-");
		CHECK_STR(j.recs[0].f[2], "");
		CHECK(j.recs[0].kind == SP_J_SYSCTL);
	}
	sp_journal_release(&j);

	/* a record with the wrong field count for its kind is not written */
	r.n_fields = 2;
	CHECK(sp_journal_format_rec(&r, line, sizeof(line)) == -EINVAL);
	/* nor one that does not fit */
	r.n_fields = 3;
	CHECK(sp_journal_format_rec(&r, line, 20) == -ENAMETOOLONG);
}

static void pending_newest_first(void)
{
	char text[4 * SP_JOURNAL_LINE_MAX];
	struct sp_err err_e;
	const struct sp_jrec *p[8];
	struct sp_journal j;

	snprintf(text, sizeof(text),
		 "%s1 parttable /dev/loop7\n2 mount /run/swapplace-4242 /dev/loop7p2 1\n"
		 "3 sysctl /proc/sys/vm/page-cluster 3 0\n4 swapon /dev/loop7p1\n"
		 "5 cgroup 1 /sys/fs/cgroup/memory/swapplace-start-4242\n"
		 "6 zram 2 lz4 268435456\nundone 5\n",
		 head_line());
	CHECK(parse(text, &j, &err_e) == 0);
	CHECK(!sp_journal_finished(&j));
	CHECK(!j.torn_tail);
	/* 6, 4, 3, 2: the cgroup is undone, the partition table has no undo */
	CHECK_EQ_U64(sp_journal_pending(&j, p, 8), 4);
	CHECK_EQ_U64(p[0]->seq, 6);
	CHECK_EQ_U64(p[1]->seq, 4);
	CHECK_EQ_U64(p[2]->seq, 3);
	CHECK_EQ_U64(p[3]->seq, 2);
	/* the count is the whole, even when out is short */
	CHECK_EQ_U64(sp_journal_pending(&j, p, 1), 4);
	sp_journal_release(&j);

	/* the same with a torn last line: the append the writer died in is ignored */
	strcat(text, "7 swapon /dev/zr");
	CHECK(parse(text, &j, &err_e) == 0);
	CHECK(j.torn_tail);
	CHECK_EQ_U64(j.n, 6);
	CHECK_EQ_U64(sp_journal_pending(&j, p, 8), 4);
	sp_journal_release(&j);

	/* ended by the run, or cleaned: nothing left */
	text[strlen(text) - strlen("7 swapon /dev/zr")] = '\0';
	strcat(text, "end\n");
	CHECK(parse(text, &j, &err_e) == 0);
	CHECK(sp_journal_finished(&j));
	CHECK_EQ_U64(sp_journal_pending(&j, p, 8), 0);
	sp_journal_release(&j);
	text[strlen(text) - 4] = '\0';
	strcat(text, "cleaned\ncleaned\n");
	CHECK(parse(text, &j, &err_e) == 0);
	CHECK(j.cleaned);
	CHECK_EQ_U64(sp_journal_pending(&j, p, 8), 0);
	sp_journal_release(&j);
}

/* text (after a valid header) must be refused, err naming line and containing want */
static void refused(const char *body, const char *want)
{
	char text[3 * SP_JOURNAL_LINE_MAX];
	struct sp_err err_e;
	const char *err = err_e.reason;
	struct sp_journal j;
	int ret;

	snprintf(text, sizeof(text), "%s%s", head_line(), body);
	ret = parse(text, &j, &err_e);
	CHECK(ret == -EINVAL);
	if (ret == 0)
		sp_journal_release(&j);
	if (!strstr(err, want))
		fprintf(stderr, "body '%s': error '%s' lacks '%s'\n", body, err, want);
	CHECK(strstr(err, want) != NULL);
}

static void garbage_refused(void)
{
	struct sp_err err_e;
	const char *err = err_e.reason;
	struct sp_journal j;

	refused("1 swapon /dev/sdb1\nhello world\n", "line 3: not a journal record");
	refused("1 frobnicate /dev/sdb1\n", "line 2: unknown record kind 'frobnicate'");
	refused("1 swapon\n", "line 2: wrong number of fields");
	refused("1 swapon /dev/a /dev/b\n", "wrong number of fields");
	refused("2 swapon /dev/a\n1 swapon /dev/b\n", "line 3: record numbers do not ascend");
	refused("1 swapon /dev/a\nundone 9\n", "'undone' names a record the journal lacks");
	refused("1 swapon /dev/a%zz\n", "badly encoded");
	refused("1 swapon /dev/a%00\n", "badly encoded");
	refused("1  swapon /dev/a\n", "line 2");
	refused("end\n1 swapon /dev/a\n", "after the journal's end");
	refused("\n", "line 2: not a journal record");

	CHECK(sp_journal_parse("", 0, &j, &err_e) == -EINVAL);
	CHECK(strstr(err, "empty") != NULL);
	CHECK(parse("#!/bin/sh\nrm -rf /\n", &j, &err_e) == -EINVAL);
	CHECK(strstr(err, "line 1: not a swapplace journal") != NULL);
	CHECK(parse("swapplace-journal 2 pid=1 boot=x start=1 cmd=run time=1 twin=-\n", &j,
		    &err_e) == -EINVAL);
	CHECK(strstr(err, "version") != NULL);
	CHECK(parse("swapplace-journal 1 pid=0 boot=x start=1 cmd=run time=1 twin=-\n", &j,
		    &err_e) == -EINVAL);
	CHECK(parse("swapplace-journal 1 pid=5 boot=x start=1 cmd=run time=1 color=red\n", &j,
		    &err_e) == -EINVAL);
	/* a binary file: NUL bytes inside a line */
	CHECK(sp_journal_parse("swapplace-journal\0 1\n", 21, &j, &err_e) == -EINVAL);
	CHECK(strstr(err, "NUL") != NULL);
	/* a header alone is a journal with nothing in it, not finished */
	CHECK(parse(head_line(), &j, &err_e) == 0);
	CHECK(!sp_journal_finished(&j) && j.n == 0);
	sp_journal_release(&j);
}

static int check_rec(enum sp_jkind k, const char *a, const char *b, const char *c, const char *root)
{
	struct sp_jrec r = {.seq = 1, .kind = k, .n_fields = sp_jkind_fields(k)};
	struct sp_err why_e;

	snprintf(r.f[0], sizeof(r.f[0]), "%s", a);
	snprintf(r.f[1], sizeof(r.f[1]), "%s", b ? b : "");
	snprintf(r.f[2], sizeof(r.f[2]), "%s", c ? c : "");
	return sp_jrec_check(&r, root, &why_e);
}

static void only_ours(void)
{
	CHECK(check_rec(SP_J_CGROUP, "1", "/sys/fs/cgroup/memory/swapplace-start-42", 0, 0) == 0);
	CHECK(check_rec(SP_J_CGROUP, "2", "/sys/fs/cgroup/system.slice", 0, 0) < 0);
	CHECK(check_rec(SP_J_CGROUP, "1", "/home/swapplace-x", 0, 0) < 0);
	CHECK(check_rec(SP_J_CGROUP, "1", "/sys/fs/cgroup/../../etc/swapplace-x", 0, 0) < 0);
	CHECK(check_rec(SP_J_CGROUP, "3", "/sys/fs/cgroup/swapplace-x", 0, 0) < 0);
	CHECK(check_rec(SP_J_SYSCTL, "/proc/sys/vm/swappiness", "60", "10", 0) == 0);
	CHECK(check_rec(SP_J_SYSCTL, "/etc/passwd", "x", "y", 0) < 0);
	CHECK(check_rec(SP_J_SYSCTL, "/tmp/fake/vm/swappiness", "1", "2", "/tmp/fake") == 0);
	CHECK(check_rec(SP_J_SYSCTL, "/tmp/fakeother/vm/swappiness", "1", "2", "/tmp/fake") < 0);
	CHECK(check_rec(SP_J_ZSWAP, "/sys/module/zswap/parameters/enabled", "Y", "N", 0) == 0);
	CHECK(check_rec(SP_J_ZSWAP, "/sys/module/zram/parameters/x", "Y", "N", 0) < 0);
	CHECK(check_rec(SP_J_MOUNT, "/run/swapplace-42", "/dev/sdb2", "1", 0) == 0);
	CHECK(check_rec(SP_J_MOUNT, "/home", "/dev/sda2", "0", 0) < 0);
	CHECK(check_rec(SP_J_MOUNT, "/run/swapplace-42", "/dev/sdb2", "yes", 0) < 0);
	CHECK(check_rec(SP_J_FILE, "/var/tmp/swapplace-try-42.swap", 0, 0, 0) == 0);
	CHECK(check_rec(SP_J_FILE, "/var/tmp/important.db", 0, 0, 0) < 0);
	CHECK(check_rec(SP_J_FILE, "relative/swapplace-x", 0, 0, 0) < 0);
	CHECK(check_rec(SP_J_ZRAM, "3", "lz4", "1048576", 0) == 0);
	CHECK(check_rec(SP_J_ZRAM, "zram3", "lz4", "1048576", 0) < 0);
	CHECK(check_rec(SP_J_SUBTREE, "/sys/fs/cgroup/cgroup.subtree_control", "memory", 0, 0) ==
	      0);
	CHECK(check_rec(SP_J_SUBTREE, "/sys/fs/cgroup/cgroup.procs", "memory", 0, 0) < 0);
	CHECK(check_rec(SP_J_SWAPON, "/dev/sdb1", 0, 0, 0) == 0);
	CHECK(check_rec(SP_J_SWAPON, "sdb1", 0, 0, 0) < 0);
}

int main(void)
{
	CHECK(sp_jkind_parse("zram") == SP_J_ZRAM);
	CHECK(sp_jkind_parse("nope") == -EINVAL);
	CHECK_STR(sp_jkind_name(SP_J_MOUNT), "mount");
	round_trip();
	pending_newest_first();
	garbage_refused();
	only_ours();
	return CHECK_DONE();
}
