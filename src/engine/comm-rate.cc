/* comm-rate.cc: the SimGrid calls psim needs that SimGrid's C API
 * lacks: a communication's rate cap (s4u::Comm::set_rate), for
 * network.flow_cap, and starting a communication made with
 * sg_mailbox_put_init.  comm-rate.h declares them for C. */
#include "config.h"

#include <simgrid/s4u/Comm.hpp>

#include "comm-rate.h"

void
comm_set_rate(sg_comm_t comm, double Bps)
{
	comm->set_rate(Bps);
}

sg_comm_t
comm_start(sg_comm_t comm)
{
	comm->start();
	return comm;
}
