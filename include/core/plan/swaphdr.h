/*
 * swaphdr.h - builds the one-page header that makes a range of bytes a Linux swap area
 * (pure: fills a buffer; swap.h writes it).
 *
 * The layout is the kernel's union swap_header (include/linux/swap.h), version 1: 1024 bytes
 * of boot bits, then version, last_page, nr_badpages, a UUID and a 16-byte volume label, all in
 * the machine's byte order, and the magic "SWAPSPACE2" in the page's last 10 bytes. Writing it
 * ourselves keeps the tool working where no mkswap binary exists (the initramfs).
 */
#ifndef SP_SWAPHDR_H
#define SP_SWAPHDR_H

#include <stddef.h>
#include <stdint.h>

#define SP_SWAPHDR_VERSION_OFF 1024
#define SP_SWAPHDR_LAST_PAGE_OFF 1028
#define SP_SWAPHDR_NR_BADPAGES_OFF 1032
#define SP_SWAPHDR_UUID_OFF 1036
#define SP_SWAPHDR_LABEL_OFF 1052
#define SP_SWAPHDR_LABEL_MAX 16 /* bytes, not necessarily NUL-terminated in the header */
#define SP_SWAPHDR_MIN_PAGES 10 /* mkswap's lower limit */

/*
 * Fill page (page_size bytes: the system's page size, a power of two >= 4096) with a v1 swap
 * header for an area of area_bytes (the header page included; any tail shorter than a page is
 * unused). uuid may be NULL for an all-zero UUID, label NULL or "" for none.
 * Returns: 0 on success, -EINVAL when the page size is bad, the area is smaller than 10 pages
 * or has more pages than a 32-bit last_page can name, or the label is longer than 16 bytes.
 */
int sp_swaphdr_build(void *page, size_t page_size, uint64_t area_bytes, const uint8_t uuid[16],
		     const char *label);

#endif
