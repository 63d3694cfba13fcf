/*
 * userjob.c - the user's own job (see userjob.h): sh -c CMD in a memory cgroup, its output's
 * tail kept in a bounded ring, its exit status checked, a timeout killing its process group.
 *
 * The worker (worker.h) is the shell itself: the child calls setsid(), points stdout and
 * stderr at the output pipe, waits for the release and execs sh. The parent drains the pipe
 * while it waits, so a chatty job never blocks on a full pipe, and keeps only the last
 * RING_BYTES. The run itself is probe/jobrun.c's, shared with the build job, so the zombie's
 * /proc/<pid>/io (sh plus every child it waited for) is read before the reap.
 *
 * Before the release, the child (root until then) makes its private /dev, drops what a root
 * job could use to reach a disk anyway, and becomes the job's user (userjob.h); a step that
 * fails is said in the job's output after the release, and the job fails with status 126.
 */
#include "probe/userjob.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <inttypes.h>
#include <linux/capability.h>
#include <poll.h>
#include <pwd.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
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

/* ---- who runs it ---- */

static void env_copy(char *dst, size_t len, const char *name)
{
	const char *v = getenv(name);

	dst[0] = '\0';
	if (!v || strlen(v) >= len)
		return;
	for (const char *p = v; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return;
	snprintf(dst, len, "%s", v);
}

int sp_userjob_user_resolve(const struct sp_job_user *want, struct sp_userjob_user *u,
			    struct sp_err *e)
{
	struct passwd pw, *res = NULL;
	char buf[4096];
	gid_t groups[SP_USERJOB_MAX_GROUPS];
	int n = SP_USERJOB_MAX_GROUPS, ret;

	memset(u, 0, sizeof(*u));
	if (want->by_name)
		ret = getpwnam_r(want->name, &pw, buf, sizeof(buf), &res);
	else
		ret = getpwuid_r((uid_t)want->uid, &pw, buf, sizeof(buf), &res);
	if (ret)
		return sp_err_sys(e, -ret, "cannot read the user database");
	if (!res && want->by_name)
		return sp_err_set(e, -ENOENT, "no user '%s' to run --job as", want->name);
	env_copy(u->lang, sizeof(u->lang), "LANG");
	env_copy(u->term, sizeof(u->term), "TERM");
	if (!res) {
		/* a bare uid: its own group, none beside */
		u->uid = want->uid;
		u->gid = want->has_gid ? want->gid : want->uid;
		snprintf(u->home, sizeof(u->home), "/");
		return 0;
	}
	u->uid = (uint32_t)pw.pw_uid;
	u->gid = want->has_gid ? want->gid : (uint32_t)pw.pw_gid;
	if (strlen(pw.pw_name) >= sizeof(u->name))
		return sp_err_set(e, -EINVAL, "user name '%.64s' is too long", pw.pw_name);
	snprintf(u->name, sizeof(u->name), "%s", pw.pw_name);
	if (pw.pw_dir && *pw.pw_dir == '/' && strlen(pw.pw_dir) < sizeof(u->home))
		snprintf(u->home, sizeof(u->home), "%s", pw.pw_dir);
	else
		snprintf(u->home, sizeof(u->home), "/");
	/* initgroups' list, taken here: NSS after a fork of a process with threads can hang */
	if (getgrouplist(u->name, (gid_t)u->gid, groups, &n) < 0)
		return sp_err_set(e, -E2BIG, "user '%s' is in more than %d groups", u->name,
				  SP_USERJOB_MAX_GROUPS);
	u->n_groups = (size_t)n;
	for (int i = 0; i < n; i++)
		u->groups[i] = (uint32_t)groups[i];
	return 0;
}

void sp_userjob_user_describe(const struct sp_userjob_user *u, char *buf, size_t len)
{
	snprintf(buf, len, "%s (uid %u, gid %u)", u->name[0] ? u->name : "no name", u->uid, u->gid);
}

int sp_userjob_become(const struct sp_userjob_user *u)
{
	static const int drop[] = {CAP_MKNOD, CAP_SYS_ADMIN, CAP_SYS_RAWIO, CAP_SYS_PTRACE};
	gid_t groups[SP_USERJOB_MAX_GROUPS];
	pid_t parent = getppid();
	uid_t r, ef, sv;
	gid_t gr, ge, gs;

	for (size_t i = 0; i < sizeof(drop) / sizeof(drop[0]); i++)
		if (prctl(PR_CAPBSET_DROP, drop[i], 0, 0, 0) < 0)
			return -errno;
	for (size_t i = 0; i < u->n_groups; i++)
		groups[i] = (gid_t)u->groups[i];
	if (setgroups(u->n_groups, groups) < 0 || setresgid(u->gid, u->gid, u->gid) < 0 ||
	    setresuid(u->uid, u->uid, u->uid) < 0)
		return -errno;
	if (getresuid(&r, &ef, &sv) < 0 || getresgid(&gr, &ge, &gs) < 0)
		return -errno;
	if (r != u->uid || ef != u->uid || sv != u->uid || gr != u->gid || ge != u->gid ||
	    gs != u->gid)
		return -EPERM;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return -errno;
	/* the uid's change cleared it; the parent may have died in between */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent)
		return -ESRCH;
	return 0;
}

void sp_userjob_close_fds(void)
{
	struct rlimit rl;
	long max = 65536;

	/* close_range (5.9); else each one up to the limit */
#ifdef SYS_close_range
	if (syscall(SYS_close_range, 3u, ~0u, 0u) == 0)
		return;
#endif
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
	    rl.rlim_cur < (rlim_t)max)
		max = (long)rl.rlim_cur;
	for (long fd = 3; fd < max; fd++)
		close((int)fd);
}

/* mknod and chmod (the umask would take 0666 away) */
static int dev_node(const char *path, unsigned maj, unsigned min)
{
	if (mknod(path, S_IFCHR | 0666, makedev(maj, min)) < 0 || chmod(path, 0666) < 0)
		return -errno;
	return 0;
}

/*
 * A mount namespace of the child's own with a /dev that holds no block device: a tmpfs over
 * the real one, which hides its nodes and its submounts. Its nodes are made anew with the real
 * ones' numbers (mknod: the tmpfs is not nodev). Returns: 0, or -errno.
 */
static int private_dev(void)
{
	static const struct {
		const char *path;
		unsigned maj, min;
	} nodes[] = {{"/dev/null", 1, 3},   {"/dev/zero", 1, 5},    {"/dev/full", 1, 7},
		     {"/dev/random", 1, 8}, {"/dev/urandom", 1, 9}, {"/dev/tty", 5, 0}};
	static const char *const links[][2] = {{"/proc/self/fd", "/dev/fd"},
					       {"/proc/self/fd/0", "/dev/stdin"},
					       {"/proc/self/fd/1", "/dev/stdout"},
					       {"/proc/self/fd/2", "/dev/stderr"},
					       {"pts/ptmx", "/dev/ptmx"}};
	int ret;

	if (unshare(CLONE_NEWNS) < 0)
		return -errno;
	/* nothing mounted in here may reach the machine's namespace */
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		return -errno;
	if (mount("swapplace-dev", "/dev", "tmpfs", MS_NOSUID | MS_NOEXEC,
		  "mode=0755,size=64k,nr_inodes=64") < 0)
		return -errno;
	for (size_t i = 0; i < sizeof(nodes) / sizeof(nodes[0]); i++)
		if ((ret = dev_node(nodes[i].path, nodes[i].maj, nodes[i].min)))
			return ret;
	for (size_t i = 0; i < sizeof(links) / sizeof(links[0]); i++)
		if (symlink(links[i][0], links[i][1]) < 0)
			return -errno;
	if (mkdir("/dev/pts", 0755) < 0 || mkdir("/dev/shm", 01777) < 0 ||
	    chmod("/dev/shm", 01777) < 0)
		return -errno;
	/* a devpts instance of its own: the job's terminals, not the machine's; a kernel that
	 * cannot (before 4.7, without multiple instances) leaves the job without a pty, not
	 * without a run */
	mount("devpts", "/dev/pts", "devpts", MS_NOSUID | MS_NOEXEC,
	      "newinstance,ptmxmode=0666,mode=0620");
	if (mount("shm", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777") < 0)
		return -errno;
	/* read-only: even a root job (which cannot remount it: no CAP_SYS_ADMIN) makes no file
	 * there, so `dd of=/dev/sdb` fails at the open */
	if (mount(NULL, "/dev", NULL, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NOEXEC, NULL) < 0)
		return -errno;
	return 0;
}

/* PATH, HOME, LANG, TERM: nothing else of swapplace's environment */
struct job_env {
	char path[64], home[16 + sizeof(((struct sp_userjob_user *)0)->home)], lang[80], term[80];
	char *envp[5];
};

static void job_env(const struct sp_userjob_user *u, struct job_env *v)
{
	size_t n = 0;

	snprintf(v->path, sizeof(v->path), "PATH=/usr/local/bin:/usr/bin:/bin");
	snprintf(v->home, sizeof(v->home), "HOME=%s", u->home);
	v->envp[n++] = v->path;
	v->envp[n++] = v->home;
	if (u->lang[0]) {
		snprintf(v->lang, sizeof(v->lang), "LANG=%s", u->lang);
		v->envp[n++] = v->lang;
	}
	if (u->term[0]) {
		snprintf(v->term, sizeof(v->term), "TERM=%s", u->term);
		v->envp[n++] = v->term;
	}
	v->envp[n] = NULL;
}

/* ---- the run ---- */

struct child_args {
	const struct sp_userjob_opts *o;
	int out_fd; /* write end of the output pipe */
};

static int child_main(void *arg, int go_fd, int result_fd)
{
	const struct child_args *a = arg;
	const char *step = "its own /dev";
	struct job_env env;
	int null_fd, err;

	(void)result_fd;
	if (sp_worker_prologue())
		return 126;
	signal(SIGPIPE, SIG_DFL);
	/* a group of its own: a timeout kills sh and everything it started, at once */
	setsid();
	null_fd = open("/dev/null", O_RDONLY);
	if (null_fd < 0 || dup2(null_fd, 0) < 0 || dup2(a->out_fd, 1) < 0 || dup2(a->out_fd, 2) < 0)
		return 126;
	if (null_fd > 2)
		close(null_fd);
	/* before it reads its release: the job's clock starts at the release (docs/method.md) */
	err = private_dev();
	if (!err) {
		step = "its user";
		err = sp_userjob_become(a->o->user);
	}
	job_env(a->o->user, &env);
	if (sp_worker_await_go(go_fd))
		return 126;
	if (err) {
		dprintf(2, "swapplace: cannot give the job %s: %s\n", step, strerror(-err));
		return 126;
	}
	if (chdir(a->o->dir) < 0) {
		dprintf(2, "swapplace: cannot enter '%s' as uid %u: %s\n", a->o->dir,
			a->o->user->uid, strerror(errno));
		return 126;
	}
	sp_userjob_close_fds();
	execle("/bin/sh", "sh", "-c", a->o->cmd, (char *)NULL, env.envp);
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
	if (!o->cmd || !*o->cmd || !o->dir || !(o->timeout_s > 0) || !o->user) {
		snprintf(out->reason, sizeof(out->reason),
			 "no command, directory, user or timeout");
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
