/*
 * t-undo-sleep-resumes-after-signal - sp_sleep_ms(), the one sleep of the act/ modules: a
 * signal that interrupts it (SIGALRM every 10 ms, no SA_RESTART) does not cut it short, it
 * returns 0 while no terminating signal came, and -EINTR once one has (sp_interrupted()), after
 * sleeping its time all the same (undo entries that sleep must finish). disk.c's old copy
 * returned at the first signal.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "act/undo.h"
#include "check.h"

static volatile sig_atomic_t alarms;

static void on_alarm(int sig)
{
	(void)sig;
	alarms++;
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(void)
{
	struct itimerval it = {{0, 10000}, {0, 10000}}, off = {{0, 0}, {0, 0}};
	struct sigaction sa;
	double t0, ms;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm; /* no SA_RESTART: nanosleep returns EINTR */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	t0 = now_ms();
	CHECK(sp_sleep_ms(120) == 0);
	ms = now_ms() - t0;
	setitimer(ITIMER_REAL, &off, NULL);
	CHECK(alarms >= 3); /* the sleep really was interrupted, more than once */
	CHECK(ms >= 119.0);
	CHECK(!sp_interrupted());

	/* a terminating signal: the flag is set, the sleep still lasts, and says -EINTR */
	sp_undo_install();
	raise(SIGTERM);
	CHECK(sp_interrupted());
	t0 = now_ms();
	CHECK(sp_sleep_ms(30) == -EINTR);
	CHECK(now_ms() - t0 >= 29.0);
	return CHECK_DONE();
}
