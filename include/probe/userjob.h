/*
 * userjob.h - the user's own job (--job 'CMD' [--job-dir DIR]): `sh -c CMD` in a working
 * directory on the data filesystem, under the same memory cgroup limit as the build job,
 * timed end to end and measured the same way (probe/buildjob.h's watch).
 *
 * The shell runs in a process group of its own (setsid), so a timeout kills the whole job,
 * not only sh; whatever escaped the group dies with the cgroup. Its stdout and stderr go
 * through one pipe into a bounded ring: a failed job is reported with the last lines it wrote.
 *
 * It runs as the user who asked for it (struct sp_userjob_user: --job-user, or sudo's SUDO_UID
 * and SUDO_GID), never as root unless --job-user root says so: before the release the shell's
 * process, still root, enters a mount namespace of its own whose /dev is a fresh tmpfs holding
 * only null, zero, full, random, urandom, tty, pts and shm, read-only (no block device is
 * there to open), drops CAP_MKNOD, CAP_SYS_ADMIN, CAP_SYS_RAWIO and CAP_SYS_PTRACE from its
 * bounding set (a root job can neither make a device node, nor unmount that /dev, nor reach
 * the machine's /dev through /proc/1/root), takes the user's groups, gid and uid, and sets
 * no_new_privs (no setuid program gives them back). sh gets a clean environment: PATH, HOME,
 * LANG and TERM only. The memory cgroup, the clock and the process group are the same as ever:
 * all of this happens before the release the watch times from.
 */
#ifndef SP_USERJOB_H
#define SP_USERJOB_H

#include <stddef.h>
#include <stdint.h>

#include "core/config/cli.h"
#include "core/err.h"
#include "core/scenario/scenario.h"

#define SP_USERJOB_TAIL_LINES 20
#define SP_USERJOB_MAX_GROUPS 256

/* Who runs the job, resolved once before anything is written (sp_userjob_user_resolve). */
struct sp_userjob_user {
	uint32_t uid, gid;
	size_t n_groups; /* supplementary groups: the user's, as initgroups would set them */
	uint32_t groups[SP_USERJOB_MAX_GROUPS];
	char name[SP_JOB_USER_NAME_MAX + 1]; /* "" for a uid without an entry */
	char home[256];			     /* HOME: the entry's, else "/" */
	char lang[64], term[64];	     /* LANG and TERM as swapplace got them; "": unset */
};

/*
 * The user want names, looked up in the user database: a name must have an entry; a uid
 * without one runs with its gid (SUDO_GID, else the uid) and no supplementary groups.
 * Returns: 0, or -ENOENT (no such user), -E2BIG (more than SP_USERJOB_MAX_GROUPS groups),
 * -EINVAL, with the reason in e.
 */
int sp_userjob_user_resolve(const struct sp_job_user *want, struct sp_userjob_user *u,
			    struct sp_err *e);

/* "nobody (uid 65534, gid 65534)", for the report and the plan. */
void sp_userjob_user_describe(const struct sp_userjob_user *u, char *buf, size_t len);

/*
 * In a forked child, still root: become u for good (groups, gid, uid, no_new_privs), with the
 * bounding set's CAP_MKNOD, CAP_SYS_ADMIN, CAP_SYS_RAWIO and CAP_SYS_PTRACE dropped first. The
 * parent-death signal, which the kernel clears when the uid changes, is set again. Returns: 0, or
 * -errno (the child must not go on).
 */
int sp_userjob_become(const struct sp_userjob_user *u);

/*
 * In a forked child, right before its exec: close every descriptor above stderr. Whatever the
 * controller holds open (a disk held O_EXCL, a library's descriptor without O_CLOEXEC) is a way
 * to the disk that no permission check stops: the job and the programs run as its user get
 * none of them.
 */
void sp_userjob_close_fds(void);

struct sp_userjob_opts {
	const char *cmd;      /* given to sh -c */
	const char *dir;      /* its working directory, on the data filesystem */
	uint64_t limit_bytes; /* the cgroup's hard limit; 0: none */
	int allow_swap;
	double timeout_s; /* past it the process group is killed and the run failed */
	const struct sp_userjob_user *user; /* who runs it; required */
};

/*
 * Run the job once. out->status is ok when sh exited 0; failed otherwise, with the reason
 * ("exit status 3", "killed by signal 9", "oom-killed", "timed out after 2 s: process group
 * killed") followed by the output's last line, and exit_code / timed_out / oom_killed set.
 * tail (tail_len bytes, may be NULL) receives the last SP_USERJOB_TAIL_LINES lines of its
 * stdout+stderr, NUL-terminated.
 * Returns: 0 when out holds a result (a failed job included); -EINVAL for bad options (no user),
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
