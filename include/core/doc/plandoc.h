/*
 * plandoc.h - the plan as a document (core/doc/doc.h): what `plan` prints, and `run` before
 * it writes anything. The edge gathers what it knows (the target, the layout, the placements,
 * the kernel's zswap state, the estimate) into a struct sp_plan_view; this phrases it, and
 * core/doc/doc_text.h prints it. Pure: the view in, a document out.
 */
#ifndef SP_PLANDOC_H
#define SP_PLANDOC_H

#include <stddef.h>
#include <stdint.h>

#include "core/config/cli.h"
#include "core/doc/doc.h"
#include "core/model/report.h"
#include "core/plan/plan.h"
#include "core/scenario/buildjob.h"
#include "core/scenario/sweep.h"

enum sp_plan_job {
	SP_PLAN_JOB_NONE,  /* no job (--scenario without build) */
	SP_PLAN_JOB_USER,  /* --job: the user's command */
	SP_PLAN_JOB_BUILD, /* the build job of job_plan */
};

/* Everything the plan says, as the edge found it. Pointers are borrowed. */
struct sp_plan_view {
	const struct sp_config *c;
	const struct sp_device_info *target;
	const struct sp_device_info *also; /* c->n_also of them */
	const struct sp_layout *layout;
	const char *const *placements; /* their names, in the order they are measured */
	size_t n_placements;
	unsigned scenarios; /* SP_SCENARIO_* bits (core/scenario/scenario.h) */
	/* vm.page-cluster while measuring, and while the job runs ("": no job) */
	const char *page_cluster, *job_page_cluster;
	/* while the service, cache and gc run ("" or NULL: as set); _all: on zram too */
	const char *server_page_cluster;
	int server_page_cluster_all;
	/* zswap now (present 0: the kernel has none, nothing is said) and the zswap placements */
	int zswap_present, zswap_enabled;
	const char *zswap_compressor;
	size_t n_zswap_algs;
	enum sp_plan_job job;
	const struct sp_buildjob_plan *job_plan; /* SP_PLAN_JOB_BUILD */
	double job_timeout_s;			 /* SP_PLAN_JOB_USER: per run */
	const char *job_user;			 /* SP_PLAN_JOB_USER: who runs it */
	double job_run_s;			 /* SP_PLAN_JOB_BUILD: one run, estimated */
	const struct sp_sweep_plan *sweep;	 /* n_knobs 0: none */
	unsigned sweep_scenarios;		 /* what a sweep's run repeats (SP_SCENARIO_*) */
	size_t sweep_runs;
	double sweep_run_s;
	double estimate_s;
	const char *estimate_from; /* "assumed: an SSD", "from its profile" */
	/* --job CMD before it ran: its time is unknown and left out of estimate_s, which then
	 * says so with its job_runs runs */
	int job_known;
	size_t job_runs;
};

/*
 * The plan of v into d (initialised by the caller, released by the caller).
 * Returns: 0, -EINVAL for a view without its config, target or layout, -ENOMEM.
 */
int sp_plandoc_build(const struct sp_plan_view *v, struct sp_doc *d);

#endif
