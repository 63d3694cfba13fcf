/*
 * sweep.h - `run --sweep KNOB=V1,V2,...`: a kernel knob (vm.swappiness, vm.page-cluster) set to
 * each value in turn while the chosen scenarios run again on every placement but ram.
 *
 * Here, pure: the knobs, the parser of --sweep (every bad knob or value is refused before
 * anything is touched) and the order of the sweep's runs. The rows report.json's "sweeps"
 * holds are core/scenario/sweep_rows.h; the findings over them
 * core/findings/sweep_findings.h, their sentences core/findings/sweep_sentence.h.
 * No allocation, no I/O.
 */
#ifndef SP_SWEEP_H
#define SP_SWEEP_H

#include <stddef.h>

#include "core/err.h"

enum sp_knob {
	SP_KNOB_SWAPPINESS,   /* vm.swappiness: 0..200 (kernels before 5.8 take 0..100) */
	SP_KNOB_PAGE_CLUSTER, /* vm.page-cluster: readahead of 2^N pages, 0..10 */
	SP_KNOB_N
};

#define SP_SWEEP_MAX_VALUES 6 /* per knob: one column each, within 80 columns */

/* "swappiness", "page-cluster" (what --sweep takes); "?" out of range. */
const char *sp_knob_name(enum sp_knob k);
/* "vm.swappiness", "vm.page-cluster": the sysctl the knob sets. */
const char *sp_knob_sysctl(enum sp_knob k);
/* Returns: 0, or -EINVAL for a name that is not a knob. */
int sp_knob_parse(const char *name, enum sp_knob *out);

struct sp_knob_sweep {
	enum sp_knob knob;
	size_t n_values;
	int values[SP_SWEEP_MAX_VALUES]; /* in the order given */
};

/* What --sweep asked for: each knob at most once, in the order given. */
struct sp_sweep_plan {
	size_t n_knobs;
	struct sp_knob_sweep knobs[SP_KNOB_N];
};

/*
 * Parse n --sweep arguments ("swappiness=10,60,100") into out (zeroed first; n 0 is an empty
 * plan). Refused, with the reason in e (may be NULL): an unknown knob, no '=', an empty or
 * non-decimal value, a value out of the knob's range, a value given twice, more than
 * SP_SWEEP_MAX_VALUES values, a knob given twice. Returns: 0, or -EINVAL.
 */
int sp_sweep_parse(const char *const *args, size_t n, struct sp_sweep_plan *out, struct sp_err *e);

/* One run of a sweep: indices into the plan's knobs, its values and the swept placements. */
struct sp_sweep_step {
	size_t round;	  /* 0-based; --repeat rounds */
	size_t knob;	  /* index into plan->knobs */
	size_t placement; /* index into the placements swept (ram is never one) */
	size_t value;	  /* index into plan->knobs[knob].values */
};

/* How many runs: rounds x placements x every knob's values. */
size_t sp_sweep_n_steps(const struct sp_sweep_plan *p, size_t n_placements, size_t rounds);

/*
 * Step k of the sweep, in its order: round by round; within a round knob by knob; within a knob
 * placement by placement, each placement's values back to back (so the values compared on one
 * placement run minutes, not the whole sweep, apart, and round r of one value is paired with
 * round r of the others). Counterbalanced: every second round runs in the reverse order, so
 * over a pair of rounds a drifting machine loads every value alike and no value always follows
 * the same other one. Returns: 0, or -EINVAL when k is not below sp_sweep_n_steps().
 */
int sp_sweep_step_at(const struct sp_sweep_plan *p, size_t n_placements, size_t rounds, size_t k,
		     struct sp_sweep_step *out);

#endif
