/*
 * server_runs.h - --repeat for the cache and gc scenarios: a later round's run folded into
 * the placement's result so far, as sp_build_merge does for the build job and
 * sp_service_merge for the service.
 *
 * A placement is as good as its worst run: the figures a section leads with become the worse
 * run's (a failed run before one that ran; then fewer operations per second for a cache case,
 * a longer p99 pause for gc), whole, so its counters still describe one run; every run's
 * headline is kept in the _runs lists beside them, which the report shows as the spread.
 * Pure: no allocation, no I/O.
 */
#ifndef SP_CORE_SERVER_RUNS_H
#define SP_CORE_SERVER_RUNS_H

#include "core/scenario/serverjob.h"

/*
 * Fold run into acc (acc->done 0: the first run, taken as it is; run->done 0: nothing ran).
 * Cache cases are matched by their pool size; a case only run has is added.
 * Returns: 0; -EINVAL for NULL; -ENOSPC when a case (or gc) holds SP_SERVER_MAX_RUNS runs
 * already (it is left as it was).
 */
int sp_cache_merge(struct sp_scenario_cache *acc, const struct sp_scenario_cache *run);
int sp_gc_merge(struct sp_scenario_gc *acc, const struct sp_scenario_gc *run);

/* The first round's run listed as run 1 (n_runs 0 -> 1) in what ran of cache and gc. */
void sp_server_runs_first(struct sp_scenario_cache *cache, struct sp_scenario_gc *gc);

#endif
