/* csv.h: the CSV psim reads and writes (results.csv, the CSV report,
 * trace files): a line split into fields, a field written quoted.  No
 * SimGrid, no scenario: text only. */
#ifndef PSIM_CSV_H
#define PSIM_CSV_H

#include <stdio.h>

/* Split line, in place, at its commas: a field that starts with a double
 * quote runs to the closing quote and keeps its commas, "" inside it
 * standing for one quote; a newline ends the line.  Stores the first
 * max fields in f and returns how many fields the line has in all,
 * which may be more than max; -1 when the line breaks RFC 4180's quoting
 * (a quoted field with no closing quote, more after a closing quote than
 * a comma, a quote inside an unquoted field). */
int csv_split(char *line, char **f, int max);

/* Split line in place as csv_split does, into every field it has: a
 * malloc'd array of *n pointers into line (free the array, not the
 * fields).  No limit on the fields: a CSV report has a column per
 * figure, and more with every figure added. */
char **csv_fields(char *line, int *n);

/* The index of the field called name among f[0 .. n), or -1. */
int csv_index(char *const *f, int n, const char *name);

/* s as one CSV field: quoted, quotes doubled (RFC 4180), newlines
 * folded into spaces so that a record stays on one line. */
void csv_write_field(FILE *, const char *s);

/* The field of column in a CSV report's text (its header line, then its
 * row), malloc'd; NULL when there is no such column or no row.  Lines
 * and fields of any length. */
char *csv_field(const char *csv, const char *column);

#endif
