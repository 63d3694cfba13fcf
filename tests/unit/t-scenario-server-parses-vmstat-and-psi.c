/*
 * t-scenario-server-parses-vmstat-and-psi - the counters the cache and gc scenarios read:
 * pswpin/pswpout, pgscan_direct and allocstall as the sum of the per-zone allocstall_* lines
 * (one "allocstall" line on old kernels), absent ones flagged and never read as 0, on text
 * built here and on the captured live /proc/vmstat; PSI avg10 of some and full, a some-only
 * file (cpu pressure), and malformed text refused.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "core/scenario/serverjob.h"
#include "slurp.h"

#define FIXTURES "tests/fixtures"

int main(void)
{
	struct sp_server_vm v;
	double some, full;
	int has_full;
	char *live;

	CHECK(sp_server_vm_parse("pswpin 10\npswpout 20\nallocstall_dma32 3\n"
				 "allocstall_normal 4\nallocstall_movable 5\n"
				 "pgscan_direct_throttle 99\npgscan_direct 7\n",
				 &v) == 0);
	CHECK_EQ_U64(v.pswpin, 10);
	CHECK_EQ_U64(v.pswpout, 20);
	CHECK_EQ_U64(v.allocstall, 12);
	CHECK(v.has_allocstall);
	CHECK_EQ_U64(v.pgscan_direct, 7); /* not pgscan_direct_throttle */
	CHECK(v.has_pgscan_direct);

	/* an old kernel: one allocstall line; no pgscan_direct at all */
	CHECK(sp_server_vm_parse("pswpin 1\npswpout 2\nallocstall 42\n", &v) == 0);
	CHECK_EQ_U64(v.allocstall, 42);
	CHECK(v.has_allocstall);
	CHECK(!v.has_pgscan_direct);
	/* no allocstall either: flagged absent */
	CHECK(sp_server_vm_parse("pswpin 1\npswpout 2\n", &v) == 0);
	CHECK(!v.has_allocstall);
	/* "allocstalls" is another word */
	CHECK(sp_server_vm_parse("pswpin 1\npswpout 2\nallocstalls 5\n", &v) == 0);
	CHECK(!v.has_allocstall);
	/* without swap counters there is nothing to report */
	CHECK(sp_server_vm_parse("pgscan_direct 7\n", &v) == -ENOENT);
	CHECK(sp_server_vm_parse("pswpin 1\npswpout 2\nallocstall_normal x\n", &v) == -EINVAL);
	CHECK(sp_server_vm_parse(NULL, &v) == -EINVAL);

	live = slurp(FIXTURES "/live/proc-vmstat", NULL);
	CHECK(sp_server_vm_parse(live, &v) == 0);
	CHECK(v.has_allocstall && v.has_pgscan_direct);
	free(live);

	CHECK(sp_psi_parse("some avg10=0.65 avg60=5.59 avg300=4.87 total=94009368\n"
			   "full avg10=0.44 avg60=4.25 avg300=3.68 total=53976413\n",
			   &some, &full, &has_full) == 0);
	CHECK(fabs(some - 0.65) < 1e-9);
	CHECK(fabs(full - 0.44) < 1e-9);
	CHECK(has_full);
	CHECK(sp_psi_parse("some avg10=12.50 avg60=0.00 avg300=0.00 total=1\n", &some, &full,
			   &has_full) == 0);
	CHECK(fabs(some - 12.5) < 1e-9);
	CHECK(!has_full);
	CHECK(sp_psi_parse("full avg10=1.00 avg60=0 avg300=0 total=1\n", &some, &full, &has_full) ==
	      -ENOENT);
	CHECK(sp_psi_parse("some avg60=1.00\n", &some, &full, &has_full) == -EINVAL);
	CHECK(sp_psi_parse("some avg10=abc\n", &some, &full, &has_full) == -EINVAL);
	CHECK(sp_psi_parse("", &some, &full, &has_full) == -ENOENT);
	return CHECK_DONE();
}
