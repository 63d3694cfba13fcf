/*
 * worker.c - fork a probe's worker into a memory cgroup, release it, wait for it and reap it
 * (see worker.h). What the worker does and what it reports stays in its probe's file.
 */
#include "act/worker.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "act/undo.h"
#include "sys/log.h"
#include "sys/sysfs.h"
#include "sys/timer.h"

#define POLL_MS 100 /* how soon a signal or the timeout is noticed while waiting */
#define REAP_TICK_MS 10
#define GIVE_UP_AFTER_KILL_MS 10000

/* workers reaped dead by SIGBUS: the kernel's answer to a page it could not read from swap */
static unsigned long sigbus_deaths;

/* the controller that forked the workers: a worker whose parent is not it is an orphan */
static pid_t sp_worker_parent;

unsigned long sp_worker_sigbus_deaths(void)
{
	return sigbus_deaths;
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

int sp_worker_start(struct sp_worker *w, const struct sp_memcg *cg, sp_worker_fn child, void *arg)
{
	int go[2] = {-1, -1}, res[2] = {-1, -1};
	int ret, status;
	pid_t pid;

	*w = SP_WORKER_INIT;
	if (pipe2(go, O_CLOEXEC) < 0 || pipe2(res, O_CLOEXEC) < 0) {
		ret = -errno;
		goto err;
	}
	sp_worker_parent = getpid();
	pid = fork();
	if (pid < 0) {
		ret = -errno;
		goto err;
	}
	if (pid == 0) {
		close(go[1]);
		close(res[0]);
		/*
		 * _exit(), never return or exit(): the child inherited the parent's undo list
		 * and atexit hook and its stdio buffers, and must not run or flush them again.
		 */
		_exit(child(arg, go[0], res[1]));
	}
	close_fd(&go[0]);
	close_fd(&res[1]);
	w->pid = pid;
	w->go_fd = go[1];
	w->result_fd = res[0];
	/*
	 * Into the cgroup before it is released: a page allocated before the move would stay
	 * charged to swapplace's cgroup, outside the limit and out of the reclaim's reach.
	 */
	ret = sp_memcg_add_pid(cg, pid);
	if (!ret && write(w->go_fd, "g", 1) != 1)
		ret = -EPIPE;
	if (ret) {
		sp_worker_reap(w, 1, 0, &status);
		return ret;
	}
	return 0;
err:
	for (int i = 0; i < 2; i++) {
		close_fd(&go[i]);
		close_fd(&res[i]);
	}
	return ret;
}

int sp_worker_prologue(void)
{
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGPIPE, SIG_DFL); /* the controller ignores it (act/undo.c); a worker need not */
	/*
	 * A worker never outlives its controller: killed (-9), the controller cannot reap it,
	 * and a worker left holding its pages would stand beside the next run's measurement.
	 * The parent may have died before the prctl: then this process is an orphan already.
	 */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 ||
	    (sp_worker_parent && getppid() != sp_worker_parent))
		_exit(125);
	return sp_write_text("/proc/self/oom_score_adj", "1000");
}

int sp_worker_await_go(int go_fd)
{
	char c;

	/* no byte (EOF): the parent could not put us in the cgroup and is about to kill us */
	return read(go_fd, &c, 1) == 1 && c == 'g' ? 0 : -1;
}

int sp_worker_begin(int go_fd, int *err)
{
	*err = sp_worker_prologue();
	if (*err)
		return 2;
	return sp_worker_await_go(go_fd) ? 3 : 0;
}

int sp_worker_read(struct sp_worker *w, void *buf, size_t len, double timeout_s)
{
	struct sp_time t0 = sp_now();
	size_t got = 0;

	while (got < len) {
		struct pollfd p = {.fd = w->result_fd, .events = POLLIN};
		ssize_t r;
		int pr;

		if (sp_interrupted())
			return -EINTR;
		if (sp_elapsed_s(t0, sp_now()) > timeout_s)
			return -ETIMEDOUT;
		pr = poll(&p, 1, POLL_MS);
		if (pr < 0 && errno != EINTR)
			return -errno;
		if (pr <= 0)
			continue;
		r = read(w->result_fd, (char *)buf + got, len - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -ECHILD; /* it died first: killed (a cgroup OOM?) or crashed */
		got += (size_t)r;
	}
	return 0;
}

int sp_worker_reap(struct sp_worker *w, int kill_now, double grace_s, int *status)
{
	int grace_ms = (int)(grace_s * 1000), since_kill = 0, ret = 0;

	close_fd(&w->go_fd);
	if (w->pid <= 0) {
		close_fd(&w->result_fd);
		return -ECHILD;
	}
	if (kill_now) {
		kill(w->pid, SIGKILL);
		w->killed = 1;
	}
	for (int waited = 0;; waited += REAP_TICK_MS) {
		pid_t r = waitpid(w->pid, status, WNOHANG);

		if (r == w->pid)
			break;
		if (r < 0 && errno != EINTR) {
			ret = -errno;
			break;
		}
		if (waited >= grace_ms && !w->killed) {
			kill(w->pid, SIGKILL);
			w->killed = 1;
		}
		if (w->killed && (since_kill += REAP_TICK_MS) > GIVE_UP_AFTER_KILL_MS) {
			ret = -ETIMEDOUT;
			break;
		}
		sp_sleep_ms(REAP_TICK_MS); /* reaping finishes even after a signal */
	}
	if (!ret && WIFSIGNALED(*status) && WTERMSIG(*status) == SIGBUS)
		sigbus_deaths++;
	if (!ret && WIFSIGNALED(*status))
		sp_debug("worker", "pid %d ended by signal %d%s", (int)w->pid, WTERMSIG(*status),
			 w->killed ? " (ours)" : "");
	w->pid = -1;
	close_fd(&w->result_fd);
	return ret;
}
