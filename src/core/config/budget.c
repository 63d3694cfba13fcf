/*
 * budget.c - the default budget as a share of the RAM, and the judgement whether the machine can
 * afford a run (core/config/budget.h). Pure: figures in, figures and sentences out.
 */
#include "core/config/budget.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/config/units.h"

#define MIB (1ull << 20)

int sp_budget_choose(uint64_t ram_bytes, uint64_t available_bytes, uint64_t given_bytes,
		     struct sp_budget *b)
{
	uint64_t fits;

	*b = (struct sp_budget){0};
	if (!ram_bytes || !available_bytes || available_bytes > ram_bytes)
		return -EINVAL;
	b->ram_pct = SP_BUDGET_RAM_PCT;
	b->floor_bytes = SP_BUDGET_FLOOR_BYTES;
	b->ceiling_bytes = SP_BUDGET_CEILING_BYTES;
	b->headroom_bytes = SP_BUDGET_HEADROOM_BYTES;
	b->ram_bytes = ram_bytes;
	b->available_bytes = available_bytes;
	/* exact, without overflowing: a 1 GiB PC gets 256 MiB, not 255 */
	b->share_bytes =
	    ram_bytes / 100 * SP_BUDGET_RAM_PCT + ram_bytes % 100 * SP_BUDGET_RAM_PCT / 100;
	if (given_bytes) {
		b->budget_bytes = given_bytes;
		b->source = SP_BUDGET_GIVEN;
	} else {
		fits = available_bytes > SP_BUDGET_HEADROOM_BYTES
			   ? available_bytes - SP_BUDGET_HEADROOM_BYTES
			   : 0;
		b->budget_bytes = b->share_bytes;
		b->source = SP_BUDGET_RAM;
		if (fits < b->budget_bytes) {
			b->budget_bytes = fits;
			b->source = SP_BUDGET_AVAILABLE;
		}
		if (b->budget_bytes > SP_BUDGET_CEILING_BYTES) {
			b->budget_bytes = SP_BUDGET_CEILING_BYTES;
			b->source = SP_BUDGET_CEILING;
		}
		/* the floor last: a machine that cannot afford it is refused below, not shrunk */
		if (b->budget_bytes < SP_BUDGET_FLOOR_BYTES) {
			b->budget_bytes = SP_BUDGET_FLOOR_BYTES;
			b->source = SP_BUDGET_FLOOR;
		}
		b->budget_bytes -= b->budget_bytes % MIB;
	}
	b->need_bytes = b->budget_bytes + SP_BUDGET_HEADROOM_BYTES;
	if (b->need_bytes < b->budget_bytes) /* a --budget near 2^64 */
		b->need_bytes = UINT64_MAX;
	b->too_small = b->need_bytes > available_bytes;
	return 0;
}

const char *sp_budget_source_name(enum sp_budget_source s)
{
	switch (s) {
	case SP_BUDGET_GIVEN:
		return "given";
	case SP_BUDGET_RAM:
		return "ram";
	case SP_BUDGET_AVAILABLE:
		return "available";
	case SP_BUDGET_FLOOR:
		return "floor";
	case SP_BUDGET_CEILING:
		return "ceiling";
	}
	return "?";
}

int sp_budget_source_parse(const char *name, enum sp_budget_source *s)
{
	for (int i = SP_BUDGET_GIVEN; i <= SP_BUDGET_CEILING; i++)
		if (name && !strcmp(name, sp_budget_source_name((enum sp_budget_source)i))) {
			*s = (enum sp_budget_source)i;
			return 0;
		}
	return -EINVAL;
}

static int put(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int put(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	return n < 0 || (size_t)n >= len ? -ENOSPC : n;
}

int sp_budget_describe(const struct sp_budget *b, char *buf, size_t len)
{
	char a[32], r[32], f[32], c[32], v[32];

	sp_format_bytes(b->budget_bytes, a, sizeof(a));
	sp_format_bytes(b->ram_bytes, r, sizeof(r));
	sp_format_bytes(b->floor_bytes, f, sizeof(f));
	sp_format_bytes(b->ceiling_bytes, c, sizeof(c));
	sp_format_bytes(b->available_bytes, v, sizeof(v));
	switch (b->source) {
	case SP_BUDGET_GIVEN:
		return put(buf, len, "%s (--budget; %s RAM, %s available)", a, r, v);
	case SP_BUDGET_RAM:
		return put(buf, len, "%s, %u %% of %s RAM (floor %s, ceiling %s)", a, b->ram_pct, r,
			   f, c);
	case SP_BUDGET_AVAILABLE:
		return put(buf, len,
			   "%s, what %s available leaves beside the run's own memory "
			   "(%u %% of %s RAM would not fit)",
			   a, v, b->ram_pct, r);
	case SP_BUDGET_FLOOR:
		return put(buf, len, "%s, the floor (%u %% of %s RAM is less)", a, b->ram_pct, r);
	case SP_BUDGET_CEILING:
		return put(buf, len, "%s, the ceiling (%u %% of %s RAM is more)", a, b->ram_pct, r);
	}
	return -EINVAL;
}

int sp_budget_refusal(const struct sp_budget *b, char *buf, size_t len)
{
	char r[32], v[32], a[32], h[32], n[32], m[32];

	sp_format_bytes(b->ram_bytes, r, sizeof(r));
	sp_format_bytes(b->available_bytes, v, sizeof(v));
	sp_format_bytes(b->budget_bytes, a, sizeof(a));
	sp_format_bytes(SP_BUDGET_HEADROOM_BYTES, h, sizeof(h));
	sp_format_bytes(b->need_bytes, n, sizeof(n));
	if (b->source == SP_BUDGET_GIVEN) {
		uint64_t most = b->available_bytes > SP_BUDGET_HEADROOM_BYTES
				    ? b->available_bytes - SP_BUDGET_HEADROOM_BYTES
				    : 0;

		/* as it is typed: 1536M, not 1.5 GiB */
		snprintf(m, sizeof(m), "%lluM", (unsigned long long)(most / MIB));
		if (most >= SP_BUDGET_FLOOR_BYTES)
			return put(buf, len,
				   "--budget %s does not fit in this machine's memory: %s RAM, %s "
				   "available, and it needs %s with swapplace's own %s; give "
				   "--budget %s or less, or leave it out",
				   a, r, v, n, h, m);
	}
	sp_format_bytes(SP_BUDGET_FLOOR_BYTES + SP_BUDGET_HEADROOM_BYTES, m, sizeof(m));
	return put(buf, len,
		   "this machine is too small to run the probes: %s RAM, %s available, and the "
		   "smallest run needs %s (a budget of %s plus %s for swapplace and the kernel); "
		   "nothing was touched",
		   r, v, m, sp_format_bytes(SP_BUDGET_FLOOR_BYTES, a, sizeof(a)), h);
}
