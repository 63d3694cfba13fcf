/*
 * setup_apply.c - advise --apply and --undo: the setup files installed with their backups and
 * journal, made active on the live root, and reverted (see setup_apply.h).
 */
#include "act/setup_apply.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "act/cleanup.h"
#include "act/journal.h"
#include "act/swap.h"
#include "act/sysctl.h"
#include "act/undo.h"
#include "act/zram.h"
#include "core/measure/procparse.h"
#include "core/report/setup_files.h"
#include "sys/log.h"
#include "sys/sysfs.h"

#define BACKUP_DIR "var/lib/swapplace/advise-backup"
#define ZRAM_UNIT "systemd-zram-setup@zram0.service"
#define SYSTEMCTL "/usr/bin/systemctl"
#define ZRAM_CONF "/etc/systemd/zram-generator.conf"
#define ZRAM_CONTROL "/sys/class/zram-control"
/*
 * The swap unit zram-generator writes for a [zram0] (in systemd.generator(7)'s normal
 * directory): started with the service, so that systemctl waits for its swapon too (the service
 * pulls it in by BindsTo=, but `systemctl start` of the service alone returns before the swap
 * unit ordered after it ran: the VM test once found no zram0 in /proc/swaps after the apply)
 */
#define ZRAM_SWAP_UNIT "dev-zram0.swap"
#define ZRAM_GENERATED_SWAP "/run/systemd/generator/" ZRAM_SWAP_UNIT

static void said(struct sp_apply_log *log, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void said(struct sp_apply_log *log, const char *fmt, ...)
{
	va_list ap;

	if (!log || log->n >= SP_APPLY_LINES)
		return;
	va_start(ap, fmt);
	vsnprintf(log->line[log->n++], sizeof(log->line[0]), fmt, ap);
	va_end(ap);
}

/* the file's text as the setup writer phrases it (free it) */
static char *text_of(const char *name, const struct sp_report *r, const struct sp_advice *a)
{
	const struct sp_setup_file *f = sp_setup_file_find(name);
	char *buf = NULL;
	size_t len = 0;
	FILE *m;

	if (!f || !(m = open_memstream(&buf, &len)))
		return NULL;
	if (f->write(m, r, a) < 0) {
		fclose(m);
		free(buf);
		return NULL;
	}
	if (fclose(m) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* does text set anything: a line that is not empty and not a comment */
static int sets_something(const char *text)
{
	for (const char *l = text; l && *l;) {
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l) : strlen(l);
		size_t sp = strspn(l, " \t");

		if (sp < n && l[sp] != '#' && l[sp] != ';')
			return 1;
		l = nl ? nl + 1 : l + n;
	}
	return 0;
}

/* Write text to path through a temporary beside it, synced, renamed over it; mode/owner of st
 * when st is not NULL (the file replaced), else 0644 root. */
static int write_replace(const char *path, const char *text, size_t len, const struct stat *st)
{
	char tmp[PATH_MAX + 16];
	int fd, ret;

	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.swapplace-new", path) >= sizeof(tmp))
		return -ENAMETOOLONG;
	unlink(tmp);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	ret = sp_write_all(fd, text, len);
	if (!ret && st &&
	    (fchmod(fd, st->st_mode & 07777) < 0 || fchown(fd, st->st_uid, st->st_gid) < 0))
		ret = -errno;
	if (!ret && fsync(fd) < 0)
		ret = -errno;
	close(fd);
	if (!ret && rename(tmp, path) < 0)
		ret = -errno;
	if (ret) {
		unlink(tmp);
		return ret;
	}
	{
		char dir[PATH_MAX];
		char *slash;

		snprintf(dir, sizeof(dir), "%s", path);
		slash = strrchr(dir, '/');
		if (slash && slash != dir) {
			*slash = '\0';
			sp_fsync_dir(dir);
		}
	}
	return 0;
}

/* the whole of a regular file into *text (free it), its length into *len */
static int read_file(const char *path, char **text, size_t *len)
{
	int ret = sp_read_all(NULL, path, text);

	if (ret == 0)
		*len = strlen(*text);
	return ret;
}

int sp_setup_restore(const char *path, const char *backup)
{
	struct stat st;
	char *text = NULL;
	size_t len = 0;
	int ret;

	if (!backup || !*backup) {
		if (lstat(path, &st) < 0)
			return 0;
		if (!S_ISREG(st.st_mode))
			return -EPERM;
		return unlink(path) < 0 ? -errno : 1;
	}
	if (stat(backup, &st) < 0)
		return -errno;
	ret = read_file(backup, &text, &len);
	if (ret == 0 && len != (size_t)st.st_size)
		ret = -EIO; /* a NUL byte: not a text file we saved */
	if (ret == 0)
		ret = write_replace(path, text, len, &st);
	free(text);
	return ret < 0 ? ret : 1;
}

/* the undo list copies its argument (at most 512 bytes): both paths inside it */
struct conf_undo {
	char path[248], backup[256];
};

static int undo_conf_entry(void *p)
{
	struct conf_undo *u = p;
	int ret = sp_setup_restore(u->path, u->backup);

	sp_debug("apply", "restore %s from '%s' -> %d", u->path, u->backup, ret);
	return ret < 0 ? ret : 0;
}

/*
 * Install text at ROOT/rel: the old file saved as BDIR/name, the step journaled, its undo
 * registered, then the new file renamed into place.
 */
static int install(const char *root, const char *bdir, const char *rel, const char *name,
		   const char *text, struct sp_apply_log *log, struct sp_err *e)
{
	struct conf_undo u;
	struct stat st;
	int existed, ret;
	unsigned seq;
	char *old = NULL;
	size_t old_len = 0;

	memset(&u, 0, sizeof(u));
	if ((size_t)snprintf(u.path, sizeof(u.path), "%s%s%s", root, strcmp(root, "/") ? "/" : "",
			     rel) >= sizeof(u.path) ||
	    strlen(bdir) + strlen(name) + 2 > sizeof(u.backup))
		return sp_err_set(e, -ENAMETOOLONG, "the root '%s' is too long", root);
	existed = lstat(u.path, &st) == 0;
	if (existed && !S_ISREG(st.st_mode))
		return sp_err_set(e, S_ISLNK(st.st_mode) ? -ELOOP : -EPERM,
				  "'%s' is not a regular file: not replaced", u.path);
	if (existed) {
		snprintf(u.backup, sizeof(u.backup), "%s/%s", bdir, name);
		ret = read_file(u.path, &old, &old_len);
		if (ret == 0 && old_len != (size_t)st.st_size)
			ret = -EIO;
		if (ret == 0)
			ret = write_replace(u.backup, old, old_len, &st);
		free(old);
		if (ret < 0)
			return sp_err_sys(e, ret, "cannot save '%s' to '%s'", u.path, u.backup);
	}
	ret = sp_journal_record(&seq, SP_J_CONF, u.path, u.backup, NULL);
	if (ret < 0)
		return sp_err_sys(e, ret, "cannot journal the install of '%s'", u.path);
	ret = sp_undo_push_journaled(seq, "restore a file", undo_conf_entry, &u, sizeof(u));
	if (ret < 0) {
		sp_journal_undone(seq);
		return sp_err_sys(e, ret, "cannot register the undo of '%s'", u.path);
	}
	ret = write_replace(u.path, text, strlen(text), existed ? &st : NULL);
	if (ret < 0)
		return sp_err_sys(e, ret, "cannot write '%s'", u.path);
	said(log, "%s '%s'%s%s", existed ? "changed" : "created", u.path,
	     existed ? ", saved as " : "", existed ? u.backup : "");
	return 0;
}

/* is line (without its newline) a line of text? */
static int has_line(const char *text, const char *line, size_t n)
{
	for (const char *l = text; *l;) {
		const char *nl = strchr(l, '\n');
		size_t k = nl ? (size_t)(nl - l) : strlen(l);

		if (k == n && !memcmp(l, line, n))
			return 1;
		l = nl ? nl + 1 : l + k;
	}
	return 0;
}

struct swapline {
	char dev[256];
	int pri;
};

/*
 * fstab with the swap lines of fstab.swap it does not hold appended (NULL: none new; -errno in
 * *ret), and those lines' devices and priorities.
 */
static char *fstab_with(const char *fstab, const char *swap, struct swapline *sl, size_t max,
			size_t *n, const char *id)
{
	size_t flen = strlen(fstab), cap = flen + strlen(swap) + 256, used;
	char *out = malloc(cap);

	*n = 0;
	if (!out)
		return NULL;
	used = (size_t)snprintf(out, cap, "%s%s# swapplace advise --apply (run %s):\n", fstab,
				flen && fstab[flen - 1] != '\n' ? "\n" : "", id);
	for (const char *l = swap; *l;) {
		const char *nl = strchr(l, '\n');
		size_t k = nl ? (size_t)(nl - l) : strlen(l);

		if (k && l[0] != '#' && !has_line(fstab, l, k) && *n < max) {
			char opts[128];
			const char *p;

			if (sscanf(l, "%255s %*s %*s %127s", sl[*n].dev, opts) == 2) {
				p = strstr(opts, "pri=");
				sl[*n].pri = p ? atoi(p + 4) : -1;
				memcpy(out + used, l, k);
				used += k;
				out[used++] = '\n';
				(*n)++;
			}
		}
		l = nl ? nl + 1 : l + k;
	}
	out[used] = '\0';
	if (!*n) {
		free(out);
		return NULL;
	}
	return out;
}

/* run argv (an absolute path) and wait; 0 when it exited 0 */
static int run_prog(char *const argv[])
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -errno;
	if (pid == 0) {
		int fd = open("/dev/null", O_RDWR);

		if (fd >= 0) {
			dup2(fd, 0);
			dup2(fd, 1);
		}
		execv(argv[0], argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -EIO;
}

/* Does systemd run this machine (sd_booted(3)'s test: /run/systemd/system exists)? */
static int systemd_runs(void)
{
	return access("/run/systemd/system", F_OK) == 0;
}

int sp_setup_stop_unit(const char *unit)
{
	char *argv[] = {SYSTEMCTL, "stop", (char *)unit, NULL};

	if (!systemd_runs())
		return 0;
	return run_prog(argv) < 0 ? -EIO : 1;
}

/* is the unit active (systemctl is-active)? 1 yes, 0 no or no systemd */
static int unit_active(const char *unit)
{
	char *argv[] = {SYSTEMCTL, "is-active", "--quiet", (char *)unit, NULL};

	return systemd_runs() && run_prog(argv) == 0;
}

/*
 * A reset zram0 keeps the compressor it last had, and zram-generator writes none when its file
 * names none: the kernel's default written first, so such a file makes zram0 as at a boot
 * (after an apply's lz4, --undo's Debian file would otherwise bring zram0 back with lz4).
 * Nothing when zram0 is absent or in use (its disksize not 0); best effort.
 */
static void zram0_kernel_default(void)
{
	char alg[SP_ZRAM_ALG_MAX], size[32];

	if (sp_read_text(NULL, "/sys/block/zram0/disksize", size, sizeof(size)) < 0 ||
	    strtoull(size, NULL, 10) != 0 || sp_zram_kernel_default_algorithm(alg, sizeof(alg)) < 0)
		return;
	sp_write_text("/sys/block/zram0/comp_algorithm", alg);
}

int sp_setup_unit_reactivate(struct sp_apply_log *log)
{
	char *reload[] = {SYSTEMCTL, "daemon-reload", NULL};
	char *start[] = {SYSTEMCTL, "start", ZRAM_UNIT, ZRAM_SWAP_UNIT, NULL};

	if (!systemd_runs())
		return 0;
	if (run_prog(reload) < 0)
		return -EIO;
	said(log, "systemctl daemon-reload: the generator ran on the files put back");
	if (access(ZRAM_GENERATED_SWAP, F_OK) < 0)
		return 0;
	zram0_kernel_default();
	if (run_prog(start) < 0)
		return -EIO;
	said(log, "started " ZRAM_UNIT " again: the " ZRAM_CONF " put back defines zram0");
	return 0;
}

static int undo_unit(void *p)
{
	int ret = sp_setup_stop_unit(p);

	return ret < 0 ? ret : 0;
}

/* the sysctls of 99-swapplace.conf: "vm.NAME = VALUE" lines */
static int set_sysctls(const char *text, struct sp_apply_log *log, struct sp_err *e)
{
	for (const char *l = text; *l;) {
		const char *nl = strchr(l, '\n');
		size_t k = nl ? (size_t)(nl - l) : strlen(l);
		char name[64], value[32], was[32] = "";

		if (l[0] != '#' && sscanf(l, "%63s = %31s", name, value) == 2) {
			int ret;

			sp_sysctl_get(name, was, sizeof(was));
			ret = sp_sysctl_set(name, value);
			if (ret < 0)
				return sp_err_sys(e, ret, "cannot set %s = %s", name, value);
			said(log, "%s = %s (was %s)", name, value, was);
		}
		l = nl ? nl + 1 : l + k;
	}
	return 0;
}

static int mkdirs(const char *root, const char *rel, mode_t last_mode)
{
	char path[PATH_MAX];
	size_t base;

	base = (size_t)snprintf(path, sizeof(path), "%s/", root);
	snprintf(path + base, sizeof(path) - base, "%s", rel);
	for (char *s = path + base; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(path, 0755) < 0 && errno != EEXIST)
			return -errno;
		*s = '/';
	}
	if (mkdir(path, last_mode) < 0 && errno != EEXIST)
		return -errno;
	return 0;
}

/* remove BDIR's files and itself, and var/lib/swapplace when that is then empty */
static void remove_backup(const char *root, const char *bdir)
{
	static const char *const names[] = {"fstab", "zram-generator.conf", "99-swapplace.conf",
					    "zswap.cmdline", "journal"};
	char p[PATH_MAX];

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", bdir, names[i]);
		unlink(p);
	}
	rmdir(bdir);
	snprintf(p, sizeof(p), "%s/var/lib/swapplace", strcmp(root, "/") ? root : "");
	rmdir(p);
}

/* Is a zram device swapped on (its path into dev)? 1 yes, 0 no, -errno: /proc/swaps unread. */
static int zram_swapped_on(char *dev, size_t len)
{
	struct sp_swap_entry *s = NULL;
	char *text = NULL;
	size_t n = 0, lines = 1;
	int found = 0, ret = sp_read_all(NULL, "/proc/swaps", &text);

	/* a place for every line: one left out would read as "no zram on" */
	for (const char *c = text; ret == 0 && *c; c++)
		lines += *c == '\n';
	if (ret == 0 && !(s = calloc(lines, sizeof(*s))))
		ret = -ENOMEM;
	if (ret == 0)
		ret = sp_parse_swaps(text, s, lines, &n);
	for (size_t i = 0; ret >= 0 && i < n && !found; i++)
		if (!strncmp(s[i].path, "/dev/zram", 9)) {
			snprintf(dev, len, "%s", s[i].path);
			found = 1;
		}
	free(text);
	free(s);
	return ret < 0 ? ret : found;
}

/* Is zram-generator installed (where Debian and upstream put it)? */
static int have_zram_generator(void)
{
	return access("/usr/lib/systemd/system-generators/zram-generator", X_OK) == 0 ||
	       access("/lib/systemd/system-generators/zram-generator", X_OK) == 0;
}

/*
 * No systemd to start zram-generator's unit (another init, a container): the zram swap made
 * now as the generator would from the same advice, its size, compressor (the kernel's default
 * when none is advised, as the generator leaves it) and swap-priority; mkswap, swapon. Every
 * step journaled ahead with its undo registered (act/zram.h): --undo and cleanup swapoff it,
 * reset it and hot_remove it, a device made here by hot_add, never one the machine had.
 */
static int zram_now(const struct sp_advice *a, struct sp_apply_log *log, struct sp_err *e)
{
	char alg[SP_ZRAM_ALG_MAX], dev[64], on[256];
	int ret = zram_swapped_on(on, sizeof(on));

	if (ret < 0)
		return sp_err_sys(e, ret, "cannot read /proc/swaps");
	if (ret) {
		said(log,
		     "zram: '%s' is swapped on already: no second zram device made (" ZRAM_CONF
		     " makes one at a boot with systemd)",
		     on);
		return 0;
	}
	if (a->compressor.on)
		snprintf(alg, sizeof(alg), "%s", a->zram_alg);
	else if ((ret = sp_zram_default_algorithm(alg, sizeof(alg))) < 0)
		return sp_err_sys(e, ret, "cannot read zram's default compressor");
	ret = sp_zram_swap_on(alg, a->zram_size_bytes, NULL, a->zram_priority, dev, sizeof(dev), e);
	if (ret < 0)
		return sp_err_prefix(e, ret, "zram (%s, %llu MiB) not made", alg,
				     (unsigned long long)(a->zram_size_bytes >> 20));
	said(log,
	     "%s (%s, %llu MiB) swapped on at priority %d, made now as zram-generator would: "
	     "systemd is not PID 1 here; %s",
	     dev + 5, alg, (unsigned long long)(a->zram_size_bytes >> 20), a->zram_priority,
	     have_zram_generator()
		 ? "at a boot with systemd, zram-generator makes zram0 from " ZRAM_CONF
		 : "zram-generator is not installed: " ZRAM_CONF " makes nothing at boot until it "
		   "is (Debian: apt-get install systemd-zram-generator) and systemd starts the "
		   "machine");
	return 0;
}

struct target {
	const char *name; /* the setup file */
	const char *rel;  /* where under root */
};

int sp_setup_apply(const char *root_in, const struct sp_report *r, const struct sp_advice *a,
		   struct sp_apply_log *log, struct sp_err *e)
{
	static const struct target t[] = {
	    {"zram-generator.conf", "etc/systemd/zram-generator.conf"},
	    {"99-swapplace.conf", "etc/sysctl.d/99-swapplace.conf"},
	    {"zswap.cmdline", "var/lib/swapplace/zswap.cmdline"},
	};
	char root[PATH_MAX], bdir[PATH_MAX + 64], p[PATH_MAX + 128], id[64];
	char *text[3] = {NULL, NULL, NULL}, *swap = NULL, *fstab = NULL, *newtab = NULL;
	struct swapline sl[8];
	size_t nsl = 0, mark = sp_undo_depth();
	int live, ret = 0, journal = 0;
	struct stat st;
	const char *R;

	sp_err_init(e);
	if (!realpath(root_in, root))
		return sp_err_sys(e, -errno, "cannot resolve the root '%s'", root_in);
	live = !strcmp(root, "/");
	R = live ? "" : root;
	snprintf(bdir, sizeof(bdir), "%s/" BACKUP_DIR, R);
	snprintf(p, sizeof(p), "%s/journal", bdir);
	if (lstat(p, &st) == 0)
		return sp_err_set(e, -EEXIST,
				  "an earlier apply is in place (its backup '%s'): "
				  "`swapplace advise --undo%s%s` first",
				  bdir, live ? "" : " --root ", live ? "" : root);
	sp_report_run_id(r, id, sizeof(id));
	for (size_t i = 0; i < 3; i++)
		if (!(text[i] = text_of(t[i].name, r, a))) {
			ret = sp_err_set(e, -ENOMEM, "cannot phrase '%s'", t[i].name);
			goto out;
		}
	if (!(swap = text_of("fstab.swap", r, a))) {
		ret = sp_err_set(e, -ENOMEM, "cannot phrase 'fstab.swap'");
		goto out;
	}
	/* everything checked before the first change */
	snprintf(p, sizeof(p), "%s/etc/fstab", R);
	if ((ret = sp_read_all(NULL, p, &fstab)) < 0) {
		ret = sp_err_sys(e, ret, "cannot read '%s'", p);
		goto out;
	}
	newtab = fstab_with(fstab, swap, sl, sizeof(sl) / sizeof(sl[0]), &nsl, id);
	for (size_t i = 0; i < nsl; i++)
		if (stat(sl[i].dev, &st) < 0) {
			ret = sp_err_set(e, -ENOENT,
					 "the advised swap area '%s' does not exist%s: nothing "
					 "installed",
					 sl[i].dev,
					 a->swap_is_file ? " (make the swap file first: --write's "
							   "README says how)"
							 : "");
			goto out;
		}
	if (live && a->zram.on && sets_something(text[0]) && !systemd_runs() &&
	    access(ZRAM_CONTROL "/hot_add", W_OK) < 0) {
		ret = sp_err_set(e, -ENOENT,
				 "systemd is not PID 1 and there is no " ZRAM_CONTROL
				 " (the zram module is not loaded): the advised zram cannot be "
				 "made; nothing installed");
		goto out;
	}
	for (size_t i = 0; i < 2; i++) {
		char dir[PATH_MAX + 64];

		snprintf(dir, sizeof(dir), "%s/%s", R, t[i].rel);
		*strrchr(dir, '/') = '\0';
		if (sets_something(text[i]) && stat(dir, &st) < 0) {
			ret = sp_err_set(e, -ENOENT, "'%s' does not exist: '%s' has no place", dir,
					 t[i].name);
			goto out;
		}
	}
	if ((ret = mkdirs(R[0] ? R : "", BACKUP_DIR, 0700)) < 0) {
		ret = sp_err_sys(e, ret, "cannot make '%s'", bdir);
		goto out;
	}
	if ((ret = sp_journal_open("advise", bdir, e)) < 0)
		goto out;
	journal = 1;
	if (a->none)
		said(log, "the advice is no swap: --apply removes none of the machine's swap lines "
			  "or areas (swapoff them and remove their fstab lines yourself)");
	for (size_t i = 0; i < 3 && !ret; i++) {
		if (!sets_something(text[i]))
			continue;
		ret = install(live ? "/" : root, bdir, t[i].rel, t[i].name, text[i], log, e);
		if (!ret && i == 2)
			said(log,
			     "zswap's kernel parameters are in '%s/%s': add them to the kernel's "
			     "command line (GRUB_CMDLINE_LINUX in /etc/default/grub, then "
			     "update-grub)",
			     R, t[i].rel);
	}
	if (!ret && newtab)
		ret = install(live ? "/" : root, bdir, "etc/fstab", "fstab", newtab, log, e);
	if (ret)
		goto out;
	if (!live) {
		said(log, "not made active: the root is '%s', not this machine's /", root);
		goto out;
	}
	for (size_t i = 0; i < nsl && !ret; i++) {
		ret = sp_swap_on(sl[i].dev, sl[i].pri, e);
		if (ret == -EBUSY) {
			said(log, "'%s' is swapped on already (left as it is)", sl[i].dev);
			sp_err_init(e);
			ret = 0;
		} else if (!ret) {
			said(log, "swapon '%s' at priority %d", sl[i].dev, sl[i].pri);
		}
	}
	if (!ret && sets_something(text[1]))
		ret = set_sysctls(text[1], log, e);
	if (!ret && a->zram.on && sets_something(text[0])) {
		if (systemd_runs()) {
			/* stopped first when active: on Debian the package's own
			 * zram-generator.conf has made zram0 since boot, and a start of an
			 * active unit changes nothing (the VM test saw the advised lz4 stay
			 * lzo-rle) */
			char *reload[] = {SYSTEMCTL, "daemon-reload", NULL};
			char *stop[] = {SYSTEMCTL, "stop", ZRAM_UNIT, NULL};
			char *start[] = {SYSTEMCTL, "start", ZRAM_UNIT, ZRAM_SWAP_UNIT, NULL};
			int was_active = unit_active(ZRAM_UNIT);
			unsigned seq;

			ret = sp_journal_record(&seq, SP_J_UNIT, ZRAM_UNIT, NULL, NULL);
			if (!ret)
				ret = sp_undo_push_journaled(seq, "stop the zram unit", undo_unit,
							     ZRAM_UNIT, sizeof(ZRAM_UNIT));
			if (!ret)
				ret = run_prog(reload);
			if (!ret && was_active)
				ret = run_prog(stop);
			/* a file naming no compressor gets the kernel's, as at a boot */
			if (!ret && !a->compressor.on)
				zram0_kernel_default();
			if (!ret)
				ret = run_prog(start);
			if (ret)
				sp_err_set(e, ret,
					   "'" SYSTEMCTL " daemon-reload', %s'start " ZRAM_UNIT
					   " " ZRAM_SWAP_UNIT "' failed",
					   was_active ? "'stop " ZRAM_UNIT "', " : "");
			else if (was_active)
				said(log, "restarted " ZRAM_UNIT ": it was active, its zram0 made "
					  "again from the installed " ZRAM_CONF);
			else
				said(log, "started " ZRAM_UNIT);
		} else {
			ret = zram_now(a, log, e);
		}
	}
out:
	if (journal && !ret) {
		sp_undo_keep_to(mark);
		ret = sp_journal_keep();
		if (ret < 0)
			sp_err_sys(e, ret,
				   "cannot end the journal (`swapplace cleanup` undoes the "
				   "apply)");
	} else if (journal) {
		int undo = sp_undo_run_to(mark);

		if (sp_journal_finish() == 0 && !undo)
			remove_backup(R, bdir);
	}
	for (size_t i = 0; i < 3; i++)
		free(text[i]);
	free(swap);
	free(fstab);
	free(newtab);
	return ret;
}

/* the zram device zram_now() made, or its swapon */
static int zram_of_apply(const struct sp_jrec *r)
{
	return r->kind == SP_J_ZRAM ||
	       (r->kind == SP_J_SWAPON && !strncmp(r->f[0], "/dev/zram", 9));
}

int sp_setup_undo(const char *root_in, struct sp_apply_log *log, struct sp_err *e)
{
	char root[PATH_MAX], bdir[PATH_MAX + 64], path[PATH_MAX + 128], buf[512];
	const struct sp_jrec *pend[64];
	struct sp_journal j;
	char *text = NULL;
	size_t n;
	int fd, ret = 0, failed = 0, same_boot, unit = 0;
	const char *R;

	sp_err_init(e);
	memset(&j, 0, sizeof(j));
	if (!realpath(root_in, root))
		return sp_err_sys(e, -errno, "cannot resolve the root '%s'", root_in);
	R = strcmp(root, "/") ? root : "";
	snprintf(bdir, sizeof(bdir), "%s/" BACKUP_DIR, R);
	snprintf(path, sizeof(path), "%s/journal", bdir);
	if (access(path, F_OK) < 0)
		return sp_err_set(e, -ENOENT, "nothing to undo: no apply recorded in '%s'", bdir);
	fd = sp_journal_read_trusted(path, O_RDWR, &text, e);
	if (fd < 0)
		return fd;
	ret = sp_journal_parse(text, strlen(text), &j, e);
	if (ret < 0)
		goto out;
	same_boot = sp_journal_same_boot(&j.head);
	n = sp_journal_pending(&j, pend, sizeof(pend) / sizeof(pend[0]));
	if (n > sizeof(pend) / sizeof(pend[0])) {
		ret = sp_err_set(e, -E2BIG, "'%s' records more changes than --undo takes", path);
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		struct sp_err ce;

		if (sp_jrec_check(pend[i], getenv("SWAPPLACE_PROC_SYS"), &ce) < 0) {
			said(log, "record %u (%s) left alone: %s", pend[i]->seq,
			     sp_jkind_name(pend[i]->kind), ce.reason);
			failed = 1;
			continue;
		}
		if (!sp_jrec_in_root(pend[i], root)) {
			said(log, "record %u (%s '%s') left alone: not a file of the root '%s'",
			     pend[i]->seq, sp_jkind_name(pend[i]->kind), pend[i]->f[0], root);
			failed = 1;
			continue;
		}
		/* the installed files made the changes outlive a restart: undo them whatever the
		 * boot; but zram made now is gone with the boot, and a zram device of a later one
		 * is not the apply's */
		ret = sp_cleanup_undo(pend[i], zram_of_apply(pend[i]) ? same_boot : 1, buf,
				      sizeof(buf));
		said(log, "%s%s", ret < 0 ? "failed: " : "", buf);
		if (ret < 0)
			failed = 1;
		else if (pend[i]->kind == SP_J_UNIT)
			unit = 1;
	}
	if (unit && !failed && !R[0] && sp_setup_unit_reactivate(log) < 0) {
		said(log, "failed: systemctl daemon-reload or start " ZRAM_UNIT);
		failed = 1;
	}
	ret = 0;
	if (failed) {
		ret = sp_err_set(e, -EIO, "not everything was undone: the backup stays in '%s'",
				 bdir);
		goto out;
	}
	ret = sp_journal_mark_cleaned_fd(fd);
	if (ret < 0) {
		sp_err_sys(e, ret, "cannot mark '%s' cleaned", path);
		goto out;
	}
	remove_backup(R, bdir);
	said(log, "removed the backup '%s'", bdir);
out:
	sp_journal_release(&j);
	free(text);
	close(fd);
	return ret;
}
