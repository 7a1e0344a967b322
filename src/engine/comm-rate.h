/* comm-rate.h: a SimGrid communication's rate cap, from C
 * (comm-rate.cc). */
#ifndef PSIM_COMM_RATE_H
#define PSIM_COMM_RATE_H

#include <simgrid/forward.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Cap comm (not started yet) at Bps bytes per second; start it. */
void comm_set_rate(sg_comm_t comm, double Bps);
sg_comm_t comm_start(sg_comm_t comm);

#ifdef __cplusplus
}
#endif

#endif
