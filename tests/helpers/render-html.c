/*
 * render-html - writes a document as HTML (core/doc/doc_html.h) for tests/render/html-*.sh, and a
 * manifest of what its charts must show, so the test can hold the HTML's SVG to the model:
 *   render-html REPORT.json OUT.html [MANIFEST]   the report's doc (sp_report_doc_build)
 *   render-html --demo-doc OUT.html [MANIFEST]    a doc with every block kind and a chart of
 *                                                 each kind (log bars, linear bars with a gap,
 *                                                 a CDF, a queue-depth curve, a profile)
 *   render-html --svg KIND OUT.svg                one demo chart alone (bars|lines|qd|profile)
 * The manifest has one line per chart, in document order:
 *   chart<TAB>drawn=0|1<TAB>bars=N<TAB>gaps=N<TAB>series=N<TAB>ranges=N<TAB>names=a|b|c
 * (drawn: the chart has something to draw, so the HTML holds an <svg> for it; names: the
 * measured bars, each of which must be one rect.bar). Exit 0, 1 on failure, 3 when the file
 * is not a report sp_report_json_read accepts.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/doc/doc.h"
#include "core/doc/doc_html.h"
#include "core/doc/reportdoc.h"
#include "core/model/report.h"
#include "out/report_io.h"

static struct sp_chart *demo_bars_log(void)
{
	static const struct {
		const char *name;
		enum sp_chart_group g;
		double v, lo, hi;
		const char *label;
	} b[] = {
	    {"start", SP_CHART_G_DISK, 5800, 5400, 6300, "5.8 ms"},
	    {"end", SP_CHART_G_DISK, 9400, 8800, 10100, "9.4 ms"},
	    {"file", SP_CHART_G_DISK, 7300, 6500, 8900, "7.3 ms"},
	    {"dev-nvme0n1", SP_CHART_G_FAST, 95, 90, 101, "95 us"},
	    {"zram-lz4", SP_CHART_G_ZRAM, 4.1, 3.9, 4.4, "4.1 us"},
	    {"zram-zstd", SP_CHART_G_ZRAM, 6.3, 6.0, 6.9, "6.3 us"},
	};
	struct sp_chart *c = sp_chart_new(SP_CHART_BARS,
					  "Swap-in latency, median per placement "
					  "(whiskers: 95 % confidence interval)",
					  "swap-in median (us)", "");

	if (!c)
		return NULL;
	c->horizontal = 1;
	for (size_t i = 0; i < sizeof(b) / sizeof(b[0]); i++)
		if (sp_chart_add_bar(c, b[i].name, b[i].g, b[i].v, b[i].label) ||
		    sp_chart_bar_range(c, b[i].lo, b[i].hi))
			goto fail;
	if (sp_chart_add_bar(c, "none", SP_CHART_G_NONE, NAN, NULL))
		goto fail;
	return c;
fail:
	sp_chart_free(c);
	return NULL;
}

static struct sp_chart *demo_bars_linear(void)
{
	struct sp_chart *c =
	    sp_chart_new(SP_CHART_BARS, "Build job: wall time per placement", "wall time (s)", "");

	if (!c)
		return NULL;
	c->horizontal = 1;
	if (sp_chart_add_bar(c, "ram", SP_CHART_G_NONE, 61.2, "61.2 s") ||
	    sp_chart_add_bar(c, "zram-lz4", SP_CHART_G_ZRAM, 66.9, "66.9 s") ||
	    sp_chart_add_bar(c, "start", SP_CHART_G_DISK, 88.4, "88.4 s") ||
	    sp_chart_bar_range(c, 84.0, 93.1) ||
	    sp_chart_add_bar(c, "end <&> \"quoted\" 'name'", SP_CHART_G_DISK, 97.5, "97.5 s") ||
	    sp_chart_add_bar(c, "file", SP_CHART_G_DISK, NAN, NULL) ||
	    sp_chart_add_bar(c, "other thing", SP_CHART_G_OTHER, 75, NULL)) {
		sp_chart_free(c);
		return NULL;
	}
	return c;
}

/* a log-normal-ish CDF per placement: fraction of swap-ins at or below x us */
static struct sp_chart *demo_cdf(void)
{
	static const struct {
		const char *name;
		enum sp_chart_group g;
		double median, spread;
	} p[] = {
	    {"start", SP_CHART_G_DISK, 5800, 1.9},     {"end", SP_CHART_G_DISK, 9400, 1.8},
	    {"file", SP_CHART_G_DISK, 7300, 2.2},      {"zram-lz4", SP_CHART_G_ZRAM, 4.1, 1.4},
	    {"dev-nvme0n1", SP_CHART_G_FAST, 95, 1.6},
	};
	struct sp_chart *c = sp_chart_new(SP_CHART_LINES, "Swap-in latency distribution (CDF)",
					  "swap-in latency (us)", "swap-ins at or below");

	if (!c)
		return NULL;
	for (size_t i = 0; i < sizeof(p) / sizeof(p[0]); i++) {
		double x[41], y[41];

		for (int k = 0; k < 41; k++) {
			double z = (k - 20) / 8.0; /* -2.5 .. 2.5 sigma */

			x[k] = p[i].median * pow(p[i].spread, z);
			y[k] = 0.5 * erfc(-z / sqrt(2));
		}
		if (sp_chart_add_series(c, p[i].name, p[i].g, x, y, 41)) {
			sp_chart_free(c);
			return NULL;
		}
	}
	return c;
}

static struct sp_chart *demo_qd(void)
{
	static const double depth[] = {1, 2, 4, 8, 16, 32, 64, 128};
	static const double hdd[] = {160, 210, 260, 300, 330, 345, 350, 352};
	static const double nvme[] = {9000, 17500, 33000, 61000, 98000, 131000, 148000, 151000};
	struct sp_chart *c =
	    sp_chart_new(SP_CHART_LINES, "io_uring reads: pages/s against queue depth",
			 "queue depth", "pages/s");

	if (!c)
		return NULL;
	if (sp_chart_add_series(c, "start (HDD)", SP_CHART_G_DISK, depth, hdd, 8) ||
	    sp_chart_add_series(c, "dev-nvme0n1", SP_CHART_G_FAST, depth, nvme, 8)) {
		sp_chart_free(c);
		return NULL;
	}
	return c;
}

static struct sp_chart *demo_profile(void)
{
	struct sp_chart *c = sp_chart_new(
	    SP_CHART_PROFILE, "Disk position profile: sequential read speed across the disk",
	    "position on the disk (GiB)", "read (MB/s)");
	double x[50], y[50];

	if (!c)
		return NULL;
	for (int k = 0; k < 50; k++) {
		x[k] = k * 931.5 / 49;
		y[k] = 205 - 105 * (x[k] / 931.5) * (x[k] / 931.5) + 6 * sin(k);
	}
	if (sp_chart_add_series(c, "ST1000DM003", SP_CHART_G_DISK, x, y, 50) ||
	    sp_chart_add_range(c, "start swap", 0.001, 8.0) ||
	    sp_chart_add_range(c, "end swap", 923.5, 931.5) ||
	    sp_chart_add_range(c, "swap file", 412.0, 420.0)) {
		sp_chart_free(c);
		return NULL;
	}
	return c;
}

static struct sp_chart *demo_chart(const char *kind)
{
	if (!strcmp(kind, "bars"))
		return demo_bars_log();
	if (!strcmp(kind, "linear"))
		return demo_bars_linear();
	if (!strcmp(kind, "lines"))
		return demo_cdf();
	if (!strcmp(kind, "qd"))
		return demo_qd();
	if (!strcmp(kind, "profile"))
		return demo_profile();
	return NULL;
}

static int demo_doc(struct sp_doc *d)
{
	static const char *const heads[] = {"placement", "median (us)", "95 % CI (us)", "verdict"};
	static const char *const kinds[] = {"bars", "linear", "lines", "qd", "profile"};
	struct sp_doc_table *t;
	struct sp_doc_block *f;
	int r = 0;

	r |= sp_doc_set_titles(
	    d, "swapplace report <demo> & \"test\"",
	    "run 20261201-175944-5f3a19c2, 1 December 2026 17:59 UTC",
	    "machine: ACME Box 3000 (serial X<1>&'2'), run 20261201-175944-5f3a19c2");
	r |= sp_doc_add_text(d, SP_DOC_SECTION, "Verdict");
	r |= sp_doc_add_text(d, SP_DOC_PARA,
			     "Put swap at the start of the disk: its median swap-in "
			     "is %.1f ms against %.1f ms at the end.",
			     5.8, 9.4);
	r |= sp_doc_add_text(d, SP_DOC_BULLET, "zram-lz4 is fastest where RAM allows it.");
	r |= sp_doc_add_text(d, SP_DOC_BULLET,
			     "the file <placement> is within the spread & says so.");
	r |= sp_doc_add_text(d, SP_DOC_SECTION, "Machine");
	f = sp_doc_add_facts(d);
	if (!f)
		return -ENOMEM;
	r |= sp_doc_fact(f, "vendor", "%s", "ACME <script>alert(1)</script>");
	r |= sp_doc_fact(f, "serial", "%s", "SN'1\"2&3\x01\x7f");
	r |= sp_doc_fact(f, "kernel", "%s", "6.1.0-13-amd64");
	r |= sp_doc_add_text(d, SP_DOC_SECTION, "Placements");
	r |= sp_doc_add_text(d, SP_DOC_HEADING, "Ranking");
	t = sp_doc_add_table(d, "Swap-in median per placement", 4, heads, "lrrl");
	if (!t)
		return -ENOMEM;
	for (int i = 0; i < 3; i++) {
		static const char *const n[] = {"start", "end", "file"};
		static const double m[] = {5800, 9400, 7300};
		int row = sp_doc_row_add(t);

		if (row < 0)
			return row;
		r |= sp_doc_cell(t, (size_t)row, 0, i == 0 ? SP_DOC_MARK_STRONG : SP_DOC_MARK_NONE,
				 "%s", n[i]);
		r |= sp_doc_cell(t, (size_t)row, 1, i == 1 ? SP_DOC_MARK_BEYOND : SP_DOC_MARK_NONE,
				 "%.0f", m[i]);
		r |= sp_doc_cell(t, (size_t)row, 2, SP_DOC_MARK_NONE, "%.0f .. %.0f", m[i] * 0.93,
				 m[i] * 1.08);
		r |= sp_doc_cell(t, (size_t)row, 3, i == 2 ? SP_DOC_MARK_WEAK : SP_DOC_MARK_NONE,
				 "%s", i == 2 ? "within the spread" : "ok");
	}
	r |=
	    sp_doc_table_note(t, "bold: the best placement; \xe2\x80\xa0: beyond the runs' spread; "
				 "grey: within the spread");
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		struct sp_chart *c = demo_chart(kinds[i]);

		if (!c)
			return -ENOMEM;
		if (i == 2)
			r |= sp_doc_add_text(d, SP_DOC_SECTION, "Latency and throughput");
		if ((r |= sp_doc_add_chart(d, c)))
			return -ENOMEM;
	}
	r |= sp_doc_add_text(d, SP_DOC_SECTION, "Appendix");
	r |= sp_doc_add_text(d, SP_DOC_PRE,
			     "seed 0x5f3a19c2\nversion 0.1-demo\n  indented <raw> & line");
	return r ? -ENOMEM : 0;
}

static void manifest(FILE *m, const struct sp_doc *d)
{
	for (size_t i = 0; i < d->n_blocks; i++) {
		const struct sp_chart *c = d->blocks[i].chart;
		size_t bars = 0, gaps = 0, named = 0;
		struct sp_canvas cv;
		int drawn;

		if (d->blocks[i].kind != SP_DOC_CHART || !c)
			continue;
		sp_canvas_init(&cv, 480, sp_chart_height_pt(c, 480));
		drawn = sp_chart_draw(c, &cv) == 0;
		sp_canvas_release(&cv);
		for (size_t k = 0; k < c->n_bars; k++)
			isfinite(c->bars[k].value) ? bars++ : gaps++;
		fprintf(
		    m, "chart\tdrawn=%d\tbars=%zu\tgaps=%zu\tseries=%zu\tranges=%zu\tnames=", drawn,
		    c->kind == SP_CHART_BARS ? bars : 0, c->kind == SP_CHART_BARS ? gaps : 0,
		    c->kind != SP_CHART_BARS ? c->n_series : 0,
		    c->kind == SP_CHART_PROFILE ? c->n_ranges : 0);
		for (size_t k = 0; c->kind == SP_CHART_BARS && k < c->n_bars; k++)
			if (isfinite(c->bars[k].value))
				fprintf(m, "%s%s", named++ ? "|" : "", c->bars[k].name);
		fputc('\n', m);
	}
}

int main(int argc, char **argv)
{
	static struct sp_report rep;
	struct sp_doc d;
	struct sp_err e;
	FILE *out, *m = NULL;
	int ret;

	if (argc == 4 && !strcmp(argv[1], "--svg")) {
		struct sp_chart *c = demo_chart(argv[2]);

		if (!c || !(out = fopen(argv[3], "w"))) {
			fprintf(stderr, "render-html: no chart '%s' or cannot write '%s'\n",
				argv[2], argv[3]);
			sp_chart_free(c);
			return 1;
		}
		ret = sp_chart_write_svg(out, c, 480);
		sp_chart_free(c);
		if (fclose(out) || ret) {
			fprintf(stderr, "render-html: svg: %s\n", strerror(ret ? -ret : errno));
			return 1;
		}
		return 0;
	}
	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: render-html REPORT.json|--demo-doc OUT.html [MANIFEST]\n"
				"       render-html --svg bars|linear|lines|qd|profile OUT.svg\n");
		return 2;
	}
	sp_doc_init(&d);
	if (!strcmp(argv[1], "--demo-doc")) {
		ret = demo_doc(&d);
	} else {
		ret = sp_report_json_read(argv[1], &rep, &e);
		if (ret) {
			fprintf(stderr, "render-html: '%s': %s\n", argv[1], sp_err_msg(&e));
			sp_doc_release(&d);
			return 3; /* not a report: tests tell this from a failure to render */
		}
		ret = sp_report_doc_build(&d, &rep, NULL);
	}
	if (ret) {
		fprintf(stderr, "render-html: building the document: %s\n", strerror(-ret));
		sp_doc_release(&d);
		return 1;
	}
	out = fopen(argv[2], "w");
	if (!out) {
		fprintf(stderr, "render-html: cannot write '%s': %s\n", argv[2], strerror(errno));
		sp_doc_release(&d);
		return 1;
	}
	ret = sp_doc_write_html(out, &d);
	if (fclose(out) && !ret)
		ret = -EIO;
	if (!ret && argc == 4) {
		m = fopen(argv[3], "w");
		if (!m)
			ret = -errno;
		else {
			manifest(m, &d);
			if (fclose(m))
				ret = -EIO;
		}
	}
	sp_doc_release(&d);
	if (ret) {
		fprintf(stderr, "render-html: writing: %s\n", strerror(-ret));
		return 1;
	}
	return 0;
}
