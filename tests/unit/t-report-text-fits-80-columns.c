/*
 * t-report-text-fits-80-columns - every line of report.txt is at most 80 bytes and free of
 * control characters, for the realistic run and for a hostile one: maximal strings without
 * spaces, control bytes in machine strings, 64 extents, counts near UINT64_MAX, 32 results.
 * Also checks the verdict sentences that only some runs produce (CI overlap, corruption).
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "core/doc/reportdoc.h"
#include "core/findings/analysis.h"
#include "core/model/report.h"
#include "report-dump.h"
#include "t-report-synthetic.h"

static struct sp_report r;

static char *render(size_t *len)
{
	char *buf = NULL;
	FILE *m = open_memstream(&buf, len);

	CHECK(sp_report_text_write(m, &r, NULL) == 0);
	fclose(m);
	return buf;
}

static void check_lines(const char *what)
{
	size_t len, col = 0, lines = 0;
	char *t = render(&len);

	CHECK(len > 0 && t[len - 1] == '\n');
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)t[i];

		if (c == '\n') {
			lines++;
			col = 0;
			continue;
		}
		if (c < 0x20 || c == 0x7f) {
			fprintf(stderr, "%s: control byte 0x%02x on line %zu\n", what, c,
				lines + 1);
			check_failures++;
		}
		if (++col == 81) {
			fprintf(stderr, "%s: line %zu is longer than 80 columns\n", what,
				lines + 1);
			check_failures++;
		}
	}
	CHECK(lines > 20);
	free(t);
}

static void fill(char *s, size_t size, char c)
{
	memset(s, c, size - 1);
	s[size - 1] = '\0';
}

static int contains(const char *needle)
{
	size_t len;
	char *t = render(&len);
	int found = text_has(t, needle);

	if (!found)
		fprintf(stderr, "report lacks '%s'\n", needle);
	free(t);
	return found;
}

static int contains_quiet(const char *needle)
{
	size_t len;
	char *t = render(&len);
	int found = text_has(t, needle);

	free(t);
	return found;
}

int main(void)
{
	syn_build(&r);
	check_lines("synthetic");
	/* without probe blocks (older reports) no swap-in comparison is claimed */
	CHECK(contains("swap partition at the start vs at the end: median 98.4 vs 187.3 us, not "
		       "resolved: one block each, no claim"));
	syn_blocks(&r);
	check_lines("synthetic with blocks");
	CHECK(contains("swap partition at the start: 1.9x faster swap-in than at the end"));
	CHECK(
	    contains("the swap file lies in 3 extents mid-disk (44-58 % into the disk) and costs"));
	CHECK(contains("+12 % swap-in time over the start partition"));
	CHECK(contains("zram-zstd (invalid): 1000 samples but 612 real swap-ins"));
	CHECK(contains("zram-842 (skipped): the kernel does not offer 842"));
	CHECK(contains("OOM-KILLED"));

	/* overlapping CIs: "no measurable difference", never a ratio */
	r.results[1].fault_probe.lat.p50_us = 101.0;
	r.results[1].fault_probe.lat.p50_ci_lo_us = 98.0;
	r.results[1].fault_probe.lat.p50_ci_hi_us = 104.0;
	memcpy(r.results[1].fault_probe.block_p50_us, r.results[0].fault_probe.block_p50_us,
	       sizeof(r.results[0].fault_probe.block_p50_us));
	CHECK(contains("not resolved: differences under 5 % could not be seen"));
	CHECK(!contains_quiet("no measurable difference"));
	CHECK(!contains_quiet("x faster swap-in than at the end"));

	/* a corrupted page is the first verdict line */
	syn_build(&r);
	r.results[1].integrity.mismatches = 3;
	CHECK(contains("Verdict\n=======\n\n- SERIOUS: 3 of 393216 pages checked came back"));
	CHECK(contains("3 mismatches  <-- SERIOUS"));
	check_lines("mismatch");

	/* hostile: every string at its maximum, no spaces to wrap at, control bytes */
	syn_build(&r);
	fill(r.machine.cpu, sizeof(r.machine.cpu), 'C');
	r.machine.cpu[10] = '\n';
	r.machine.cpu[11] = '\r';
	fill(r.machine.kernel, sizeof(r.machine.kernel), 'K');
	fill(r.machine.dmi_vendor, sizeof(r.machine.dmi_vendor), 'V');
	fill(r.machine.dmi_model, sizeof(r.machine.dmi_model), 'M');
	fill(r.tool_version, sizeof(r.tool_version), 'T');
	fill(r.target, sizeof(r.target), 'X');
	r.seed = UINT64_MAX;
	r.budget_bytes = UINT64_MAX;
	r.duration_s = 1e300;
	while (r.n_results < SP_MAX_RESULTS) {
		struct sp_result *res =
		    sp_report_add_result(&r, "x", sp_placement_id_of(SP_PL_EXISTING, -1));

		fill(res->placement, sizeof(res->placement), 'P');
		res->placement[(r.n_results * 7) % 40] = '\t';
		res->status = (enum sp_status)(r.n_results % 4);
		fill(res->reason, sizeof(res->reason), 'R');
		fill(res->device, sizeof(res->device), 'D');
		res->size_bytes = UINT64_MAX;
		res->elapsed_s = 123456789.5;
		res->n_extents = SP_MAX_EXTENTS;
		for (size_t i = 0; i < SP_MAX_EXTENTS; i++) {
			res->extents[i].start_sector = UINT64_MAX - i;
			res->extents[i].sectors = UINT64_MAX / 3;
		}
		syn_device(res, 1e9);
		res->device_probe.deep_qd = UINT32_MAX;
		res->device_probe.deep_iops = 1e18;
		res->device_probe.seq_mib_s = 1e15;
		syn_fault(res, UINT64_MAX / 2, 9e8 + (double)r.n_results, 8e8, 1e9);
		res->fault_probe.threads = UINT32_MAX;
		res->fault_probe.rounds = UINT32_MAX;
		res->fault_probe.touches = UINT64_MAX;
		res->fault_probe.ci_achieved_pct = 1e6;
		syn_uring(res, 1e-3);
		res->fault_probe.n_uring = SP_MAX_URING;
		res->fault_probe.uring[7].qd = UINT32_MAX;
		res->fault_probe.uring[7].samples = UINT64_MAX;
		syn_pressure(res, 1e15, 1);
		res->pressure_probe.major_faults = UINT64_MAX;
		res->integrity.pages_checked = UINT64_MAX;
		res->integrity.mismatches = UINT64_MAX / 7;
		syn_zram(res, 1e9);
		res->compression.same_pages = UINT64_MAX;
	}
	check_lines("hostile");
	return CHECK_DONE();
}
