/* closed-shape.c: what a flow between two machines pays in a closed
 * form (closed-shape.h). */
#include "config.h"

#include <stddef.h>

#include "closed-shape.h"
#include "hardware.h"

int
shape_between_machines(const struct shape *s, int src, int dst)
{
	if (src == dst)
		return 0;
	if (s->groups_are_hosts && s->racks > 0)
		return s->rack_of[src] != s->rack_of[dst];
	return 1;
}

double
shape_flow_cap(const struct shape *s, double bytes)
{
	static const struct hw_curve none;

	return hw_flow_cap(s->flow_rate != NULL ? s->flow_rate : &none,
	    s->flow_Bps, bytes);
}

double
shape_flow_gain(const struct shape *s, double bytes)
{
	return s->flow_factor != NULL ? hw_curve_at(s->flow_factor, bytes,
	    1) : 1;
}
