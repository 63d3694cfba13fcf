/*
 * t-report-schema-tables-cover-the-file-once - the schema tables are the whole contract: no
 * object's table (with its flattened parts) names a key twice, and every key of every object in
 * the golden report.json, "analysis" aside, is a row of the table for that object. A key
 * written by hand outside the tables, or a row added twice, fails here.
 */
#include <jansson.h>

#include "check.h"
#include "core/report/report_schema.h"

/* the keys of table t as one object sees them: FLAT rows add their sub-table's keys */
static size_t keys_of(const struct sp_field *t, const char **keys, size_t n, size_t max)
{
	for (; t->key; t++) {
		if (t->type == SP_F_FLAT) {
			n = keys_of(t->sub, keys, n, max);
			continue;
		}
		for (size_t i = 0; i < n; i++)
			if (strcmp(keys[i], t->key) == 0) {
				fprintf(stderr, "key '%s' is in one object's table twice\n",
					t->key);
				check_failures++;
			}
		if (n < max)
			keys[n++] = t->key;
	}
	return n;
}

static const struct sp_field *row(const struct sp_field *t, const char *key)
{
	for (; t->key; t++) {
		if (t->type == SP_F_FLAT) {
			const struct sp_field *r = row(t->sub, key);

			if (r)
				return r;
		} else if (strcmp(t->key, key) == 0) {
			return t;
		}
	}
	return NULL;
}

static size_t n_checked;

/* Every key of o has a row in t; nested objects and lists of objects are checked too. */
static void covered(const struct sp_field *t, json_t *o, const char *path)
{
	const char *keys[128];
	const char *k;
	json_t *v;

	keys_of(t, keys, 0, 128);
	json_object_foreach(o, k, v)
	{
		const struct sp_field *r = row(t, k);
		size_t i;
		json_t *x;

		if (!t[0].key || strcmp(k, "analysis") == 0)
			continue;
		n_checked++;
		if (!r) {
			fprintf(stderr, "%s.%s: no row in the schema tables\n", path, k);
			check_failures++;
			continue;
		}
		if ((r->type == SP_F_OBJ || r->type == SP_F_SECTION) && json_is_object(v))
			covered(r->sub, v, k);
		if (r->type == SP_F_LIST && json_is_array(v))
			json_array_foreach(v, i, x) covered(r->sub, x, k);
	}
}

int main(void)
{
	json_error_t je;
	json_t *root = json_load_file("tests/golden/report-synthetic.json", 0, &je);
	const char *keys[128];

	if (!root) {
		fprintf(stderr, "cannot read the golden file (run from the repository root): %s\n",
			je.text);
		return 1;
	}
	CHECK(keys_of(sp_schema_report, keys, 0, 128) >= 13);
	covered(sp_schema_report, root, "report");
	/* the golden file has every section: far more keys than the top level's */
	CHECK(n_checked > 200);
	json_decref(root);
	return CHECK_DONE();
}
