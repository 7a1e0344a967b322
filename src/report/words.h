/* words.h: results in words and numbers as every report writes them
 * (words.c): the text, JSON and CSV reports, the figure table's custom
 * writers, psim animate's page and psim advise's answer. */
#ifndef PSIM_WORDS_H
#define PSIM_WORDS_H

#include <stddef.h>
#include <stdio.h>

#include "results.h"

struct scenario;

/* The version of the JSON and CSV contract (psim-scenario(5), psim(1)). */
#define REPORT_VERSION 1

/* Whether a run by run.duration or run.min_fault_events stopped at the
 * most steps psim runs (RUN_STEPS_MAX) before its clock or its events
 * ended it. */
int report_step_capped(const struct scenario *, const struct results *);

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

/* A JSON number (integers exactly, else 12 digits; null if not finite),
 * as the reports and advise write them.  Their strings are
 * utf8_json_string's (utf8.h). */
void report_json_number(FILE *, double);
/* The same to digits significant digits (17: as the number round-trips). */
void report_json_digits(FILE *, double, int digits);

/* n bytes of a text or CSV report, with names spelled out that hold ESC
 * codes or bytes that are not UTF-8 (utf8.h). */
void report_printable(FILE *, const char *buf, size_t n);

#endif
