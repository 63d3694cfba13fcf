/*
 * profile.h - read the disk's position profile (see core/measure/profile.h for what it is).
 *
 * Read-only: the device is opened O_RDONLY|O_DIRECT, never O_EXCL (the caller may hold it),
 * and never read whole: each point reads a few random 4 KiB blocks inside its window and a few
 * MiB in order from its start, with the time budget split evenly over the points still to go,
 * so a 2 TB HDD is done in the budget as surely as a small SSD.
 */
#ifndef SP_PROBE_PROFILE_H
#define SP_PROBE_PROFILE_H

#include <stdint.h>

#include "core/measure/profile.h"

struct sp_profile_opts {
	uint32_t points;       /* positions across the disk; 100 */
	double time_s;	       /* budget for the whole profile; 60 */
	uint32_t rand_reads;   /* random 4 KiB reads per point (fewer when time is short); 9 */
	uint64_t seq_bytes;    /* read in order per point, in 1 MiB requests; 8 MiB */
	uint64_t window_bytes; /* where a point's random reads fall; 64 MiB (less on a small
				* device: at most its size / points) */
	uint64_t seed;
};

void sp_profile_defaults(struct sp_profile_opts *o);

/*
 * Read the profile of dev into *out. Polls sp_interrupted().
 * Returns: 0; -EINVAL for bad options or a device too small for one window; -EINTR; -EIO for a
 * short read; or the -errno of open, io_uring or a read.
 */
int sp_profile_run(const char *dev, const struct sp_profile_opts *o, struct sp_profile *out);

#endif
