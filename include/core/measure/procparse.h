/*
 * procparse.h - parsers of /proc and /sys text: text in, structs out.
 *
 * Pure: no file is opened here (sysfs.h reads, these parse), so every parser is tested on text
 * captured from real machines (tests/fixtures/live). All return 0, -EINVAL on malformed text,
 * -ENOENT when a looked-up key is absent, or -E2BIG when a table has more rows than fit (the
 * rows that fit are filled and *n says how many).
 */
#ifndef SP_PROCPARSE_H
#define SP_PROCPARSE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "core/model/report.h"

/*
 * Undo the kernel's octal escapes (\040 space, \011 tab, \012 newline, \134 backslash) of
 * in[0..inlen). Returns: 0, -EINVAL on a bad escape, -ENAMETOOLONG when out is too small.
 */
int sp_unescape_octal(const char *in, size_t inlen, char *out, size_t outlen);

/* One line of /proc/swaps. */
struct sp_swap_entry {
	char path[256];	     /* unescaped: "/var/tmp/swap file" */
	char type[16];	     /* "partition" or "file" */
	uint64_t size_bytes; /* /proc/swaps counts KiB */
	uint64_t used_bytes;
	int prio;
	char dev_name[32]; /* filled by devices.c: the block device holding it, or "" */
};
int sp_parse_swaps(const char *text, struct sp_swap_entry *out, size_t max, size_t *n);

/* One line of /proc/self/mountinfo. */
struct sp_mount_entry {
	unsigned int major, minor; /* st_dev of the filesystem (0:N for btrfs, tmpfs, ...) */
	char root[256];		   /* the subtree mounted (bind mounts), unescaped */
	char mount_point[256];	   /* unescaped */
	char fstype[32];
	char source[256];  /* "/dev/sda1", "tmpfs", unescaped */
	char dev_name[32]; /* filled by devices.c: "sda1", or "" */
};
int sp_parse_mountinfo(const char *text, struct sp_mount_entry *out, size_t max, size_t *n);

/*
 * "key N" lines: /proc/vmstat ("pswpin 123") and the cgroup files of the same shape
 * (memory.stat, memory.events, memory.oom_control). The value of key, matched as a whole
 * word. Returns: 0, -ENOENT, -EINVAL.
 */
int sp_parse_vmstat(const char *text, const char *key, uint64_t *v);

/*
 * "MemTotal:   24684084 kB" lines: key without the colon; "kB" values are returned in bytes,
 * unitless ones (HugePages_Total) as they are. Returns: 0, -ENOENT, -EINVAL.
 */
int sp_parse_meminfo_bytes(const char *text, const char *key, uint64_t *bytes);

struct sp_cpuinfo {
	char model[128];     /* "model name" (x86), else "Hardware"/"cpu model"/"Model", or "" */
	uint32_t processors; /* count of "processor" lines */
};
int sp_parse_cpuinfo(const char *text, struct sp_cpuinfo *out);

/* /sys/block/zramN/mm_stat; older kernels print 7 or 8 fields, the rest stay 0. */
struct sp_zram_mm_stat {
	uint64_t orig_data_size, compr_data_size, mem_used_total, mem_limit, mem_used_max;
	uint64_t same_pages, pages_compacted, huge_pages, huge_pages_since;
	unsigned int fields; /* how many the kernel printed */
};
int sp_parse_mm_stat(const char *text, struct sp_zram_mm_stat *out);

#define SP_MAX_COMP_ALGS 16
/* /sys/block/zramN/comp_algorithm: "lzo [lzo-rle] lz4 zstd". */
struct sp_comp_algs {
	size_t n;
	char name[SP_MAX_COMP_ALGS][32];
	int current; /* index of the bracketed one */
};
int sp_parse_comp_algorithm(const char *text, struct sp_comp_algs *out);

/*
 * /sys/block/DEV/stat (Documentation/block/stat.rst): 11 fields, 15 since Linux 4.18 (discards),
 * 17 since 5.5 (flushes); the ones a kernel does not print stay 0. Sectors are 512 bytes.
 */
struct sp_blk_stat {
	uint64_t read_ios, read_sectors;
	uint64_t write_ios, write_sectors;
	uint64_t in_flight;
	uint64_t discard_ios, discard_sectors;
	uint64_t flush_ios;
	unsigned int fields; /* how many the kernel printed */
};
int sp_parse_blk_stat(const char *text, struct sp_blk_stat *out);

/* Requests that change the disk (writes, discards, flushes) completed from a to b: 0 when none,
 * or when a counter went backwards (a device detached and attached again between the two). */
uint64_t sp_blk_stat_writes_between(const struct sp_blk_stat *a, const struct sp_blk_stat *b);

/* Bytes written or discarded from a to b (0 when a counter went backwards). */
uint64_t sp_blk_stat_write_bytes_between(const struct sp_blk_stat *a, const struct sp_blk_stat *b);

/*
 * /proc/PID/smaps: the "Swap:" bytes of the mapping that contains addr (one mapping's own pages
 * out on swap, where VmSwap in /proc/PID/status is the whole process's; sp_parse_meminfo_bytes
 * reads that one). Returns: 0, -ENOENT (no such mapping, or no Swap line), -EINVAL.
 */
int sp_parse_smaps_swap(const char *text, uint64_t addr, uint64_t *bytes);

/* /proc/PID/stat or /proc/PID/task/TID/stat: minor and major fault counts (fields 10, 12). */
int sp_parse_pid_stat_faults(const char *text, uint64_t *minflt, uint64_t *majflt);

/*
 * A cpu list as in /sys/devices/system/cpu/online ("0-3,8,10-11"): how many CPUs it names.
 * Returns: 0, -EINVAL.
 */
int sp_parse_cpulist_count(const char *text, uint32_t *count);

/*
 * cgroup text. parse_cgroup_value reads one number or "max" (UINT64_MAX), as in memory.max or
 * memory.swap.current: 0 or -EINVAL. parse_cgroup_pids reads cgroup.procs and returns how many
 * pids it holds (storing at most max; a number that is no pid is skipped).
 * parse_cgroup_has_controller is a word match in cgroup.controllers or cgroup.subtree_control
 * text: 1 or 0. The "key N" files (memory.events, memory.oom_control, memory.stat) are read with
 * sp_parse_vmstat.
 */
int sp_parse_cgroup_value(const char *text, uint64_t *val);
size_t sp_parse_cgroup_pids(const char *text, pid_t *pids, size_t max);
int sp_parse_cgroup_has_controller(const char *controllers, const char *name);

/* ---- zswap's text ---- */

/*
 * The compressors /proc/crypto lists (its text): the names of entries of type compression,
 * scomp or acomp, in order, once each. zswap takes its compressor from the crypto API; zram's
 * comp_algorithm is no guide (since 6.12 zram has its own lz4 and zstd, which the crypto API
 * may lack: zswap then falls back to its default without an error).
 * Returns: 0, -E2BIG when more than max (the first max are kept).
 */
int sp_parse_crypto_compressors(const char *text, char (*out)[SP_ZSWAP_ALG_MAX], size_t max,
				size_t *n);

/* /proc/vmstat's swap-in and zswap counters; -1 for one the kernel does not have. */
struct sp_zswap_counters {
	int64_t pswpin, zswpin, zswpout;
};

/*
 * Read the counters from /proc/vmstat's text; zswpin and zswpout are absent before 5.19 and
 * without zswap (-1 then). Returns: 0, or -EINVAL when even pswpin is missing.
 */
int sp_zswap_parse_counters(const char *vmstat, struct sp_zswap_counters *c);

/* b - a of one counter; -1 when either is unknown (or it went backwards). */
int64_t sp_zswap_delta(int64_t a, int64_t b);

/* zswap's "enabled" parameter ("Y", "N", "1", "0"): 1, 0, or -EINVAL. */
int sp_zswap_parse_enabled(const char *text);

/* enum sp_thp_mode as a word ("always", "madvise", "never"); sp_thp_parse: 0 or -EINVAL. */
const char *sp_thp_name(int mode);
int sp_thp_parse(const char *word, int *mode);

/*
 * /sys/kernel/mm/transparent_hugepage/enabled ("always [madvise] never"): the bracketed
 * word as an enum sp_thp_mode. 0, or -EINVAL (no brackets, or a word not known).
 */
int sp_parse_thp_enabled(const char *text, int *mode);

/* /sys/kernel/mm/lru_gen/enabled ("0x0007"): *on is 1 when nonzero. 0 or -EINVAL. */
int sp_parse_lru_gen(const char *text, int *on);

/* /proc/sys/vm/swappiness: a decimal 0..200 (and trailing whitespace). 0 or -EINVAL. */
int sp_parse_swappiness(const char *text, int *v);

#endif
