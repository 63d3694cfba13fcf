/*
 * run_sweep.h - `run --sweep`: after every placement was measured, the chosen scenarios run
 * again on each placement but ram, once per value of each swept knob (and per --repeat round),
 * with the knob set to the value for that run only. Each value is set through act/sysctl (its
 * old value on the undo list first) and put back right after the run by unwinding to the mark
 * taken before, so an error, an exit or Ctrl-C in the middle restores it as well.
 *
 * Which knob: the global vm.swappiness, what people change. On cgroup v2 it is the only one
 * (memory.swappiness is gone). On v1 a memory cgroup has its own memory.swappiness, which is
 * copied from vm.swappiness when the cgroup is made (and by act/memcg.c's sp_memcg_set_swap);
 * every scenario makes its workload's cgroup after the knob is set, so the workload runs with
 * the value on both.
 */
#ifndef SP_RUN_SWEEP_H
#define SP_RUN_SWEEP_H

#include <stddef.h>

#include "core/model/report.h"
#include "core/scenario/sweep.h"
#include "probe/placement.h"

struct run_sweep_in {
	const struct sp_sweep_plan *plan;
	struct sp_placement *placements; /* the run's, ram among them (never swept) */
	size_t n_placements;
	const struct sp_measure_opts *mo; /* the run's: its job and the service's time */
	size_t rounds;			  /* --repeat */
};

/* The placements a sweep runs on: every one but ram. */
size_t run_sweep_n_placements(const struct sp_placement *pl, size_t n);

/* The scenarios a sweep's run gives rows for (core/scenario/scenario.h bits), from the run's
 * options. */
unsigned run_sweep_scenarios(const struct sp_measure_opts *mo);

/*
 * Run the sweep, appending its rows to r->sweeps (at most SP_SWEEP_MAX_ROWS; the plan refuses
 * a sweep that needs more). A run that cannot set its value or activate its placement gives
 * failed rows with the reason, and the sweep goes on.
 * Returns: 0, or -EINTR when interrupted (the knob is back by then).
 */
int run_sweep(const struct run_sweep_in *in, struct sp_report *r);

#endif
