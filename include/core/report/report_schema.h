/*
 * report_schema.h - report.json's fields as data: one table per object of docs/schema.md.
 *
 * Each row names a JSON key once, with its type and where its value lives in the structs of
 * report.h. json_build.c writes and json_read.c reads by walking the same rows, so a key
 * cannot be spelled one way when written and another when read, and adding a key is adding a
 * row. Rows are in the
 * order the schema documents; that order is the order of the written file. The "analysis"
 * section is not here: it is derived, written from struct sp_findings and never read back.
 */
#ifndef SP_REPORT_SCHEMA_H
#define SP_REPORT_SCHEMA_H

#include <stddef.h>

enum sp_ftype {
	SP_F_STR,	/* char[size]; written as UTF-8 ('?' for bad bytes) */
	SP_F_U64,	/* uint64_t; written clamped to 2^63-1 */
	SP_F_U64_WIDE,	/* uint64_t; above 2^63-1 written as a decimal string (the seed) */
	SP_F_U32,	/* uint32_t */
	SP_F_INT,	/* int */
	SP_F_BOOL,	/* int, 0 or 1 */
	SP_F_DBL,	/* double; a non-finite value is written as null and read back as NaN */
	SP_F_ENUM,	/* an int-sized enum, as a string through en->name and en->parse */
	SP_F_INDEX,	/* int: an index, or -1 for none, written and read as null */
	SP_F_SCHEMA,	/* char[size]: always SP_SCHEMA; reading refuses any other */
	SP_F_TIME_ISO,	/* time_t as "YYYY-MM-DDTHH:MM:SSZ" (UTC) */
	SP_F_TIME_UNIX, /* time_t as integer seconds */
	SP_F_OBJ,	/* a nested object: sub's fields at off; null reads as absent */
	SP_F_FLAT,	/* sub's fields at off, written into this object instead of a nested one */
	SP_F_SECTION,	/* a nested object, or null when the section did not run (see present) */
	SP_F_LIST,	/* a list of sub objects: max elements of size bytes at off, count at aux */
	SP_F_DBL_LIST,	/* a list of numbers: max doubles at off, their size_t count at aux */
	SP_F_STR_LIST,	/* a list of strings: max char[size] at off, their size_t count at aux */
	SP_F_I64_NULL,	/* int64_t: a count, or -1 for unknown, written and read as null
			 * (missing reads as unknown too) */
	SP_F_PAIR_LIST, /* a list of [a, b] number pairs: max doubles a at off, the b array
			 * size bytes after it, their size_t count at aux (a latency's cdf) */
};

/* An enum written as a word ("ok", "failed"); expect lists the words for error messages. */
struct sp_enum_type {
	const char *(*name)(int v);
	int (*parse)(const char *s, int *v); /* 0 or -EINVAL */
	const char *expect;		     /* "ok, failed, invalid or skipped" */
};

#define SP_FF_REQUIRED 0x1   /* reading fails when the key is missing */
#define SP_FF_NULL_EMPTY 0x2 /* LIST: an empty list is written as null */
#define SP_FF_COND 0x4	     /* FLAT: only when the int at aux (in this object) is non-zero */
/*
 * U64, DBL, INT, BOOL, ENUM: a value the kernel may lack. Written as null when the int at aux (in
 * this object) is 0; read, null or missing sets that int to 0, a value sets it to 1 when it was 0
 * (a flag with more values, like a scope, is its own key, read after this one).
 */
#define SP_FF_NULLIF 0x8
/*
 * FLAT with SP_FF_COND: reading, only the part's first key says the condition (parts that
 * share other keys, like the sweep rows' p95_ms, would otherwise each claim the row).
 */
#define SP_FF_COND_FIRST 0x10
/* DBL_LIST: its count at aux is a uint32_t, not a size_t (the fault probe's n_blocks) */
#define SP_FF_COUNT_U32 0x20

struct sp_field {
	const char *key; /* NULL ends a table; "" for FLAT */
	enum sp_ftype type;
	size_t off;  /* of the value, from the start of the table's struct */
	size_t size; /* STR, SCHEMA: buffer size; LIST, STR_LIST: element size */
	size_t aux;  /* SECTION: the int "done" flag, from the section's start; LIST, DBL_LIST,
		      * STR_LIST: its size_t count, from the table's struct; FLAT with SP_FF_COND:
		      * the int condition; U64, DBL, INT, BOOL, ENUM with SP_FF_NULLIF: the int
		      * "known" flag */
	size_t max;  /* LIST, DBL_LIST, STR_LIST: capacity */
	unsigned flags;
	const struct sp_field *sub;	 /* OBJ, FLAT, SECTION, LIST */
	const struct sp_enum_type *en;	 /* ENUM */
	int (*present)(const void *sec); /* SECTION: written when true (NULL: the "done" flag) */
	const char *implied_by;		 /* BOOL: true whenever this key is present (older files) */
	int (*absent)(void *obj); /* reading, key missing: derive the value from what obj (the
				   * table's struct) already holds; 0 or -EINVAL (an older file
				   * that does not say it either) */
	void (*post)(void *elem); /* LIST: after each element is read, fill what follows from
				   * its keys and is not itself written */
};

/* The whole report (struct sp_report), "analysis" excepted. */
extern const struct sp_field sp_schema_report[];

#endif
