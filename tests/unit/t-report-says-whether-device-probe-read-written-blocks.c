/*
 * t-report-says-whether-device-probe-read-written-blocks - where run wrote a swap partition of
 * an SSD before its device probe (device_probe.range_written), the method says the probe read
 * after writing its range and the appendix says so for that placement; where a device probe ran
 * on a non-rotational device without that (`swapplace probe`), both say the floor may be
 * optimistic for blocks never written; a spinning disk not written, and a report that does not
 * say (older ones, measure), keep the old sentence ("it never writes.") and no appendix line.
 */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "core/doc/reportdoc.h"
#include "core/findings/analysis.h"
#include "core/model/report.h"
#include "report-dump.h"
#include "t-report-synthetic.h"

static struct sp_report r;
static struct sp_findings f;

static char *render(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	CHECK(m && sp_report_text_write(m, &r, NULL) == 0);
	if (m)
		fclose(m);
	return buf;
}

static void set(struct sp_device_probe *d, int rot, int written)
{
	d->has_rotational = 1;
	d->rotational = rot;
	d->has_range_written = 1;
	d->range_written = written;
}

#define WRITTEN "read after writing its range"
#define OPTIMISTIC "the floor may be optimistic for blocks never written"

int main(void)
{
	char *t;

	/* nothing said: the sentence as before, no line in the appendix */
	syn_build(&r);
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.dev_range[0] == SP_DEV_RANGE_UNKNOWN && !f.n_dev_written);
	t = render();
	CHECK(t && text_has(t, "then in order for the sequential rate; it never writes. "));
	CHECK(t && !strstr(t, WRITTEN) && !strstr(t, OPTIMISTIC));
	free(t);

	/* an SSD's partitions written first, its swap file written with data, zram unknown */
	syn_build(&r);
	set(&r.results[0].device_probe, 0, 1);
	set(&r.results[1].device_probe, 0, 1);
	set(&r.results[2].device_probe, 0, 1);
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.dev_range[0] == SP_DEV_RANGE_WRITTEN && f.dev_range[2] == SP_DEV_RANGE_WRITTEN);
	CHECK_EQ_U64(f.n_dev_written, 3);
	CHECK_EQ_U64(f.n_dev_unwritten_ssd, 0);
	CHECK(f.dev_range[3] == SP_DEV_RANGE_UNKNOWN); /* zram-lz4: not said */
	t = render();
	CHECK(t && text_has(t, "it never writes itself, but on a non-rotational disk the run "
			       "first wrote each swap partition whole, once, with pseudo-random "
			       "data (O_DIRECT, 1 MiB writes), so there it read after writing its "
			       "range."));
	CHECK(t && text_has(t, "sequential 1843.8 MiB/s over 256 MiB " WRITTEN));
	CHECK(t && !strstr(t, OPTIMISTIC));
	free(t);

	/* a spinning disk is not written: nothing to say beyond the old sentence */
	syn_build(&r);
	set(&r.results[0].device_probe, 1, 0);
	set(&r.results[1].device_probe, 1, 0);
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.dev_range[0] == SP_DEV_RANGE_SPINNING && !f.n_dev_unwritten_ssd);
	t = render();
	CHECK(t && text_has(t, "it never writes. "));
	CHECK(t && !strstr(t, WRITTEN) && !strstr(t, OPTIMISTIC));
	free(t);

	/* an SSD read without writing (swapplace probe): the method names it, the appendix too */
	syn_build(&r);
	set(&r.results[1].device_probe, 0, 0);
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.dev_range[1] == SP_DEV_RANGE_UNWRITTEN_SSD && f.n_dev_unwritten_ssd == 1);
	t = render();
	CHECK(t && text_has(t, "it never writes. On end the device is not rotational and its "
			       "range was not written first: a trimmed SSD answers a read of a "
			       "block it never mapped from its table, so " OPTIMISTIC "."));
	CHECK(t && text_has(t, "not rotational, its range not written first: " OPTIMISTIC));
	CHECK(t && !strstr(t, WRITTEN));
	free(t);
	return CHECK_DONE();
}
