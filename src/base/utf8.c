/* utf8.c: well-formed UTF-8, and text made safe to print (utf8.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "utf8.h"

size_t
utf8_decode(const char *s, size_t n, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t len, i;
	uint32_t c, min;

	if (n == 0)
		return 0;
	if (u[0] < 0x80) {
		*cp = u[0];
		return 1;
	}
	if ((u[0] & 0xe0) == 0xc0)
		len = 2, c = u[0] & 0x1f, min = 0x80;
	else if ((u[0] & 0xf0) == 0xe0)
		len = 3, c = u[0] & 0x0f, min = 0x800;
	else if ((u[0] & 0xf8) == 0xf0)
		len = 4, c = u[0] & 0x07, min = 0x10000;
	else
		return 0;
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (u[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

int
utf8_is_control(uint32_t cp)
{
	return (cp < 0x20 && cp != '\t' && cp != '\n') || cp == 0x7f ||
	    (cp >= 0x80 && cp < 0xa0);
}

size_t
utf8_printable(const char *s, size_t n, char out[16])
{
	uint32_t cp;
	size_t len = utf8_decode(s, n, &cp);

	if (len == 0) {
		snprintf(out, 16, "\\x%02x", (unsigned char)s[0]);
		return 1;
	}
	if (utf8_is_control(cp))
		snprintf(out, 16, cp < 0x80 ? "\\x%02x" : "\\u%04x",
		    (unsigned)cp);
	else {
		memcpy(out, s, len);
		out[len] = '\0';
	}
	return len;
}

void
utf8_json_string(FILE *f, const char *s)
{
	size_t n = s != NULL ? strlen(s) : 0, i, k;
	uint32_t cp;

	fputc('"', f);
	for (i = 0; i < n; i += k) {
		if ((k = utf8_decode(s + i, n - i, &cp)) == 0) {
			fputs("\\ufffd", f);
			k = 1;
		} else if (cp == '"' || cp == '\\')
			fprintf(f, "\\%c", (int)cp);
		else if (cp == '\n')
			fputs("\\n", f);
		else if (cp < 0x20 || utf8_is_control(cp))
			fprintf(f, "\\u%04x", (unsigned)cp);
		else
			fwrite(s + i, 1, k, f);
	}
	fputc('"', f);
}
