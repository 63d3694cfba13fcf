/*
 * journal.h - the run journal's text format: what a record line says, how a whole journal
 * parses back, whether its run finished, and which of its changes are still to be undone.
 *
 * A run writes the journal ahead of every change it makes to the machine (act/journal.h), so
 * after a kill or a power cut the file says exactly what may be left behind, and `swapplace
 * cleanup` undoes that and nothing else. The format is one line per event, fields separated by
 * one space, each field percent-encoded (space, '%', control bytes), an empty field written
 * "-" (a field that is "-" itself is written "%2D"):
 *
 *	swapplace-journal 1 pid=4242 boot=<boot_id> start=<ticks> cmd=run time=<epoch> twin=<path>
 *	1 parttable /dev/sdb
 *	2 mount /run/swapplace-4242 /dev/sdb2 1
 *	3 swapon /dev/sdb1
 *	undone 3
 *	end
 *
 * A record is "<seq> <kind> <field>...", seq counting from 1. "undone <seq>" follows when the
 * record's undo ran; "end" when the run ended with every undo run; "kept" when `advise --apply`
 * ended with its changes in place on purpose (`advise --undo` reverts them from this same
 * journal, kept beside the backups); "cleaned" when `swapplace cleanup` or `advise --undo`
 * finished it. Bytes after the last newline are a line the writer did not finish
 * (killed during the append, before the change it announced): they are ignored. Any other
 * line that does not parse makes the whole journal refused, so garbage is never acted on.
 * Pure: no I/O.
 */
#ifndef SP_CORE_JOURNAL_H
#define SP_CORE_JOURNAL_H

#include <stddef.h>

#include "core/err.h"

#define SP_JOURNAL_MAGIC "swapplace-journal"
#define SP_JOURNAL_VERSION 1
#define SP_JOURNAL_FIELDS 4	 /* at most, after the kind */
#define SP_JOURNAL_FIELD_MAX 512 /* bytes of one decoded field, with its NUL */
#define SP_JOURNAL_LINE_MAX 4096 /* bytes of one encoded line, with its newline */

/* What a record announces, and (in cmd/cleanup.c) how it is undone. */
enum sp_jkind {
	SP_J_PARTTABLE, /* DEV: a partition table written; not undone (the backup restores it) */
	SP_J_SWAPON,	/* PATH: swapon; undo swapoff while /proc/swaps lists it */
	SP_J_ZRAM,	/* ID ALG DISKSIZE: zram<ID> added; undo reset + hot_remove */
	SP_J_CGROUP,	/* VERSION PATH: a cgroup made; undo kill its tasks, rmdir */
	SP_J_SUBTREE,	/* PATH CTRL: "+CTRL" into PATH (cgroup.subtree_control); undo "-CTRL" */
	SP_J_SYSCTL,	/* PATH OLD NEW: a /proc/sys value set; undo OLD while it still reads NEW */
	SP_J_ZSWAP,	/* PATH OLD NEW: a zswap parameter set; undone as a sysctl */
	SP_J_MOUNT,	/* DIR SOURCE RMDIR: mounted; undo umount while mounted, rmdir when 1 */
	SP_J_FILE,	/* PATH: a temporary file made; undo unlink */
	SP_J_CONF,	/* PATH BACKUP: advise --apply installed PATH, its old bytes saved in
			 * BACKUP ("" when PATH did not exist); undo copy BACKUP back, else unlink */
	SP_J_UNIT,	/* NAME: advise --apply started the systemd unit NAME; undo stop it */
	SP_J_NKINDS,
};

struct sp_jrec {
	unsigned seq;
	enum sp_jkind kind;
	unsigned n_fields;
	char f[SP_JOURNAL_FIELDS][SP_JOURNAL_FIELD_MAX];
	int undone; /* an "undone <seq>" line follows */
};

/* The first line: whose journal this is, so a live run's journal is never cleaned. */
struct sp_jhead {
	int pid;
	char boot_id[40];		 /* /proc/sys/kernel/random/boot_id of the run's boot */
	unsigned long long start_ticks;	 /* the process's start time, /proc/PID/stat field 22 */
	char cmd[16];			 /* run, measure */
	long long time;			 /* seconds since the epoch, when the journal began */
	char twin[SP_JOURNAL_FIELD_MAX]; /* the other copy of this journal, or "" */
};

struct sp_journal {
	struct sp_jhead head;
	struct sp_jrec *recs; /* in file order (seq ascending) */
	size_t n, cap;
	int ended;     /* an "end" line: the run itself undid everything */
	int cleaned;   /* a "cleaned" line: swapplace cleanup finished it */
	int kept;      /* a "kept" line: advise --apply left its changes on purpose */
	int torn_tail; /* bytes after the last newline were ignored */
};

/* The kind's name in the file ("swapon"), and back: -EINVAL for an unknown name. */
const char *sp_jkind_name(enum sp_jkind k);
int sp_jkind_parse(const char *name);

/* How many fields the kind takes. */
unsigned sp_jkind_fields(enum sp_jkind k);

/*
 * The header line and a record line, each ending in '\n', into buf.
 * Returns: the length, -EINVAL for a record whose field count is not its kind's,
 * -ENAMETOOLONG when it does not fit buf.
 */
int sp_journal_format_head(const struct sp_jhead *h, char *buf, size_t len);
int sp_journal_format_rec(const struct sp_jrec *r, char *buf, size_t len);

/*
 * Parse a whole journal (len bytes of text). j is filled (sp_journal_release frees it).
 * Returns: 0; -EINVAL with e saying which line and why for anything that is not a journal
 * of this version (unknown kinds included: a newer swapplace's journal is refused, not half
 * undone); -ENOMEM.
 */
int sp_journal_parse(const char *text, size_t len, struct sp_journal *j, struct sp_err *e);
void sp_journal_release(struct sp_journal *j);

/* Finished: the run ended normally, an apply kept its changes, or a cleanup finished it:
 * nothing is left for `swapplace cleanup` to undo. */
int sp_journal_finished(const struct sp_journal *j);

/*
 * The records still to undo, newest first, into out (max entries): not undone, and of a kind
 * that has an undo (a partition table has none). A kept journal's records are still to undo
 * (by advise --undo); an ended or cleaned one has none. Returns: how many there are (may exceed
 * max).
 */
size_t sp_journal_pending(const struct sp_journal *j, const struct sp_jrec **out, size_t max);

/*
 * Is the record about something only swapplace makes? Cleanup acts on nothing else, even in
 * a journal edited by hand: cgroups named swapplace-* under /sys/fs/cgroup, the two sysctls
 * swapplace sets (vm.swappiness, vm.page-cluster under /proc/sys, or under sysctl_root, the
 * tests' SWAPPLACE_PROC_SYS, when not NULL) with numbers for values, zswap's parameters
 * swapplace sets (enabled, compressor, ...) with words for values, mounts on swapplace-*
 * directories, absolute paths in one spelling (no "." or ".." component, no "//"), zram ids
 * that are numbers; for advise --apply, only the files it installs (.../etc/fstab,
 * .../etc/systemd/zram-generator.conf, .../etc/sysctl.d/99-swapplace.conf,
 * .../var/lib/swapplace/zswap.cmdline) with backups under .../var/lib/swapplace/advise-backup/
 * of the same root, and the unit systemd-zram-setup@zram0.service.
 * Returns: 0, or -EINVAL with why in e.
 */
int sp_jrec_check(const struct sp_jrec *r, const char *sysctl_root, struct sp_err *e);

/*
 * Is the record about root's own files (root: "/" or a canonical path)? A conf record must name
 * one of the files advise --apply installs under root itself: a journal of an apply under
 * another root (a scratch copy, or / seen through a mount namespace whose /etc is another
 * directory) names files that `advise --undo --root ROOT` must not put back. Records of
 * other kinds are about the machine, not a root: 1. Returns: 1 yes, 0 no.
 */
int sp_jrec_in_root(const struct sp_jrec *r, const char *root);

/*
 * Is a header's twin= path one cleanup may open: "" (none), or an absolute path in one
 * spelling whose last component is "journal" or "journal-PID". Returns: 0, or -EINVAL with
 * why in e. (Whether it is under the run directory, and canonical once symbolic links are
 * resolved, is the edge's to check: cmd/cleanup.c.)
 */
int sp_journal_twin_check(const char *twin, struct sp_err *e);

#endif
