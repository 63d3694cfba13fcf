/*
 * kmsg.h - the kernel's log lines about a failed placement, judged without reading them:
 * sys/kmsg.c reads /dev/kmsg records, this parses one record and decides whether it belongs in
 * a result's "kernel_log" (an I/O error, a swap read or write error, or a line naming one of
 * the placement's devices). Pure, so the filter is unit-tested on recorded lines.
 */
#ifndef SP_CORE_KMSG_H
#define SP_CORE_KMSG_H

#include <stddef.h>
#include <stdint.h>

/* One /dev/kmsg record: "PRI,SEQ,TS_US,FLAGS[,...];TEXT\n[ KEY=VALUE\n]..." */
struct sp_kmsg_rec {
	int level;	 /* PRI & 7: 0 emerg .. 7 debug */
	uint64_t seq;	 /* the record's sequence number */
	uint64_t ts_us;	 /* microseconds since boot */
	const char *msg; /* into the record: the text, up to msg_len bytes (no newline) */
	size_t msg_len;
};

/*
 * Parse the record rec of len bytes (one read() of /dev/kmsg) into *out; out->msg points into
 * rec. Returns: 0, or -EINVAL for a record not in that format.
 */
int sp_kmsg_parse(const char *rec, size_t len, struct sp_kmsg_rec *out);

/*
 * Does the message (len bytes) belong in a failed placement's kernel log: it says an I/O error
 * ("I/O error", "Buffer I/O error", "blk_update_request", "critical medium error"), a swap
 * read or write error ("Read-error on swap-device", "Write-error on swap-device"), or names
 * one of the n devices devs ("sdb", "sdb2": a name not preceded or followed by a letter, so
 * "sda" is not found in "sdab")? Returns 1 or 0.
 */
int sp_kmsg_relevant(const char *msg, size_t len, const char *const *devs, size_t n);

/* Does the message say an I/O error (the first half of sp_kmsg_relevant)? Returns 1 or 0. */
int sp_kmsg_says_io_error(const char *msg, size_t len);

/*
 * Is the message about one of the n devices devs: one named as a word, or the swap area whose
 * device number swap_devt ("8:2", "" for none) mm/page_io.c prints as "swap-device (8:2:N)"?
 * Returns 1 or 0. An I/O error is a placement's only when it is about its device.
 */
int sp_kmsg_about(const char *msg, size_t len, const char *const *devs, size_t n,
		  const char *swap_devt);

/* The line as the report keeps it: "[   12.345678] TEXT", cut to fit len (UTF-8 safe). */
void sp_kmsg_format(const struct sp_kmsg_rec *r, char *buf, size_t len);

#endif
