/*
 * advise.h - from a report to a setup: which swap area at what priority, zram in front of it
 * (its size and compressor), vm.swappiness and vm.page-cluster, zswap, or no swap at all, for
 * the workload a person cares about (`swapplace advise`, the report's "What to set up").
 *
 * Every choice is taken from a comparison the findings already made (core/findings/analysis.h:
 * the build job's ranking and its adjacent steps, the service's best against its runner-up,
 * gc's disk against zram, a sweep's lines) and carries that comparison's resolution
 * (core/measure/resolve.h); the one comparison the findings do not make, no swap against the
 * best placement with swap in a service case, goes by the findings' own order of cases (counts
 * first) and the same paired test. A choice that no resolved comparison makes falls back to
 * the documented default (docs/advise.md) and says so. Pure: numbers and sentences, no I/O.
 */
#ifndef SP_ADVISE_H
#define SP_ADVISE_H

#include <stddef.h>
#include <stdint.h>

#include "core/findings/analysis.h"
#include "core/measure/resolve.h"
#include "core/model/report.h"

/* The workload the setup is for: a scenario of the report. */
enum sp_workload {
	SP_WL_BUILD,   /* the build job (or --job): its wall time */
	SP_WL_SERVICE, /* the service scenario: failed requests, OOM kills, then p95 */
	SP_WL_CACHE,   /* the cache scenario */
	SP_WL_GC,      /* the gc scenario: its p99 pause */
	SP_WL_N
};
const char *sp_workload_name(enum sp_workload w);	     /* "build" ... */
int sp_workload_parse(const char *s, enum sp_workload *out); /* 0 or -EINVAL */

/* How a choice was made. */
enum sp_advice_basis {
	SP_ADV_MEASURED, /* a resolved comparison (or the findings' counts) made it */
	SP_ADV_DEFAULT,	 /* nothing resolved it: the documented default, named in the reason */
	SP_ADV_KEEP,	 /* the machine's setting is left as it is */
};
const char *sp_advice_basis_name(enum sp_advice_basis b); /* "measured" "default" "keep" */

#define SP_ADVICE_REASON 640

struct sp_advice_choice {
	enum sp_advice_basis basis;
	int on;		       /* advised: the area added, zram or zswap on, the sysctl written */
	int result;	       /* the placement that makes the choice (results[] index), or -1 */
	int other;	       /* the placement it was measured against, or -1 */
	double fig, other_fig; /* the workload's figure of each (unit below); 0: none */
	const char *unit;      /* "s", "ms" (static); NULL: no figure */
	int by_counts;	       /* decided by failed requests or OOM kills, not by the test */
	uint64_t failed, other_failed, kills, other_kills; /* the service's counts (by_counts) */
	struct sp_resolution res;      /* the comparison's resolution; have 0: none was made */
	char reason[SP_ADVICE_REASON]; /* the measured figures that make it, as a sentence */
};

/* zram-generator's own default size: min(ram / 2, 4096 MiB) (zram-generator.conf(5)) */
#define SP_ADVICE_ZRAM_CAP_BYTES (4096ull << 20)
#define SP_ADVICE_ZRAM_PRIORITY 100 /* zram-generator's default swap-priority */
#define SP_ADVICE_DISK_PRIORITY 10  /* below zram's, so zram fills first */

struct sp_advice {
	enum sp_workload workload;
	int have_workload; /* the report holds this workload's figures */
	int none;	   /* no swap: it hurt the workload (swap.reason says how) */
	/* the swap area on a disk (swap.on 0: none added, keep what the machine has) */
	struct sp_advice_choice swap;
	enum sp_placement_kind swap_kind;
	char swap_device[256]; /* the area as measured (/dev/sdb1), "/swapfile" for a file */
	int swap_is_file;      /* a swap file to make (the measured one is gone) */
	uint64_t swap_size_bytes;
	int swap_priority;
	/* zram in front (higher priority) */
	struct sp_advice_choice zram;
	uint64_t zram_size_bytes; /* min(ram / 2, SP_ADVICE_ZRAM_CAP_BYTES), never past RAM */
	struct sp_advice_choice compressor; /* on 0: the kernel's default (left unset) */
	char zram_alg[32];		    /* when compressor.on */
	int zram_priority;
	/* sysctls: on 0 leaves the machine's value */
	struct sp_advice_choice swappiness;
	int swappiness_value;
	struct sp_advice_choice page_cluster;
	int page_cluster_value;
	/* zswap in front of the disk area */
	struct sp_advice_choice zswap;
	char zswap_alg[SP_ZSWAP_ALG_MAX];
	/* what the numbers say beside the choices (the service's hot overflow); "" none */
	char note[SP_ADVICE_REASON];
};

/*
 * The workload a report has figures for, build first, then service, cache, gc.
 * Returns: 0, or -ENOENT when it ran none of them.
 */
int sp_advice_default_workload(const struct sp_findings *f, enum sp_workload *out);

/*
 * The advice for workload w from report r and its findings f. A workload the report has no
 * figures for gives have_workload 0 and every choice its default, said so.
 * Returns: 0; -EINVAL for NULL or a workload out of range.
 */
int sp_advise(const struct sp_report *r, const struct sp_findings *f, enum sp_workload w,
	      struct sp_advice *out);

/* The choices in the order they are said, each with its label ("swap area", "zram", ...). */
struct sp_advice_item {
	const char *label; /* static */
	const struct sp_advice_choice *c;
};
#define SP_ADVICE_ITEMS 6
/* Returns: how many were written (the compressor only with zram on). */
size_t sp_advice_items(const struct sp_advice *a, struct sp_advice_item *out);

/* The zram compressor a placement was measured with: "lz4" of "zram-lz4", "" for none. */
void sp_advice_zram_alg(const char *placement, char *buf, size_t len);

#endif
