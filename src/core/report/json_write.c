/*
 * json_write.c - report.json's text: the tree json_build.c makes, printed deterministically
 * (see json_write.h).
 *
 * The tree is printed by dump() below rather than json_dumpf() because jansson prints doubles
 * with a fixed precision: either ugly (%.17g) or lossy (fewer digits), and lossy breaks
 * write -> read -> write identity. dump() prints the shortest form that reads back to the same
 * double, keys in the order they were added (the schema's), two-space indent.
 */
#include "core/report/json_write.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/findings/analysis.h"
#include "core/model/report.h"
#include "core/report/json_build.h"

/*
 * Shortest "%.Ng" that reads back to exactly v, widened so that values below 1e17 print in
 * plain notation (30.0, not 3e+01), and always with a '.' or an exponent so it reads as a real.
 */
static void dump_real(FILE *out, double v)
{
	char s[48], e[32];
	int prec, exp10;

	for (prec = 1; prec < 17; prec++) {
		snprintf(s, sizeof(s), "%.*g", prec, v);
		if (strtod(s, NULL) == v)
			break;
	}
	snprintf(e, sizeof(e), "%.16e", v);
	exp10 = atoi(strchr(e, 'e') + 1);
	if (exp10 >= 0 && exp10 < 17 && prec <= exp10)
		prec = exp10 + 1;
	snprintf(s, sizeof(s), "%.*g", prec, v);
	if (!strpbrk(s, ".eEn"))
		strcat(s, ".0");
	fputs(s, out);
}

static void dump_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c == '\t')
			fputs("\\t", out);
		else if (c < 0x20 || c == 0x7f)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

/* A pair of numbers ([pct, us] of a cdf) stays on one line: the list reads as a table. */
static int is_pair(json_t *v)
{
	return json_is_array(v) && json_array_size(v) == 2 &&
	       !json_is_object(json_array_get(v, 0)) && !json_is_array(json_array_get(v, 0)) &&
	       !json_is_object(json_array_get(v, 1)) && !json_is_array(json_array_get(v, 1)) &&
	       !json_is_string(json_array_get(v, 0)) && !json_is_string(json_array_get(v, 1));
}

/* Objects of one or two scalars stay on one line: extents read as a list, not a page. */
static int is_small(json_t *v)
{
	const char *k;
	json_t *m;
	size_t n = 0;

	json_object_foreach(v, k, m)
	{
		if (json_is_object(m) || json_is_array(m))
			return 0;
		n++;
	}
	return n <= 2;
}

static void dump(FILE *out, json_t *v, int depth)
{
	const char *k;
	json_t *m;
	size_t i;
	int first = 1, small;

	switch (json_typeof(v)) {
	case JSON_OBJECT:
		if (!json_object_size(v)) {
			fputs("{}", out);
			return;
		}
		small = is_small(v);
		fputc('{', out);
		json_object_foreach(v, k, m)
		{
			if (small)
				fputs(first ? "" : ", ", out);
			else
				fprintf(out, "%s\n%*s", first ? "" : ",", 2 * (depth + 1), "");
			first = 0;
			dump_string(out, k);
			fputs(": ", out);
			dump(out, m, depth + 1);
		}
		if (!small)
			fprintf(out, "\n%*s", 2 * depth, "");
		fputc('}', out);
		return;
	case JSON_ARRAY:
		if (!json_array_size(v)) {
			fputs("[]", out);
			return;
		}
		fputc('[', out);
		json_array_foreach(v, i, m)
		{
			fprintf(out, "%s\n%*s", first ? "" : ",", 2 * (depth + 1), "");
			first = 0;
			if (is_pair(m)) {
				fputc('[', out);
				dump(out, json_array_get(m, 0), depth + 2);
				fputs(", ", out);
				dump(out, json_array_get(m, 1), depth + 2);
				fputc(']', out);
				continue;
			}
			dump(out, m, depth + 1);
		}
		fprintf(out, "\n%*s]", 2 * depth, "");
		return;
	case JSON_STRING:
		dump_string(out, json_string_value(v));
		return;
	case JSON_INTEGER:
		fprintf(out, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		return;
	case JSON_REAL:
		dump_real(out, json_real_value(v));
		return;
	case JSON_TRUE:
		fputs("true", out);
		return;
	case JSON_FALSE:
		fputs("false", out);
		return;
	case JSON_NULL:
		fputs("null", out);
		return;
	}
}

int sp_report_json_write(FILE *out, const struct sp_report *r, const struct sp_findings *f)
{
	struct sp_findings own;
	json_t *root;

	if (!out || !r || r->n_results > SP_MAX_RESULTS || r->n_devices > SP_MAX_DEVICES)
		return -EINVAL;
	if (!f) {
		if (sp_analyse(r, &own) < 0)
			return -EINVAL;
		f = &own;
	}
	root = sp_report_json_tree(r, f);
	if (!root)
		return -ENOMEM;
	dump(out, root, 0);
	fputc('\n', out);
	json_decref(root);
	if (fflush(out) != 0 || ferror(out))
		return -EIO;
	return 0;
}
