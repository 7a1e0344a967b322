/* analytic.c: what every closed form shares.  Each strategy computes its
 * own communication time and volumes (strategy-*.c); this adds the
 * compute time and turns volumes into the bandwidth a NIC needs to keep
 * up with the compute, the seed answer's "72 Gbps". */
#include "analytic.h"
#include "strategy.h"

double
analytic_uplinks(const struct shape *s, const double *out, const double *in,
    int *rack)
{
	double t = 0, v;
	int r;

	*rack = -1;
	for (r = 0; r < s->racks; r++) {
		v = (out[r] > in[r] ? out[r] : in[r]) / s->uplink_Bps[r];
		if (v > t) {
			t = v;
			*rack = r;
		}
	}
	return t;
}

double
analytic_gbps(double bytes, double seconds)
{
	return seconds > 0 ? bytes * 8 / seconds / 1e9 : 0;
}

void
analytic_finish(const struct shape *s, struct analytic *a)
{
	double w = a->worker_sent_bytes > a->worker_received_bytes ?
	    a->worker_sent_bytes : a->worker_received_bytes;
	double v = a->server_sent_bytes > a->server_received_bytes ?
	    a->server_sent_bytes : a->server_received_bytes;

	a->compute_s = s->compute_s;
	a->step_time_s = s->compute_s + a->communication_s;
	a->required_gbps_worker = analytic_gbps(w, s->compute_s);
	a->required_gbps_server = analytic_gbps(v, s->compute_s);
}
