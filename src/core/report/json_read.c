/*
 * json_read.c - report.json's reader (see json_read.h): jansson parses the text, the schema
 * tables of report_schema.c say where each key goes (the same rows json_build.c writes from).
 * Unknown keys are skipped, missing optional ones keep their zero; every wrong type or length
 * is refused with the key's path in the reason.
 */
#include "core/report/json_read.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/err.h"
#include "core/model/report.h"
#include "core/report/report_schema.h"

static int get_u64(json_t *v, uint64_t max, uint64_t *out)
{
	json_int_t i;

	if (!json_is_integer(v))
		return -EINVAL;
	i = json_integer_value(v);
	if (i < 0 || (uint64_t)i > max)
		return -EINVAL;
	*out = (uint64_t)i;
	return 0;
}

/* Where a nested value is, for messages: the top level's children go by their own key. */
static void child_path(char *sub, size_t len, const char *path, const char *key)
{
	if (strcmp(path, "report") == 0)
		snprintf(sub, len, "%s", key);
	else
		snprintf(sub, len, "%s.%s", path, key);
}

static int obj_into(const struct sp_field *t, void *base, json_t *o, const char *path,
		    struct sp_err *e);

static int list_into(const struct sp_field *t, char *base, json_t *v, const char *path,
		     struct sp_err *e)
{
	char sub[160], elem[192];
	json_t *x;
	size_t i;
	int ret;

	child_path(sub, sizeof(sub), path, t->key);
	if (!json_is_array(v))
		return sp_err_set(e, -EINVAL, "%s: expected a list", sub);
	if (json_array_size(v) > t->max)
		return sp_err_set(e, -EINVAL, "%s: more than %zu", sub, t->max);
	json_array_foreach(v, i, x)
	{
		snprintf(elem, sizeof(elem), "%s[%zu]", sub, i);
		ret = obj_into(t->sub, base + t->off + i * t->size, x, elem, e);
		if (ret < 0)
			return ret;
		if (t->post)
			t->post(base + t->off + i * t->size);
		*(size_t *)(base + t->aux) = i + 1;
	}
	return 0;
}

static int dbl_list_into(const struct sp_field *t, char *base, json_t *v, const char *path,
			 struct sp_err *e)
{
	double *d = (double *)(base + t->off);
	json_t *x;
	size_t i;

	if (!json_is_array(v))
		return sp_err_set(e, -EINVAL, "%s.%s: expected a list of numbers", path, t->key);
	if (json_array_size(v) > t->max)
		return sp_err_set(e, -EINVAL, "%s.%s: more than %zu", path, t->key, t->max);
	json_array_foreach(v, i, x)
	{
		if (json_is_null(x))
			d[i] = NAN;
		else if (json_is_number(x))
			d[i] = json_number_value(x);
		else
			return sp_err_set(e, -EINVAL, "%s.%s[%zu]: expected a number", path, t->key,
					  i);
	}
	if (t->flags & SP_FF_COUNT_U32)
		*(uint32_t *)(base + t->aux) = (uint32_t)json_array_size(v);
	else
		*(size_t *)(base + t->aux) = json_array_size(v);
	return 0;
}

static int pair_list_into(const struct sp_field *t, char *base, json_t *v, const char *path,
			  struct sp_err *e)
{
	double *a = (double *)(base + t->off), *b = (double *)(base + t->off + t->size);
	json_t *x;
	size_t i;

	if (json_is_null(v))
		return 0;
	if (!json_is_array(v))
		return sp_err_set(e, -EINVAL, "%s.%s: expected a list of [number, number]", path,
				  t->key);
	if (json_array_size(v) > t->max)
		return sp_err_set(e, -EINVAL, "%s.%s: more than %zu", path, t->key, t->max);
	json_array_foreach(v, i, x)
	{
		json_t *x0 = json_array_get(x, 0), *x1 = json_array_get(x, 1);

		if (!json_is_array(x) || json_array_size(x) != 2 ||
		    !(json_is_number(x0) || json_is_null(x0)) ||
		    !(json_is_number(x1) || json_is_null(x1)))
			return sp_err_set(e, -EINVAL, "%s.%s[%zu]: expected [number, number]", path,
					  t->key, i);
		a[i] = json_is_null(x0) ? NAN : json_number_value(x0);
		b[i] = json_is_null(x1) ? NAN : json_number_value(x1);
	}
	*(size_t *)(base + t->aux) = json_array_size(v);
	return 0;
}

static int str_list_into(const struct sp_field *t, char *base, json_t *v, const char *path,
			 struct sp_err *e)
{
	char *d = base + t->off;
	json_t *x;
	size_t i;

	if (!json_is_array(v))
		return sp_err_set(e, -EINVAL, "%s.%s: expected a list of strings", path, t->key);
	if (json_array_size(v) > t->max)
		return sp_err_set(e, -EINVAL, "%s.%s: more than %zu", path, t->key, t->max);
	json_array_foreach(v, i, x)
	{
		if (!json_is_string(x))
			return sp_err_set(e, -EINVAL, "%s.%s[%zu]: expected a string", path, t->key,
					  i);
		if (json_string_length(x) >= t->size)
			return sp_err_set(e, -EINVAL, "%s.%s[%zu]: longer than %zu bytes", path,
					  t->key, i, t->size - 1);
		memcpy(d + i * t->size, json_string_value(x), json_string_length(x) + 1);
	}
	*(size_t *)(base + t->aux) = json_array_size(v);
	return 0;
}

/* One value v of row t into dst. Returns: 0, or -EINVAL with the message in e. */
static int field_into(const struct sp_field *t, void *dst, json_t *v, const char *path,
		      struct sp_err *e)
{
	char sub[160];
	uint64_t u;
	int ev;

	switch (t->type) {
	case SP_F_STR:
		if (!json_is_string(v))
			return sp_err_set(e, -EINVAL, "%s.%s: expected a string", path, t->key);
		if (json_string_length(v) >= t->size)
			return sp_err_set(e, -EINVAL, "%s.%s: longer than %zu bytes", path, t->key,
					  t->size - 1);
		memcpy(dst, json_string_value(v), json_string_length(v) + 1);
		return 0;
	case SP_F_U64:
		if (get_u64(v, UINT64_MAX, &u) < 0)
			return sp_err_set(e, -EINVAL, "%s.%s: expected a non-negative integer",
					  path, t->key);
		*(uint64_t *)dst = u;
		return 0;
	case SP_F_U64_WIDE:
		if (json_is_string(v)) {
			const char *s = json_string_value(v);
			char *end;

			errno = 0;
			u = strtoull(s, &end, 10);
			if (errno || *end || end == s || *s < '0' || *s > '9')
				return sp_err_set(e, -EINVAL, "%s.%s: not a decimal number", path,
						  t->key);
		} else if (get_u64(v, UINT64_MAX, &u) < 0) {
			return sp_err_set(e, -EINVAL, "%s.%s: expected a non-negative integer",
					  path, t->key);
		}
		*(uint64_t *)dst = u;
		return 0;
	case SP_F_U32:
		if (get_u64(v, UINT32_MAX, &u) < 0)
			return sp_err_set(e, -EINVAL, "%s.%s: expected an integer 0..%u", path,
					  t->key, UINT32_MAX);
		*(uint32_t *)dst = (uint32_t)u;
		return 0;
	case SP_F_INT:
		if (!json_is_integer(v) || json_integer_value(v) < -2147483647 ||
		    json_integer_value(v) > 2147483647)
			return sp_err_set(e, -EINVAL, "%s.%s: expected an integer", path, t->key);
		*(int *)dst = (int)json_integer_value(v);
		return 0;
	case SP_F_BOOL:
		if (!json_is_boolean(v))
			return sp_err_set(e, -EINVAL, "%s.%s: expected true or false", path,
					  t->key);
		*(int *)dst = json_is_true(v);
		return 0;
	case SP_F_DBL:
		/* null is how a non-finite value was written */
		if (json_is_null(v))
			*(double *)dst = NAN;
		else if (json_is_number(v))
			*(double *)dst = json_number_value(v);
		else
			return sp_err_set(e, -EINVAL, "%s.%s: expected a number", path, t->key);
		return 0;
	case SP_F_ENUM:
		if (!json_is_string(v) || t->en->parse(json_string_value(v), &ev) < 0)
			return sp_err_set(e, -EINVAL, "%s.%s: expected %s", path, t->key,
					  t->en->expect);
		*(int *)dst = ev;
		return 0;
	case SP_F_INDEX:
		if (json_is_null(v)) {
			*(int *)dst = -1;
			return 0;
		}
		if (get_u64(v, 255, &u) < 0)
			return sp_err_set(e, -EINVAL, "%s.%s: expected null or 0 to 255", path,
					  t->key);
		*(int *)dst = (int)u;
		return 0;
	case SP_F_SCHEMA:
		if (!json_is_string(v))
			return sp_err_set(e, -EINVAL, "no \"%s\": not a swapplace report", t->key);
		if (strcmp(json_string_value(v), SP_SCHEMA) != 0)
			return sp_err_set(e, -EINVAL, "%s '%s' is not supported (expected '%s')",
					  t->key, json_string_value(v), SP_SCHEMA);
		snprintf(dst, t->size, "%s", SP_SCHEMA);
		return 0;
	case SP_F_TIME_ISO: {
		struct tm tm = {0};
		const char *end;

		if (json_is_string(v) && !json_string_value(v)[0])
			return 0; /* a time gmtime could not break down was written as "" */
		end = json_is_string(v) ? strptime(json_string_value(v), "%Y-%m-%dT%H:%M:%SZ", &tm)
					: NULL;
		if (!end || *end)
			return sp_err_set(e, -EINVAL, "%s.%s: expected YYYY-MM-DDTHH:MM:SSZ", path,
					  t->key);
		*(time_t *)dst = timegm(&tm);
		return 0;
	}
	case SP_F_TIME_UNIX:
		if (!json_is_integer(v))
			return sp_err_set(e, -EINVAL, "%s.%s: expected an integer", path, t->key);
		*(time_t *)dst = (time_t)json_integer_value(v);
		return 0;
	case SP_F_OBJ:
	case SP_F_SECTION:
		/* absent or null: the section did not run */
		if (json_is_null(v))
			return 0;
		if (!json_is_object(v))
			return sp_err_set(e, -EINVAL, "%s.%s: expected an object or null", path,
					  t->key);
		child_path(sub, sizeof(sub), path, t->key);
		ev = obj_into(t->sub, dst, v, sub, e);
		if (ev == 0 && t->type == SP_F_SECTION && !t->present)
			*(int *)((char *)dst + t->aux) = 1;
		return ev;
	case SP_F_I64_NULL:
		if (json_is_null(v)) {
			*(int64_t *)dst = -1;
			return 0;
		}
		if (get_u64(v, INT64_MAX, &u) < 0)
			return sp_err_set(e, -EINVAL,
					  "%s.%s: expected null or a non-negative integer", path,
					  t->key);
		*(int64_t *)dst = (int64_t)u;
		return 0;
	case SP_F_FLAT: /* handled by obj_into: it reads from the same object */
	case SP_F_LIST: /* handled by obj_into: the count lives beside the elements */
	case SP_F_DBL_LIST:
	case SP_F_STR_LIST:
	case SP_F_PAIR_LIST:
		break;
	}
	return 0;
}

/* Does o hold any key of the table t (its FLAT parts' included)? */
static int any_key_in(const struct sp_field *t, json_t *o)
{
	for (; t->key; t++)
		if (t->type == SP_F_FLAT ? any_key_in(t->sub, o) : !!json_object_get(o, t->key))
			return 1;
	return 0;
}

/* Every row of t from the object o: the reader half of the schema tables. */
static int obj_into(const struct sp_field *t, void *base, json_t *o, const char *path,
		    struct sp_err *e)
{
	char *p = base;
	int ret;

	if (!json_is_object(o))
		return sp_err_set(e, -EINVAL, "%s: expected an object", path);
	for (; t->key; t++) {
		json_t *v = json_object_get(o, t->key);

		if (t->type == SP_F_FLAT) {
			if ((t->flags & SP_FF_COND) && !*(int *)(p + t->aux)) {
				/* no key says the condition: any of the part's keys does, or
				 * its first alone */
				if (!((t->flags & SP_FF_COND_FIRST)
					  ? !!json_object_get(o, t->sub->key)
					  : any_key_in(t->sub, o)))
					continue;
				*(int *)(p + t->aux) = 1;
			}
			ret = obj_into(t->sub, p + t->off, o, path, e);
		} else if ((t->flags & SP_FF_NULLIF) && (!v || json_is_null(v))) {
			*(int *)(p + t->aux) = 0; /* the kernel lacked the counter */
			ret = 0;
		} else if (!v) {
			/* missing fields keep their zero, an index its "none", unless the row
			 * knows how an older file said it */
			if (t->flags & SP_FF_REQUIRED)
				return t->type == SP_F_SCHEMA
					   ? sp_err_set(e, -EINVAL,
							"no \"%s\": not a swapplace report", t->key)
					   : sp_err_set(e, -EINVAL, "%s.%s: missing", path, t->key);
			if (t->type == SP_F_INDEX)
				*(int *)(p + t->off) = -1;
			if (t->type == SP_F_I64_NULL)
				*(int64_t *)(p + t->off) = -1;
			ret = 0;
			if (t->absent && t->absent(p) < 0)
				return sp_err_set(e, -EINVAL,
						  "%s.%s: missing, and nothing else says it", path,
						  t->key);
		} else if (t->type == SP_F_LIST) {
			ret = json_is_null(v) ? 0 : list_into(t, p, v, path, e);
		} else if (t->type == SP_F_DBL_LIST) {
			ret = dbl_list_into(t, p, v, path, e);
		} else if (t->type == SP_F_STR_LIST) {
			ret = str_list_into(t, p, v, path, e);
		} else if (t->type == SP_F_PAIR_LIST) {
			ret = pair_list_into(t, p, v, path, e);
		} else {
			ret = field_into(t, p + t->off, v, path, e);
		}
		if (ret < 0)
			return ret;
		if ((t->flags & SP_FF_NULLIF) && v && !json_is_null(v) && !*(int *)(p + t->aux))
			*(int *)(p + t->aux) = 1;
		if (t->type == SP_F_BOOL && t->implied_by && json_object_get(o, t->implied_by))
			*(int *)(p + t->off) = 1;
	}
	return 0;
}

int sp_report_json_parse(const char *text, size_t len, struct sp_report *r, struct sp_err *e)
{
	json_error_t je;
	json_t *root;
	int ret;

	sp_err_init(e);
	if (!text || !r)
		return sp_err_set(e, -EINVAL, NULL);
	root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
	if (!root)
		return sp_err_set(e, -EINVAL, "malformed JSON at line %d column %d: %s", je.line,
				  je.column, je.text);
	memset(r, 0, sizeof(*r));
	if (json_is_object(root))
		ret = obj_into(sp_schema_report, r, root, "report", e);
	else
		ret = sp_err_set(e, -EINVAL, "the top level is not an object");
	json_decref(root);
	return ret;
}
