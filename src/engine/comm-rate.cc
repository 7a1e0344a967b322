/* comm-rate.cc: the SimGrid calls psim needs that SimGrid's C API
 * lacks: a communication's rate cap (s4u::Comm::set_rate), for
 * network.flow_cap and a transport's rate, starting a communication made
 * with sg_mailbox_put_init, and the network model's bandwidth factor
 * callback, for a transport's factor, and the network's transfers
 * suspended and resumed together (a fast-forward's freeze).
 * comm-rate.h declares them for C. */
#include "config.h"

#include <unordered_set>
#include <vector>

#include <xbt/config.hpp>
#include <simgrid/kernel/resource/Action.hpp>
#include <simgrid/kernel/resource/Model.hpp>
#include <simgrid/kernel/resource/NetworkModelIntf.hpp>
#include <simgrid/simix.hpp>
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

/* The network model as a model (SimGrid's NetworkModel is both). */
static simgrid::kernel::resource::Model *
network_model()
{
	return dynamic_cast<simgrid::kernel::resource::Model *>(
	    simgrid::s4u::Engine::get_instance()->get_netzone_root()->
	    get_network_model());
}

/* A transfer is frozen by its bound, not suspended: SimGrid's
 * Action::suspend() and resume() disable and enable its max-min
 * variable, which moves it to the ends of the solver's lists (so that
 * ties between transfers that end at one instant break another way
 * after), and resume() restores Action's sharing penalty (1.0), not the
 * network action's own (its route's latency: src/kernel/resource/
 * NetworkModel.hpp at v3.32 keeps one of its own; the same in SimGrid's
 * master of 2025), so that a resumed transfer took much less of its
 * links than before.  A bound of FROZEN_BPS moves no bit of a byte in
 * any time a run has (the bytes left are unchanged to the last digit),
 * and the bound is given back after. */
#define FROZEN_BPS	1e-300

struct frozen_action {
	simgrid::kernel::resource::Action	*a;
	double					 bound;
};

using frozen = std::vector<frozen_action>;

void *
net_freeze(void)
{
	return simgrid::kernel::actor::simcall_answered([]() -> void * {
		auto *f = new frozen;

		for (auto &a : *network_model()->get_started_action_set()) {
			if (!a.is_running())
				continue;
			/* in its latency phase its variable weighs 0 */
			if (!(a.get_rate() > 0)) {
				delete f;
				return nullptr;
			}
			f->push_back({&a, a.get_bound()});
		}
		for (auto &x : *f) {
			x.a->ref();
			x.a->set_bound(FROZEN_BPS);
		}
		return f;
	});
}

size_t
net_unfrozen(const void *handle)
{
	auto *f = static_cast<const frozen *>(handle);

	return simgrid::kernel::actor::simcall_answered([f]() -> size_t {
		size_t n = 0;

		for (auto const &a : *network_model()->get_started_action_set())
			n += a.is_running();
		return n - f->size();
	});
}

void
net_thaw(void *handle)
{
	auto *f = static_cast<frozen *>(handle);

	simgrid::kernel::actor::simcall_answered([f]() {
		for (auto &x : *f) {
			x.a->set_bound(x.bound);
			x.a->unref();
		}
	});
	delete f;
}
