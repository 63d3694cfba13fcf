/*
 * report.h - the data model of a swapplace run: what was measured, per placement.
 *
 * Probes fill these structs; analysis reads them and computes findings; renderers turn both
 * into JSON and text. Nothing here touches a device. All latencies are microseconds (double),
 * all sizes bytes, all sector numbers are 512-byte sectors from the start of the whole disk.
 * The JSON schema (docs/schema.md) maps one to one onto these fields.
 */
#ifndef SP_REPORT_H
#define SP_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "core/measure/profile.h"
#include "core/model/status.h"
#include "core/plan/plan.h"
#include "core/scenario/scenario_service.h"
#include "core/scenario/serverjob.h"
#include "core/scenario/sweep_rows.h"

#define SP_SCHEMA "swapplace-report/1"
#define SP_MAX_RESULTS 32
#define SP_MAX_DEVICES 64
#define SP_MAX_URING 8
#define SP_MAX_EXTENTS 64
#define SP_MAX_BLOCKS 32 /* the fault probe's touch phase runs in at most this many blocks */

/* enum sp_status, sp_status_name and sp_status_parse live in core/model/status.h */

/*
 * What a placement is, typed. Behaviour (which disk an --also placement partitions, which
 * result is the baseline, which are zram) follows the kind, never the placement's name: the
 * name is for people and may collide with anything a device is called.
 */
enum sp_placement_kind {
	SP_PL_START,	/* "start": the swap partition at the target's start */
	SP_PL_END,	/* "end": the swap partition at the target's end */
	SP_PL_FILE,	/* "file": the swap file in the target's data filesystem */
	SP_PL_ZRAM,	/* "zram": a zram device we create with one compressor */
	SP_PL_ALSO,	/* "also": the swap partition on one --also device */
	SP_PL_NONE,	/* "none": no swap, the baseline */
	SP_PL_EXISTING, /* "existing": a swap area the machine has or was given (measure) */
	SP_PL_PROBE,	/* "probe": a device range read by `swapplace probe`, no swap */
	SP_PL_RAM,	/* "ram": the job without a memory limit, the scenarios' baseline */
	SP_PL_ZSWAP,	/* "zswap": zswap with one compressor in front of the start partition */
	SP_PL_KINDS
};
const char *sp_placement_kind_name(enum sp_placement_kind k);
int sp_placement_kind_parse(const char *s, enum sp_placement_kind *out); /* 0 or -EINVAL */
/*
 * The kind a placement name implies, for reports written before "kind" existed (the only place
 * a name is read for meaning): start end file none exactly, zram-* dev-* probe-* swap-* and
 * current*. Returns: 0, or -EINVAL for a name no version of swapplace gave.
 */
int sp_placement_kind_from_name(const char *placement, enum sp_placement_kind *out);

/* A placement's identity: carried by the placement that is measured and by its result. */
struct sp_placement_id {
	enum sp_placement_kind kind;
	int also_index;		/* SP_PL_ALSO: its --also device, 0-based in command-line order;
				 * -1 otherwise (and for an old report, which did not say) */
	enum sp_part_role role; /* the partition it lives on (follows from kind) */
};
/* The identity of a placement of kind k (also_index only for SP_PL_ALSO, else ignored). */
struct sp_placement_id sp_placement_id_of(enum sp_placement_kind k, int also_index);

/* The percentiles a latency summary keeps as its CDF, between its minimum and maximum. */
#define SP_LAT_CDF_PCTS                                                                            \
	0.1, 1, 5, 10, 20, 25, 30, 40, 50, 60, 70, 75, 80, 90, 95, 98, 99, 99.5, 99.9
#define SP_LAT_CDF_MAX 24

/* Order statistics of one latency distribution, from a log-linear histogram. */
struct sp_lat_summary {
	uint64_t samples;	 /* samples kept (after warm-up) */
	uint64_t warmup_dropped; /* samples measured but dropped as warm-up */
	double mean_us, min_us;
	double p50_us, p95_us, p99_us, p999_us, max_us;
	/* 95 % confidence intervals from order statistics (binomial ranks); where the samples came
	 * in blocks (the fault probe) the median's is widened to the blocks' (batch means, hist.h)
	 */
	double p50_ci_lo_us, p50_ci_hi_us;
	double p99_ci_lo_us, p99_ci_hi_us;
	double hist_rel_error; /* the histogram's bucket error bound, e.g. 0.0078 */
	/*
	 * The distribution as points of its CDF, for the report's chart: cdf_us[i] is the
	 * cdf_pct[i] percentile (nearest rank, like p50_us), at SP_LAT_CDF_PCTS plus the
	 * minimum (0) and the maximum (100). n_cdf 0: not kept (a report written before "cdf",
	 * or no samples). JSON "cdf": [[pct, us], ...].
	 */
	size_t n_cdf;
	double cdf_pct[SP_LAT_CDF_MAX];
	double cdf_us[SP_LAT_CDF_MAX];
};

/* The device probe: io_uring O_DIRECT reads confined to the placement's sectors. */
struct sp_device_probe {
	int done;
	uint64_t range_bytes; /* bytes covered by the extents probed */
	uint32_t block_bytes; /* random read size, 4096 */
	struct sp_lat_summary qd1;
	uint32_t deep_qd; /* queue depth of the IOPS run */
	double deep_iops;
	struct sp_lat_summary deep; /* completion latency at deep_qd */
	double seq_mib_s;	    /* sequential read rate over the extents */
	uint64_t seq_bytes;	    /* how much was read sequentially */
	/*
	 * Was what it read ever written (issue 18)? A trimmed SSD answers a read of a block it
	 * never mapped from its mapping table, faster than any written block: the floor would be
	 * optimistic. rotational: the device's queue/rotational; range_written: the range was
	 * written whole before the probe read it (run writes each swap partition of a
	 * non-rotational disk once; a swap file is written with data when made). has_*: known
	 * (JSON null otherwise: a report from before, or `measure`).
	 */
	int rotational, has_rotational;
	int range_written, has_range_written;
};

/* One io_uring swap-in depth: IORING_OP_MADVISE(MADV_POPULATE_READ) per evicted page. */
struct sp_uring_point {
	uint32_t qd;
	uint64_t samples;      /* completions timed */
	uint64_t real_swapins; /* major faults counted over the phase */
	double p50_us, p99_us;
	double pages_per_s;
	int invalid; /* samples and real swap-ins differ by more than 5 % */
};

/* The fault probe's concurrency phase: --threads touching at once, beside the headline. */
struct sp_fault_concurrency {
	int done;
	uint32_t threads;
	uint64_t samples;      /* timed touches that were real swap-ins */
	uint64_t real_swapins; /* the threads' major faults */
	double p50_us;	       /* queueing on the device included */
	double pages_per_s;    /* swap-ins per second of touching, all threads together */
	int invalid;	       /* touches and swap-ins differ by > 5 %, or pswpin did not rise */
};

/* Eviction throughput: pages swapped out, over the span in which swap-out was active. */
struct sp_swapout {
	uint64_t pages; /* pswpout delta */
	double seconds; /* from the last sample before the first rise to the first after the last */
	double pages_per_s; /* pages / seconds; 0 when nothing was swapped out */
};

/*
 * The like-for-like floor: O_DIRECT reads, one thread, one page each, of the very swap slots the
 * fault probe's evicted pages sit in (from /proc/self/pagemap), on the swap area's own device
 * node or file, interleaved with the swap-ins in the same blocks (docs/method.md). The pages a
 * floor read takes are not touched in that round, so no read warms a cache for the other.
 * block_p50_us[i] is block i's floor median (0: the block had none); n_blocks is the swap-ins'.
 * JSON fault_probe.floor (null when not done).
 */
struct sp_fault_floor {
	int done;
	struct sp_lat_summary lat; /* its median CI from the blocks, like the swap-ins' */
	uint32_t n_blocks;
	double block_p50_us[SP_MAX_BLOCKS];
	uint64_t unmapped; /* pages pagemap showed in no slot of this area: not read */
};

/* The fault probe: evicted anonymous pages touched at random, by one thread (the headline). */
struct sp_fault_probe {
	int done;
	uint32_t threads; /* that touched for lat: 1 (older reports: several) */
	uint64_t buffer_bytes;
	uint32_t rounds;	   /* evict + touch rounds */
	struct sp_lat_summary lat; /* only samples that were real swap-ins */
	uint64_t touches;	   /* all timed touches (samples + minor) */
	uint64_t real_swapins;	   /* touches that were major faults (per-thread rusage) */
	uint64_t pswpin_delta;	   /* /proc/vmstat pswpin over the timed phases */
	uint64_t swapcached_bytes; /* SwapCached right before the first timed touch */
	double ci_target_pct;	   /* requested half-width of the median CI */
	double ci_achieved_pct;	   /* what the samples gave */
	int invalid;		   /* touches and real swap-ins differ by more than 5 % */
	size_t n_uring;
	struct sp_uring_point uring[SP_MAX_URING];
	struct sp_fault_concurrency concurrency;
	/*
	 * The one-thread touch phase runs in short blocks of equal time, in order; each block's
	 * swap-in median is kept, and lat's median CI is at least the blocks' (batch means,
	 * sp_hist_block_ci_half), so drift over the phase widens it; the pairs every comparison
	 * of two placements' swap-ins goes by (core/measure/resolve.h). 0 blocks: none (older
	 * reports). JSON fault_probe.blocks.
	 */
	uint32_t n_blocks;
	double block_p50_us[SP_MAX_BLOCKS];
	struct sp_fault_floor floor;
};

/* The pressure probe: a workload in a memory cgroup larger than its limit. */
struct sp_pressure_probe {
	int done;
	int cgroup_version; /* 1 or 2 */
	uint64_t limit_bytes;
	uint64_t hot_bytes, cold_bytes;
	double duration_s;
	uint64_t touches;
	double touches_per_s;
	struct sp_lat_summary lat;
	uint64_t major_faults;
	int oom_killed;
	uint64_t swap_used_bytes; /* swap the cgroup held at the end (where readable) */
};

struct sp_integrity {
	uint64_t pages_checked;
	uint64_t mismatches;
};

struct sp_compression {
	double data_ratio; /* libzstd on the probe's pages: original / compressed */
	int zram;	   /* the fields below are valid */
	double zram_ratio; /* mm_stat orig_data_size / compr_data_size */
	uint64_t orig_data_size, compr_data_size, mem_used_total, same_pages;
};

struct sp_extent {
	uint64_t start_sector; /* 512-byte sectors from the start of the whole disk */
	uint64_t sectors;
};

/*
 * The job scenarios (core/scenario/scenario.h has their arithmetic, docs/method.md how they run):
 * the build job, or the user's own --job, run per placement in a memory cgroup limited to the
 * budget. Mirrors results[].scenarios.build of docs/schema.md.
 */
#define SP_BUILD_MAX_RUNS 8
#define SP_JOB_TAIL_BYTES 1024

/* One /proc/vmstat sample taken while the job ran. */
struct sp_vm_sample {
	double t_s;	  /* seconds since the job was released */
	uint64_t pswpout; /* the counter as read */
};

/*
 * The build job's regime (scenarios.build.regime): how far past the limit it works, and where
 * its processes' time went. The waits are the worker's own: wall minus thread CPU time of
 * its heap steps (waiting for swap-ins) and of its code touches and file reads and writes
 * (waiting for the filesystem), summed over its processes.
 */
struct sp_build_regime {
	int done;
	uint64_t working_set_bytes; /* what the job would hold with no limit (its plan) */
	uint64_t limit_bytes;
	double wait_swap_s, wait_file_s, cpu_s;
};

/* Where the job's trees lie on the disk (scenarios.build.files[]): the toolchain, the project. */
#define SP_BUILD_FILE_EXTENTS 16
struct sp_build_files {
	char what[16];					 /* "toolchain" or "project" */
	struct sp_extent extents[SP_BUILD_FILE_EXTENTS]; /* merged across the tree's files */
	size_t n_extents;
};

struct sp_scenario_build {
	int done;	   /* the job ran on this placement (the section is written) */
	char job[160];	   /* "build" (the synthetic build job) or the user's command */
	double work_scale; /* the build job's --job-scale; 0 for the user's job */
	enum sp_status status;
	char reason[256];
	double wall_s; /* the fastest run, as the blog did (lowest of the runs) */
	double wall_s_runs[SP_BUILD_MAX_RUNS]; /* every run, in order */
	size_t n_runs;
	/* max - min of wall_s_runs over wall_s: the run-to-run spread; 0 with one run */
	double wall_s_spread_pct;
	/* the counters below belong to the run wall_s names, so they describe the same run */
	double cpu_s; /* the worker's user + sys (rusage of reaped children) */
	uint64_t pswpin, pswpout;
	uint64_t major_faults; /* the worker's, from rusage */
	uint64_t swap_ra, swap_ra_hit;
	int has_swap_ra; /* 0: the kernel has no swap_ra counters: report them absent */
	/*
	 * /proc/<pid>/io write_bytes, and read_bytes less pswpin pages: the kernel accounts every
	 * read bio to the task that submits it (submit_bio), swap-ins included, so the raw
	 * read_bytes (io_read_bytes) of a swapping job is mostly swap.
	 */
	uint64_t file_read_bytes, file_written_bytes;
	uint64_t io_read_bytes;
	int has_file_io; /* 0: /proc/<pid>/io could not be read */
	int oom_killed;
	int page_cluster;     /* /proc/sys/vm/page-cluster in force; -1 when unreadable */
	uint64_t limit_bytes; /* the memory cgroup's limit; 0: none (the ram baseline) */
	struct sp_swapout swapout;
	/* beyond the contract, for determinism checks and the report's detail */
	uint64_t objects_checksum; /* of every object file the job wrote; equal for every run */
	uint32_t units_done, units_total;
	uint32_t jobs; /* the build job's units compiled at once (--jobs); 0 for the user's job */
	struct sp_build_regime regime;
	struct sp_build_files files[2];
	size_t n_files;
	int exit_code; /* the user job: sh's exit status, or -1 (signal, timeout, not run) */
	int timed_out;
	char output_tail[SP_JOB_TAIL_BYTES]; /* the user job's last lines, when it failed */
};

/*
 * The scenarios run on one placement: the build job (or the user's job in its place), the
 * service scenario's cases (core/scenario/scenario_service.h; n_cases 0: it did not run), and the
 * cache and gc scenarios (core/scenario/serverjob.h).
 */
struct sp_scenarios {
	struct sp_scenario_build build;
	struct sp_scenario_service service;
	struct sp_scenario_cache cache; /* core/scenario/serverjob.h; done 0: it did not run */
	struct sp_scenario_gc gc;	/* core/scenario/serverjob.h; done 0: it did not run */
};

/*
 * zswap while one placement was measured (results[].zswap; docs/method.md, "zswap"). The
 * counters are /proc/vmstat's, system wide, -1 where the kernel has none (before 5.19, or no
 * zswap); done 0: the kernel has no zswap, and the key is null.
 */
#define SP_ZSWAP_ALG_MAX 32
struct sp_zswap_result {
	int done;
	int enabled;			   /* zswap was on while this placement was measured */
	char compressor[SP_ZSWAP_ALG_MAX]; /* its compressor then; "" when it was off */
	int64_t zswpin, zswpout;	   /* over the placement's probes and scenarios */
	int64_t fault_zswpin;		   /* over the fault probe: pages the pool handed back */
	int64_t fault_pswpin;		   /* over the fault probe: pages read from the device */
	int64_t pool_bytes;		   /* the largest compressed pool seen; -1: unreadable */
};

/* zswap for the whole run (report "zswap"): disabled outside the zswap-<alg> placements. */
struct sp_zswap_run {
	int done;	    /* the kernel has zswap (else the key is null) */
	int enabled_before; /* /sys/module/zswap/parameters/enabled before the run */
	char compressor_before[SP_ZSWAP_ALG_MAX];
	int disabled; /* the run turned it off (it was on) and back on afterwards */
};

/*
 * results[].constraints: what the constrained box (--cpu-max, --io-max; act/caps.h) did to this
 * placement's workload cgroups. done 0 (written as null): no cap was asked.
 */
struct sp_box_applied {
	int done;
	int ran;	      /* a workload cgroup was made inside the box on this placement */
	int cpu_applied;      /* every workload cgroup had the CPU quota */
	int io_applied;	      /* every workload cgroup had io.max on the swap device */
	int io_moot;	      /* an io cap makes no sense here (zram, no swap device) */
	char cpu_reason[160]; /* why not applied; "" when applied or not asked */
	char io_reason[160];
	char io_device[24]; /* "MAJ:MIN" the io cap was written for, "" when none */
	/*
	 * What the caps did, read from each workload cgroup just before it is removed and
	 * summed (docs/schema.md): cpu.stat's periods, throttled periods and time (v2, or
	 * the v1 cpu companion), and io.stat's line for io_device (v2 only).
	 */
	int measured;			/* cpu.stat was read from at least one cgroup */
	uint64_t cpu_periods;		/* nr_periods */
	uint64_t cpu_throttled_periods; /* nr_throttled */
	uint64_t cpu_throttled_us;	/* throttled_usec (v1: throttled_time / 1000) */
	int usage_known;		/* cpu_usage_us was read (v1 without cpuacct beside: not) */
	uint64_t cpu_usage_us;		/* usage_usec (v2; v1: cpuacct.usage / 1000) */
	int io_measured;		/* io.stat was read from at least one cgroup */
	uint64_t io_rios, io_wios;	/* io.stat on io_device: completed reads, writes */
	uint64_t io_rbytes, io_wbytes;
	int spanned;	 /* cgroup_s is known (either was read) */
	double cgroup_s; /* seconds the measured cgroups existed, summed: what the counts span */
};

/*
 * results[].budget: the budget keeper on a zram placement (docs/method.md "Budget honesty"):
 * the workload cgroup's limit lowered so that limit + the zram pool stays within the budget.
 * done 0 (null): not a zram placement, or no workload with a limit ran.
 */
struct sp_budget_kept {
	int done;
	uint64_t limit_bytes_start;	 /* the limit the workload was given: the budget */
	uint64_t limit_bytes_min;	 /* the lowest limit the keeper set (start when none) */
	uint64_t floor_bytes;		 /* the keeper's floor (caps.h SP_BUDGET_FLOOR_PCT) */
	uint64_t zram_pool_peak_bytes;	 /* mm_stat mem_used_total, highest sample */
	uint64_t over_budget_peak_bytes; /* highest usage + pool - budget seen at a sample */
	uint64_t samples;		 /* keeper polls (about every 100 ms) */
	uint32_t cgroups;		 /* workload cgroups kept */
	int kept;			 /* the limit was lowered at least once */
	int floor_hit;			 /* the pool wanted the limit below the floor */
};

/* The report's top-level constraints. done 0 (null): no cap was asked. */
struct sp_constraints {
	int done;
	double cpu_max;	      /* --cpu-max CPUs; NaN (null) when not asked */
	int64_t io_max_iops;  /* --io-max IOPS; -1 (null) when not asked */
	int64_t io_max_bps;   /* its BPS; -1 (null) when not given */
	int cpu_applied;      /* on every placement whose workloads ran in the box */
	int io_applied;	      /* likewise, on every placement where an io cap makes sense */
	char cpu_reason[160]; /* why not ("not asked" when not asked) */
	char io_reason[160];
};

/* results[].kernel_log: the kernel's lines about a placement's fault, at most this many */
#define SP_KLOG_MAX 16
#define SP_KLOG_LINE 200

struct sp_result {
	char placement[48];	   /* start, end, file, zram-<alg>, dev-<name>, none, current-... */
	struct sp_placement_id id; /* what it is: behaviour follows this, not the name */
	enum sp_status status;
	char reason[256];
	/*
	 * The fault that failed it, "" when none: an I/O error (a worker killed by SIGBUS, EIO
	 * from the device), a disk that disappeared, a swap area that could not be switched off.
	 * kernel_log holds the kernel's log lines about it (core/measure/kmsg.h keeps which).
	 */
	char error[256];
	size_t n_kernel_log;
	char kernel_log[SP_KLOG_MAX][SP_KLOG_LINE];
	char device[256];    /* the swap area: /dev/sdb1, /mnt/.../swapfile, /dev/zram1 */
	uint64_t size_bytes; /* size of the swap area */
	size_t n_extents;
	struct sp_extent extents[SP_MAX_EXTENTS];
	double elapsed_s;
	struct sp_device_probe device_probe;
	struct sp_fault_probe fault_probe;
	struct sp_pressure_probe pressure_probe;
	struct sp_integrity integrity;
	struct sp_compression compression;
	struct sp_swapout swapout; /* the fault probe's evictions */
	struct sp_scenarios scenarios;
	struct sp_zswap_result zswap;
	struct sp_box_applied constraints; /* --cpu-max/--io-max on its workloads */
	struct sp_budget_kept budget;	   /* the budget keeper (zram placements) */
};

/* /sys/kernel/mm/transparent_hugepage/enabled: the bracketed word */
enum sp_thp_mode { SP_THP_ALWAYS, SP_THP_MADVISE, SP_THP_NEVER };

struct sp_machine {
	char cpu[128];
	uint32_t cores;
	uint64_t ram_bytes;
	char kernel[128];
	char dmi_vendor[64], dmi_model[64];
	/* /sys/class/dmi/id: product_serial (root-only: "" when unreadable), bios_* */
	char dmi_serial[64];
	/* why dmi_serial is what it is (enum sp_dmi_serial_state); have_: 0 in older reports */
	int dmi_serial_state, have_dmi_serial_state;
	char bios_vendor[64], bios_version[64], bios_date[32];
	double timer_cost_ns; /* cost of one clock read, measured at start */
	int cgroup_version;   /* of the memory controller: 1, 2, or 0 when absent */
	uint32_t page_size;
	/* as the run found them, before swapplace changed anything; have_* is 0 when the
	 * kernel does not say (no file: no THP, no MGLRU; swappiness unreadable) */
	int swappiness, have_swappiness;
	int thp, have_thp; /* enum sp_thp_mode */
	int mglru, have_mglru;
};

/*
 * Where machine.dmi_serial came from, so a page says why it is empty: read; not reported (no
 * DMI tables, or the firmware wrote none); readable by root only (the run was not root); not
 * readable for another reason.
 */
enum sp_dmi_serial_state {
	SP_DMI_SERIAL_READ,
	SP_DMI_SERIAL_NOT_REPORTED,
	SP_DMI_SERIAL_ROOT_ONLY,
	SP_DMI_SERIAL_UNREADABLE,
};
const char *sp_dmi_serial_state_name(int state);	  /* "read", "not_reported", ... */
int sp_dmi_serial_state_parse(const char *s, int *state); /* 0 or -EINVAL */
/*
 * The state of a serial from how reading product_serial went: got is the read's result (the
 * bytes kept, or -errno), as_root nonzero when the reader ran as root.
 */
int sp_dmi_serial_state_of(long got, int as_root);

/* Identity and safety of one block device, as `swapplace list` shows it. */
struct sp_device_info {
	char name[32];	 /* sdb, nvme0n1, loop3 */
	char path[64];	 /* /dev/sdb */
	char by_id[160]; /* /dev/disk/by-id/... or "" */
	char model[64];
	char serial[64];
	char firmware[32]; /* device/firmware_rev (NVMe) or device/rev (SCSI, ATA); "" unknown */
	uint64_t size_bytes;
	uint32_t logical_sector, physical_sector;
	int rotational;
	char transport[16]; /* nvme ata usb virtio mmc loop zram scsi unknown */
	int is_partition;
	char partitions[256]; /* "sdb1 sdb2" */
	char signatures[256]; /* "gpt; sdb1:ext4; sdb2:swap" from libblkid */
	int unsafe;
	char unsafe_reason[256];
	/* a loop device's backing as a person checks it: "the file '/var/a.img' on sda2 (the
	 * running root filesystem)", "the block device '/dev/sdb3'"; "" for any other device */
	char backing[320];
	/*
	 * A USB disk's serial above is its bridge's (the USB device's iSerial): a same-model disk
	 * swapped in the dock keeps it. disk_serial is what the disk behind the bridge reports
	 * itself (SCSI VPD page 0x80 through the bridge's SAT translation: the ATA IDENTIFY
	 * serial), when the bridge passes it on and it differs from serial; "" otherwise.
	 */
	char disk_serial[64];
};

/*
 * A backup `run` saved of a device before its first write (core/safety/backup.h): where it is and
 * the command line that puts it back. One per device the run writes: the target, then each --also.
 */
#define SP_MAX_BACKUPS 9 /* the target and SP_MAX_ALSO --also devices */
struct sp_backup_entry {
	char device[64];   /* /dev/sdb, as the run found it */
	char dir[64];	   /* the backup directory, relative to the report's: backup-sdb */
	char table[16];	   /* the partition table it held: gpt, dos, none (or libfdisk's name) */
	char restore[512]; /* the command line to type in the report's directory */
};

/*
 * A progress line the run printed before a placement's first round ("[k/N] measuring 'X' ...:
 * about M min S s left"): when, on the clock duration_s is on, and what it said was left, so
 * the estimate's promise can be read against what happened (tests/vm's modeled disks do).
 */
#define SP_REPORT_MAX_PROGRESS SP_MAX_RESULTS
struct sp_progress_entry {
	char placement[48];
	uint32_t step;	  /* k of "[k/N]" */
	double elapsed_s; /* since the run started */
	double left_s;	  /* what the line said was left */
};

/* An external program the run executed, by the absolute path it was found at (sys/tools.h). */
#define SP_REPORT_MAX_TOOLS 8
struct sp_tool_entry {
	char name[32];	/* mkfs.ext4 */
	char path[128]; /* /usr/sbin/mkfs.ext4 */
};

struct sp_report {
	char schema[32]; /* SP_SCHEMA */
	char tool_version[32];
	char command[16]; /* run, measure, probe */
	time_t started;	  /* unix seconds */
	double duration_s;
	double estimated_s; /* the plan's estimate of the run (0: none made) */
	uint64_t seed;
	double min_effect_pct; /* --min-effect: the smallest difference worth a claim (0: 5 %) */
	/* --repeat's order (core/scenario/scenario.h sp_repeat_order): round r measured the
	 * placements repeat_order[r][0], [1], ... (result indices); n_order_rounds 0: not kept */
	size_t n_order_rounds, n_order_per_round;
	uint8_t repeat_order[SP_BUILD_MAX_RUNS][SP_MAX_RESULTS];
	uint64_t budget_bytes;
	/* how the budget was chosen (core/config/budget.h); written only where it was: run, measure
	 */
	int has_budget_rule;
	char budget_source[16];		/* given, ram, available, floor, ceiling */
	uint32_t budget_ram_pct;	/* the share of MemTotal a default budget is */
	uint64_t budget_floor_bytes;	/* ... at least */
	uint64_t budget_ceiling_bytes;	/* ... at most */
	uint64_t budget_headroom_bytes; /* what must be available beside the budget */
	uint64_t mem_available_bytes;	/* MemAvailable when the budget was chosen */
	double time_per_placement_s;
	char target[64];   /* path of the target disk, "" for measure/probe */
	char layout[16];   /* the target's partition layout ("" when no disk was laid out) */
	int has_journal;   /* a run journal was kept (act/journal.h): "journal" is written */
	char journal[512]; /*   its path: the output directory's copy, else /run's */
	struct sp_profile profile; /* the target's position profile (done 0: not run) */
	struct sp_machine machine;
	size_t n_devices;
	struct sp_device_info devices[SP_MAX_DEVICES];
	size_t n_results;
	struct sp_result results[SP_MAX_RESULTS];
	struct sp_zswap_run zswap;
	struct sp_constraints constraints; /* --cpu-max, --io-max as asked and applied */
	/* --sweep: the scenarios again per knob value, one row per run and line
	 * (core/scenario/sweep_rows.h) */
	size_t n_sweeps;
	struct sp_sweep_row sweeps[SP_SWEEP_MAX_ROWS];
	size_t n_backups; /* run: what was saved before the first write (core/safety/backup.h) */
	struct sp_backup_entry backups[SP_MAX_BACKUPS];
	int has_tools; /* run: the programs it executed ("tools") */
	size_t n_tools;
	struct sp_tool_entry tools[SP_REPORT_MAX_TOOLS];
	int has_job_user;  /* run --job: who ran it ("job_user") */
	char job_user[96]; /*   "nobody (uid 65534, gid 65534)" */
	int has_progress;  /* run: its progress lines ("progress") */
	size_t n_progress;
	struct sp_progress_entry progress[SP_REPORT_MAX_PROGRESS];
};

/* Zero a report and set its schema and version. */
void sp_report_init(struct sp_report *r, const char *command);
/* Append a zeroed result named placement with identity id; NULL when full. */
struct sp_result *sp_report_add_result(struct sp_report *r, const char *placement,
				       struct sp_placement_id id);

/* The run's id, the same for every rendering of one report: "YYYYMMDD-HHMMSS-<seed, 8 hex>". */
void sp_report_run_id(const struct sp_report *r, char *buf, size_t len);

#endif
