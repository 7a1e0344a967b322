/* mechanisms.h: what psim models of the software on real hosts, beyond
 * links at their nominal rates (issue 35; psim-scenario(5), HOST COSTS:
 * calibrate, never fit): each mechanism is a scenario key, off unless the scenario names
 * it, calibrated from a microbenchmark alone; each can be taken out of
 * a scenario again, so that psim explain measures what it adds and
 * validation/ shows psim's figure with the hosts free (psim run
 * --nominal) beside it.  A mechanism is one row here. */
#ifndef PSIM_MECHANISMS_H
#define PSIM_MECHANISMS_H

#include <stddef.h>

struct scenario;

enum mechanism { M_TRANSPORT, M_CYCLE, M_PULL, M_SPREAD, M_MACHINE,
    M_SERVER_CPU, M_N };

/* Whether sc has mechanism m on. */
int mechanism_on(const struct scenario *, enum mechanism);
/* Take m out of sc (the key's "none"). */
void mechanism_off(struct scenario *, enum mechanism);
/* Every mechanism out: links at their nominal rates, hosts free. */
void mechanisms_off(struct scenario *);
/* m as sc has it, in words with its key, into buf: "the transport
 * tf-grpc (network.transport)"; and the source of its figures. */
void mechanism_words(const struct scenario *, enum mechanism, char *buf,
    size_t size);
const char *mechanism_source(const struct scenario *, enum mechanism);

#endif
