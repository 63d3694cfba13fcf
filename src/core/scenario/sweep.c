/*
 * sweep.c - --sweep's knobs, its parser and the order of its runs (see sweep.h). The rows a run
 * keeps are sweep_rows.c; the findings over them core/findings/sweep_findings.c.
 */
#include "core/scenario/sweep.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/config/units.h"
#include "core/err.h"

static const struct {
	const char *name, *sysctl;
	int min, max;
} knobs[SP_KNOB_N] = {
    /* 200 since Linux 5.8 (anon and file reclaim weighed 200:0); older kernels refuse > 100
     * at the write, which the run then records as a failed row */
    [SP_KNOB_SWAPPINESS] = {"swappiness", "vm.swappiness", 0, 200},
    /* as --page-cluster: 2^10 pages (4 MiB) of readahead is already far beyond any use */
    [SP_KNOB_PAGE_CLUSTER] = {"page-cluster", "vm.page-cluster", 0, 10},
};

const char *sp_knob_name(enum sp_knob k)
{
	return (unsigned)k < SP_KNOB_N ? knobs[k].name : "?";
}

const char *sp_knob_sysctl(enum sp_knob k)
{
	return (unsigned)k < SP_KNOB_N ? knobs[k].sysctl : "?";
}

int sp_knob_parse(const char *name, enum sp_knob *out)
{
	for (int k = 0; k < SP_KNOB_N; k++) {
		if (!strcmp(name, knobs[k].name)) {
			*out = (enum sp_knob)k;
			return 0;
		}
	}
	return -EINVAL;
}

static int refuse(struct sp_err *e, const char *arg, const char *fmt, const char *what)
{
	char why[160];

	snprintf(why, sizeof(why), fmt, what);
	return sp_err_set(e, -EINVAL, "--sweep '%s': %s", arg, why);
}

/* "KNOB=V1,V2,..." into k; e says what is wrong with arg */
static int parse_one(const char *arg, struct sp_knob_sweep *k, struct sp_err *e)
{
	const char *eq = strchr(arg, '=');
	char name[32], item[32], range[48];
	const char *p;

	if (!eq)
		return refuse(e, arg, "%s",
			      "give KNOB=V1,V2,... (swappiness or "
			      "page-cluster)");
	if ((size_t)(eq - arg) >= sizeof(name))
		return refuse(e, arg, "%s", "unknown knob (swappiness or page-cluster)");
	memcpy(name, arg, (size_t)(eq - arg));
	name[eq - arg] = '\0';
	if (sp_knob_parse(name, &k->knob) < 0)
		return refuse(e, arg, "unknown knob '%s' (swappiness or page-cluster)", name);
	snprintf(range, sizeof(range), "%d to %d", knobs[k->knob].min, knobs[k->knob].max);
	k->n_values = 0;
	for (p = eq + 1;;) {
		size_t n = strcspn(p, ",");
		uint64_t v;

		if (!n)
			return refuse(e, arg, "%s", "an empty value");
		if (n >= sizeof(item) ||
		    (memcpy(item, p, n), item[n] = '\0', sp_parse_u64(item, &v) < 0))
			return refuse(e, arg, "'%.31s' is not a whole number",
				      n >= sizeof(item) ? p : item);
		if (v < (uint64_t)knobs[k->knob].min || v > (uint64_t)knobs[k->knob].max) {
			char why[128];

			snprintf(why, sizeof(why), "%s is out of range (%s)", item, range);
			return refuse(e, arg, "%s", why);
		}
		for (size_t i = 0; i < k->n_values; i++)
			if (k->values[i] == (int)v)
				return refuse(e, arg, "%s is given twice", item);
		if (k->n_values == SP_SWEEP_MAX_VALUES) {
			char why[64];

			snprintf(why, sizeof(why), "more than %d values", SP_SWEEP_MAX_VALUES);
			return refuse(e, arg, "%s", why);
		}
		k->values[k->n_values++] = (int)v;
		if (!p[n])
			break;
		p += n + 1;
	}
	if (k->n_values < 2)
		return refuse(e, arg, "%s", "a sweep needs at least two values to compare");
	return 0;
}

int sp_sweep_parse(const char *const *args, size_t n, struct sp_sweep_plan *out, struct sp_err *e)
{
	sp_err_init(e);
	if (!out || (n && !args))
		return sp_err_set(e, -EINVAL, NULL);
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < n; i++) {
		struct sp_knob_sweep k;
		int ret = parse_one(args[i], &k, e);

		if (ret < 0)
			return ret;
		for (size_t j = 0; j < out->n_knobs; j++)
			if (out->knobs[j].knob == k.knob)
				return refuse(e, args[i],
					      "%s is swept twice: give its values in one --sweep",
					      sp_knob_name(k.knob));
		out->knobs[out->n_knobs++] = k;
	}
	return 0;
}

static size_t values_total(const struct sp_sweep_plan *p)
{
	size_t n = 0;

	for (size_t i = 0; i < p->n_knobs; i++)
		n += p->knobs[i].n_values;
	return n;
}

size_t sp_sweep_n_steps(const struct sp_sweep_plan *p, size_t n_placements, size_t rounds)
{
	return p ? rounds * n_placements * values_total(p) : 0;
}

int sp_sweep_step_at(const struct sp_sweep_plan *p, size_t n_placements, size_t rounds, size_t k,
		     struct sp_sweep_step *out)
{
	size_t per_round = n_placements * (p ? values_total(p) : 0);

	if (!p || !out || k >= rounds * per_round)
		return -EINVAL;
	out->round = k / per_round;
	k %= per_round;
	if (out->round % 2)
		k = per_round - 1 - k; /* counterbalanced: every second round runs backwards */
	for (size_t i = 0; i < p->n_knobs; i++) {
		size_t per_knob = n_placements * p->knobs[i].n_values;

		if (k < per_knob) {
			out->knob = i;
			out->placement = k / p->knobs[i].n_values;
			out->value = k % p->knobs[i].n_values;
			return 0;
		}
		k -= per_knob;
	}
	return -EINVAL;
}
