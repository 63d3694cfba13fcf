/*
 * zswap.c - the choice of zswap placements and the report's words about zswap (see zswap.h).
 * Pure: counts and names in, names and sentences out.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/measure/procparse.h"
#include "core/config/textfmt.h"
#include "core/findings/zswap.h"

/* A compressor's name as the kernel spells them (lzo-rle, lz4hc, 842, zstd). */
static int name_ok(const char *w, size_t len)
{
	if (!len || len >= SP_ZSWAP_ALG_MAX)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!((w[i] >= 'a' && w[i] <= 'z') || (w[i] >= '0' && w[i] <= '9') || w[i] == '-' ||
		      w[i] == '_'))
			return 0;
	return 1;
}

/* Append name (len bytes) unless it is there already. Returns 0 or -ENOSPC. */
static int add(char (*out)[SP_ZSWAP_ALG_MAX], size_t max, size_t *n, const char *name, size_t len)
{
	for (size_t i = 0; i < *n; i++)
		if (strlen(out[i]) == len && !strncmp(out[i], name, len))
			return 0;
	if (*n >= max)
		return -ENOSPC;
	snprintf(out[*n], SP_ZSWAP_ALG_MAX, "%.*s", (int)len, name);
	(*n)++;
	return 0;
}

int sp_zswap_choose(const char *opt, int have_zswap, const char *current,
		    const char (*offered)[SP_ZSWAP_ALG_MAX], size_t n_offered,
		    char (*out)[SP_ZSWAP_ALG_MAX], size_t max, size_t *n, char *err, size_t errlen)
{
	int ret = 0;

	*n = 0;
	if (errlen)
		err[0] = '\0';
	if (!opt || !*opt || !strcmp(opt, "default") || !strcmp(opt, "all")) {
		int all = opt && !strcmp(opt, "all");

		if (!have_zswap)
			return 0;
		if (current && name_ok(current, strlen(current)))
			ret = add(out, max, n, current, strlen(current));
		for (size_t i = 0; all && ret == 0 && i < n_offered; i++)
			if (name_ok(offered[i], strlen(offered[i])))
				ret = add(out, max, n, offered[i], strlen(offered[i]));
		return ret;
	}
	if (!strcmp(opt, "none"))
		return 0;
	for (const char *p = opt; *p;) {
		size_t len = strcspn(p, ",");

		if (!name_ok(p, len)) {
			snprintf(err, errlen,
				 "--zswap '%s': '%.*s' is no compressor's name (give "
				 "default, all, none or a comma list such as lz4,lzo)",
				 opt, (int)len, p);
			return -EINVAL;
		}
		ret = add(out, max, n, p, len);
		if (ret < 0)
			return ret;
		p += len;
		if (*p == ',')
			p++;
	}
	if (!have_zswap) {
		snprintf(err, errlen,
			 "--zswap '%s': this kernel has no zswap (no "
			 "/sys/module/zswap)",
			 opt);
		*n = 0;
		return -EINVAL;
	}
	return 0;
}

double sp_zswap_pool_share_pct(const struct sp_zswap_result *z)
{
	if (!z->done || z->fault_zswpin < 0 || z->fault_pswpin < 0 ||
	    z->fault_zswpin + z->fault_pswpin <= 0)
		return -1;
	return 100.0 * (double)z->fault_zswpin / (double)(z->fault_zswpin + z->fault_pswpin);
}

/* The start partition's result with a latency, or NULL. */
static const struct sp_result *start_of(const struct sp_report *r)
{
	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++)
		if (r->results[i].id.kind == SP_PL_START && r->results[i].status == SP_STATUS_OK &&
		    r->results[i].fault_probe.lat.samples)
			return &r->results[i];
	return NULL;
}

int sp_zswap_sentence(const struct sp_report *r, size_t i, char *buf, size_t len)
{
	const struct sp_result *res, *start;
	char a[16], b[16];
	double share;

	if (i >= r->n_results || i >= SP_MAX_RESULTS)
		return -EINVAL;
	res = &r->results[i];
	if (res->id.kind != SP_PL_ZSWAP || res->status != SP_STATUS_OK ||
	    !res->fault_probe.lat.samples)
		return -EINVAL;
	share = sp_zswap_pool_share_pct(&res->zswap);
	snprintf(buf, len, "%s in front of start: p50 swap-in %s us", res->placement,
		 sp_fmt_us(a, res->fault_probe.lat.p50_us));
	if (share >= 0)
		sp_cat(buf, len, ", %.0f %% of swap-ins answered from the pool", share);
	else
		sp_cat(buf, len, ", the share answered from the pool unknown (no zswpin counter)");
	if (res->zswap.pool_bytes > 0)
		sp_cat(buf, len, " (pool up to %.1f MiB)",
		       (double)res->zswap.pool_bytes / (1024.0 * 1024.0));
	start = start_of(r);
	if (start)
		sp_cat(buf, len, "; start alone: %s us",
		       sp_fmt_us(b, start->fault_probe.lat.p50_us));
	return 0;
}

int sp_zswap_run_sentence(const struct sp_report *r, char *buf, size_t len)
{
	const struct sp_zswap_run *z = &r->zswap;

	if (!z->done)
		return -EINVAL;
	if (z->enabled_before)
		snprintf(
		    buf, len,
		    "zswap was on before the run (compressor %s): it was disabled for every "
		    "placement but the zswap ones, so it never answered for a disk, and turned "
		    "back on afterwards",
		    z->compressor_before[0] ? z->compressor_before : "unknown");
	else
		snprintf(buf, len,
			 "zswap was off before the run (compressor %s) and stayed off outside the "
			 "zswap placements",
			 z->compressor_before[0] ? z->compressor_before : "unknown");
	return 0;
}

int sp_zswap_parse_counters(const char *vmstat, struct sp_zswap_counters *c)
{
	uint64_t v;

	if (sp_parse_vmstat(vmstat, "pswpin", &v) < 0)
		return -EINVAL;
	c->pswpin = (int64_t)v;
	c->zswpin = sp_parse_vmstat(vmstat, "zswpin", &v) == 0 ? (int64_t)v : -1;
	c->zswpout = sp_parse_vmstat(vmstat, "zswpout", &v) == 0 ? (int64_t)v : -1;
	return 0;
}

int64_t sp_zswap_delta(int64_t a, int64_t b)
{
	return a < 0 || b < a ? -1 : b - a;
}

int sp_zswap_parse_enabled(const char *text)
{
	if (!strcmp(text, "Y") || !strcmp(text, "y") || !strcmp(text, "1"))
		return 1;
	if (!strcmp(text, "N") || !strcmp(text, "n") || !strcmp(text, "0"))
		return 0;
	return -EINVAL;
}

/* The value of a "key : value" line of /proc/crypto at line (up to its end), or NULL. */
static const char *crypto_value(const char *line, const char *key, size_t *len)
{
	size_t k = strlen(key);
	const char *v;

	if (strncmp(line, key, k) || (line[k] != ' ' && line[k] != '\t' && line[k] != ':'))
		return NULL;
	v = strchr(line, ':');
	if (!v || v > line + strcspn(line, "\n"))
		return NULL;
	for (v++; *v == ' ' || *v == '\t'; v++)
		;
	*len = strcspn(v, "\n");
	while (*len && (v[*len - 1] == ' ' || v[*len - 1] == '\t'))
		(*len)--;
	return v;
}

int sp_parse_crypto_compressors(const char *text, char (*out)[SP_ZSWAP_ALG_MAX], size_t max,
				size_t *n)
{
	const char *name = NULL;
	size_t name_len = 0;
	int ret = 0;

	*n = 0;
	for (const char *line = text; line && *line;) {
		const char *v;
		size_t len;

		if ((v = crypto_value(line, "name", &len))) {
			name = v;
			name_len = len;
		} else if ((v = crypto_value(line, "type", &len)) && name &&
			   ((len == 11 && !strncmp(v, "compression", 11)) ||
			    (len == 5 && (!strncmp(v, "scomp", 5) || !strncmp(v, "acomp", 5))))) {
			if (name_ok(name, name_len) && add(out, max, n, name, name_len) < 0)
				ret = -E2BIG;
			name = NULL;
		}
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return ret;
}
