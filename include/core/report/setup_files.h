/*
 * setup_files.h - the advice (core/findings/advise.h) as the files Linux already reads: systemd's
 * zram-generator.conf, fstab swap lines with pri=, a sysctl.d file, zswap's kernel command line
 * parameters, and a README saying where each goes and how to undo it.
 *
 * Each writer phrases the advice it is given and computes nothing: a file for a choice that is
 * not advised holds only comments saying why (zswap.cmdline: one comment line), so a file copied
 * into place changes only what the report supports. Pure: writes to the FILE it is handed.
 */
#ifndef SP_SETUP_FILES_H
#define SP_SETUP_FILES_H

#include <stddef.h>
#include <stdio.h>

#include "core/findings/advise.h"
#include "core/model/report.h"

/* One file of a setup directory. */
struct sp_setup_file {
	const char *name;  /* its name in the directory: "zram-generator.conf" */
	const char *where; /* where it is installed: "/etc/systemd/zram-generator.conf" */
	/* Returns: 0, or -EIO when out failed. */
	int (*write)(FILE *out, const struct sp_report *r, const struct sp_advice *a);
};

/* zram-generator.conf, fstab.swap, 99-swapplace.conf, zswap.cmdline, README, in that order. */
extern const struct sp_setup_file sp_setup_files[];
extern const size_t sp_n_setup_files;

/* The file called name, or NULL. */
const struct sp_setup_file *sp_setup_file_find(const char *name);

#endif
