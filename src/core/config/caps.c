/*
 * caps.c - the constrained box's pure half (see caps.h): --cpu-max and --io-max parsed and
 * checked before anything on the machine is touched, the text the cgroup files take, the
 * budget keeper's limit from the budget and the zram pool, and the report's summary of what
 * was applied where.
 */
#include "core/config/caps.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/config/units.h"

#define PAGE_BYTES 4096ull

int sp_caps_asked(const struct sp_caps *c)
{
	return c && (c->cpu_max > 0 || c->io_iops > 0);
}

/* digits with at most one '.', nothing else: no sign, exponent, unit or space */
static int plain_decimal(const char *s)
{
	int dots = 0, digits = 0;

	for (; *s; s++) {
		if (*s == '.')
			dots++;
		else if (*s >= '0' && *s <= '9')
			digits++;
		else
			return 0;
	}
	return digits > 0 && dots <= 1;
}

int sp_caps_parse_cpu(const char *s, double *cpus, struct sp_err *e)
{
	double v;

	if (!s || !plain_decimal(s))
		return sp_err_set(e, -EINVAL,
				  "invalid --cpu-max '%s': give a number of CPUs, e.g. 1 or 0.5",
				  s ? s : "");
	v = strtod(s, NULL);
	if (!(v >= SP_CPU_MAX_MIN) || v > SP_CPU_MAX_MAX)
		return sp_err_set(e, -EINVAL,
				  "--cpu-max '%s' is out of range: give %.2f to %.0f CPUs", s,
				  SP_CPU_MAX_MIN, SP_CPU_MAX_MAX);
	*cpus = v;
	return 0;
}

int sp_caps_parse_io(const char *s, uint64_t *iops, uint64_t *bps, struct sp_err *e)
{
	char head[32];
	const char *comma;
	size_t n;
	uint64_t i = 0, b = 0;

	if (!s)
		s = "";
	comma = strchr(s, ',');
	n = comma ? (size_t)(comma - s) : strlen(s);
	if (n == 0 || n >= sizeof(head))
		goto bad;
	memcpy(head, s, n);
	head[n] = '\0';
	if (sp_parse_u64(head, &i) < 0 || i == 0)
		goto bad;
	if (comma && (sp_parse_size(comma + 1, &b) < 0 || b == 0))
		goto bad;
	*iops = i;
	*bps = b;
	return 0;
bad:
	return sp_err_set(e, -EINVAL,
			  "invalid --io-max '%s': give IOPS[,BPS], e.g. 300 or 3000,50M "
			  "(a positive whole number of I/Os per second, then bytes per second)",
			  s);
}

uint64_t sp_caps_cpu_quota_us(double cpus, uint64_t period_us)
{
	double q = cpus * (double)period_us + 0.5;

	return q < 1000 ? 1000 : (uint64_t)q;
}

int sp_caps_cpu_max_text(double cpus, char *buf, size_t len)
{
	int n = snprintf(buf, len, "%llu %llu",
			 (unsigned long long)sp_caps_cpu_quota_us(cpus, SP_CPU_PERIOD_US),
			 SP_CPU_PERIOD_US);

	return n < 0 || (size_t)n >= len ? -ENOSPC : n;
}

int sp_caps_io_max_text(unsigned maj, unsigned min, uint64_t iops, uint64_t bps, char *buf,
			size_t len)
{
	int n;

	if (bps)
		n = snprintf(buf, len, "%u:%u riops=%llu wiops=%llu rbps=%llu wbps=%llu", maj, min,
			     (unsigned long long)iops, (unsigned long long)iops,
			     (unsigned long long)bps, (unsigned long long)bps);
	else
		n = snprintf(buf, len, "%u:%u riops=%llu wiops=%llu", maj, min,
			     (unsigned long long)iops, (unsigned long long)iops);
	return n < 0 || (size_t)n >= len ? -ENOSPC : n;
}

uint64_t sp_budget_floor(uint64_t budget_bytes)
{
	uint64_t f = budget_bytes / 100 * SP_BUDGET_FLOOR_PCT +
		     budget_bytes % 100 * SP_BUDGET_FLOOR_PCT / 100;

	return f / PAGE_BYTES * PAGE_BYTES;
}

uint64_t sp_budget_keep_limit(uint64_t budget_bytes, uint64_t pool_bytes, int *floor_hit)
{
	uint64_t floor = sp_budget_floor(budget_bytes), limit;

	limit = pool_bytes < budget_bytes ? budget_bytes - pool_bytes : 0;
	/* down to a whole step: the pool grows in small bits, the limit need not follow each */
	limit -= limit % SP_BUDGET_STEP_BYTES;
	if (limit < floor) {
		if (floor_hit)
			*floor_hit = 1;
		return floor;
	}
	return limit;
}

void sp_caps_summarise(const struct sp_caps *asked, const struct sp_result *res, size_t n,
		       struct sp_constraints *out)
{
	int cpu_ran = 0, io_ran = 0;

	memset(out, 0, sizeof(*out));
	out->cpu_max = NAN;
	out->io_max_iops = -1;
	out->io_max_bps = -1;
	if (!sp_caps_asked(asked))
		return;
	out->done = 1;
	if (asked->cpu_max > 0)
		out->cpu_max = asked->cpu_max;
	if (asked->io_iops) {
		out->io_max_iops = (int64_t)asked->io_iops;
		out->io_max_bps = asked->io_bps ? (int64_t)asked->io_bps : -1;
	}
	out->cpu_applied = asked->cpu_max > 0;
	out->io_applied = asked->io_iops > 0;
	snprintf(out->cpu_reason, sizeof(out->cpu_reason), "%s",
		 asked->cpu_max > 0 ? "" : "not asked");
	snprintf(out->io_reason, sizeof(out->io_reason), "%s", asked->io_iops ? "" : "not asked");
	for (size_t i = 0; i < n; i++) {
		const struct sp_box_applied *b = &res[i].constraints;

		if (!b->done || !b->ran)
			continue;
		if (asked->cpu_max > 0) {
			cpu_ran = 1;
			if (!b->cpu_applied && out->cpu_applied) {
				out->cpu_applied = 0;
				snprintf(out->cpu_reason, sizeof(out->cpu_reason), "%s (%s)",
					 b->cpu_reason, res[i].placement);
			}
		}
		if (asked->io_iops && !b->io_moot) {
			io_ran = 1;
			if (!b->io_applied && out->io_applied) {
				out->io_applied = 0;
				snprintf(out->io_reason, sizeof(out->io_reason), "%s (%s)",
					 b->io_reason, res[i].placement);
			}
		}
	}
	if (asked->cpu_max > 0 && !cpu_ran) {
		out->cpu_applied = 0;
		snprintf(out->cpu_reason, sizeof(out->cpu_reason),
			 "not applied: no workload ran (--scenario none?)");
	}
	if (asked->io_iops && !io_ran) {
		out->io_applied = 0;
		snprintf(out->io_reason, sizeof(out->io_reason),
			 "not applied: no workload ran on a placement with a swap device");
	}
}

int sp_caps_parse_io_stat(const char *text, const char *majmin, struct sp_io_stat *out)
{
	size_t n = strlen(majmin);
	const char *line, *next;

	memset(out, 0, sizeof(*out));
	if (!n)
		return -ENOENT;
	for (line = text; line && *line; line = next) {
		struct {
			const char *key;
			uint64_t *v;
		} keys[] = {{"rbytes=", &out->rbytes},
			    {"wbytes=", &out->wbytes},
			    {"rios=", &out->rios},
			    {"wios=", &out->wios}};
		const char *end = strchr(line, '\n');
		int found = 0;

		next = end ? end + 1 : NULL;
		if (!end)
			end = line + strlen(line);
		/* "8:1 " must not match "8:16 ..." */
		if (strncmp(line, majmin, n) || line[n] != ' ')
			continue;
		for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
			size_t kl = strlen(keys[i].key);

			/* a key follows a space: "rios=" is not the tail of "dios=" */
			for (const char *p = line + n; p + kl < end; p++) {
				if (p[-1] != ' ' || strncmp(p, keys[i].key, kl))
					continue;
				if (p[kl] < '0' || p[kl] > '9')
					return -EINVAL;
				*keys[i].v = strtoull(p + kl, NULL, 10);
				found++;
				break;
			}
		}
		return found == 4 ? 0 : -EINVAL;
	}
	return -ENOENT;
}
