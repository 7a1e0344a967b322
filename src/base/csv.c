/* csv.c: splitting CSV lines and writing CSV fields (csv.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "utf8.h"
#include "xmalloc.h"

/* The quoted field at p (just after its opening quote), unquoted in
 * place; returns where it ends: after its closing quote (*bad set when
 * it has none). */
static char *
unquote(char *p, int *bad)
{
	char *w = p;

	while (*p != '\0' && !(*p == '"' && p[1] != '"')) {
		if (*p == '"')
			p++;
		*w++ = *p++;
	}
	if (*p == '"')
		p++;
	else
		*bad = 1;
	*w = '\0';
	return p;
}

/* The field at *p, cut out in place (unquoted, NUL-terminated); *p
 * moves past its comma, or to NULL when it was the line's last.  *bad
 * set where the field breaks RFC 4180's quoting: an unterminated quoted
 * field, more after a closing quote than a comma or the line's end, a
 * quote inside an unquoted field. */
static char *
cut_field(char **p, int *bad)
{
	char *q = *p, *field;

	if (*q == '"') {
		field = q + 1;
		q = unquote(field, bad);
		if (*q != ',' && *q != '\n' && *q != '\0' &&
		    !(*q == '\r' && (q[1] == '\n' || q[1] == '\0')))
			*bad = 1;
		q += strcspn(q, ",\n");
	} else {
		field = q;
		q += strcspn(q, ",\n");
		if (memchr(field, '"', (size_t)(q - field)) != NULL)
			*bad = 1;
	}
	if (*q == ',') {
		*q = '\0';
		*p = q + 1;
	} else {
		if (*q == '\n')
			*q = '\0';
		*p = NULL;
	}
	return field;
}

int
csv_split(char *line, char **f, int max)
{
	char *p = line, *field;
	int n = 0, bad = 0;

	while (p != NULL) {
		field = cut_field(&p, &bad);
		if (n < max)
			f[n] = field;
		n++;
	}
	return bad ? -1 : n;
}

char **
csv_fields(char *line, int *n)
{
	size_t cap = 16;
	char **f = xcalloc(cap, sizeof *f), *p = line;
	int bad = 0;	/* psim's own files: taken as they come */

	*n = 0;
	while (p != NULL) {
		if ((size_t)*n == cap) {
			cap *= 2;
			f = xreallocarray(f, cap, sizeof *f);
		}
		f[(*n)++] = cut_field(&p, &bad);
	}
	return f;
}

int
csv_index(char *const *f, int n, const char *name)
{
	int k;

	for (k = 0; k < n; k++) {
		if (strcmp(f[k], name) == 0)
			return k;
	}
	return -1;
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
	char **head, **row;
	int nh, nr, k;

	if (nl != NULL && nl[1] != '\0') {
		*nl = '\0';
		head = csv_fields(copy, &nh);
		row = csv_fields(nl + 1, &nr);
		if ((k = csv_index(head, nh, column)) >= 0 && k < nr)
			value = xstrdup(row[k]);
		free(head);
		free(row);
	}
	free(copy);
	return value;
}
