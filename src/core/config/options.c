/*
 * options.c - the option table and the command table, how an option's argument is checked and
 * stored, and the usage texts rendered from both. Everything a user reads in --help about an
 * option (its name, argument, default, which commands take it) comes from the same entry the
 * parser uses, so the two cannot disagree. Pure: renders into the caller's buffer.
 */
#include "core/config/options.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/config/budget.h"
#include "core/config/units.h"

#define F(field) offsetof(struct sp_config, field)
#define B(cmd) SP_CMD_BIT(SP_CMD_##cmd)
#define ALL_CMDS                                                                                   \
	(B(NONE) | B(LIST) | B(PLAN) | B(RUN) | B(MEASURE) | B(PROBE) | B(REPORT) | B(PROFILE) |   \
	 B(PRINT) | B(COMPARE) | B(INDEX) | B(RESTORE) | B(CLEANUP) | B(ADVISE))
#define PAGES                                                                                      \
	(B(RUN) | B(MEASURE) | B(REPORT) | B(PRINT) |                                              \
	 B(COMPARE)) /* they render PDF or PostScript */
#define SWEEP (B(PLAN) | B(RUN))
#define PROBING (B(PLAN) | B(RUN) | B(MEASURE) | B(PROBE))

/*
 * In the order the help lists them. A name may appear twice when the commands that take it
 * give it different meanings (--out: run always writes its report, measure and probe only
 * when asked); the two entries' commands must not overlap. Hand-laid out: an entry per
 * paragraph reads better than clang-format's one field per line.
 */
/* clang-format off */
const struct sp_option sp_options[] = {
	{ .name = "target", .kind = SP_OPT_STRING, .cmds = B(RESTORE), .field = F(target),
	  .flags = SP_OPTF_ONCE, .metavar = "DEV",
	  .help = "the disk to put the backup back on: a path or serial:SERIAL; its size "
		  "and serial must be the backup's" },
	{ .name = "target", .kind = SP_OPT_STRING, .cmds = SWEEP, .field = F(target),
	  .flags = SP_OPTF_ONCE, .metavar = "DEV",
	  .help = "the disk to sacrifice (a whole disk, never a partition): a path or "
		  "serial:SERIAL" },
	{ .name = "confirm", .kind = SP_OPT_STRING, .cmds = B(RUN) | B(RESTORE), .field = F(confirm),
	  .metavar = "ID",
	  .help = "the target's serial, or its exact size in bytes when it has none (see "
		  "'swapplace list')" },
	{ .name = "save-plan", .kind = SP_OPT_STRING, .cmds = B(PLAN), .field = F(save_plan),
	  .flags = SP_OPTF_ONCE, .metavar = "FILE",
	  .help = "write who the target is (name, size, serial, model) into FILE, for the run to check" },
	{ .name = "plan", .kind = SP_OPT_STRING, .cmds = B(RUN), .field = F(plan_file),
	  .flags = SP_OPTF_ONCE, .metavar = "FILE",
	  .help = "refuse unless the target is still the disk its plan saved into FILE" },
	{ .name = "also", .kind = SP_OPT_LIST, .cmds = SWEEP, .field = F(also),
	  .count = F(n_also), .cap = SP_MAX_ALSO, .metavar = "DEV",
	  .help = "another SSD/NVMe to measure as a swap partition, destroyed too" },
	{ .name = "also-confirm", .kind = SP_OPT_PAIR, .cmds = SWEEP, .field = F(also_confirm),
	  .count = F(n_also), .cap = SP_MAX_ALSO, .follows = "also", .metavar = "ID",
	  .help = "confirmation of the --also before it: its serial, or its size in bytes" },
	{ .name = "swap", .kind = SP_OPT_LIST, .cmds = B(MEASURE), .field = F(swaps),
	  .count = F(n_swaps), .cap = SP_MAX_SWAP_ARGS, .metavar = "DEV|FILE",
	  .help = "a swap area to measure, enabled for the run and disabled after; "
		  "without any, the swap this machine has" },
	{ .name = "try", .kind = SP_OPT_STRING, .cmds = B(MEASURE), .field = F(try_list),
	  .flags = SP_OPTF_ONCE, .metavar = "LIST",
	  .help = "measure temporary placements instead, removed afterwards: zram (the "
		  "machine's compressor), zram-ALG, file (a swap file in /var/tmp), "
		  "file:DIR; each beside no swap (none)" },
	{ .name = "offset", .kind = SP_OPT_SIZE, .cmds = B(PROBE), .field = F(offset_bytes),
	  .metavar = "SIZE", .def = "0",
	  .help = "start of the range to read, a multiple of 4 KiB" },
	{ .name = "length", .kind = SP_OPT_SIZE, .cmds = B(PROBE), .field = F(length_bytes),
	  .metavar = "SIZE", .def_note = "to the end of the device",
	  .help = "length of the range to read" },
	{ .name = "budget", .kind = SP_OPT_SIZE, .cmds = SWEEP | B(MEASURE),
	  .field = F(budget_bytes), .given = F(budget_given), .min = 1, .metavar = "SIZE",
	  .def_note = SP_BUDGET_RULE,
	  .help = "memory the probes and workloads may use; unless given, never more than what is "
		  "available beside " SP_BUDGET_STR(SP_BUDGET_HEADROOM_MIB) "M for the rest, and a "
		  "machine without that much is refused" },
	{ .name = "swap-size", .kind = SP_OPT_SIZE, .cmds = SWEEP, .field = F(swap_bytes),
	  .min = 1, .metavar = "SIZE", .def = "1G",
	  .help = "each swap partition and the swap file, at least twice the budget" },
	{ .name = "layout", .kind = SP_OPT_CHOICE, .cmds = SWEEP, .field = F(layout),
	  .choices = "installed|centred", .metavar = "installed|centred", .def = "installed",
	  .help = "where the ext4 partition with the swap file goes: installed fills the disk "
		  "between the swap partitions, the file near its start; centred is small and "
		  "mid-disk (docs/method.md)" },
	{ .name = "time-per-placement", .kind = SP_OPT_DURATION, .cmds = PROBING,
	  .field = F(time_per_placement_s), .metavar = "SECONDS", .def = "60",
	  .help = "measurement time of each placement; for measure, of each swap "
		  "area; for probe, of the range" },
	{ .name = "profile-time", .kind = SP_OPT_DURATION, .cmds = SWEEP | B(PROFILE),
	  .field = F(profile_time_s), .flags = SP_OPTF_ZERO, .metavar = "SECONDS", .def = "60",
	  .help = "at most this long for the disk's position profile (sequential rate and "
		  "random read latency at 100 positions); for run, 0 skips it" },
	{ .name = "threads", .kind = SP_OPT_U32, .cmds = SWEEP | B(MEASURE), .field = F(threads),
	  .min = 1, .max = 64, .metavar = "N", .def = "2",
	  .help = "threads touching evicted pages in the fault probe" },
	{ .name = "ci", .kind = SP_OPT_PERCENT, .cmds = PROBING, .field = F(ci_target_pct),
	  .flags = SP_OPTF_ZERO, .max = 50, .metavar = "PCT", .def = "0",
	  .help = "stop sampling a median once its 95% confidence interval is within this "
		  "percent of it; 0 samples for the whole time, so a run takes what its plan "
		  "said" },
	{ .name = "only", .kind = SP_OPT_STRING, .cmds = SWEEP, .field = F(only),
	  .metavar = "LIST", .def_note = "all",
	  .help = "only these placements, comma-separated: start, end, file, zram (or zram-ALG), "
		  "dev (or dev-NAME), none, ram (the job without a memory limit)" },
	{ .name = "zswap", .kind = SP_OPT_STRING, .cmds = SWEEP, .field = F(zswap),
	  .metavar = "LIST", .def_note = "the kernel's zswap compressor alone",
	  .help = "zswap in front of the start partition, one placement per compressor, "
		  "where the kernel has zswap: all (every compressor zram offers too), none, "
		  "or a comma list (lz4,lzo); outside them zswap is off for the run" },
	{ .name = "scenario", .kind = SP_OPT_CHOICE, .cmds = SWEEP, .field = F(scenario),
	  .flags = SP_OPTF_COMMA, .choices = "build|service|cache|gc|all|none", .metavar = "LIST",
	  .def = "build",
	  .help = "the scenarios run on every placement after its probes, comma-separated: "
		  "build (a RAM-hungry compiler-like build that swaps while it reads and writes "
		  "files, and once in RAM alone), service (a service under a steady load: fits, "
		  "cold and hot overflow, a memory spike), cache (a service whose own cache is "
		  "50, 75 and 100 % of the budget: does it swap its own cache?), gc (a heap "
		  "that fits, allocations that push the budget, and a GC's stop-the-world "
		  "pause faulting back its metadata), all (every one) or none" },
	/* measure's own entry: its own default (a live server has no data filesystem of ours
	 * for the build job, so build is no choice); the set is read by run's parser
	 * (sp_scenario_set_parse) */
	{ .name = "scenario", .kind = SP_OPT_CHOICE, .cmds = B(MEASURE), .field = F(scenario),
	  .given = F(scenario_given), .flags = SP_OPTF_COMMA, .choices = "service|cache|gc|all|none",
	  .metavar = "LIST", .def_note = "service",
	  .help = "the scenarios run on every swap area and on no swap (none) after the "
		  "probes, comma-separated, as for run but without build; none runs only the "
		  "probes" },
	{ .name = "service-time", .kind = SP_OPT_DURATION, .cmds = SWEEP | B(MEASURE),
	  .field = F(service_time_s), .metavar = "SECONDS", .def = "20",
	  .help = "the service scenario's steady load in each of its four cases, per "
		  "placement; its top speed is measured for a quarter of that (1 to 10 s)" },
	{ .name = "service-workers", .kind = SP_OPT_U32, .cmds = SWEEP | B(MEASURE),
	  .field = F(service_workers), .min = 1, .max = SP_CLI_MAX_SERVICE_WORKERS,
	  .metavar = "N", .def = "1",
	  .help = "the service's serving workers: 1 serves one request at a time, as the "
		  "seed's one Python process did; more overlap their swap-ins" },
	{ .name = "cache-time", .kind = SP_OPT_DURATION, .cmds = SWEEP | B(MEASURE),
	  .field = F(cache_time_s), .metavar = "SECONDS", .def = "8",
	  .help = "the cache scenario's measured span in each of its three cases, per "
		  "placement, after the case's fill and a warm-up of a quarter of it (1 to 2 s)" },
	{ .name = "cache-threads", .kind = SP_OPT_U32, .cmds = SWEEP | B(MEASURE),
	  .field = F(cache_threads), .min = 1, .max = 64, .metavar = "N", .def = "8",
	  .help = "the cache scenario's client threads, as the seed's sysbench ran 8; each "
		  "request goes through one of four worker processes to the database" },
	{ .name = "gc-time", .kind = SP_OPT_DURATION, .cmds = SWEEP | B(MEASURE),
	  .field = F(gc_time_s), .metavar = "SECONDS", .def = "10",
	  .help = "the gc scenario's span per placement after its heap is filled: the mutator "
		  "allocates 70 % of the budget, a stop-the-world pause follows, again, no cycle "
		  "started that would end past it; after a baseline in RAM of a quarter of it "
		  "(at most 1 s)" },
	{ .name = "job-scale", .kind = SP_OPT_NUMBER, .cmds = SWEEP, .field = F(job_scale),
	  .max = 16, .metavar = "X", .def = "1",
	  .help = "the build job's work (its steps over a heap twice the budget's reach): 1 "
		  "takes a minute or few per placement on a 7200 rpm disk, 0.1 much less" },
	{ .name = "jobs", .kind = SP_OPT_U32, .cmds = SWEEP, .field = F(jobs), .min = 1,
	  .max = SP_CLI_MAX_JOBS, .metavar = "N", .def = "1",
	  .help = "the build job's units compiled at once, each in its own process with its "
		  "own heap, as make -j N runs them" },
	{ .name = "project-at", .kind = SP_OPT_CHOICE, .cmds = SWEEP, .field = F(project_at),
	  .choices = "allocator|start", .metavar = "allocator|start", .def = "allocator",
	  .help = "where the job's project directory lies in the data filesystem: where ext4's "
		  "allocator puts a new top-level directory (allocator), or in its first block "
		  "group beside the toolchain (start)" },
	{ .name = "cpu-max", .kind = SP_OPT_STRING, .cmds = SWEEP | B(MEASURE),
	  .field = F(cpu_max), .flags = SP_OPTF_ONCE, .metavar = "CPUS",
	  .def_note = "no quota",
	  .help = "a CPU quota on every workload (the job, the service): 1 or 0.5 CPUs, like "
		  "a small VPS where zram's compression competes with the application" },
	{ .name = "io-max", .kind = SP_OPT_STRING, .cmds = SWEEP | B(MEASURE),
	  .field = F(io_max), .flags = SP_OPTF_ONCE, .metavar = "IOPS[,BPS]",
	  .def_note = "no cap",
	  .help = "cap the workloads' I/O on the swap device (cgroup v2 io.max), e.g. 300 or "
		  "3000,50M; not applied on cgroup v1 or to zram, and the report says so" },
	{ .name = "job", .kind = SP_OPT_STRING, .cmds = SWEEP, .field = F(job_cmd),
	  .flags = SP_OPTF_ONCE, .metavar = "CMD",
	  .help = "run your own job (sh -c CMD) instead of the build job, timed on every "
		  "placement under the same memory limit; a non-zero exit fails it" },
	{ .name = "job-dir", .kind = SP_OPT_STRING, .cmds = SWEEP, .field = F(job_dir),
	  .flags = SP_OPTF_ONCE, .metavar = "DIR", .def_note = "an empty directory",
	  .help = "copied once into the target's data filesystem; --job runs in the copy" },
	{ .name = "job-user", .kind = SP_OPT_STRING, .cmds = SWEEP, .field = F(job_user),
	  .flags = SP_OPTF_ONCE, .metavar = "NAME|UID", .def_note = "SUDO_UID, SUDO_GID",
	  .help = "who runs --job (never root unless 'root' is given): without it and without "
		  "sudo's SUDO_UID, --job is refused; the job gets no new privileges, a clean "
		  "environment and a /dev without block devices" },
	{ .name = "job-timeout", .kind = SP_OPT_DURATION, .cmds = SWEEP,
	  .field = F(job_timeout_s), .metavar = "SECONDS", .def = "1h",
	  .help = "a run of the job that takes longer is killed and fails" },
	{ .name = "page-cluster", .kind = SP_OPT_U32, .cmds = SWEEP, .field = F(page_cluster),
	  .given = F(page_cluster_given), .max = 10, .metavar = "N",
	  .def_note = "as the machine has it",
	  .help = "vm.page-cluster while the job, the service, cache and gc run (swap "
		  "readahead of 2^N pages); unless given, the machine's own, and 0 for the "
		  "service, cache and gc on zram (as seed 000 set it); the probes always run with 0" },
	{ .name = "repeat", .kind = SP_OPT_U32, .cmds = SWEEP, .field = F(repeat), .min = 1,
	  .max = SP_CLI_MAX_REPEAT, .metavar = "N", .def = "1",
	  .help = "run every scenario (build, service, cache, gc) N times per placement, in "
		  "interleaved, counterbalanced rounds (start end file, file end start, ...), to "
		  "measure the run-to-run spread; a claim that one placement is faster needs 6 "
		  "rounds; the probes run once" },
	{ .name = "min-effect", .kind = SP_OPT_PERCENT, .cmds = B(PLAN) | B(RUN) | B(MEASURE),
	  .field = F(min_effect_pct), .max = 100, .metavar = "PCT", .def = "5",
	  .help = "the smallest difference between placements worth a claim: a smaller one, "
		  "even if the paired test resolves it, is printed as not resolved" },
	{ .name = "sweep", .kind = SP_OPT_LIST, .cmds = SWEEP, .field = F(sweeps),
	  .count = F(n_sweeps), .cap = SP_MAX_SWEEP_ARGS, .metavar = "KNOB=V1,V2,...",
	  .help = "run the scenarios again on every placement but ram with a kernel knob at "
		  "each value, restored after: swappiness (vm.swappiness, 0 to 200) or "
		  "page-cluster (vm.page-cluster, 0 to 10); e.g. swappiness=10,60,100" },
	{ .name = "seed", .kind = SP_OPT_U64, .cmds = PROBING, .field = F(seed),
	  .given = F(seed_given), .metavar = "N", .def = "1",
	  .help = "seed of every random choice: the same seed repeats a run's choices" },
	{ .name = "out", .kind = SP_OPT_STRING, .cmds = B(RUN), .field = F(out_dir),
	  .metavar = "DIR", .def_note = "reports/<timestamp>",
	  .help = "where the report goes: report.json, report.txt, report.html, report.pdf, "
		  "summary.csv" },
	{ .name = "out", .kind = SP_OPT_STRING, .cmds = B(MEASURE) | B(PROBE) | B(PROFILE), .field = F(out_dir),
	  .metavar = "DIR",
	  .help = "also write the report into DIR: report.json, report.txt, report.html, "
		  "report.pdf, summary.csv" },
	{ .name = "metrics", .kind = SP_OPT_STRING, .cmds = B(RUN) | B(MEASURE),
	  .field = F(metrics_dir), .flags = SP_OPTF_ONCE, .metavar = "DIR",
	  .help = "also write the figures as DIR/swapplace.prom, atomically, for node_exporter's "
		  "textfile collector (--collector.textfile.directory=DIR); DIR must exist "
		  "(docs/metrics.md)" },
	{ .name = "format", .kind = SP_OPT_CHOICE, .cmds = B(REPORT), .field = F(format),
	  .choices = "text|json|html|csv|ps|pdf|prom", .metavar = "FORMAT", .def = "text",
	  .help = "text, json, html, csv (summary.csv), ps (PostScript), pdf, or prom "
		  "(swapplace.prom for node_exporter's textfile collector); pdf and ps need -o or "
		  "a stdout that is not a terminal" },
	{ .name = "format", .kind = SP_OPT_CHOICE, .cmds = B(PRINT), .field = F(format),
	  .choices = "text|ps|pdf", .metavar = "text|ps|pdf", .def_note = "text",
	  .help = "what the printer is sent: plain ASCII text with a form feed between pages, "
		  "PostScript or PDF" },
	{ .name = "output", .short_name = 'o', .kind = SP_OPT_STRING, .cmds = B(REPORT),
	  .field = F(output), .flags = SP_OPTF_ONCE, .metavar = "FILE",
	  .def_note = "stdout",
	  .help = "write into FILE (atomically: a temporary name, then renamed)" },
	{ .name = "printer", .kind = SP_OPT_STRING, .cmds = B(PRINT), .field = F(printer),
	  .metavar = "DEV", .def = "/dev/usb/lp0",
	  .help = "the printer's device (usblp) or a FIFO a print server reads; it must exist, "
		  "it is never created; a regular file is refused (see --printer-file)" },
	{ .name = "printer-file", .kind = SP_OPT_FLAG, .cmds = B(PRINT), .field = F(printer_file),
	  .help = "--printer may name a regular file, which is truncated and written (a "
		  "stand-in for a printer)" },
	{ .name = "paper", .kind = SP_OPT_CHOICE, .cmds = PAGES, .field = F(paper),
	  .choices = "a4|letter", .metavar = "a4|letter", .def = "a4",
	  .help = "the page size of the PDF and PostScript report" },
	{ .name = "duplex", .kind = SP_OPT_FLAG, .cmds = PAGES, .field = F(duplex),
	  .help = "for two-sided printing: each section of the PDF and PostScript report "
		  "starts on an odd page" },
	{ .name = "format", .kind = SP_OPT_CHOICE, .cmds = B(COMPARE), .field = F(format),
	  /* text last: the choice report's --format shares (its default fills the field) */
	  .choices = "html|pdf|csv|text", .metavar = "text|html|pdf|csv", .def_note = "text",
	  .help = "the comparison as 80-column text, one HTML file, PDF, or CSV (one row per "
		  "placement and metric)" },
	{ .name = "for", .kind = SP_OPT_CHOICE, .cmds = B(ADVISE), .field = F(workload),
	  .flags = SP_OPTF_ONCE, .choices = "build|service|cache|gc",
	  .metavar = "build|service|cache|gc",
	  .def_note = "build, else service, cache, gc",
	  .help = "the workload the setup is for" },
	{ .name = "write", .kind = SP_OPT_STRING, .cmds = B(ADVISE), .field = F(write_dir),
	  .flags = SP_OPTF_ONCE, .metavar = "DIR",
	  .help = "write the setup files into DIR, a new or empty directory (atomically: all or "
		  "none); never a symbolic link, never under /etc" },
	{ .name = "apply", .kind = SP_OPT_FLAG, .cmds = B(ADVISE), .field = F(apply),
	  .help = "install the setup files under --root (each file replaced or changed saved "
		  "first, every step journaled) and, on /, make them active: swapon, the sysctls, "
		  "the zram generator's unit (where systemd is not PID 1, the zram swap made as "
		  "the generator would); only a measure report of this machine (root)" },
	{ .name = "undo", .kind = SP_OPT_FLAG, .cmds = B(ADVISE), .field = F(undo),
	  .help = "revert the last --apply under --root: every saved file put back, the files "
		  "it made removed, its swap areas and zram off, the sysctls' old values back (root)" },
	{ .name = "root", .kind = SP_OPT_STRING, .cmds = B(ADVISE), .field = F(root),
	  .flags = SP_OPTF_ONCE, .metavar = "DIR", .def_note = "/",
	  .help = "the root --apply and --undo work under; anything but / is only written, "
		  "never made active" },
	{ .name = "json", .kind = SP_OPT_FLAG, .cmds = B(LIST) | B(MEASURE) | B(PROBE) | B(PROFILE),
	  .field = F(json),
	  .help = "print JSON in the report schema (docs/schema.md) instead of text" },
	{ .name = "plain", .kind = SP_OPT_FLAG, .cmds = B(LIST), .field = F(plain),
	  .help = "for scripts: one tab-separated line per device: path size_bytes rotational "
		  "transport model serial safe reason" },
	{ .name = "help", .short_name = 'h', .kind = SP_OPT_FLAG, .cmds = ALL_CMDS,
	  .field = F(help),
	  .help = "print this help and exit" },
	{ .name = "version", .short_name = 'V', .kind = SP_OPT_FLAG, .cmds = B(NONE),
	  .field = F(version),
	  .help = "print the version and exit" },
};

/* clang-format on */

const size_t sp_n_options = sizeof(sp_options) / sizeof(sp_options[0]);

struct cmd_doc {
	const char *summary;	/* one line in the global help */
	const char *synopsis;	/* after "usage: " */
	const char *about;	/* a paragraph, lines of at most 80 columns */
	const char *positional; /* its one positional argument, or NULL */
	size_t pos_field;	/* the const char * field that argument sets */
	size_t pos_cap;		/* a list of them (compare): pos_field is the array, */
	size_t pos_count;	/* pos_count its count; 0: one argument */
	int pos_optional;	/* the one argument may be left out */
};

/* clang-format off */
static const struct cmd_doc cmd_docs[] = {
	[SP_CMD_NONE] = {
		.synopsis = "swapplace <command> [options]\n"
			    "       swapplace --help | --version",
		.about = "Measures where swap should go on this machine: at the start of a disk, at\n"
			 "its end, in a swap file, in zram with each compressor, on another SSD/NVMe,\n"
			 "or nowhere.",
	},
	[SP_CMD_LIST] = {
		.summary = "block devices, their identity, and whether each is safe as a target",
		.synopsis = "swapplace list [--json | --plain]",
		.about = "Every block device: path, stable id, model, serial, size, sector sizes,\n"
			 "rotational, transport, partitions and signatures, and why it is unsafe as a\n"
			 "target.",
	},
	[SP_CMD_PLAN] = {
		.summary = "the layout, placements and probes a run would do (writes nothing)",
		.synopsis = "swapplace plan --target DEV [options]",
		.about = "Prints the partition layout a run would write, the placements and probes,\n"
			 "and an estimate of the total time. Writes nothing.",
	},
	[SP_CMD_RUN] = {
		.summary = "partition the target disk and measure every placement (destructive)",
		.synopsis = "swapplace run --target DEV --confirm ID [options]",
		.about = "DESTROYS everything on DEV: writes a GPT with a swap partition at the very\n"
			 "start, an ext4 partition holding a swap file, and a swap partition at the\n"
			 "very end, then measures each placement, every zram compressor and a no-swap\n"
			 "baseline. ID must be the target's serial, or its exact size in bytes when it\n"
			 "has none (see 'swapplace list').",
	},
	[SP_CMD_MEASURE] = {
		.summary = "measure the swap areas this machine has, or the given ones",
		.synopsis = "swapplace measure [--swap DEV|FILE ...] [--try LIST] [options]",
		.about = "Non-destructive: the probes and the scenarios on the swap this machine\n"
			 "has, or on the given swap areas (enabled for the run, disabled after),\n"
			 "each beside no swap. With --try, on a temporary zram device and a\n"
			 "temporary swap file in a filesystem the machine has, both removed after.",
	},
	[SP_CMD_PROBE] = {
		.summary = "the read-only device latency probe on a device or a range of it",
		.synopsis = "swapplace probe DEV [--offset SIZE] [--length SIZE] [options]",
		.about = "Read-only device probe: io_uring O_DIRECT random 4 KiB reads at queue\n"
			 "depth 1 and 32, and the sequential read rate, confined to the given range.",
		.positional = "a device", .pos_field = F(device),
	},
	[SP_CMD_PROFILE] = {
		.summary = "the disk's position profile: read rate and latency across it (read-only)",
		.synopsis = "swapplace profile DEV [--profile-time SECONDS] [options]",
		.about = "Read-only: sequential read rate and random 4 KiB read latency at 100\n"
			 "positions from the first sector to the last, sampled (never the whole disk)\n"
			 "within the time given. On a spinning disk the outer tracks read about twice\n"
			 "as fast as the inner ones; on an SSD it is flat.",
		.positional = "a device", .pos_field = F(device),
	},
	[SP_CMD_REPORT] = {
		.summary = "render a saved run (report.json) in any format",
		.synopsis = "swapplace report RUN.json [--format FORMAT] [-o FILE] [--paper a4|letter]\n"
			    "                        [--duplex]",
		.about = "Renders a saved run again: as text, JSON, HTML, PDF, PostScript or the CSV\n"
			 "summary, on stdout or into a file.",
		.positional = "a report.json", .pos_field = F(input),
	},
	[SP_CMD_PRINT] = {
		.summary = "send a saved run's report to a printer (USB, /dev/usb/lp0)",
		.synopsis = "swapplace print RUN.json [--printer DEV] [--format text|ps|pdf]",
		.about = "Sends the report of a saved run to a printer attached to this PC: plain\n"
			 "ASCII text, 60 lines a page with a form feed between pages, or PostScript\n"
			 "or PDF for printers that want those.",
		.positional = "a report.json", .pos_field = F(input),
	},
	[SP_CMD_COMPARE] = {
		.summary = "saved runs side by side, with the differences the runs can tell apart",
		.synopsis = "swapplace compare A.json B.json ... [--format text|html|pdf|csv]\n"
			    "       [--paper a4|letter]",
		.about = "Runs or machines side by side (2 to 16 report.json files): each placement's\n"
			 "swap-in median, CI, p99 and the scenarios' figures, one column per run, the\n"
			 "ratio against the first run, and a mark (*) only where the difference is\n"
			 "larger than the runs' confidence or spread. Says which settings differed.\n"
			 "Writes to standard output.",
		.positional = "at least two report.json files", .pos_field = F(inputs),
		.pos_cap = SP_CLI_MAX_INPUTS, .pos_count = F(n_inputs),
	},
	[SP_CMD_INDEX] = {
		.summary = "rewrite DIR/index.html: every run in DIR/*/report.json, compared",
		.synopsis = "swapplace index DIR",
		.about = "Reads every DIR/*/report.json and writes DIR/index.html (atomically): a\n"
			 "table of the runs with machine, disk, date and verdict, links to each\n"
			 "report, and the comparison of all of them. The appliance runs it after\n"
			 "every run it saves on the stick.",
		.positional = "a reports directory", .pos_field = F(input),
	},
	[SP_CMD_RESTORE] = {
		.summary = "put a run's backup back: the disk's partition table, first and last MiB",
		.synopsis = "swapplace restore BACKUP_DIR --target DEV --confirm ID",
		.about = "Writes the first and last MiB that 'run' saved in BACKUP_DIR (its report\n"
			 "directory's backup-<disk>) back onto DEV, re-reads the partition table, and\n"
			 "reads both back to prove them identical to the backup. Refuses (exit 3) a\n"
			 "disk of another size or serial, one in use, a wrong ID, or a backup with a\n"
			 "file missing or short. ID: the disk's serial, or its size in bytes.",
		.positional = "a backup directory", .pos_field = F(input),
	},
	[SP_CMD_CLEANUP] = {
		.summary = "undo what a killed or power-cut run left behind, from its journal",
		.synopsis = "swapplace cleanup [JOURNAL]",
		.about = "Reads the journal of a run or measure that did not finish and undoes, newest\n"
			 "first, each change it records that is still there: swapoff, zram removed,\n"
			 "cgroups removed, sysctls and zswap set back, mounts and temporary swap files\n"
			 "removed, the setup files an unfinished advise apply installed put back;\n"
			 "nothing else. A written partition table stays. Without JOURNAL, every\n"
			 "unfinished journal in /run/swapplace. A second cleanup does nothing.",
		.positional = "a journal", .pos_field = F(input), .pos_optional = 1,
	},
	[SP_CMD_ADVISE] = {
		.summary = "the setup a saved run supports: swap areas, zram, sysctls, zswap",
		.synopsis = "swapplace advise RUN.json [--for build|service|cache|gc] [--write DIR]\n"
			    "       swapplace advise RUN.json --apply [--for W] [--root DIR]\n"
			    "       swapplace advise --undo [--root DIR]",
		.about = "From a saved run (of run or measure, a live server's trial too): the swap\n"
			 "area and its priority, zram in front of it (size, compressor),\n"
			 "vm.swappiness and vm.page-cluster, zswap, or no swap, for one workload,\n"
			 "each with the measured figures and the resolution that make it; a choice\n"
			 "nothing resolved is the one docs/advise.md names, said so. With --write,\n"
			 "the files to install (zram-generator.conf, fstab.swap, 99-swapplace.conf,\n"
			 "zswap.cmdline, README) in a new directory; nothing is ever written to /etc.\n"
			 "With --apply, from a measure report of this machine only (exit 3\n"
			 "otherwise), they are installed, what they replace saved first, and made\n"
			 "active; --undo puts everything back.",
		.positional = "a report.json", .pos_field = F(input), .pos_optional = 1,
	},
};

/* clang-format on */

const char *sp_cmd_positional(enum sp_cmd cmd, size_t *field)
{
	*field = cmd_docs[cmd].pos_field;
	return cmd_docs[cmd].positional;
}

int sp_cmd_positional_optional(enum sp_cmd cmd)
{
	return cmd_docs[cmd].pos_optional;
}

size_t sp_cmd_positional_list(enum sp_cmd cmd, size_t *field, size_t *count)
{
	*field = cmd_docs[cmd].pos_field;
	*count = cmd_docs[cmd].pos_count;
	return cmd_docs[cmd].pos_cap;
}

const struct sp_option *sp_option_find(const char *name, enum sp_cmd cmd)
{
	const struct sp_option *any = NULL;

	for (size_t i = 0; i < sp_n_options; i++) {
		if (strcmp(sp_options[i].name, name))
			continue;
		if (sp_option_accepted(&sp_options[i], cmd))
			return &sp_options[i];
		if (!any)
			any = &sp_options[i];
	}
	return any;
}

static void *field_of(struct sp_config *c, size_t off)
{
	return (char *)c + off;
}

static int bad_value(struct sp_err *e, const struct sp_option *o, const char *what, const char *arg)
{
	char range[SP_ERR_REASON_MAX] = "";

	if (o->kind == SP_OPT_CHOICE)
		snprintf(range, sizeof(range), " (%s %s)",
			 o->flags & SP_OPTF_COMMA ? "a comma list of" : "one of", o->choices);
	else if (o->max > 0 && o->min > 0)
		snprintf(range, sizeof(range), " (%g to %g)", o->min, o->max);
	else if (o->max > 0 && (o->flags & SP_OPTF_ZERO))
		snprintf(range, sizeof(range), " (0 to %g)", o->max);
	else if (o->max > 0)
		snprintf(range, sizeof(range), " (above 0, at most %g)", o->max);
	return sp_err_set(e, -EINVAL, "invalid %s '%s' for --%s%s", what, arg, o->name, range);
}

static int in_range(const struct sp_option *o, double v)
{
	return v >= o->min && (o->max <= 0 || v <= o->max);
}

/* Is the n bytes at word one of o's choices? */
static int is_choice(const struct sp_option *o, const char *word, size_t n)
{
	for (const char *p = o->choices; *p;) {
		size_t k = strcspn(p, "|");

		if (k == n && !strncmp(p, word, n))
			return 1;
		p += k + (p[k] == '|');
	}
	return 0;
}

/* One choice, or with SP_OPTF_COMMA a comma list of them (no empty item). */
static int apply_choice(struct sp_config *c, const struct sp_option *o, const char *arg,
			struct sp_err *e)
{
	const char *p = arg;

	if (!(o->flags & SP_OPTF_COMMA)) {
		if (!is_choice(o, arg, strlen(arg)))
			return bad_value(e, o, "value", arg);
	} else {
		for (;;) {
			size_t k = strcspn(p, ",");

			if (!k || !is_choice(o, p, k))
				return bad_value(e, o, "value", arg);
			if (!p[k])
				break;
			p += k + 1;
		}
	}
	*(const char **)field_of(c, o->field) = arg;
	return 0;
}

/* o's field from arg, without marking it given: defaults go through here too */
static int store(struct sp_config *c, const struct sp_option *o, const char *arg, struct sp_err *e)
{
	uint64_t u;
	double d;

	switch (o->kind) {
	case SP_OPT_FLAG:
		*(int *)field_of(c, o->field) = 1;
		break;
	case SP_OPT_STRING: {
		const char **s = field_of(c, o->field);

		if ((o->flags & SP_OPTF_ONCE) && *s)
			return sp_err_set(e, -EINVAL, "--%s given twice ('%s', then '%s')", o->name,
					  *s, arg);
		*s = arg;
		break;
	}
	case SP_OPT_LIST: {
		size_t *n = field_of(c, o->count);

		if (*n >= o->cap)
			return sp_err_set(e, -EINVAL, "too many --%s (at most %zu, at '%s')",
					  o->name, o->cap, arg);
		((const char **)field_of(c, o->field))[(*n)++] = arg;
		break;
	}
	case SP_OPT_PAIR: {
		size_t n = *(size_t *)field_of(c, o->count);
		const char **v = field_of(c, o->field);

		if (!n || v[n - 1])
			return sp_err_set(e, -EINVAL, "--%s '%s' must follow its --%s", o->name,
					  arg, o->follows);
		v[n - 1] = arg;
		break;
	}
	case SP_OPT_SIZE:
		if (sp_parse_size(arg, &u) < 0 || !in_range(o, (double)u))
			return bad_value(e, o, "size", arg);
		*(uint64_t *)field_of(c, o->field) = u;
		break;
	case SP_OPT_DURATION:
		if (sp_parse_seconds(arg, &d) < 0 ||
		    !(d > 0 || (d == 0 && (o->flags & SP_OPTF_ZERO))) || !in_range(o, d))
			return bad_value(e, o, "duration", arg);
		*(double *)field_of(c, o->field) = d;
		break;
	case SP_OPT_U32:
	case SP_OPT_U64:
		if (sp_parse_u64(arg, &u) < 0 || !in_range(o, (double)u) ||
		    (o->kind == SP_OPT_U32 && u > UINT32_MAX))
			return bad_value(e, o, "number", arg);
		if (o->kind == SP_OPT_U32)
			*(uint32_t *)field_of(c, o->field) = (uint32_t)u;
		else
			*(uint64_t *)field_of(c, o->field) = u;
		break;
	case SP_OPT_PERCENT:
	case SP_OPT_NUMBER:
		/* a plain number: sp_parse_seconds would take "5s" or "5M" (minutes) too */
		if (!*arg || arg[strspn(arg, "0123456789.")] || sp_parse_seconds(arg, &d) < 0 ||
		    !(d > 0 || (d == 0 && (o->flags & SP_OPTF_ZERO))) || !in_range(o, d))
			return bad_value(e, o, o->kind == SP_OPT_PERCENT ? "percentage" : "number",
					 arg);
		*(double *)field_of(c, o->field) = d;
		break;
	case SP_OPT_CHOICE:
		return apply_choice(c, o, arg, e);
	}
	return 0;
}

int sp_option_apply(struct sp_config *c, const struct sp_option *o, const char *arg,
		    struct sp_err *e)
{
	int ret = store(c, o, arg, e);

	if (ret == 0 && o->given)
		*(int *)field_of(c, o->given) = 1;
	return ret;
}

int sp_options_apply_defaults(struct sp_config *c, struct sp_err *e)
{
	for (size_t i = 0; i < sp_n_options; i++) {
		int ret = sp_options[i].def ? store(c, &sp_options[i], sp_options[i].def, e) : 0;

		if (ret < 0)
			return ret;
	}
	return 0;
}

/* --- rendering --- */

#define COLS 80
#define HELP_COL 32 /* where an option's help starts */

struct out {
	char *buf;
	size_t len, pos;
	int col, overflow;
};

static void put(struct out *o, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (o->pos + 1 < o->len)
			o->buf[o->pos++] = s[i];
		else
			o->overflow = 1;
		o->col = s[i] == '\n' ? 0 : o->col + 1;
	}
	if (o->len)
		o->buf[o->pos < o->len ? o->pos : o->len - 1] = '\0';
}

static void puts_(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

static void pad_to(struct out *o, int col)
{
	while (o->col < col)
		put(o, " ", 1);
}

/* Words of s from the current column, wrapped at COLS with continuation lines at indent. */
static void put_wrapped(struct out *o, const char *s, int indent)
{
	while (*s) {
		size_t w = strcspn(s, " ");

		if (o->col > indent && o->col + 1 + (int)w > COLS) {
			put(o, "\n", 1);
			pad_to(o, indent);
		} else if (o->col > indent) {
			put(o, " ", 1);
		}
		put(o, s, w);
		s += w;
		s += strspn(s, " ");
	}
}

static void render_option(struct out *o, const struct sp_option *opt)
{
	char left[64], tail[160];

	if (opt->short_name && opt->kind != SP_OPT_FLAG)
		snprintf(left, sizeof(left), "  --%s, -%c %s", opt->name, opt->short_name,
			 opt->metavar);
	else if (opt->short_name)
		snprintf(left, sizeof(left), "  --%s, -%c", opt->name, opt->short_name);
	else if (opt->kind == SP_OPT_FLAG)
		snprintf(left, sizeof(left), "  --%s", opt->name);
	else
		snprintf(left, sizeof(left), "  --%s %s", opt->name, opt->metavar);
	puts_(o, left);
	if (o->col + 2 > HELP_COL)
		put(o, "\n", 1);
	pad_to(o, HELP_COL);
	put_wrapped(o, opt->help, HELP_COL);
	/* the default goes on one line, so "(default: 60)" is never split from its value */
	if (opt->kind == SP_OPT_LIST)
		snprintf(tail, sizeof(tail), "(repeatable, up to %zu)", opt->cap);
	else if (opt->def || opt->def_note)
		snprintf(tail, sizeof(tail), "(default: %s)", opt->def ? opt->def : opt->def_note);
	else
		tail[0] = '\0';
	if (tail[0]) {
		if (o->col + 1 + (int)strlen(tail) > COLS) {
			put(o, "\n", 1);
			pad_to(o, HELP_COL);
		} else {
			put(o, " ", 1);
		}
		puts_(o, tail);
	}
	put(o, "\n", 1);
}

static int cmd_has_kind(enum sp_cmd cmd, enum sp_opt_kind kind)
{
	for (size_t i = 0; i < sp_n_options; i++)
		if (sp_options[i].kind == kind && sp_option_accepted(&sp_options[i], cmd))
			return 1;
	return 0;
}

int sp_options_render_usage(enum sp_cmd cmd, char *buf, size_t len)
{
	struct out o = {.buf = buf, .len = len};
	const struct cmd_doc *d = &cmd_docs[cmd];

	if (len)
		buf[0] = '\0';
	puts_(&o, "usage: ");
	puts_(&o, d->synopsis);
	puts_(&o, "\n\n");
	puts_(&o, d->about);
	puts_(&o, "\n\n");
	if (cmd == SP_CMD_NONE) {
		puts_(&o, "commands:\n");
		for (int i = SP_CMD_LIST; i <= SP_CMD_LAST; i++) {
			puts_(&o, "  ");
			puts_(&o, sp_cmd_name((enum sp_cmd)i));
			pad_to(&o, 12);
			put_wrapped(&o, cmd_docs[i].summary, 12);
			puts_(&o, "\n");
		}
		puts_(&o, "\n");
	}
	puts_(&o, "options:\n");
	for (size_t i = 0; i < sp_n_options; i++)
		if (sp_option_accepted(&sp_options[i], cmd))
			render_option(&o, &sp_options[i]);
	if (cmd_has_kind(cmd, SP_OPT_SIZE) || cmd_has_kind(cmd, SP_OPT_DURATION))
		puts_(&o, "\n");
	if (cmd_has_kind(cmd, SP_OPT_SIZE))
		puts_(&o, "SIZE: bytes, or a number with K, M, G or T (binary: 1K is 1024).\n");
	if (cmd_has_kind(cmd, SP_OPT_DURATION))
		puts_(&o, "SECONDS: a number, or one with ms, s, m or h (\"90\", \"1.5m\").\n");
	if (cmd == SP_CMD_NONE)
		puts_(&o, "\n'swapplace <command> --help' shows the options of one command.\n"
			  "exit codes: 0 ok, 1 failure, 2 usage, 3 refused for safety\n");
	return o.overflow ? -ENOSPC : (int)o.pos;
}
