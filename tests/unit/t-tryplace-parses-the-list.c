/*
 * t-tryplace-parses-the-list - `measure --try LIST`: zram (the machine's compressor), zram-ALG,
 * file (the default directory) and file:DIR in the order given, none accepted and dropped (the
 * baseline is always there); an empty list or item, an unknown word, a second file, the same
 * zram twice and too many items are refused with the item named; the placements are named
 * try-zram-ALG and try-file.
 */
#include <errno.h>

#include "check.h"
#include "core/plan/tryplace.h"

int main(void)
{
	struct sp_try_item it[SP_TRY_MAX];
	char name[48];
	struct sp_err e;
	size_t n;

	CHECK(sp_try_parse("zram,file", it, SP_TRY_MAX, &n, &e) == 0);
	CHECK_EQ_U64(n, 2);
	CHECK(it[0].kind == SP_TRY_ZRAM && !strcmp(it[0].alg, ""));
	CHECK(it[1].kind == SP_TRY_FILE);
	CHECK_STR(it[1].dir, SP_TRY_DEFAULT_DIR);
	CHECK(sp_try_name(&it[1], "", name, sizeof(name)) == 0);
	CHECK_STR(name, "try-file");
	CHECK(sp_try_name(&it[0], "lzo-rle", name, sizeof(name)) == 0);
	CHECK_STR(name, "try-zram-lzo-rle");

	CHECK(sp_try_parse("file:/srv/data,zram-lz4,none,zram-zstd", it, SP_TRY_MAX, &n, &e) == 0);
	CHECK_EQ_U64(n, 3);
	CHECK(it[0].kind == SP_TRY_FILE);
	CHECK_STR(it[0].dir, "/srv/data");
	CHECK_STR(it[1].alg, "lz4");
	CHECK_STR(it[2].alg, "zstd");
	CHECK(sp_try_parse("none", it, SP_TRY_MAX, &n, &e) == 0);
	CHECK_EQ_U64(n, 0);

	CHECK(sp_try_parse("", it, SP_TRY_MAX, &n, &e) == -EINVAL);
	CHECK(sp_try_parse(NULL, it, SP_TRY_MAX, &n, &e) == -EINVAL);
	CHECK(sp_try_parse("zram,,file", it, SP_TRY_MAX, &n, &e) == -EINVAL);
	CHECK(strstr(e.reason, "empty item") != NULL);
	CHECK(sp_try_parse("zram,", it, SP_TRY_MAX, &n, &e) == -EINVAL);
	CHECK(sp_try_parse("zram,disk", it, SP_TRY_MAX, &n, &e) == -EINVAL);
	CHECK(strstr(e.reason, "unknown item 'disk'") != NULL);
	CHECK(sp_try_parse("zram-", it, SP_TRY_MAX, &n, &e) == -EINVAL);
	CHECK(sp_try_parse("file:", it, SP_TRY_MAX, &n, &e) == -EINVAL);
	CHECK(sp_try_parse("files", it, SP_TRY_MAX, &n, &e) == -EINVAL);
	CHECK(sp_try_parse("file,file:/srv", it, SP_TRY_MAX, &n, &e) == -EINVAL);
	CHECK(strstr(e.reason, "second swap file") != NULL);
	CHECK(sp_try_parse("zram-lz4,zram-lz4", it, SP_TRY_MAX, &n, &e) == -EINVAL);
	CHECK(strstr(e.reason, "same zram twice") != NULL);
	CHECK(sp_try_parse("zram,zram", it, SP_TRY_MAX, &n, &e) == -EINVAL);
	CHECK(sp_try_parse("zram-a,zram-b,zram-c", it, 2, &n, &e) == -EINVAL);
	CHECK(strstr(e.reason, "too many") != NULL);
	CHECK(sp_try_parse("zram-0123456789012345678901234567890123456789", it, SP_TRY_MAX, &n,
			   &e) == -EINVAL);
	return CHECK_DONE();
}
