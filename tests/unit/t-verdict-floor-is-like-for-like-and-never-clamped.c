/*
 * t-verdict-floor-is-like-for-like-and-never-clamped - "the kernel's swap path adds X per page"
 * comes from the fault probe's own floor (direct reads of the very swap slots, in the same
 * blocks), with the interval of the paired block differences; a floor slower than the swap-ins
 * prints its negative difference, never "0.0"; without that floor (an older report, zswap, no
 * pagemap) or with fewer than two paired blocks nothing is said, whatever the device probe read;
 * zram gets no "x device"; the ranking table's note no longer calls the device probe's reads "the
 * same sectors".
 */
#include <stdlib.h>

#include "check.h"
#include "core/doc/reportdoc.h"
#include "core/findings/analysis.h"
#include "core/findings/verdict.h"
#include "t-report-synthetic.h"

static struct sp_report r;
static struct sp_findings f;

static int has_floor(void)
{
	CHECK(sp_analyse(&r, &f) == 0);
	for (size_t i = 0; i < f.n_verdict; i++)
		if (f.verdict[i] == SP_VERDICT_FLOOR)
			return 1;
	return 0;
}

int main(void)
{
	char s[512], *text = NULL, *flat;
	size_t len = 0, n = 0;
	FILE *m;
	int st;

	syn_build(&r);
	st = syn_index(&r, "start");
	CHECK(has_floor());
	CHECK(f.slot_floor_have[st]);
	CHECK_NEAR(f.slot_floor_add_us[st], 98.4 - 76.0, 1e-9);
	CHECK(f.slot_floor_lo_us[st] < 22.4 && f.slot_floor_hi_us[st] > 22.4);
	CHECK(sp_verdict_sentence(&r, &f, SP_VERDICT_FLOOR, s, sizeof(s)) == 0);
	CHECK(strstr(s, "start: a swap-in alone takes 1.29x a direct 4 KiB read of the same swap "
			"slots (median 98.4 vs 76.0 us); the kernel's swap path adds +22.4 us per "
			"page (95 % CI +21.5 to +23.3 us)") != NULL);

	/* a floor slower than the swap-ins: said as measured, with its sign */
	r.results[st].fault_probe.floor.lat.p50_us = 101.0;
	for (int i = 0; i < 12; i++)
		r.results[st].fault_probe.floor.block_p50_us[i] += 25.0;
	CHECK(has_floor());
	CHECK(sp_verdict_sentence(&r, &f, SP_VERDICT_FLOOR, s, sizeof(s)) == 0);
	CHECK(strstr(s, "adds -2.6 us per page (95 % CI -3.5 to -1.7 us)") != NULL);
	CHECK(strstr(s, "adds 0.0") == NULL);

	/* one paired block: no interval, so nothing is said */
	r.results[st].fault_probe.floor.n_blocks = 1;
	CHECK(!has_floor() && !f.slot_floor_have[st]);

	/* no floor: the device probe's read of the whole partition is no floor to print */
	syn_build(&r);
	r.results[st].fault_probe.floor.done = 0;
	CHECK(r.results[st].device_probe.done);
	CHECK(!has_floor());
	CHECK(f.floor_ratio[st] > 0); /* the table's "x device" column still has its figure */
	/* zram: its device probe is no floor for a swap-in, so no "x device" */
	{
		int z = syn_index(&r, "zram-lz4");

		r.results[z].device_probe = r.results[st].device_probe;
		r.results[z].device_probe.qd1.p50_us = 5.4;
		CHECK(sp_analyse(&r, &f) == 0);
		CHECK(f.floor_ratio[z] == 0 && f.floor_overhead_us[z] == 0);
	}

	/* the table's note, as rendered (lines joined: the text wraps at 80 columns) */
	syn_build(&r);
	CHECK(sp_analyse(&r, &f) == 0);
	m = open_memstream(&text, &len);
	CHECK(sp_report_text_write(m, &r, &f) == 0);
	fclose(m);
	flat = calloc(len + 1, 1);
	for (size_t i = 0; i < len; i++)
		if (text[i] != '\n' || (n && flat[n - 1] != ' '))
			flat[n++] = text[i] == '\n' ? ' ' : text[i];
	for (char *p = flat; (p = strstr(p, "  ")); memmove(p, p + 1, strlen(p)))
		;
	CHECK(strstr(flat, "device QD1: the device probe's 4 KiB read median over the whole area "
			   "(not the like-for-like floor)") != NULL);
	CHECK(strstr(flat, "on the same sectors") == NULL);
	free(flat);
	free(text);
	return CHECK_DONE();
}
