/*
 * userjob.h - the user's own job (--job 'CMD' [--job-dir DIR]): `sh -c CMD` in a working
 * directory on the data filesystem, under the same memory cgroup limit as the build job,
 * timed end to end and measured the same way (probe/buildjob.h's watch).
 *
 * The shell runs in a process group of its own (setsid), so a timeout kills the whole job,
 * not only sh; whatever escaped the group dies with the cgroup. Its stdout and stderr go
 * through one pipe into a bounded ring: a failed job is reported with the last lines it wrote.
 */
#ifndef SP_USERJOB_H
#define SP_USERJOB_H

#include <stddef.h>
#include <stdint.h>

#include "core/scenario/scenario.h"

#define SP_USERJOB_TAIL_LINES 20

struct sp_userjob_opts {
	const char *cmd;      /* given to sh -c */
	const char *dir;      /* its working directory, on the data filesystem */
	uint64_t limit_bytes; /* the cgroup's hard limit; 0: none */
	int allow_swap;
	double timeout_s; /* past it the process group is killed and the run failed */
};

/*
 * Run the job once. out->status is ok when sh exited 0; failed otherwise, with the reason
 * ("exit status 3", "killed by signal 9", "oom-killed", "timed out after 2 s: process group
 * killed") followed by the output's last line, and exit_code / timed_out / oom_killed set.
 * tail (tail_len bytes, may be NULL) receives the last SP_USERJOB_TAIL_LINES lines of its
 * stdout+stderr, NUL-terminated.
 * Returns: 0 when out holds a result (a failed job included); -EINVAL for bad options,
 * -ENOENT without a memory controller, -EINTR on a terminating signal, another -errno when
 * the job could not be started.
 */
int sp_userjob_run(const struct sp_userjob_opts *o, struct sp_scenario_build *out, char *tail,
		   size_t tail_len);

/*
 * The last max_lines lines of buf[0..len) (a final line without '\n' counts), copied to out
 * NUL-terminated and cut from the front when out is too small. Pure; for the ring's contents.
 * Returns: the number of lines copied.
 */
size_t sp_userjob_tail_lines(const char *buf, size_t len, size_t max_lines, char *out,
			     size_t out_len);

#endif
