/* mechanisms.c: the host-side mechanisms' rows (mechanisms.h). */
#include "config.h"

#include <stdio.h>

#include "hardware.h"
#include "mechanisms.h"
#include "scenario.h"

/* network.transport: the software of every message between machines. */
static int
transport_on(const struct scenario *sc)
{
	return sc->transport != NULL;
}

static void
transport_off(struct scenario *sc)
{
	sc->transport = NULL;
	sc->transport_rate.n = sc->transport_factor.n = 0;
}

static void
transport_words(const struct scenario *sc, char *buf, size_t size)
{
	snprintf(buf, size, "the transport %s (network.transport)",
	    sc->transport->name);
}

static const char *
transport_source(const struct scenario *sc)
{
	return sc->transport->source;
}

/* strategy.cycle: a framework's coordination loop (Horovod's). */
static int
cycle_on(const struct scenario *sc)
{
	return sc->strategy.cycle_s > 0;
}

static void
cycle_off(struct scenario *sc)
{
	sc->strategy.cycle_s = 0;
}

static void
cycle_words(const struct scenario *sc, char *buf, size_t size)
{
	snprintf(buf, size, "the coordination loop, a wake every %g ms "
	    "(strategy.cycle)", sc->strategy.cycle_s * 1e3);
}

static const char *
cycle_source(const struct scenario *sc)
{
	(void)sc;
	return "horovod/horovod horovod/tensorflow/mpi_ops.cc@d54e3a88 "
	    "(2017-09-05), Horovod's background thread: \"std::this_thread::"
	    "sleep_for(std::chrono::milliseconds(5))\" before each look at "
	    "the tensors every rank has ready, which it fuses up to the "
	    "threshold and reduces back to back; later ones read the cycle "
	    "from HOROVOD_CYCLE_TIME, 5 ms when unset "
	    "(horovod/common/operations.cc@v0.18.2)";
}

/* strategy.pull "forward": TensorFlow's synchronous PS (its
 * tf_cnn_benchmarks), the step's barrier and reads in the forward pass. */
static int
pull_on(const struct scenario *sc)
{
	return sc->strategy.pull == PULL_FORWARD;
}

static void
pull_off(struct scenario *sc)
{
	sc->strategy.pull = PULL_EAGER;
}

static void
pull_words(const struct scenario *sc, char *buf, size_t size)
{
	(void)sc;
	snprintf(buf, size, "the step's barrier, parameters read in the next "
	    "forward pass (strategy.pull)");
}

static const char *
pull_source(const struct scenario *sc)
{
	(void)sc;
	return "tensorflow/benchmarks scripts/tf_cnn_benchmarks/"
	    "tf_cnn_benchmarks.py@615c4ff (2017-08-29), --cross_replica_sync "
	    "(the default): \"Block all replicas until all replicas are ready "
	    "for next step\" (add_sync_queues_and_barrier after the train "
	    "op); variable_mgr.py: VariableMgrDistributedFetchFromPS, \"For "
	    "each step, each tower gets a copy of the variables from the "
	    "parameter server\" (read through a caching device when the "
	    "forward pass needs them)";
}

/* cluster.compute_jitter naming a published spread: one GPU's step time
 * from step to step, each worker's drawn apart. */
static int
spread_on(const struct scenario *sc)
{
	return sc->cluster.spread != NULL;
}

static void
spread_off(struct scenario *sc)
{
	sc->cluster.spread = NULL;
	sc->cluster.jitter = JITTER_NONE;
}

static void
spread_words(const struct scenario *sc, char *buf, size_t size)
{
	snprintf(buf, size, "the step-time spread of one %s, %.2g%% a step "
	    "(cluster.compute_jitter)", sc->cluster.spread->name,
	    100 * sc->cluster.spread->sigma);
}

static const char *
spread_source(const struct scenario *sc)
{
	return sc->cluster.spread->source;
}

/* cluster.machine: GPUs behind PCIe switches and sockets, not one flat
 * switch; off, every GPU keeps the machine's link to one switch with the
 * NIC. */
static int
machine_on(const struct scenario *sc)
{
	return sc->cluster.machine != NULL;
}

static void
machine_off(struct scenario *sc)
{
	sc->cluster.machine = NULL;
}

static void
machine_words(const struct scenario *sc, char *buf, size_t size)
{
	const struct hw_machine *m = sc->cluster.machine;

	snprintf(buf, size, "the inside of a %s, %d switches of %d GPUs on "
	    "%d socket%s (cluster.machine)", m->name, hw_machine_switches(m),
	    m->per_switch, m->sockets, m->sockets > 1 ? "s" : "");
}

static const char *
machine_source(const struct scenario *sc)
{
	return sc->cluster.machine->source;
}

/* strategy.server_cpu: the PS's sums and updates on its hosts' CPU at
 * the processor's memory bandwidth; off, the servers' CPU is free. */
static int
server_cpu_on(const struct scenario *sc)
{
	return sc->strategy.server_cpu != NULL;
}

static void
server_cpu_off(struct scenario *sc)
{
	sc->strategy.server_cpu = NULL;
}

static void
server_cpu_words(const struct scenario *sc, char *buf, size_t size)
{
	snprintf(buf, size, "the servers' %s CPU, %s (strategy.server_cpu)",
	    sc->strategy.server_cpu->name, sc->strategy.apply == APPLY_SUM ?
	    "pushes summed on one thread" : "each push applied on its own "
	    "thread");
}

static const char *
server_cpu_source(const struct scenario *sc)
{
	return sc->strategy.server_cpu->source;
}

static const struct {
	int	 (*on)(const struct scenario *);
	void	 (*off)(struct scenario *);
	void	 (*words)(const struct scenario *, char *, size_t);
	const char *(*source)(const struct scenario *);
} rows[M_N] = {
	[M_TRANSPORT] = { transport_on, transport_off, transport_words,
	    transport_source },
	[M_CYCLE] = { cycle_on, cycle_off, cycle_words, cycle_source },
	[M_PULL] = { pull_on, pull_off, pull_words, pull_source },
	[M_SPREAD] = { spread_on, spread_off, spread_words, spread_source },
	[M_MACHINE] = { machine_on, machine_off, machine_words,
	    machine_source },
	[M_SERVER_CPU] = { server_cpu_on, server_cpu_off, server_cpu_words,
	    server_cpu_source },
};

int
mechanism_on(const struct scenario *sc, enum mechanism m)
{
	return rows[m].on(sc);
}

void
mechanism_off(struct scenario *sc, enum mechanism m)
{
	rows[m].off(sc);
}

void
mechanisms_off(struct scenario *sc)
{
	int m, j;

	for (m = 0; m < M_N; m++)
		if (rows[m].on(sc))
			rows[m].off(sc);
	for (j = 0; j < sc->njobs; j++)
		mechanisms_off(sc->jobs[j]);
}

void
mechanism_words(const struct scenario *sc, enum mechanism m, char *buf,
    size_t size)
{
	if (!rows[m].on(sc))
		snprintf(buf, size, "(none)");
	else
		rows[m].words(sc, buf, size);
}

const char *
mechanism_source(const struct scenario *sc, enum mechanism m)
{
	return rows[m].on(sc) ? rows[m].source(sc) : "";
}
