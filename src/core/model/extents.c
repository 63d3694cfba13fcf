/*
 * extents.c - a bounded, sorted, merged set of disk extents (see extents.h).
 */
#include "core/model/extents.h"

#include <errno.h>
#include <string.h>

static uint64_t end_of(const struct sp_extent *e)
{
	return e->start_sector + e->sectors;
}

/* Make ext[i] cover ext[i + 1] too (and the gap between them), and drop ext[i + 1]. */
static void join(struct sp_extent *ext, size_t *n, size_t i)
{
	uint64_t end =
	    end_of(&ext[i + 1]) > end_of(&ext[i]) ? end_of(&ext[i + 1]) : end_of(&ext[i]);

	ext[i].sectors = end - ext[i].start_sector;
	memmove(&ext[i + 1], &ext[i + 2], (*n - i - 2) * sizeof(*ext));
	(*n)--;
}

int sp_extents_add(struct sp_extent *ext, size_t *n, size_t max, uint64_t start, uint64_t sectors)
{
	struct sp_extent all[SP_EXTENTS_ROOM_MAX + 1];
	size_t i = 0, m = *n;

	if (!sectors || !max || max > SP_EXTENTS_ROOM_MAX || *n > max)
		return -EINVAL;
	memcpy(all, ext, m * sizeof(*ext));
	while (i < m && all[i].start_sector < start)
		i++;
	memmove(&all[i + 1], &all[i], (m - i) * sizeof(*all));
	all[i] = (struct sp_extent){start, sectors};
	m++;
	/* neighbours that touch or overlap become one */
	for (size_t k = 0; k + 1 < m;) {
		if (all[k + 1].start_sector <= end_of(&all[k]))
			join(all, &m, k);
		else
			k++;
	}
	/* one too many: the closest neighbours become one extent over their gap */
	if (m > max) {
		size_t best = 0;
		uint64_t gap = UINT64_MAX;

		for (size_t k = 0; k + 1 < m; k++)
			if (all[k + 1].start_sector - end_of(&all[k]) < gap) {
				gap = all[k + 1].start_sector - end_of(&all[k]);
				best = k;
			}
		join(all, &m, best);
	}
	memcpy(ext, all, m * sizeof(*ext));
	*n = m;
	return 0;
}
