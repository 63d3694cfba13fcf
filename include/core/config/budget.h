/*
 * budget.h - how much memory the probes and workloads may use (--budget) when the user does not
 * say, and whether this machine can afford a run at all.
 *
 * The budget is the memory cgroup limit of every workload and the size of the fault probe's
 * buffer; everything else a run needs (the kernel, on the stick the initramfs the root lives in,
 * swapplace itself, mkfs, rendering the report) lives beside it. A fixed default of 256 MiB
 * would leave a 256 MiB PC nothing for those, so the default is a share of the RAM, kept between
 * a floor (below it the probes measure too few pages to mean anything) and a ceiling (above it
 * a run only gets longer: the latencies measured are per page). And since a budget that does
 * not fit beside the rest pushes the machine into the OOM killer instead of the workload into
 * swap, a run is refused, with the figures, when MemAvailable cannot hold the budget plus a
 * headroom — the smallest budget included. Pure: the edge reads /proc/meminfo.
 */
#ifndef SP_BUDGET_H
#define SP_BUDGET_H

#include <stddef.h>
#include <stdint.h>

/*
 * A quarter of MemTotal: on a 256 MiB PC about 55 MiB, which leaves the kernel, the stick's
 * initramfs and swapplace the rest; from 1 GiB up the ceiling, today's fixed default.
 */
#define SP_BUDGET_RAM_PCT 25
/* 8192 pages: the fault probe's samples still come from pages never touched twice */
#define SP_BUDGET_FLOOR_MIB 32
#define SP_BUDGET_FLOOR_BYTES ((uint64_t)SP_BUDGET_FLOOR_MIB << 20)
/* the default before the budget followed the RAM; runs on PCs of 1 GiB and more are unchanged */
#define SP_BUDGET_CEILING_MIB 256
#define SP_BUDGET_CEILING_BYTES ((uint64_t)SP_BUDGET_CEILING_MIB << 20)
/*
 * What must be available beside the budget, measured: swapplace's own peak (VmHWM 10 MiB over
 * a run that renders every format, the PDF with cairo and its fonts included), mkfs.ext4's
 * (2.7 MiB on a 3 GiB partition), the kernel's free-page reserve (min_free_kbytes, about 2 MiB
 * on a 256 MiB PC); and zram's pool where the budget keeper's floor stops it lowering the
 * workload's limit (up to 25 % of the budget: 13 MiB at a 51 MiB budget). About 28 MiB; the
 * rest is a margin for a burst faster than a limit write and for the page cache of the data
 * filesystem. On a 256 MiB PC (205 MiB MemTotal, 144 MiB available on the stick) this leaves
 * the 25 % share whole; in 128 MiB (79 MiB, 22 MiB available) no run fits.
 */
#define SP_BUDGET_HEADROOM_MIB 48
#define SP_BUDGET_HEADROOM_BYTES ((uint64_t)SP_BUDGET_HEADROOM_MIB << 20)

/* Where the budget came from. */
enum sp_budget_source {
	SP_BUDGET_GIVEN,     /* --budget */
	SP_BUDGET_RAM,	     /* SP_BUDGET_RAM_PCT of MemTotal */
	SP_BUDGET_AVAILABLE, /* less than that: MemAvailable minus the headroom */
	SP_BUDGET_FLOOR,     /* the share was below the floor */
	SP_BUDGET_CEILING,   /* the share was above the ceiling */
};

struct sp_budget {
	uint64_t budget_bytes; /* what the run uses */
	enum sp_budget_source source;
	uint64_t ram_bytes;	  /* MemTotal */
	uint64_t available_bytes; /* MemAvailable when it was chosen */
	uint64_t share_bytes;	  /* SP_BUDGET_RAM_PCT of ram_bytes, before the clamps */
	uint64_t need_bytes;	  /* budget_bytes + SP_BUDGET_HEADROOM_BYTES */
	int too_small;		  /* need_bytes > available_bytes: the run is refused */
	/* the rule it was chosen by (SP_BUDGET_*; a report read back keeps its own) */
	uint32_t ram_pct;
	uint64_t floor_bytes, ceiling_bytes, headroom_bytes;
};

/*
 * Choose the budget: given_bytes when non-zero (the user's --budget, never changed), else
 * SP_BUDGET_RAM_PCT of ram_bytes, at most what available_bytes leaves beside the headroom, kept
 * within [floor, ceiling], rounded down to a MiB. Then judge it: too_small when the budget and
 * the headroom do not fit in available_bytes.
 * Returns: 0 (b filled, too_small may be set), or -EINVAL when ram_bytes or available_bytes is
 * 0 (meminfo unread) or available_bytes exceeds ram_bytes.
 */
int sp_budget_choose(uint64_t ram_bytes, uint64_t available_bytes, uint64_t given_bytes,
		     struct sp_budget *b);

/* "given", "ram", "available", "floor", "ceiling": the report's budget_source */
const char *sp_budget_source_name(enum sp_budget_source s);

/* The source its report name says ("ram"); -EINVAL for a name this version does not know. */
int sp_budget_source_parse(const char *name, enum sp_budget_source *s);

/*
 * One line for the plan: "55 MiB, 25 % of 221 MiB RAM (floor 32 MiB, ceiling 256 MiB)" or
 * "1 GiB (--budget)". Returns: its length, or -ENOSPC when buf is too small.
 */
int sp_budget_describe(const struct sp_budget *b, char *buf, size_t len);

/*
 * Why a too-small machine is refused, after "refusing to run: ": the RAM, what is available,
 * what the budget needs, and what to do. Returns: its length, or -ENOSPC.
 */
int sp_budget_refusal(const struct sp_budget *b, char *buf, size_t len);

/* The rule as --help states it, from the same figures. */
#define SP_BUDGET_STR_(x) #x
#define SP_BUDGET_STR(x) SP_BUDGET_STR_(x)
#define SP_BUDGET_RULE                                                                             \
	SP_BUDGET_STR(SP_BUDGET_RAM_PCT)                                                           \
	"% of RAM, " SP_BUDGET_STR(SP_BUDGET_FLOOR_MIB) "M to " SP_BUDGET_STR(                     \
	    SP_BUDGET_CEILING_MIB) "M"

#endif
