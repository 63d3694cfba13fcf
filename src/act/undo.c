/*
 * undo.c - the process-wide undo list (see undo.h for why it is global).
 */
#include "act/undo.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "act/journal.h"
#include "sys/log.h"

#define UNDO_MAX 128
#define UNDO_ARG_MAX 512

struct undo_entry {
	const char *what;
	sp_undo_fn fn;
	unsigned jseq; /* its journal record (act/journal.h), 0 for none */
	_Alignas(max_align_t) unsigned char arg[UNDO_ARG_MAX];
};

static struct undo_entry entries[UNDO_MAX];
static size_t depth;
static volatile sig_atomic_t interrupted;

int sp_undo_push(const char *what, sp_undo_fn fn, const void *arg, size_t arg_size)
{
	return sp_undo_push_journaled(0, what, fn, arg, arg_size);
}

int sp_undo_push_journaled(unsigned jseq, const char *what, sp_undo_fn fn, const void *arg,
			   size_t arg_size)
{
	struct undo_entry *e;

	if (depth >= UNDO_MAX || arg_size > UNDO_ARG_MAX)
		return -ENOMEM;
	e = &entries[depth];
	e->what = what;
	e->fn = fn;
	e->jseq = jseq;
	memset(e->arg, 0, sizeof(e->arg));
	if (arg_size)
		memcpy(e->arg, arg, arg_size);
	depth++;
	sp_debug("undo", "push %zu: %s", depth, what);
	return 0;
}

size_t sp_undo_depth(void)
{
	return depth;
}

int sp_undo_run_to(size_t mark)
{
	int first_err = 0;

	while (depth > mark) {
		struct undo_entry *e = &entries[--depth];
		int ret = e->fn(e->arg);

		sp_debug("undo", "run %zu: %s -> %d", depth + 1, e->what, ret);
		/* a failed inverse stays pending in the journal: cleanup tries it again */
		if (ret >= 0)
			sp_journal_undone(e->jseq);
		if (ret < 0 && !first_err)
			first_err = ret;
	}
	return first_err;
}

void sp_undo_keep_to(size_t mark)
{
	while (depth > mark) {
		depth--;
		sp_debug("undo", "keep %zu: %s", depth + 1, entries[depth].what);
	}
}

void sp_undo_all(void)
{
	sp_undo_run_to(0);
}

static void on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

void sp_undo_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* no SA_RESTART: a blocking read or wait must return EINTR so the loop sees the flag */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	/*
	 * A reader that went away (`| head -1`, a pager quit early, `| tee log` killed by the
	 * same Ctrl-C) must not kill the run before its undo: writes to it fail with EPIPE
	 * instead, which nothing treats as fatal. Children put SIGPIPE back (act/worker.c).
	 */
	signal(SIGPIPE, SIG_IGN);
	atexit(sp_undo_all);
}

int sp_interrupted(void)
{
	return interrupted;
}

int sp_sleep_ms(unsigned int ms)
{
	struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};

	/* a signal cuts nanosleep short: sleep the rest, the caller asked for the whole time */
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
	return interrupted ? -EINTR : 0;
}
