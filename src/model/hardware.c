/* hardware.c: the tables of hardware.def and their look-ups
 * (hardware.h). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hardware.h"
#include "xmalloc.h"

const struct hw_rate hw_rates[] = {
#define RATE(gpu, preset, batch, dtype, per_s, source) \
	{ gpu, preset, batch, dtype, per_s, source },
#include "hardware.def"
};
const int hw_nrates = (int)(sizeof hw_rates / sizeof hw_rates[0]);

const struct hw_link hw_links[] = {
#define LINK(name, bps, latency, source) { name, bps, latency, source },
#include "hardware.def"
};
const int hw_nlinks = (int)(sizeof hw_links / sizeof hw_links[0]);

static char *append(char *, const char *, const char *);

const struct hw_transport hw_transports[] = {
#define TRANSPORT(name, rate, factor, bench_Bps, source) \
	{ name, rate, factor, bench_Bps, source },
#include "hardware.def"
};
const int hw_ntransports = (int)(sizeof hw_transports /
    sizeof hw_transports[0]);

const struct hw_spread hw_spreads[] = {
#define SPREAD(name, sigma, source) { name, sigma, source },
#include "hardware.def"
};
const int hw_nspreads = (int)(sizeof hw_spreads / sizeof hw_spreads[0]);

const struct hw_machine hw_machines[] = {
#define MACHINE(name, gpus, per_switch, sockets, gpu_Bps, uplink_Bps, \
    socket_Bps, nic_switch, source) \
	{ name, gpus, per_switch, sockets, gpu_Bps, uplink_Bps, socket_Bps, \
	  nic_switch, source },
#include "hardware.def"
};
const int hw_nmachines = (int)(sizeof hw_machines / sizeof hw_machines[0]);

const struct hw_cpu hw_cpus[] = {
#define CPU(name, one_Bps, all_Bps, source) \
	{ name, one_Bps, all_Bps, source },
#include "hardware.def"
};
const int hw_ncpus = (int)(sizeof hw_cpus / sizeof hw_cpus[0]);

/* Rows whose first member is their name: the index of the one called
 * name (case-insensitive), or -1; and the names joined. */
static int
row_named(const void *rows, int n, size_t size, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcasecmp(*(const char *const *)(const void *)
		    ((const char *)rows + (size_t)i * size), name) == 0)
			return i;
	return -1;
}

static char *
row_names(const void *rows, int n, size_t size)
{
	char *s = NULL;
	int i;

	for (i = 0; i < n; i++)
		s = append(s, ", ", *(const char *const *)(const void *)
		    ((const char *)rows + (size_t)i * size));
	return s;
}

int
hw_curve_parse(const char *text, struct hw_curve *c, char **error)
{
	const char *p = text;
	char *end;
	double x, y;

	c->n = 0;
	*error = NULL;
	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		x = strtod(p, &end);
		if (end == p || *end != ':' || !(x > 0) || !isfinite(x))
			break;
		p = end + 1;
		y = strtod(p, &end);
		if (end == p || (*end != ' ' && *end != '\0') || !(y > 0) ||
		    !isfinite(y) || c->n == HW_CURVE_MAX ||
		    (c->n > 0 && x <= c->size[c->n - 1]))
			break;
		c->size[c->n] = x;
		c->value[c->n++] = y;
		p = end;
	}
	if (*p == '\0')
		return 0;
	xasprintf(error, "\"%s\": expected up to %d points SIZE:VALUE, both "
	    "positive, sizes rising, at \"%s\"", text, HW_CURVE_MAX, p);
	c->n = 0;
	return -1;
}

double
hw_curve_at(const struct hw_curve *c, double size, double def)
{
	int i;
	double t;

	if (c->n == 0)
		return def;
	if (size <= c->size[0])
		return c->value[0];
	for (i = 1; i < c->n; i++) {
		if (size > c->size[i])
			continue;
		t = log(size / c->size[i - 1]) / log(c->size[i] /
		    c->size[i - 1]);
		return c->value[i - 1] * pow(c->value[i] / c->value[i - 1], t);
	}
	return c->value[c->n - 1];
}

double
hw_flow_cap(const struct hw_curve *rate, double flow_cap_Bps, double bytes)
{
	double c = hw_curve_at(rate, bytes, 0);

	if (flow_cap_Bps > 0 && (c == 0 || flow_cap_Bps < c))
		c = flow_cap_Bps;
	return c;
}

const struct hw_transport *
hw_transport_find(const char *name)
{
	int i = row_named(hw_transports, hw_ntransports,
	    sizeof hw_transports[0], name);

	return i < 0 ? NULL : &hw_transports[i];
}

char *
hw_transport_cap_names(void)
{
	struct hw_curve c;
	char *s = NULL, *error;
	int i;

	for (i = 0; i < hw_ntransports; i++) {
		if (hw_curve_parse(hw_transports[i].rate, &c, &error) != 0)
			free(error);
		else if (c.n == 1)
			s = append(s, ", ", hw_transports[i].name);
	}
	return s;
}

char *
hw_transport_none_names(void)
{
	char *s = hw_transport_names();

	return append(s, ", ", "none");
}

/* A batch of count pushes of params parameters each (fp32 on the
 * server): summed into one on one thread (the first copied, 8 B a
 * parameter, each after it added, a += g, 12 B) and the sum updated once
 * (update_B a parameter; a batch of one is updated from the push), or
 * each push applied on its own thread, all at once, so no faster than
 * one thread and than the socket's threads together. */
double
hw_cpu_batch_s(const struct hw_cpu *cpu, int each, int count, double params,
    double update_B)
{
	double one;

	if (!each)
		return ((count > 1 ? HW_COPY_B + (count - 1) * HW_SUM_B : 0) +
		    update_B) * params / cpu->one_Bps;
	one = update_B * params / cpu->one_Bps;
	return fmax(one, count * update_B * params / cpu->all_Bps);
}

char *
hw_cpu_none_names(void)
{
	return append(hw_cpu_names(), ", ", "none");
}

char *
hw_transport_names(void)
{
	return row_names(hw_transports, hw_ntransports,
	    sizeof hw_transports[0]);
}

const struct hw_spread *
hw_spread_find(const char *name)
{
	int i = row_named(hw_spreads, hw_nspreads, sizeof hw_spreads[0],
	    name);

	return i < 0 ? NULL : &hw_spreads[i];
}

char *
hw_spread_names(void)
{
	return row_names(hw_spreads, hw_nspreads, sizeof hw_spreads[0]);
}

const struct hw_machine *
hw_machine_find(const char *name)
{
	int i = row_named(hw_machines, hw_nmachines, sizeof hw_machines[0],
	    name);

	return i < 0 ? NULL : &hw_machines[i];
}

char *
hw_machine_names(void)
{
	return row_names(hw_machines, hw_nmachines, sizeof hw_machines[0]);
}

const struct hw_cpu *
hw_cpu_find(const char *name)
{
	int i = row_named(hw_cpus, hw_ncpus, sizeof hw_cpus[0], name);

	return i < 0 ? NULL : &hw_cpus[i];
}

char *
hw_cpu_names(void)
{
	return row_names(hw_cpus, hw_ncpus, sizeof hw_cpus[0]);
}

int
hw_machine_switches(const struct hw_machine *m)
{
	return m->gpus / m->per_switch;
}

int
hw_machine_socket(const struct hw_machine *m, int w)
{
	return w / (hw_machine_switches(m) / m->sockets);
}

const struct hw_rate *
hw_rate_find(const char *gpu, const char *preset, int batch,
    const char *dtype)
{
	int i;

	for (i = 0; i < hw_nrates; i++)
		if (strcasecmp(hw_rates[i].gpu, gpu) == 0 &&
		    strcmp(hw_rates[i].preset, preset) == 0 &&
		    hw_rates[i].batch == batch &&
		    strcmp(hw_rates[i].dtype, dtype) == 0)
			return &hw_rates[i];
	return NULL;
}

const struct hw_link *
hw_link_find(const char *name)
{
	int i = row_named(hw_links, hw_nlinks, sizeof hw_links[0], name);

	return i < 0 ? NULL : &hw_links[i];
}

/* s + ", " + add, s freed */
static char *
append(char *s, const char *sep, const char *add)
{
	char *t;

	xasprintf(&t, "%s%s%s", s ? s : "", s ? sep : "", add);
	free(s);
	return t;
}

char *
hw_rates_of(const char *gpu)
{
	char *s = NULL, what[128];
	int i;

	for (i = 0; i < hw_nrates; i++) {
		if (strcasecmp(hw_rates[i].gpu, gpu) != 0)
			continue;
		snprintf(what, sizeof what, "%s at batch %d in %s",
		    hw_rates[i].preset, hw_rates[i].batch, hw_rates[i].dtype);
		s = append(s, ", ", what);
	}
	return s;
}

char *
hw_gpu_names(void)
{
	char *s = NULL;
	int i, j;

	for (i = 0; i < hw_nrates; i++) {
		for (j = 0; j < i; j++)
			if (strcmp(hw_rates[j].gpu, hw_rates[i].gpu) == 0)
				break;
		if (j == i)
			s = append(s, ", ", hw_rates[i].gpu);
	}
	return s;
}

char *
hw_link_names(void)
{
	return row_names(hw_links, hw_nlinks, sizeof hw_links[0]);
}
