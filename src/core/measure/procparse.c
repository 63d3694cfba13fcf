/*
 * procparse.c - parsers of /proc and /sys text.
 *
 * The input is const and may be any text: every field is bounds-checked and a line that does
 * not have the shape the kernel documents makes the whole parse fail with -EINVAL, because a
 * half-understood /proc/swaps is worse than none when it decides what is safe to overwrite.
 */
#include "core/measure/procparse.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/plan/zswap_choice.h"

/* A field of a line: [p, p+len). */
struct span {
	const char *p;
	size_t len;
};

static int is_space(char c)
{
	return c == ' ' || c == '\t';
}

/* Next line of text at *pos, without its newline; 0 at the end. */
static int next_line(const char **pos, struct span *line)
{
	const char *s = *pos, *e;

	if (!s || !*s)
		return 0;
	e = strchr(s, '\n');
	if (!e)
		e = s + strlen(s);
	line->p = s;
	line->len = e - s;
	*pos = *e ? e + 1 : e;
	return 1;
}

/* Split a line on blanks into at most max fields. Returns the count. */
static size_t split(struct span line, struct span *f, size_t max)
{
	const char *p = line.p, *end = line.p + line.len;
	size_t n = 0;

	while (p < end) {
		while (p < end && is_space(*p))
			p++;
		if (p >= end)
			break;
		if (n == max)
			return max + 1; /* more fields than the caller takes */
		f[n].p = p;
		while (p < end && !is_space(*p))
			p++;
		f[n].len = p - f[n].p;
		n++;
	}
	return n;
}

static int span_eq(struct span s, const char *str)
{
	return strlen(str) == s.len && memcmp(s.p, str, s.len) == 0;
}

static int span_u64(struct span s, uint64_t *v)
{
	uint64_t x = 0;

	if (!s.len)
		return -EINVAL;
	for (size_t i = 0; i < s.len; i++) {
		unsigned d;

		if (s.p[i] < '0' || s.p[i] > '9')
			return -EINVAL;
		d = s.p[i] - '0';
		if (x > (UINT64_MAX - d) / 10)
			return -EINVAL;
		x = x * 10 + d;
	}
	*v = x;
	return 0;
}

static int span_int(struct span s, int *v)
{
	uint64_t x;
	int neg = 0;

	if (s.len && s.p[0] == '-') {
		neg = 1;
		s.p++;
		s.len--;
	}
	if (span_u64(s, &x) || x > 0x7fffffffULL)
		return -EINVAL;
	*v = neg ? -(int)x : (int)x;
	return 0;
}

static int span_copy(struct span s, char *out, size_t outlen)
{
	if (s.len >= outlen)
		return -EINVAL;
	memcpy(out, s.p, s.len);
	out[s.len] = '\0';
	return 0;
}

int sp_unescape_octal(const char *in, size_t inlen, char *out, size_t outlen)
{
	size_t o = 0;

	for (size_t i = 0; i < inlen; i++) {
		char c = in[i];

		if (c == '\\') {
			unsigned v = 0;

			if (inlen - i < 4)
				return -EINVAL;
			for (int k = 1; k <= 3; k++) {
				char d = in[i + k];

				if (d < '0' || d > '7')
					return -EINVAL;
				v = v * 8 + (d - '0');
			}
			if (v > 255 || v == 0)
				return -EINVAL;
			c = (char)v;
			i += 3;
		}
		if (o + 1 >= outlen)
			return -ENAMETOOLONG;
		out[o++] = c;
	}
	if (!outlen)
		return -ENAMETOOLONG;
	out[o] = '\0';
	return 0;
}

static int span_unescape(struct span s, char *out, size_t outlen)
{
	int r = sp_unescape_octal(s.p, s.len, out, outlen);

	return r == -ENAMETOOLONG ? -EINVAL : r;
}

int sp_parse_swaps(const char *text, struct sp_swap_entry *out, size_t max, size_t *n)
{
	const char *pos = text;
	struct span line, f[6];
	size_t count = 0, nf;
	int first = 1, full = 0;

	*n = 0;
	if (!text)
		return -EINVAL;
	while (next_line(&pos, &line)) {
		struct sp_swap_entry e;

		nf = split(line, f, 5);
		if (nf == 0)
			continue;
		if (first) {
			first = 0;
			if (span_eq(f[0], "Filename"))
				continue;
		}
		if (nf != 5)
			return -EINVAL;
		memset(&e, 0, sizeof(e));
		if (span_unescape(f[0], e.path, sizeof(e.path)) || e.path[0] != '/')
			return -EINVAL;
		if (span_copy(f[1], e.type, sizeof(e.type)))
			return -EINVAL;
		if (span_u64(f[2], &e.size_bytes) || span_u64(f[3], &e.used_bytes) ||
		    span_int(f[4], &e.prio))
			return -EINVAL;
		if (e.size_bytes > UINT64_MAX / 1024)
			return -EINVAL;
		e.size_bytes *= 1024;
		e.used_bytes *= 1024;
		if (count < max)
			out[count++] = e;
		else
			full = 1;
	}
	*n = count;
	return full ? -E2BIG : 0;
}

/* "8:1" */
static int span_devnum(struct span s, unsigned *major, unsigned *minor)
{
	const char *colon = memchr(s.p, ':', s.len);
	struct span a, b;
	uint64_t x, y;

	if (!colon)
		return -EINVAL;
	a.p = s.p;
	a.len = colon - s.p;
	b.p = colon + 1;
	b.len = s.len - a.len - 1;
	if (span_u64(a, &x) || span_u64(b, &y) || x > 0xfffff || y > 0xfffff)
		return -EINVAL;
	*major = x;
	*minor = y;
	return 0;
}

int sp_parse_mountinfo(const char *text, struct sp_mount_entry *out, size_t max, size_t *n)
{
	const char *pos = text;
	struct span line, f[64];
	size_t count = 0, nf, sep;
	int full = 0;

	*n = 0;
	if (!text)
		return -EINVAL;
	while (next_line(&pos, &line)) {
		struct sp_mount_entry e;

		nf = split(line, f, 63);
		if (nf == 0)
			continue;
		/* id parent maj:min root mount-point options [optional...] - fstype source super */
		if (nf < 10 || nf > 63)
			return -EINVAL;
		for (sep = 6; sep < nf && !span_eq(f[sep], "-"); sep++)
			;
		if (sep + 3 > nf)
			return -EINVAL;
		memset(&e, 0, sizeof(e));
		if (span_devnum(f[2], &e.major, &e.minor))
			return -EINVAL;
		if (span_unescape(f[3], e.root, sizeof(e.root)) ||
		    span_unescape(f[4], e.mount_point, sizeof(e.mount_point)) ||
		    span_copy(f[sep + 1], e.fstype, sizeof(e.fstype)) ||
		    span_unescape(f[sep + 2], e.source, sizeof(e.source)))
			return -EINVAL;
		if (e.mount_point[0] != '/')
			return -EINVAL;
		if (count < max)
			out[count++] = e;
		else
			full = 1;
	}
	*n = count;
	return full ? -E2BIG : 0;
}

int sp_parse_vmstat(const char *text, const char *key, uint64_t *v)
{
	const char *pos = text;
	struct span line, f[3];

	if (!text || !key)
		return -EINVAL;
	while (next_line(&pos, &line)) {
		size_t nf = split(line, f, 2);

		if (nf == 0 || !span_eq(f[0], key))
			continue;
		if (nf != 2)
			return -EINVAL;
		return span_u64(f[1], v);
	}
	return -ENOENT;
}

int sp_parse_meminfo_bytes(const char *text, const char *key, uint64_t *bytes)
{
	const char *pos = text;
	size_t klen = key ? strlen(key) : 0;
	struct span line, f[4];
	uint64_t x;

	if (!text || !klen)
		return -EINVAL;
	while (next_line(&pos, &line)) {
		size_t nf;

		if (line.len <= klen || memcmp(line.p, key, klen) != 0 || line.p[klen] != ':')
			continue;
		line.p += klen + 1;
		line.len -= klen + 1;
		nf = split(line, f, 3);
		if (nf < 1 || nf > 2 || span_u64(f[0], &x))
			return -EINVAL;
		if (nf == 2) {
			if (!span_eq(f[1], "kB") || x > UINT64_MAX / 1024)
				return -EINVAL;
			x *= 1024;
		}
		*bytes = x;
		return 0;
	}
	return -ENOENT;
}

/* A /proc/PID/smaps header's "START-END" (hex) range; 0 when the line is not a header. */
static int smaps_range(struct span line, uint64_t *start, uint64_t *end)
{
	struct span f[1];
	char buf[40], *dash, *e1, *e2;

	if (split(line, f, 1) < 1 || f[0].len >= sizeof(buf))
		return 0;
	memcpy(buf, f[0].p, f[0].len);
	buf[f[0].len] = '\0';
	dash = strchr(buf, '-');
	if (!dash || dash == buf || !dash[1])
		return 0;
	*dash = '\0';
	*start = strtoull(buf, &e1, 16);
	*end = strtoull(dash + 1, &e2, 16);
	return !*e1 && !*e2;
}

int sp_parse_smaps_swap(const char *text, uint64_t addr, uint64_t *bytes)
{
	const char *pos = text;
	struct span line;
	uint64_t start, end;
	int in = 0;

	if (!text || !bytes)
		return -EINVAL;
	while (next_line(&pos, &line)) {
		char one[128];

		if (smaps_range(line, &start, &end)) {
			if (in)
				return -ENOENT; /* the mapping's block had no Swap line */
			in = start <= addr && addr < end;
			continue;
		}
		if (!in || line.len < 5 || memcmp(line.p, "Swap:", 5))
			continue;
		if (line.len >= sizeof(one))
			return -EINVAL;
		memcpy(one, line.p, line.len);
		one[line.len] = '\0';
		return sp_parse_meminfo_bytes(one, "Swap", bytes);
	}
	return -ENOENT;
}

int sp_parse_cpuinfo(const char *text, struct sp_cpuinfo *out)
{
	/* x86 says "model name"; arm64 has no model line per CPU but may have "Hardware" */
	static const char *const model_keys[] = {"model name", "Hardware", "cpu model", "Model"};
	int model_rank = 99;
	const char *pos = text;
	struct span line;

	if (!text)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	while (next_line(&pos, &line)) {
		const char *colon = memchr(line.p, ':', line.len);
		struct span k, v;

		if (!colon)
			continue;
		k.p = line.p;
		k.len = colon - line.p;
		while (k.len && is_space(k.p[k.len - 1]))
			k.len--;
		v.p = colon + 1;
		v.len = line.len - (v.p - line.p);
		while (v.len && is_space(*v.p)) {
			v.p++;
			v.len--;
		}
		while (v.len && is_space(v.p[v.len - 1]))
			v.len--;
		if (span_eq(k, "processor")) {
			out->processors++;
			continue;
		}
		for (int i = 0; i < (int)(sizeof(model_keys) / sizeof(model_keys[0])); i++) {
			if (i < model_rank && span_eq(k, model_keys[i]) && v.len) {
				size_t len =
				    v.len < sizeof(out->model) - 1 ? v.len : sizeof(out->model) - 1;

				memcpy(out->model, v.p, len);
				out->model[len] = '\0';
				model_rank = i;
			}
		}
	}
	if (!out->processors && !out->model[0])
		return -EINVAL;
	return 0;
}

int sp_parse_mm_stat(const char *text, struct sp_zram_mm_stat *out)
{
	uint64_t *dst[] = {&out->orig_data_size,  &out->compr_data_size, &out->mem_used_total,
			   &out->mem_limit,	  &out->mem_used_max,	 &out->same_pages,
			   &out->pages_compacted, &out->huge_pages,	 &out->huge_pages_since};
	const size_t max = sizeof(dst) / sizeof(dst[0]);
	struct span line, f[10];
	const char *pos = text;
	size_t nf;

	if (!text)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	if (!next_line(&pos, &line))
		return -EINVAL;
	nf = split(line, f, max);
	/* 7 fields since 4.7; newer kernels append; more than we know is a format change */
	if (nf < 7 || nf > max)
		return -EINVAL;
	for (size_t i = 0; i < nf; i++)
		if (span_u64(f[i], dst[i]))
			return -EINVAL;
	out->fields = nf;
	return 0;
}

int sp_parse_comp_algorithm(const char *text, struct sp_comp_algs *out)
{
	struct span line, f[SP_MAX_COMP_ALGS + 1];
	const char *pos = text;
	size_t nf;

	if (!text)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->current = -1;
	if (!next_line(&pos, &line))
		return -EINVAL;
	nf = split(line, f, SP_MAX_COMP_ALGS);
	if (nf == 0 || nf > SP_MAX_COMP_ALGS)
		return -EINVAL;
	for (size_t i = 0; i < nf; i++) {
		struct span s = f[i];

		if (s.len >= 2 && s.p[0] == '[' && s.p[s.len - 1] == ']') {
			if (out->current >= 0)
				return -EINVAL;
			s.p++;
			s.len -= 2;
			out->current = (int)i;
		}
		if (!s.len || memchr(s.p, '[', s.len) || memchr(s.p, ']', s.len))
			return -EINVAL;
		if (span_copy(s, out->name[i], sizeof(out->name[i])))
			return -EINVAL;
	}
	out->n = nf;
	if (out->current < 0)
		return -EINVAL;
	return 0;
}

int sp_parse_blk_stat(const char *text, struct sp_blk_stat *out)
{
	struct span line, f[18];
	uint64_t v[17] = {0};
	const char *pos = text;
	size_t nf, i;

	if (!text || !next_line(&pos, &line))
		return -EINVAL;
	nf = split(line, f, 18);
	/* one line only: a second would be some other file */
	if (nf < 11 || nf > 17 || (*pos && pos[strspn(pos, " \t\n")]))
		return -EINVAL;
	for (i = 0; i < nf; i++)
		if (span_u64(f[i], &v[i]))
			return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->read_ios = v[0];
	out->read_sectors = v[2];
	out->write_ios = v[4];
	out->write_sectors = v[6];
	out->in_flight = v[8];
	out->discard_ios = v[11];
	out->discard_sectors = v[13];
	out->flush_ios = v[15];
	out->fields = (unsigned int)nf;
	return 0;
}

static uint64_t grew(uint64_t a, uint64_t b)
{
	return b > a ? b - a : 0;
}

uint64_t sp_blk_stat_writes_between(const struct sp_blk_stat *a, const struct sp_blk_stat *b)
{
	return grew(a->write_ios, b->write_ios) + grew(a->discard_ios, b->discard_ios) +
	       grew(a->flush_ios, b->flush_ios);
}

uint64_t sp_blk_stat_write_bytes_between(const struct sp_blk_stat *a, const struct sp_blk_stat *b)
{
	return (grew(a->write_sectors, b->write_sectors) +
		grew(a->discard_sectors, b->discard_sectors)) *
	       512;
}

int sp_parse_pid_stat_faults(const char *text, uint64_t *minflt, uint64_t *majflt)
{
	struct span line, f[16];
	const char *rparen;
	size_t nf;

	if (!text)
		return -EINVAL;
	/* comm may hold spaces and ')': the fields start after the last ')' */
	rparen = strrchr(text, ')');
	if (!rparen || !strchr(text, '('))
		return -EINVAL;
	line.p = rparen + 1;
	line.len = strcspn(line.p, "\n");
	nf = split(line, f, 15);
	/* f[0] is field 3 (state): minflt is field 10, majflt field 12 */
	if (nf < 10)
		return -EINVAL;
	if (span_u64(f[7], minflt) || span_u64(f[9], majflt))
		return -EINVAL;
	return 0;
}

int sp_parse_cpulist_count(const char *text, uint32_t *count)
{
	const char *p = text;
	uint32_t total = 0;

	if (!text)
		return -EINVAL;
	while (is_space(*p))
		p++;
	if (!*p || *p == '\n')
		return -EINVAL;
	while (*p && *p != '\n') {
		char *end;
		unsigned long a, b;

		if (*p < '0' || *p > '9')
			return -EINVAL;
		a = strtoul(p, &end, 10);
		b = a;
		if (*end == '-') {
			p = end + 1;
			if (*p < '0' || *p > '9')
				return -EINVAL;
			b = strtoul(p, &end, 10);
			if (b < a)
				return -EINVAL;
		}
		total += (uint32_t)(b - a + 1);
		p = end;
		if (*p == ',')
			p++;
		else if (*p && *p != '\n' && !is_space(*p))
			return -EINVAL;
		while (is_space(*p))
			p++;
	}
	*count = total;
	return 0;
}

int sp_parse_cgroup_value(const char *text, uint64_t *val)
{
	char *end;
	unsigned long long v;

	while (*text == ' ' || *text == '\t')
		text++;
	if (strncmp(text, "max", 3) == 0 && (text[3] == '\0' || text[3] == '\n')) {
		*val = UINT64_MAX;
		return 0;
	}
	if (!isdigit((unsigned char)*text))
		return -EINVAL;
	errno = 0;
	v = strtoull(text, &end, 10);
	if (errno || (*end && *end != '\n'))
		return -EINVAL;
	*val = v;
	return 0;
}

size_t sp_parse_cgroup_pids(const char *text, pid_t *pids, size_t max)
{
	size_t n = 0;
	const char *p = text;

	while (*p) {
		char *end;
		long long v;

		while (*p && !isdigit((unsigned char)*p))
			p++;
		if (!*p)
			break;
		/* long long: on i686 a long is an int, and strtol would clamp "4294967297" to
		 * INT_MAX, a pid that passes the check below */
		v = strtoll(p, &end, 10);
		/* a pid is an int: "4294967297" must not become pid 1, whom a destroy would
		 * signal (found by tests/fuzz/fuzz-cgroup-text.c) */
		if (v > 0 && v <= INT_MAX) {
			if (n < max)
				pids[n] = (pid_t)v;
			n++;
		}
		p = end;
	}
	return n;
}

int sp_parse_cgroup_has_controller(const char *controllers, const char *name)
{
	size_t n = strlen(name);
	const char *p = controllers;

	while ((p = strstr(p, name))) {
		int start = p == controllers || isspace((unsigned char)p[-1]);
		int stop = p[n] == '\0' || isspace((unsigned char)p[n]);

		if (start && stop)
			return 1;
		p += n;
	}
	return 0;
}

/* ---- zswap: its counters in /proc/vmstat, its switch, the compressors of /proc/crypto ---- */

int sp_zswap_parse_counters(const char *vmstat, struct sp_zswap_counters *c)
{
	uint64_t v;

	if (sp_parse_vmstat(vmstat, "pswpin", &v) < 0)
		return -EINVAL;
	c->pswpin = (int64_t)v;
	c->zswpin = sp_parse_vmstat(vmstat, "zswpin", &v) == 0 ? (int64_t)v : -1;
	c->zswpout = sp_parse_vmstat(vmstat, "zswpout", &v) == 0 ? (int64_t)v : -1;
	return 0;
}

int64_t sp_zswap_delta(int64_t a, int64_t b)
{
	return a < 0 || b < a ? -1 : b - a;
}

int sp_zswap_parse_enabled(const char *text)
{
	if (!strcmp(text, "Y") || !strcmp(text, "y") || !strcmp(text, "1"))
		return 1;
	if (!strcmp(text, "N") || !strcmp(text, "n") || !strcmp(text, "0"))
		return 0;
	return -EINVAL;
}

static const char *const thp_words[] = {"always", "madvise", "never"};

const char *sp_thp_name(int mode)
{
	return mode >= 0 && mode < 3 ? thp_words[mode] : "unknown";
}

int sp_thp_parse(const char *word, int *mode)
{
	for (int i = 0; i < 3; i++)
		if (!strcmp(word, thp_words[i])) {
			*mode = i;
			return 0;
		}
	return -EINVAL;
}

int sp_parse_thp_enabled(const char *text, int *mode)
{
	const char *a = strchr(text, '['), *z;
	char w[16];

	if (!a || !(z = strchr(a + 1, ']')) || (size_t)(z - a - 1) >= sizeof(w))
		return -EINVAL;
	memcpy(w, a + 1, (size_t)(z - a - 1));
	w[z - a - 1] = '\0';
	return sp_thp_parse(w, mode);
}

/* An unsigned number in the given base (0: as C writes it), then only whitespace. */
static int parse_whole(const char *text, int base, unsigned long long max, unsigned long long *v)
{
	char *end;

	while (*text == ' ' || *text == '\t')
		text++;
	if (!isxdigit((unsigned char)*text))
		return -EINVAL;
	errno = 0;
	*v = strtoull(text, &end, base);
	if (errno || end == text || *v > max)
		return -EINVAL;
	while (*end == ' ' || *end == '\t' || *end == '\n')
		end++;
	return *end ? -EINVAL : 0;
}

int sp_parse_lru_gen(const char *text, int *on)
{
	unsigned long long v;

	if (parse_whole(text, 0, UINT32_MAX, &v) < 0)
		return -EINVAL;
	*on = v != 0;
	return 0;
}

int sp_parse_swappiness(const char *text, int *v)
{
	unsigned long long u;

	if (parse_whole(text, 10, 200, &u) < 0)
		return -EINVAL;
	*v = (int)u;
	return 0;
}

/* The value of a "key : value" line of /proc/crypto at line (up to its end), or NULL. */
static const char *crypto_value(const char *line, const char *key, size_t *len)
{
	size_t k = strlen(key);
	const char *v;

	if (strncmp(line, key, k) || (line[k] != ' ' && line[k] != '\t' && line[k] != ':'))
		return NULL;
	v = strchr(line, ':');
	if (!v || v > line + strcspn(line, "\n"))
		return NULL;
	for (v++; *v == ' ' || *v == '\t'; v++)
		;
	*len = strcspn(v, "\n");
	while (*len && (v[*len - 1] == ' ' || v[*len - 1] == '\t'))
		(*len)--;
	return v;
}

int sp_parse_crypto_compressors(const char *text, char (*out)[SP_ZSWAP_ALG_MAX], size_t max,
				size_t *n)
{
	const char *name = NULL;
	size_t name_len = 0;
	int ret = 0;

	*n = 0;
	for (const char *line = text; line && *line;) {
		const char *v;
		size_t len;

		if ((v = crypto_value(line, "name", &len))) {
			name = v;
			name_len = len;
		} else if ((v = crypto_value(line, "type", &len)) && name &&
			   ((len == 11 && !strncmp(v, "compression", 11)) ||
			    (len == 5 && (!strncmp(v, "scomp", 5) || !strncmp(v, "acomp", 5))))) {
			if (sp_zswap_alg_name_ok(name, name_len) &&
			    sp_zswap_alg_add(out, max, n, name, name_len) < 0)
				ret = -E2BIG;
			name = NULL;
		}
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return ret;
}
