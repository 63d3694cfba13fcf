/*
 * run_common.h - what run, measure and probe share at the edge: filling the report's header
 * (machine, seed, budget), the device list, and saving + printing the report.
 */
#ifndef SP_RUN_COMMON_H
#define SP_RUN_COMMON_H

#include <stddef.h>
#include <stdio.h>

#include "core/config/cli.h"
#include "core/model/report.h"
#include "probe/placement.h"
#include "render/doc_cairo.h"

/*
 * plan, run and measure: the budget --budget gave, or one chosen from the RAM
 * (core/config/budget.h), into c->budget_bytes and c->budget; a machine that cannot afford it is
 * refused (exit 3, before anything is looked at or touched). SWAPPLACE_MEMINFO names another
 * meminfo file to read instead of /proc/meminfo (tests). Returns an exit code.
 */
int sp_cmd_budget(struct sp_config *c);

void run_report_init(struct sp_report *r, const char *command, const struct sp_config *c);
void run_report_devices(struct sp_report *r);

/* The measurement options of every placement, from the command line. Changes nothing. */
void run_measure_opts(const struct sp_config *c, struct sp_measure_opts *mo);

/* The service's cases of one placement on stderr, one progress line each (run and measure). */
void run_print_service(const struct sp_result *res);

/*
 * What run and measure change on the machine for the whole measurement besides the swap
 * areas: part of the plan (printed with it), applied at one visible point of the flow, put
 * back by the undo list.
 */
struct run_tuning {
	/*
	 * vm.page-cluster while measuring: "0" turns swap readahead off for the per-page probes
	 * (fault, pressure): the neighbours read in with a page would make later touches of
	 * them minor faults, timed as if they were swap-ins.
	 */
	const char *page_cluster;
	/*
	 * vm.page-cluster while the job runs (run with a job only; "" otherwise): as the machine
	 * had it before the run (usually 3), or --page-cluster. placement.c switches to it right
	 * before each run of the job, with its undo, and back to page_cluster after.
	 */
	char job_page_cluster[8];
	/*
	 * vm.page-cluster while the service, cache and gc run ("" when unknown): as for the job,
	 * the machine's own or --page-cluster; on zram "0" unless --page-cluster was given, as
	 * seed 000 set it there (probe/placement.c sets it after the job, with its undo).
	 */
	char server_page_cluster[8];
};

/* The tuning every run and measure applies. */
void run_tuning_plan(struct run_tuning *t);

/* The job's vm.page-cluster: --page-cluster, else as the machine has it now (read before
 * run_tuning_apply changes it). */
void run_tuning_plan_job(struct run_tuning *t, const struct sp_config *c);

/* The service's, cache's and gc's vm.page-cluster (read before run_tuning_apply changes it). */
void run_tuning_plan_servers(struct run_tuning *t, const struct sp_config *c);

/* ... handed to the measurement options (probe/placement.h server_page_cluster). */
void run_tuning_servers_opts(const struct run_tuning *t, const struct sp_config *c,
			     struct sp_measure_opts *mo);

/* Set it, each with its undo; a setting that cannot be set is warned about, not fatal. */
void run_tuning_apply(const struct run_tuning *t);

/* The pages --paper and --duplex ask for (the parser has checked --paper). */
void run_page_opts(const struct sp_config *c, struct sp_page_opts *o);

/* Where the report goes: c->out_dir, or for run reports/<r->started as a UTC timestamp>;
 * "" for measure without --out (it writes no files then). */
void run_report_dir(const struct sp_report *r, const struct sp_config *c, char *dir, size_t len);

/*
 * Before a long run: --metrics DIR is an existing directory a file can be made in, else the
 * command is refused now (exit 2 for a directory that is not there, 1 otherwise, printed).
 * Returns an exit code (SP_EXIT_OK without --metrics).
 */
int run_metrics_check(const struct sp_config *c);

/*
 * Write the report into c->out_dir (default reports/<timestamp>): report.json and report.txt
 * (failing them fails the command), report.html, report.pdf and summary.csv (one that fails
 * is warned about, naming the format, and costs nothing else); with --metrics DIR also
 * DIR/swapplace.prom (out/metrics.h; failing it fails the command, not the report); then print
 * the text report (or the JSON with --json) on stdout. Returns an exit code.
 */
int run_report_save(struct sp_report *r, const struct sp_config *c, char *dir, size_t len);

/*
 * Read the position profile of dev_path into out within time_s (cmd/profile.c), with a progress
 * line; run uses it on the target before partitioning. Returns an exit code (failures printed).
 */
int run_profile(const char *dev_path, double time_s, uint64_t seed, struct sp_profile *out);

/* zswap off for the rest of the command, with its undo; said on stderr and in r->zswap. */
void run_zswap_off(struct sp_report *r);

/*
 * One run or measure at a time (act/runlock.h): take the lock for cmd, held until exit.
 * Returns an exit code: SP_EXIT_REFUSED (printed) when another one is active.
 */
int run_lock(const char *cmd);

/*
 * Begin the run journal (act/journal.h) in out_dir (NULL: only under /run) and name it in
 * r ("journal"). Returns an exit code (the error printed).
 */
int run_journal_open(struct sp_report *r, const char *cmd, const char *out_dir);

/* After the undo list ran: end the journal, or warn that cleanup has work left. */
void run_journal_finish(void);

#endif
