/* report.h: a run's results as text for people, or JSON and CSV for
 * programs.  Reports never touch SimGrid. */
#ifndef PSIM_REPORT_H
#define PSIM_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "results.h"

struct scenario;

enum report_format { REPORT_TEXT, REPORT_JSON, REPORT_CSV };

/* The version of the JSON and CSV contract (psim-scenario(5), psim(1)). */
#define REPORT_VERSION 1

/* Returns -1 for an unknown name. */
int report_format_parse(const char *);

void report_write(FILE *, enum report_format, const struct scenario *,
    const struct results *);
/* The CSV report as a string (malloc'd): its header line, then its row. */
char *report_csv(const struct scenario *, const struct results *);

/* A host's role in words: "worker 3", "worker 0 + 1 shard",
 * "server 0 (1 shard)", "checkpoint storage". */
void report_role(const struct host_result *, char *buf, size_t len);
/* The bottleneck's kind as reports name it ("server-nic"). */
const char *report_bottleneck_kind(enum bottleneck_kind);
/* The bottleneck in words: the resource ("host-10 NIC receive (server
 * 0 (1 shard))") and why ("host-10's NIC ... receives 1.25 GB per
 * step; at 10 Gbps that takes 1 s against 1 s of compute ..."). */
void report_bottleneck(const struct results *, char *resource, size_t,
    char *why, size_t);

/* The closed form's assumptions a scenario can depart from, in the order
 * psim explain takes them away (each removal kept for the next, so that
 * the parts add up to the whole gap). */
enum departure { D_JOBS, D_FAULTS, D_STRAGGLERS, D_LINKS, D_NETWORK, D_N };
/* Whether sc departs from the closed form in d. */
int report_has_departure(const struct scenario *, enum departure);
/* d in words, with what the closed form takes instead. */
const char *report_departure_words(const struct scenario *, enum departure);

/* Whether a run by run.duration or run.min_fault_events stopped at the
 * most steps psim runs (RUN_STEPS_MAX) before its clock or its events
 * ended it. */
int report_step_capped(const struct scenario *, const struct results *);

/* The CSV report's header line, without the newline. */
const char *report_csv_header(void);

/* A JSON number (integers exactly, else 12 digits; null if not finite),
 * as the reports and advise write them.  Their strings are
 * utf8_json_string's (utf8.h). */
void report_json_number(FILE *, double);
/* The same to digits significant digits (17: as the number round-trips). */
void report_json_digits(FILE *, double, int digits);

/* n bytes of a text or CSV report, with names spelled out that hold ESC
 * codes or bytes that are not UTF-8 (utf8.h). */
void report_printable(FILE *, const char *buf, size_t n);

/* Several jobs on one cluster (report-jobs.c): their report, and the
 * header line of its CSV (a row per job: the job's columns, then the
 * single job's). */
struct jobs;
void report_jobs_write(FILE *, enum report_format, const struct scenario *,
    const struct jobs *);
const char *report_jobs_csv_header(void);

#endif
