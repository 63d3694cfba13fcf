/*
 * hold.h - exclusive holds on block devices: a device opened O_EXCL cannot be mounted, swapped
 * on or opened O_EXCL by anyone else while we hold it.
 *
 * One owner: whoever takes a hold registers its release on the undo list right then, so every
 * exit path (normal end, error, signal) closes it, and nobody else has to remember to. Code
 * that must let the kernel claim the device itself (swapon, mount, a partition of a disk held
 * exclusively) releases the hold for that moment and takes it back afterwards; the one undo
 * entry stays registered and closes whatever is held when the list runs.
 *
 * The struct is referenced by its undo entry: it must live until the undo list has run.
 */
#ifndef SP_HOLD_H
#define SP_HOLD_H

#include "sys/blkdev.h"

struct sp_hold {
	int fd;		/* the O_EXCL descriptor, or -1 while released */
	int flags;	/* O_RDONLY or O_RDWR: how it is (re)opened */
	char path[256]; /* the device held */
	int registered; /* its release is on the undo list */
	/*
	 * Which device it is (sys/blkdev.h): what the caller expected, completed by what the first
	 * take opened. Every later take, and sp_hold_check_path(), must find the same device under
	 * path; a name that now leads to another disk is refused (-ESTALE), never held or lent.
	 */
	struct sp_blkdev_id id;
};

/* An empty hold (nothing held, nothing registered). */
void sp_hold_init(struct sp_hold *h);

/*
 * Open path with flags | O_EXCL | O_CLOEXEC and register the release on the undo list.
 * Returns: 0, -EBUSY when someone else has it (mounted, swap, held), -ENOMEM when the undo
 * list is full (nothing held then), other -errno from open(2).
 */
int sp_hold_take(struct sp_hold *h, const char *path, int flags);

/*
 * sp_hold_take, and the device opened must be want (sp_blkdev_id_match; want may be NULL: any).
 * Returns: as sp_hold_take, and -ESTALE (nothing held) when path leads to another device.
 */
int sp_hold_take_as(struct sp_hold *h, const char *path, int flags,
		    const struct sp_blkdev_id *want);

/*
 * Is the held descriptor (or, released, the device at h->path) still h->id? A held descriptor
 * keeps its device, but not its medium: a new one has a new disk sequence. Call it right before
 * a write through the hold, and after releasing the hold right before the kernel is given the
 * path (swapon, mount, a tool). Returns: 0, -ESTALE, or -errno.
 */
int sp_hold_check(const struct sp_hold *h);

/* Close the hold now (idempotent); sp_hold_retake() may take it again. */
void sp_hold_release(struct sp_hold *h);

/* Take a released hold again. Returns: 0 (also when it is held already) or -errno. */
int sp_hold_retake(struct sp_hold *h);

#endif
