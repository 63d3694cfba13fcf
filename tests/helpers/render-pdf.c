/*
 * render-pdf - renders a document to PDF or PostScript with render/doc_cairo.c, for the
 * tests/render/pdf-*.sh tests and for looking at pages by eye.
 *
 *   render-pdf [--report RUN.json] [--format pdf|ps] [--paper a4|letter] [--duplex]
 *              [--rows N] [--created EPOCH_S] [--layout FILE] [--words FILE] -o OUT
 *
 * Without --report it renders a built-in demo with every block kind, a table of --rows rows
 * (default 90: it spans pages), several sections and one chart of each kind (bars on a log
 * span, lines, a profile). With --report it builds the report's document with
 * sp_report_doc_build. --layout writes the layout record (pages, page size, text area, the
 * page of each section, the page and box of each chart, the blank pages, the pages of each
 * table), --words every section title and table cell the PDF must carry, one per line.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/doc/doc.h"
#include "core/doc/reportdoc.h"
#include "core/findings/analysis.h"
#include "out/report_io.h"
#include "render/doc_cairo.h"

static int usage(void)
{
	fprintf(stderr, "usage: render-pdf [--report RUN.json] [--format pdf|ps] "
			"[--paper a4|letter] [--duplex] [--rows N] [--created EPOCH_S] "
			"[--layout FILE] "
			"[--words FILE] -o OUT\n");
	return 2;
}

static struct sp_chart *bars_chart(void)
{
	/* medians from a spinning disk to compressed RAM: four orders of magnitude */
	static const struct {
		const char *name;
		enum sp_chart_group g;
		double us, lo, hi;
	} b[] = {
	    {"start", SP_CHART_G_DISK, 5800, 5400, 6300},
	    {"end", SP_CHART_G_DISK, 9100, 8600, 9800},
	    {"file", SP_CHART_G_DISK, 6400, 6000, 7100},
	    {"nvme", SP_CHART_G_FAST, 95, 90, 101},
	    {"zram-lz4", SP_CHART_G_ZRAM, 3.1, 2.9, 3.4},
	    {"zram-lzo-rle", SP_CHART_G_ZRAM, 3.6, 3.3, 3.9},
	};
	struct sp_chart *c = sp_chart_new(SP_CHART_BARS, "Swap-in median per placement",
					  "swap-in median (us)", NULL);

	if (!c)
		return NULL;
	c->horizontal = 1;
	for (size_t i = 0; i < sizeof(b) / sizeof(b[0]); i++) {
		char label[32];

		snprintf(label, sizeof(label), "%g us", b[i].us);
		if (sp_chart_add_bar(c, b[i].name, b[i].g, b[i].us, label) ||
		    sp_chart_bar_range(c, b[i].lo, b[i].hi)) {
			sp_chart_free(c);
			return NULL;
		}
	}
	return c;
}

static struct sp_chart *lines_chart(void)
{
	double x[40], y1[40], y2[40];
	struct sp_chart *c =
	    sp_chart_new(SP_CHART_LINES, "io_uring queue-depth curve", "queue depth", "pages/s");

	if (!c)
		return NULL;
	for (int i = 0; i < 40; i++) {
		x[i] = i + 1;
		y1[i] = 180 * (1 - exp(-(i + 1) / 3.0)) + 20;
		y2[i] = 95000 * (1 - exp(-(i + 1) / 8.0));
	}
	c->y_log = -1;
	if (sp_chart_add_series(c, "start (HDD)", SP_CHART_G_DISK, x, y1, 40) ||
	    sp_chart_add_series(c, "nvme", SP_CHART_G_FAST, x, y2, 40)) {
		sp_chart_free(c);
		return NULL;
	}
	return c;
}

static struct sp_chart *profile_chart(void)
{
	double x[64], y[64];
	struct sp_chart *c = sp_chart_new(SP_CHART_PROFILE, "Disk position profile",
					  "position on the disk (GiB)", "read rate (MB/s)");

	if (!c)
		return NULL;
	for (int i = 0; i < 64; i++) {
		x[i] = i * 500.0 / 63;
		y[i] = 160 - 75 * i / 63.0 + 4 * sin(i);
	}
	if (sp_chart_add_series(c, "sequential read", SP_CHART_G_DISK, x, y, 64) ||
	    sp_chart_add_range(c, "start swap", 0, 8) ||
	    sp_chart_add_range(c, "end swap", 492, 500)) {
		sp_chart_free(c);
		return NULL;
	}
	return c;
}

static int demo(struct sp_doc *d, int rows)
{
	static const char *const heads[] = {"placement", "median (us)", "95 % CI (us)", "p99 (us)",
					    "note"};
	static const char *const places[] = {"start",	 "end",		 "file", "nvme",
					     "zram-lz4", "zram-lzo-rle", "none"};
	struct sp_doc_block *f;
	struct sp_doc_table *t;
	struct sp_chart *c;

	if (sp_doc_set_titles(d, "swapplace report",
			      "run 20261201-175944-5f3a19c2, 1 December 2026 17:59 UTC",
			      "Dell OptiPlex 7010 (serial 4XK2Q1), run 20261201-175944-5f3a19c2"))
		return -ENOMEM;
	if (sp_doc_add_text(d, SP_DOC_SECTION, "Verdict") ||
	    sp_doc_add_text(
		d, SP_DOC_PARA,
		"Put swap on zram with lz4: a swap-in costs 3.1 us there against "
		"5.8 ms at the start of the disk, and the machine has RAM to spare for "
		"the compressed pages. The partition at the start of the disk is the "
		"best place on the disk itself; the end of the disk is 57 %% slower.") ||
	    sp_doc_add_text(d, SP_DOC_BULLET,
			    "zram-lz4 is fastest by three orders of magnitude.") ||
	    sp_doc_add_text(d, SP_DOC_BULLET,
			    "The start of the disk beats its end: 5.8 ms against 9.1 ms, beyond "
			    "the runs' spread; a long bullet wraps under its own text and not "
			    "under the bullet, which is what a hanging indent means.") ||
	    sp_doc_add_text(d, SP_DOC_SECTION, "Machine and disks") ||
	    sp_doc_add_text(d, SP_DOC_HEADING, "The machine"))
		return -ENOMEM;
	if (!(f = sp_doc_add_facts(d)) || sp_doc_fact(f, "vendor", "Dell Inc.") ||
	    sp_doc_fact(f, "model", "OptiPlex 7010") || sp_doc_fact(f, "serial", "4XK2Q1") ||
	    sp_doc_fact(f, "BIOS", "A29, 2018-06-13") ||
	    sp_doc_fact(f, "CPU", "Intel(R) Core(TM) i5-3470 CPU @ 3.20GHz, 4 cores") ||
	    sp_doc_fact(f, "RAM", "8 GiB") ||
	    sp_doc_fact(f, "kernel",
			"6.1.0-27-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.115-1 (2024-11-01), "
			"a long value that wraps in its own column"))
		return -ENOMEM;
	if (sp_doc_add_text(d, SP_DOC_HEADING, "Disks measured"))
		return -ENOMEM;
	if (!(f = sp_doc_add_facts(d)) ||
	    sp_doc_fact(f, "/dev/sda",
			"WDC WD5000AAKX, serial WD-WCAYUJ123456, firmware "
			"15.01H15, 500 GB, rotational, SATA") ||
	    sp_doc_fact(f, "/dev/nvme0n1",
			"Samsung SSD 970 EVO Plus 250GB, serial "
			"S4EUNX0N123456, firmware 2B2QEXM7, 250 GB, NVMe"))
		return -ENOMEM;
	if (sp_doc_add_text(d, SP_DOC_SECTION, "Placements") ||
	    sp_doc_add_text(d, SP_DOC_PARA,
			    "Each placement was measured for the same time "
			    "with the same pages; the table gives the median "
			    "swap-in latency with its 95 %% confidence interval."))
		return -ENOMEM;
	if (!(t = sp_doc_add_table(d, "Table 1. Swap-in latency per placement", 5, heads, "lrrrl")))
		return -ENOMEM;
	for (int r = 0; r < rows; r++) {
		int i = sp_doc_row_add(t), k = r % 7;
		double med = k == 4 ? 3.1 : k == 5 ? 3.6 : k == 3 ? 95 : 5800 + 1100.0 * k;
		enum sp_doc_mark m = k == 4   ? SP_DOC_MARK_STRONG
				     : k == 6 ? SP_DOC_MARK_WEAK
				     : k == 1 ? SP_DOC_MARK_BEYOND
					      : SP_DOC_MARK_NONE;

		if (i < 0 || sp_doc_cell(t, i, 0, m, "%s-r%d", places[k], r) ||
		    sp_doc_cell(t, i, 1, m, "%.1f", med + r) ||
		    sp_doc_cell(t, i, 2, 0, "%.1f..%.1f", med * 0.95 + r, med * 1.05 + r) ||
		    sp_doc_cell(t, i, 3, 0, "%.0f", med * 2.5 + r) ||
		    sp_doc_cell(t, i, 4, m, "%s", k == 6 ? "not measured" : "ok"))
			return -ENOMEM;
	}
	if (sp_doc_table_note(t, "bold: the best placement; shaded with a triangle: beyond the "
				 "runs' spread; grey: not measured"))
		return -ENOMEM;
	if (!(c = bars_chart()) || sp_doc_add_chart(d, c))
		return -ENOMEM;
	if (sp_doc_add_text(d, SP_DOC_SECTION, "Queue depth and disk profile") ||
	    sp_doc_add_text(d, SP_DOC_HEADING, "io_uring queue depth"))
		return -ENOMEM;
	if (!(c = lines_chart()) || sp_doc_add_chart(d, c))
		return -ENOMEM;
	if (sp_doc_add_text(d, SP_DOC_HEADING, "Position profile"))
		return -ENOMEM;
	if (!(c = profile_chart()) || sp_doc_add_chart(d, c))
		return -ENOMEM;
	if (sp_doc_add_text(d, SP_DOC_SECTION, "Appendix: raw figures") ||
	    sp_doc_add_text(d, SP_DOC_PRE,
			    "seed      0x5f3a19c2\n"
			    "version   0.1-demo\n"
			    "placement\tsamples\tp50_us\tp99_us\n"
			    "start\t500\t5800.0\t14500.0\n"
			    "zram-lz4\t500\t3.1\t7.9\n"
			    /* wider than A4's 107 columns with "max" inside them: its field
			     * wraps whole */
			    "               12587 samples (50 warm-up dropped): min 5.3, p50 3.4, "
			    "p95 96.0, p99 134.7, p99.9 259.6, max 1928 us\n"
			    "a very long preformatted line that does not fit the width of the page "
			    "and must be wrapped rather than run off the paper's edge into the "
			    "margin"))
		return -ENOMEM;
	return 0;
}

/* Every section title and table cell, one per line, for pdftotext to find. */
static void words(FILE *w, const struct sp_doc *d)
{
	for (size_t i = 0; i < d->n_blocks; i++) {
		const struct sp_doc_block *b = &d->blocks[i];

		if (b->kind == SP_DOC_SECTION)
			fprintf(w, "section\t%s\n", b->text);
		if (b->kind != SP_DOC_TABLE)
			continue;
		for (size_t c = 0; c < b->table->n_cols; c++)
			fprintf(w, "head\t%s\n", b->table->head[c]);
		for (size_t k = 0; k < b->table->n_rows * b->table->n_cols; k++)
			fprintf(w, "cell\t%s\n", b->table->cell[k]);
	}
}

static void layout(FILE *w, const struct sp_doc *d, const struct sp_page_layout *l)
{
	size_t s = 0;

	fprintf(w, "pages %d\nsize %.2f %.2f\nbody %.2f %.2f %.2f %.2f\n", l->n_pages, l->page_w_pt,
		l->page_h_pt, l->body.x_pt, l->body.y_pt, l->body.w_pt, l->body.h_pt);
	for (size_t i = 0; i < d->n_blocks; i++)
		if (d->blocks[i].kind == SP_DOC_SECTION && s < l->n_sections)
			fprintf(w, "section %d %s\n", l->section_page[s++], d->blocks[i].text);
	for (size_t i = 0; i < l->n_charts; i++)
		fprintf(w, "chart %d %.2f %.2f %.2f %.2f\n", l->charts[i].page, l->charts[i].x_pt,
			l->charts[i].y_pt, l->charts[i].w_pt, l->charts[i].h_pt);
	for (size_t i = 0; i < l->n_blanks; i++)
		fprintf(w, "blank %d\n", l->blank_page[i]);
	for (size_t i = 0; i < l->n_tables; i++)
		fprintf(w, "table %d %d %d %zu\n", l->tables[i].first_page, l->tables[i].last_page,
			l->tables[i].heads, l->tables[i].rows);
}

int main(int argc, char **argv)
{
	static struct sp_report rep;
	const char *report = NULL, *out = NULL, *lay_path = NULL, *words_path = NULL;
	struct sp_page_opts o = {SP_PAPER_A4, 0};
	long long created_s = 0;
	enum sp_page_format fmt = SP_PAGES_PDF;
	struct sp_page_layout lay;
	struct sp_doc d;
	int rows = 90, r;
	struct sp_err e;
	FILE *f;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--duplex")) {
			o.duplex = 1;
			continue;
		}
		if (!v)
			return usage();
		i++;
		if (!strcmp(a, "--report"))
			report = v;
		else if (!strcmp(a, "-o"))
			out = v;
		else if (!strcmp(a, "--layout"))
			lay_path = v;
		else if (!strcmp(a, "--words"))
			words_path = v;
		else if (!strcmp(a, "--created"))
			created_s = atoll(v);
		else if (!strcmp(a, "--rows"))
			rows = atoi(v);
		else if (!strcmp(a, "--paper")) {
			if (sp_paper_parse(v, &o.paper))
				return usage();
		} else if (!strcmp(a, "--format")) {
			if (!strcmp(v, "pdf"))
				fmt = SP_PAGES_PDF;
			else if (!strcmp(v, "ps"))
				fmt = SP_PAGES_PS;
			else
				return usage();
		} else
			return usage();
	}
	if (!out || rows < 0)
		return usage();
	sp_doc_init(&d);
	if (report) {
		r = sp_report_json_read(report, &rep, &e);
		if (r) {
			fprintf(stderr, "render-pdf: '%s': %s\n", report, sp_err_msg(&e));
			return 1;
		}
		r = sp_report_doc_build(&d, &rep, NULL);
		if (!created_s)
			created_s = (long long)rep.started;
	} else {
		r = demo(&d, rows);
	}
	if (r) {
		fprintf(stderr, "render-pdf: cannot build the document: %s\n", strerror(-r));
		sp_doc_release(&d);
		return 1;
	}
	if (!(f = fopen(out, "wb"))) {
		fprintf(stderr, "render-pdf: '%s': %s\n", out, strerror(errno));
		return 1;
	}
	r = sp_doc_render_pages_layout(f, fmt, &d, &o, created_s, &lay);
	if (fclose(f) && !r)
		r = -EIO;
	if (r) {
		fprintf(stderr, "render-pdf: '%s': %s\n", out, strerror(-r));
		sp_page_layout_release(&lay);
		sp_doc_release(&d);
		return 1;
	}
	if (lay_path && (f = fopen(lay_path, "w"))) {
		layout(f, &d, &lay);
		fclose(f);
	}
	if (words_path && (f = fopen(words_path, "w"))) {
		words(f, &d);
		fclose(f);
	}
	sp_page_layout_release(&lay);
	sp_doc_release(&d);
	return 0;
}
