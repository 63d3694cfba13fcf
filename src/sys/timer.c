/*
 * timer.c - the cost of reading the clock, measured at start and reported, so a reader can
 * tell how much of a sub-microsecond latency is the clock itself.
 *
 * The median of back-to-back sp_now() pairs is robust to the odd interrupt or vCPU preemption
 * that a mean would absorb. Where the clock ticks more coarsely than a call costs, most pairs
 * read 0; then the mean over all calls is the only honest figure.
 */
#include "sys/timer.h"

#include "core/measure/hist.h"

#define TIMER_PAIRS 10000

double sp_timer_cost_ns(void)
{
	static struct sp_hist h; /* 35 KiB: kept off the stack */
	struct sp_time start, end, a, b;
	uint64_t med;

	sp_hist_init(&h);
	start = sp_now();
	for (int i = 0; i < TIMER_PAIRS; i++) {
		a = sp_now();
		b = sp_now();
		sp_hist_add(&h, sp_elapsed_ns(a, b));
	}
	end = sp_now();
	med = sp_hist_quantile(&h, 0.5);
	if (med > 0)
		return (double)med;
	return (double)sp_elapsed_ns(start, end) / (2.0 * TIMER_PAIRS + 1);
}
