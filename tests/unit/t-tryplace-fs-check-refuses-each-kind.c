/*
 * t-tryplace-fs-check-refuses-each-kind - the rules of `measure --try file:DIR` alone, on
 * facts built in code: ext4, xfs, f2fs and btrfs may hold the swap file; tmpfs and ramfs
 * (RAM), nfs, cifs, smb2, fuse, 9p, ceph (network and user-space), overlayfs, zfs, squashfs and an
 * unknown type are refused, each naming its filesystem; on btrfs the file must be made nocow unless
 * the directory is; a read-only mount is refused; the room is the file plus a margin of 5 % of the
 * filesystem (at least 64 MiB), and a refusal for room says both what is needed and what is free.
 */
#include <errno.h>

#include "check.h"
#include "core/plan/tryplace.h"

#define MIB (1ull << 20)
#define GIB (1ull << 30)

/* A filesystem of type magic, size_bytes big with free_bytes free, in 4 KiB blocks. */
static struct sp_try_fs fs_of(uint64_t magic, uint64_t size_bytes, uint64_t free_bytes)
{
	struct sp_try_fs fs = {.magic = magic, .block_bytes = 4096};

	fs.blocks = size_bytes / 4096;
	fs.avail_blocks = free_bytes / 4096;
	return fs;
}

static int check(uint64_t magic, struct sp_err *e)
{
	struct sp_try_fs fs = fs_of(magic, 100 * GIB, 50 * GIB);

	return sp_try_fs_check(&fs, 512 * MIB, e);
}

int main(void)
{
	static const struct {
		uint64_t magic;
		const char *name;
	} refused[] = {
	    {0x01021994, "tmpfs"}, {0x858458F6, "ramfs"},    {0x6969, "nfs"},
	    {0xFF534D42, "cifs"},  {0xFE534D42, "smb2"},     {0x65735546, "fuse"},
	    {0x01021997, "9p"},	   {0x00C36400, "ceph"},     {0x794C7630, "overlayfs"},
	    {0x2FC12FC1, "zfs"},   {0x73717368, "squashfs"},
	};
	static const uint64_t ok[] = {0xEF53, 0x58465342, 0xF2F52010};
	char want[64];
	struct sp_err e;
	const char *reason = e.reason;
	struct sp_try_fs fs;

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		CHECK(check(ok[i], &e) == 0);
		CHECK_STR(reason, "");
	}
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		CHECK(check(refused[i].magic, &e) == -EOPNOTSUPP);
		snprintf(want, sizeof(want), "it is on %s: ", refused[i].name);
		if (strncmp(reason, want, strlen(want)))
			fprintf(stderr, "0x%llx: '%s'\n", (unsigned long long)refused[i].magic,
				reason);
		CHECK(strncmp(reason, want, strlen(want)) == 0);
		CHECK_STR(sp_fs_magic_name(refused[i].magic), refused[i].name);
	}
	CHECK(check(0x01021994, &e) == -EOPNOTSUPP);
	CHECK(strstr(reason, "swap in RAM is no swap") != NULL);
	CHECK(check(0x6969, &e) == -EOPNOTSUPP);
	CHECK(strstr(reason, "network") != NULL);

	/* a type nobody listed: refused, by its number */
	CHECK(check(0x12345678, &e) == -EOPNOTSUPP);
	CHECK(strstr(reason, "type 0x12345678") != NULL);
	CHECK(sp_fs_magic_name(0x12345678) == NULL);

	/* btrfs holds it when the file is nocow: made so unless the directory makes it so */
	fs = fs_of(0x9123683E, 100 * GIB, 50 * GIB);
	CHECK(sp_try_fs_check(&fs, 512 * MIB, &e) == 0);
	CHECK(sp_try_fs_needs_nocow(&fs) == 1);
	fs.dir_nocow = 1;
	CHECK(sp_try_fs_check(&fs, 512 * MIB, &e) == 0);
	CHECK(sp_try_fs_needs_nocow(&fs) == 0);
	fs = fs_of(0xEF53, 100 * GIB, 50 * GIB);
	CHECK(sp_try_fs_needs_nocow(&fs) == 0);
	fs.dir_nocow = 1; /* ext4 has no such flag to need */
	CHECK(sp_try_fs_needs_nocow(&fs) == 0);

	/* read-only */
	fs = fs_of(0xEF53, 100 * GIB, 50 * GIB);
	fs.read_only = 1;
	CHECK(sp_try_fs_check(&fs, 512 * MIB, &e) == -EROFS);
	CHECK(strstr(reason, "read-only") != NULL);

	/* room: the margin is 5 % of the filesystem, at least 64 MiB */
	fs = fs_of(0xEF53, 100 * GIB, 50 * GIB);
	CHECK_EQ_U64(sp_try_margin_bytes(&fs), 5 * GIB);
	fs = fs_of(0xEF53, 512 * MIB, 512 * MIB);
	CHECK_EQ_U64(sp_try_margin_bytes(&fs), 64 * MIB);
	/* exactly the file plus the margin fits; a block less does not */
	fs = fs_of(0xEF53, 100 * GIB, 5 * GIB + 512 * MIB);
	CHECK(sp_try_fs_check(&fs, 512 * MIB, &e) == 0);
	fs.avail_blocks--;
	CHECK(sp_try_fs_check(&fs, 512 * MIB, &e) == -ENOSPC);
	fs = fs_of(0xEF53, 200 * MIB, 40 * MIB);
	CHECK(sp_try_fs_check(&fs, 64 * MIB, &e) == -ENOSPC);
	fprintf(stderr, "room: %s\n", reason);
	CHECK(strstr(reason, "has 40 MiB free") != NULL);
	CHECK(strstr(reason, "swap file of 64 MiB needs 128 MiB") != NULL);
	/* free space is what an unprivileged user may take: root's reserve stays */
	fs = fs_of(0xEF53, 100 * GIB, 50 * GIB);
	fs.avail_blocks = 0;
	CHECK(sp_try_fs_check(&fs, 512 * MIB, &e) == -ENOSPC);

	/* the file: twice the budget in whole MiB */
	CHECK_EQ_U64(sp_try_file_bytes(32 * MIB), 64 * MIB);
	CHECK_EQ_U64(sp_try_file_bytes(32 * MIB + 1), 65 * MIB);
	CHECK(sp_try_fs_check(NULL, 1, &e) == -EINVAL);
	return CHECK_DONE();
}
