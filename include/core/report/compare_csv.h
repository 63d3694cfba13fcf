/*
 * compare_csv.h - a comparison of runs (core/findings/compare.h) as CSV.
 */
#ifndef SP_COMPARE_CSV_H
#define SP_COMPARE_CSV_H

#include <stdio.h>

#include "core/findings/compare.h"

/*
 * c as CSV (RFC 4180): a header "placement,metric,case,unit,run 1 (<run id>),...", then one
 * row per placement x metric with one column per run (empty: that run lacks it).
 * Returns: 0, -EINVAL, -EIO when out's error flag is set.
 */
int sp_compare_csv_write(FILE *out, const struct sp_compare *c);

#endif
