/*
 * plan.h - the partition layout swapplace writes on a sacrificial disk, computed from its
 * geometry alone (pure: no device is touched).
 *
 * The point of the layout is the three places a swap area can live on one disk: a swap
 * partition at the very start, a swap file in an ext4 data partition, and a swap partition at
 * the very end. On a rotating disk the outer tracks (low LBAs) are faster than the inner ones,
 * so the end partition must really end at the last usable LBA, or the comparison measures less
 * than it claims. Where the data partition goes is the layout's kind (enum sp_layout_kind):
 * "installed" (the default) lays the disk out as an installed system is, the data partition
 * filling everything between the swap partitions, so the swap file and the job's files lie
 * near its start as on a real root filesystem; "centred" keeps a small data partition mid-disk,
 * so start, file and end sample the outer, middle and inner tracks.
 *
 * All sector numbers in struct sp_layout are 512-byte sectors from the start of the whole disk,
 * whatever the disk's logical sector size; every boundary is a multiple of the logical sector
 * size, so converting to logical sectors is an exact division.
 */
#ifndef SP_PLAN_H
#define SP_PLAN_H

#include <stdint.h>

#define SP_PLAN_PARTS 3
#define SP_PLAN_START 0 /* index in parts[]; partition number is index + 1 */
#define SP_PLAN_DATA 1
#define SP_PLAN_END 2

/*
 * What a partition (or a placement) lives on, typed: behaviour follows this, never the role
 * string (which is only the partition's GPT name, "swapplace-<role>").
 */
enum sp_part_role {
	SP_PART_NONE = 0, /* not on a partition we lay out: zram, no swap, an existing area */
	SP_PART_START,	  /* the swap partition at the disk's start */
	SP_PART_DATA,	  /* the ext4 partition holding the swap file */
	SP_PART_END,	  /* the swap partition at the disk's end */
	SP_PART_SWAP,	  /* the one swap partition of an --also device (sp_plan_single) */
};

/* Where the data partition goes; docs/method.md says what each answers. */
enum sp_layout_kind {
	SP_LAYOUT_INSTALLED = 0, /* start swap | data filling the rest | end swap */
	SP_LAYOUT_CENTRED,	 /* start swap | free | data (file + extra) mid-disk | free | end */
	SP_LAYOUT_KINDS
};

/* "installed", "centred"; "" for a value out of range. */
const char *sp_layout_kind_name(enum sp_layout_kind k);

/* The kind named name. Returns: 0, or -EINVAL for an unknown name (NULL is the default). */
int sp_layout_kind_parse(const char *name, enum sp_layout_kind *k);

struct sp_plan_opts {
	enum sp_layout_kind layout; /* default (0): installed */
	uint64_t swap_part_bytes;   /* each swap partition; default 1 GiB (rounded up to align) */
	uint64_t swapfile_bytes;    /* the swap file in the data fs; default = swap_part_bytes */
	uint64_t
	    data_extra_bytes; /* data fs room beyond the file (ext4 metadata, slack); 256 MiB;
			       * the data partition's size when centred, its least when installed */
	uint32_t align_bytes; /* partition alignment; default 1 MiB */
};

struct sp_layout {
	enum sp_layout_kind kind; /* SP_LAYOUT_INSTALLED from sp_plan_single */
	uint64_t disk_bytes;
	uint32_t sector_bytes; /* logical sector size of the disk */
	uint32_t n_parts;      /* 3 from sp_plan_layout, 1 from sp_plan_single */
	struct sp_part {
		char role[8];			/* "start", "data", "end"; "swap": the GPT name */
		enum sp_part_role kind;		/* the same, typed */
		uint64_t start_sector, sectors; /* 512-byte units */
	} parts[SP_PLAN_PARTS];
	uint64_t swapfile_bytes;
	/* GPT usable area, inclusive, 512-byte units: first_usable is the first 512-byte sector of
	 * the first usable LBA, last_usable the last 512-byte sector of the last usable LBA. */
	uint64_t first_usable, last_usable;
};

/* Fill o with the defaults above. */
void sp_plan_defaults(struct sp_plan_opts *o);

/*
 * Plan a GPT layout for a disk of disk_bytes with logical sectors of logical_sector_bytes
 * (512 or any power of two up to 64 KiB). o may be NULL for the defaults; zero fields take
 * their default too. Both kinds put the start partition at the first aligned sector and end
 * the end partition on the last usable LBA; installed: the data partition begins where the
 * start partition ends and ends where the end partition begins; centred: it holds the file
 * plus the extra room and is centred in the space between.
 * Returns: 0 on success, -EINVAL for a bad geometry or options, -ENOSPC when the disk is too
 * small (sp_plan_min_disk_bytes() says how large it must be).
 */
int sp_plan_layout(uint64_t disk_bytes, uint32_t logical_sector_bytes, const struct sp_plan_opts *o,
		   struct sp_layout *out);

/*
 * Plan a GPT with one swap partition of swap_bytes (0: 1 GiB; rounded up to 1 MiB) at the
 * first aligned sector, for an --also device (an SSD or NVMe placement). parts[0] has role
 * "swap"; swapfile_bytes is 0.
 * Returns: 0 on success, -EINVAL for a bad geometry, -ENOSPC when it does not fit.
 */
int sp_plan_single(uint64_t disk_bytes, uint32_t logical_sector_bytes, uint64_t swap_bytes,
		   struct sp_layout *out);

/*
 * The smallest disk on which sp_plan_layout() succeeds with these options, for 512-byte and
 * 4096-byte logical sectors alike (o may be NULL). Returns 0 for invalid options.
 */
uint64_t sp_plan_min_disk_bytes(const struct sp_plan_opts *o);

#endif
