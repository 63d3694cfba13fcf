/*
 * setup_files.c - the advice as files to install (see setup_files.h): zram-generator.conf
 * (zram-generator.conf(5): [zram0] zram-size in MiB, compression-algorithm, swap-priority),
 * fstab.swap (fstab(5) swap lines, pri=N), 99-swapplace.conf (sysctl.d(5)), zswap.cmdline
 * (the kernel's zswap.enabled= and zswap.compressor=) and a README.
 *
 * Every file opens with a comment naming the run and the workload; each choice's reason is a
 * comment beside what it sets, so a file read alone says why. The size of zram is written in
 * MiB as a number (the advice computed it from the report's RAM), not as zram-generator's
 * expression, so the file says what was advised.
 */
#include "core/report/setup_files.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/config/units.h"

#define WIDTH 78

/* text as "# " comment lines of at most WIDTH columns, broken at spaces */
static void comment(FILE *out, const char *text)
{
	const char *p = text;

	while (*p) {
		size_t n = strlen(p), cut = n;

		if (n > WIDTH - 2) {
			cut = WIDTH - 2;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (!cut)
				cut = WIDTH - 2;
		}
		fprintf(out, "# %.*s\n", (int)cut, p);
		p += cut;
		while (*p == ' ')
			p++;
	}
}

static void head(FILE *out, const struct sp_report *r, const struct sp_advice *a, const char *what)
{
	char id[64], line[256];

	sp_report_run_id(r, id, sizeof(id));
	snprintf(line, sizeof(line), "swapplace advise: %s for the %s workload, from run %s", what,
		 sp_workload_name(a->workload), id);
	comment(out, line);
}

static void reason(FILE *out, const char *label, const struct sp_advice_choice *c)
{
	char line[SP_ADVICE_REASON + 64];

	snprintf(line, sizeof(line), "%s (%s): %s", label, sp_advice_basis_name(c->basis),
		 c->reason);
	comment(out, line);
}

static int done(FILE *out)
{
	return ferror(out) ? -EIO : 0;
}

static int zram_conf(FILE *out, const struct sp_report *r, const struct sp_advice *a)
{
	head(out, r, a, a->zram.on ? "zram in front of disk swap" : "no zram");
	reason(out, "zram", &a->zram);
	if (!a->zram.on) {
		comment(out, "No [zram0] section: zram-generator makes no device.");
		return done(out);
	}
	reason(out, "compressor", &a->compressor);
	fprintf(out, "[zram0]\n");
	fprintf(out, "zram-size = %" PRIu64 "\n", a->zram_size_bytes >> 20);
	if (a->compressor.on)
		fprintf(out, "compression-algorithm = %s\n", a->zram_alg);
	fprintf(out, "swap-priority = %d\n", a->zram_priority);
	return done(out);
}

static int fstab(FILE *out, const struct sp_report *r, const struct sp_advice *a)
{
	char b[32];

	head(out, r, a, "swap areas");
	reason(out, "swap area", &a->swap);
	if (a->zswap.on)
		reason(out, "zswap", &a->zswap);
	if (!a->swap.on) {
		comment(out, a->none
				 ? "No swap line: remove the machine's swap lines from /etc/fstab."
				 : "No line: the machine's swap areas stay as they are.");
		return done(out);
	}
	if (a->swap_is_file) {
		char line[256];

		snprintf(line, sizeof(line),
			 "A swap file of %s, made first (README): the measured one was temporary.",
			 sp_format_bytes(a->swap_size_bytes, b, sizeof(b)));
		comment(out, line);
	}
	fprintf(out, "%s none swap sw,pri=%d 0 0\n", a->swap_device, a->swap_priority);
	return done(out);
}

static int sysctl(FILE *out, const struct sp_report *r, const struct sp_advice *a)
{
	head(out, r, a, "vm sysctls");
	reason(out, "vm.swappiness", &a->swappiness);
	if (a->swappiness.on)
		fprintf(out, "vm.swappiness = %d\n", a->swappiness_value);
	reason(out, "vm.page-cluster", &a->page_cluster);
	if (a->page_cluster.on)
		fprintf(out, "vm.page-cluster = %d\n", a->page_cluster_value);
	return done(out);
}

/* the kernel's command line takes no comments: the parameters alone, or one comment line */
static int zswap(FILE *out, const struct sp_report *r, const struct sp_advice *a)
{
	(void)r;
	if (a->zswap.on)
		fprintf(out, "zswap.enabled=1 zswap.compressor=%s\n", a->zswap_alg);
	else
		fprintf(out, "# no zswap parameters advised: zswap stays as the machine has it\n");
	return done(out);
}

static int readme(FILE *out, const struct sp_report *r, const struct sp_advice *a)
{
	struct sp_advice_item it[SP_ADVICE_ITEMS];
	size_t n = sp_advice_items(a, it);
	char id[64];

	sp_report_run_id(r, id, sizeof(id));
	fprintf(out, "swapplace advise: the setup for the %s workload, from run %s\n\n",
		sp_workload_name(a->workload), id);
	fprintf(out, "Each choice, how it was made (measured: a resolved comparison; default: "
		     "nothing was resolved, docs/advise.md names the default; keep: the machine's "
		     "own setting stays) and the figures behind it:\n\n");
	for (size_t i = 0; i < n; i++)
		fprintf(out, "- %s (%s): %s\n", it[i].label, sp_advice_basis_name(it[i].c->basis),
			it[i].c->reason);
	if (a->note[0])
		fprintf(out, "- note: %s\n", a->note);
	fprintf(out,
		"\nNothing here has been installed. As root, keep a copy of what a file replaces "
		"first:\n\n"
		"zram-generator.conf -> /etc/systemd/zram-generator.conf (Debian: apt-get install "
		"systemd-zram-generator)\n"
		"  install: cp -a /etc/systemd/zram-generator.conf /etc/systemd/"
		"zram-generator.conf.before-swapplace 2>/dev/null; cp zram-generator.conf "
		"/etc/systemd/; systemctl daemon-reload; systemctl stop "
		"systemd-zram-setup@zram0.service (Debian's own file has made zram0 since boot); "
		"systemctl start systemd-zram-setup@zram0.service dev-zram0.swap\n"
		"  undo:    systemctl stop systemd-zram-setup@zram0.service; restore the .before-"
		"swapplace copy (or remove the file); systemctl daemon-reload\n\n"
		"fstab.swap -> its lines appended to /etc/fstab\n"
		"  install: cp -a /etc/fstab /etc/fstab.before-swapplace; a swap file first: "
		"fallocate -l SIZE /swapfile; chmod 600 /swapfile; mkswap /swapfile; then cat "
		"fstab.swap >> /etc/fstab; swapon -a; swapon --show (check the priorities)\n"
		"  undo:    swapoff the line's device or file; cp /etc/fstab.before-swapplace "
		"/etc/fstab\n\n"
		"99-swapplace.conf -> /etc/sysctl.d/99-swapplace.conf\n"
		"  install: cp 99-swapplace.conf /etc/sysctl.d/; sysctl --system\n"
		"  undo:    rm /etc/sysctl.d/99-swapplace.conf; sysctl --system (or reboot)");
	if (r->machine.have_swappiness)
		fprintf(out, "; the run found vm.swappiness = %d", r->machine.swappiness);
	fprintf(out, "\n\nzswap.cmdline -> the kernel's command line (a comment line in it means: "
		     "nothing to add)\n"
		     "  install: add its parameters to GRUB_CMDLINE_LINUX in /etc/default/grub; "
		     "update-grub; reboot\n"
		     "  undo:    remove them again; update-grub; reboot\n");
	return done(out);
}

const struct sp_setup_file sp_setup_files[] = {
    {"zram-generator.conf", "/etc/systemd/zram-generator.conf", zram_conf},
    {"fstab.swap", "/etc/fstab (appended)", fstab},
    {"99-swapplace.conf", "/etc/sysctl.d/99-swapplace.conf", sysctl},
    {"zswap.cmdline", "the kernel's command line", zswap},
    {"README", "(read it)", readme},
};
const size_t sp_n_setup_files = sizeof(sp_setup_files) / sizeof(sp_setup_files[0]);

const struct sp_setup_file *sp_setup_file_find(const char *name)
{
	for (size_t i = 0; name && i < sp_n_setup_files; i++)
		if (!strcmp(sp_setup_files[i].name, name))
			return &sp_setup_files[i];
	return NULL;
}
