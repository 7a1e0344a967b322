/* unit-utf8: well-formed UTF-8, unprintable text spelled out and JSON
 * strings (src/utf8.c), byte by byte against the Unicode tables. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"
#include "tap.h"

/* The whole of s through utf8_printable. */
static void
printable(const char *s, size_t n, const char *want, const char *name)
{
	char got[256] = "", out[16];
	size_t i;

	for (i = 0; i < n; ) {
		i += utf8_printable(s + i, n - i, out);
		strcat(got, out);
	}
	tap_str(got, want, name);
}

/* s through utf8_json_string. */
static void
json(const char *s, const char *want, const char *name)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (f != NULL) {
		utf8_json_string(f, s);
		fclose(f);
	}
	tap_str(text, want, name);
	free(text);
}

static void
invalid(const char *s, size_t n, const char *name)
{
	uint32_t cp = 0;

	tap_ok(utf8_decode(s, n, &cp) == 0, name);
}

int
main(void)
{
	uint32_t cp = 0;

	tap_ok(utf8_decode("A", 1, &cp) == 1 && cp == 'A', "ASCII: one byte");
	tap_ok(utf8_decode("\xc3\xa9", 2, &cp) == 2 && cp == 0xe9,
	    "U+00E9: two bytes");
	tap_ok(utf8_decode("\xe2\x80\x94", 3, &cp) == 3 && cp == 0x2014,
	    "U+2014: three bytes");
	tap_ok(utf8_decode("\xf0\x9f\x98\x80", 4, &cp) == 4 && cp == 0x1f600,
	    "U+1F600: four bytes");
	tap_ok(utf8_decode("\xf4\x8f\xbf\xbf", 4, &cp) == 4 && cp == 0x10ffff,
	    "U+10FFFF: the last code point");
	invalid("\xff", 1, "0xFF is never UTF-8");
	invalid("\x80", 1, "a stray continuation byte");
	invalid("\xc3", 1, "a truncated sequence");
	invalid("\xc3(", 2, "a lead byte without its continuation");
	invalid("\xc0\xaf", 2, "an overlong '/'");
	invalid("\xe0\x80\xaf", 3, "an overlong '/' in three bytes");
	invalid("\xed\xa0\x80", 3, "a surrogate (U+D800)");
	invalid("\xf4\x90\x80\x80", 4, "above U+10FFFF");

	tap_ok(utf8_is_control(0x1b) && utf8_is_control(0x7f) &&
	    utf8_is_control(0x9b) && utf8_is_control(0),
	    "ESC, DEL, CSI (C1) and NUL are control characters");
	tap_ok(!utf8_is_control('\t') && !utf8_is_control('\n') &&
	    !utf8_is_control(' ') && !utf8_is_control(0xa0),
	    "tab, newline, space and U+00A0 are not");

	printable("plain text", 10, "plain text", "printable text is as it is");
	printable("caf\xc3\xa9 \xe2\x80\x94", 9, "caf\xc3\xa9 \xe2\x80\x94",
	    "valid UTF-8 is as it is");
	printable("\x1b[31mred\x1b[0m", 12, "\\x1b[31mred\\x1b[0m",
	    "ESC sequences are spelled out");
	printable("\xc2\x9b" "2J", 4, "\\u009b2J",
	    "a C1 control (CSI) is spelled out");
	printable("a\xff\xfe" "b", 4, "a\\xff\\xfeb",
	    "bytes that are not UTF-8 are spelled out, one by one");
	printable("x\ty\nz", 5, "x\ty\nz", "tab and newline are kept");
	printable("\x7f", 1, "\\x7f", "DEL is spelled out");

	json("caf\xc3\xa9 \xe2\x80\x94", "\"caf\xc3\xa9 \xe2\x80\x94\"",
	    "JSON: valid UTF-8 is as it is");
	json("a\"b\\c", "\"a\\\"b\\\\c\"", "JSON: quote and backslash escaped");
	json("x\ty\nz\x1b\x7f", "\"x\\u0009y\\nz\\u001b\\u007f\"",
	    "JSON: newline as \\n, tab, ESC and DEL as \\u");
	json("\xc2\x9b" "2J", "\"\\u009b2J\"", "JSON: a C1 control as \\u");
	json("a\xff\xfe" "b\xe2\x80", "\"a\\ufffd\\ufffdb\\ufffd\\ufffd\"",
	    "JSON: each byte that is not UTF-8 as U+FFFD");
	json(NULL, "\"\"", "JSON: NULL is the empty string");
	return tap_done();
}
