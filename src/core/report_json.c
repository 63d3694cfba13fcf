/*
 * report_json.c - report.json writer and reader (schema "swapplace-report/1").
 *
 * The fields of each struct are described once, in tables (key, type, offset); the writer and
 * the reader walk the same tables, so what is written is what is read back. jansson builds and
 * parses the tree; the tree is printed by dump() below rather than json_dumpf() because jansson
 * prints doubles with a fixed precision: either ugly (%.17g) or lossy (fewer digits), and lossy
 * breaks write -> read -> write identity. dump() prints the shortest form that reads back to the
 * same double. Strings are forced to valid UTF-8 ('?' for bad bytes) because jansson's parser
 * rightly rejects anything else and the strings come from the machine (device models, CPUs).
 */
#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/analysis.h"
#include "core/report.h"
#include "core/report_json.h"
#include "core/report_text.h"

enum ftype { F_STR, F_U64, F_U32, F_INT, F_BOOL, F_DBL, F_OBJ, F_FLAT };

struct fld {
	const char *key;
	enum ftype t;
	size_t off;
	size_t size;	       /* F_STR: buffer size */
	const struct fld *sub; /* F_OBJ: fields relative to base + off */
};

#define STR(k, T, m)                                                                               \
	{                                                                                          \
		k, F_STR, offsetof(T, m), sizeof(((T *)0)->m), NULL                                \
	}
#define U64(k, T, m)                                                                               \
	{                                                                                          \
		k, F_U64, offsetof(T, m), 0, NULL                                                  \
	}
#define U32(k, T, m)                                                                               \
	{                                                                                          \
		k, F_U32, offsetof(T, m), 0, NULL                                                  \
	}
#define INT(k, T, m)                                                                               \
	{                                                                                          \
		k, F_INT, offsetof(T, m), 0, NULL                                                  \
	}
#define BOOL(k, T, m)                                                                              \
	{                                                                                          \
		k, F_BOOL, offsetof(T, m), 0, NULL                                                 \
	}
#define DBL(k, T, m)                                                                               \
	{                                                                                          \
		k, F_DBL, offsetof(T, m), 0, NULL                                                  \
	}
#define OBJ(k, off, sub)                                                                           \
	{                                                                                          \
		k, F_OBJ, off, 0, sub                                                              \
	}
/* the fields of sub, at base + off, written into this object rather than a nested one */
#define FLAT(off, sub)                                                                             \
	{                                                                                          \
		"", F_FLAT, off, 0, sub                                                            \
	}
#define END                                                                                        \
	{                                                                                          \
		NULL, F_INT, 0, 0, NULL                                                            \
	}

typedef struct sp_lat_summary lat_t;
typedef struct sp_fault_probe fault_t;
typedef struct sp_pressure_probe press_t;
typedef struct sp_device_probe dev_t_;

static const struct fld lat_ci[] = {
    DBL("p50_lo_us", lat_t, p50_ci_lo_us),
    DBL("p50_hi_us", lat_t, p50_ci_hi_us),
    DBL("p99_lo_us", lat_t, p99_ci_lo_us),
    DBL("p99_hi_us", lat_t, p99_ci_hi_us),
    END,
};

/* a latency summary's scalars: nested (device probe) or flat (fault, pressure probes) */
static const struct fld lat_scalars[] = {
    U64("samples", lat_t, samples),
    DBL("p50_us", lat_t, p50_us),
    DBL("p95_us", lat_t, p95_us),
    DBL("p99_us", lat_t, p99_us),
    DBL("p999_us", lat_t, p999_us),
    DBL("max_us", lat_t, max_us),
    DBL("min_us", lat_t, min_us),
    DBL("mean_us", lat_t, mean_us),
    U64("warmup_dropped", lat_t, warmup_dropped),
    DBL("hist_rel_error", lat_t, hist_rel_error),
    END,
};

static const struct fld lat_fields[] = {
    FLAT(0, lat_scalars),
    OBJ("ci", 0, lat_ci),
    END,
};

static const struct fld machine_fields[] = {
    STR("cpu", struct sp_machine, cpu),
    U32("cores", struct sp_machine, cores),
    U64("ram_bytes", struct sp_machine, ram_bytes),
    STR("kernel", struct sp_machine, kernel),
    STR("dmi_vendor", struct sp_machine, dmi_vendor),
    STR("dmi_model", struct sp_machine, dmi_model),
    DBL("timer_cost_ns", struct sp_machine, timer_cost_ns),
    INT("cgroup_version", struct sp_machine, cgroup_version),
    U32("page_size", struct sp_machine, page_size),
    END,
};

static const struct fld device_fields[] = {
    STR("name", struct sp_device_info, name),
    STR("path", struct sp_device_info, path),
    STR("by_id", struct sp_device_info, by_id),
    STR("model", struct sp_device_info, model),
    STR("serial", struct sp_device_info, serial),
    U64("size_bytes", struct sp_device_info, size_bytes),
    U32("logical_sector", struct sp_device_info, logical_sector),
    U32("physical_sector", struct sp_device_info, physical_sector),
    BOOL("rotational", struct sp_device_info, rotational),
    STR("transport", struct sp_device_info, transport),
    BOOL("is_partition", struct sp_device_info, is_partition),
    STR("partitions", struct sp_device_info, partitions),
    STR("signatures", struct sp_device_info, signatures),
    BOOL("unsafe", struct sp_device_info, unsafe),
    STR("unsafe_reason", struct sp_device_info, unsafe_reason),
    END,
};

static const struct fld device_probe_fields[] = {
    U64("range_bytes", dev_t_, range_bytes),
    U32("block_bytes", dev_t_, block_bytes),
    OBJ("qd1", offsetof(dev_t_, qd1), lat_fields),
    U32("deep_qd", dev_t_, deep_qd),
    DBL("iops", dev_t_, deep_iops),
    OBJ("deep", offsetof(dev_t_, deep), lat_fields),
    DBL("seq_mib_s", dev_t_, seq_mib_s),
    U64("seq_bytes", dev_t_, seq_bytes),
    END,
};

static const struct fld fault_ci[] = {
    DBL("p50_lo_us", fault_t, lat.p50_ci_lo_us),
    DBL("p50_hi_us", fault_t, lat.p50_ci_hi_us),
    DBL("p99_lo_us", fault_t, lat.p99_ci_lo_us),
    DBL("p99_hi_us", fault_t, lat.p99_ci_hi_us),
    DBL("target_pct", fault_t, ci_target_pct),
    DBL("achieved_pct", fault_t, ci_achieved_pct),
    END,
};

static const struct fld fault_fields[] = {
    U32("threads", fault_t, threads),
    U64("buffer_bytes", fault_t, buffer_bytes),
    U32("rounds", fault_t, rounds),
    U64("real_swapins", fault_t, real_swapins),
    U64("touches", fault_t, touches),
    U64("pswpin_delta", fault_t, pswpin_delta),
    U64("swapcached_bytes", fault_t, swapcached_bytes),
    FLAT(offsetof(fault_t, lat), lat_scalars),
    OBJ("ci", 0, fault_ci),
    BOOL("invalid", fault_t, invalid),
    END,
};

static const struct fld uring_fields[] = {
    U32("qd", struct sp_uring_point, qd),
    U64("samples", struct sp_uring_point, samples),
    U64("real_swapins", struct sp_uring_point, real_swapins),
    DBL("p50_us", struct sp_uring_point, p50_us),
    DBL("p99_us", struct sp_uring_point, p99_us),
    DBL("pages_per_s", struct sp_uring_point, pages_per_s),
    BOOL("invalid", struct sp_uring_point, invalid),
    END,
};

static const struct fld pressure_fields[] = {
    INT("cgroup_version", press_t, cgroup_version),
    U64("limit_bytes", press_t, limit_bytes),
    U64("hot_bytes", press_t, hot_bytes),
    U64("cold_bytes", press_t, cold_bytes),
    DBL("duration_s", press_t, duration_s),
    U64("touches", press_t, touches),
    DBL("touches_per_s", press_t, touches_per_s),
    FLAT(offsetof(press_t, lat), lat_fields),
    U64("major_faults", press_t, major_faults),
    BOOL("oom_killed", press_t, oom_killed),
    U64("swap_used_bytes", press_t, swap_used_bytes),
    END,
};

static const struct fld integrity_fields[] = {
    U64("pages_checked", struct sp_integrity, pages_checked),
    U64("mismatches", struct sp_integrity, mismatches),
    END,
};

static const struct fld zram_fields[] = {
    DBL("zram_ratio", struct sp_compression, zram_ratio),
    U64("orig_data_size", struct sp_compression, orig_data_size),
    U64("compr_data_size", struct sp_compression, compr_data_size),
    U64("mem_used_total", struct sp_compression, mem_used_total),
    U64("same_pages", struct sp_compression, same_pages),
    END,
};

/* ---- writing ---------------------------------------------------------------------------- */

/* Build state: the first allocation failure is sticky, checked once at the end. */
struct jb {
	int bad;
};

static void put(struct jb *b, json_t *o, const char *k, json_t *v)
{
	if (!v || !o || json_object_set_new(o, k, v) < 0)
		b->bad = 1;
}

static void push(struct jb *b, json_t *a, json_t *v)
{
	if (!v || !a || json_array_append_new(a, v) < 0)
		b->bad = 1;
}

/* Strings from the machine may be anything: keep valid UTF-8, replace the rest with '?'. */
static json_t *jstr(const char *s, size_t max)
{
	char buf[1024];
	size_t n = strnlen(s, max), o = 0;

	if (n >= sizeof(buf))
		n = sizeof(buf) - 1;
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		size_t len = c < 0x80		  ? 1
			     : (c & 0xe0) == 0xc0 ? 2
			     : (c & 0xf0) == 0xe0 ? 3
			     : (c & 0xf8) == 0xf0 ? 4
						  : 0;
		int ok =
		    len > 0 && i + len <= n && !(len == 2 && c < 0xc2) && !(len == 4 && c > 0xf4);

		for (size_t j = 1; ok && j < len; j++)
			ok = ((unsigned char)s[i + j] & 0xc0) == 0x80;
		if (ok && len == 3) {
			unsigned char d = (unsigned char)s[i + 1];

			/* overlong forms and UTF-16 surrogates are not UTF-8 */
			ok = !(c == 0xe0 && d < 0xa0) && !(c == 0xed && d >= 0xa0);
		}
		if (ok && len == 4) {
			unsigned char d = (unsigned char)s[i + 1];

			ok = !(c == 0xf0 && d < 0x90) && !(c == 0xf4 && d >= 0x90);
		}
		if (!ok || c == 0) {
			buf[o++] = '?';
			i++;
			continue;
		}
		memcpy(buf + o, s + i, len);
		o += len;
		i += len;
	}
	buf[o] = '\0';
	return json_string(buf);
}

static json_t *jdbl(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

static json_t *ju64(uint64_t v)
{
	/* json_int_t is signed 64 bit; nothing measured comes near, clamp rather than wrap */
	return json_integer(v > INT64_MAX ? INT64_MAX : (json_int_t)v);
}

static json_t *obj_from(struct jb *b, const struct fld *t, const void *base);

static void obj_fill(struct jb *b, json_t *o, const struct fld *t, const void *base)
{
	const char *p = base;

	for (; t->key; t++) {
		const void *v = p + t->off;

		switch (t->t) {
		case F_STR:
			put(b, o, t->key, jstr(v, t->size));
			break;
		case F_U64:
			put(b, o, t->key, ju64(*(const uint64_t *)v));
			break;
		case F_U32:
			put(b, o, t->key, json_integer(*(const uint32_t *)v));
			break;
		case F_INT:
			put(b, o, t->key, json_integer(*(const int *)v));
			break;
		case F_BOOL:
			put(b, o, t->key, json_boolean(*(const int *)v));
			break;
		case F_DBL:
			put(b, o, t->key, jdbl(*(const double *)v));
			break;
		case F_OBJ:
			put(b, o, t->key, obj_from(b, t->sub, v));
			break;
		case F_FLAT:
			obj_fill(b, o, t->sub, v);
			break;
		}
	}
}

static json_t *obj_from(struct jb *b, const struct fld *t, const void *base)
{
	json_t *o = json_object();

	obj_fill(b, o, t, base);
	return o;
}

static json_t *result_json(struct jb *b, const struct sp_result *res)
{
	json_t *o = json_object(), *a;

	put(b, o, "placement", jstr(res->placement, sizeof(res->placement)));
	put(b, o, "kind", json_string(sp_placement_kind_name(res->id.kind)));
	put(b, o, "also_index", res->id.kind == SP_PL_ALSO && res->id.also_index >= 0
					 ? ju64((uint64_t)res->id.also_index) : json_null());
	put(b, o, "status", json_string(sp_status_name(res->status)));
	put(b, o, "reason", jstr(res->reason, sizeof(res->reason)));
	put(b, o, "device", jstr(res->device, sizeof(res->device)));
	put(b, o, "size_bytes", ju64(res->size_bytes));
	put(b, o, "elapsed_s", jdbl(res->elapsed_s));
	a = json_array();
	for (size_t i = 0; i < res->n_extents && i < SP_MAX_EXTENTS; i++) {
		json_t *e = json_object();

		put(b, e, "start_sector", ju64(res->extents[i].start_sector));
		put(b, e, "sectors", ju64(res->extents[i].sectors));
		push(b, a, e);
	}
	put(b, o, "extents", a);
	put(b, o, "device_probe",
	    res->device_probe.done ? obj_from(b, device_probe_fields, &res->device_probe)
				   : json_null());
	put(b, o, "fault_probe",
	    res->fault_probe.done ? obj_from(b, fault_fields, &res->fault_probe) : json_null());
	if (res->fault_probe.n_uring) {
		a = json_array();
		for (size_t i = 0; i < res->fault_probe.n_uring && i < SP_MAX_URING; i++)
			push(b, a, obj_from(b, uring_fields, &res->fault_probe.uring[i]));
	} else {
		a = json_null();
	}
	put(b, o, "uring_probe", a);
	put(b, o, "pressure_probe",
	    res->pressure_probe.done ? obj_from(b, pressure_fields, &res->pressure_probe)
				     : json_null());
	put(b, o, "integrity", obj_from(b, integrity_fields, &res->integrity));
	if (res->compression.data_ratio > 0 || res->compression.zram) {
		json_t *c = json_object();

		put(b, c, "data_ratio", jdbl(res->compression.data_ratio));
		put(b, c, "zram", json_boolean(res->compression.zram));
		if (res->compression.zram) {
			json_t *z = obj_from(b, zram_fields, &res->compression);

			if (json_object_update(c, z) < 0)
				b->bad = 1;
			json_decref(z);
		}
		put(b, o, "compression", c);
	} else {
		put(b, o, "compression", json_null());
	}
	return o;
}

static json_t *name_or_null(const struct sp_report *r, int i)
{
	return i >= 0 ? jstr(r->results[i].placement, sizeof(r->results[i].placement))
		      : json_null();
}

static json_t *analysis_json(struct jb *b, const struct sp_report *r, const struct sp_findings *f)
{
	json_t *o = json_object(), *a, *x;
	char s[1024];

	a = json_array();
	for (size_t i = 0; i < f->n_ranked; i++) {
		int k = f->ranked[i];
		const struct sp_lat_summary *l = &r->results[k].fault_probe.lat;

		x = json_object();
		put(b, x, "placement", name_or_null(r, k));
		put(b, x, "p50_us", jdbl(l->p50_us));
		put(b, x, "p50_ci_lo_us", jdbl(l->p50_ci_lo_us));
		put(b, x, "p50_ci_hi_us", jdbl(l->p50_ci_hi_us));
		put(b, x, "ratio_to_best", jdbl(f->ratio_to_best[i]));
		put(b, x, "device_floor_ratio",
		    f->floor_ratio[k] > 0 ? jdbl(f->floor_ratio[k]) : json_null());
		push(b, a, x);
	}
	put(b, o, "ranking", a);
	put(b, o, "best", name_or_null(r, f->best));

	if (f->start_end.have) {
		x = json_object();
		put(b, x, "ratio", jdbl(f->start_end.ratio));
		put(b, x, "ci_overlap", json_boolean(f->start_end.ci_overlap));
	} else {
		x = json_null();
	}
	put(b, o, "start_vs_end", x);

	if (f->file >= 0) {
		x = json_object();
		put(b, x, "extents", json_integer((json_int_t)f->file_extents));
		put(b, x, "region", json_string(sp_region_name(f->file_region)));
		put(b, x, "position_lo", jdbl(f->file_pos_lo));
		put(b, x, "position_mid", jdbl(f->file_pos_mid));
		put(b, x, "position_hi", jdbl(f->file_pos_hi));
		put(b, x, "penalty_pct",
		    f->file_start.have ? jdbl(f->file_penalty_pct) : json_null());
		put(b, x, "ci_overlap", json_boolean(f->file_start.ci_overlap));
	} else {
		x = json_null();
	}
	put(b, o, "file", x);

	if (f->best_zram >= 0 && f->best_disk >= 0) {
		x = json_object();
		put(b, x, "zram", name_or_null(r, f->best_zram));
		put(b, x, "disk", name_or_null(r, f->best_disk));
		put(b, x, "ratio", jdbl(f->zram_disk_ratio));
	} else {
		x = json_null();
	}
	put(b, o, "zram_vs_disk", x);

	if (f->none >= 0) {
		x = json_object();
		put(b, x, "none_oom_killed", json_boolean(f->none_oom_killed));
		put(b, x, "none_touches_per_s", jdbl(f->none_touches_per_s));
		put(b, x, "best", name_or_null(r, f->best_pressure));
		put(b, x, "best_touches_per_s", jdbl(f->best_pressure_touches_per_s));
		put(b, x, "ratio", f->pressure_ratio > 0 ? jdbl(f->pressure_ratio) : json_null());
	} else {
		x = json_null();
	}
	put(b, o, "pressure", x);

	a = json_array();
	for (size_t i = 0; i < f->n_not_ok; i++) {
		const struct sp_result *res = &r->results[f->not_ok[i]];

		x = json_object();
		put(b, x, "placement", name_or_null(r, f->not_ok[i]));
		put(b, x, "status", json_string(sp_status_name(res->status)));
		put(b, x, "reason", jstr(res->reason, sizeof(res->reason)));
		push(b, a, x);
	}
	put(b, o, "not_ok", a);

	x = json_object();
	put(b, x, "pages_checked", ju64(f->pages_checked));
	put(b, x, "mismatches", ju64(f->mismatches));
	a = json_array();
	for (size_t i = 0; i < f->n_mismatched; i++)
		push(b, a, name_or_null(r, f->mismatched[i]));
	put(b, x, "mismatched", a);
	put(b, o, "integrity", x);

	x = json_object();
	put(b, x, "data_ratio", f->data_ratio > 0 ? jdbl(f->data_ratio) : json_null());
	put(b, x, "zram_ratio", f->zram_ratio > 0 ? jdbl(f->zram_ratio) : json_null());
	put(b, o, "compression", x);

	a = json_array();
	for (size_t i = 0; i < f->n_verdict; i++) {
		if (sp_report_text_verdict(r, f, f->verdict[i], s, sizeof(s)) < 0)
			continue;
		x = json_object();
		put(b, x, "kind", json_string(sp_verdict_kind_name(f->verdict[i])));
		put(b, x, "text", jstr(s, sizeof(s)));
		push(b, a, x);
	}
	put(b, o, "verdict", a);
	return o;
}

static json_t *report_json(struct jb *b, const struct sp_report *r, const struct sp_findings *f)
{
	json_t *o = json_object(), *a;
	char ts[32] = "";
	struct tm tm;

	if (gmtime_r(&r->started, &tm))
		strftime(ts, sizeof(ts), "%Y-%m-%dT%H:%M:%SZ", &tm);
	put(b, o, "schema", json_string(SP_SCHEMA));
	put(b, o, "tool_version", jstr(r->tool_version, sizeof(r->tool_version)));
	put(b, o, "command", jstr(r->command, sizeof(r->command)));
	put(b, o, "started", json_string(ts));
	put(b, o, "started_unix", json_integer((json_int_t)r->started));
	put(b, o, "duration_s", jdbl(r->duration_s));
	/* a seed may use all 64 bits: beyond int64 it is written as a decimal string */
	if (r->seed > INT64_MAX) {
		char s[24];

		snprintf(s, sizeof(s), "%" PRIu64, r->seed);
		put(b, o, "seed", json_string(s));
	} else {
		put(b, o, "seed", json_integer((json_int_t)r->seed));
	}
	put(b, o, "budget_bytes", ju64(r->budget_bytes));
	put(b, o, "time_per_placement_s", jdbl(r->time_per_placement_s));
	put(b, o, "target", jstr(r->target, sizeof(r->target)));
	put(b, o, "machine", obj_from(b, machine_fields, &r->machine));
	a = json_array();
	for (size_t i = 0; i < r->n_devices && i < SP_MAX_DEVICES; i++)
		push(b, a, obj_from(b, device_fields, &r->devices[i]));
	put(b, o, "devices", a);
	a = json_array();
	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++)
		push(b, a, result_json(b, &r->results[i]));
	put(b, o, "results", a);
	put(b, o, "analysis", analysis_json(b, r, f));
	return o;
}

/*
 * Shortest "%.Ng" that reads back to exactly v, widened so that values below 1e17 print in
 * plain notation (30.0, not 3e+01), and always with a '.' or an exponent so it reads as a real.
 */
static void dump_real(FILE *out, double v)
{
	char s[48], e[32];
	int prec, exp10;

	for (prec = 1; prec < 17; prec++) {
		snprintf(s, sizeof(s), "%.*g", prec, v);
		if (strtod(s, NULL) == v)
			break;
	}
	snprintf(e, sizeof(e), "%.16e", v);
	exp10 = atoi(strchr(e, 'e') + 1);
	if (exp10 >= 0 && exp10 < 17 && prec <= exp10)
		prec = exp10 + 1;
	snprintf(s, sizeof(s), "%.*g", prec, v);
	if (!strpbrk(s, ".eEn"))
		strcat(s, ".0");
	fputs(s, out);
}

static void dump_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c == '\t')
			fputs("\\t", out);
		else if (c < 0x20 || c == 0x7f)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

/* Objects of one or two scalars stay on one line: extents read as a list, not a page. */
static int is_small(json_t *v)
{
	const char *k;
	json_t *m;
	size_t n = 0;

	json_object_foreach(v, k, m)
	{
		if (json_is_object(m) || json_is_array(m))
			return 0;
		n++;
	}
	return n <= 2;
}

static void dump(FILE *out, json_t *v, int depth)
{
	const char *k;
	json_t *m;
	size_t i;
	int first = 1, small;

	switch (json_typeof(v)) {
	case JSON_OBJECT:
		if (!json_object_size(v)) {
			fputs("{}", out);
			return;
		}
		small = is_small(v);
		fputc('{', out);
		json_object_foreach(v, k, m)
		{
			if (small)
				fputs(first ? "" : ", ", out);
			else
				fprintf(out, "%s\n%*s", first ? "" : ",", 2 * (depth + 1), "");
			first = 0;
			dump_string(out, k);
			fputs(": ", out);
			dump(out, m, depth + 1);
		}
		if (!small)
			fprintf(out, "\n%*s", 2 * depth, "");
		fputc('}', out);
		return;
	case JSON_ARRAY:
		if (!json_array_size(v)) {
			fputs("[]", out);
			return;
		}
		fputc('[', out);
		json_array_foreach(v, i, m)
		{
			fprintf(out, "%s\n%*s", first ? "" : ",", 2 * (depth + 1), "");
			first = 0;
			dump(out, m, depth + 1);
		}
		fprintf(out, "\n%*s]", 2 * depth, "");
		return;
	case JSON_STRING:
		dump_string(out, json_string_value(v));
		return;
	case JSON_INTEGER:
		fprintf(out, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		return;
	case JSON_REAL:
		dump_real(out, json_real_value(v));
		return;
	case JSON_TRUE:
		fputs("true", out);
		return;
	case JSON_FALSE:
		fputs("false", out);
		return;
	case JSON_NULL:
		fputs("null", out);
		return;
	}
}

int sp_report_json_write(FILE *out, const struct sp_report *r, const struct sp_findings *f)
{
	struct sp_findings own;
	struct jb b = {0};
	json_t *root;

	if (!out || !r || r->n_results > SP_MAX_RESULTS || r->n_devices > SP_MAX_DEVICES)
		return -EINVAL;
	if (!f) {
		if (sp_analyse(r, &own) < 0)
			return -EINVAL;
		f = &own;
	}
	root = report_json(&b, r, f);
	if (b.bad || !root) {
		json_decref(root);
		return -ENOMEM;
	}
	dump(out, root, 0);
	fputc('\n', out);
	json_decref(root);
	if (fflush(out) != 0 || ferror(out))
		return -EIO;
	return 0;
}

/* ---- reading ---------------------------------------------------------------------------- */

__attribute__((format(printf, 3, 4))) static int fail(char *err, size_t errlen, const char *fmt,
						      ...)
{
	va_list ap;

	if (err && errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

static int get_u64(json_t *v, uint64_t max, uint64_t *out)
{
	json_int_t i;

	if (!json_is_integer(v))
		return -EINVAL;
	i = json_integer_value(v);
	if (i < 0 || (uint64_t)i > max)
		return -EINVAL;
	*out = (uint64_t)i;
	return 0;
}

static int obj_into(const struct fld *t, void *base, json_t *o, const char *path, char *err,
		    size_t errlen)
{
	char *p = base;

	if (!json_is_object(o))
		return fail(err, errlen, "%s: expected an object", path);
	for (; t->key; t++) {
		json_t *v = json_object_get(o, t->key);
		void *dst = p + t->off;
		uint64_t u;

		if (t->t == F_FLAT) {
			int ret = obj_into(t->sub, dst, o, path, err, errlen);

			if (ret < 0)
				return ret;
			continue;
		}
		if (!v)
			continue; /* missing fields keep their zero */
		switch (t->t) {
		case F_STR:
			if (!json_is_string(v))
				return fail(err, errlen, "%s.%s: expected a string", path, t->key);
			if (json_string_length(v) >= t->size)
				return fail(err, errlen, "%s.%s: longer than %zu bytes", path,
					    t->key, t->size - 1);
			memcpy(dst, json_string_value(v), json_string_length(v) + 1);
			break;
		case F_U64:
			if (get_u64(v, UINT64_MAX, &u) < 0)
				return fail(err, errlen, "%s.%s: expected a non-negative integer",
					    path, t->key);
			*(uint64_t *)dst = u;
			break;
		case F_U32:
			if (get_u64(v, UINT32_MAX, &u) < 0)
				return fail(err, errlen, "%s.%s: expected an integer 0..%u", path,
					    t->key, UINT32_MAX);
			*(uint32_t *)dst = (uint32_t)u;
			break;
		case F_INT:
			if (!json_is_integer(v) || json_integer_value(v) < -2147483647 ||
			    json_integer_value(v) > 2147483647)
				return fail(err, errlen, "%s.%s: expected an integer", path,
					    t->key);
			*(int *)dst = (int)json_integer_value(v);
			break;
		case F_BOOL:
			if (!json_is_boolean(v))
				return fail(err, errlen, "%s.%s: expected true or false", path,
					    t->key);
			*(int *)dst = json_is_true(v);
			break;
		case F_DBL:
			/* null is how a non-finite value was written */
			if (json_is_null(v))
				*(double *)dst = NAN;
			else if (json_is_number(v))
				*(double *)dst = json_number_value(v);
			else
				return fail(err, errlen, "%s.%s: expected a number", path, t->key);
			break;
		case F_FLAT: /* handled above */
			break;
		case F_OBJ: {
			char sub[160];
			int ret;

			if (json_is_null(v))
				break;
			snprintf(sub, sizeof(sub), "%s.%s", path, t->key);
			ret = obj_into(t->sub, dst, v, sub, err, errlen);
			if (ret < 0)
				return ret;
			break;
		}
		}
	}
	return 0;
}

/* A section is present when it is an object; absent or null means "did not run". */
static int section(json_t *o, const char *key, json_t **v, const char *path, char *err,
		   size_t errlen)
{
	*v = json_object_get(o, key);
	if (!*v || json_is_null(*v)) {
		*v = NULL;
		return 0;
	}
	if (!json_is_object(*v))
		return fail(err, errlen, "%s.%s: expected an object or null", path, key);
	return 0;
}

static const struct fld result_scalars[] = {
    STR("placement", struct sp_result, placement), STR("reason", struct sp_result, reason),
    STR("device", struct sp_result, device),	   U64("size_bytes", struct sp_result, size_bytes),
    DBL("elapsed_s", struct sp_result, elapsed_s), END,
};

static int result_from(json_t *o, struct sp_result *res, const char *path, char *err, size_t errlen)
{
	enum sp_placement_kind kind;
	char sub[160];
	json_t *v, *x;
	uint64_t u = 0;
	size_t i;
	int ret;

	ret = obj_into(result_scalars, res, o, path, err, errlen);
	if (ret < 0)
		return ret;
	if (!res->placement[0])
		return fail(err, errlen, "%s.placement: missing", path);
	/* a report from before "kind": the name says it (sp_placement_kind_from_name) */
	v = json_object_get(o, "kind");
	if (v ? !json_is_string(v) || sp_placement_kind_parse(json_string_value(v), &kind) < 0
	      : sp_placement_kind_from_name(res->placement, &kind) < 0)
		return fail(err, errlen, "%s.kind: %s", path,
			    v ? "expected start, end, file, zram, also, none, existing or probe"
			      : "missing, and the placement's name does not say it");
	x = json_object_get(o, "also_index");
	if (x && !json_is_null(x) && get_u64(x, 255, &u) < 0)
		return fail(err, errlen, "%s.also_index: expected null or 0 to 255", path);
	res->id = sp_placement_id_of(kind, x && !json_is_null(x) ? (int)u : -1);
	v = json_object_get(o, "status");
	if (!json_is_string(v) || sp_status_parse(json_string_value(v), &res->status) < 0)
		return fail(err, errlen, "%s.status: expected ok, failed, invalid or skipped",
			    path);

	v = json_object_get(o, "extents");
	if (v && !json_is_null(v)) {
		if (!json_is_array(v))
			return fail(err, errlen, "%s.extents: expected a list", path);
		if (json_array_size(v) > SP_MAX_EXTENTS)
			return fail(err, errlen, "%s.extents: more than %d", path, SP_MAX_EXTENTS);
		json_array_foreach(v, i, x)
		{
			if (!json_is_object(x) ||
			    get_u64(json_object_get(x, "start_sector"), UINT64_MAX,
				    &res->extents[i].start_sector) < 0 ||
			    get_u64(json_object_get(x, "sectors"), UINT64_MAX,
				    &res->extents[i].sectors) < 0)
				return fail(err, errlen,
					    "%s.extents[%zu]: expected {start_sector, sectors}",
					    path, i);
		}
		res->n_extents = json_array_size(v);
	}

	snprintf(sub, sizeof(sub), "%s.device_probe", path);
	if ((ret = section(o, "device_probe", &v, path, err, errlen)) < 0)
		return ret;
	if (v) {
		if ((ret = obj_into(device_probe_fields, &res->device_probe, v, sub, err, errlen)) <
		    0)
			return ret;
		res->device_probe.done = 1;
	}
	snprintf(sub, sizeof(sub), "%s.fault_probe", path);
	if ((ret = section(o, "fault_probe", &v, path, err, errlen)) < 0)
		return ret;
	if (v) {
		if ((ret = obj_into(fault_fields, &res->fault_probe, v, sub, err, errlen)) < 0)
			return ret;
		res->fault_probe.done = 1;
	}
	v = json_object_get(o, "uring_probe");
	if (v && !json_is_null(v)) {
		if (!json_is_array(v))
			return fail(err, errlen, "%s.uring_probe: expected a list", path);
		if (json_array_size(v) > SP_MAX_URING)
			return fail(err, errlen, "%s.uring_probe: more than %d", path,
				    SP_MAX_URING);
		json_array_foreach(v, i, x)
		{
			snprintf(sub, sizeof(sub), "%s.uring_probe[%zu]", path, i);
			ret =
			    obj_into(uring_fields, &res->fault_probe.uring[i], x, sub, err, errlen);
			if (ret < 0)
				return ret;
		}
		res->fault_probe.n_uring = json_array_size(v);
	}
	snprintf(sub, sizeof(sub), "%s.pressure_probe", path);
	if ((ret = section(o, "pressure_probe", &v, path, err, errlen)) < 0)
		return ret;
	if (v) {
		if ((ret = obj_into(pressure_fields, &res->pressure_probe, v, sub, err, errlen)) <
		    0)
			return ret;
		res->pressure_probe.done = 1;
	}
	snprintf(sub, sizeof(sub), "%s.integrity", path);
	if ((ret = section(o, "integrity", &v, path, err, errlen)) < 0)
		return ret;
	if (v && (ret = obj_into(integrity_fields, &res->integrity, v, sub, err, errlen)) < 0)
		return ret;
	snprintf(sub, sizeof(sub), "%s.compression", path);
	if ((ret = section(o, "compression", &v, path, err, errlen)) < 0)
		return ret;
	if (v) {
		static const struct fld comp[] = {
		    DBL("data_ratio", struct sp_compression, data_ratio),
		    BOOL("zram", struct sp_compression, zram),
		    END,
		};

		if ((ret = obj_into(comp, &res->compression, v, sub, err, errlen)) < 0)
			return ret;
		/* older producers may leave out the flag: the kernel's ratio implies zram */
		if (json_object_get(v, "zram_ratio"))
			res->compression.zram = 1;
		if (res->compression.zram &&
		    (ret = obj_into(zram_fields, &res->compression, v, sub, err, errlen)) < 0)
			return ret;
	}
	return 0;
}

static const struct fld report_scalars[] = {
    STR("tool_version", struct sp_report, tool_version),
    STR("command", struct sp_report, command),
    DBL("duration_s", struct sp_report, duration_s),
    U64("budget_bytes", struct sp_report, budget_bytes),
    DBL("time_per_placement_s", struct sp_report, time_per_placement_s),
    STR("target", struct sp_report, target),
    END,
};

static int report_from(json_t *root, struct sp_report *r, char *err, size_t errlen)
{
	json_t *v, *x;
	size_t i;
	int ret;

	memset(r, 0, sizeof(*r));
	if (!json_is_object(root))
		return fail(err, errlen, "the top level is not an object");
	v = json_object_get(root, "schema");
	if (!json_is_string(v))
		return fail(err, errlen, "no \"schema\": not a swapplace report");
	if (strcmp(json_string_value(v), SP_SCHEMA) != 0)
		return fail(err, errlen, "schema '%s' is not supported (expected '%s')",
			    json_string_value(v), SP_SCHEMA);
	snprintf(r->schema, sizeof(r->schema), "%s", SP_SCHEMA);
	ret = obj_into(report_scalars, r, root, "report", err, errlen);
	if (ret < 0)
		return ret;

	v = json_object_get(root, "started_unix");
	if (json_is_integer(v)) {
		r->started = (time_t)json_integer_value(v);
	} else if (v) {
		return fail(err, errlen, "report.started_unix: expected an integer");
	} else if (json_is_string(x = json_object_get(root, "started"))) {
		struct tm tm = {0};
		const char *end = strptime(json_string_value(x), "%Y-%m-%dT%H:%M:%SZ", &tm);

		if (!end || *end)
			return fail(err, errlen, "report.started: expected YYYY-MM-DDTHH:MM:SSZ");
		r->started = timegm(&tm);
	}

	v = json_object_get(root, "seed");
	if (json_is_string(v)) {
		char *end;

		errno = 0;
		r->seed = strtoull(json_string_value(v), &end, 10);
		if (errno || *end || end == json_string_value(v))
			return fail(err, errlen, "report.seed: not a decimal number");
	} else if (v && get_u64(v, UINT64_MAX, &r->seed) < 0) {
		return fail(err, errlen, "report.seed: expected a non-negative integer");
	}

	if ((ret = section(root, "machine", &v, "report", err, errlen)) < 0)
		return ret;
	if (v && (ret = obj_into(machine_fields, &r->machine, v, "machine", err, errlen)) < 0)
		return ret;

	v = json_object_get(root, "devices");
	if (v && !json_is_null(v)) {
		if (!json_is_array(v))
			return fail(err, errlen, "devices: expected a list");
		if (json_array_size(v) > SP_MAX_DEVICES)
			return fail(err, errlen, "devices: more than %d", SP_MAX_DEVICES);
		json_array_foreach(v, i, x)
		{
			char path[32];

			snprintf(path, sizeof(path), "devices[%zu]", i);
			ret = obj_into(device_fields, &r->devices[i], x, path, err, errlen);
			if (ret < 0)
				return ret;
		}
		r->n_devices = json_array_size(v);
	}

	v = json_object_get(root, "results");
	if (v && !json_is_null(v)) {
		if (!json_is_array(v))
			return fail(err, errlen, "results: expected a list");
		if (json_array_size(v) > SP_MAX_RESULTS)
			return fail(err, errlen, "results: more than %d", SP_MAX_RESULTS);
		json_array_foreach(v, i, x)
		{
			char path[32];

			snprintf(path, sizeof(path), "results[%zu]", i);
			if (!json_is_object(x))
				return fail(err, errlen, "%s: expected an object", path);
			ret = result_from(x, &r->results[i], path, err, errlen);
			if (ret < 0)
				return ret;
			r->n_results = i + 1;
		}
	}
	return 0;
}

int sp_report_json_parse(const char *text, size_t len, struct sp_report *r, char *err,
			 size_t errlen)
{
	json_error_t je;
	json_t *root;
	int ret;

	if (err && errlen)
		err[0] = '\0';
	if (!text || !r)
		return -EINVAL;
	root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
	if (!root)
		return fail(err, errlen, "malformed JSON at line %d column %d: %s", je.line,
			    je.column, je.text);
	ret = report_from(root, r, err, errlen);
	json_decref(root);
	return ret;
}
