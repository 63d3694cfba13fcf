/*
 * backup.c - the backup directory's identity file, the identity check restore makes before it
 * writes anything, and the comparison of two partition-table dumps (see backup.h).
 */
#include "core/safety/backup.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int sp_backup_ranges(uint64_t size_bytes, uint32_t sector_bytes, struct sp_backup_identity *id)
{
	uint64_t n;

	if (!size_bytes || !sector_bytes || size_bytes % sector_bytes ||
	    SP_BACKUP_RANGE_BYTES % sector_bytes)
		return -EINVAL;
	n = size_bytes < SP_BACKUP_RANGE_BYTES ? size_bytes : SP_BACKUP_RANGE_BYTES;
	id->first_offset = 0;
	id->first_bytes = n;
	id->last_offset = size_bytes - n;
	id->last_bytes = n;
	return 0;
}

int sp_backup_identity_of(const struct sp_device_info *d, struct sp_backup_identity *id)
{
	memset(id, 0, sizeof(*id));
	snprintf(id->name, sizeof(id->name), "%s", d->name);
	snprintf(id->path, sizeof(id->path), "%s", d->path);
	snprintf(id->model, sizeof(id->model), "%s", d->model);
	snprintf(id->serial, sizeof(id->serial), "%s", d->serial);
	id->size_bytes = d->size_bytes;
	id->logical_sector = d->logical_sector;
	return sp_backup_ranges(d->size_bytes, d->logical_sector, id);
}

/* a value on one line: a newline in a model string would start a key of its own */
static void put(FILE *out, const char *key, const char *v)
{
	fprintf(out, "%s=", key);
	for (; *v; v++)
		fputc(*v == '\n' || *v == '\r' ? '?' : *v, out);
	fputc('\n', out);
}

int sp_backup_identity_write(FILE *out, const struct sp_backup_identity *id)
{
	char when[32] = "";
	struct tm tm;

	if (gmtime_r(&id->saved, &tm))
		strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	fprintf(out, "swapplace-backup=%d\n", SP_BACKUP_FORMAT);
	put(out, "name", id->name);
	put(out, "path", id->path);
	put(out, "model", id->model);
	put(out, "serial", id->serial);
	fprintf(out, "size_bytes=%" PRIu64 "\n", id->size_bytes);
	fprintf(out, "logical_sector=%" PRIu32 "\n", id->logical_sector);
	put(out, "table", id->table);
	fprintf(out, "first_offset=%" PRIu64 "\nfirst_bytes=%" PRIu64 "\n", id->first_offset,
		id->first_bytes);
	fprintf(out, "last_offset=%" PRIu64 "\nlast_bytes=%" PRIu64 "\n", id->last_offset,
		id->last_bytes);
	fprintf(out, "saved=%s\nsaved_unix=%lld\n", when, (long long)id->saved);
	return ferror(out) ? -EIO : 0;
}

/* a whole decimal number and nothing else */
static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return errno || *end ? -EINVAL : 0;
}

enum {
	K_FORMAT = 1 << 0,
	K_SIZE = 1 << 1,
	K_SECTOR = 1 << 2,
	K_TABLE = 1 << 3,
	K_FIRST_OFF = 1 << 4,
	K_FIRST_BYTES = 1 << 5,
	K_LAST_OFF = 1 << 6,
	K_LAST_BYTES = 1 << 7,
	K_ALL = (1 << 8) - 1,
};

static int set_key(struct sp_backup_identity *id, const char *k, const char *v, unsigned *seen)
{
	static const struct {
		const char *key;
		unsigned bit;
		size_t off;
	} nums[] = {
	    {"size_bytes", K_SIZE, offsetof(struct sp_backup_identity, size_bytes)},
	    {"first_offset", K_FIRST_OFF, offsetof(struct sp_backup_identity, first_offset)},
	    {"first_bytes", K_FIRST_BYTES, offsetof(struct sp_backup_identity, first_bytes)},
	    {"last_offset", K_LAST_OFF, offsetof(struct sp_backup_identity, last_offset)},
	    {"last_bytes", K_LAST_BYTES, offsetof(struct sp_backup_identity, last_bytes)},
	};
	uint64_t n;

	for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++) {
		if (strcmp(k, nums[i].key))
			continue;
		if (parse_u64(v, (uint64_t *)((char *)id + nums[i].off)) < 0)
			return -EINVAL;
		*seen |= nums[i].bit;
		return 0;
	}
	if (!strcmp(k, "swapplace-backup")) {
		if (parse_u64(v, &n) < 0 || n != SP_BACKUP_FORMAT)
			return -EINVAL;
		*seen |= K_FORMAT;
	} else if (!strcmp(k, "logical_sector")) {
		if (parse_u64(v, &n) < 0 || !n || n > UINT32_MAX)
			return -EINVAL;
		id->logical_sector = (uint32_t)n;
		*seen |= K_SECTOR;
	} else if (!strcmp(k, "table")) {
		if (!*v || strlen(v) >= sizeof(id->table))
			return -EINVAL;
		snprintf(id->table, sizeof(id->table), "%s", v);
		*seen |= K_TABLE;
	} else if (!strcmp(k, "saved_unix")) {
		if (parse_u64(v, &n) < 0)
			return -EINVAL;
		id->saved = (time_t)n;
	} else if (!strcmp(k, "name")) {
		snprintf(id->name, sizeof(id->name), "%s", v);
	} else if (!strcmp(k, "path")) {
		snprintf(id->path, sizeof(id->path), "%s", v);
	} else if (!strcmp(k, "model")) {
		snprintf(id->model, sizeof(id->model), "%s", v);
	} else if (!strcmp(k, "serial")) {
		snprintf(id->serial, sizeof(id->serial), "%s", v);
	}
	return 0;
}

static const char *first_missing(unsigned seen)
{
	static const char *const names[] = {
	    "swapplace-backup", "size_bytes",  "logical_sector", "table",
	    "first_offset",	"first_bytes", "last_offset",	 "last_bytes"};

	for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!(seen & (1u << i)))
			return names[i];
	return "";
}

int sp_backup_identity_parse(const char *text, struct sp_backup_identity *id, struct sp_err *e)
{
	struct sp_backup_identity t;
	unsigned seen = 0;
	const char *p = text;
	char line[512];

	memset(&t, 0, sizeof(t));
	while (*p) {
		size_t n = strcspn(p, "\n");
		char *eq;

		if (n >= sizeof(line))
			return sp_err_set(e, -EINVAL, "a line longer than %zu bytes",
					  sizeof(line) - 1);
		memcpy(line, p, n);
		line[n] = '\0';
		p += n + (p[n] == '\n');
		if (!line[0] || line[0] == '#')
			continue;
		eq = strchr(line, '=');
		if (!eq)
			return sp_err_set(e, -EINVAL, "a line without '=': '%.60s'", line);
		*eq = '\0';
		if (set_key(&t, line, eq + 1, &seen) < 0)
			return sp_err_set(e, -EINVAL, "bad value for '%s': '%.60s'", line, eq + 1);
	}
	if ((seen & K_ALL) != K_ALL)
		return sp_err_set(e, -EINVAL, "no '%s'", first_missing(seen));
	if (t.size_bytes % t.logical_sector || t.first_offset != 0 || !t.first_bytes ||
	    !t.last_bytes || t.first_bytes > t.size_bytes || t.first_bytes % t.logical_sector ||
	    t.last_bytes % t.logical_sector || t.last_offset % t.logical_sector ||
	    t.last_bytes > t.size_bytes || t.last_offset != t.size_bytes - t.last_bytes ||
	    t.first_bytes > SP_BACKUP_RANGE_BYTES || t.last_bytes > SP_BACKUP_RANGE_BYTES) {
		return sp_err_set(e, -EINVAL,
				  "its ranges (first %" PRIu64 "+%" PRIu64 ", last %" PRIu64
				  "+%" PRIu64 ") do not fit a disk of %" PRIu64 " bytes in %" PRIu32
				  "-byte sectors",
				  t.first_offset, t.first_bytes, t.last_offset, t.last_bytes,
				  t.size_bytes, t.logical_sector);
	}
	*id = t;
	sp_err_init(e);
	return 0;
}

int sp_backup_identity_match(const struct sp_backup_identity *b, const struct sp_device_info *d,
			     struct sp_err *e)
{
	if (b->size_bytes != d->size_bytes)
		return sp_err_set(e, -EPERM,
				  "'%s' is not the disk of the backup: its size is %" PRIu64
				  " bytes, the backup's disk had %" PRIu64,
				  d->path, d->size_bytes, b->size_bytes);
	if (b->logical_sector != d->logical_sector)
		return sp_err_set(e, -EPERM,
				  "'%s' is not the disk of the backup: its sectors are %" PRIu32
				  " bytes, the backup's disk had %" PRIu32,
				  d->path, d->logical_sector, b->logical_sector);
	if (b->serial[0] && d->serial[0] && strcmp(b->serial, d->serial))
		return sp_err_set(e, -EPERM,
				  "'%s' is not the disk of the backup: its serial is '%s', the "
				  "backup's disk had '%s'",
				  d->path, d->serial, b->serial);
	sp_err_init(e);
	return 0;
}

/*
 * One line of a dump as it is compared: "device: ..." says nothing about the table; a
 * partition line's device name becomes "#N" (its number, the name's trailing digits).
 */
static void normalise(const char *line, size_t n, char *out, size_t len)
{
	const char *colon = memchr(line, ':', n);

	if (n >= 7 && !strncmp(line, "device:", 7)) {
		snprintf(out, len, "device: -");
		return;
	}
	if (line[0] == '/' && colon && colon > line && colon[-1] == ' ') {
		const char *e = colon - 1, *d;

		while (e > line && e[-1] == ' ')
			e--;
		d = e;
		while (d > line && d[-1] >= '0' && d[-1] <= '9')
			d--;
		snprintf(out, len, "#%.*s %.*s", (int)(e - d), d, (int)(n - (size_t)(colon - line)),
			 colon);
		return;
	}
	snprintf(out, len, "%.*s", (int)n, line);
}

/* the next line of s from *p (without its newline) into out; 0 at the end */
static int next_line(const char **p, char *out, size_t len)
{
	size_t n;

	if (!**p)
		return 0;
	n = strcspn(*p, "\n");
	normalise(*p, n, out, len);
	*p += n + ((*p)[n] == '\n');
	return 1;
}

int sp_backup_table_same(const char *saved, const char *now, char *diff, size_t len)
{
	char a[1024], b[1024];
	const char *pa = saved, *pb = now;

	for (;;) {
		int ha = next_line(&pa, a, sizeof(a)), hb = next_line(&pb, b, sizeof(b));

		if (!ha && !hb)
			break;
		if (ha && hb && !strcmp(a, b))
			continue;
		snprintf(diff, len, "saved '%.200s', now '%.200s'", ha ? a : "(end)",
			 hb ? b : "(end)");
		return 1;
	}
	if (len)
		diff[0] = '\0';
	return 0;
}

int sp_backup_dir_name(const char *name, char *buf, size_t len)
{
	int n = snprintf(buf, len, "backup-%s", name);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/* s as one shell word: as it is when only safe characters, else single-quoted */
static void shell_word(char *buf, size_t len, const char *s)
{
	size_t used = strlen(buf);
	int plain = *s != '\0';

	for (const char *c = s; *c; c++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			    "/._-+:,=@%",
			    *c))
			plain = 0;
	if (plain) {
		snprintf(buf + used, len - used, "%s", s);
		return;
	}
	snprintf(buf + used, len - used, "'");
	for (const char *c = s; *c; c++) {
		used = strlen(buf);
		if (*c == '\'')
			snprintf(buf + used, len - used, "'\\''");
		else
			snprintf(buf + used, len - used, "%c", *c);
	}
	used = strlen(buf);
	snprintf(buf + used, len - used, "'");
}

int sp_backup_restore_cmd(const char *dir, const char *target, const char *confirm, char *buf,
			  size_t len)
{
	if (!len)
		return -ENAMETOOLONG;
	buf[0] = '\0';
	snprintf(buf, len, "swapplace restore ");
	shell_word(buf, len, dir);
	snprintf(buf + strlen(buf), len - strlen(buf), " --target ");
	shell_word(buf, len, target);
	snprintf(buf + strlen(buf), len - strlen(buf), " --confirm ");
	shell_word(buf, len, confirm);
	/* a cut-off command line would be typed as it is: say so instead */
	return strlen(buf) + 1 >= len ? -ENAMETOOLONG : 0;
}
