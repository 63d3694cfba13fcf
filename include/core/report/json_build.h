/*
 * json_build.h - report.json's tree: a report and its findings as a jansson tree, keys in the
 * order the schema documents (docs/schema.md). json_write.c prints it; nothing else should
 * need it. Pure: allocation only.
 */
#ifndef SP_JSON_BUILD_H
#define SP_JSON_BUILD_H

#include <jansson.h>

#include "core/findings/analysis.h"
#include "core/model/report.h"

/*
 * The tree of r with the "analysis" section from f (both non-NULL).
 * Returns: a new reference (the caller json_decref()s it), or NULL when an allocation failed.
 */
json_t *sp_report_json_tree(const struct sp_report *r, const struct sp_findings *f);

#endif
