/* hardware.h: published figures of devices and links (hardware.def),
 * for cluster.gpu, cluster.nic and cluster.intra_bw. */
#ifndef PSIM_HARDWARE_H
#define PSIM_HARDWARE_H

/* One GPU's training throughput for a preset. */
struct hw_rate {
	const char	*gpu, *preset;
	int		 batch;		/* samples per GPU per step */
	const char	*dtype;		/* "fp32", "fp16" */
	double		 per_s;		/* samples per second */
	const char	*source;
};

/* A kind of link. */
struct hw_link {
	const char	*name;
	double		 bps;		/* bits per second, per direction */
	double		 latency_s;	/* per link */
	const char	*source;
};

/* A curve by message size, as SMPI's piecewise factors: n points
 * (size in bytes, value), sizes rising; read between two points on a
 * straight line in log size and log value, and flat beyond the ends.
 * n == 0: no curve. */
#define HW_CURVE_MAX	8
struct hw_curve {
	int		 n;
	double		 size[HW_CURVE_MAX];
	double		 value[HW_CURVE_MAX];
};

/* A software transport, measured alone by a microbenchmark (SMPI's
 * rule: psim-scenario(5), HOST COSTS).  rate and factor are curves
 * as text, "SIZE:VALUE SIZE:VALUE ..." in bytes (hw_curve_parse), or ""
 * for none:
 *   rate     what one connection moves, bytes/s, by message size: its
 *            software (copies, framing, one socket), which no faster
 *            link lifts; psim caps each message between two machines
 *            at it;
 *   factor   the share of a route's bandwidth it gets, by message size
 *            (protocol overhead): SimGrid's bandwidth factor.
 * bench_Bps is the link its microbenchmark ran on, per direction (0: a
 * loopback, the software alone), which psim's calibration check
 * (psim transport --check) runs it on again. */
struct hw_transport {
	const char	*name;
	const char	*rate;
	const char	*factor;
	double		 bench_Bps;
	const char	*source;
};

/* One GPU's step-to-step spread of its step time, training alone: the
 * relative standard deviation of independent per-step draws (a
 * lognormal's sigma), from a published single-GPU log. */
struct hw_spread {
	const char	*name;
	double		 sigma;
	const char	*source;
};

/* The inside of a multi-GPU machine as it is built (cluster.machine):
 * its GPUs in groups behind PCIe switches, each switch with one uplink
 * to its CPU socket's root complex, the sockets joined by one link, and
 * the NIC under a switch or at socket 0's root complex.  Rates are bytes
 * per second per direction, as the machine's own microbenchmarks (or
 * its vendor's specification) give them. */
struct hw_machine {
	const char	*name;
	int		 gpus;		/* per machine */
	int		 per_switch;	/* GPUs behind one switch */
	int		 sockets;	/* 1 or 2; the switches split evenly */
	double		 gpu_Bps;	/* a GPU's link to its switch */
	double		 uplink_Bps;	/* a switch's link to its socket */
	double		 socket_Bps;	/* between the sockets (2 only) */
	int		 nic_switch;	/* the NIC's switch, -1: socket 0 */
	const char	*source;
};

/* A processor's memory bandwidth for an in-place update of one array
 * from another (hardware.def CPU): one thread's, and all the threads'
 * of one socket, bytes/s. */
struct hw_cpu {
	const char	*name;
	double		 one_Bps;
	double		 all_Bps;
	const char	*source;
};

extern const struct hw_rate hw_rates[];
extern const int hw_nrates;
extern const struct hw_link hw_links[];
extern const int hw_nlinks;

extern const struct hw_transport hw_transports[];
extern const int hw_ntransports;
extern const struct hw_spread hw_spreads[];
extern const int hw_nspreads;
extern const struct hw_machine hw_machines[];
extern const int hw_nmachines;
extern const struct hw_cpu hw_cpus[];
extern const int hw_ncpus;

/* A curve from its text ("" gives n = 0): 0, or -1 with *error (malloc'd)
 * when a point is not SIZE:VALUE with both positive, sizes not rising, or
 * more than HW_CURVE_MAX points. */
int hw_curve_parse(const char *text, struct hw_curve *, char **error);
/* The curve's value at size (see struct hw_curve); def when it has no
 * point. */
double hw_curve_at(const struct hw_curve *, double size, double def);
/* A message of bytes between two machines: its own cap in bytes/s, the
 * lower of a transport's rate curve at its size and flow_cap_Bps (0:
 * none); 0 when neither caps it. */
double hw_flow_cap(const struct hw_curve *rate, double flow_cap_Bps,
    double bytes);

/* The transport named name (case-insensitive), or NULL; the names,
 * malloc'd. */
const struct hw_transport *hw_transport_find(const char *name);
char *hw_transport_names(void);
/* The same with "none" (network.transport's values); and only those of
 * one rate for any size (network.flow_cap's). */
char *hw_transport_none_names(void);
char *hw_transport_cap_names(void);

/* The spread named name (case-insensitive), or NULL; the names,
 * malloc'd. */
const struct hw_spread *hw_spread_find(const char *name);
char *hw_spread_names(void);

/* The machine named name (case-insensitive), or NULL; the names,
 * malloc'd. */
const struct hw_machine *hw_machine_find(const char *name);
char *hw_machine_names(void);

const struct hw_cpu *hw_cpu_find(const char *name);
char *hw_cpu_names(void);
char *hw_cpu_none_names(void);
/* The bytes a copy of an fp32 array moves a parameter (one read, one
 * written) and a sum of one into another (two read, one written); and
 * the seconds cpu takes for a batch of count pushes of params
 * parameters: summed on one thread and the sum updated at update_B a
 * parameter (each 0), or each push applied on its own thread at once
 * (each 1). */
#define HW_COPY_B	8.0
#define HW_SUM_B	12.0
double hw_cpu_batch_s(const struct hw_cpu *cpu, int each, int count,
    double params, double update_B);
/* A machine's switches (gpus / per_switch) and the socket of switch w. */
int hw_machine_switches(const struct hw_machine *);
int hw_machine_socket(const struct hw_machine *, int w);

/* The row for gpu, preset, batch and dtype, or NULL. */
const struct hw_rate *hw_rate_find(const char *gpu, const char *preset,
    int batch, const char *dtype);
/* The link named name (case-insensitive), or NULL. */
const struct hw_link *hw_link_find(const char *name);
/* A GPU's rows in words, "inception-v3, resnet50, ... at batch 64
 * (fp32)", malloc'd; NULL when psim has no row for gpu. */
char *hw_rates_of(const char *gpu);
/* The GPUs' names, "p100, v100", and the links', malloc'd. */
char *hw_gpu_names(void);
char *hw_link_names(void);

#endif
