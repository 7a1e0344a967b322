/* comm-rate.cc: the SimGrid calls psim needs that SimGrid's C API
 * lacks: a communication's rate cap (s4u::Comm::set_rate), for
 * network.flow_cap and a transport's rate, starting a communication made
 * with sg_mailbox_put_init, and the network model's bandwidth factor
 * callback, for a transport's factor.  comm-rate.h declares them for
 * C. */
#include "config.h"

#include <unordered_set>
#include <vector>

#include <xbt/config.hpp>
#include <simgrid/kernel/resource/NetworkModelIntf.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/NetZone.hpp>

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

void
engine_bw_factor(double (*fn)(void *, double, sg_host_t, sg_host_t),
    void *ctx)
{
	auto *model = simgrid::s4u::Engine::get_instance()->
	    get_netzone_root()->get_network_model();
	/* the network model's own factor (LV08's 0.97), which a callback
	 * replaces: kept under the transport's */
	double base = simgrid::config::get_value<double>(
	    "network/bandwidth-factor");	/* a double in SimGrid 3.32 */

	model->set_bw_factor_cb([fn, ctx, base](double size,
	    const simgrid::s4u::Host *src, const simgrid::s4u::Host *dst,
	    const std::vector<simgrid::s4u::Link *> &,
	    const std::unordered_set<simgrid::s4u::NetZone *> &) {
		return base * fn(ctx, size, const_cast<sg_host_t>(src),
		    const_cast<sg_host_t>(dst));
	});
}
