/*
 * t-timer-cost-is-plausible - the measured cost of one clock read is positive and below 10 us
 * (a vDSO clock_gettime costs tens of nanoseconds; a syscall fallback a few hundred), and the
 * clock runs forward.
 */
#include "check.h"
#include "sys/timer.h"

int main(void)
{
	double c = sp_timer_cost_ns();
	struct sp_time a = sp_now(), b;
	volatile unsigned long spin = 0;

	fprintf(stderr, "timer cost %.1f ns\n", c);
	CHECK(c > 0);
	CHECK(c < 10000);
	for (int i = 0; i < 1000000; i++)
		spin += (unsigned long)i;
	b = sp_now();
	CHECK(sp_elapsed_ns(a, b) > 0);
	CHECK(sp_elapsed_ns(b, a) == 0);
	CHECK(sp_elapsed_s(a, b) < 10);
	return CHECK_DONE();
}
