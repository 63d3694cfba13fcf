/*
 * run_common.h - what run, measure and probe share at the edge: filling the report's header
 * (machine, seed, budget), the device list, and saving + printing the report.
 */
#ifndef SP_RUN_COMMON_H
#define SP_RUN_COMMON_H

#include <stddef.h>

#include "core/cli.h"
#include "probe/placement.h"
#include "core/report.h"

void run_report_init(struct sp_report *r, const char *command, const struct sp_config *c);
void run_report_devices(struct sp_report *r);

/* The measurement options of every placement, from the command line; also turns swap
 * readahead off (vm.page-cluster=0) until the undo list runs. */
void run_measure_opts(const struct sp_config *c, struct sp_measure_opts *mo);

/*
 * Write report.json and report.txt into c->out_dir (default reports/<timestamp>), then print
 * the text report (or the JSON with --json) on stdout. Returns an exit code.
 */
int run_report_save(struct sp_report *r, const struct sp_config *c, char *dir, size_t len);

#endif
