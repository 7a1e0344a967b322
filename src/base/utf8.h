/* utf8.h: text from users (scenario names and descriptions, host names
 * from a platform file, --vary values) made safe to print: valid UTF-8
 * passes, and what would garble a terminal or a CSV file (control
 * characters, ESC sequences, bytes that are not UTF-8) is spelled out;
 * and the one writer of JSON strings.  Pure: no engine, no I/O but
 * writing to the stream it is given. */
#ifndef PSIM_UTF8_H
#define PSIM_UTF8_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

/* The length (1 to 4) of the well-formed UTF-8 sequence at s (of at most
 * n bytes) and its code point in *cp, or 0 when s does not start one
 * (a stray or truncated byte, an overlong form, a surrogate, > U+10FFFF). */
size_t utf8_decode(const char *s, size_t n, uint32_t *cp);

/* Whether code point cp is a control character: C0 but tab and newline,
 * DEL, C1. */
int utf8_is_control(uint32_t cp);

/* One step over s (n > 0 bytes): how many bytes it takes, and in out
 * what to print for them: the bytes themselves when they are a printable
 * character, tab or newline; "\xHH" for a control character below 0x80 or
 * a byte that is not UTF-8; "\uHHHH" for a C1 control character. */
size_t utf8_printable(const char *s, size_t n, char out[16]);

/* s (NULL: "") as a JSON string, quotes included: valid UTF-8 as it is,
 * '"' and '\\' escaped, newline as \n, the other control characters
 * (C0, DEL, C1) as \uHHHH, and each byte that is not UTF-8 as \ufffd
 * (U+FFFD), so that the JSON is valid UTF-8 whatever s holds.  Every
 * JSON string psim writes (reports, advise, the timeline) is written
 * here. */
void utf8_json_string(FILE *, const char *s);

#endif
