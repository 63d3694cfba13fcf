/*
 * kmsg.c - parse one /dev/kmsg record and decide whether a failed placement's report
 * keeps it (see kmsg.h). The patterns are the block layer's and the swap code's own words
 * (blk_update_request / "I/O error, dev sdb, sector N" in block/blk-core.c, "Buffer I/O error"
 * in fs/buffer.c, "Read-error on swap-device" / "Write-error on swap-device" in mm/page_io.c).
 */
#include "core/measure/kmsg.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sp_kmsg_parse(const char *rec, size_t len, struct sp_kmsg_rec *out)
{
	unsigned long long v[3];
	const char *p = rec, *end = rec + len, *semi, *nl;

	memset(out, 0, sizeof(*out));
	semi = memchr(rec, ';', len);
	if (!semi)
		return -EINVAL;
	/* PRI,SEQ,TS_US then the flags (and maybe more fields): digits only in the first three */
	for (int i = 0; i < 3; i++) {
		unsigned long long x = 0;
		const char *s = p;

		while (p < semi && *p >= '0' && *p <= '9') {
			x = x * 10 + (unsigned long long)(*p - '0');
			p++;
		}
		if (p == s || (p < semi && *p != ',') || (i < 2 && p == semi))
			return -EINVAL;
		v[i] = x;
		if (p < semi)
			p++;
	}
	out->level = (int)(v[0] & 7);
	out->seq = v[1];
	out->ts_us = v[2];
	out->msg = semi + 1;
	nl = memchr(out->msg, '\n', (size_t)(end - out->msg));
	out->msg_len = (size_t)((nl ? nl : end) - out->msg);
	return 0;
}

static int has(const char *msg, size_t len, const char *pat)
{
	size_t n = strlen(pat);

	for (size_t i = 0; i + n <= len; i++)
		if (!memcmp(msg + i, pat, n))
			return 1;
	return 0;
}

static int is_letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* name as a word of its own in msg: "sdb" in "dev sdb, sector", in "sdb2", not in "sdba" */
static int names(const char *msg, size_t len, const char *name)
{
	size_t n = strlen(name);

	if (!n)
		return 0;
	for (size_t i = 0; i + n <= len; i++) {
		if (memcmp(msg + i, name, n))
			continue;
		if (i > 0 && is_letter(msg[i - 1]))
			continue;
		if (i + n < len && is_letter(msg[i + n]))
			continue;
		return 1;
	}
	return 0;
}

int sp_kmsg_says_io_error(const char *msg, size_t len)
{
	static const char *const pats[] = {"I/O error",
					   "blk_update_request",
					   "critical medium error",
					   "Read-error on swap-device",
					   "Write-error on swap-device",
					   "rejecting I/O to offline"};

	for (size_t i = 0; i < sizeof(pats) / sizeof(pats[0]); i++)
		if (has(msg, len, pats[i]))
			return 1;
	return 0;
}

int sp_kmsg_relevant(const char *msg, size_t len, const char *const *devs, size_t n)
{
	if (sp_kmsg_says_io_error(msg, len))
		return 1;
	for (size_t i = 0; i < n; i++)
		if (devs[i] && names(msg, len, devs[i]))
			return 1;
	return 0;
}

int sp_kmsg_about(const char *msg, size_t len, const char *const *devs, size_t n,
		  const char *swap_devt)
{
	char pat[48];

	for (size_t i = 0; i < n; i++)
		if (devs[i] && names(msg, len, devs[i]))
			return 1;
	if (!swap_devt || !swap_devt[0])
		return 0;
	snprintf(pat, sizeof(pat), "swap-device (%.20s:", swap_devt);
	return has(msg, len, pat);
}

void sp_kmsg_format(const struct sp_kmsg_rec *r, char *buf, size_t len)
{
	size_t used, room, n;

	if (!len)
		return;
	snprintf(buf, len, "[%5llu.%06llu] ", (unsigned long long)(r->ts_us / 1000000),
		 (unsigned long long)(r->ts_us % 1000000));
	used = strlen(buf);
	room = len - 1 - used;
	n = r->msg_len < room ? r->msg_len : room;
	/* not in the middle of a UTF-8 sequence: back off continuation bytes */
	if (n < r->msg_len)
		while (n > 0 && ((unsigned char)r->msg[n] & 0xc0) == 0x80)
			n--;
	memcpy(buf + used, r->msg, n);
	buf[used + n] = '\0';
	/* the kernel escapes unprintable bytes as \xNN; a stray control byte is made a space */
	for (char *c = buf + used; *c; c++)
		if ((unsigned char)*c < 0x20)
			*c = ' ';
}
