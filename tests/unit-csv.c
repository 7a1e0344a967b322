/* unit-csv.c: csv.c, psim's CSV: lines split into fields (quoted ones
 * too), a field written quoted, and a column of a CSV report found by
 * its name, for lines of any length: a CSV report has a column per
 * figure (figures.def), and the child processes hand their results back
 * through it, so nothing on that path may have a fixed room.  Pure:
 * links without SimGrid. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "tap.h"
#include "xmalloc.h"

static void
split(void)
{
	char line[] = "a,\"b,c\",\"say \"\"hi\"\"\",,last\n", *f[8], **all;
	char few[] = "1,2,3,4,5", *g[2];
	int n;

	n = csv_split(line, f, 8);
	tap_ok(n == 5, "csv_split: 5 fields");
	tap_str(f[0], "a", "csv_split: a bare field");
	tap_str(f[1], "b,c", "csv_split: a quoted comma");
	tap_str(f[2], "say \"hi\"", "csv_split: a doubled quote");
	tap_str(f[3], "", "csv_split: an empty field");
	tap_str(f[4], "last", "csv_split: the newline ends the line");
	tap_ok(csv_split(few, g, 2) == 5 && strcmp(g[1], "2") == 0,
	    "csv_split: counts the fields beyond max, stores max");
	{
		/* RFC 4180's quoting, or -1 (issue 38) */
		char open_quote[] = "1,\"preempt,host-0\n";
		char after[] = "1,\"preempt\"x,host-0\n";
		char inside[] = "1,pre\"empt,host-0\n";
		char crlf[] = "1,\"preempt\"\r\n";

		tap_ok(csv_split(open_quote, g, 2) == -1,
		    "csv_split: a quoted field without its closing quote: -1");
		tap_ok(csv_split(after, g, 2) == -1,
		    "csv_split: more than a comma after a closing quote: -1");
		tap_ok(csv_split(inside, g, 2) == -1,
		    "csv_split: a quote inside an unquoted field: -1");
		tap_ok(csv_split(crlf, g, 2) == 2 &&
		    strcmp(g[1], "preempt") == 0,
		    "csv_split: a quoted last field before CRLF");
	}

	strcpy(line, "a,\"b,c\",\"say \"\"hi\"\"\",,last\n");
	all = csv_fields(line, &n);
	tap_ok(n == 5 && strcmp(all[2], "say \"hi\"") == 0 &&
	    strcmp(all[4], "last") == 0, "csv_fields: the same fields");
	tap_ok(csv_index(all, n, "b,c") == 1 && csv_index(all, n, "") == 3 &&
	    csv_index(all, n, "x") == -1, "csv_index: by name, -1 if none");
	free(all);
	strcpy(line, "");
	all = csv_fields(line, &n);
	tap_ok(n == 1 && all[0][0] == '\0', "csv_fields: an empty line is "
	    "one empty field");
	free(all);
}

static void
write_field(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	csv_write_field(m, "a \"b\",\nc");
	fclose(m);
	tap_str(buf, "\"a \"\"b\"\", c\"", "csv_write_field: quoted, quotes "
	    "doubled, the newline a space");
	free(buf);
}

/* A CSV report of n columns c0..c<n-1>, the last called name, whose
 * row has v<k> in column k (the last quoted, with a comma). */
static char *
wide(int n, const char *name)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	int k;

	for (k = 0; k < n - 1; k++)
		fprintf(m, "c%d,", k);
	fprintf(m, "%s\n", name);
	for (k = 0; k < n - 1; k++)
		fprintf(m, "v%d,", k);
	fputs("\"the, last\"\n", m);
	fclose(m);
	return buf;
}

static void
many_columns(void)
{
	char *csv = wide(600, "figure_599_s"), *v, *copy, **f;
	int n;

	v = csv_field(csv, "figure_599_s");
	tap_str(v, "the, last", "csv_field: column 600 of 600, by its name");
	free(v);
	v = csv_field(csv, "c300");
	tap_str(v, "v300", "csv_field: column 301 of 600");
	free(v);
	tap_ok(csv_field(csv, "c600") == NULL, "csv_field: no such column");
	copy = xstrdup(csv);
	*strchr(copy, '\n') = '\0';
	f = csv_fields(copy, &n);
	tap_ok(n == 600 && csv_index(f, n, "figure_599_s") == 599,
	    "csv_fields: a 600-column header, all of it");
	free(f);
	free(copy);
	free(csv);
	tap_ok(csv_field("a,b\n", "a") == NULL, "csv_field: no row, NULL");
}

int
main(void)
{
	split();
	write_field();
	many_columns();
	return tap_done();
}
