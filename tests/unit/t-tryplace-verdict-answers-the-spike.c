/*
 * t-tryplace-verdict-answers-the-spike - a measure --try report (try-zram-lz4, try-file, none,
 * each with the service's spike case) gets the "try" verdict first, in the words of the seed's
 * question: what each try placement did in the spike, then what no swap did and whom the OOM
 * killer took; a placement that lost requests says how many; a run report with the same kinds
 * gets no such verdict (only --try makes zram and file results in a measure report).
 */
#include <errno.h>

#include "check.h"
#include "core/findings/analysis.h"
#include "core/findings/verdict.h"
#include "core/model/report.h"

static struct sp_report r;
static struct sp_findings f;

static struct sp_service_case *spike(const char *placement, enum sp_placement_kind k,
				     uint64_t size_bytes)
{
	struct sp_result *res = sp_report_add_result(&r, placement, sp_placement_id_of(k, -1));
	struct sp_service_case *c = &res->scenarios.service.cases[0];

	res->status = SP_STATUS_OK;
	res->size_bytes = size_bytes;
	res->scenarios.service.n_cases = 1;
	snprintf(c->name, sizeof(c->name), "spike");
	c->rate_per_s = 40;
	c->sent = c->served = 120;
	c->p95_ms = 10;
	return c;
}

static const char *sentence(void)
{
	static char s[1024];

	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.n_verdict > 0 && f.verdict[0] == SP_VERDICT_TRY);
	CHECK(sp_verdict_sentence(&r, &f, SP_VERDICT_TRY, s, sizeof(s)) == 0);
	fprintf(stderr, "%s\n", s);
	return s;
}

int main(void)
{
	struct sp_service_case *n, *z;

	sp_report_init(&r, "measure");
	z = spike("try-zram-lz4", SP_PL_ZRAM, 64ull << 20);
	spike("try-file", SP_PL_FILE, 2ull << 30);
	n = spike("none", SP_PL_NONE, 0);
	n->served = 75;
	n->failed = 45;
	n->oom_kills = 2;
	n->n_oom_victims = 2;
	snprintf(n->oom_victims[0], sizeof(n->oom_victims[0]), "sp-service");
	snprintf(n->oom_victims[1], sizeof(n->oom_victims[1]), "sp-service");
	CHECK_STR(sentence(),
		  "on this server a 64 MiB zram device (try-zram-lz4) served the spike "
		  "with no failed request; a 2.0 GiB swap file served the spike with no "
		  "failed request; without swap the service was OOM-killed twice and 45 "
		  "of 120 requests failed");
	CHECK_STR(sp_verdict_kind_name(SP_VERDICT_TRY), "try");
	CHECK_EQ_U64(f.n_try, 2);

	/* a try placement that lost requests, and a no-swap run whose spike job was the victim */
	z->failed = 3;
	z->served = 117;
	z->oom_kills = 1;
	snprintf(n->oom_victims[1], sizeof(n->oom_victims[1]), "sp-spike");
	CHECK_STR(sentence(),
		  "on this server a 64 MiB zram device (try-zram-lz4) served the spike "
		  "but 3 of 120 requests failed and the OOM killer struck once; a 2.0 "
		  "GiB swap file served the spike with no failed request; without swap "
		  "the service was OOM-killed once and the spike job was OOM-killed once "
		  "and 45 of 120 requests failed");

	/* no kill without swap either: said, not hidden */
	n->oom_kills = 0;
	n->n_oom_victims = 0;
	n->failed = 0;
	n->served = 120;
	CHECK(strstr(sentence(), "; without swap none of 120 requests failed either") != NULL);

	/* the same kinds in a run report are run's placements, not a try */
	snprintf(r.command, sizeof(r.command), "run");
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK_EQ_U64(f.n_try, 0);
	for (size_t i = 0; i < f.n_verdict; i++)
		CHECK(f.verdict[i] != SP_VERDICT_TRY);
	return CHECK_DONE();
}
