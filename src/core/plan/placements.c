/*
 * placements.c - the list of a run's placements and the status rules of a measured one (see
 * placements.h). Pure: the edge gathers the compressors and devices, this decides.
 */
#include "core/plan/placements.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/config/textfmt.h"

int sp_layout_part_index(const struct sp_layout *l, enum sp_part_role role)
{
	for (uint32_t i = 0; l && role != SP_PART_NONE && i < l->n_parts && i < SP_PLAN_PARTS; i++)
		if (l->parts[i].kind == role)
			return (int)i;
	return -ENOENT;
}

int sp_placement_on_disk(enum sp_placement_kind k)
{
	/* an existing area may be zram too; measure cannot tell, and counts it as a disk */
	return k == SP_PL_START || k == SP_PL_END || k == SP_PL_FILE || k == SP_PL_ALSO ||
	       k == SP_PL_EXISTING;
}

int sp_placement_on_target(enum sp_placement_kind k)
{
	return k == SP_PL_START || k == SP_PL_END || k == SP_PL_FILE;
}

int sp_placement_swaps(enum sp_placement_kind k)
{
	return k != SP_PL_NONE && k != SP_PL_PROBE && k != SP_PL_RAM && k < SP_PL_KINDS;
}

/* Is word (len bytes, not NUL-terminated) one that keeps s? */
static int word_keeps(const char *word, size_t len, const struct sp_placement_spec *s)
{
	const char *kind = sp_placement_kind_name(s->id.kind);

	if (strlen(s->name) == len && !strncmp(s->name, word, len))
		return 1;
	if (strlen(kind) == len && !strncmp(kind, word, len))
		return 1;
	/* --only's word for every --also device since the option exists (dev-<name>) */
	return s->id.kind == SP_PL_ALSO && len == 3 && !strncmp(word, "dev", 3);
}

static int only_keeps(const char *only, const struct sp_placement_spec *s)
{
	size_t n;

	if (!only || !*only)
		return 1;
	for (const char *p = only; *p; p += n + (p[n] == ',')) {
		n = strcspn(p, ",");
		if (n && word_keeps(p, n, s))
			return 1;
	}
	return 0;
}

/* Append s when --only keeps it. Returns 0, -ENOSPC or -EINVAL (name too long). */
static int add(const struct sp_placements_in *in, struct sp_placement_spec *out, size_t max,
	       size_t *n, const struct sp_placement_spec *s)
{
	if (!only_keeps(in->only, s))
		return 0;
	if (*n >= max)
		return -ENOSPC;
	out[(*n)++] = *s;
	return 0;
}

static int spec(struct sp_placement_spec *s, enum sp_placement_kind k, int also_index,
		const char *prefix, const char *name)
{
	int len;

	memset(s, 0, sizeof(*s));
	s->id = sp_placement_id_of(k, also_index);
	len = snprintf(s->name, sizeof(s->name), "%s%s", prefix, name);
	return len < 0 || (size_t)len >= sizeof(s->name) ? -EINVAL : 0;
}

int sp_placements_list(const struct sp_placements_in *in, struct sp_placement_spec *out, size_t max,
		       size_t *n)
{
	static const enum sp_placement_kind on_target[] = {SP_PL_START, SP_PL_END, SP_PL_FILE};
	struct sp_placement_spec s;
	int ret;

	*n = 0;
	if (!in || !in->layout)
		return -EINVAL;
	for (size_t i = 0; i < sizeof(on_target) / sizeof(on_target[0]); i++) {
		/* a placement on the target exists only where the plan has its partition */
		spec(&s, on_target[i], -1, "", sp_placement_kind_name(on_target[i]));
		if (sp_layout_part_index(in->layout, s.id.role) < 0)
			continue;
		if ((ret = add(in, out, max, n, &s)) < 0)
			return ret;
	}
	for (size_t i = 0; i < in->n_zram_algs; i++) {
		if (spec(&s, SP_PL_ZRAM, -1, "zram-", in->zram_algs[i]) < 0)
			return -EINVAL;
		snprintf(s.zram_alg, sizeof(s.zram_alg), "%s", in->zram_algs[i]);
		if ((ret = add(in, out, max, n, &s)) < 0)
			return ret;
	}
	for (size_t i = 0; i < in->n_zswap_algs; i++) {
		/* zswap sits in front of the start partition: without it there is nothing to
		 * put it in front of */
		if (sp_layout_part_index(in->layout, SP_PART_START) < 0)
			break;
		if (spec(&s, SP_PL_ZSWAP, -1, "zswap-", in->zswap_algs[i]) < 0)
			return -EINVAL;
		snprintf(s.zswap_alg, sizeof(s.zswap_alg), "%s", in->zswap_algs[i]);
		if ((ret = add(in, out, max, n, &s)) < 0)
			return ret;
	}
	for (size_t i = 0; i < in->n_also; i++) {
		/* the index is the device's own position, whatever --only drops around it */
		if (spec(&s, SP_PL_ALSO, (int)i, "dev-", in->also_names[i]) < 0)
			return -EINVAL;
		if ((ret = add(in, out, max, n, &s)) < 0)
			return ret;
	}
	spec(&s, SP_PL_NONE, -1, "", sp_placement_kind_name(SP_PL_NONE));
	if ((ret = add(in, out, max, n, &s)) < 0)
		return ret;
	if (in->with_ram) {
		spec(&s, SP_PL_RAM, -1, "", sp_placement_kind_name(SP_PL_RAM));
		if ((ret = add(in, out, max, n, &s)) < 0)
			return ret;
	}
	return *n ? 0 : -ENOENT;
}

/*
 * A zswap placement whose pool answered none of the fault probe's swap-ins measured its disk
 * (zswap refused the pages, or wrote them all through): not what its name says. Unknown
 * counters (-1) decide nothing.
 */
static int zswap_missed(const struct sp_result *res)
{
	const struct sp_zswap_result *z = &res->zswap;

	return res->id.kind == SP_PL_ZSWAP && z->done && z->fault_zswpin == 0 &&
	       res->fault_probe.real_swapins > 0;
}

enum sp_status sp_result_status(const struct sp_result *res, const struct sp_outcome *o)
{
	const struct sp_fault_probe *fp = &res->fault_probe;

	if (o->interrupted || o->activate_err)
		return SP_STATUS_FAILED;
	/* a fault (I/O error, vanished disk) or corrupted pages: no figure of it is a latency */
	if (res->error[0] || res->integrity.mismatches)
		return SP_STATUS_FAILED;
	if (sp_placement_swaps(res->id.kind)) {
		if (o->fault_err)
			return SP_STATUS_FAILED;
		if (fp->invalid || fp->lat.samples < SP_MIN_SWAPIN_SAMPLES)
			return SP_STATUS_INVALID;
		if (zswap_missed(res))
			return SP_STATUS_INVALID;
	}
	if (res->id.kind == SP_PL_NONE && !res->pressure_probe.done)
		return SP_STATUS_FAILED;
	/* the ram baseline has nothing but its job: a job that failed leaves it nothing */
	if (res->id.kind == SP_PL_RAM &&
	    (!res->scenarios.build.done || res->scenarios.build.status != SP_STATUS_OK))
		return SP_STATUS_FAILED;
	if (o->deactivate_err)
		return SP_STATUS_FAILED;
	return SP_STATUS_OK;
}

int sp_result_invalid_reason(const struct sp_result *res, const struct sp_outcome *o, char *buf,
			     size_t len)
{
	const struct sp_fault_probe *fp = &res->fault_probe;

	if (!sp_placement_swaps(res->id.kind))
		return -EINVAL;
	if (fp->invalid) {
		/* the probe's diagnosis names the cause; the counts alone are the fallback */
		if (o->fault_diagnosis && o->fault_diagnosis[0])
			snprintf(buf, len, "%s", o->fault_diagnosis);
		else
			snprintf(buf, len,
				 "%llu timed touches but %llu real swap-ins, cause not diagnosed",
				 (unsigned long long)fp->touches,
				 (unsigned long long)fp->real_swapins);
		return 0;
	}
	if (fp->lat.samples < SP_MIN_SWAPIN_SAMPLES) {
		snprintf(buf, len,
			 "only %llu swap-ins were timed in %.0f s (at least %d make a median): "
			 "filling and evicting took the time; give it more --time-per-placement",
			 (unsigned long long)fp->lat.samples, o->fault_time_s,
			 SP_MIN_SWAPIN_SAMPLES);
		return 0;
	}
	if (zswap_missed(res)) {
		snprintf(
		    buf, len,
		    "zswap answered none of the %llu swap-ins (zswpin did not rise, %lld pages "
		    "were read from the swap device): the start partition was measured, not "
		    "zswap-%s",
		    (unsigned long long)res->fault_probe.real_swapins,
		    (long long)res->zswap.fault_pswpin, res->zswap.compressor);
		return 0;
	}
	return -EINVAL;
}

void sp_result_settle(struct sp_result *res, const struct sp_outcome *o)
{
	char cause[sizeof(res->reason)], earlier[sizeof(res->reason)];

	if (res->integrity.mismatches && !res->error[0])
		snprintf(res->error, sizeof(res->error),
			 "corruption: %llu of %llu pages read back from swap were not what was "
			 "written (the device returns wrong bytes)",
			 (unsigned long long)res->integrity.mismatches,
			 (unsigned long long)res->integrity.pages_checked);
	res->status = sp_result_status(res, o);
	if (o->interrupted) {
		snprintf(res->reason, sizeof(res->reason), "interrupted");
		return;
	}
	if (res->status != SP_STATUS_INVALID ||
	    sp_result_invalid_reason(res, o, cause, sizeof(cause)) < 0)
		return;
	memcpy(earlier, res->reason, sizeof(earlier));
	snprintf(res->reason, sizeof(res->reason), "%s", cause);
	if (earlier[0])
		sp_cat_sep(res->reason, sizeof(res->reason), "; ", "%s", earlier);
}
