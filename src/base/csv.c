/* csv.c: splitting CSV lines and writing CSV fields (csv.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "utf8.h"
#include "xmalloc.h"

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
	char out[16];
	size_t n = strlen(s), i, k;

	fputc('"', f);
	for (i = 0; i < n; i += k) {
		k = utf8_printable(s + i, n - i, out);
		if (out[0] == '"')
			fputc('"', f);
		fputs(out[0] == '\n' ? " " : out, f);
	}
	fputc('"', f);
}

char *
csv_field(const char *csv, const char *column)
{
	char *copy = xstrdup(csv), *nl = strchr(copy, '\n'), *value = NULL;
	char *head[CSV_MAX_FIELDS], *row[CSV_MAX_FIELDS];
	int nh, nr, k;

	if (nl != NULL && nl[1] != '\0') {
		*nl = '\0';
		nh = csv_split(copy, head, CSV_MAX_FIELDS);
		nr = csv_split(nl + 1, row, CSV_MAX_FIELDS);
		for (k = 0; k < nh && k < nr && k < CSV_MAX_FIELDS; k++) {
			if (strcmp(head[k], column) == 0) {
				value = xstrdup(row[k]);
				break;
			}
		}
	}
	free(copy);
	return value;
}
