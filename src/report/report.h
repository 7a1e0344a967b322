/* report.h: a run's results as text for people, or JSON and CSV for
 * programs.  Reports never touch SimGrid. */
#ifndef PSIM_REPORT_H
#define PSIM_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "results.h"
#include "words.h"

struct scenario;

enum report_format { REPORT_TEXT, REPORT_JSON, REPORT_CSV };

/* Returns -1 for an unknown name. */
int report_format_parse(const char *);

void report_write(FILE *, enum report_format, const struct scenario *,
    const struct results *);
/* The CSV report as a string (malloc'd): its header line, then its row. */
char *report_csv(const struct scenario *, const struct results *);

/* The closed form's assumptions a scenario can depart from, in the order
 * psim explain takes them away (each removal kept for the next, so that
 * the parts add up to the whole gap). */
enum departure { D_JOBS, D_FAULTS, D_STRAGGLERS, D_LINKS, D_NETWORK, D_N };
/* Whether sc departs from the closed form in d. */
int report_has_departure(const struct scenario *, enum departure);
/* d in words, with what the closed form takes instead. */
const char *report_departure_words(const struct scenario *, enum departure);


/* The CSV report's header line, without the newline. */
const char *report_csv_header(void);

/* Several jobs on one cluster (report-jobs.c): their report, and the
 * header line of its CSV (a row per job: the job's columns, then the
 * single job's). */
struct jobs;
void report_jobs_write(FILE *, enum report_format, const struct scenario *,
    const struct jobs *);
const char *report_jobs_csv_header(void);

#endif
