/* report.h: a run's results as text for people, or JSON and CSV for
 * programs.  Reports never touch SimGrid. */
#ifndef PSIM_REPORT_H
#define PSIM_REPORT_H

#include <stdio.h>

struct scenario;
struct results;

enum report_format { REPORT_TEXT, REPORT_JSON, REPORT_CSV };

/* The version of the JSON and CSV contract (psim-scenario(5), psim(1)). */
#define REPORT_VERSION 1

/* Returns -1 for an unknown name. */
int report_format_parse(const char *);

void report_write(FILE *, enum report_format, const struct scenario *,
    const struct results *);

/* One CSV field, quoted (as the CSV report writes its strings). */
void report_csv_field(FILE *, const char *);

/* The CSV report's header line, without the newline. */
const char *report_csv_header(void);

#endif
