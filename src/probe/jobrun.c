/*
 * jobrun.c - one job worker, run and measured (see jobrun.h): the watch around it and the
 * cgroup, release, wait, timeout, reap and OOM-kill detection both jobs share.
 */
#include "probe/jobrun.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "act/memcg.h"
#include "act/sysctl.h"
#include "act/undo.h"
#include "act/worker.h"
#include "core/measure/procparse.h"
#include "core/scenario/scenario.h"
#include "sys/log.h"
#include "sys/sysfs.h"
#include "sys/vmstat.h"

#define POLL_MS 10
#define KILL_WAIT_S 15.0 /* after a timeout's SIGKILL, before giving up on the worker */
#define FIRST_SAMPLE_EVERY_S 0.25

/* ---- the watch ---- */

int sp_jobrun_read_vm(uint64_t *in, uint64_t *out, uint64_t *ra, uint64_t *ra_hit, int *has_ra)
{
	char text[SP_VMSTAT_BUF];
	ssize_t n = sp_vmstat_read(text, sizeof(text));
	int ret;

	if (n < 0)
		return (int)n;
	ret = sp_parse_vmstat(text, "pswpin", in);
	if (!ret)
		ret = sp_parse_vmstat(text, "pswpout", out);
	/* swap_ra appeared with VMA-based swap readahead (4.14); absent is not zero */
	if (has_ra)
		*has_ra = !ret && sp_parse_vmstat(text, "swap_ra", ra) == 0 &&
			  sp_parse_vmstat(text, "swap_ra_hit", ra_hit) == 0;
	return ret;
}

static void add_sample(struct sp_job_watch *jw, double t_s, uint64_t pswpout)
{
	if (jw->n_samples == SP_JOB_MAX_SAMPLES) {
		/* full: keep every other sample and sample half as often from now on */
		for (size_t i = 0; i < SP_JOB_MAX_SAMPLES / 2; i++)
			jw->samples[i] = jw->samples[2 * i];
		jw->n_samples = SP_JOB_MAX_SAMPLES / 2;
		jw->sample_every_s *= 2;
	}
	jw->samples[jw->n_samples].t_s = t_s;
	jw->samples[jw->n_samples].pswpout = pswpout;
	jw->n_samples++;
}

int sp_job_watch_start(struct sp_job_watch *jw)
{
	int ret;

	memset(jw, 0, sizeof(*jw));
	ret = sp_jobrun_read_vm(&jw->pswpin0, &jw->pswpout0, &jw->swap_ra0, &jw->swap_ra_hit0,
				&jw->has_ra);
	if (ret)
		return ret;
	getrusage(RUSAGE_CHILDREN, &jw->ru0);
	jw->sample_every_s = FIRST_SAMPLE_EVERY_S;
	jw->next_sample_s = FIRST_SAMPLE_EVERY_S;
	jw->t0 = sp_now();
	add_sample(jw, 0, jw->pswpout0);
	return 0;
}

static void sample_now(struct sp_job_watch *jw, double t_s)
{
	uint64_t in, out, ra, hit;
	int has_ra;

	if (sp_jobrun_read_vm(&in, &out, &ra, &hit, &has_ra) == 0)
		add_sample(jw, t_s, out);
}

void sp_job_watch_tick(struct sp_job_watch *jw)
{
	double t = sp_elapsed_s(jw->t0, sp_now());

	if (t < jw->next_sample_s)
		return;
	sample_now(jw, t);
	jw->next_sample_s = t + jw->sample_every_s;
}

int sp_job_exited(pid_t pid)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) < 0)
		return errno == ECHILD; /* not ours any more: treat as gone */
	return si.si_pid == pid;
}

void sp_job_watch_end(struct sp_job_watch *jw)
{
	jw->t_end = sp_now();
	sample_now(jw, sp_elapsed_s(jw->t0, jw->t_end));
}

int sp_job_read_io(pid_t pid, uint64_t *read_bytes, uint64_t *write_bytes)
{
	char path[64], buf[1024], *p;
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/%d/io", (int)pid);
	n = sp_read_text(NULL, path, buf, sizeof(buf));
	if (n < 0)
		return (int)n;
	/* "read_bytes: N" lines; the keyed parser wants "key N", so drop the colons */
	for (p = buf; *p; p++)
		if (*p == ':')
			*p = ' ';
	if (sp_parse_vmstat(buf, "read_bytes", read_bytes) ||
	    sp_parse_vmstat(buf, "write_bytes", write_bytes))
		return -EINVAL;
	return 0;
}

static double tv_s(struct timeval tv)
{
	return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

void sp_job_watch_finish(struct sp_job_watch *jw, struct sp_scenario_build *out)
{
	struct rusage ru;
	uint64_t in, o, ra, hit, pc;
	int has_ra;

	getrusage(RUSAGE_CHILDREN, &ru);
	out->wall_s = sp_elapsed_s(jw->t0, jw->t_end);
	out->cpu_s =
	    tv_s(ru.ru_utime) - tv_s(jw->ru0.ru_utime) + tv_s(ru.ru_stime) - tv_s(jw->ru0.ru_stime);
	out->major_faults = (uint64_t)(ru.ru_majflt - jw->ru0.ru_majflt);
	if (sp_jobrun_read_vm(&in, &o, &ra, &hit, &has_ra) == 0) {
		out->pswpin = in - jw->pswpin0;
		out->pswpout = o - jw->pswpout0;
		out->has_swap_ra = has_ra && jw->has_ra;
		if (out->has_swap_ra) {
			out->swap_ra = ra - jw->swap_ra0;
			out->swap_ra_hit = hit - jw->swap_ra_hit0;
		}
	}
	if (out->has_file_io) {
		/* swap-in bios count as the task's reads (submit_bio): take the job's out */
		uint64_t swap_bytes = out->pswpin * (uint64_t)sysconf(_SC_PAGESIZE);

		out->io_read_bytes = out->file_read_bytes;
		out->file_read_bytes =
		    out->io_read_bytes > swap_bytes ? out->io_read_bytes - swap_bytes : 0;
	}
	out->page_cluster = sp_sysctl_get_u64("vm.page-cluster", &pc) == 0 ? (int)pc : -1;
	if (sp_swapout_from_samples(jw->samples, jw->n_samples, &out->swapout))
		memset(&out->swapout, 0, sizeof(out->swapout));
}

/* ---- one run ---- */

static void kill_worker(const struct sp_jobrun *j, struct sp_worker *w)
{
	if (j->kill_group)
		kill(-w->pid, SIGKILL);
	kill(w->pid, SIGKILL);
	w->killed = 1;
}

static void wait_a_tick(const struct sp_jobrun *j)
{
	struct timespec tick = {0, POLL_MS * 1000000L};

	if (j->wait)
		j->wait(j->ctx, POLL_MS);
	else
		nanosleep(&tick, NULL);
}

/* The cgroup, limited and with swap allowed or not. Returns: 0, or -errno. */
static int make_cgroup(const struct sp_jobrun *j, struct sp_memcg *cg)
{
	int ret = sp_memcg_create(j->cg_name, cg), r;

	if (!ret && j->limit_bytes)
		ret = sp_memcg_set_limit(cg, j->limit_bytes);
	if (!ret) {
		r = sp_memcg_set_swap(cg, j->allow_swap);
		ret = r == -EOPNOTSUPP ? 0 : r; /* v1 without swap accounting: swappiness only */
	}
	return ret;
}

int sp_jobrun_once(const struct sp_jobrun *j, sp_worker_fn child, void *arg,
		   struct sp_scenario_build *out, int *wstatus)
{
	size_t mark = sp_undo_depth();
	struct sp_worker w = SP_WORKER_INIT;
	struct sp_job_watch *jw = malloc(sizeof(*jw));
	struct sp_memcg cg;
	uint64_t oom0 = 0, oom1 = 0;
	int have_oom, ret, r, status = 0;

	*wstatus = 0;
	out->exit_code = -1;
	out->limit_bytes = j->limit_bytes;
	if (!jw) {
		snprintf(out->reason, sizeof(out->reason), "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	ret = make_cgroup(j, &cg);
	if (ret) {
		snprintf(out->reason, sizeof(out->reason), "memory cgroup: %s", strerror(-ret));
		goto out;
	}
	have_oom = sp_memcg_oom_kills(&cg, &oom0) == 0;
	ret = sp_job_watch_start(jw);
	if (!ret)
		ret = sp_worker_start(&w, &cg, child, arg);
	if (ret) {
		snprintf(out->reason, sizeof(out->reason), "cannot start the job: %s",
			 strerror(-ret));
		goto out;
	}
	jw->t0 = sp_now(); /* from the release: the fork and the cgroup move are not the job */
	for (;;) {
		double t;

		if (sp_job_exited(w.pid))
			break;
		if (sp_interrupted()) {
			ret = -EINTR;
			break;
		}
		t = sp_elapsed_s(jw->t0, sp_now());
		if (out->timed_out && t > j->timeout_s + KILL_WAIT_S) {
			ret =
			    -ETIMEDOUT; /* stuck in the kernel: the cgroup's removal tries again */
			break;
		}
		if (!out->timed_out && t > j->timeout_s) {
			out->timed_out = 1;
			kill_worker(j, &w);
		}
		sp_job_watch_tick(jw);
		wait_a_tick(j);
	}
	sp_job_watch_end(jw);
	out->has_file_io =
	    sp_job_read_io(w.pid, &out->file_read_bytes, &out->file_written_bytes) == 0;
	/* the worker is gone; what it left running in its group goes with it (the cgroup's
	 * removal catches whatever left the group) */
	if (j->kill_group)
		kill(-w.pid, SIGKILL);
	r = sp_worker_reap(&w, ret != 0, 0, &status);
	if (ret || r) {
		ret = ret ? ret : r;
		snprintf(out->reason, sizeof(out->reason), "job: %s", strerror(-ret));
		goto out;
	}
	sp_job_watch_finish(jw, out);
	if (have_oom && sp_memcg_oom_kills(&cg, &oom1) == 0 && oom1 > oom0)
		out->oom_killed = 1;
	if (!w.killed && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
		out->oom_killed = 1;
	if (WIFEXITED(status))
		out->exit_code = WEXITSTATUS(status);
	*wstatus = status;
out:
	r = sp_undo_run_to(mark);
	if (!ret && r)
		sp_debug("jobrun", "undo: %d", r);
	free(jw);
	return ret;
}

void *sp_job_map_anon(uint64_t bytes)
{
	void *p;

	if (!bytes)
		return NULL;
	p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
		 -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	/* a huge page would be swapped, and faulted back, as one 2 MiB unit: a real program's
	 * heap goes out 4 KiB at a time */
	madvise(p, bytes, MADV_NOHUGEPAGE);
	return p;
}
