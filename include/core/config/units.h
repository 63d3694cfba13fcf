/*
 * units.h - parsing and printing of sizes and durations as a user types them on the command
 * line. Pure: no I/O, no locale (the decimal separator is always '.').
 *
 * Sizes use binary units whatever the spelling: "512K", "512k", "512KB" and "512KiB" all mean
 * 512 * 1024 bytes, since swap, pages and partitions are counted in powers of two.
 */
#ifndef SP_UNITS_H
#define SP_UNITS_H

#include <stddef.h>
#include <stdint.h>

/*
 * A size: digits, an optional fraction ('.' and digits; only with a unit), and an optional
 * unit K, M, G, T, P or E, each alone or followed by "B" or "iB", case-insensitive; "B" alone
 * means bytes. A fraction is rounded down to whole bytes ("1.5K" is 1536). Nothing else: no
 * sign, no spaces, no trailing characters.
 * Returns: 0, -EINVAL when malformed, -ERANGE when it exceeds 2^64-1 bytes. *bytes is written
 * only on success.
 */
int sp_parse_size(const char *s, uint64_t *bytes);

/*
 * A duration: digits with an optional fraction ("2.5"), then an optional unit: "ms", "s",
 * "m" (minutes) or "h", case-insensitive. No sign, no exponent, no spaces.
 * Returns: 0, -EINVAL when malformed, -ERANGE when not finite. *secs is written only on success.
 */
int sp_parse_seconds(const char *s, double *secs);

/*
 * Strict decimal: digits only, at least one; no sign, no spaces, no "0x".
 * Returns: 0, -EINVAL when malformed, -ERANGE on overflow. *v is written only on success.
 */
int sp_parse_u64(const char *s, uint64_t *v);

/*
 * Human size in the largest binary unit not above it: "100 B", "4.0 KiB", "1.5 GiB" (one
 * decimal below 10 units), "512 MiB" (none from 10 up). Rounds down, so a size is never shown
 * larger than it is. Returns: buf (truncated if len is too small).
 */
char *sp_format_bytes(uint64_t b, char *buf, size_t len);

#endif
