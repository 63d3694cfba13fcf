/*
 * t-swaphdr-is-probed-as-swap-by-libblkid - the header sp_swaphdr_build() writes has its
 * fields at the kernel's offsets, and libblkid, probing a regular file that holds it, says
 * TYPE=swap with the same UUID and LABEL and version 1 (no root: a file, not a device).
 */
#include <blkid.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "core/plan/swaphdr.h"

static uint32_t get_u32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static void check_offsets(void)
{
	static const uint8_t uuid[16] = {0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0x4d, 0xef,
					 0x81, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08};
	static unsigned char page[16384];
	size_t i;

	memset(page, 0xee, sizeof(page));
	CHECK(sp_swaphdr_build(page, 4096, 64ull << 20, uuid, "swapplace-t") == 0);
	for (i = 0; i < 1024; i++)
		if (page[i])
			break;
	CHECK_EQ_U64(i, 1024); /* boot bits cleared */
	CHECK_EQ_U64(get_u32(page + 1024), 1);
	CHECK_EQ_U64(get_u32(page + 1028), (64ull << 20) / 4096 - 1);
	CHECK_EQ_U64(get_u32(page + 1032), 0);
	CHECK(memcmp(page + 1036, uuid, 16) == 0);
	CHECK(memcmp(page + 1052, "swapplace-t\0\0\0\0\0", 16) == 0);
	CHECK(memcmp(page + 4096 - 10, "SWAPSPACE2", 10) == 0);
	CHECK_EQ_U64(page[4096], 0xee); /* nothing beyond the page */

	/* 16 KiB pages: magic moves, last_page counts 16 KiB pages; a partial tail is unused */
	CHECK(sp_swaphdr_build(page, 16384, (64ull << 20) + 8192, NULL, NULL) == 0);
	CHECK(memcmp(page + 16384 - 10, "SWAPSPACE2", 10) == 0);
	CHECK_EQ_U64(get_u32(page + 1028), (64ull << 20) / 16384 - 1);

	/* refusals */
	CHECK(sp_swaphdr_build(page, 4096, 9 * 4096 + 4095, uuid, NULL) == -EINVAL);
	CHECK(sp_swaphdr_build(page, 4096, 10 * 4096, uuid, NULL) == 0);
	CHECK_EQ_U64(get_u32(page + 1028), 9);
	CHECK(sp_swaphdr_build(page, 3000, 1 << 20, uuid, NULL) == -EINVAL);
	CHECK(sp_swaphdr_build(page, 4096, 1 << 20, uuid, "seventeen-chars-x") == -EINVAL);
	CHECK(sp_swaphdr_build(page, 4096, 1 << 20, uuid, "sixteen-chars-xx") == 0);
	CHECK(sp_swaphdr_build(page, 4096, 4096ull << 32 | 4096, uuid, NULL) == -EINVAL);
}

static void check_blkid(void)
{
	static const uint8_t uuid[16] = {0xde, 0xad, 0xbe, 0xef, 0x00, 0x11, 0x42, 0x33,
					 0x94, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb};
	static unsigned char page[4096];
	char path[] = "/tmp/t-swaphdr-XXXXXX";
	const char *type = NULL, *u = NULL, *label = NULL, *ver = NULL;
	blkid_probe pr;
	int fd;

	CHECK(sp_swaphdr_build(page, sizeof(page), 1 << 20, uuid, "swapplace-blk") == 0);
	fd = mkstemp(path);
	CHECK(fd >= 0);
	if (fd < 0)
		return;
	CHECK(pwrite(fd, page, sizeof(page), 0) == (ssize_t)sizeof(page));
	CHECK(ftruncate(fd, 1 << 20) == 0);
	close(fd);

	pr = blkid_new_probe_from_filename(path);
	CHECK(pr != NULL);
	if (pr) {
		blkid_probe_enable_superblocks(pr, 1);
		blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_UUID |
							  BLKID_SUBLKS_LABEL |
							  BLKID_SUBLKS_VERSION);
		CHECK(blkid_do_safeprobe(pr) == 0);
		blkid_probe_lookup_value(pr, "TYPE", &type, NULL);
		blkid_probe_lookup_value(pr, "UUID", &u, NULL);
		blkid_probe_lookup_value(pr, "LABEL", &label, NULL);
		blkid_probe_lookup_value(pr, "VERSION", &ver, NULL);
		CHECK(type && strcmp(type, "swap") == 0);
		CHECK(u && strcmp(u, "deadbeef-0011-4233-9455-66778899aabb") == 0);
		CHECK(label && strcmp(label, "swapplace-blk") == 0);
		CHECK(ver && strcmp(ver, "1") == 0);
		blkid_free_probe(pr);
	}
	unlink(path);
}

int main(void)
{
	check_offsets();
	check_blkid();
	return CHECK_DONE();
}
