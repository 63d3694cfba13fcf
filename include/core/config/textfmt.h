/*
 * textfmt.h - small text formatters shared by the renderers and the verdict.
 */
#ifndef SP_CORE_TEXTFMT_H
#define SP_CORE_TEXTFMT_H

#include <stddef.h>

/* Append printf-style to the NUL-terminated buf of len bytes; silently truncates. */
__attribute__((format(printf, 3, 4))) void sp_cat(char *buf, size_t len, const char *fmt, ...);

/* Append sep (when buf is not empty) and then printf-style text; a full buffer keeps what fit. */
__attribute__((format(printf, 4, 5))) void sp_cat_sep(char *buf, size_t len, const char *sep,
						      const char *fmt, ...);

/* Microseconds with a precision that suits their size into buf (16 bytes); "-" when unknown. */
const char *sp_fmt_us(char *buf, double v);

/* A rate into buf (16 bytes); "-" when unknown. */
const char *sp_fmt_rate(char *buf, double v);

/*
 * The length of the valid UTF-8 sequence at s[i] (s has n bytes), or 0 where s[i] does not start
 * one: a stray continuation byte, a sequence cut short, an overlong form, a UTF-16 surrogate or
 * a code point past U+10FFFF. Text from the machine (a device model, a serial) may be anything;
 * report.json and the painted pages keep what is valid and replace the rest.
 */
size_t sp_utf8_seq_len(const char *s, size_t i, size_t n);

/* one or many, by n. */
const char *sp_plural(size_t n, const char *one, const char *many);

#endif
