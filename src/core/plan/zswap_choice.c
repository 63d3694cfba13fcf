/*
 * zswap_choice.c - which zswap-<alg> placements a run measures (see zswap_choice.h): --zswap's
 * word against what the kernel offers. Pure: names in, names out.
 */
#include "core/plan/zswap_choice.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/err.h"

int sp_zswap_alg_name_ok(const char *w, size_t len)
{
	if (!len || len >= SP_ZSWAP_ALG_MAX)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!((w[i] >= 'a' && w[i] <= 'z') || (w[i] >= '0' && w[i] <= '9') || w[i] == '-' ||
		      w[i] == '_'))
			return 0;
	return 1;
}

int sp_zswap_alg_add(char (*out)[SP_ZSWAP_ALG_MAX], size_t max, size_t *n, const char *name,
		     size_t len)
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
		    char (*out)[SP_ZSWAP_ALG_MAX], size_t max, size_t *n, struct sp_err *e)
{
	int ret = 0;

	*n = 0;
	sp_err_init(e);
	if (!opt || !*opt || !strcmp(opt, "default") || !strcmp(opt, "all")) {
		int all = opt && !strcmp(opt, "all");

		if (!have_zswap)
			return 0;
		if (current && sp_zswap_alg_name_ok(current, strlen(current)))
			ret = sp_zswap_alg_add(out, max, n, current, strlen(current));
		for (size_t i = 0; all && ret == 0 && i < n_offered; i++)
			if (sp_zswap_alg_name_ok(offered[i], strlen(offered[i])))
				ret = sp_zswap_alg_add(out, max, n, offered[i], strlen(offered[i]));
		return ret;
	}
	if (!strcmp(opt, "none"))
		return 0;
	for (const char *p = opt; *p;) {
		size_t len = strcspn(p, ",");

		if (!sp_zswap_alg_name_ok(p, len)) {
			return sp_err_set(e, -EINVAL,
					  "--zswap '%s': '%.*s' is no compressor's name (give "
					  "default, all, none or a comma list such as lz4,lzo)",
					  opt, (int)len, p);
		}
		ret = sp_zswap_alg_add(out, max, n, p, len);
		if (ret < 0)
			return ret;
		p += len;
		if (*p == ',')
			p++;
	}
	if (!have_zswap) {
		*n = 0;
		return sp_err_set(e, -EINVAL,
				  "--zswap '%s': this kernel has no zswap (no /sys/module/zswap)",
				  opt);
	}
	return 0;
}
