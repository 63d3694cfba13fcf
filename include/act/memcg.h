/*
 * memcg.h - memory cgroups for the probes, on cgroup v2 (memory.max, memory.high,
 * memory.swap.max, memory.reclaim, memory.events) and on cgroup v1 where the memory controller
 * is mounted there (memory.limit_in_bytes, memory.memsw.limit_in_bytes, memory.force_empty,
 * memory.oom_control). swapplace itself never joins one: only the workloads it forks do, so a
 * cgroup OOM kill takes the workload and swapplace records it.
 */
#ifndef SP_MEMCG_H
#define SP_MEMCG_H

#include <stdint.h>
#include <sys/types.h>

struct sp_memcg {
	int version;	/* 1 or 2 */
	char path[512]; /* the cgroup directory we created */
};

/*
 * Find the memory controller: v2 at /sys/fs/cgroup (or /sys/fs/cgroup/unified) when its
 * cgroup.controllers lists "memory", else v1 at /sys/fs/cgroup/memory.
 * Returns: 1 or 2, or -ENOENT when there is none.
 */
int sp_memcg_detect(char *base, size_t base_len);

/*
 * Create <base>/swapplace-<name>-<pid> and register its removal (tasks killed, cgroup rmdir'd)
 * on the undo list. Returns: 0 on success, <0 on error.
 */
int sp_memcg_create(const char *name, struct sp_memcg *cg);

/* Move pid into the cgroup. Returns: 0 on success, <0 on error. */
int sp_memcg_add_pid(const struct sp_memcg *cg, pid_t pid);

/* Hard limit on memory (v2 memory.max, v1 memory.limit_in_bytes): the workload's budget, which
 * a zram placement's budget keeper then keeps (act/caps.h). */
int sp_memcg_set_limit(const struct sp_memcg *cg, uint64_t bytes);

/* The same write without telling the box: the keeper's own lowering of the limit. */
int sp_memcg_write_limit(const struct sp_memcg *cg, uint64_t bytes);

/* Forbid (allow = 0) or allow swap for the cgroup (v2 memory.swap.max; v1 memsw limit where
 * swap accounting exists). Returns: 0, or -EOPNOTSUPP when the kernel cannot say. */
int sp_memcg_set_swap(const struct sp_memcg *cg, int allow);

/* Reclaim as much of the cgroup's memory as possible: v2 memory.reclaim, v1 force_empty.
 * This is what drops pages out of the swap cache after they were written out. */
int sp_memcg_reclaim(const struct sp_memcg *cg, uint64_t bytes);

/* Bytes charged now (v2 memory.current, v1 memory.usage_in_bytes). */
int sp_memcg_usage(const struct sp_memcg *cg, uint64_t *bytes);

/* OOM kills in the cgroup so far (v2 memory.events oom_kill, v1 memory.oom_control oom_kill). */
int sp_memcg_oom_kills(const struct sp_memcg *cg, uint64_t *kills);

/* Kill every task in it and remove it (also what the undo entry does). */
int sp_memcg_destroy(const struct sp_memcg *cg);

/* ---- additions (helper E3) ---- */

/*
 * Like sp_memcg_create(), under an explicit base of the given version (1 or 2). On v2 it
 * first makes sure base/cgroup.subtree_control has "memory" (enabling it registers its
 * undo); that works at the root cgroup, while a non-root base that holds processes refuses
 * (EBUSY, the no-internal-processes rule): give such a machine a dedicated empty parent.
 * Returns: 0 on success, <0 on error.
 */
int sp_memcg_create_in(const char *base, int version, const char *name, struct sp_memcg *cg);

/* Refer to an existing cgroup directory (no undo entry; for tests and for leftovers). */
int sp_memcg_open(const char *path, int version, struct sp_memcg *cg);

/* Throttling threshold (v2 memory.high; v1 memory.soft_limit_in_bytes, its nearest kin). */
int sp_memcg_set_high(const struct sp_memcg *cg, uint64_t bytes);

/* Swap the cgroup holds now (v2 memory.swap.current; v1 memsw.usage - usage).
 * Returns: 0, or -EOPNOTSUPP without swap accounting. */
int sp_memcg_swap_usage(const struct sp_memcg *cg, uint64_t *bytes);

/* One counter of memory.stat, e.g. "pgmajfault" (both versions). -ENOENT when absent. */
int sp_memcg_stat(const struct sp_memcg *cg, const char *key, uint64_t *val);

#endif
