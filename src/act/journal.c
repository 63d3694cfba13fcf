/*
 * journal.c - the run journal's files: created, appended and fsynced ahead of each change,
 * ended when every change is undone (see journal.h).
 */
#include "act/journal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sys/log.h"
#include "sys/sysfs.h"

#define COPIES 2

static struct {
	int fd[COPIES];		/* -1 when closed */
	char path[COPIES][600]; /* [0] the output directory's, [1] the run directory's */
	unsigned next_seq;	/* the last record's number */
	size_t open_undos;	/* records with an undo that is not run yet */
	int active;
} jr = {{-1, -1}, {"", ""}, 0, 0, 0};

const char *sp_run_dir(void)
{
	const char *d = getenv("SWAPPLACE_RUN_DIR");

	return d && *d ? d : "/run/swapplace";
}

/* fsync the directory holding path, so the new file's name survives a power cut too */
static int sync_dir_of(const char *path)
{
	char dir[600];
	char *slash;

	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else if (slash == dir)
		dir[1] = '\0';
	else
		*slash = '\0';
	return sp_fsync_dir(dir);
}

/* a record is on the disk before the action it announces: written whole, then synced */
static int write_all(int fd, const char *buf, size_t n)
{
	int ret = sp_write_all(fd, buf, n);

	return ret < 0 ? ret : fsync(fd) < 0 ? -errno : 0;
}

/* One line to every open copy; the first error, after trying all. */
static int append(const char *line)
{
	int first = 0;

	for (int i = 0; i < COPIES; i++) {
		int ret;

		if (jr.fd[i] < 0)
			continue;
		ret = write_all(jr.fd[i], line, strlen(line));
		if (ret < 0 && !first)
			first = ret;
		if (ret < 0)
			sp_debug("journal", "append to %s: %s", jr.path[i], strerror(-ret));
	}
	return first;
}

/* Field 22 of /proc/PID/stat: the start time in clock ticks since boot. */
static int start_ticks(int pid, unsigned long long *ticks)
{
	char path[64], buf[1024];
	const char *p;
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	n = sp_read_text(NULL, path, buf, sizeof(buf));
	if (n < 0)
		return (int)n;
	p = strrchr(buf, ')'); /* the command name may hold spaces and parentheses */
	if (!p)
		return -EINVAL;
	for (int field = 2; field < 22; field++) {
		p = strchr(p + 1, ' ');
		if (!p)
			return -EINVAL;
	}
	return sscanf(p + 1, "%llu", ticks) == 1 ? 0 : -EINVAL;
}

static void boot_id(char *buf, size_t len)
{
	if (sp_read_value(NULL, "/proc/sys/kernel/random/boot_id", buf, len) < 0)
		buf[0] = '\0';
}

int sp_journal_self(struct sp_jhead *h)
{
	memset(h, 0, sizeof(*h));
	h->pid = (int)getpid();
	boot_id(h->boot_id, sizeof(h->boot_id));
	h->time = (long long)time(NULL);
	return start_ticks(h->pid, &h->start_ticks);
}

int sp_journal_same_boot(const struct sp_jhead *h)
{
	char now[40];

	boot_id(now, sizeof(now));
	return h->boot_id[0] && !strcmp(now, h->boot_id);
}

int sp_journal_writer_alive(const struct sp_jhead *h)
{
	unsigned long long t;

	if (!sp_journal_same_boot(h))
		return 0;
	/* a pid is reused; the start time tells a new process from the writer */
	return start_ticks(h->pid, &t) == 0 && t == h->start_ticks;
}

static int create(int i, const char *path, struct sp_err *e)
{
	int n = snprintf(jr.path[i], sizeof(jr.path[i]), "%s", path);

	if (n < 0 || (size_t)n >= sizeof(jr.path[i]))
		return sp_err_set(e, -ENAMETOOLONG, "journal path '%s' is too long", path);
	/* a new file or nothing: never an earlier journal truncated, never a link followed */
	jr.fd[i] =
	    open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_APPEND | O_CLOEXEC, 0600);
	if (jr.fd[i] < 0) {
		int ret = -errno;

		jr.path[i][0] = '\0';
		if (ret == -EEXIST)
			return sp_err_set(e, ret,
					  "'%s' exists already (an earlier run's journal?): "
					  "'swapplace cleanup %s' finishes it; then move it away",
					  path, path);
		return sp_err_sys(e, ret, "cannot create the journal '%s'", path);
	}
	return 0;
}

/* The run directory: made 0700 by root, or refused when someone else could write in it. */
static int run_dir_ready(struct sp_err *e)
{
	const char *d = sp_run_dir();
	struct stat st;

	if (mkdir(d, 0700) < 0 && errno != EEXIST)
		return sp_err_sys(e, -errno, "cannot create '%s'", d);
	if (lstat(d, &st) < 0)
		return sp_err_sys(e, -errno, "cannot look at '%s'", d);
	if (!S_ISDIR(st.st_mode))
		return sp_err_set(e, -ENOTDIR, "'%s' is not a directory", d);
	if (st.st_uid != geteuid() || (st.st_mode & (S_IWGRP | S_IWOTH)))
		return sp_err_set(e, -EPERM,
				  "'%s' is not this user's alone (owner %u, mode %04o): refusing "
				  "to keep a journal there",
				  d, (unsigned)st.st_uid, (unsigned)(st.st_mode & 07777));
	return 0;
}

static void close_all(void)
{
	for (int i = 0; i < COPIES; i++) {
		if (jr.fd[i] >= 0)
			close(jr.fd[i]);
		jr.fd[i] = -1;
	}
	jr.active = 0;
}

int sp_journal_open(const char *cmd, const char *out_dir, struct sp_err *e)
{
	char path[600], real[PATH_MAX], line[SP_JOURNAL_LINE_MAX];
	struct sp_jhead h;
	int ret;

	if (jr.active)
		return sp_err_set(e, -EALREADY, "a journal is open already");
	ret = sp_journal_self(&h);
	if (ret < 0)
		return sp_err_sys(e, ret, "cannot read this process's start time");
	snprintf(h.cmd, sizeof(h.cmd), "%s", cmd);
	ret = run_dir_ready(e);
	if (ret < 0)
		return ret;
	/* both names absolute and canonical: each is the other's twin, which cleanup checks
	 * (core/safety/journal.c sp_journal_twin_check, cmd/cleanup.c) */
	if (!realpath(sp_run_dir(), real))
		return sp_err_sys(e, -errno, "cannot resolve '%s'", sp_run_dir());
	if ((size_t)snprintf(path, sizeof(path), "%s/journal-%d", real, h.pid) >= sizeof(path))
		return sp_err_set(e, -ENAMETOOLONG, "'%s' is too long", real);
	ret = create(1, path, e);
	if (ret == 0 && out_dir && *out_dir) {
		if (!realpath(out_dir, real))
			ret = sp_err_sys(e, -errno, "cannot resolve '%s'", out_dir);
		else if ((size_t)snprintf(path, sizeof(path), "%s/journal", real) >= sizeof(path))
			ret = sp_err_set(e, -ENAMETOOLONG, "'%s' is too long", real);
		else
			ret = create(0, path, e);
	}
	if (ret < 0)
		goto fail;
	for (int i = 0; i < COPIES; i++) {
		if (jr.fd[i] < 0)
			continue;
		/* each copy names the other, so cleaning one finishes both */
		snprintf(h.twin, sizeof(h.twin), "%s", jr.fd[!i] >= 0 ? jr.path[!i] : "");
		ret = sp_journal_format_head(&h, line, sizeof(line));
		if (ret >= 0)
			ret = write_all(jr.fd[i], line, (size_t)ret);
		if (ret >= 0)
			ret = sync_dir_of(jr.path[i]);
		if (ret < 0) {
			sp_err_sys(e, ret, "cannot write the journal '%s'", jr.path[i]);
			goto fail;
		}
	}
	jr.next_seq = 0;
	jr.open_undos = 0;
	jr.active = 1;
	sp_debug("journal", "open %s and %s", jr.path[0], jr.path[1]);
	return 0;
fail:
	for (int i = 0; i < COPIES; i++)
		if (jr.fd[i] >= 0)
			unlink(jr.path[i]);
	close_all();
	jr.path[0][0] = jr.path[1][0] = '\0';
	return ret;
}

int sp_journal_record(unsigned *seq, enum sp_jkind kind, const char *a, const char *b,
		      const char *c)
{
	const char *v[3] = {a, b, c};
	char line[SP_JOURNAL_LINE_MAX];
	struct sp_jrec r;
	int ret;

	*seq = 0;
	if (!jr.active)
		return 0;
	memset(&r, 0, sizeof(r));
	r.seq = jr.next_seq + 1;
	r.kind = kind;
	r.n_fields = sp_jkind_fields(kind);
	for (unsigned i = 0; i < r.n_fields && i < 3; i++) {
		if (!v[i] || strlen(v[i]) >= sizeof(r.f[i]))
			return -EINVAL;
		memcpy(r.f[i], v[i], strlen(v[i]) + 1);
	}
	ret = sp_journal_format_rec(&r, line, sizeof(line));
	if (ret < 0)
		return ret;
	ret = append(line);
	sp_debug("journal", "%s-> %d", line, ret);
	if (ret < 0)
		return ret;
	jr.next_seq = r.seq;
	if (kind != SP_J_PARTTABLE)
		jr.open_undos++;
	*seq = r.seq;
	return 0;
}

void sp_journal_undone(unsigned seq)
{
	char line[32];

	if (!seq || !jr.active)
		return;
	snprintf(line, sizeof(line), "undone %u\n", seq);
	if (append(line) < 0)
		sp_warn("cannot write to the journal '%s'",
			jr.path[0][0] ? jr.path[0] : jr.path[1]);
	if (jr.open_undos)
		jr.open_undos--;
}

int sp_journal_finish(void)
{
	int ret;

	if (!jr.active)
		return 0;
	if (jr.open_undos) {
		close_all();
		return -EBUSY;
	}
	ret = append("end\n");
	close_all();
	if (ret == 0 && jr.path[1][0]) {
		unlink(jr.path[1]);
		jr.path[1][0] = '\0';
	}
	return ret;
}

int sp_journal_keep(void)
{
	int ret;

	if (!jr.active)
		return 0;
	ret = append("kept\n");
	close_all();
	if (ret == 0 && jr.path[1][0]) {
		unlink(jr.path[1]);
		jr.path[1][0] = '\0';
	}
	return ret;
}

int sp_journal_mark_cleaned_fd(int fd)
{
	char tail[SP_JOURNAL_LINE_MAX];
	struct stat st;
	off_t keep;
	ssize_t n;
	int ret;

	/* a torn last line (the writer killed mid-append) is cut first, or "cleaned" would
	 * continue it into a line that does not parse */
	ret = fstat(fd, &st) < 0 ? -errno : 0;
	keep = st.st_size > (off_t)sizeof(tail) ? st.st_size - (off_t)sizeof(tail) : 0;
	n = ret ? -1 : pread(fd, tail, (size_t)(st.st_size - keep), keep);
	if (!ret && n != st.st_size - keep)
		ret = -EIO;
	if (!ret) {
		while (n > 0 && tail[n - 1] != '\n')
			n--;
		if (keep + n != st.st_size && ftruncate(fd, keep + n) < 0)
			ret = -errno;
	}
	if (!ret && lseek(fd, 0, SEEK_END) < 0)
		ret = -errno;
	if (!ret)
		ret = write_all(fd, "cleaned\n", 8);
	return ret;
}

int sp_journal_mark_cleaned(const char *path)
{
	struct sp_err e;
	int fd = sp_journal_open_trusted(path, O_RDWR, &e), ret;

	if (fd < 0)
		return fd;
	ret = sp_journal_mark_cleaned_fd(fd);
	close(fd);
	return ret;
}

/* Root's, and no one else may write it: the owner root, not group- or other-writable. */
static const char *untrusted(const struct stat *st)
{
	if (st->st_uid != 0)
		return "is not owned by root";
	if (st->st_mode & (S_IWGRP | S_IWOTH))
		return "is writable by its group or by others";
	return NULL;
}

int sp_journal_open_trusted(const char *path, int flags, struct sp_err *e)
{
	char dir[600];
	const char *base, *why;
	struct stat st;
	int dfd, fd, ret;

	sp_err_init(e);
	base = strrchr(path, '/');
	if (!base)
		snprintf(dir, sizeof(dir), ".");
	else if (base == path)
		snprintf(dir, sizeof(dir), "/");
	else if ((size_t)(base - path) < sizeof(dir))
		snprintf(dir, sizeof(dir), "%.*s", (int)(base - path), path);
	else
		return sp_err_set(e, -ENAMETOOLONG, "'%s' is too long", path);
	base = base ? base + 1 : path;
	if (!*base)
		return sp_err_set(e, -EINVAL, "'%s' names no file", path);
	/* the directory by descriptor, then the file in it: nothing can be swapped between the
	 * checks and the read */
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return sp_err_sys(e, -errno, "cannot open the directory of '%s'", path);
	if (fstat(dfd, &st) < 0) {
		ret = sp_err_sys(e, -errno, "cannot look at '%s'", dir);
		close(dfd);
		return ret;
	}
	why = untrusted(&st);
	if (why) {
		close(dfd);
		return sp_err_set(e, -EPERM, "its directory '%s' %s", dir, why);
	}
	fd =
	    openat(dfd, base, (flags & O_ACCMODE) | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	ret = fd < 0 ? -errno : 0;
	close(dfd);
	if (ret == -ELOOP)
		return sp_err_set(e, ret, "'%s' is a symbolic link", path);
	if (ret < 0)
		return sp_err_sys(e, ret, "cannot open '%s'", path);
	if (fstat(fd, &st) < 0) {
		ret = sp_err_sys(e, -errno, "cannot look at '%s'", path);
		close(fd);
		return ret;
	}
	why = !S_ISREG(st.st_mode) ? "is not a regular file" : untrusted(&st);
	if (why) {
		close(fd);
		return sp_err_set(e, -EPERM, "'%s' %s", path, why);
	}
	return fd;
}

int sp_journal_read_trusted(const char *path, int flags, char **text, struct sp_err *e)
{
	size_t len = 0, cap = 0;
	char *buf = NULL;
	int fd = sp_journal_open_trusted(path, flags, e);

	*text = NULL;
	if (fd < 0)
		return fd;
	for (;;) {
		ssize_t n;

		if (cap - len < 4097) {
			char *nb;

			if (cap >= (64u << 20)) {
				free(buf);
				close(fd);
				return sp_err_set(e, -EFBIG, "'%s' is too big for a journal", path);
			}
			cap = cap ? cap * 2 : 16384;
			nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				close(fd);
				return sp_err_set(e, -ENOMEM, NULL);
			}
			buf = nb;
		}
		n = pread(fd, buf + len, cap - len - 1, (off_t)len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int ret = sp_err_sys(e, -errno, "cannot read '%s'", path);

			free(buf);
			close(fd);
			return ret;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	buf[len] = '\0';
	*text = buf;
	return fd;
}

const char *sp_journal_path(void)
{
	return jr.path[0][0] ? jr.path[0] : jr.path[1];
}

int sp_journal_find_unfinished(char *path, size_t len)
{
	struct dirent **names = NULL;
	int n = sp_list_dir(NULL, sp_run_dir(), &names), found = 0;

	if (n == -ENOENT)
		return 0;
	if (n < 0)
		return n;
	for (int i = 0; i < n && !found; i++) {
		struct sp_journal j;
		struct sp_err e;
		char p[600], *text = NULL;
		int fd;

		if (strncmp(names[i]->d_name, "journal-", 8))
			continue;
		snprintf(p, sizeof(p), "%s/%s", sp_run_dir(), names[i]->d_name);
		fd = sp_journal_read_trusted(p, O_RDONLY, &text, &e);
		if (fd < 0) {
			found = fd != -ENOENT; /* not one to trust: cleanup says why */
		} else if (sp_journal_parse(text, strlen(text), &j, NULL) < 0) {
			found = 1;
		} else {
			/* another boot's: the kernel state went with the restart */
			found = !sp_journal_finished(&j) && sp_journal_same_boot(&j.head) &&
				j.head.pid != (int)getpid();
			sp_journal_release(&j);
		}
		if (fd >= 0)
			close(fd);
		free(text);
		if (found)
			snprintf(path, len, "%s", p);
	}
	sp_free_list(names, n);
	return found;
}
