/* comm-rate.h: what psim needs of SimGrid's C++ API, from C
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
/* The network model's bandwidth factor for a message of size bytes from
 * src to dst: fn(ctx, size, src, dst) times the model's own (after the
 * platform is loaded, before any communication; SimGrid refuses it when
 * network/bandwidth-factor was set on its command line). */
void engine_bw_factor(double (*fn)(void *ctx, double size, sg_host_t src,
    sg_host_t dst), void *ctx);

/* The network's transfers in flight, every one frozen where it is
 * (fastforward-async.c): a handle, or NULL and none frozen if one is
 * still in its latency phase (a transfer is frozen by its rate, which
 * SimGrid's latency phase does not wait for: it would leave it early).
 * net_unfrozen: how many run outside the handle's (started since).
 * net_thaw lets them go on and frees the handle. */
void *net_freeze(void);
size_t net_unfrozen(const void *);
void net_thaw(void *);

#ifdef __cplusplus
}
#endif

#endif
