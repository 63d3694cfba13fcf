/*
 * setup_apply.h - `swapplace advise --apply` and `--undo`: the advice's setup files installed
 * into a root (/ or a scratch copy), each file they replace or change saved first, and, on the
 * live root, made active (swapon of the added swap lines at their pri=, the two sysctls, the
 * zram generator's unit when systemd runs, stopped first when active (Debian's own file has
 * made zram0 since boot) and started with its swap unit, else the zram swap made as the generator
 * would: act/zram.h's device, compressor, size and swap-priority from the same advice); then all of
 * it taken back.
 *
 * Every step is recorded ahead in a journal (act/journal.h, kinds conf, swapon, sysctl, unit,
 * zram)
 * whose second copy is ROOT/var/lib/swapplace/advise-backup/journal, beside the saved files:
 * that copy is the backup's manifest (which file came from where, which sysctl had which value,
 * which area was swapped on). An apply that fails part-way undoes what it did; one killed
 * leaves the journal in the run directory for `swapplace cleanup`, which undoes it. One that
 * succeeds ends its journal "kept" (cleanup leaves it), and --undo reverts it from the manifest.
 *
 * Only files that set something are installed: a zram-generator.conf without [zram0], a sysctl
 * file without a value and a fstab.swap without a new line change nothing on the machine.
 * zswap's parameters go to ROOT/var/lib/swapplace/zswap.cmdline, never into a bootloader's
 * files (bootloaders differ): the person adds them.
 */
#ifndef SP_ACT_SETUP_APPLY_H
#define SP_ACT_SETUP_APPLY_H

#include <stddef.h>

#include "core/err.h"
#include "core/findings/advise.h"
#include "core/model/report.h"

#define SP_APPLY_LINES 32

/* What was done, one line each, for the edge to print. */
struct sp_apply_log {
	size_t n;
	char line[SP_APPLY_LINES][400];
};

/*
 * Install a (advice from report r) under root and, when root is "/", activate it.
 * Refused: an earlier apply still in place (-EEXIST), a swap line whose device does not exist
 * (-ENOENT), an installed file that is not a regular file (-ELOOP, -EPERM), a missing /etc
 * directory (-ENOENT), advised zram on / without systemd and without the zram module
 * (-ENOENT). Returns: 0; -errno with why in e, everything undone (or, when an undo
 * failed, left in the journal for `swapplace cleanup`).
 */
int sp_setup_apply(const char *root, const struct sp_report *r, const struct sp_advice *a,
		   struct sp_apply_log *log, struct sp_err *e);

/*
 * Revert the apply recorded under root: newest first, stop the unit (or swapoff, reset and
 * hot_remove the zram device it made; left alone after a restart: not the apply's), put the
 * sysctls back (while they hold the applied value), swapoff the added areas, copy every saved
 * file back byte for byte (mode and owner too) and remove the files the apply created, a file
 * record only when it names root's own file (sp_jrec_in_root); on the live root under
 * systemd, after a unit record, daemon-reload and start the unit again when the file put back
 * defines zram0 (the machine's zram0 as before the apply); then remove the backup directory.
 * Returns: 0; -ENOENT nothing applied; -errno with why in e (the backup is then kept, and --undo
 * may be run again).
 */
int sp_setup_undo(const char *root, struct sp_apply_log *log, struct sp_err *e);

/*
 * Put path back from backup: copied through a temporary beside path, synced and renamed over
 * it, with the backup's mode and owner; backup "" removes path (a regular file only).
 * Returns: 1 done, 0 nothing to do (path absent and no backup), -errno.
 */
int sp_setup_restore(const char *path, const char *backup);

/*
 * Stop the systemd unit (systemctl stop) when systemd runs. Returns: 1 stopped, 0 no systemd,
 * -EIO systemctl failed.
 */
int sp_setup_stop_unit(const char *unit);

/*
 * After an apply's unit record was undone (its unit stopped) and its files put back, by --undo
 * or by `swapplace cleanup` of an apply killed before it ended: systemd made to see the files
 * put back (daemon-reload: the generator runs again, a removed zram-generator.conf's units go),
 * and zram0 started again when the file put back defines it (Debian's own [zram0], active
 * before the apply), as a boot would. Nothing without systemd as PID 1. Says what it did in log.
 * Returns: 0; -EIO systemctl failed.
 */
int sp_setup_unit_reactivate(struct sp_apply_log *log);

#endif
