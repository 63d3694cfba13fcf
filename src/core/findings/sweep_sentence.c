/*
 * sweep_sentence.c - a sweep's findings in words (see sweep_sentence.h): the verdict's sentence
 * per knob and the table's cells.
 */
#include "core/findings/sweep_sentence.h"

#include <math.h>
#include <stdio.h>

#include "core/config/textfmt.h"
#include "core/findings/sweep_findings.h"
#include "core/scenario/sweep.h"

/* a figure at the precision the table prints it: "0.72", "10.3", "1234" */
static const char *fig(char *buf, size_t len, double v)
{
	snprintf(buf, len, v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : "%.2f", v);
	return buf;
}

/*
 * "build on start, wall time 12.1 s at 10 vs 9.8 s at 100": the highest median first, which is
 * the worst of a time and the best of a rate; a rate says so, since the reader of the other
 * lines has learnt that the first is the worse
 */
static void line_phrase(char *buf, size_t len, const struct sp_sweep_knob_finding *k,
			const struct sp_sweep_line *l)
{
	char a[16], b[16];

	sp_cat(buf, len, "%s on %s, %s %s %s at %d vs %s %s at %d%s", l->line, l->placement,
	       l->what, fig(a, sizeof(a), l->median[l->hi]), l->unit, k->values[l->hi],
	       fig(b, sizeof(b), l->median[l->lo]), l->unit, k->values[l->lo],
	       l->higher_better ? ", higher is better" : "");
}

void sp_sweep_sentence(const struct sp_sweep_knob_finding *k, char *buf, size_t len)
{
	const struct sp_sweep_line *big;
	size_t said = 0;

	if (!len)
		return;
	buf[0] = '\0';
	sp_cat(buf, len, "%s", sp_knob_sysctl(k->knob));
	for (size_t v = 0; v < k->n_values; v++)
		sp_cat(buf, len, "%s%d", v ? (v + 1 == k->n_values ? " and " : ", ") : " at ",
		       k->values[v]);
	sp_cat(buf, len, " (%zu %s each)", k->rounds, sp_plural(k->rounds, "run", "runs"));
	if (!k->n_compared) {
		sp_cat(buf, len,
		       ": no line had a figure at every value, so nothing is compared "
		       "(the sweep's rows say why)");
		return;
	}
	big = k->largest >= 0 ? &k->lines[k->largest] : NULL;
	if (k->rounds < 2) {
		sp_cat(buf, len, ": the values differed by at most %.0f %% over %zu %s (",
		       big->diff_pct, k->n_compared, sp_plural(k->n_compared, "line", "lines"));
		line_phrase(buf, len, k, big);
		sp_cat(buf, len,
		       "), but one run per value measures no spread, so no difference "
		       "is claimed (--repeat 2 or more measures it)");
		return;
	}
	if (!k->n_resolved) {
		char why[160];

		sp_resolution_phrase(&big->res, "rounds", why, sizeof(why));
		if (k->n_compared == 1)
			sp_cat(buf, len, ": ");
		else
			sp_cat(buf, len,
			       ": none of the %zu lines resolved (largest: ", k->n_compared);
		line_phrase(buf, len, k, big);
		sp_cat(buf, len, ", %.1f %% apart, %s%s", big->diff_pct, why,
		       k->n_compared == 1 ? "" : ")");
		return;
	}
	sp_cat(buf, len, ": the values differed on %zu of %zu %s: ", k->n_resolved, k->n_compared,
	       sp_plural(k->n_compared, "line", "lines"));
	for (size_t i = 0; i < k->n_lines && said < 2; i++) {
		const struct sp_sweep_line *l = &k->lines[i];
		char why[160];

		if (!l->resolved)
			continue;
		if (said++)
			sp_cat(buf, len, "; ");
		line_phrase(buf, len, k, l);
		sp_resolution_phrase(&l->res, "rounds", why, sizeof(why));
		sp_cat(buf, len, " (%s)", why);
	}
	if (k->n_resolved > said)
		sp_cat(buf, len, "; and %zu more", k->n_resolved - said);
	if (k->n_compared > k->n_resolved)
		sp_cat(buf, len, "; the other %zu not resolved (Holm across the %zu lines)",
		       k->n_compared - k->n_resolved, k->n_compared);
}

const char *sp_sweep_cell(const struct sp_sweep_line *l, size_t v, char *buf)
{
	char f[14]; /* a median of up to 1e12 s or ms: what is left is "!" */

	if (isnan(l->median[v]))
		snprintf(buf, 16, "%s", l->failed[v] ? "failed" : "-");
	else
		snprintf(buf, 16, "%s%s", fig(f, sizeof(f), l->median[v]),
			 l->lossy[v] || l->failed[v] ? "!" : "");
	return buf;
}
