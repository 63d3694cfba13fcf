/*
 * cli.h - the command line: one control struct for every subcommand (util-linux style, each
 * field commented with the option that sets it) and a pure parser that prints nothing, so
 * every usage error is unit-tested. Only main prints and exits.
 */
#ifndef SP_CLI_H
#define SP_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "core/config/budget.h"
#include "core/config/caps.h"
#include "core/err.h"

#define SP_MAX_ALSO 8
#define SP_MAX_SWAP_ARGS 8
#define SP_MAX_SWEEP_ARGS                                                                          \
	4 /* --sweep: one per knob (core/scenario/sweep.h); the parser says which twice */
#define SP_CLI_MAX_INPUTS 16 /* compare: the reports side by side (SP_COMPARE_MAX_RUNS) */
#define SP_CLI_MAX_REPEAT                                                                          \
	8			      /* --repeat: the runs a result holds (SP_BUILD_MAX_RUNS and  \
				       * SP_SERVICE_MAX_RUNS) */
#define SP_CLI_MAX_JOBS 16	      /* --jobs: SP_BUILDJOB_MAX_JOBS, the plan's room */
#define SP_CLI_MAX_SERVICE_WORKERS 64 /* --service-workers (SP_SERVICE_MAX_WORKERS) */

enum sp_cmd {
	SP_CMD_NONE = 0,
	SP_CMD_LIST,
	SP_CMD_PLAN,
	SP_CMD_RUN,
	SP_CMD_MEASURE,
	SP_CMD_PROBE,
	SP_CMD_REPORT,
	SP_CMD_PROFILE,
	SP_CMD_PRINT,
	SP_CMD_COMPARE,
	SP_CMD_INDEX,
	SP_CMD_RESTORE, /* cmd/restore.c: a run's backup back onto its disk */
	SP_CMD_CLEANUP, /* cmd/cleanup.c: undo what a dead run's journal records */
	SP_CMD_ADVISE,	/* cmd/advise.c: the setup a saved run supports */
};

/* exit codes, documented in docs/exit-codes.md */
enum {
	SP_EXIT_OK = 0,
	SP_EXIT_FAILURE = 1,
	SP_EXIT_USAGE = 2,
	SP_EXIT_REFUSED = 3,
};

struct sp_config {
	enum sp_cmd cmd;
	int help;	       /* --help (of the subcommand, or global) */
	int version;	       /* --version */
	int json;	       /* --json */
	int plain;	       /* list --plain: tab-separated, for scripts */
	const char *target;    /* --target DEV */
	const char *confirm;   /* --confirm ID: the target's serial, or its size in bytes */
	const char *save_plan; /* plan --save-plan FILE: the target's identity, for run --plan */
	const char *plan_file; /* run --plan FILE: refuse when the target is not that disk */
	size_t n_also;
	const char *also[SP_MAX_ALSO];	       /* --also DEV (repeatable) */
	const char *also_confirm[SP_MAX_ALSO]; /* --also-confirm ID, pairs with the --also before */
	const char *out_dir;		       /* --out DIR (default reports/<timestamp>) */
	uint64_t budget_bytes;		       /* --budget SIZE: memory the probes may use */
	int budget_given;	     /*   (not given: chosen from the RAM, core/config/budget.h) */
	struct sp_budget budget;     /*   how it was chosen, by sp_cmd_budget before a command */
	uint64_t swap_bytes;	     /* --swap-size SIZE: each swap partition and the swap file */
	const char *layout;	     /* --layout installed|centred: where the data partition goes */
	double time_per_placement_s; /* --time-per-placement SECONDS */
	double profile_time_s;	     /* --profile-time SECONDS: the position profile; 0 skips */
	uint64_t seed;		     /* --seed N */
	int seed_given;
	uint32_t threads;	  /* --threads N: fault-probe touching threads */
	double ci_target_pct;	  /* --ci PCT: target half-width of the median's CI */
	const char *only;	  /* --only LIST: comma list of placements to run */
	const char *zswap;	  /* --zswap default|all|none|LIST: zswap-<alg> placements */
	const char *scenario;	  /* --scenario LIST: build,service,cache,gc,all,none */
	double service_time_s;	  /* --service-time SECONDS: each service case's load */
	uint32_t service_workers; /* --service-workers N: the service's serving workers */
	double cache_time_s;	  /* --cache-time SECONDS: each cache case's measured span */
	uint32_t cache_threads;	  /* --cache-threads N: the cache's client threads */
	double gc_time_s;	  /* --gc-time SECONDS: the gc scenario's span after its fill */
	double job_scale;	  /* --job-scale X: the build job's work, 1 = full size */
	uint32_t jobs;		  /* --jobs N: the build job's units compiled at once (make -j) */
	const char *project_at;	  /* --project-at allocator|start: where the project's tree lies */
	const char *job_cmd;	  /* --job CMD: the user's job instead of the build job */
	const char *job_dir;	  /* --job-dir DIR: copied as the job's working copy */
	const char *job_user;	  /* --job-user NAME|UID: who runs --job (sp_job_user_choose) */
	double job_timeout_s;	  /* --job-timeout SECONDS: per run of the job */
	uint32_t page_cluster;	  /* --page-cluster N: vm.page-cluster for the job's runs */
	int page_cluster_given;	  /*   (not given: as the machine has it) */
	uint32_t repeat;	  /* --repeat N: rounds of every scenario per placement */
	double min_effect_pct;	  /* --min-effect PCT: the smallest difference worth a claim */
	size_t n_sweeps;
	const char *sweeps[SP_MAX_SWEEP_ARGS]; /* --sweep KNOB=V1,V2,... (core/scenario/sweep.h) */
	size_t n_swaps;
	const char *swaps[SP_MAX_SWAP_ARGS]; /* measure --swap DEV|FILE (repeatable) */
	const char *try_list;  /* measure --try LIST: zram, zram-ALG, file, file:DIR */
	int scenario_given;    /* measure --scenario given (its default is service) */
	uint64_t offset_bytes; /* probe --offset BYTES */
	uint64_t length_bytes; /* probe --length BYTES (0: to the end) */
	const char *device;    /* probe DEV */
	const char *input;     /* report RUN.json; restore BACKUP_DIR */
	const char *format;    /* report --format text|json|...|prom; print: text|ps|pdf */
	const char *output;    /* report -o FILE: written atomically instead of stdout */
	const char *printer;   /* print --printer DEV (default /dev/usb/lp0) */
	const char *paper;     /* --paper a4|letter: the PDF's and PostScript's pages */
	int duplex;	       /* --duplex: each section starts on an odd page */
	int printer_file;      /* print --printer-file: --printer may be a regular file */
	size_t n_inputs;
	const char *inputs[SP_CLI_MAX_INPUTS]; /* compare A.json B.json ... */
	const char *cpu_max; /* --cpu-max CPUS: a CPU quota on every workload cgroup */
	const char *io_max;  /* --io-max IOPS[,BPS]: a cap on the swap device's I/O */
	struct sp_caps caps; /*   both, parsed after the options (core/config/caps.h) */
	/* --metrics DIR (run, measure): DIR/swapplace.prom for node_exporter (out/metrics.h) */
	const char *metrics_dir;
	const char *workload;  /* advise --for build|service|cache|gc (NULL: the report's first) */
	const char *write_dir; /* advise --write DIR: the setup files, written atomically */
	int apply;	       /* advise --apply: install the setup here and make it active */
	int undo;	       /* advise --undo: revert the apply recorded under --root */
	const char *root;      /* advise --root DIR: where --apply installs (default /) */
};

/*
 * Who runs --job, as the command line and sudo name it: --job-user NAME|UID, else SUDO_UID (with
 * SUDO_GID). Root only when named: --job-user root or --job-user 0.
 */
#define SP_JOB_USER_NAME_MAX 32 /* useradd's limit */
struct sp_job_user {
	int by_name;			     /* 1: name is to be looked up; 0: uid */
	char name[SP_JOB_USER_NAME_MAX + 1]; /* --job-user NAME */
	uint32_t uid;			     /* --job-user UID, or SUDO_UID */
	int has_gid;			     /* SUDO_GID was given: gid */
	uint32_t gid;
	int from_sudo; /* SUDO_UID named it, not --job-user */
};

/*
 * --job-user's argument: a name (letters, digits, '.', '_', '-', a final '$'; not starting with
 * '-'; 1 to 32 characters; not all digits) or a uid (decimal, 0 to 4294967294: (uid_t)-1 means
 * "no change" to setresuid). Returns: 0, or -EINVAL with the reason in e.
 */
int sp_job_user_parse(const char *arg, struct sp_job_user *u, struct sp_err *e);

/*
 * Who runs --job: job_user (--job-user, may be NULL) when given, else sudo_uid and sudo_gid
 * (the environment's SUDO_UID and SUDO_GID, may be NULL). Refused: neither given; SUDO_UID 0
 * (root, without --job-user root saying so); a SUDO_UID or SUDO_GID that is not a uid.
 * Returns: 0, or -EINVAL with the reason in e (the caller exits 2).
 */
int sp_job_user_choose(const char *job_user, const char *sudo_uid, const char *sudo_gid,
		       struct sp_job_user *u, struct sp_err *e);

/* Zero c, then set every default of the option table (core/config/options.h). */
void sp_config_defaults(struct sp_config *c);

/*
 * Parse argv into c, starting from sp_config_defaults(). Which options a command takes, how
 * each parses and its default come from the option table (core/config/options.h).
 * Returns: 0 on success, -EINVAL on a usage error with the reason in e
 * ("unknown option '--foo'", "invalid size '12Q' for --budget"). c->help set means the caller
 * prints the usage of c->cmd (SP_CMD_NONE: the global one) and exits 0.
 */
int sp_cli_parse(int argc, char **argv, struct sp_config *c, struct sp_err *e);

/*
 * The usage text of a subcommand (SP_CMD_NONE: global), rendered once from the option table
 * into static storage.
 */
const char *sp_cli_usage(enum sp_cmd cmd);

/* The subcommand's name as typed ("run"); the help lists commands through it. */
const char *sp_cmd_name(enum sp_cmd cmd);

#endif
