/*
 * tryplace.c - `measure --try`: its list, and whether a directory's filesystem may hold the
 * temporary swap file (see tryplace.h). Pure: decides from the facts the edge read.
 */
#include "core/plan/tryplace.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/config/units.h"

static int parse_error(struct sp_err *e, const char *what, const char *item, size_t n)
{
	return sp_err_set(e, -EINVAL,
			  "--try: %s '%.*s' (give zram, zram-ALG, file or file:DIR, "
			  "comma-separated)",
			  what, (int)n, item);
}

int sp_try_parse(const char *list, struct sp_try_item *out, size_t max, size_t *n, struct sp_err *e)
{
	size_t k, files = 0;

	*n = 0;
	sp_err_init(e);
	if (!list || !*list)
		return parse_error(e, "an empty list", "", 0);
	for (const char *p = list;; p += k + 1) {
		struct sp_try_item it;

		k = strcspn(p, ",");
		memset(&it, 0, sizeof(it));
		if (k == 0)
			return parse_error(e, "an empty item in", list, strlen(list));
		if (k == 4 && !strncmp(p, "none", 4)) {
			/* the baseline is always there: naming it is harmless */
		} else if ((k == 4 && !strncmp(p, "zram", 4)) ||
			   (k > 5 && !strncmp(p, "zram-", 5))) {
			it.kind = SP_TRY_ZRAM;
			if (k > 5 && k - 5 >= sizeof(it.alg))
				return parse_error(e, "a compressor name too long in", p, k);
			if (k > 5)
				memcpy(it.alg, p + 5, k - 5);
			for (size_t i = 0; i < *n; i++)
				if (out[i].kind == SP_TRY_ZRAM && !strcmp(out[i].alg, it.alg))
					return parse_error(e, "the same zram twice:", p, k);
		} else if ((k == 4 && !strncmp(p, "file", 4)) ||
			   (k > 5 && !strncmp(p, "file:", 5))) {
			it.kind = SP_TRY_FILE;
			if (k > 5 && k - 5 >= sizeof(it.dir))
				return parse_error(e, "a directory name too long in", p, k);
			if (k > 5)
				memcpy(it.dir, p + 5, k - 5);
			else
				snprintf(it.dir, sizeof(it.dir), "%s", SP_TRY_DEFAULT_DIR);
			if (files++)
				return parse_error(e, "a second swap file:", p, k);
		} else {
			return parse_error(e, "unknown item", p, k);
		}
		if (!(k == 4 && !strncmp(p, "none", 4))) {
			if (*n >= max)
				return parse_error(e, "too many items in", list, strlen(list));
			out[(*n)++] = it;
		}
		if (!p[k])
			break;
	}
	return 0;
}

int sp_try_name(const struct sp_try_item *it, const char *alg, char *buf, size_t len)
{
	int n = it->kind == SP_TRY_FILE ? snprintf(buf, len, "try-file")
					: snprintf(buf, len, "try-zram-%s", alg);

	return n < 0 || (size_t)n >= len ? -EINVAL : 0;
}

/* Why a network filesystem cannot hold swap: freeing memory would need the network (sockets,
 * buffers, a server's answer), which itself needs memory. */
#define NETWORK "a network filesystem: swapping to it needs the network to get memory back"
#define IN_RAM "it keeps its files in RAM, and swap in RAM is no swap"
#define READ_ONLY "a read-only format"

/* What a filesystem type means for a swap file: may it hold one, and why not. */
static const struct fs_rule {
	uint64_t magic;
	const char *name;
	const char *refusal; /* NULL: it may hold a swap file (btrfs: made nocow) */
} fs_rules[] = {
    {0xEF53, "ext2/3/4", NULL},
    {0x58465342, "xfs", NULL},
    {0xF2F52010, "f2fs", NULL},
    {0x9123683E, "btrfs", NULL},
    {0x01021994, "tmpfs", IN_RAM},
    {0x858458F6, "ramfs", IN_RAM},
    {0x6969, "nfs", NETWORK},
    {0xFF534D42, "cifs", NETWORK},
    {0xFE534D42, "smb2", NETWORK},
    {0x517B, "smb", NETWORK},
    {0x01021997, "9p", NETWORK},
    {0x00C36400, "ceph", NETWORK},
    {0x6B414653, "afs", NETWORK},
    {0x5346414F, "afs", NETWORK},
    {0x73757245, "coda", NETWORK},
    {0x65735546, "fuse",
     "its files are served by a user process, which may itself need the memory swap is meant to "
     "free"},
    {0x794C7630, "overlayfs", "the kernel cannot swap to a file on it (no block map)"},
    {0x2FC12FC1, "zfs", "zfs cannot hold a swap file (a zvol can, which --swap measures)"},
    {0x73717368, "squashfs", READ_ONLY},
    {0x9660, "iso9660", READ_ONLY},
    {0xE0F5E1E2, "erofs", READ_ONLY},
};

#define BTRFS_MAGIC 0x9123683Eull

static const struct fs_rule *rule_of(uint64_t magic)
{
	for (size_t i = 0; i < sizeof(fs_rules) / sizeof(fs_rules[0]); i++)
		if (fs_rules[i].magic == magic)
			return &fs_rules[i];
	return NULL;
}

const char *sp_fs_magic_name(uint64_t magic)
{
	const struct fs_rule *r = rule_of(magic);

	return r ? r->name : NULL;
}

uint64_t sp_try_file_bytes(uint64_t budget_bytes)
{
	uint64_t mib = 1ull << 20;

	return (budget_bytes * 2 + mib - 1) / mib * mib;
}

uint64_t sp_try_margin_bytes(const struct sp_try_fs *fs)
{
	uint64_t pct = fs->blocks / 100 * SP_TRY_MARGIN_PCT * fs->block_bytes;

	return pct > SP_TRY_MARGIN_MIN_BYTES ? pct : SP_TRY_MARGIN_MIN_BYTES;
}

int sp_try_fs_check(const struct sp_try_fs *fs, uint64_t file_bytes, struct sp_err *e)
{
	const struct fs_rule *r;
	uint64_t margin, need, avail;
	char a[32], b[32], c[32];

	sp_err_init(e);
	if (!fs)
		return sp_err_set(e, -EINVAL, NULL);
	r = rule_of(fs->magic);
	if (!r)
		return sp_err_set(e, -EOPNOTSUPP,
				  "it is on a filesystem of type 0x%llx, which swapplace does not "
				  "know to hold a swap file (ext2/3/4, xfs, f2fs, btrfs)",
				  (unsigned long long)fs->magic);
	/* btrfs is fine: the edge makes the file nocow (sp_try_fs_needs_nocow) */
	if (r->refusal)
		return sp_err_set(e, -EOPNOTSUPP, "it is on %s: %s", r->name, r->refusal);
	if (fs->read_only)
		return sp_err_set(e, -EROFS, "its %s filesystem is mounted read-only", r->name);
	margin = sp_try_margin_bytes(fs);
	need = file_bytes + margin;
	avail = fs->avail_blocks * fs->block_bytes;
	if (avail < need)
		return sp_err_set(
		    e, -ENOSPC,
		    "its %s filesystem has %s free, and the swap file of %s needs %s "
		    "with the margin left free (%d %% of the filesystem, at least %llu "
		    "MiB)",
		    r->name, sp_format_bytes(avail, a, sizeof(a)),
		    sp_format_bytes(file_bytes, b, sizeof(b)), sp_format_bytes(need, c, sizeof(c)),
		    SP_TRY_MARGIN_PCT, SP_TRY_MARGIN_MIN_BYTES >> 20);
	return 0;
}

int sp_try_fs_needs_nocow(const struct sp_try_fs *fs)
{
	return fs && fs->magic == BTRFS_MAGIC && !fs->dir_nocow;
}
