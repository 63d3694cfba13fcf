/*
 * caps.h - the constrained box a workload runs in (--cpu-max, --io-max) and the budget keeper's
 * arithmetic, as pure functions: parsing the caps as a user types them, turning them into the
 * values the cgroup files take, and the limit a workload gets when a zram pool beside it must
 * share its budget (docs/method.md, "Constrained boxes" and "Budget honesty"). The effects are
 * act/caps.h's.
 */
#ifndef SP_CAPS_H
#define SP_CAPS_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/model/report.h"

#define SP_CPU_PERIOD_US 100000ull /* the CFS period every quota is given in (the default) */
#define SP_CPU_MAX_MIN 0.01	   /* 1 ms per 100 ms period: the kernel's smallest quota */
#define SP_CPU_MAX_MAX 1024.0
#define SP_BUDGET_FLOOR_PCT 25 /* the keeper never lowers a limit below this share of it */
#define SP_BUDGET_STEP_BYTES (1ull << 20) /* limits move in whole MiB (no write per page) */

/* What the user asked for. A zeroed struct asks for nothing. */
struct sp_caps {
	double cpu_max;	  /* --cpu-max: CPUs (0.5, 1, 2); 0: not asked */
	uint64_t io_iops; /* --io-max IOPS: read and write IOPS each; 0: not asked */
	uint64_t io_bps;  /* --io-max IOPS,BPS: bytes/s read and write each; 0: none */
};

/* 1 when c asks for any cap. */
int sp_caps_asked(const struct sp_caps *c);

/*
 * Parse --cpu-max: a plain decimal number of CPUs in [SP_CPU_MAX_MIN, SP_CPU_MAX_MAX].
 * Returns: 0, or -EINVAL with the reason in e.
 */
int sp_caps_parse_cpu(const char *s, double *cpus, struct sp_err *e);

/*
 * Parse --io-max IOPS[,BPS]: IOPS a positive decimal integer, BPS a positive size per second
 * (core/config/units.h: "50M" is 50 MiB/s). Returns: 0, or -EINVAL with the reason in e.
 */
int sp_caps_parse_io(const char *s, uint64_t *iops, uint64_t *bps, struct sp_err *e);

/* The CFS quota for cpus in a period of period_us (at least 1000 us, the kernel's minimum). */
uint64_t sp_caps_cpu_quota_us(double cpus, uint64_t period_us);

/* cgroup v2 cpu.max text ("50000 100000"). Returns: its length, or -ENOSPC. */
int sp_caps_cpu_max_text(double cpus, char *buf, size_t len);

/* cgroup v2 io.max text for device maj:min ("8:16 riops=300 wiops=300 rbps=.. wbps=.."). */
int sp_caps_io_max_text(unsigned maj, unsigned min, uint64_t iops, uint64_t bps, char *buf,
			size_t len);

/* One device's line of a cgroup v2 io.stat. */
struct sp_io_stat {
	uint64_t rbytes, wbytes, rios, wios;
};

/*
 * The line of io.stat text for device majmin ("8:16 rbytes=.. wbytes=.. rios=.. wios=.. ...").
 * Returns: 0; -ENOENT (out zeroed) when the device has no line (io.stat lists only devices the
 * cgroup did io on); -EINVAL for a line without the four counts.
 */
int sp_caps_parse_io_stat(const char *text, const char *majmin, struct sp_io_stat *out);

/*
 * The budget keeper: the limit a workload may have when a zram pool of pool_bytes sits beside
 * it, so that limit + pool <= budget: budget - pool, rounded down to SP_BUDGET_STEP_BYTES, and
 * never below SP_BUDGET_FLOOR_PCT % of the budget (*floor_hit then says so; it may be NULL).
 */
uint64_t sp_budget_keep_limit(uint64_t budget_bytes, uint64_t pool_bytes, int *floor_hit);

/* The floor itself: SP_BUDGET_FLOOR_PCT % of the budget, rounded down to a page. */
uint64_t sp_budget_floor(uint64_t budget_bytes);

/*
 * The report's top-level constraints from what was asked and what each result recorded:
 * applied when every result that ran a workload under the box had it applied; otherwise the
 * reason of the first that did not, its placement in brackets. Results where an io cap is moot
 * (io_moot: zram, no swap device) do not count against io. NULL-safe for n = 0.
 */
void sp_caps_summarise(const struct sp_caps *asked, const struct sp_result *res, size_t n,
		       struct sp_constraints *out);

#endif
