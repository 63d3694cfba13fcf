/*
 * fuzz-journal.c - the run journal's parser and the checks `swapplace cleanup` puts a journal
 * through before it acts as root (core/safety/journal.h): forged records, forged headers and
 * twins, garbage.
 *
 * Invariants: parse returns 0, -EINVAL with a reason, or -ENOMEM; a parsed journal's records
 * ascend, each has its kind's field count, and each formats back into a line that parses to
 * the same record; the header formats back and parses to the same header; pending lists at
 * most the records and only undoable, not undone ones. Whatever the check lets through is
 * within what swapplace makes: a sysctl record only for vm/swappiness or vm/page-cluster with
 * numbers, a zswap record only under /sys/module/zswap/parameters/, no path with a "." or ".."
 * component; a refusal always says why. An accepted twin is absolute, without "..", and
 * named journal or journal-PID.
 */
#include <errno.h>

#include "core/safety/journal.h"
#include "fuzz.h"

static int has_dot_component(const char *p)
{
	return strstr(p, "/../") || strstr(p, "/./") || strstr(p, "//") ||
	       (strlen(p) >= 3 && !strcmp(p + strlen(p) - 3, "/..")) ||
	       (strlen(p) >= 2 && !strcmp(p + strlen(p) - 2, "/."));
}

static void check_rec(const struct sp_jrec *r, const char *root)
{
	struct sp_err e;
	const char *p = r->f[0];
	int ret = sp_jrec_check(r, root, &e);

	FUZZ_CHECK(ret == 0 || ret == -EINVAL, "check: %d", ret);
	if (ret < 0) {
		FUZZ_CHECK(e.reason[0], "a refusal without a reason");
		return;
	}
	if (r->kind != SP_J_CGROUP && r->kind != SP_J_ZRAM)
		FUZZ_CHECK(p[0] == '/' && !has_dot_component(p), "accepted path '%s'", p);
	if (r->kind == SP_J_CGROUP)
		FUZZ_CHECK(!has_dot_component(r->f[1]), "accepted cgroup '%s'", r->f[1]);
	if (r->kind == SP_J_SYSCTL) {
		const char *b = strrchr(p, '/');

		FUZZ_CHECK(b && (!strcmp(b, "/swappiness") || !strcmp(b, "/page-cluster")),
			   "accepted sysctl '%s'", p);
		FUZZ_CHECK(strstr(p, "/vm/") != NULL, "accepted sysctl '%s'", p);
		FUZZ_CHECK(strspn(r->f[1], "0123456789") == strlen(r->f[1]) && r->f[1][0],
			   "accepted old value '%s'", r->f[1]);
		FUZZ_CHECK(strspn(r->f[2], "0123456789") == strlen(r->f[2]) && r->f[2][0],
			   "accepted new value '%s'", r->f[2]);
	}
	if (r->kind == SP_J_ZSWAP)
		FUZZ_CHECK(!strncmp(p, "/sys/module/zswap/parameters/", 29) && !strchr(p + 29, '/'),
			   "accepted zswap '%s'", p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char line[SP_JOURNAL_LINE_MAX];
	const struct sp_jrec *pend[8];
	struct sp_journal j, k;
	struct sp_err e;
	size_t n;
	int ret;

	ret = sp_journal_parse((const char *)data, size, &j, &e);
	FUZZ_CHECK(ret == 0 || ret == -EINVAL || ret == -ENOMEM, "parse: %d", ret);
	if (ret == -EINVAL)
		FUZZ_CHECK(e.reason[0], "a refused journal without a reason");
	if (ret < 0)
		return 0;
	for (size_t i = 0; i < j.n; i++) {
		const struct sp_jrec *r = &j.recs[i];
		int len;

		FUZZ_CHECK(i == 0 || r->seq > j.recs[i - 1].seq, "seqs do not ascend");
		FUZZ_CHECK(r->n_fields == sp_jkind_fields(r->kind), "field count");
		check_rec(r, NULL);
		check_rec(r, "/tmp/fake");
		len = sp_journal_format_rec(r, line, sizeof(line));
		if (len < 0)
			continue; /* a record a longer encoding no longer fits a line */
		/* one record alone, behind the parsed header, parses back to the same */
		{
			static char text[2 * SP_JOURNAL_LINE_MAX + 8];
			int hl = sp_journal_format_head(&j.head, text, sizeof(text));

			FUZZ_CHECK(hl > 0, "the parsed header does not format: %d", hl);
			memcpy(text + hl, line, (size_t)len);
			ret = sp_journal_parse(text, (size_t)(hl + len), &k, &e);
			FUZZ_CHECK(ret == 0, "a formatted record does not parse: %s", e.reason);
			FUZZ_CHECK(k.n == 1 && k.recs[0].seq == r->seq && k.recs[0].kind == r->kind,
				   "record round trip");
			for (unsigned f = 0; f < r->n_fields; f++)
				FUZZ_CHECK(!strcmp(k.recs[0].f[f], r->f[f]), "field %u round trip",
					   f);
			FUZZ_CHECK(
			    k.head.pid == j.head.pid && k.head.start_ticks == j.head.start_ticks &&
				!strcmp(k.head.boot_id, j.head.boot_id) &&
				!strcmp(k.head.cmd, j.head.cmd) &&
				!strcmp(k.head.twin, j.head.twin) && k.head.time == j.head.time,
			    "header round trip");
			sp_journal_release(&k);
		}
	}
	n = sp_journal_pending(&j, pend, 8);
	FUZZ_CHECK(n <= j.n, "more pending than records");
	for (size_t i = 0; i < n && i < 8; i++)
		FUZZ_CHECK(!pend[i]->undone && pend[i]->kind != SP_J_PARTTABLE,
			   "pending a done record");
	/* ended or cleaned: nothing left to undo; "kept" (an applied advise's manifest) is finished
	 * for cleanup, and its records stay pending for --undo */
	if (j.ended || j.cleaned)
		FUZZ_CHECK(n == 0, "an ended or cleaned journal with pending records");
	ret = sp_journal_twin_check(j.head.twin, &e);
	FUZZ_CHECK(ret == 0 || ret == -EINVAL, "twin: %d", ret);
	if (ret == 0 && j.head.twin[0]) {
		const char *b = strrchr(j.head.twin, '/');

		FUZZ_CHECK(j.head.twin[0] == '/' && !has_dot_component(j.head.twin),
			   "accepted twin '%s'", j.head.twin);
		FUZZ_CHECK(b && !strncmp(b + 1, "journal", 7), "accepted twin '%s'", j.head.twin);
	} else if (ret < 0) {
		FUZZ_CHECK(e.reason[0], "a refused twin without a reason");
	}
	sp_journal_release(&j);
	return 0;
}
