/*
 * report_schema.c - the tables of report.json (docs/schema.md), one row per key.
 *
 * Every row checks at compile time that its member has the C type the row's JSON type reads
 * and writes, so a table cannot point a U64 key at a double. Add a key by adding its row where
 * the schema documents it; an enum key needs an sp_enum_type (name and parse), like status.
 */
#include "core/report/report_schema.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "core/measure/procparse.h"
#include "core/model/report.h"

/* 0, after failing the build when T's member m is not of type `type` */
#define IS(T, m, type)                                                                             \
	(0 * sizeof(struct {                                                                       \
		 int x;                                                                            \
		 _Static_assert(_Generic(((T *)0)->m, type : 1, default : 0),                      \
				#T "." #m " is not " #type);                                       \
	 }))
#define AT(T, m, type) (offsetof(T, m) + IS(T, m, type))

#define STR(k, T, m)                                                                               \
	{                                                                                          \
		.key = k, .type = SP_F_STR, .off = AT(T, m, char *), .size = sizeof(((T *)0)->m)   \
	}
#define U64(k, T, m)                                                                               \
	{                                                                                          \
		.key = k, .type = SP_F_U64, .off = AT(T, m, uint64_t)                              \
	}
#define U32(k, T, m)                                                                               \
	{                                                                                          \
		.key = k, .type = SP_F_U32, .off = AT(T, m, uint32_t)                              \
	}
#define INT(k, T, m)                                                                               \
	{                                                                                          \
		.key = k, .type = SP_F_INT, .off = AT(T, m, int)                                   \
	}
#define BOOL(k, T, m)                                                                              \
	{                                                                                          \
		.key = k, .type = SP_F_BOOL, .off = AT(T, m, int)                                  \
	}
#define DBL(k, T, m)                                                                               \
	{                                                                                          \
		.key = k, .type = SP_F_DBL, .off = AT(T, m, double)                                \
	}
#define ENUM(k, T, m, e)                                                                           \
	{                                                                                          \
		.key = k, .type = SP_F_ENUM,                                                       \
		.off = offsetof(T, m) +                                                            \
		       0 * sizeof(char[sizeof(((T *)0)->m) == sizeof(int) ? 1 : -1]),              \
		.en = e                                                                            \
	}
#define OBJ(k, T, m, t)                                                                            \
	{                                                                                          \
		.key = k, .type = SP_F_OBJ, .off = offsetof(T, m), .sub = t                        \
	}
#define FLAT(T, m, t)                                                                              \
	{                                                                                          \
		.key = "", .type = SP_F_FLAT, .off = offsetof(T, m), .sub = t                      \
	}
#define SECTION(k, T, m, t)                                                                        \
	{                                                                                          \
		.key = k, .type = SP_F_SECTION, .off = offsetof(T, m),                             \
		.aux = offsetof(__typeof__(((T *)0)->m), done) +                                   \
		       IS(__typeof__(((T *)0)->m), done, int),                                     \
		.sub = t                                                                           \
	}
#define LIST(k, T, m, n, t, fl)                                                                    \
	{                                                                                          \
		.key = k, .type = SP_F_LIST, .off = offsetof(T, m),                                \
		.size = sizeof(((T *)0)->m[0]), .aux = AT(T, n, size_t),                           \
		.max = sizeof(((T *)0)->m) / sizeof(((T *)0)->m[0]), .flags = fl, .sub = t         \
	}
#define DBL_LIST(k, T, m, n)                                                                       \
	{                                                                                          \
		.key = k, .type = SP_F_DBL_LIST, .off = AT(T, m[0], double),                       \
		.aux = AT(T, n, size_t), .max = sizeof(((T *)0)->m) / sizeof(((T *)0)->m[0])       \
	}
/* a DBL_LIST whose count is a uint32_t */
#define DBL_LIST_U32(k, T, m, n)                                                                   \
	{                                                                                          \
		.key = k, .type = SP_F_DBL_LIST, .off = AT(T, m[0], double),                       \
		.aux = AT(T, n, uint32_t), .max = sizeof(((T *)0)->m) / sizeof(((T *)0)->m[0]),    \
		.flags = SP_FF_COUNT_U32                                                           \
	}
#define STR_LIST(k, T, m, n)                                                                       \
	{                                                                                          \
		.key = k, .type = SP_F_STR_LIST, .off = AT(T, m[0], char *),                       \
		.size = sizeof(((T *)0)->m[0]), .aux = AT(T, n, size_t),                           \
		.max = sizeof(((T *)0)->m) / sizeof(((T *)0)->m[0])                                \
	}
#define I64_NULL(k, T, m)                                                                          \
	{                                                                                          \
		.key = k, .type = SP_F_I64_NULL, .off = AT(T, m, int64_t)                          \
	}
#define U64W(k, T, m)                                                                              \
	{                                                                                          \
		.key = k, .type = SP_F_U64_WIDE, .off = AT(T, m, uint64_t)                         \
	}
#define END                                                                                        \
	{                                                                                          \
		.key = NULL                                                                        \
	}

typedef struct sp_lat_summary lat_t;
typedef struct sp_fault_probe fault_t;
typedef struct sp_pressure_probe press_t;
typedef struct sp_device_probe devp_t;
typedef struct sp_compression comp_t;
typedef struct sp_scenario_build build_t;

static const char *status_name(int v)
{
	return sp_status_name((enum sp_status)v);
}

static int status_parse(const char *s, int *v)
{
	enum sp_status st;
	int ret = sp_status_parse(s, &st);

	if (!ret)
		*v = (int)st;
	return ret;
}

static const struct sp_enum_type status_type = {status_name, status_parse,
						"ok, failed, invalid or skipped"};

static const char *kind_name(int v)
{
	return sp_placement_kind_name((enum sp_placement_kind)v);
}

static int kind_parse(const char *s, int *v)
{
	enum sp_placement_kind k;
	int ret = sp_placement_kind_parse(s, &k);

	if (!ret)
		*v = (int)k;
	return ret;
}

static const struct sp_enum_type kind_type = {
    kind_name, kind_parse, "start, end, file, zram, also, none, existing, probe, ram or zswap"};

/* A report from before "kind": the placement's name says it, or nothing does. */
static int kind_from_name(void *obj)
{
	struct sp_result *res = obj;

	return sp_placement_kind_from_name(res->placement, &res->id.kind);
}

/* The role is not written: it follows from the kind. */
static void result_read(void *elem)
{
	struct sp_result *res = elem;

	res->id = sp_placement_id_of(res->id.kind, res->id.also_index);
}

static const struct sp_field lat_ci[] = {
    DBL("p50_lo_us", lat_t, p50_ci_lo_us),
    DBL("p50_hi_us", lat_t, p50_ci_hi_us),
    DBL("p99_lo_us", lat_t, p99_ci_lo_us),
    DBL("p99_hi_us", lat_t, p99_ci_hi_us),
    END,
};

/* a latency summary's scalars: nested (device probe) or flat (fault, pressure probes) */
static const struct sp_field lat_scalars[] = {
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
    {.key = "cdf",
     .type = SP_F_PAIR_LIST,
     .off = AT(lat_t, cdf_pct[0], double),
     .size = offsetof(lat_t, cdf_us) - offsetof(lat_t, cdf_pct) + IS(lat_t, cdf_us[0], double),
     .aux = AT(lat_t, n_cdf, size_t),
     .max = SP_LAT_CDF_MAX},
    END,
};

static const struct sp_field lat_fields[] = {
    {.key = "", .type = SP_F_FLAT, .off = 0, .sub = lat_scalars},
    {.key = "ci", .type = SP_F_OBJ, .off = 0, .sub = lat_ci},
    END,
};

static const struct sp_field profile_point_fields[] = {
    U64("offset_bytes", struct sp_profile_point, offset_bytes),
    DBL("seq_mib_s", struct sp_profile_point, seq_mib_s),
    DBL("rand_p50_us", struct sp_profile_point, rand_p50_us),
    U32("rand_reads", struct sp_profile_point, rand_reads),
    END,
};

static const struct sp_field profile_fields[] = {
    LIST("points", struct sp_profile, points, n, profile_point_fields, 0),
    DBL("duration_s", struct sp_profile, duration_s),
    U64("dev_bytes", struct sp_profile, dev_bytes),
    U64("window_bytes", struct sp_profile, window_bytes),
    END,
};

static const struct sp_enum_type thp_type = {sp_thp_name, sp_thp_parse, "always, madvise or never"};
static const struct sp_enum_type dmi_serial_type = {sp_dmi_serial_state_name,
						    sp_dmi_serial_state_parse,
						    "read, not_reported, root_only or unreadable"};

/* a value the kernel may lack (a counter, a setting): null when the int flag m2 is 0 */
#define ROW_IF(k, ft, T, m, ct, m2)                                                                \
	{                                                                                          \
		.key = k, .type = ft, .off = AT(T, m, ct), .aux = AT(T, m2, int),                  \
		.flags = SP_FF_NULLIF                                                              \
	}
#define U64_IF(k, T, m, m2) ROW_IF(k, SP_F_U64, T, m, uint64_t, m2)
#define INT_IF(k, T, m, m2) ROW_IF(k, SP_F_INT, T, m, int, m2)
#define BOOL_IF(k, T, m, m2) ROW_IF(k, SP_F_BOOL, T, m, int, m2)
#define DBL_IF(k, T, m, m2)                                                                        \
	{                                                                                          \
		.key = k, .type = SP_F_DBL, .off = AT(T, m, double),                               \
		.aux = offsetof(T, m2) +                                                           \
		       0 * sizeof(char[sizeof(((T *)0)->m2) == sizeof(int) ? 1 : -1]),             \
		.flags = SP_FF_NULLIF                                                              \
	}

#define ENUM_IF(k, T, m, e, m2)                                                                    \
	{                                                                                          \
		.key = k, .type = SP_F_ENUM, .off = AT(T, m, int), .en = e, .aux = AT(T, m2, int), \
		.flags = SP_FF_NULLIF                                                              \
	}

static const struct sp_field machine_fields[] = {
    STR("cpu", struct sp_machine, cpu),
    U32("cores", struct sp_machine, cores),
    U64("ram_bytes", struct sp_machine, ram_bytes),
    STR("kernel", struct sp_machine, kernel),
    STR("dmi_vendor", struct sp_machine, dmi_vendor),
    STR("dmi_model", struct sp_machine, dmi_model),
    STR("dmi_serial", struct sp_machine, dmi_serial),
    ENUM_IF("dmi_serial_state", struct sp_machine, dmi_serial_state, &dmi_serial_type,
	    have_dmi_serial_state),
    STR("bios_vendor", struct sp_machine, bios_vendor),
    STR("bios_version", struct sp_machine, bios_version),
    STR("bios_date", struct sp_machine, bios_date),
    DBL("timer_cost_ns", struct sp_machine, timer_cost_ns),
    INT("cgroup_version", struct sp_machine, cgroup_version),
    U32("page_size", struct sp_machine, page_size),
    INT_IF("swappiness", struct sp_machine, swappiness, have_swappiness),
    ENUM_IF("thp", struct sp_machine, thp, &thp_type, have_thp),
    BOOL_IF("mglru", struct sp_machine, mglru, have_mglru),
    END,
};

static const struct sp_field device_fields[] = {
    STR("name", struct sp_device_info, name),
    STR("path", struct sp_device_info, path),
    STR("by_id", struct sp_device_info, by_id),
    STR("model", struct sp_device_info, model),
    STR("serial", struct sp_device_info, serial),
    STR("firmware", struct sp_device_info, firmware),
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

static const struct sp_field extent_fields[] = {
    {.key = "start_sector",
     .type = SP_F_U64,
     .off = AT(struct sp_extent, start_sector, uint64_t),
     .flags = SP_FF_REQUIRED},
    {.key = "sectors",
     .type = SP_F_U64,
     .off = AT(struct sp_extent, sectors, uint64_t),
     .flags = SP_FF_REQUIRED},
    END,
};

static const struct sp_field device_probe_fields[] = {
    U64("range_bytes", devp_t, range_bytes),
    U32("block_bytes", devp_t, block_bytes),
    OBJ("qd1", devp_t, qd1, lat_fields),
    U32("deep_qd", devp_t, deep_qd),
    DBL("iops", devp_t, deep_iops),
    OBJ("deep", devp_t, deep, lat_fields),
    DBL("seq_mib_s", devp_t, seq_mib_s),
    U64("seq_bytes", devp_t, seq_bytes),
    BOOL_IF("rotational", devp_t, rotational, has_rotational),
    BOOL_IF("range_written", devp_t, range_written, has_range_written),
    END,
};

static const struct sp_field fault_ci[] = {
    DBL("p50_lo_us", fault_t, lat.p50_ci_lo_us),
    DBL("p50_hi_us", fault_t, lat.p50_ci_hi_us),
    DBL("p99_lo_us", fault_t, lat.p99_ci_lo_us),
    DBL("p99_hi_us", fault_t, lat.p99_ci_hi_us),
    DBL("target_pct", fault_t, ci_target_pct),
    DBL("achieved_pct", fault_t, ci_achieved_pct),
    END,
};

typedef struct sp_fault_concurrency conc_t;

static const struct sp_field concurrency_fields[] = {
    U32("threads", conc_t, threads),
    U64("samples", conc_t, samples),
    U64("real_swapins", conc_t, real_swapins),
    DBL("p50_us", conc_t, p50_us),
    DBL("pages_per_s", conc_t, pages_per_s),
    BOOL("invalid", conc_t, invalid),
    END,
};

typedef struct sp_fault_floor floor_t;

static const struct sp_field floor_fields[] = {
    FLAT(floor_t, lat, lat_fields),
    DBL_LIST_U32("blocks", floor_t, block_p50_us, n_blocks),
    U64("unmapped", floor_t, unmapped),
    END,
};

static const struct sp_field fault_fields[] = {
    U32("threads", fault_t, threads),
    U64("buffer_bytes", fault_t, buffer_bytes),
    U32("rounds", fault_t, rounds),
    U64("real_swapins", fault_t, real_swapins),
    U64("touches", fault_t, touches),
    U64("pswpin_delta", fault_t, pswpin_delta),
    U64("swapcached_bytes", fault_t, swapcached_bytes),
    FLAT(fault_t, lat, lat_scalars),
    {.key = "ci", .type = SP_F_OBJ, .off = 0, .sub = fault_ci},
    BOOL("invalid", fault_t, invalid),
    SECTION("concurrency", fault_t, concurrency, concurrency_fields),
    DBL_LIST_U32("blocks", fault_t, block_p50_us, n_blocks),
    SECTION("floor", fault_t, floor, floor_fields),
    END,
};

static const struct sp_field swapout_fields[] = {
    U64("pages", struct sp_swapout, pages),
    DBL("seconds", struct sp_swapout, seconds),
    DBL("pages_per_s", struct sp_swapout, pages_per_s),
    END,
};

/* swap-out has no "done" flag: it ran when it timed an eviction */
static int swapout_present(const void *sec)
{
	const struct sp_swapout *s = sec;

	return s->pages > 0 || s->seconds > 0;
}

static const struct sp_field uring_fields[] = {
    U32("qd", struct sp_uring_point, qd),
    U64("samples", struct sp_uring_point, samples),
    U64("real_swapins", struct sp_uring_point, real_swapins),
    DBL("p50_us", struct sp_uring_point, p50_us),
    DBL("p99_us", struct sp_uring_point, p99_us),
    DBL("pages_per_s", struct sp_uring_point, pages_per_s),
    BOOL("invalid", struct sp_uring_point, invalid),
    END,
};

static const struct sp_field pressure_fields[] = {
    INT("cgroup_version", press_t, cgroup_version),
    U64("limit_bytes", press_t, limit_bytes),
    U64("hot_bytes", press_t, hot_bytes),
    U64("cold_bytes", press_t, cold_bytes),
    DBL("duration_s", press_t, duration_s),
    U64("touches", press_t, touches),
    DBL("touches_per_s", press_t, touches_per_s),
    FLAT(press_t, lat, lat_fields),
    U64("major_faults", press_t, major_faults),
    BOOL("oom_killed", press_t, oom_killed),
    U64("swap_used_bytes", press_t, swap_used_bytes),
    END,
};

static const struct sp_field integrity_fields[] = {
    U64("pages_checked", struct sp_integrity, pages_checked),
    U64("mismatches", struct sp_integrity, mismatches),
    END,
};

/* the kernel's figures exist only for zram */
static const struct sp_field zram_fields[] = {
    DBL("zram_ratio", comp_t, zram_ratio),	     U64("orig_data_size", comp_t, orig_data_size),
    U64("compr_data_size", comp_t, compr_data_size), U64("mem_used_total", comp_t, mem_used_total),
    U64("same_pages", comp_t, same_pages),	     END,
};

static const struct sp_field compression_fields[] = {
    DBL("data_ratio", comp_t, data_ratio),
    /* older producers left out the flag: the kernel's ratio implies zram */
    {.key = "zram", .type = SP_F_BOOL, .off = AT(comp_t, zram, int), .implied_by = "zram_ratio"},
    {.key = "",
     .type = SP_F_FLAT,
     .off = 0,
     .aux = AT(comp_t, zram, int),
     .flags = SP_FF_COND,
     .sub = zram_fields},
    END,
};

/* compression has no "done" flag: it ran when it measured something */
static int compression_present(const void *sec)
{
	const comp_t *c = sec;

	return c->data_ratio > 0 || c->zram;
}

/* absent on kernels without VMA-based swap readahead (before 4.14): not zero */
static const struct sp_field swap_ra_fields[] = {
    U64("swap_ra", build_t, swap_ra),
    U64("swap_ra_hit", build_t, swap_ra_hit),
    END,
};

/* absent when /proc/<pid>/io could not be read */
static const struct sp_field file_io_fields[] = {
    U64("file_read_bytes", build_t, file_read_bytes),
    U64("file_written_bytes", build_t, file_written_bytes),
    U64("io_read_bytes", build_t, io_read_bytes),
    END,
};

static const struct sp_field regime_fields[] = {
    U64("working_set_bytes", struct sp_build_regime, working_set_bytes),
    U64("limit_bytes", struct sp_build_regime, limit_bytes),
    DBL("wait_swap_s", struct sp_build_regime, wait_swap_s),
    DBL("wait_file_s", struct sp_build_regime, wait_file_s),
    DBL("cpu_s", struct sp_build_regime, cpu_s),
    END,
};

static const struct sp_field build_files_fields[] = {
    STR("what", struct sp_build_files, what),
    LIST("extents", struct sp_build_files, extents, n_extents, extent_fields, 0),
    END,
};

static const struct sp_field build_fields[] = {
    {.key = "status", .type = SP_F_ENUM, .off = offsetof(build_t, status), .en = &status_type},
    STR("reason", build_t, reason),
    STR("job", build_t, job),
    DBL("work_scale", build_t, work_scale),
    U64("limit_bytes", build_t, limit_bytes),
    DBL("wall_s", build_t, wall_s),
    DBL_LIST("wall_s_runs", build_t, wall_s_runs, n_runs),
    DBL("wall_s_spread_pct", build_t, wall_s_spread_pct),
    DBL("cpu_s", build_t, cpu_s),
    U64("pswpin", build_t, pswpin),
    U64("pswpout", build_t, pswpout),
    U64("major_faults", build_t, major_faults),
    {.key = "has_swap_ra",
     .type = SP_F_BOOL,
     .off = AT(build_t, has_swap_ra, int),
     .implied_by = "swap_ra"},
    {.key = "",
     .type = SP_F_FLAT,
     .off = 0,
     .aux = AT(build_t, has_swap_ra, int),
     .flags = SP_FF_COND,
     .sub = swap_ra_fields},
    {.key = "has_file_io",
     .type = SP_F_BOOL,
     .off = AT(build_t, has_file_io, int),
     .implied_by = "file_read_bytes"},
    {.key = "",
     .type = SP_F_FLAT,
     .off = 0,
     .aux = AT(build_t, has_file_io, int),
     .flags = SP_FF_COND,
     .sub = file_io_fields},
    BOOL("oom_killed", build_t, oom_killed),
    INT("page_cluster", build_t, page_cluster),
    OBJ("swapout", build_t, swapout, swapout_fields),
    U32("units_done", build_t, units_done),
    U32("units_total", build_t, units_total),
    U32("jobs", build_t, jobs),
    SECTION("regime", build_t, regime, regime_fields),
    LIST("files", build_t, files, n_files, build_files_fields, SP_FF_NULL_EMPTY),
    U64W("objects_checksum", build_t, objects_checksum),
    INT("exit_code", build_t, exit_code),
    BOOL("timed_out", build_t, timed_out),
    STR("output_tail", build_t, output_tail),
    END,
};

typedef struct sp_service_case svc_case_t;

/* a report from before the start time and the served rate: not known, never 0 */
static int svc_start_unknown(void *obj)
{
	((svc_case_t *)obj)->start_s = NAN;
	return 0;
}

static int svc_served_unknown(void *obj)
{
	((svc_case_t *)obj)->served_per_s = NAN;
	return 0;
}

static const struct sp_field service_case_fields[] = {
    STR("case", svc_case_t, name),
    DBL("rate_per_s", svc_case_t, rate_per_s),
    U64("sent", svc_case_t, sent),
    U64("served", svc_case_t, served),
    U64("failed", svc_case_t, failed),
    DBL("p50_ms", svc_case_t, p50_ms),
    DBL("p95_ms", svc_case_t, p95_ms),
    DBL("p99_ms", svc_case_t, p99_ms),
    DBL("top_speed_per_s", svc_case_t, top_speed_per_s),
    U64("oom_kills", svc_case_t, oom_kills),
    STR_LIST("oom_victims", svc_case_t, oom_victims, n_oom_victims),
    U64("restarts", svc_case_t, restarts),
    I64_NULL("swap_used_bytes", svc_case_t, swap_used_bytes),
    DBL("swapin_pages_per_s", svc_case_t, swapin_pages_per_s),
    DBL("swapout_pages_per_s", svc_case_t, swapout_pages_per_s),
    {.key = "start_s",
     .type = SP_F_DBL,
     .off = AT(svc_case_t, start_s, double),
     .absent = svc_start_unknown},
    {.key = "served_per_s",
     .type = SP_F_DBL,
     .off = AT(svc_case_t, served_per_s, double),
     .absent = svc_served_unknown},
    /* null: unreadable (and missing: a report from before they were recorded) */
    {.key = "page_cluster", .type = SP_F_INDEX, .off = AT(svc_case_t, page_cluster, int)},
    {.key = "swappiness", .type = SP_F_INDEX, .off = AT(svc_case_t, swappiness, int)},
    DBL_LIST("p95_ms_runs", svc_case_t, p95_ms_runs, n_runs),
    DBL_LIST("failed_runs", svc_case_t, failed_runs, n_runs),
    DBL_LIST("start_s_runs", svc_case_t, start_s_runs, n_runs),
    DBL_LIST("served_per_s_runs", svc_case_t, served_per_s_runs, n_runs),
    DBL_LIST("top_speed_per_s_runs", svc_case_t, top_speed_per_s_runs, n_runs),
    END,
};

static const struct sp_field service_fields[] = {
    LIST("cases", struct sp_scenario_service, cases, n_cases, service_case_fields, 0),
    END,
};

static const char *scope_name(int v)
{
	return sp_scope_name((enum sp_scope)v);
}

static int scope_parse(const char *s, int *v)
{
	enum sp_scope sc;
	int ret = sp_scope_parse(s, &sc);

	if (!ret)
		*v = (int)sc;
	return ret;
}

static const struct sp_enum_type scope_type = {scope_name, scope_parse, "none, cgroup or system"};

typedef struct sp_cache_case cache_case_t;
typedef struct sp_cache_evicted evicted_t;

/* each process's own swap use (VmSwap); null where it was not read */
static const struct sp_field evicted_fields[] = {
    U64_IF("pool_bytes", evicted_t, pool_bytes, has),
    U64_IF("other_bytes", evicted_t, other_bytes, has),
    END,
};

/* the contract's keys first (core/scenario/serverjob.h), then what they come from */
static const struct sp_field cache_case_fields[] = {
    DBL("cache_pct", cache_case_t, cache_pct),
    DBL("ops_per_s", cache_case_t, ops_per_s),
    DBL("p95_ms", cache_case_t, p95_ms),
    DBL("swapin_pages_per_s", cache_case_t, swapin_pages_per_s),
    DBL("swapout_pages_per_s", cache_case_t, swapout_pages_per_s),
    U64_IF("pgscan_direct", cache_case_t, pgscan_direct, has_pgscan_direct),
    U64_IF("allocstall", cache_case_t, allocstall, has_allocstall),
    DBL_IF("psi_some_avg10", cache_case_t, psi_some_avg10, psi_scope),
    DBL_IF("psi_full_avg10", cache_case_t, psi_full_avg10, has_psi_full),
    {.key = "status", .type = SP_F_ENUM, .off = offsetof(cache_case_t, status), .en = &status_type},
    STR("reason", cache_case_t, reason),
    /* after the values they qualify: reading a value sets its flag, the scope says which */
    {.key = "psi_scope",
     .type = SP_F_ENUM,
     .off = offsetof(cache_case_t, psi_scope),
     .en = &scope_type},
    {.key = "pgscan_scope",
     .type = SP_F_ENUM,
     .off = offsetof(cache_case_t, pgscan_scope),
     .en = &scope_type},
    DBL("span_s", cache_case_t, span_s),
    U64("ops", cache_case_t, ops),
    DBL("p50_ms", cache_case_t, p50_ms),
    DBL("p99_ms", cache_case_t, p99_ms),
    U64("pswpin", cache_case_t, pswpin),
    U64("pswpout", cache_case_t, pswpout),
    U64("major_faults", cache_case_t, major_faults),
    U64("hits", cache_case_t, hits),
    U64("misses", cache_case_t, misses),
    U64("mismatches", cache_case_t, mismatches),
    U64("limit_bytes", cache_case_t, limit_bytes),
    U64("cache_bytes", cache_case_t, cache_bytes),
    U64("other_bytes", cache_case_t, other_bytes),
    U64_IF("cache_swapped_bytes", cache_case_t, cache_swapped_bytes, has_swapped),
    U64_IF("other_swapped_bytes", cache_case_t, other_swapped_bytes, has_swapped),
    BOOL("oom_killed", cache_case_t, oom_killed),
    OBJ("evicted", cache_case_t, evicted, evicted_fields),
    INT_IF("swappiness", cache_case_t, swappiness, has_swappiness),
    DBL_LIST("ops_per_s_runs", cache_case_t, ops_per_s_runs, n_runs),
    DBL_LIST("p95_ms_runs", cache_case_t, p95_ms_runs, n_runs),
    END,
};

static const struct sp_field cache_fields[] = {
    U32("threads", struct sp_scenario_cache, threads),
    LIST("cases", struct sp_scenario_cache, cases, n_cases, cache_case_fields, 0),
    OBJ("evicted", struct sp_scenario_cache, evicted, evicted_fields),
    END,
};

typedef struct sp_scenario_gc gc_t;
typedef struct sp_gc_baseline gc_base_t;

static const struct sp_field gc_pause_fields[] = {
    DBL("ms", struct sp_gc_pause, ms),
    U64("faults", struct sp_gc_pause, faults),
    END,
};

static const struct sp_field gc_alloc_fields[] = {
    DBL("p50_us", struct sp_gc_alloc_latency, p50_us),
    DBL("p99_us", struct sp_gc_alloc_latency, p99_us),
    DBL("max_us", struct sp_gc_alloc_latency, max_us),
    END,
};

/* the same figures as the run's, in RAM without a limit (docs/schema.md) */
static const struct sp_field gc_baseline_fields[] = {
    {.key = "status", .type = SP_F_ENUM, .off = offsetof(gc_base_t, status), .en = &status_type},
    STR("reason", gc_base_t, reason),
    U64("pauses", gc_base_t, pauses),
    DBL("p50_pause_ms", gc_base_t, p50_pause_ms),
    DBL("p99_pause_ms", gc_base_t, p99_pause_ms),
    DBL("worst_pause_ms", gc_base_t, worst_pause_ms),
    U64("faults_in_pauses", gc_base_t, faults_in_pauses),
    LIST("pause_list", gc_base_t, pause_list, n_pause_list, gc_pause_fields, 0),
    OBJ("alloc_latency", gc_base_t, alloc_latency, gc_alloc_fields),
    U64("allocations", gc_base_t, allocations),
    DBL("wall_s", gc_base_t, wall_s),
    END,
};

static const struct sp_field gc_fields[] = {
    U64("pauses", gc_t, pauses),
    DBL("p50_pause_ms", gc_t, p50_pause_ms),
    DBL("p99_pause_ms", gc_t, p99_pause_ms),
    DBL("worst_pause_ms", gc_t, worst_pause_ms),
    U64("faults_in_pauses", gc_t, faults_in_pauses),
    {.key = "status", .type = SP_F_ENUM, .off = offsetof(gc_t, status), .en = &status_type},
    STR("reason", gc_t, reason),
    U64("pauses_with_faults", gc_t, pauses_with_faults),
    DBL("faulting_p50_pause_ms", gc_t, faulting_p50_pause_ms),
    U64("limit_bytes", gc_t, limit_bytes),
    U64("heap_bytes", gc_t, heap_bytes),
    U64("hot_bytes", gc_t, hot_bytes),
    U64("mutator_touches", gc_t, mutator_touches),
    U64("pages_checked", gc_t, pages_checked),
    U64("mismatches", gc_t, mismatches),
    U64("pswpin", gc_t, pswpin),
    U64("pswpout", gc_t, pswpout),
    DBL("wall_s", gc_t, wall_s),
    BOOL("oom_killed", gc_t, oom_killed),
    LIST("pause_list", gc_t, pause_list, n_pause_list, gc_pause_fields, 0),
    OBJ("alloc_latency", gc_t, alloc_latency, gc_alloc_fields),
    SECTION("baseline", gc_t, baseline, gc_baseline_fields),
    U64("allocations", gc_t, allocations),
    U64("meta_bytes", gc_t, meta_bytes),
    U64("alloc_bytes", gc_t, alloc_bytes),
    U64("pswpin_in_pauses", gc_t, pswpin_in_pauses),
    DBL("span_s", gc_t, span_s),
    U64("capped_cycles", gc_t, capped_cycles),
    DBL_LIST("p99_pause_ms_runs", gc_t, p99_pause_ms_runs, n_runs),
    DBL_LIST("worst_pause_ms_runs", gc_t, worst_pause_ms_runs, n_runs),
    END,
};

/* the service scenario has no "done" flag: it ran when it has a case */
static int service_present(const void *sec)
{
	const struct sp_scenario_service *s = sec;

	return s->n_cases > 0;
}

static const struct sp_field scenarios_fields[] = {
    SECTION("build", struct sp_scenarios, build, build_fields),
    {.key = "service",
     .type = SP_F_SECTION,
     .off = offsetof(struct sp_scenarios, service),
     .sub = service_fields,
     .present = service_present},
    SECTION("cache", struct sp_scenarios, cache, cache_fields),
    SECTION("gc", struct sp_scenarios, gc, gc_fields),
    END,
};

/* "scenarios" is null when no scenario ran on the placement (--scenario none, measure, probe) */
static int scenarios_present(const void *sec)
{
	const struct sp_scenarios *s = sec;

	return s->build.done || s->service.n_cases > 0 || s->cache.done || s->gc.done;
}

typedef struct sp_zswap_result zswap_t;

/* the counters are null where the kernel has none */
static const struct sp_field zswap_fields[] = {
    BOOL("enabled", zswap_t, enabled),
    STR("compressor", zswap_t, compressor),
    I64_NULL("zswpin", zswap_t, zswpin),
    I64_NULL("zswpout", zswap_t, zswpout),
    I64_NULL("fault_zswpin", zswap_t, fault_zswpin),
    I64_NULL("fault_pswpin", zswap_t, fault_pswpin),
    I64_NULL("pool_bytes", zswap_t, pool_bytes),
    END,
};

static const struct sp_field zswap_run_fields[] = {
    BOOL("enabled_before", struct sp_zswap_run, enabled_before),
    STR("compressor_before", struct sp_zswap_run, compressor_before),
    BOOL("disabled", struct sp_zswap_run, disabled),
    END,
};

/* results[].constraints and results[].budget (act/caps.h; docs/method.md) */
static const struct sp_field box_applied_fields[] = {
    BOOL("ran", struct sp_box_applied, ran),
    BOOL("cpu_applied", struct sp_box_applied, cpu_applied),
    BOOL("io_applied", struct sp_box_applied, io_applied),
    BOOL("io_moot", struct sp_box_applied, io_moot),
    STR("cpu_reason", struct sp_box_applied, cpu_reason),
    STR("io_reason", struct sp_box_applied, io_reason),
    STR("io_device", struct sp_box_applied, io_device),
    U64_IF("cpu_periods", struct sp_box_applied, cpu_periods, measured),
    U64_IF("cpu_throttled_periods", struct sp_box_applied, cpu_throttled_periods, measured),
    U64_IF("cpu_throttled_us", struct sp_box_applied, cpu_throttled_us, measured),
    U64_IF("cpu_usage_us", struct sp_box_applied, cpu_usage_us, usage_known),
    U64_IF("io_rios", struct sp_box_applied, io_rios, io_measured),
    U64_IF("io_wios", struct sp_box_applied, io_wios, io_measured),
    U64_IF("io_rbytes", struct sp_box_applied, io_rbytes, io_measured),
    U64_IF("io_wbytes", struct sp_box_applied, io_wbytes, io_measured),
    DBL_IF("cgroup_s", struct sp_box_applied, cgroup_s, spanned),
    END,
};

static const struct sp_field budget_fields[] = {
    U64("limit_bytes_start", struct sp_budget_kept, limit_bytes_start),
    U64("limit_bytes_min", struct sp_budget_kept, limit_bytes_min),
    U64("floor_bytes", struct sp_budget_kept, floor_bytes),
    U64("zram_pool_peak_bytes", struct sp_budget_kept, zram_pool_peak_bytes),
    U64("over_budget_peak_bytes", struct sp_budget_kept, over_budget_peak_bytes),
    U64("samples", struct sp_budget_kept, samples),
    U32("cgroups", struct sp_budget_kept, cgroups),
    BOOL("kept", struct sp_budget_kept, kept),
    BOOL("floor_hit", struct sp_budget_kept, floor_hit),
    END,
};

/* the report's constraints: --cpu-max, --io-max as asked and applied */
static const struct sp_field constraints_fields[] = {
    DBL("cpu_max", struct sp_constraints, cpu_max),
    I64_NULL("io_max_iops", struct sp_constraints, io_max_iops),
    I64_NULL("io_max_bps", struct sp_constraints, io_max_bps),
    BOOL("cpu_applied", struct sp_constraints, cpu_applied),
    BOOL("io_applied", struct sp_constraints, io_applied),
    STR("cpu_reason", struct sp_constraints, cpu_reason),
    STR("io_reason", struct sp_constraints, io_reason),
    END,
};

static const struct sp_field result_fields[] = {
    {.key = "placement",
     .type = SP_F_STR,
     .off = AT(struct sp_result, placement, char *),
     .size = sizeof(((struct sp_result *)0)->placement),
     .flags = SP_FF_REQUIRED},
    {.key = "kind",
     .type = SP_F_ENUM,
     .off = offsetof(struct sp_result, id.kind),
     .en = &kind_type,
     .absent = kind_from_name},
    {.key = "also_index", .type = SP_F_INDEX, .off = AT(struct sp_result, id.also_index, int)},
    {.key = "status",
     .type = SP_F_ENUM,
     .off = offsetof(struct sp_result, status),
     .flags = SP_FF_REQUIRED,
     .en = &status_type},
    STR("reason", struct sp_result, reason),
    STR("error", struct sp_result, error),
    STR_LIST("kernel_log", struct sp_result, kernel_log, n_kernel_log),
    STR("device", struct sp_result, device),
    U64("size_bytes", struct sp_result, size_bytes),
    DBL("elapsed_s", struct sp_result, elapsed_s),
    LIST("extents", struct sp_result, extents, n_extents, extent_fields, 0),
    SECTION("device_probe", struct sp_result, device_probe, device_probe_fields),
    SECTION("fault_probe", struct sp_result, fault_probe, fault_fields),
    LIST("uring_probe", struct sp_result, fault_probe.uring, fault_probe.n_uring, uring_fields,
	 SP_FF_NULL_EMPTY),
    SECTION("pressure_probe", struct sp_result, pressure_probe, pressure_fields),
    OBJ("integrity", struct sp_result, integrity, integrity_fields),
    {.key = "compression",
     .type = SP_F_SECTION,
     .off = offsetof(struct sp_result, compression),
     .sub = compression_fields,
     .present = compression_present},
    {.key = "swapout",
     .type = SP_F_SECTION,
     .off = offsetof(struct sp_result, swapout),
     .sub = swapout_fields,
     .present = swapout_present},
    {.key = "scenarios",
     .type = SP_F_SECTION,
     .off = offsetof(struct sp_result, scenarios),
     .sub = scenarios_fields,
     .present = scenarios_present},
    SECTION("zswap", struct sp_result, zswap, zswap_fields),
    SECTION("constraints", struct sp_result, constraints, box_applied_fields),
    SECTION("budget", struct sp_result, budget, budget_fields),
    END,
};

/* --sweep's rows (core/scenario/sweep.h): who, what, then the figures of the row's scenario only */
typedef struct sp_sweep_row sweep_t;

static const struct sp_field sweep_build_fields[] = {
    DBL("wall_s", sweep_t, build.wall_s),	   U64("pswpin", sweep_t, build.pswpin),
    U64("pswpout", sweep_t, build.pswpout),	   U64("major_faults", sweep_t, build.major_faults),
    BOOL("oom_killed", sweep_t, build.oom_killed), END,
};

static const struct sp_field sweep_service_fields[] = {
    STR("case", sweep_t, service.case_name),
    U64("sent", sweep_t, service.sent),
    U64("failed", sweep_t, service.failed),
    DBL("p95_ms", sweep_t, service.p95_ms),
    DBL("top_speed_per_s", sweep_t, service.top_speed_per_s),
    U64("oom_kills", sweep_t, service.oom_kills),
    DBL("swapin_pages_per_s", sweep_t, service.swapin_pages_per_s),
    END,
};

static const struct sp_field sweep_cache_fields[] = {
    DBL("cache_pct", sweep_t, cache.cache_pct), /* first: it says the row is a cache row */
    DBL("ops_per_s", sweep_t, cache.ops_per_s),
    DBL("p95_ms", sweep_t, cache.p95_ms),
    DBL("swapin_pages_per_s", sweep_t, cache.swapin_pages_per_s),
    BOOL("oom_killed", sweep_t, cache.oom_killed),
    END,
};

static const struct sp_field sweep_gc_fields[] = {
    U64("pauses", sweep_t, gc.pauses), /* first: it says the row is a gc row */
    DBL("p99_pause_ms", sweep_t, gc.p99_pause_ms),
    DBL("worst_pause_ms", sweep_t, gc.worst_pause_ms),
    U64("faults_in_pauses", sweep_t, gc.faults_in_pauses),
    END,
};

static const struct sp_field sweep_fields[] = {
    STR("knob", sweep_t, knob),
    INT("value", sweep_t, value),
    STR("placement", sweep_t, placement),
    STR("scenario", sweep_t, scenario),
    U32("run", sweep_t, run),
    {.key = "status", .type = SP_F_ENUM, .off = AT(sweep_t, status, int), .en = &status_type},
    STR("reason", sweep_t, reason),
    /* each written only with its scenario's row; read when its first key is there (p95_ms,
     * swapin_pages_per_s and oom_killed are two scenarios' keys) */
    {.key = "",
     .type = SP_F_FLAT,
     .off = 0,
     .aux = AT(sweep_t, is_build, int),
     .flags = SP_FF_COND | SP_FF_COND_FIRST,
     .sub = sweep_build_fields},
    {.key = "",
     .type = SP_F_FLAT,
     .off = 0,
     .aux = AT(sweep_t, is_service, int),
     .flags = SP_FF_COND | SP_FF_COND_FIRST,
     .sub = sweep_service_fields},
    {.key = "",
     .type = SP_F_FLAT,
     .off = 0,
     .aux = AT(sweep_t, is_cache, int),
     .flags = SP_FF_COND | SP_FF_COND_FIRST,
     .sub = sweep_cache_fields},
    {.key = "",
     .type = SP_F_FLAT,
     .off = 0,
     .aux = AT(sweep_t, is_gc, int),
     .flags = SP_FF_COND | SP_FF_COND_FIRST,
     .sub = sweep_gc_fields},
    END,
};

/* run: what it saved before the first write, and how to put it back (core/safety/backup.h) */
static const struct sp_field backup_fields[] = {
    STR("device", struct sp_backup_entry, device),
    STR("dir", struct sp_backup_entry, dir),
    STR("table", struct sp_backup_entry, table),
    STR("restore", struct sp_backup_entry, restore),
    END,
};

_Static_assert(sizeof(enum sp_status) == sizeof(int), "status is read and written as an int");
_Static_assert(sizeof(enum sp_placement_kind) == sizeof(int), "kind is read and written as an int");
_Static_assert(sizeof(time_t) == sizeof(int64_t), "time_t is written as 64-bit seconds");

/* written only where the budget was chosen from the machine's memory (core/config/budget.h) */
static const struct sp_field budget_rule_fields[] = {
    STR("budget_source", struct sp_report, budget_source),
    U32("budget_ram_pct", struct sp_report, budget_ram_pct),
    U64("budget_floor_bytes", struct sp_report, budget_floor_bytes),
    U64("budget_ceiling_bytes", struct sp_report, budget_ceiling_bytes),
    U64("budget_headroom_bytes", struct sp_report, budget_headroom_bytes),
    U64("mem_available_bytes", struct sp_report, mem_available_bytes),
    END,
};

/* written only by a run that kept a journal, so reports without one read and write as before */
static const struct sp_field journal_fields[] = {
    STR("journal", struct sp_report, journal),
    END,
};

static const struct sp_field tool_fields[] = {
    STR("name", struct sp_tool_entry, name),
    STR("path", struct sp_tool_entry, path),
    END,
};

static const struct sp_field tools_fields[] = {
    LIST("tools", struct sp_report, tools, n_tools, tool_fields, 0),
    END,
};

static const struct sp_field progress_entry_fields[] = {
    STR("placement", struct sp_progress_entry, placement),
    U32("step", struct sp_progress_entry, step),
    DBL("elapsed_s", struct sp_progress_entry, elapsed_s),
    DBL("left_s", struct sp_progress_entry, left_s),
    END,
};

static const struct sp_field progress_fields[] = {
    LIST("progress", struct sp_report, progress, n_progress, progress_entry_fields, 0),
    END,
};

static const struct sp_field job_user_fields[] = {
    STR("job_user", struct sp_report, job_user),
    END,
};

const struct sp_field sp_schema_report[] = {
    {.key = "schema",
     .type = SP_F_SCHEMA,
     .off = AT(struct sp_report, schema, char *),
     .size = sizeof(((struct sp_report *)0)->schema),
     .flags = SP_FF_REQUIRED},
    STR("tool_version", struct sp_report, tool_version),
    STR("command", struct sp_report, command),
    {.key = "started", .type = SP_F_TIME_ISO, .off = AT(struct sp_report, started, time_t)},
    /* read after "started": the integer wins where both are present */
    {.key = "started_unix", .type = SP_F_TIME_UNIX, .off = AT(struct sp_report, started, time_t)},
    DBL("duration_s", struct sp_report, duration_s),
    DBL("estimated_s", struct sp_report, estimated_s),
    {.key = "seed", .type = SP_F_U64_WIDE, .off = AT(struct sp_report, seed, uint64_t)},
    DBL("min_effect_pct", struct sp_report, min_effect_pct),
    U64("budget_bytes", struct sp_report, budget_bytes),
    {.key = "",
     .type = SP_F_FLAT,
     .off = 0,
     .aux = AT(struct sp_report, has_budget_rule, int),
     .flags = SP_FF_COND | SP_FF_COND_FIRST,
     .sub = budget_rule_fields},
    DBL("time_per_placement_s", struct sp_report, time_per_placement_s),
    STR("target", struct sp_report, target),
    STR("layout", struct sp_report, layout),
    {.key = "",
     .type = SP_F_FLAT,
     .off = 0,
     .aux = AT(struct sp_report, has_journal, int),
     .flags = SP_FF_COND | SP_FF_COND_FIRST,
     .sub = journal_fields},
    SECTION("profile", struct sp_report, profile, profile_fields),
    OBJ("machine", struct sp_report, machine, machine_fields),
    LIST("devices", struct sp_report, devices, n_devices, device_fields, 0),
    {.key = "results",
     .type = SP_F_LIST,
     .off = offsetof(struct sp_report, results),
     .size = sizeof(((struct sp_report *)0)->results[0]),
     .aux = AT(struct sp_report, n_results, size_t),
     .max = SP_MAX_RESULTS,
     .sub = result_fields,
     .post = result_read},
    SECTION("zswap", struct sp_report, zswap, zswap_run_fields),
    SECTION("constraints", struct sp_report, constraints, constraints_fields),
    LIST("sweeps", struct sp_report, sweeps, n_sweeps, sweep_fields, 0),
    LIST("backups", struct sp_report, backups, n_backups, backup_fields, 0),
    {.key = "",
     .type = SP_F_FLAT,
     .off = 0,
     .aux = AT(struct sp_report, has_tools, int),
     .flags = SP_FF_COND | SP_FF_COND_FIRST,
     .sub = tools_fields},
    {.key = "",
     .type = SP_F_FLAT,
     .off = 0,
     .aux = AT(struct sp_report, has_job_user, int),
     .flags = SP_FF_COND | SP_FF_COND_FIRST,
     .sub = job_user_fields},
    {.key = "",
     .type = SP_F_FLAT,
     .off = 0,
     .aux = AT(struct sp_report, has_progress, int),
     .flags = SP_FF_COND | SP_FF_COND_FIRST,
     .sub = progress_fields},
    END,
};
