/*
 * userjob.c - the user's own job (see userjob.h): sh -c CMD in a memory cgroup, its output's
 * tail kept in a bounded ring, its exit status checked, a timeout killing its process group.
 *
 * The worker (worker.h) is the shell itself: the child calls setsid(), points stdout and
 * stderr at the output pipe, waits for the release and execs sh. The parent drains the pipe
 * while it waits, so a chatty job never blocks on a full pipe, and keeps only the last
 * RING_BYTES. The run itself is probe/jobrun.c's, shared with the build job, so the zombie's
 * /proc/<pid>/io (sh plus every child it waited for) is read before the reap.
 */
#include "probe/userjob.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "act/memcg.h"
#include "act/undo.h"
#include "act/worker.h"
#include "probe/jobrun.h"
#include "sys/log.h"
#include "sys/sysfs.h"

#define RING_BYTES 8192 /* enough for 20 ordinary lines; longer ones are cut at the front */

size_t sp_userjob_tail_lines(const char *buf, size_t len, size_t max_lines, char *out,
			     size_t out_len)
{
	size_t end = len, start, lines = 0;

	if (!out_len)
		return 0;
	/* a trailing newline ends the last line, it does not start an empty one */
	if (end && buf[end - 1] == '\n')
		end--;
	start = end;
	while (start > 0 && max_lines) {
		if (buf[start - 1] == '\n') {
			lines++;
			if (lines == max_lines)
				break;
		}
		start--;
	}
	if (start == 0 && len && max_lines)
		lines++; /* the first line in the buffer, possibly cut by the ring */
	if (!len || !max_lines) {
		out[0] = '\0';
		return 0;
	}
	if (end - start >= out_len)
		start = end - (out_len - 1);
	memcpy(out, buf + start, end - start);
	out[end - start] = '\0';
	return lines > max_lines ? max_lines : lines;
}

struct ring {
	char buf[RING_BYTES];
	size_t len;  /* bytes held, at most RING_BYTES */
	size_t head; /* where the next byte goes */
};

static void ring_put(struct ring *r, const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		r->buf[r->head] = p[i];
		r->head = (r->head + 1) % RING_BYTES;
		if (r->len < RING_BYTES)
			r->len++;
	}
}

/* The ring's bytes in order, into lin (RING_BYTES). */
static size_t ring_linear(const struct ring *r, char *lin)
{
	size_t first = (r->head + RING_BYTES - r->len) % RING_BYTES;

	for (size_t i = 0; i < r->len; i++)
		lin[i] = r->buf[(first + i) % RING_BYTES];
	return r->len;
}

/* Read what the pipe holds now, without blocking. Returns: 1 at EOF, 0 otherwise. */
static int drain(int fd, struct ring *r)
{
	char b[4096];

	for (;;) {
		ssize_t n = read(fd, b, sizeof(b));

		if (n > 0) {
			ring_put(r, b, (size_t)n);
			continue;
		}
		if (n == 0)
			return 1;
		return errno == EINTR ? 0 : errno != EAGAIN;
	}
}

struct child_args {
	const struct sp_userjob_opts *o;
	int out_fd; /* write end of the output pipe */
};

static int child_main(void *arg, int go_fd, int result_fd)
{
	const struct child_args *a = arg;
	int null_fd;

	(void)result_fd;
	if (sp_worker_prologue())
		return 126;
	signal(SIGPIPE, SIG_DFL);
	/* a group of its own: a timeout kills sh and everything it started, at once */
	setsid();
	null_fd = open("/dev/null", O_RDONLY);
	if (null_fd < 0 || dup2(null_fd, 0) < 0 || dup2(a->out_fd, 1) < 0 || dup2(a->out_fd, 2) < 0)
		return 126;
	if (sp_worker_await_go(go_fd))
		return 126;
	if (chdir(a->o->dir) < 0) {
		dprintf(2, "swapplace: cannot enter '%s': %s\n", a->o->dir, strerror(errno));
		return 126;
	}
	execl("/bin/sh", "sh", "-c", a->o->cmd, (char *)NULL);
	dprintf(2, "swapplace: cannot run /bin/sh: %s\n", strerror(errno));
	return 127;
}

/* The output's last line, for the one-line reason. */
static const char *last_line(const char *tail)
{
	const char *nl = strrchr(tail, '\n');

	return nl ? nl + 1 : tail;
}

/* While waiting for sh: drain its output into the ring, at most ms milliseconds. */
struct drain_ctx {
	int fd;
	int eof;
	struct ring *ring;
};

static void wait_draining(void *arg, int ms)
{
	struct drain_ctx *d = arg;
	struct pollfd pf = {.fd = d->fd, .events = POLLIN};

	/* EOF can come before sh exits (it closed its output): then only sleep */
	if (d->eof) {
		poll(NULL, 0, ms);
		return;
	}
	if (poll(&pf, 1, ms) > 0)
		d->eof = drain(d->fd, d->ring);
}

int sp_userjob_run(const struct sp_userjob_opts *o, struct sp_scenario_build *out, char *tail,
		   size_t tail_len)
{
	struct drain_ctx dc = {.fd = -1};
	struct sp_jobrun j = {.cg_name = "userjob",
			      .limit_bytes = o->limit_bytes,
			      .allow_swap = o->allow_swap,
			      .timeout_s = o->timeout_s,
			      .kill_group = 1,
			      .wait = wait_draining,
			      .ctx = &dc};
	struct ring *ring = NULL;
	char *lin = NULL, tail_buf[2048];
	struct child_args args;
	int pipefd[2] = {-1, -1}, ret, status = 0;
	char what[96] = "";

	memset(out, 0, sizeof(*out));
	out->status = SP_STATUS_FAILED;
	out->exit_code = -1;
	if (tail && tail_len)
		tail[0] = '\0';
	if (!o->cmd || !*o->cmd || !o->dir || !(o->timeout_s > 0)) {
		snprintf(out->reason, sizeof(out->reason), "no command, directory or timeout");
		return -EINVAL;
	}
	ring = calloc(1, sizeof(*ring));
	lin = malloc(RING_BYTES);
	if (!ring || !lin) {
		ret = -ENOMEM;
		goto out;
	}
	if (pipe2(pipefd, O_CLOEXEC) < 0) {
		ret = -errno;
		goto out;
	}
	fcntl(pipefd[0], F_SETFL, O_NONBLOCK);
	dc.fd = pipefd[0];
	dc.ring = ring;
	args.o = o;
	args.out_fd = pipefd[1];
	ret = sp_jobrun_once(&j, child_main, &args, out, &status);
	close(pipefd[1]);
	pipefd[1] = -1;
	if (ret)
		goto out;
	if (!dc.eof)
		drain(pipefd[0], ring);
	out->n_runs = 1;
	out->wall_s_runs[0] = out->wall_s;
	sp_userjob_tail_lines(lin, ring_linear(ring, lin), SP_USERJOB_TAIL_LINES, tail_buf,
			      sizeof(tail_buf));
	if (tail && tail_len)
		snprintf(tail, tail_len, "%s", tail_buf);
	if (out->timed_out)
		snprintf(what, sizeof(what), "timed out after %g s: process group killed",
			 o->timeout_s);
	else if (out->oom_killed)
		snprintf(what, sizeof(what), "oom-killed (limit %" PRIu64 " MiB)",
			 o->limit_bytes >> 20);
	else if (WIFSIGNALED(status))
		snprintf(what, sizeof(what), "killed by signal %d", WTERMSIG(status));
	else if (out->exit_code != 0)
		snprintf(what, sizeof(what), "exit status %d", out->exit_code);
	else
		out->status = SP_STATUS_OK;
	if (out->status != SP_STATUS_OK)
		snprintf(out->reason, sizeof(out->reason), "%s%s%.150s", what,
			 *tail_buf ? "; output ends: " : "", last_line(tail_buf));
	sp_debug("userjob", "'%s': %.3f s, status 0x%x, pswpin %" PRIu64, o->cmd, out->wall_s,
		 status, out->pswpin);
out:
	if (ret && !out->reason[0])
		snprintf(out->reason, sizeof(out->reason), "%s", strerror(-ret));
	for (int i = 0; i < 2; i++)
		if (pipefd[i] >= 0)
			close(pipefd[i]);
	free(ring);
	free(lin);
	return ret;
}
