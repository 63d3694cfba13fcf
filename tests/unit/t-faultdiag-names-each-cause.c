/*
 * t-faultdiag-names-each-cause - sp_fault_diagnose, fed synthetic counters, picks the cause a
 * reader must be told and says it with the numbers behind it: nothing evicted (empty swap
 * area), no touches, the swap cache answering (minor faults, no swap-in), other memory
 * faulting, zswap answering (with and without its zswpin counter), swap-ins that read no
 * device with zswap off; and calls valid counters valid with an empty reason. Boundaries:
 * exactly at the 5 % tolerance is still valid.
 */
#include <string.h>

#include "check.h"
#include "core/measure/faultdiag.h"

#define MIB (1024ull * 1024)

/* 64 MiB evicted to swap, 16384 touches, all real swap-ins read from the device */
static struct sp_fault_counts good(void)
{
	struct sp_fault_counts c;

	memset(&c, 0, sizeof(c));
	c.buffer_bytes = 64 * MIB;
	c.vmswap_bytes = 64 * MIB;
	c.swapcached_bytes = 0;
	c.resident_pages = 3;
	c.touches = 16384;
	c.majflt = 16384;
	c.minor = 0;
	c.pswpin = 16500;
	c.zswap_enabled = 0;
	c.have_zswpin = 1;
	c.zswpin = 0;
	return c;
}

static void has(const char *reason, const char *word)
{
	if (!strstr(reason, word)) {
		fprintf(stderr, "reason \"%s\" lacks \"%s\"\n", reason, word);
		check_failures++;
	}
}

int main(void)
{
	struct sp_fault_counts c;
	char r[256];

	c = good();
	CHECK(sp_fault_diagnose(&c, 5.0, r, sizeof(r)) == SP_FAULT_VALID);
	CHECK_STR(r, "");

	/* at the tolerance: 5 % fewer major faults and device reads is still valid */
	c = good();
	c.majflt = 16384 - 819;
	c.minor = 819;
	c.pswpin = c.majflt * 95 / 100 + 1;
	CHECK(sp_fault_diagnose(&c, 5.0, r, sizeof(r)) == SP_FAULT_VALID);

	/* nothing evicted: the swap area stayed empty */
	c = good();
	c.vmswap_bytes = 1 * MIB;
	c.touches = 0;
	CHECK(sp_fault_diagnose(&c, 5.0, r, sizeof(r)) == SP_FAULT_NOT_EVICTED);
	has(r, "nothing was evicted");
	has(r, "1.0 of the 64.0 MiB");
	has(r, "no swap area is active or it is full");

	/* right after eviction, before any touch: evicted fine, nothing timed yet */
	c = good();
	c.touches = c.majflt = 0;
	CHECK(sp_fault_diagnose(&c, 5.0, r, sizeof(r)) == SP_FAULT_NO_TOUCHES);

	/* the swap cache answered: the trap of MADV_PAGEOUT without reclaim */
	c = good();
	c.touches = 32768;
	c.majflt = 16384;
	c.minor = 16384;
	c.minor_p50_us = 1.6;
	c.swapcached_bytes = 40 * MIB;
	c.resident_pages = 10240;
	CHECK(sp_fault_diagnose(&c, 5.0, r, sizeof(r)) == SP_FAULT_SWAP_CACHE);
	has(r, "the swap cache answered");
	has(r, "16384 of 32768 timed touches were minor faults");
	has(r, "median 1.6 us");
	has(r, "SwapCached 40.0 MiB");
	has(r, "10240 pages resident");

	/* more major faults than touches: something else was evicted too */
	c = good();
	c.majflt = 20000;
	c.pswpin = 20000;
	CHECK(sp_fault_diagnose(&c, 5.0, r, sizeof(r)) == SP_FAULT_OTHER_FAULTS);
	has(r, "20000 major faults over 16384 timed touches");

	/* zswap answered: major faults, no device reads, zswpin rose */
	c = good();
	c.pswpin = 10;
	c.zswap_enabled = 1;
	c.zswpin = 16384;
	CHECK(sp_fault_diagnose(&c, 5.0, r, sizeof(r)) == SP_FAULT_ZSWAP);
	has(r, "zswap answered");
	has(r, "16384 swap-ins but only 10 read the swap device");
	has(r, "zswpin rose by 16384");
	has(r, "zswap enabled");

	/* ... seen by its counter alone (the parameter unreadable) */
	c = good();
	c.pswpin = 0;
	c.zswap_enabled = -1;
	c.zswpin = 16000;
	CHECK(sp_fault_diagnose(&c, 5.0, r, sizeof(r)) == SP_FAULT_ZSWAP);
	has(r, "unknown state");

	/* ... on a kernel without zswpin, by the parameter */
	c = good();
	c.pswpin = 0;
	c.zswap_enabled = 1;
	c.have_zswpin = 0;
	CHECK(sp_fault_diagnose(&c, 5.0, r, sizeof(r)) == SP_FAULT_ZSWAP);
	CHECK(strstr(r, "zswpin") == NULL);

	/* no device read and zswap off: not blamed on zswap */
	c = good();
	c.pswpin = 100;
	CHECK(sp_fault_diagnose(&c, 5.0, r, sizeof(r)) == SP_FAULT_NO_DEVICE_READ);
	has(r, "no device read");
	has(r, "zswap disabled");
	CHECK(strstr(r, "zswap answered") == NULL);

	/* eviction is checked before everything else */
	c = good();
	c.vmswap_bytes = 0;
	c.pswpin = 0;
	c.zswap_enabled = 1;
	CHECK(sp_fault_diagnose(&c, 5.0, r, sizeof(r)) == SP_FAULT_NOT_EVICTED);

	/* a short buffer truncates, terminated */
	c = good();
	c.vmswap_bytes = 0;
	{
		char small[16];

		sp_fault_diagnose(&c, 5.0, small, sizeof(small));
		CHECK(strlen(small) == sizeof(small) - 1);
	}
	return CHECK_DONE();
}
