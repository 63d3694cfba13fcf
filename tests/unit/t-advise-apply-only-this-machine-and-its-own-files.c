/*
 * advise --apply's safety, pure (issue 20, item 2): a report is applied only when it is a
 * `measure` report whose machine (DMI vendor, product, serial, CPU, RAM) and disks (model,
 * serial, size; zram devices aside) are the ones read now, and a `run` report is refused with
 * its reason; the journal's conf and unit records name only the files --apply installs, with
 * their backups in the same root's advise-backup, and the zram generator's unit; a journal that
 * ends "kept" is finished for cleanup while its records stay pending for --undo, and only
 * "cleaned" may follow "kept"; --undo --root ROOT puts back only ROOT's own files (a journal
 * of / or of another root names files it leaves alone), and the zram an apply made where no
 * systemd runs (its zram and swapon records) is pending for --undo like the rest.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/safety/journal.h"
#include "core/safety/samemachine.h"

static struct sp_err why_e;

static void machine(void)
{
	struct sp_report *r = calloc(1, sizeof(*r));
	struct sp_device_info now[SP_MAX_DEVICES];
	int found[SP_MAX_DEVICES] = {1, 1};
	struct sp_machine m;

	memset(now, 0, sizeof(now));
	snprintf(r->command, sizeof(r->command), "measure");
	snprintf(r->machine.dmi_vendor, sizeof(r->machine.dmi_vendor), "LENOVO");
	snprintf(r->machine.dmi_model, sizeof(r->machine.dmi_model), "20XW");
	snprintf(r->machine.dmi_serial, sizeof(r->machine.dmi_serial), "PF2ABCDE");
	snprintf(r->machine.cpu, sizeof(r->machine.cpu), "Intel(R) Core(TM) i5");
	r->machine.ram_bytes = 16ull << 30;
	r->n_devices = 2;
	snprintf(r->devices[0].path, sizeof(r->devices[0].path), "/dev/nvme0n1");
	snprintf(r->devices[0].model, sizeof(r->devices[0].model), "Samsung SSD 980");
	snprintf(r->devices[0].serial, sizeof(r->devices[0].serial), "S6XNNS0T");
	snprintf(r->devices[0].transport, sizeof(r->devices[0].transport), "nvme");
	r->devices[0].size_bytes = 1000204886016ull;
	snprintf(r->devices[1].path, sizeof(r->devices[1].path), "/dev/zram0");
	snprintf(r->devices[1].transport, sizeof(r->devices[1].transport), "zram");
	r->devices[1].size_bytes = 4ull << 30;
	m = r->machine;
	now[0] = r->devices[0];
	now[1] = r->devices[1];
	now[1].size_bytes = 0; /* zram: made per use, not compared */
	CHECK(sp_same_machine(r, &m, now, found, &why_e) == 0);
	found[1] = 0;
	CHECK(sp_same_machine(r, &m, now, found, &why_e) == 0);

	snprintf(r->command, sizeof(r->command), "run");
	CHECK(sp_same_machine(r, &m, now, found, &why_e) == -EPERM);
	CHECK(strstr(why_e.reason, "swapplace run") && strstr(why_e.reason, "sacrificed"));
	snprintf(r->command, sizeof(r->command), "probe");
	CHECK(sp_same_machine(r, &m, now, found, &why_e) == -EPERM);
	snprintf(r->command, sizeof(r->command), "measure");

	snprintf(m.dmi_vendor, sizeof(m.dmi_vendor), "Dell Inc.");
	CHECK(sp_same_machine(r, &m, now, found, &why_e) == -EPERM);
	CHECK(strstr(why_e.reason, "DMI vendor is 'LENOVO', this machine's 'Dell Inc.'") != NULL);
	m = r->machine;
	snprintf(m.dmi_serial, sizeof(m.dmi_serial), "PF2ZZZZZ");
	CHECK(sp_same_machine(r, &m, now, found, &why_e) == -EPERM);
	CHECK(strstr(why_e.reason, "DMI serial") != NULL);
	m.dmi_serial[0] = '\0'; /* read by the report, not now: not the same */
	CHECK(sp_same_machine(r, &m, now, found, &why_e) == -EPERM);
	m = r->machine;
	m.ram_bytes -= 4096;
	CHECK(sp_same_machine(r, &m, now, found, &why_e) == -EPERM);
	CHECK(strstr(why_e.reason, "RAM") != NULL);
	m = r->machine;
	snprintf(now[0].serial, sizeof(now[0].serial), "S6XNNS0X");
	CHECK(sp_same_machine(r, &m, now, found, &why_e) == -EPERM);
	CHECK(strstr(why_e.reason, "'/dev/nvme0n1' is another disk") != NULL);
	now[0] = r->devices[0];
	now[0].size_bytes /= 2;
	CHECK(sp_same_machine(r, &m, now, found, &why_e) == -EPERM);
	now[0] = r->devices[0];
	found[0] = 0;
	CHECK(sp_same_machine(r, &m, now, found, &why_e) == -EPERM);
	CHECK(strstr(why_e.reason, "not on this machine now") != NULL);
	free(r);
}

static int rec(enum sp_jkind k, const char *a, const char *b)
{
	struct sp_jrec r = {.seq = 1, .kind = k, .n_fields = sp_jkind_fields(k)};

	snprintf(r.f[0], sizeof(r.f[0]), "%s", a);
	snprintf(r.f[1], sizeof(r.f[1]), "%s", b ? b : "");
	return sp_jrec_check(&r, NULL, &why_e);
}

static void records(void)
{
	CHECK(rec(SP_J_CONF, "/etc/fstab", "/var/lib/swapplace/advise-backup/fstab") == 0);
	CHECK(rec(SP_J_CONF, "/etc/systemd/zram-generator.conf", "") == 0);
	CHECK(rec(SP_J_CONF, "/etc/sysctl.d/99-swapplace.conf", "") == 0);
	CHECK(rec(SP_J_CONF, "/var/lib/swapplace/zswap.cmdline", "") == 0);
	CHECK(rec(SP_J_CONF, "/tmp/r/etc/fstab", "/tmp/r/var/lib/swapplace/advise-backup/fstab") ==
	      0);
	CHECK(rec(SP_J_CONF, "/etc/passwd", "") < 0);
	CHECK(strstr(why_e.reason, "not a file advise --apply installs") != NULL);
	CHECK(rec(SP_J_CONF, "/etc/../etc/fstab", "") < 0);
	/* a backup of another root, outside advise-backup, or below it */
	CHECK(rec(SP_J_CONF, "/tmp/r/etc/fstab", "/var/lib/swapplace/advise-backup/fstab") < 0);
	CHECK(strstr(why_e.reason, "same root") != NULL);
	CHECK(rec(SP_J_CONF, "/etc/fstab", "/tmp/fstab") < 0);
	CHECK(rec(SP_J_CONF, "/etc/fstab", "/var/lib/swapplace/advise-backup/x/fstab") < 0);
	CHECK(rec(SP_J_CONF, "/etc/fstab",
		  "/var/lib/swapplace/advise-backup/../../../../etc/shadow") < 0);
	CHECK(rec(SP_J_UNIT, "systemd-zram-setup@zram0.service", NULL) == 0);
	CHECK(rec(SP_J_UNIT, "ssh.service", NULL) < 0);
}

static int of_root(const char *path, const char *root)
{
	struct sp_jrec r = {.seq = 1, .kind = SP_J_CONF, .n_fields = 2};

	snprintf(r.f[0], sizeof(r.f[0]), "%s", path);
	return sp_jrec_in_root(&r, root);
}

static void roots(void)
{
	struct sp_jrec z = {.seq = 1, .kind = SP_J_ZRAM, .n_fields = 3, .f = {"1", "lz4", "1"}};

	CHECK(of_root("/etc/fstab", "/") == 1);
	CHECK(of_root("/var/lib/swapplace/zswap.cmdline", "/") == 1);
	CHECK(of_root("/tmp/r/etc/fstab", "/tmp/r") == 1);
	CHECK(of_root("/tmp/r/etc/systemd/zram-generator.conf", "/tmp/r") == 1);
	/* / seen from a scratch root and the other way round, a root that only starts alike */
	CHECK(of_root("/etc/fstab", "/tmp/r") == 0);
	CHECK(of_root("/tmp/r/etc/fstab", "/") == 0);
	CHECK(of_root("/tmp/rr/etc/fstab", "/tmp/r") == 0);
	CHECK(of_root("/tmp/r/etc/passwd", "/tmp/r") == 0);
	CHECK(sp_jrec_in_root(&z, "/tmp/r") == 1); /* the machine's, not a root's */
}

static void kept(void)
{
	static const char text[] =
	    "swapplace-journal 1 pid=4242 boot=b start=1 cmd=advise time=1 twin=-\n"
	    "1 conf /etc/systemd/zram-generator.conf -\n"
	    "2 conf /etc/fstab /var/lib/swapplace/advise-backup/fstab\n"
	    "3 swapon /dev/sdb2\n"
	    "4 sysctl /proc/sys/vm/page-cluster 3 0\n"
	    "5 zram 1 lz4 4294967296\n"
	    "6 swapon /dev/zram1\n"
	    "kept\n";
	const struct sp_jrec *p[8];
	struct sp_journal j;
	char buf[sizeof(text) + 32];

	CHECK(sp_journal_parse(text, strlen(text), &j, &why_e) == 0);
	CHECK(j.kept && !j.ended && !j.cleaned);
	CHECK(sp_journal_finished(&j)); /* cleanup leaves it */
	CHECK(sp_journal_pending(&j, p, 8) == 6);
	/* newest first: the zram swapoff, then its reset and removal, then the rest */
	CHECK(p[0]->seq == 6 && p[0]->kind == SP_J_SWAPON && p[1]->kind == SP_J_ZRAM);
	CHECK(sp_jrec_check(p[1], NULL, &why_e) == 0);
	CHECK(p[2]->seq == 4 && p[5]->seq == 1 && p[5]->kind == SP_J_CONF);
	CHECK(p[5]->f[1][0] == '\0' &&
	      !strcmp(p[4]->f[1], "/var/lib/swapplace/advise-backup/fstab"));
	sp_journal_release(&j);

	snprintf(buf, sizeof(buf), "%scleaned\n", text);
	CHECK(sp_journal_parse(buf, strlen(buf), &j, &why_e) == 0);
	CHECK(sp_journal_pending(&j, p, 8) == 0);
	sp_journal_release(&j);
	snprintf(buf, sizeof(buf), "%s7 swapon /dev/sdc2\n", text);
	CHECK(sp_journal_parse(buf, strlen(buf), &j, &why_e) == -EINVAL);
	CHECK(strstr(why_e.reason, "after the journal's end") != NULL);
}

int main(void)
{
	machine();
	records();
	roots();
	kept();
	return CHECK_DONE();
}
