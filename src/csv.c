/* csv.c: splitting CSV lines and writing CSV fields (csv.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "csv.h"

/* The quoted field at p (just after its opening quote), unquoted in
 * place; returns where it ends: after its closing quote. */
static char *
unquote(char *p)
{
	char *w = p;

	while (*p != '\0' && !(*p == '"' && p[1] != '"')) {
		if (*p == '"')
			p++;
		*w++ = *p++;
	}
	if (*p == '"')
		p++;
	*w = '\0';
	return p;
}

int
csv_split(char *line, char **f, int max)
{
	char *p = line, *field;
	int n = 0;

	for (;;) {
		if (*p == '"') {
			field = p + 1;
			p = unquote(field);
		} else {
			field = p;
			p += strcspn(p, ",\n");
		}
		if (n < max)
			f[n] = field;
		n++;
		if (*p != ',') {
			if (*p == '\n')
				*p = '\0';
			return n;
		}
		*p++ = '\0';
	}
}

void
csv_write_field(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s != '\0'; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s == '\n' ? ' ' : *s, f);
	}
	fputc('"', f);
}
