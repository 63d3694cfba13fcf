/*
 * worker.h - a forked worker process inside a memory cgroup, for the probes that must measure
 * memory behaviour without exposing swapplace to it (faultprobe.c, pressure.c).
 *
 * The parent forks the child, moves it into the cgroup and only then releases it with one 'g'
 * byte on the go pipe, so every page the child allocates is charged to the cgroup from the
 * first one. The child reports on the result pipe; the parent waits for that with a timeout,
 * watching sp_interrupted(), and reaps the child, killing it when asked or when it lingers.
 * Closing the go pipe is the parent's "you may leave" for a child that waits for it.
 */
#ifndef SP_WORKER_H
#define SP_WORKER_H

#include <stddef.h>
#include <sys/types.h>

#include "act/memcg.h"

struct sp_worker {
	pid_t pid;     /* the child, -1 when there is none (not started, or reaped) */
	int go_fd;     /* write end of the go pipe: 'g' releases the child, EOF lets it leave */
	int result_fd; /* read end of the result pipe */
	int killed;    /* 1 once we sent SIGKILL: a SIGKILL status is then ours, not an OOM kill */
};

#define SP_WORKER_INIT ((struct sp_worker){.pid = -1, .go_fd = -1, .result_fd = -1})

/*
 * The child's body: runs in the forked process with its ends of the pipes and returns its exit
 * status. It must call sp_worker_await_go() before it allocates anything to be measured.
 */
typedef int (*sp_worker_fn)(void *arg, int go_fd, int result_fd);

/*
 * Fork child(arg, go_fd, result_fd), move it into cg and release it. On failure the child is
 * killed and reaped and *w holds no worker.
 * Returns: 0 on success, -errno (-EPIPE when the child was gone before it could be released).
 */
int sp_worker_start(struct sp_worker *w, const struct sp_memcg *cg, sp_worker_fn child, void *arg);

/*
 * In the child, first of all: SIGINT, SIGTERM and SIGHUP back to their defaults (swapplace's
 * handlers would run its undo list in the child) and oom_score_adj raised to 1000, because an
 * inherited -1000 would make the worker unkillable and a memcg OOM would livelock.
 * Returns: 0, or -errno when oom_score_adj could not be written (the worker should not run).
 */
int sp_worker_prologue(void);

/* In the child: wait for the parent's release. Returns: 0, or -1 when the parent gave up. */
int sp_worker_await_go(int go_fd);

/*
 * In a measuring child, first of all: the prologue, then the parent's release, the way every
 * workload starts. *err gets the prologue's -errno (the shared page the parent reads).
 * Returns: 0 to go on; else the exit status to return at once: 2 when the prologue failed,
 * 3 when the parent gave up (it could not put us in the cgroup).
 */
int sp_worker_begin(int go_fd, int *err);

/*
 * Read exactly len bytes of the child's report into buf, for at most timeout_s seconds.
 * Returns: 0; -ECHILD when the child died (or closed its end) first; -ETIMEDOUT; -EINTR on
 * sp_interrupted(); another -errno from poll().
 */
int sp_worker_read(struct sp_worker *w, void *buf, size_t len, double timeout_s);

/*
 * Close the go pipe (a child waiting for EOF leaves), SIGKILL the child now when kill_now is
 * set or after grace_s seconds, and wait for it; then close the result pipe. Gives up 10 s
 * after the kill: a task stuck in the kernel cannot be reaped, the cgroup's removal (undo
 * list) kills it again. Does nothing when *w holds no worker.
 * Returns: 0 and the wait status in *status; -ETIMEDOUT; -ECHILD when there was no worker.
 */
int sp_worker_reap(struct sp_worker *w, int kill_now, double grace_s, int *status);

/*
 * How many workers sp_worker_reap() found killed by SIGBUS since the start: the kernel kills a
 * task with SIGBUS when a page it faults on cannot be read back from swap (an I/O error).
 * A placement compares the count before and after its turn (probe/placement.c).
 */
unsigned long sp_worker_sigbus_deaths(void);

#endif
