/* scenario.h: a validated scenario as a plain C struct.  The loader
 * (scenario.c and scenario-*.c) is the only code that sees JSON;
 * everything after it reads this struct. */
#ifndef PSIM_SCENARIO_H
#define PSIM_SCENARIO_H

#include "hardware.h"

#include <stddef.h>

#include "faults.h"
#include "nn.h"
#include "registry.h"

enum dtype { DTYPE_FP32, DTYPE_FP16, DTYPE_BF16 };
enum topology { TOPO_STAR, TOPO_TWO_TIER, TOPO_PLATFORM };
enum network_model { NET_REALISTIC, NET_IDEAL, NET_CM02 };
enum partition { PART_EVEN, PART_ROUND_ROBIN, PART_BALANCED, PART_MXNET,
    PART_LARGEST };
enum jitter { JITTER_NONE, JITTER_LOGNORMAL, JITTER_EXPONENTIAL };
/* numerics.mode: sizes only; the model's own floats on the wire; a small
 * model trained while the wire carries the declared size. */
enum numerics_mode { NUM_OFF, NUM_REAL, NUM_PROXY };
/* strategy.sync: how a parameter server applies the gradients. */
enum sync_mode { SYNC_SYNC, SYNC_ASYNC, SYNC_SSP, SYNC_BACKUP };

/* strategy.pull: when a sync PS's workers get a bucket's parameters. */
enum pull_mode { PULL_EAGER, PULL_FORWARD };
/* strategy.apply: how a PS's server CPU takes a batch of pushes: sums
 * them on one thread and updates once, or applies each on its own
 * thread. */
enum apply_mode { APPLY_SUM, APPLY_EACH };
/* strategy.optimizer: the update the server's CPU applies. */
enum optimizer { OPT_MOMENTUM, OPT_SGD, OPT_ADAM };

/* A straggler: a host whose compute takes factor times as long. */
struct slow_host {
	char		*host;
	double		 factor;
};

/* One layer of a layered model, in forward order. */
struct layer {
	char		*name;
	double		 params;
	double		 flops;		/* forward, per sample; 0: not given */
	double		 backward_s;	/* 0: a share of the backward time */
};

struct scenario {
	char		*file;		/* where it came from, for messages */
	char		*name;
	char		*description;	/* the file's, whatever the overrides */
	char		*notes;		/* lines on what valid values cost,
					   "psim: FILE: PATH: note: ...", or
					   NULL: the commands print them */
	char		**sets;		/* the --set overrides, in order */
	int		 nsets;
	unsigned long	 seed;

	struct {
		double		 params;	/* parameter count */
		enum dtype	 dtype;
		double		 compute_s;	/* > 0 when given as a duration */
		double		 compute_flops;	/* > 0 when given as flops */
		double		 batch;		/* samples per worker per step */
		char		*preset;	/* NULL, or the preset's name */
		struct layer	*layers;	/* NULL: one block of compute */
		int		 nlayers;
		double		 backward_share; /* of the compute */
	} model;

	struct {
		enum topology	 topology;
		int		 hosts;
		double		 nic_Bps;	/* bytes/s per direction */
		double		 latency_s;	/* per NIC link */
		double		 switch_Bps;	/* 0: non-blocking switch */
		double		 speed_flops;	/* host speed, flops/s */
		int		 racks;		/* two-tier */
		double		 oversubscription; /* two-tier, >= 1 */
		int		 gpus_per_host;	/* workers per machine */
		double		 intra_Bps;	/* GPU to its host's switch */
		double		 intra_latency_s;
		/* cluster.machine's row (hardware.def MACHINE): the
		 * machine's switches, sockets and NIC; NULL: every GPU
		 * on one switch with the NIC (a flat machine) */
		const struct hw_machine *machine;
		enum jitter	 jitter;	/* per step and worker */
		double		 jitter_sigma;	/* lognormal */
		double		 jitter_mean_s;	/* exponential: extra time */
		/* the published spread that set the lognormal jitter
		 * (hardware.def SPREAD), or NULL: the scenario's own */
		const struct hw_spread *spread;
		struct slow_host *slow;
		int		 nslow;
		char		*platform;	/* TOPO_PLATFORM: XML path */
		const struct hw_rate *gpu;	/* cluster.gpu's row, or NULL */
		int		 priced;	/* price_per_hour given */
		double		 price_worker, price_server, price_storage;
		double		 price_nic;	/* a host's NIC of cluster.nic's
						   speed, an hour, from the
						   price_per_hour.nic table */
	} cluster;

	struct {
		int		 workers;
		int		 servers;	/* dedicated server hosts */
		char		**worker_hosts;	/* NULL or workers names */
		char		**server_hosts;	/* NULL or servers names */
	} placement;

	struct {
		const struct strategy_info *info;
		char		*algorithm;	/* ps: "sync"; allreduce: name */
		int		 shards;	/* ps */
		int		 colocate;	/* ps: shard i on worker i */
		int		 local_reduce;	/* ps: a multi-GPU machine's
						   GPUs sum their gradients
						   and one pushes */
		int		 worker_shards;	/* ps: shards 0.. of them on
						   workers 0.. (colocated, or
						   BytePS's services), the
						   rest on the servers */
		enum partition	 partition;	/* ps */
		double		*variables;	/* ps: parameter counts */
		double		 bigarray_bound; /* ps, mxnet: split above */
		int		 nvariables;
		enum dtype	 wire_dtype;	/* gradients on the wire */
		double		 bucket_bytes;	/* 0: no gradient buckets */
		double		 cycle_s;	/* all-reduce with buckets: the
						   framework's coordination loop
						   (Horovod's), 0: none */
		int		 chunks;	/* ps: pipelined chunks per shard */
		int		 grid_rows;	/* 2d-ring: 0 for the squarest */
		int		 grid_cols;
		enum sync_mode	 sync;		/* ps */
		enum pull_mode	 pull;		/* ps, sync, buckets: eager, or
						   after the step's barrier in
						   the next forward pass */
		int		 staleness;	/* ssp: clocks ahead allowed */
		int		 backup;	/* backup: gradients dropped */
		/* ps: the processor of the hosts that hold shards
		 * (hardware.def CPU), NULL: their CPU is free; how it
		 * takes a batch of pushes, and its update */
		const struct hw_cpu *server_cpu;
		enum apply_mode	 apply;
		enum optimizer	 optimizer;
	} strategy;

	struct {
		int		 steps;		/* the most steps: with duration_s
						   and not given, RUN_STEPS_MAX */
		double		 duration_s;	/* simulated; 0: none */
		int		 min_fault_events; /* the run goes on until
						   it has seen them; 0: none */
		int		 warmup;
		double		 target_loss;	/* 0: none */
		int		 replicates;	/* runs under seeds seed + i */
		int		 fast_forward;	/* skip repeated steps (fastforward.c's
						   ff_*) */
		int		 stop_at_target; /* the job ends once the test
						   loss is at target_loss */
	} run;

	/* Worker preemptions (spot instances), server failures,
	 * checkpoints and restarts. */
	struct {
		int		 on;
		struct fault_spec workers;	/* faults.preemption */
		struct fault_spec servers;	/* faults.servers */
		struct fault_spec links;	/* faults.links: worker NICs,
						   replace_s the repair */
		double		 notice_s;
		double		 restart_s;	/* relaunch before a restore */
		int		 checkpoint_every; /* steps, 0: never */
		int		 on_notice;	/* all-reduce: checkpoint then */
		double		 ckpt_bytes;	/* a checkpoint's size (the
						   model's bytes by default) */
		int		 spares;	/* replacement workers, -1: any */
		int		 elastic;	/* ring: go on with fewer */
		double		 rendezvous_s;	/* elastic: to re-form */
		int		 min_workers;	/* elastic */
		char		*storage;	/* checkpoint host, NULL: a free
						   host of the cluster */
	} faults;

	/* Real gradient arithmetic: a small model on synthetic data. */
	struct {
		enum numerics_mode mode;
		struct nn	 model;
		long		 samples;	/* training set */
		long		 test_samples;	/* held out, for the loss */
		double		 noise;		/* label noise (linear, mlp) */
		double		 lr;
		double		 momentum;
		int		 loss_every;	/* steps between loss samples */
		double		 max_memory;	/* bytes the buffers may take */
		long		 seed;		/* the problem's (teacher, data,
						   initial parameters), or -1:
						   the run's seed */
	} numerics;

	enum network_model network;
	double		 flow_cap_Bps;	/* network.flow_cap; 0: none */
	/* network.transport: the software transport of every message
	 * between two machines (hardware.def), its curves parsed; NULL
	 * ("none", or not given): the links alone. */
	const struct hw_transport *transport;
	struct hw_curve	 transport_rate;	/* bytes/s by size; n 0: none */
	struct hw_curve	 transport_factor;	/* of the route's bandwidth */
	double		 published_efficiency; /* published.efficiency; 0:
					   none */
	char		*published_source;
	int		 crosstraffic;	/* the reverse (ACK) load of flows */

	/* Several jobs on one cluster (the file's "jobs" array): the
	 * scenario the file loads to holds them (njobs > 0) and is job 0's
	 * besides, for what the cluster, the network and the seed say; each
	 * job is a whole scenario of its own, on the same cluster, its
	 * placement naming its hosts. */
	int		 njobs;
	struct scenario	**jobs;
	struct {
		char		*name;		/* NULL: the only job */
		int		 index;		/* in jobs */
		double		 start_s;	/* simulated; its workers begin */
	} job;
};

/* run.steps' largest value, and a run's steps when it gives run.duration
 * and not run.steps. */
#define RUN_STEPS_MAX	1000000

/* Bytes per parameter of the model's dtype. */
double scenario_dtype_bytes(enum dtype);
/* The bytes a server CPU moves a parameter for an optimizer's update. */
double scenario_update_bytes(enum optimizer);
const char *scenario_dtype_name(enum dtype);
const char *scenario_network_name(enum network_model);
const char *scenario_topology_name(enum topology);
const char *scenario_partition_name(enum partition);
const char *scenario_numerics_name(enum numerics_mode);
const char *scenario_sync_name(enum sync_mode);

/* The model's gradient in its own dtype, and as it travels (M in the
 * formulas): params times the wire dtype's bytes. */
double scenario_model_bytes(const struct scenario *);
double scenario_wire_bytes(const struct scenario *);

/* The PS's participants: the workers, or with strategy.local_reduce the
 * machines (one worker of each pushes and pulls for its GPUs). */
int scenario_ps_members(const struct scenario *);

/* Where PS shard j lives: on worker *worker (colocated, or a BytePS
 * service) or on dedicated server *server; the other is -1.  Colocated
 * shards on multi-GPU machines go round the machines first. */
void scenario_shard_home(const struct scenario *, int j, int *worker,
    int *server);

/* The fault process of whose faults. */
const struct fault_spec *scenario_faults_of(const struct scenario *,
    enum fault_of);
/* The first horizon the fault schedules are drawn to: four times a rough
 * fault-free run (a step's compute and a push and a pull of the gradient
 * over one NIC; on a platform file, 10 Gbps and at least 1 s), plus the
 * replacement and restart delays.  A run that lasts longer draws
 * further. */
double scenario_fault_horizon(const struct scenario *);
/* The run's simulated length when the scenario bounds it in time
 * (run.duration, in seconds), else 0: a run of steps only. */
double scenario_run_length_s(const struct scenario *);
/* Whether the run ends by the clock and the faults rather than by its
 * steps alone: run.duration or run.min_fault_events given (fastforward.c's
 * sim_past_end says when). */
int scenario_open_ended(const struct scenario *);
/* Whether an all-pairs exchange (all-to-all) is symmetric enough that
 * worker 0's flows stand for all (strategy-all-to-all.c's top comment):
 * run.fast_forward, a generated star without a backbone of one GPU a
 * host, workers that compute alike (no stragglers, no jitter), no
 * faults, numerics, buckets or other jobs, at least 3 workers.  The
 * engine also needs no timeline. */
int scenario_all_pairs_symmetric(const struct scenario *);

/* What a scenario read from standard input (path "-") is called in
 * errors and as sc->file; relative paths in it are from the current
 * directory, and it is named "stdin" unless it gives a name. */
#define SCENARIO_STDIN	"<stdin>"

/* Load and validate.  path NULL loads the built-in seed scenario, "-"
 * reads standard input.  sets
 * are "a.b.c=value" overrides applied before validation.  Returns NULL
 * and sets *errors to a malloc'd text of one line per problem, each
 * "psim: FILE: /json/path: message"; the caller frees it. */
struct scenario *scenario_load(const char *path, char *const *sets,
    int nsets, char **errors);
/* The same from len bytes of text in memory (they need not end in a
 * NUL), as if read from a file called name: name is the file in errors
 * and sc->file, and the folder relative paths in it are from.
 * scenario_load reads the file, then loads its text with this. */
struct scenario *scenario_load_buffer(const char *name, const char *buf,
    size_t len, char *const *sets, int nsets, char **errors);
void scenario_free(struct scenario *);

/* run.replicates: replicate i's seed, (seed + i) mod 2^32, so replicate
 * 0 is the scenario itself and replicate i can be re-run alone by
 * setting seed to its seed, with the same figures to the last digit. */
unsigned long scenario_replicate_seed(unsigned long seed, int i);

/* NULL when sc is a single job; else the error that what (a command or
 * an option, "psim trace") takes one job only, malloc'd:
 * "psim: FILE: /jobs: expected a single job for WHAT, found N jobs". */
char *scenario_single(const struct scenario *sc, const char *what);

/* The files besides its own that the scenario reads (its platform, its
 * fault traces; each job's), at most max of them, into files; returns how
 * many.  A file named twice is listed once. */
int scenario_inputs(const struct scenario *, const char **files, int max);

/* Every key path a scenario takes, as --set takes them
 * ("strategy.shards"): an object before its keys, the elements of an
 * array of objects as N ("jobs.N.run.steps" for jobs.1.run.steps), in
 * the order of the tables the parser checks the keys against
 * (scenario-keys.c).  NULL-terminated, malloc'd (xfreev). */
char **scenario_key_paths(void);
/* The values key path (as listed) takes when they are one of a list
 * the parser checks them against (strategy.sync: sync, async, ...;
 * true and false), NULL-terminated and malloc'd (xfreev); else NULL. */
char **scenario_key_values(const char *path);

/* The seed scenario's JSON text, compiled into the binary. */
extern const char seed_scenario_json[];

#endif
