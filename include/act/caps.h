/*
 * caps.h - the constrained box every workload cgroup of one placement's turn is made in: the
 * caps the user asked for (--cpu-max, --io-max; core/config/caps.h) and the budget keeper on a zram
 * placement (docs/method.md, "Constrained boxes" and "Budget honesty").
 *
 * Why a box and not an option of each workload: the build job, the user's job, the service
 * and the cache and gc workers each make their own memory cgroup (probe/jobrun.c,
 * probe/service.c, ...), and every one of them must get the same caps and the same keeper.
 * So the placement enters the box once for its turn (sp_box_enter, left through the undo
 * list), and act/memcg.c calls the three hooks below on every cgroup it creates, limits and
 * destroys; a workload cannot forget it. Outside a box the hooks do nothing.
 *
 * What the box changes is undone with the cgroup: the CPU quota and io.max live in the cgroup
 * itself (v2) or in a companion cgroup of the v1 cpu hierarchy that holds the same processes
 * and is removed just before it; a controller enabled in a parent's cgroup.subtree_control is
 * disabled again by its own undo entry; the keeper's thread is stopped and joined before the
 * cgroup goes. A cap that cannot be applied is a result (recorded with its reason), not an
 * error: the workload runs anyway and the report says it ran unconstrained.
 */
#ifndef SP_ACT_CAPS_H
#define SP_ACT_CAPS_H

#include <stdint.h>
#include <sys/types.h>

#include "act/memcg.h"
#include "core/config/caps.h"
#include "core/model/report.h"

struct sp_box_spec {
	struct sp_caps caps;
	char swap_dev[24];   /* "MAJ:MIN" of the whole disk under the swap area; "" none */
	const char *io_moot; /* why an io cap makes no sense here ("zram is memory"); NULL */
	char zram_dev[64];   /* "/dev/zramN": keep the budget against its pool; "" none */
};

/*
 * Enter the box for what follows: every workload cgroup created from now until sp_box_leave()
 * gets spec's caps, and with a zram_dev its limit kept below the budget less the pool.
 * applied and kept (either may be NULL) are filled as cgroups come and go, and finished by
 * sp_box_leave(), which is registered on the undo list here; when they already hold a turn's
 * record (done set: --repeat's later rounds) they go on accumulating.
 * Returns: 0, -EBUSY when a box is already entered, or -ENOMEM.
 */
int sp_box_enter(const struct sp_box_spec *spec, struct sp_box_applied *applied,
		 struct sp_budget_kept *kept);

/*
 * sp_box_enter() for a placement's turn: caps as asked (NULL: none), and from swap_path (NULL
 * or "": the placement has no swap) the rest: a zram device gets the budget keeper and no io
 * cap ("zram is memory"), anything else the io cap on its whole disk.
 */
int sp_box_enter_for(const struct sp_caps *caps, const char *swap_path,
		     struct sp_box_applied *applied, struct sp_budget_kept *kept);

/* Leave the box: stop any keeper still running, finish applied and kept. Idempotent. */
void sp_box_leave(void);

/*
 * The whole disk a swap area lives on, as "MAJ:MIN" (a partition's disk, a file's
 * filesystem's disk; io.max takes whole disks only).
 * Returns: 0, -ENOENT when it is not on a block device, or -errno.
 */
int sp_box_swap_disk(const char *swap_path, char *majmin, size_t len);

/* ---- memcg.c's hooks: called for every cgroup it makes; no-ops outside a box ---- */

/*
 * A workload cgroup is about to be made in base (v2): enable the controllers the caps need in
 * base's cgroup.subtree_control now, so that their undo entries lie below the cgroup's own
 * removal and run after it: the cgroup's cpu.stat and io.stat are still whole when it is
 * removed (disabling a controller in the parent takes its files from the child). The attach
 * enables what is still missing.
 */
void sp_box_prepare(const char *base, int version);

/* cg was just created (its removal on the undo list): apply the caps. */
void sp_box_attach(const struct sp_memcg *cg);

/* pid was moved into cg: move it into cg's companion cgroups too (v1 cpu). */
void sp_box_add_pid(const struct sp_memcg *cg, pid_t pid);

/* cg was given limit bytes by its workload: that is the budget the keeper keeps. */
void sp_box_limit_set(const struct sp_memcg *cg, uint64_t bytes);

/* cg is about to be destroyed: stop its keeper. */
void sp_box_detach(const struct sp_memcg *cg);

#endif
