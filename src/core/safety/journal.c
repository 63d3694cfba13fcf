/*
 * journal.c - the run journal's lines, formatted and parsed (see journal.h for the format and
 * why it is shaped so). Pure: text in, structs out.
 */
#include "core/safety/journal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *name;
	unsigned n_fields;
	int has_undo;
} kinds[SP_J_NKINDS] = {
    [SP_J_PARTTABLE] = {"parttable", 1, 0}, [SP_J_SWAPON] = {"swapon", 1, 1},
    [SP_J_ZRAM] = {"zram", 3, 1},	    [SP_J_CGROUP] = {"cgroup", 2, 1},
    [SP_J_SUBTREE] = {"subtree", 2, 1},	    [SP_J_SYSCTL] = {"sysctl", 3, 1},
    [SP_J_ZSWAP] = {"zswap", 3, 1},	    [SP_J_MOUNT] = {"mount", 3, 1},
    [SP_J_FILE] = {"file", 1, 1},	    [SP_J_CONF] = {"conf", 2, 1},
    [SP_J_UNIT] = {"unit", 1, 1},
};

const char *sp_jkind_name(enum sp_jkind k)
{
	return (unsigned)k < SP_J_NKINDS ? kinds[k].name : "?";
}

int sp_jkind_parse(const char *name)
{
	for (int k = 0; k < SP_J_NKINDS; k++)
		if (!strcmp(kinds[k].name, name))
			return k;
	return -EINVAL;
}

unsigned sp_jkind_fields(enum sp_jkind k)
{
	return (unsigned)k < SP_J_NKINDS ? kinds[k].n_fields : 0;
}

/* --- fields ------------------------------------------------------------------------------- */

static int must_escape(unsigned char c)
{
	return c <= ' ' || c == '%' || c == 0x7f;
}

/* Append the encoded field to buf at *off; -ENAMETOOLONG when it does not fit. */
static int put_field(char *buf, size_t len, size_t *off, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t o = *off;

	if (o + 1 >= len)
		return -ENAMETOOLONG;
	buf[o++] = ' ';
	if (!*s || !strcmp(s, "-")) {
		const char *w = *s ? "%2D" : "-";

		if (o + strlen(w) >= len)
			return -ENAMETOOLONG;
		memcpy(buf + o, w, strlen(w));
		*off = o + strlen(w);
		return 0;
	}
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (o + 4 >= len)
			return -ENAMETOOLONG;
		if (must_escape(c)) {
			buf[o++] = '%';
			buf[o++] = hex[c >> 4];
			buf[o++] = hex[c & 15];
		} else {
			buf[o++] = (char)c;
		}
	}
	*off = o;
	return 0;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* Decode n bytes of one encoded field into out; -EINVAL for a bad escape or a NUL. */
static int get_field(const char *s, size_t n, char *out, size_t outlen)
{
	size_t o = 0;

	if (!n)
		return -EINVAL; /* two spaces in a row: not written by us */
	if (n == 1 && s[0] == '-') {
		out[0] = '\0';
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		int c = (unsigned char)s[i];

		if (c == '%') {
			int hi = i + 2 < n ? hexval(s[i + 1]) : -1;

			if (hi < 0 || hexval(s[i + 2]) < 0)
				return -EINVAL;
			c = hi * 16 + hexval(s[i + 2]);
			i += 2;
			if (!c)
				return -EINVAL;
		} else if (must_escape((unsigned char)c)) {
			return -EINVAL;
		}
		if (o + 1 >= outlen)
			return -ENAMETOOLONG;
		out[o++] = (char)c;
	}
	out[o] = '\0';
	return 0;
}

/* --- formatting ---------------------------------------------------------------------------- */

int sp_journal_format_head(const struct sp_jhead *h, char *buf, size_t len)
{
	size_t off;
	int n = snprintf(buf, len,
			 "%s %d pid=%d boot=%s start=%llu cmd=%s time=%lld twin=", SP_JOURNAL_MAGIC,
			 SP_JOURNAL_VERSION, h->pid, h->boot_id[0] ? h->boot_id : "-",
			 h->start_ticks, h->cmd[0] ? h->cmd : "-", h->time);
	int ret;

	if (n < 0 || (size_t)n >= len)
		return -ENAMETOOLONG;
	/* put_field adds the separating space: write the twin after "twin" and fix it up */
	off = (size_t)n - 1;
	ret = put_field(buf, len, &off, h->twin);
	if (ret < 0)
		return ret;
	buf[n - 1] = '=';
	if (off + 2 > len)
		return -ENAMETOOLONG;
	buf[off++] = '\n';
	buf[off] = '\0';
	return (int)off;
}

int sp_journal_format_rec(const struct sp_jrec *r, char *buf, size_t len)
{
	size_t off;
	int n, ret;

	if ((unsigned)r->kind >= SP_J_NKINDS || r->n_fields != kinds[r->kind].n_fields)
		return -EINVAL;
	n = snprintf(buf, len, "%u %s", r->seq, kinds[r->kind].name);
	if (n < 0 || (size_t)n >= len)
		return -ENAMETOOLONG;
	off = (size_t)n;
	for (unsigned i = 0; i < r->n_fields; i++) {
		ret = put_field(buf, len, &off, r->f[i]);
		if (ret < 0)
			return ret;
	}
	if (off + 2 > len || off + 1 > SP_JOURNAL_LINE_MAX)
		return -ENAMETOOLONG;
	buf[off++] = '\n';
	buf[off] = '\0';
	return (int)off;
}

/* --- parsing ------------------------------------------------------------------------------ */

static int fail(struct sp_err *e, unsigned line, const char *why)
{
	return sp_err_set(e, -EINVAL, "line %u: %s", line, why);
}

/* Split line (n bytes, no newline) at single spaces into at most max words. */
static size_t split(const char *line, size_t n, const char **w, size_t *wl, size_t max)
{
	size_t k = 0, i = 0;

	while (i <= n && k < max + 1) {
		size_t s = i;

		while (i < n && line[i] != ' ')
			i++;
		if (k < max) {
			w[k] = line + s;
			wl[k] = i - s;
		}
		k++;
		i++;
	}
	return k;
}

static int parse_uint(const char *s, size_t n, unsigned long long *v)
{
	unsigned long long x = 0;

	if (!n || n > 19)
		return -EINVAL;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -EINVAL;
		x = x * 10 + (unsigned)(s[i] - '0');
	}
	*v = x;
	return 0;
}

static int word_is(const char *w, size_t n, const char *s)
{
	return n == strlen(s) && !memcmp(w, s, n);
}

static int parse_head(const char *line, size_t n, struct sp_jhead *h, struct sp_err *e)
{
	const char *w[9];
	size_t wl[9], k = split(line, n, w, wl, 9);
	unsigned long long v;
	char tmp[SP_JOURNAL_FIELD_MAX];

	memset(h, 0, sizeof(*h));
	if (k < 2 || !word_is(w[0], wl[0], SP_JOURNAL_MAGIC))
		return fail(e, 1, "not a swapplace journal (no 'swapplace-journal' header)");
	if (parse_uint(w[1], wl[1], &v) || v != SP_JOURNAL_VERSION)
		return fail(e, 1, "a journal of another format version than 1");
	if (k != 8)
		return fail(e, 1, "the header does not have its 6 fields");
	for (size_t i = 2; i < 8; i++) {
		const char *eq = memchr(w[i], '=', wl[i]);
		size_t kl = eq ? (size_t)(eq - w[i]) : 0, vl = eq ? wl[i] - kl - 1 : 0;

		if (!eq || get_field(eq + 1, vl, tmp, sizeof(tmp)) < 0)
			return fail(e, 1, "a header field is not key=value");
		if (word_is(w[i], kl, "pid") && !parse_uint(eq + 1, vl, &v) && v && v < 1u << 30)
			h->pid = (int)v;
		/* boot and cmd are written as they are (a kernel boot id, a command's name):
		 * anything else in them is not ours (found by tests/fuzz/fuzz-journal.c) */
		else if (word_is(w[i], kl, "boot") && strlen(tmp) < sizeof(h->boot_id) &&
			 strspn(tmp, "0123456789abcdef-") == strlen(tmp))
			snprintf(h->boot_id, sizeof(h->boot_id), "%s", tmp);
		else if (word_is(w[i], kl, "start") && !parse_uint(eq + 1, vl, &v))
			h->start_ticks = v;
		else if (word_is(w[i], kl, "cmd") && strlen(tmp) < sizeof(h->cmd) &&
			 strspn(tmp, "abcdefghijklmnopqrstuvwxyz") == strlen(tmp))
			snprintf(h->cmd, sizeof(h->cmd), "%s", tmp);
		else if (word_is(w[i], kl, "time") && !parse_uint(eq + 1, vl, &v))
			h->time = (long long)v;
		else if (word_is(w[i], kl, "twin"))
			snprintf(h->twin, sizeof(h->twin), "%s", tmp);
		else
			return fail(e, 1, "an unknown or malformed header field");
	}
	if (!h->pid)
		return fail(e, 1, "the header names no process");
	return 0;
}

static struct sp_jrec *find_seq(struct sp_journal *j, unsigned long long seq)
{
	/* seqs ascend: a binary search would do, but journals are short */
	for (size_t i = j->n; i-- > 0;)
		if (j->recs[i].seq == seq)
			return &j->recs[i];
	return NULL;
}

static int parse_line(const char *line, size_t n, unsigned ln, struct sp_journal *j,
		      struct sp_err *e)
{
	const char *w[SP_JOURNAL_FIELDS + 3];
	size_t wl[SP_JOURNAL_FIELDS + 3];
	size_t k = split(line, n, w, wl, SP_JOURNAL_FIELDS + 3);
	unsigned long long seq;
	struct sp_jrec *r;
	char name[16];
	int kind;

	if (word_is(line, n, "end")) {
		j->ended = 1;
		return 0;
	}
	if (word_is(line, n, "cleaned")) {
		j->cleaned = 1;
		return 0;
	}
	if (word_is(line, n, "kept")) {
		j->kept = 1;
		return 0;
	}
	if (k == 2 && word_is(w[0], wl[0], "undone")) {
		if (parse_uint(w[1], wl[1], &seq))
			return fail(e, ln, "'undone' without a record number");
		r = find_seq(j, seq);
		if (!r)
			return fail(e, ln, "'undone' names a record the journal lacks");
		r->undone = 1;
		return 0;
	}
	if (k < 2 || parse_uint(w[0], wl[0], &seq) || !seq || seq > 0xffffffffu)
		return fail(e, ln, "not a journal record");
	if (j->n && seq <= j->recs[j->n - 1].seq)
		return fail(e, ln, "record numbers do not ascend");
	if (wl[1] >= sizeof(name))
		return fail(e, ln, "unknown record kind (a newer swapplace's journal?)");
	memcpy(name, w[1], wl[1]);
	name[wl[1]] = '\0';
	kind = sp_jkind_parse(name);
	if (kind < 0) {
		char why[96];

		snprintf(why, sizeof(why),
			 "unknown record kind '%s' (a newer swapplace's journal?)", name);
		return fail(e, ln, why);
	}
	if (k - 2 != kinds[kind].n_fields)
		return fail(e, ln, "wrong number of fields for its kind");
	if (j->n == j->cap) {
		size_t cap = j->cap ? j->cap * 2 : 16;
		struct sp_jrec *nr = realloc(j->recs, cap * sizeof(*nr));

		if (!nr)
			return -ENOMEM;
		j->recs = nr;
		j->cap = cap;
	}
	r = &j->recs[j->n];
	memset(r, 0, sizeof(*r));
	r->seq = (unsigned)seq;
	r->kind = (enum sp_jkind)kind;
	r->n_fields = kinds[kind].n_fields;
	for (unsigned i = 0; i < r->n_fields; i++)
		if (get_field(w[2 + i], wl[2 + i], r->f[i], sizeof(r->f[i])) < 0)
			return fail(e, ln, "a field is badly encoded");
	j->n++;
	return 0;
}

int sp_journal_parse(const char *text, size_t len, struct sp_journal *j, struct sp_err *e)
{
	size_t pos = 0;
	unsigned ln = 0;
	int ret;

	memset(j, 0, sizeof(*j));
	sp_err_init(e);
	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t n;

		if (!nl) {
			/* the append the writer was killed in: its change was not made yet */
			j->torn_tail = 1;
			break;
		}
		n = (size_t)(nl - (text + pos));
		ln++;
		if (memchr(text + pos, '\0', n)) {
			ret = fail(e, ln, "holds a NUL byte (not a journal?)");
		} else if (n >= SP_JOURNAL_LINE_MAX) {
			ret = fail(e, ln, "too long for a journal line");
		} else if (ln == 1) {
			ret = parse_head(text + pos, n, &j->head, e);
		} else if (j->ended || j->cleaned ||
			   (j->kept && !(n == 7 && !memcmp(text + pos, "cleaned", 7)))) {
			ret = fail(e, ln, "a line after the journal's end");
			/* a second "cleaned" (two cleanups racing the same file) is harmless */
			if (j->cleaned && n == 7 && !memcmp(text + pos, "cleaned", 7)) {
				sp_err_init(e);
				ret = 0;
			}
		} else {
			ret = parse_line(text + pos, n, ln, j, e);
		}
		if (ret < 0) {
			sp_journal_release(j);
			return ret;
		}
		pos += n + 1;
	}
	if (!ln) {
		sp_journal_release(j);
		return fail(e, 1, "empty (not a swapplace journal)");
	}
	return 0;
}

void sp_journal_release(struct sp_journal *j)
{
	free(j->recs);
	j->recs = NULL;
	j->n = j->cap = 0;
}

int sp_journal_finished(const struct sp_journal *j)
{
	return j->ended || j->cleaned || j->kept;
}

size_t sp_journal_pending(const struct sp_journal *j, const struct sp_jrec **out, size_t max)
{
	size_t k = 0;

	if (j->ended || j->cleaned)
		return 0;
	for (size_t i = j->n; i-- > 0;) {
		const struct sp_jrec *r = &j->recs[i];

		if (r->undone || !kinds[r->kind].has_undo)
			continue;
		if (k < max)
			out[k] = r;
		k++;
	}
	return k;
}

/* --- what cleanup may touch --------------------------------------------------------------- */

static int starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static const char *base_of(const char *path)
{
	const char *b = strrchr(path, '/');

	return b ? b + 1 : path;
}

/*
 * An absolute path in its one spelling: no empty, "." or ".." component, no trailing '/'.
 * (Symbolic links are the edge's to resolve: cmd/cleanup.c compares with realpath().)
 */
static int plain_path(const char *p)
{
	if (p[0] != '/' || !p[1])
		return 0;
	for (const char *c = p + 1;;) {
		const char *end = strchr(c, '/');
		size_t n = end ? (size_t)(end - c) : strlen(c);

		if (!n || (n == 1 && c[0] == '.') || (n == 2 && c[0] == '.' && c[1] == '.'))
			return 0;
		if (!end)
			return 1;
		c = end + 1;
	}
}

/* A decimal number of at most 10 digits (a sysctl's value as swapplace sets it). */
static int small_number(const char *s)
{
	size_t n = strlen(s);

	return n && n <= 10 && strspn(s, "0123456789") == n;
}

/* The sysctls swapplace sets (core/scenario/sweep.c, --page-cluster): nothing else. */
static const char *const own_sysctls[] = {"vm/swappiness", "vm/page-cluster"};

/*
 * zswap's parameters swapplace sets (act/zswap.c: enabled, compressor) and the other plain
 * ones a zswap placement could set; a value is a word of [A-Za-z0-9_-].
 */
static const char *const own_zswap[] = {
    "enabled",	       "compressor", "max_pool_percent", "zpool", "accept_threshold_percent",
    "shrinker_enabled"};

static int in_list(const char *s, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(s, list[i]))
			return 1;
	return 0;
}

static int word(const char *s)
{
	size_t n = strlen(s);

	return n && n < 64 &&
	       strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") == n;
}

int sp_journal_twin_check(const char *twin, struct sp_err *e)
{
	const char *b;

	sp_err_init(e);
	if (!*twin)
		return 0;
	if (!plain_path(twin))
		return sp_err_set(e, -EINVAL,
				  "its twin '%s' is not an absolute path in one spelling", twin);
	b = base_of(twin);
	if (strcmp(b, "journal") &&
	    (strncmp(b, "journal-", 8) || !small_number(b + 8) || strlen(b + 8) > 7))
		return sp_err_set(e, -EINVAL, "its twin '%s' is not named journal or journal-PID",
				  twin);
	return 0;
}

static int no(struct sp_err *e, const char *text)
{
	return sp_err_set(e, -EINVAL, "%s", text);
}

/* Does s end with tail? */
static int ends(const char *s, const char *tail)
{
	size_t n = strlen(s), t = strlen(tail);

	return n >= t && !strcmp(s + n - t, tail);
}

/* advise --apply's files (act/setup_apply.h), under its root */
static const char *const own_conf[] = {"/etc/fstab", "/etc/systemd/zram-generator.conf",
				       "/etc/sysctl.d/99-swapplace.conf",
				       "/var/lib/swapplace/zswap.cmdline"};

int sp_jrec_in_root(const struct sp_jrec *r, const char *root)
{
	size_t n = strcmp(root, "/") ? strlen(root) : 0;

	if (r->kind != SP_J_CONF)
		return 1;
	if (strncmp(r->f[0], root, n))
		return 0;
	return in_list(r->f[0] + n, own_conf, sizeof(own_conf) / sizeof(own_conf[0]));
}

/* advise --apply's files, each with its backup under the same root */
static int conf_check(const struct sp_jrec *r, struct sp_err *e)
{
	static const char bdir[] = "/var/lib/swapplace/advise-backup/";
	size_t root = 0;
	int found = 0;

	for (size_t i = 0; i < sizeof(own_conf) / sizeof(own_conf[0]) && !found; i++)
		if (ends(r->f[0], own_conf[i])) {
			found = 1;
			root = strlen(r->f[0]) - strlen(own_conf[i]);
		}
	if (!found)
		return no(e, "not a file advise --apply installs");
	if (!*r->f[1])
		return 0;
	if (!plain_path(r->f[1]) || strncmp(r->f[1], r->f[0], root) ||
	    strncmp(r->f[1] + root, bdir, strlen(bdir)) ||
	    strchr(r->f[1] + root + strlen(bdir), '/'))
		return no(e, "its backup is not in the advise-backup directory of the same root");
	return 0;
}

int sp_jrec_check(const struct sp_jrec *r, const char *sysctl_root, struct sp_err *e)
{
	unsigned long long v;
	const char *p = r->f[0];

	sp_err_init(e);
	if (r->kind != SP_J_CGROUP && r->kind != SP_J_ZRAM && r->kind != SP_J_UNIT &&
	    !plain_path(p))
		return no(e,
			  "not an absolute path in one spelling (no '.', '..' or empty component)");
	switch (r->kind) {
	case SP_J_PARTTABLE:
	case SP_J_SWAPON:
		return 0;
	case SP_J_ZRAM:
		if (parse_uint(p, strlen(p), &v) || v > 1u << 20 ||
		    parse_uint(r->f[2], strlen(r->f[2]), &v))
			return no(e, "not a zram device number and size");
		return 0;
	case SP_J_CGROUP:
		if (strcmp(p, "1") && strcmp(p, "2"))
			return no(e, "not a cgroup version");
		if (!plain_path(r->f[1]) || !starts(r->f[1], "/sys/fs/cgroup/") ||
		    !starts(base_of(r->f[1]), "swapplace-"))
			return no(e, "not a swapplace-* cgroup under /sys/fs/cgroup");
		return 0;
	case SP_J_SUBTREE:
		if (!starts(p, "/sys/fs/cgroup/") || strcmp(base_of(p), "cgroup.subtree_control") ||
		    !*r->f[1] || strpbrk(r->f[1], " +-/"))
			return no(e, "not a controller in a cgroup.subtree_control");
		return 0;
	case SP_J_SYSCTL: {
		const char *rel = NULL;

		if (starts(p, "/proc/sys/"))
			rel = p + strlen("/proc/sys/");
		else if (sysctl_root && *sysctl_root && starts(p, sysctl_root) &&
			 p[strlen(sysctl_root)] == '/')
			rel = p + strlen(sysctl_root) + 1;
		if (!rel)
			return no(e, "not a value under /proc/sys");
		if (!in_list(rel, own_sysctls, sizeof(own_sysctls) / sizeof(own_sysctls[0])))
			return no(e, "not vm.swappiness or vm.page-cluster, the only sysctls "
				     "swapplace sets");
		if (!small_number(r->f[1]) || !small_number(r->f[2]))
			return no(e, "not a number for its old and new value");
		return 0;
	}
	case SP_J_ZSWAP:
		if (!starts(p, "/sys/module/zswap/parameters/") ||
		    !in_list(p + strlen("/sys/module/zswap/parameters/"), own_zswap,
			     sizeof(own_zswap) / sizeof(own_zswap[0])))
			return no(e, "not a zswap parameter swapplace sets");
		if (!word(r->f[1]) || !word(r->f[2]))
			return no(e, "not a word for its old and new value");
		return 0;
	case SP_J_MOUNT:
		if (!starts(base_of(p), "swapplace-") ||
		    (strcmp(r->f[2], "0") && strcmp(r->f[2], "1")))
			return no(e, "not a swapplace-* mount point");
		return 0;
	case SP_J_FILE:
		if (!starts(base_of(p), "swapplace-"))
			return no(e, "not a swapplace-* file");
		return 0;
	case SP_J_CONF:
		return conf_check(r, e);
	case SP_J_UNIT:
		if (strcmp(p, "systemd-zram-setup@zram0.service"))
			return no(e, "not the zram generator's unit");
		return 0;
	default:
		return no(e, "unknown kind");
	}
}
