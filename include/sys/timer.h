/*
 * timer.h - monotonic time as an opaque struct, so timestamps can only be subtracted.
 */
#ifndef SP_TIMER_H
#define SP_TIMER_H

#include <stdint.h>
#include <time.h>

struct sp_time {
	uint64_t ns;
};

static inline struct sp_time sp_now(void)
{
	struct timespec ts;
	struct sp_time t;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	t.ns = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	return t;
}

static inline uint64_t sp_elapsed_ns(struct sp_time from, struct sp_time to)
{
	return to.ns > from.ns ? to.ns - from.ns : 0;
}

static inline double sp_elapsed_s(struct sp_time from, struct sp_time to)
{
	return (double)sp_elapsed_ns(from, to) / 1e9;
}

/* The median cost of one sp_now() call, measured now (a few milliseconds). */
double sp_timer_cost_ns(void);

#endif
