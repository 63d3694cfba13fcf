/*
 * swaphdr.c - the v1 swap header (see swaphdr.h). Offsets are spelled out rather than taken
 * from a struct so the layout is visible and does not depend on the compiler's padding.
 */
#include "core/plan/swaphdr.h"

#include <errno.h>
#include <string.h>

static void put_u32(unsigned char *p, uint32_t v)
{
	memcpy(p, &v, sizeof(v)); /* native byte order, as the kernel reads it */
}

int sp_swaphdr_build(void *page, size_t page_size, uint64_t area_bytes, const uint8_t uuid[16],
		     const char *label)
{
	unsigned char *p = page;
	uint64_t pages;
	size_t label_len = label ? strlen(label) : 0;

	if (page_size < 4096 || (page_size & (page_size - 1)))
		return -EINVAL;
	pages = area_bytes / page_size;
	if (pages < SP_SWAPHDR_MIN_PAGES || pages - 1 > UINT32_MAX)
		return -EINVAL;
	if (label_len > SP_SWAPHDR_LABEL_MAX)
		return -EINVAL;

	memset(p, 0, page_size);
	put_u32(p + SP_SWAPHDR_VERSION_OFF, 1);
	put_u32(p + SP_SWAPHDR_LAST_PAGE_OFF, (uint32_t)(pages - 1));
	put_u32(p + SP_SWAPHDR_NR_BADPAGES_OFF, 0);
	if (uuid)
		memcpy(p + SP_SWAPHDR_UUID_OFF, uuid, 16);
	if (label_len)
		memcpy(p + SP_SWAPHDR_LABEL_OFF, label, label_len);
	memcpy(p + page_size - 10, "SWAPSPACE2", 10);
	return 0;
}
