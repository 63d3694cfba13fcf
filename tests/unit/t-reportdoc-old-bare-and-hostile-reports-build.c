/*
 * t-reportdoc-old-bare-and-hostile-reports-build - the printable report of reports that lack
 * things: one from before CDF points and without a position profile builds, its CDF lines
 * drawn through min, p50, p95, p99, p99.9 and max, and no profile section; a profile-only
 * report (`swapplace profile`: no placement) builds with the profile and no ranking chart; a
 * measure report without disks or scenarios builds. Strings the machine supplied (DMI, a disk
 * model, a placement's reason) are carried verbatim in facts, cells, the footer and the
 * appendix: HTML, PostScript and printf specials included, since escaping is each backend's
 * job. Values never measured read "-", not 0. A --sweep's knob gets its section, a line per
 * placement and scenario, a column per value.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/doc/reportdoc.h"
#include "core/findings/analysis.h"
#include "t-report-synthetic.h"
#include "t-reportdoc-helpers.h"

static struct sp_report r;
static struct sp_doc d;

#define HOSTILE_VENDOR "<b>ACME</b> & \"Sons\" %s %n \\ (PS) )"
#define HOSTILE_MODEL "Mod\xc3\xa9le <script>alert(1)</script>"
#define HOSTILE_DISK "WDC ( ) % <!-- -->"

static const struct sp_doc_block *fact_block(long s)
{
	return doc_nth(&d, s, SP_DOC_FACTS, 0);
}

static const char *fact_of(const struct sp_doc_block *fb, const char *key)
{
	for (size_t i = 0; fb && i < fb->n_facts; i++)
		if (!strcmp(fb->facts[i].key, key))
			return fb->facts[i].value;
	return NULL;
}

static void old_without_profile(void)
{
	const struct sp_doc_block *cb, *fb, *tb;
	struct sp_findings f;
	long s;
	char *all;

	syn_build(&r);
	r.profile.done = 0; /* no profile, no CDF points (the synthetic keeps none) */
	snprintf(r.machine.dmi_vendor, sizeof(r.machine.dmi_vendor), "%s", HOSTILE_VENDOR);
	snprintf(r.machine.dmi_model, sizeof(r.machine.dmi_model), "%s", HOSTILE_MODEL);
	snprintf(r.devices[0].model, sizeof(r.devices[0].model), "%s", HOSTILE_DISK);
	snprintf(r.results[6].reason, sizeof(r.results[6].reason), "%s", HOSTILE_VENDOR);
	CHECK(sp_analyse(&r, &f) == 0);

	sp_doc_init(&d);
	CHECK(sp_report_doc_build(&d, &r, &f) == 0);
	doc_dump(&d);
	CHECK(doc_section(&d, "The disk's position profile") < 0);
	CHECK(doc_section(&d, "Ranking") >= 0);
	CHECK(doc_section(&d, "Appendix: raw figures") > doc_section(&d, "The gc"));

	s = doc_section(&d, "Latency distributions");
	cb = doc_nth(&d, s, SP_DOC_CHART, 0);
	CHECK(cb != NULL);
	if (cb) {
		const struct sp_lat_summary *l = &r.results[f.ranked[0]].fault_probe.lat;
		const struct sp_chart_series *x = &cb->chart->series[0];

		CHECK_EQ_U64(cb->chart->n_series, f.n_ranked);
		CHECK_EQ_U64(x->n, 6);
		CHECK(x->x[0] == l->min_us && x->y[0] == 0);
		CHECK(x->x[1] == l->p50_us && x->y[1] == 0.5);
		CHECK(x->x[2] == l->p95_us && x->y[2] == 0.95);
		CHECK(x->x[3] == l->p99_us && x->y[3] == 0.99);
		CHECK(x->x[4] == l->p999_us && x->y[4] == 0.999);
		CHECK(x->x[5] == l->max_us && x->y[5] == 1);
	}
	CHECK(strstr(doc_nth(&d, s, SP_DOC_PARA, 0)->text, "kept no CDF points") != NULL);

	/* hostile strings: as given, in the facts, the devices table, the footer, a reason */
	s = doc_section(&d, "The machine and its disks");
	fb = fact_block(s);
	CHECK(fact_of(fb, "Vendor") && !strcmp(fact_of(fb, "Vendor"), HOSTILE_VENDOR));
	CHECK(fact_of(fb, "Model") && !strcmp(fact_of(fb, "Model"), HOSTILE_MODEL));
	CHECK(fact_of(fb, "Serial") && strcmp(fact_of(fb, "Serial"), "0") != 0);
	tb = doc_nth(&d, s, SP_DOC_TABLE, 0);
	CHECK(tb && row_where(tb->table, 1, HOSTILE_DISK) == 0);
	CHECK(strstr(d.footer, HOSTILE_VENDOR " " HOSTILE_MODEL " - run ") == d.footer);
	tb = doc_nth(&d, doc_section(&d, "Ranking"), SP_DOC_TABLE, 0);
	CHECK(tb != NULL);
	if (tb) {
		long row = row_where(tb->table, 1, r.results[6].placement);

		CHECK(row >= 0);
	}
	all = doc_text(&d);
	/* the hostile reason as given, in its bullet under the ranking */
	CHECK(strstr(all, "): " HOSTILE_VENDOR) != NULL);
	CHECK(strstr(all, "(null)") == NULL);
	free(all);
	sp_doc_release(&d);
}

static void profile_only(void)
{
	struct sp_doc_block const *cb;
	long s;

	memset(&r, 0, sizeof(r));
	sp_report_init(&r, "profile");
	r.started = 1764611984;
	syn_profile(&r.profile);
	snprintf(r.target, sizeof(r.target), "/dev/sdz");
	sp_doc_init(&d);
	CHECK(sp_report_doc_build(&d, &r, NULL) == 0);
	doc_dump(&d);
	CHECK(doc_section(&d, "Verdict") == 0);
	s = doc_section(&d, "The disk's position profile");
	CHECK(s > doc_section(&d, "Ranking"));
	cb = doc_nth(&d, s, SP_DOC_CHART, 0);
	CHECK(cb && cb->chart->kind == SP_CHART_PROFILE && cb->chart->n_ranges == 0);
	CHECK(doc_nth(&d, doc_section(&d, "Ranking"), SP_DOC_CHART, 0) == NULL);
	CHECK(doc_section(&d, "Latency distributions") < 0);
	/* what was not measured reads "-" */
	cb = fact_block(doc_section(&d, "The machine and its disks"));
	CHECK(fact_of(cb, "RAM") && !strcmp(fact_of(cb, "RAM"), "-"));
	CHECK(fact_of(cb, "Cores") && !strcmp(fact_of(cb, "Cores"), "-"));
	CHECK(fact_of(cb, "Vendor") && !strcmp(fact_of(cb, "Vendor"), "-"));
	CHECK(strstr(d.footer, "machine not identified - run ") == d.footer);
	CHECK(strstr(d.subtitle, "1 December 2025") != NULL);
	sp_doc_release(&d);
}

static void measure_bare(void)
{
	struct sp_result *res;

	memset(&r, 0, sizeof(r));
	sp_report_init(&r, "measure");
	res = sp_report_add_result(&r, "current-/dev/sda2", sp_placement_id_of(SP_PL_EXISTING, -1));
	res->status = SP_STATUS_OK;
	syn_fault(res, 500, 250.5, 240, 260);
	sp_doc_init(&d);
	CHECK(sp_report_doc_build(&d, &r, NULL) == 0);
	CHECK(strstr(d.subtitle, "date not recorded") != NULL);
	CHECK(doc_section(&d, "Latency distributions") > 0);
	CHECK(doc_section(&d, "io_uring queue depth") < 0);
	CHECK(doc_section(&d, "The build job") < 0);
	sp_doc_release(&d);
}

static void sweep_row(const char *pl, int value, uint32_t run, double wall)
{
	struct sp_sweep_row *x = &r.sweeps[r.n_sweeps++];

	memset(x, 0, sizeof(*x));
	snprintf(x->knob, sizeof(x->knob), "swappiness");
	x->value = value;
	snprintf(x->placement, sizeof(x->placement), "%s", pl);
	snprintf(x->scenario, sizeof(x->scenario), "build");
	x->run = run;
	x->status = SP_STATUS_OK;
	x->is_build = 1;
	x->build.wall_s = wall;
}

static void sweep(void)
{
	const struct sp_doc_block *tb;
	long s;

	syn_build(&r);
	r.n_sweeps = 0;
	sweep_row("start", 10, 1, 100), sweep_row("start", 60, 1, 150);
	sweep_row("start", 10, 2, 101), sweep_row("start", 60, 2, 152);
	sp_doc_init(&d);
	CHECK(sp_report_doc_build(&d, &r, NULL) == 0);
	doc_dump(&d);
	s = doc_section(&d, "Sweep: vm.swappiness");
	CHECK(s > doc_section(&d, "The gc"));
	CHECK(s < doc_section(&d, "The disk's position profile"));
	tb = doc_nth(&d, s, SP_DOC_TABLE, 0);
	CHECK(tb != NULL);
	if (tb) {
		CHECK_EQ_U64(tb->table->n_cols, 5); /* placement, scenario, 10, 60, spread */
		CHECK_EQ_U64(tb->table->n_rows, 1);
		CHECK_STR(cell(tb->table, 0, 0), "start");
		CHECK(strstr(tb->table->head[2], "10") != NULL);
		CHECK(strstr(cell(tb->table, 0, 3), "15") == cell(tb->table, 0, 3));
	}
	sp_doc_release(&d);
}

int main(void)
{
	old_without_profile();
	profile_only();
	measure_bare();
	sweep();
	return CHECK_DONE();
}
