/* scenario-check.c: the checks across blocks, after the derived values
 * are set (scenario-derive.c): each compares keys of several blocks, or
 * a key with a value derived from others.  A key checked on its own is
 * checked where it is parsed (scenario-parse.c).  The checks only
 * report: they change nothing.
 *
 * scenario_check runs them in the order users see the messages (tests
 * compare them): the model's size, the servers and shards, faults,
 * sync, numerics, placement, the hosts.  (The files the scenario names
 * come after: scenario.c reads them.) */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cluster.h"
#include "faults.h"
#include "units.h"
#include "scenario-impl.h"
#include "xmalloc.h"

/* The model's size: numerics "real" sends its own, so the file gives
 * none; the layers and the variables add up to model.params; a size is
 * given somewhere; the layers' backward times fit in the compute. */
static void
check_model(struct ctx *c, const struct scenario *sc, const struct given *g)
{
	static const char *const keys[] = { "/model/params", "/model/layers",
	    "/strategy/variables" };
	double sum = 0, back = 0;
	char p[64];
	int i, which, flops = 0;

	which = sc->model.nlayers > 0 ? 1 : sc->strategy.variables != NULL ?
	    2 : g->params ? 0 : -1;
	if (sc->numerics.mode == NUM_REAL && which >= 0)
		err_at(c, keys[which], "numerics mode \"real\" sends the %s "
		    "model's own %ld parameters; leave this out, or use mode "
		    "\"proxy\"", nn_kind_name(sc->numerics.model.kind),
		    sc->numerics.model.params);
	if (sc->model.nlayers > 0) {
		for (i = 0; i < sc->model.nlayers; i++) {
			sum += sc->model.layers[i].params;
			back += sc->model.layers[i].backward_s;
			flops += sc->model.layers[i].flops > 0;
		}
		for (i = 0; flops > 0 && i < sc->model.nlayers; i++) {
			if (sc->model.layers[i].flops == 0) {
				snprintf(p, sizeof p, "/model/layers/%d/flops",
				    i);
				err_at(c, p, "missing; give flops for every "
				    "layer or for none (%d of the %d layers "
				    "give them)", flops, sc->model.nlayers);
				break;
			}
		}
		if (sum != sc->model.params)
			err_at(c, "/model/params", "the layers add up to %.0f "
			    "parameters but /model/params is %.0f", sum,
			    sc->model.params);
		if (back > 0 && sc->model.compute_s == 0)
			err_at(c, "/model/layers", "a layer's backward time "
			    "needs /model/compute as a duration");
		else if (back > sc->model.backward_share * sc->model.compute_s *
		    (1 + 1e-12) && back > 0)
			err_at(c, "/model/layers", "the layers' backward times "
			    "add up to %g s, more than the backward share (%g) "
			    "of the %g s of compute", back,
			    sc->model.backward_share, sc->model.compute_s);
	}
	if (sc->strategy.variables != NULL) {
		for (sum = 0, i = 0; i < sc->strategy.nvariables; i++)
			sum += sc->strategy.variables[i];
		if (sum != sc->model.params)
			err_at(c, "/strategy/variables", "the variables add up "
			    "to %.0f parameters but /model/params is %.0f", sum,
			    sc->model.params);
	} else if (sc->model.params == 0 && errors_count(&c->errors) == 0)
		err_at(c, "/model/params", "missing; expected a count such as "
		    "\"250M\"");
	else if (sc->model.params != floor(sc->model.params) ||
	    sc->model.params > 1e15)
		err_at(c, "/model/params", "expected a whole number of "
		    "parameters up to 1e15, got %.17g", sc->model.params);
}

/* A compute given in flops takes flops / speed on a generated cluster's
 * hosts: that is a step's duration, within the same range as one given
 * as a duration.  (A platform file's hosts have speeds of their own.) */
static void
check_compute(struct ctx *c, const struct scenario *sc)
{
	char found[128];
	double t;

	if (sc->model.compute_flops <= 0 ||
	    sc->cluster.topology == TOPO_PLATFORM)
		return;
	t = sc->model.compute_flops / sc->cluster.speed_flops;
	snprintf(found, sizeof found, "%.3g s (%.3g flops at /cluster/speed "
	    "%.3g flop/s)", t, sc->model.compute_flops,
	    sc->cluster.speed_flops);
	range_check(c, "/model/compute", &range_step, t, found);
}

/* strategy.local_reduce: on multi-GPU machines, with sync "sync" and
 * without numerics. */
static void
check_local_reduce(struct ctx *c, const struct scenario *sc)
{
	if (!sc->strategy.local_reduce)
		return;
	if (sc->cluster.topology == TOPO_PLATFORM ||
	    sc->cluster.gpus_per_host < 2)
		err_at(c, "/strategy/local_reduce", "only used with "
		    "/cluster/gpus_per_host above 1 (the GPUs of a machine sum "
		    "their gradients inside it)");
	else if (sc->strategy.sync != SYNC_SYNC)
		err_at(c, "/strategy/local_reduce", "modelled with sync "
		    "\"sync\" only, not \"%s\"; false pushes from every GPU",
		    scenario_sync_name(sc->strategy.sync));
	else if (sc->numerics.mode != NUM_OFF)
		err_at(c, "/strategy/local_reduce", "not modelled with "
		    "/numerics yet; false pushes from every GPU");
}

/* strategy.bucket with a parameter server: each bucket's share of every
 * shard goes as soon as backprop fills it; sync only, on the layers as
 * the variables. */
static void
check_ps_buckets(struct ctx *c, const struct scenario *sc)
{
	int i, same;

	if (sc->strategy.bucket_bytes == 0 || sc->strategy.info == NULL ||
	    sc->strategy.info->family != FAMILY_PS)
		return;
	if (sc->strategy.sync != SYNC_SYNC)
		err_at(c, "/strategy/bucket", "a parameter server's buckets are "
		    "modelled with sync \"sync\" only, not \"%s\"",
		    scenario_sync_name(sc->strategy.sync));
	else if (sc->faults.on)
		err_at(c, "/strategy/bucket", "a parameter server's buckets are "
		    "not modelled with /faults yet");
	else if (sc->numerics.mode != NUM_OFF)
		err_at(c, "/strategy/bucket", "a parameter server's buckets are "
		    "not modelled with /numerics yet");
	same = sc->strategy.variables == NULL ||
	    sc->strategy.nvariables == sc->model.nlayers;
	for (i = 0; same && sc->strategy.variables != NULL &&
	    i < sc->strategy.nvariables; i++)
		same = sc->strategy.variables[i] == sc->model.layers[i].params;
	if (!same)
		err_at(c, "/strategy/variables", "with /strategy/bucket the "
		    "variables are the layers; leave them out");
}

/* strategy.pull "forward": after a synchronous step's barrier, each
 * bucket's parameters are read when the next forward pass reaches its
 * layers; the bucket checks (check_ps_buckets: sync only, no faults, no
 * numerics) say the rest. */
static void
check_pull(struct ctx *c, const struct scenario *sc)
{
	if (sc->strategy.pull == PULL_FORWARD && sc->strategy.bucket_bytes == 0)
		err_at(c, "/strategy/pull", "\"forward\" reads each bucket's "
		    "parameters when the forward pass reaches its layers: it "
		    "needs /strategy/bucket");
}

/* The servers and the shards a strategy has: colocated shards one per
 * worker and no servers, dedicated servers at least one with a shard
 * each, enough variables for the shards, no servers for all-reduce.
 * (BytePS's layout is derived whole.) */
static void
check_servers(struct ctx *c, const struct scenario *sc, const struct given *g)
{
	const struct strategy_info *info = sc->strategy.info;

	if (info == NULL || (info->flags & R_SERVICES))
		return;
	if (info->family != FAMILY_PS) {
		if (g->servers > 0)
			err_at(c, "/placement/servers", "all-reduce uses no "
			    "servers, expected 0, got %d", g->servers);
		if (g->nserver_hosts != 0)
			err_at(c, "/placement/server_hosts", "all-reduce uses "
			    "no servers");
		return;
	}
	if (sc->strategy.colocate) {
		if (g->servers > 0)
			err_at(c, "/placement/servers", "colocated shards live "
			    "on workers, so expected 0 dedicated servers, got "
			    "%d", g->servers);
		if (sc->strategy.shards > sc->placement.workers)
			err_at(c, "/strategy/shards", "colocated shards go one "
			    "per worker, so expected at most %d, got %d",
			    sc->placement.workers, sc->strategy.shards);
	} else if (sc->placement.servers == 0)
		err_at(c, "/placement/servers", "a parameter server needs at "
		    "least 1 server host, or \"colocate\": true in /strategy, "
		    "got 0");
	else if (sc->strategy.shards < sc->placement.servers)
		err_at(c, "/strategy/shards", "expected at least one shard per "
		    "server (%d), got %d", sc->placement.servers,
		    sc->strategy.shards);
	if (sc->strategy.variables != NULL &&
	    (sc->strategy.partition == PART_ROUND_ROBIN ||
	    sc->strategy.partition == PART_BALANCED ||
	    sc->strategy.partition == PART_LARGEST) &&
	    sc->strategy.nvariables < sc->strategy.shards)
		err_at(c, "/strategy/variables", "%d variables cannot fill %d "
		    "shards", sc->strategy.nvariables, sc->strategy.shards);
}

/* What the fault model covers so far, and what each fault key needs. */
static void
check_faults(struct ctx *c, const struct scenario *sc,
    const struct given *g)
{
	const struct strategy_info *info = sc->strategy.info;
	int ps = info != NULL && info->family == FAMILY_PS;
	int allreduce = info != NULL && info->family == FAMILY_ALLREDUCE;

	if (!sc->faults.on)
		return;
	if (info != NULL && !(info->flags & R_FAULTS))
		err_at(c, "/faults", "preemptions are modelled for \"ps\" and "
		    "\"allreduce\", not yet for \"%s\"", info->name);
	if (sc->strategy.chunks > 1 && ps && (info->flags & R_FAULTS))
		err_at(c, "/faults", "preemptions are not modelled with "
		    "pipelined chunks (/strategy/chunks)");
	if (sc->cluster.gpus_per_host > 1)
		err_at(c, "/faults", "preemptions are not modelled on "
		    "multi-GPU hosts");
	if (sc->faults.servers.on && !ps)
		err_at(c, "/faults/servers", "only used with strategy \"ps\" "
		    "(all-reduce has no servers)");
	else if (sc->faults.servers.on && sc->strategy.sync == SYNC_SSP)
		err_at(c, "/faults/servers", "server failures are not modelled "
		    "with sync \"ssp\" yet");
	else if (sc->faults.servers.on && sc->faults.checkpoint_every == 0)
		err_at(c, "/faults/checkpoint", "missing; a server restores "
		    "its shard from the last checkpoint, so expected "
		    "{\"every\": STEPS}");
	if (sc->faults.on_notice && (sc->faults.notice_s == 0 || !allreduce))
		err_at(c, "/faults/checkpoint/on_notice", "a checkpoint on "
		    "notice needs /faults/notice and an all-reduce");
	if (sc->faults.elastic && (info == NULL || !(info->flags & R_ELASTIC)))
		err_at(c, "/faults/elastic", "elastic training is modelled for "
		    "algorithm %s only", registry_names_with(R_ELASTIC));
	else if (sc->faults.elastic && sc->faults.min_workers >
	    sc->placement.workers)
		err_at(c, "/faults/elastic/min_workers", "expected at most the "
		    "%d workers, got %d", sc->placement.workers,
		    sc->faults.min_workers);
	if (sc->faults.checkpoint_every == 0 && !g->checkpoint && allreduce &&
	    !sc->faults.elastic)
		err_at(c, "/faults/checkpoint", "missing; synchronous "
		    "all-reduce restarts from its last checkpoint, so expected "
		    "{\"every\": STEPS}");
}

/* A rough fault-free step: the compute and a push and a pull of the
 * gradient over one NIC (left out on a platform file, whose NICs are
 * not known yet). */
static double
step_estimate(const struct scenario *sc)
{
	double t = sc->model.compute_s > 0 ? sc->model.compute_s :
	    sc->model.compute_flops / sc->cluster.speed_flops;

	if (sc->cluster.nic_Bps > 0)
		t += 2 * scenario_wire_bytes(sc) / sc->cluster.nic_Bps;
	return t;
}

/* A job that goes back to its last checkpoint whenever a worker is lost
 * or its link fails (all-reduce, not elastic) or a server is (a PS's
 * dedicated servers; a job of run.steps, which must finish) gets a checkpoint cycle done only
 * between two losses, with its restart, the restore of its state from
 * the storage host and the save of the next (each at least the
 * checkpoint over one NIC) and, for a PS, its workers' pull of the
 * parameters as they join again: with hosts losing one every L on
 * average, a stretch of C takes about e^(C / L) tries, one fault each at
 * least.  More tries than psim draws faults, and the job cannot finish:
 * said now, not after every fault psim can draw has restarted it
 * (issue 38). */
static void
check_cycle(struct ctx *c, const struct scenario *sc, double step)
{
	const struct fault_spec *fw = scenario_faults_of(sc, FAULTS_OF_WORKERS);
	const struct fault_spec *fs = scenario_faults_of(sc, FAULTS_OF_SERVERS);
	const struct fault_spec *fl = scenario_faults_of(sc, FAULTS_OF_LINKS);
	int every = sc->faults.checkpoint_every, n = sc->placement.workers;
	int k = sc->placement.servers, steps = every > 0 &&
	    every < sc->run.steps ? every : sc->run.steps, links;
	double rw = 0, rs = 0, rl = 0, more = sc->faults.restart_s, cycle;
	double cycles, tries;
	char b1[32], b2[32], b3[32], b4[32], b5[32], p[64], who[160], nc[64];

	if (scenario_open_ended(sc) || sc->strategy.info == NULL || n < 1)
		return;
	/* the losses that send the job back: a rate each */
	if (fw->on && fw->source != FAULTS_TRACE && !sc->faults.elastic &&
	    sc->strategy.info->family == FAMILY_ALLREDUCE)
		rw = n / fault_mean_life(fw);
	if (fs->on && fs->source != FAULTS_TRACE && k > 0 &&
	    sc->strategy.info->family == FAMILY_PS)
		rs = k / fault_mean_life(fs);
	/* a worker's link down: the job recovers as from a preemption */
	if (fl->on && fl->source != FAULTS_TRACE && !sc->faults.elastic &&
	    sc->strategy.info->family == FAMILY_ALLREDUCE)
		rl = n / fault_mean_life(fl);
	if (!(rw + rs + rl > 0))
		return;
	if (sc->cluster.nic_Bps > 0)	/* a restore, a save, a PS's pull */
		more += (2 * sc->faults.ckpt_bytes + (rs > 0 ?
		    scenario_wire_bytes(sc) : 0)) / sc->cluster.nic_Bps;
	cycle = more + steps * step;
	tries = (rw + rs + rl) * cycle;			/* e^tries */
	cycles = ceil((double)sc->run.steps / steps);
	if (tries + log(cycles) <= log((double)FAULT_EVENTS_MAX))
		return;
	units_fmt_time(steps * step, b1, sizeof b1);
	units_fmt_time(1 / (rw + rs + rl), b2, sizeof b2);
	units_fmt_time(more, b5, sizeof b5);
	if (rw > 0)
		units_fmt_time(n / rw, b3, sizeof b3);
	if (rs > 0)
		units_fmt_time(k / rs, b4, sizeof b4);
	links = rl >= rw && rl >= rs;	/* the links lose the most */
	if (links) {
		units_fmt_time(n / rl, b3, sizeof b3);
		snprintf(who, sizeof who, "%d workers' links, each failing "
		    "every %s on average%s,", n, b3, rw > 0 ?
		    " (and the workers)" : "");
	} else if (rw > 0 && rs > 0)
		snprintf(who, sizeof who, "%d workers and %d servers, living "
		    "%s and %s on average,", n, k, b3, b4);
	else
		snprintf(who, sizeof who, "%d %s, each living %s on "
		    "average%s,", rw > 0 ? n : k, rw > 0 ? "workers" :
		    "servers", rw > 0 ? b3 : b4, rl > 0 ?
		    " (and their links)" : "");
	fw = links ? fl : rw >= rs ? fw : fs;
	snprintf(p, sizeof p, "/faults/%s/%s", links ? "links" :
	    rw >= rs ? "preemption" : "servers",
	    fw->source == FAULTS_WEIBULL ? "weibull/scale" : "mttp");
	snprintf(nc, sizeof nc, cycles > 1 ? ", and the job needs %.0f of "
	    "them" : "", cycles);
	err_at(c, p, "the job cannot finish: %d step%s between checkpoints "
	    "take%s about %s without faults and a restart with its restore at "
	    "least %s more, and its %s lose one every %s: a stretch that "
	    "long without a loss takes about e^%.0f tries%s, more than the %d "
	    "faults psim draws; expected more frequent checkpoints "
	    "(faults.checkpoint.every), shorter steps%s or a longer mean "
	    "lifetime", steps, steps == 1 ? "" : "s", steps == 1 ? "s" : "",
	    b1, b5, who, b2, tries, nc, FAULT_EVENTS_MAX,
	    sc->faults.restart_s > 0 ? ", a shorter restart" : "");
}

/* Each drawn fault process: hosts that live less than a fault-free step
 * on average cannot get the job's steps done (a synchronous step needs
 * them all up through it), and more faults over the run's first horizon
 * than psim can hold cannot be simulated. */
static void
check_fault_rates(struct ctx *c, const struct scenario *sc)
{
	static const char *const paths[] = { "/faults/preemption",
	    "/faults/servers", "/faults/links" };
	static const char *const whose[] = { "worker", "server",
	    "worker's link" };
	const struct fault_spec *fs;
	double step = step_estimate(sc), horizon, mean, n;
	char p[64];
	int k, slots;

	if (!sc->faults.on || errors_count(&c->errors) != 0)
		return;
	horizon = scenario_fault_horizon(sc);
	for (k = 0; k < 3; k++) {
		fs = scenario_faults_of(sc, (enum fault_of)k);
		if (!fs->on || fs->source == FAULTS_TRACE)
			continue;
		mean = fault_mean_life(fs);
		snprintf(p, sizeof p, "%s/%s", paths[k],
		    fs->source == FAULTS_WEIBULL ? "weibull/scale" : "mttp");
		slots = k == FAULTS_OF_SERVERS ? sc->placement.servers :
		    sc->placement.workers;
		n = fault_expected(fs, slots, horizon);
		if (mean < step)
			err_at(c, p, "the job cannot finish: a %s lives %.3g s "
			    "on average, less than a fault-free step (about "
			    "%.3g s); expected a longer mean lifetime",
			    whose[k], mean, step);
		else if (isfinite(horizon) && n > FAULT_EVENTS_MAX)
			err_at(c, p, "about %.3g faults of %d hosts in the "
			    "run's first %.3g s, more than the %d psim can "
			    "schedule; expected a longer mean lifetime, fewer "
			    "steps or a shorter run.duration", n, slots, horizon,
			    FAULT_EVENTS_MAX);
	}
	if (errors_count(&c->errors) == 0)
		check_cycle(c, sc, step);
}

/* A PS whose workers wait on each other's gradients (ssp, backup) without
 * faults: a worker that stops early would hold the others for ever. */
static int
workers_wait(const struct scenario *sc)
{
	enum sync_mode m = sc->strategy.sync;

	return sc->strategy.info != NULL &&
	    sc->strategy.info->family == FAMILY_PS && !sc->faults.on &&
	    (m == SYNC_SSP || m == SYNC_BACKUP);
}

/* run.duration and run.min_fault_events: the run ends by the clock
 * (worker.c's sim_past_end).  The workers of all-reduce and of a synchronous
 * PS end it together (in_time), an asynchronous PS's each by itself, and
 * with faults the servers at their next update; ssp's and backup's
 * workers wait on each other's gradients without faults, which a
 * worker that stops would hold for ever.  The numerics' serial check
 * replays the scenario's steps.  min_fault_events counts faults, which
 * it needs. */
static void
check_duration(struct ctx *c, const struct scenario *sc)
{
	const char *key = sc->run.duration_s > 0 ? "/run/duration" :
	    "/run/min_fault_events";
	enum sync_mode m = sc->strategy.sync;

	if (sc->run.min_fault_events > 0 && !sc->faults.on)
		err_at(c, "/run/min_fault_events", "expected faults "
		    "(faults.preemption, faults.servers or faults.links) to "
		    "count, got none");
	if (!scenario_open_ended(sc) || sc->strategy.info == NULL)
		return;
	if (workers_wait(sc))
		err_at(c, key, "expected sync or async with run.%s and no "
		    "faults, got %s (give run.steps instead)", key + 5,
		    scenario_sync_name(m));
	else if (sc->numerics.mode != NUM_OFF)
		err_at(c, key, "expected numerics off with run.%s, got "
		    "numerics.mode %s (give run.steps instead)", key + 5,
		    scenario_numerics_name(sc->numerics.mode));
}

/* backup: fewer gradients dropped than there are workers. */
static void
check_sync(struct ctx *c, const struct scenario *sc)
{
	if (sc->strategy.sync == SYNC_BACKUP &&
	    sc->strategy.backup >= sc->placement.workers)
		err_at(c, "/strategy/backup_workers", "expected fewer backup "
		    "workers than the %d workers, got %d",
		    sc->placement.workers, sc->strategy.backup);
}

/* A target loss needs real gradients; real gradients need memory; a
 * worker's batch is drawn from the training set, so it fits in it. */
static void
check_numerics(struct ctx *c, const struct scenario *sc)
{
	const struct nn *m = &sc->numerics.model;
	const char *what;
	double mem, have;

	if (sc->run.stop_at_target && !(sc->run.target_loss > 0))
		err_at(c, "/run/stop_at_target", "expected run.target_loss to "
		    "stop at, got none");
	else if (sc->run.stop_at_target && workers_wait(sc))
		err_at(c, "/run/stop_at_target", "expected sync or async, or "
		    "faults, got %s without faults (its workers wait on each "
		    "other's gradients, which a worker that stops would hold "
		    "for ever)", scenario_sync_name(sc->strategy.sync));
	if (sc->run.target_loss > 0 && sc->numerics.mode == NUM_OFF)
		err_at(c, "/run/target_loss", "a loss needs real gradients: "
		    "add /numerics (mode \"proxy\" or \"real\")");
	if (sc->numerics.mode != NUM_OFF &&
	    sc->model.batch > (double)sc->numerics.samples)
		err_at(c, "/model/batch", "with /numerics each worker's batch "
		    "is drawn from the %ld training samples, so expected at "
		    "most %ld, got %.0f", sc->numerics.samples,
		    sc->numerics.samples, sc->model.batch);
	/* a parameter vector, its gradient and momentum per worker and for
	 * the servers, about as much again in flight, and the data */
	mem = 4.0 * (double)m->params * (6.0 * sc->placement.workers + 4) +
	    4.0 * (double)(sc->numerics.samples + sc->numerics.test_samples) *
	    (m->features + 1);
	have = xmemory_allowed(&what);
	if (sc->numerics.mode != NUM_OFF && mem <= sc->numerics.max_memory &&
	    have > 0 && mem > have)
		err_at(c, "/numerics", "the %ld parameters of the %s model on "
		    "%d workers and its data (/numerics/features, hidden, "
		    "samples, test_samples) need about %.3g GB; %s %.3g GB",
		    m->params, nn_kind_name(m->kind), sc->placement.workers,
		    mem / 1e9, what, have / 1e9);
	if (sc->numerics.mode != NUM_OFF && mem > sc->numerics.max_memory)
		err_at(c, "/numerics/max_memory", "the %ld parameters of the "
		    "%s model on %d workers and its data need about %.3g GB, "
		    "over the limit of %.3g GB; use a smaller model (mode "
		    "\"proxy\" trains a small one while the wire carries "
		    "/model/params) or raise /numerics/max_memory", m->params,
		    nn_kind_name(m->kind), sc->placement.workers, mem / 1e9,
		    sc->numerics.max_memory / 1e9);
}

/* The workers' grid and the hosts the placement names: one name per
 * worker and per server, no host both. */
static void
check_placement(struct ctx *c, const struct scenario *sc,
    const struct given *g)
{
	const struct strategy_info *info = sc->strategy.info;
	long cells = (long)sc->strategy.grid_rows * sc->strategy.grid_cols;
	int i, j;

	if (sc->strategy.grid_rows > 0 && cells != sc->placement.workers)
		err_at(c, "/strategy/grid", "a %d x %d grid holds %ld workers, "
		    "but there are %d", sc->strategy.grid_rows,
		    sc->strategy.grid_cols, cells, sc->placement.workers);
	if (g->nworker_hosts != 0 &&
	    g->nworker_hosts != sc->placement.workers)
		err_at(c, "/placement/worker_hosts", "expected %d host names "
		    "(one per worker), got %d", sc->placement.workers,
		    g->nworker_hosts);
	if (g->nserver_hosts != 0 && info != NULL &&
	    info->family == FAMILY_PS &&
	    g->nserver_hosts != sc->placement.servers)
		err_at(c, "/placement/server_hosts", "expected %d host names "
		    "(one per server), got %d", sc->placement.servers,
		    g->nserver_hosts);
	if (sc->placement.worker_hosts == NULL ||
	    sc->placement.server_hosts == NULL)
		return;
	for (i = 0; i < g->nserver_hosts; i++) {
		for (j = 0; j < g->nworker_hosts; j++) {
			if (strcmp(sc->placement.server_hosts[i],
			    sc->placement.worker_hosts[j]) == 0)
				err_at(c, "/placement/server_hosts", "host "
				    "\"%s\" is also a worker; use "
				    "\"colocate\": true in /strategy to put "
				    "shards on workers",
				    sc->placement.server_hosts[i]);
		}
	}
}

/* A generated cluster's hosts hold the workers, the servers and the
 * checkpoint storage; a multi-GPU cluster's machines hold the workers
 * (its servers get CPU-only hosts of their own). */
static void
check_hosts(struct ctx *c, const struct scenario *sc, const struct given *g)
{
	int gpus = sc->cluster.gpus_per_host, need;

	if (sc->cluster.topology == TOPO_PLATFORM)
		return;
	/* with faults, one more: the checkpoint storage */
	need = sc->placement.workers + sc->placement.servers +
	    (sc->faults.on ? 1 : 0);
	if (g->hosts && (long)sc->cluster.hosts * gpus <
	    sc->placement.workers && gpus > 1)
		err_at(c, "/cluster/hosts", "%d hosts of %d GPUs cannot hold "
		    "%d workers", sc->cluster.hosts, gpus,
		    sc->placement.workers);
	else if (g->hosts && gpus == 1 && sc->cluster.hosts < need)
		err_at(c, "/cluster/hosts", "%d hosts cannot hold %d workers "
		    "and %d servers%s", sc->cluster.hosts,
		    sc->placement.workers, sc->placement.servers,
		    sc->faults.on ? " and the checkpoint storage" : "");
	if (sc->cluster.topology == TOPO_TWO_TIER &&
	    sc->cluster.racks > sc->cluster.hosts)
		err_at(c, "/cluster/racks", "expected at most one rack per "
		    "host (%d), got %d", sc->cluster.hosts, sc->cluster.racks);
}

/* A generated platform's routes: SimGrid holds one between each two
 * groups (racks, or multi-GPU machines), about 50 us each to load; at
 * most PLATFORM_MAX_ROUTES.  (Its memory, about 4 KB a host, is the
 * engine's to check, with the actors': run_fits_memory.) */
static void
check_platform_size(struct ctx *c, const struct scenario *sc)
{
	double groups, routes;
	int racks = sc->cluster.topology == TOPO_TWO_TIER;

	if (sc->cluster.topology == TOPO_PLATFORM || sc->cluster.hosts < 1 ||
	    (racks && sc->cluster.racks > sc->cluster.hosts))
		return;
	groups = cluster_zone_groups(sc);
	routes = groups * (groups - 1);
	if (routes > PLATFORM_MAX_ROUTES)
		err_at(c, racks ? "/cluster/racks" : "/cluster/hosts", "%.0f "
		    "%s make %.0f routes between them, which SimGrid would "
		    "take minutes to load; at most %.0f (%s)", groups, racks ?
		    "racks" : sc->cluster.machine != NULL ? "PCIe switches "
		    "and dedicated servers" : "machines", routes,
		    PLATFORM_MAX_ROUTES, racks ? "1000 racks" :
		    "1000 machines (or their PCIe switches with "
		    "cluster.machine) and dedicated servers");
}

/* What a valid value costs in wall-clock time, said (a note, not an
 * error) where it is minutes: measured on this project's 2-core machine,
 * bench/RESULTS.md "What a value costs".  A synchronous PS's pushes of a
 * step go at once, and SimGrid's work grows with the square of the comms
 * one actor holds (HACKING.md, SimGrid pitfalls): each of n workers
 * posts k pushes at once, each of a shard's receivers takes up to 64
 * workers' (the engine's PS_RECEIVER_WORKERS), so a step costs about
 * n k^2 + k ceil(n / 64) min(n, 64)^2 times COST_PS_COMMS2 (0.5 s a step
 * with 10 workers and 400 shards, 3 s with 1,000 shards; 0.8 s with
 * 4,096 workers and 8 shards, 4.6 s with 16,384).  With numerics
 * an mlp's hidden units pass every sample of the teacher's data and of
 * each test loss through tanh (about 120 ns a unit and sample: 20 s for
 * the data and 3 test losses at 2,000 units, 313 s at 32,000). */
#define COST_PS_COMMS2	3e-7		/* s a step per (an actor's comms)^2,
					   summed over the actors */
#define COST_PS_GROUP	64		/* workers a receiver takes */
#define COST_ALL_PAIRS	4.7e-7		/* s a step per workers^3, every
					   worker to every other at once */
#define COST_TANH	1.2e-7		/* s per hidden unit and sample */
#define COST_TEST	4.8e-8		/* s per hidden unit and test sample,
					   at a test loss */
#define COST_GRAD	3.8e-8		/* s per hidden unit and batch sample,
					   a gradient (straggler-ssp-ps, 20
					   steps of 8 workers at batch 8192:
					   1.57 s more than at 32) */
#define COST_STEP_SAY	10		/* s a simulated step: said */
#define COST_SAY	30		/* s in all: said */

static void
check_cost(struct ctx *c, const struct scenario *sc)
{
	const struct nn *m = &sc->numerics.model;
	double flows, t, n, k, group;
	long losses;
	int h;
	char w[32];

	if (errors_count(&c->errors) != 0)
		return;		/* a word on cost is for a valid scenario */
	/* (a step that fast-forwards costs nothing: a step's cost; an
	 * asynchronous PS's pushes do not go at once) */
	if (sc->strategy.info->family == FAMILY_PS &&
	    sc->strategy.sync == SYNC_SYNC) {
		n = scenario_ps_members(sc);
		k = sc->strategy.shards;
		group = n < COST_PS_GROUP ? n : COST_PS_GROUP;
		t = COST_PS_COMMS2 * (n * k * k + k * ceil(n / COST_PS_GROUP) *
		    group * group);
		units_fmt_time(t, w, sizeof w);
		if (t > COST_STEP_SAY)
			note_at(c, "/strategy/shards", "%d shards and %.0f "
			    "workers push %.0f messages at once each step, and "
			    "SimGrid's work grows with the square of the "
			    "messages one actor holds: about %s of wall clock "
			    "a step simulated (0.5 s with 10 workers and 400 "
			    "shards)", sc->strategy.shards, n, n * k, w);
	}
	if ((sc->strategy.info->flags & R_ALL_PAIRS) &&
	    !scenario_all_pairs_symmetric(sc)) {
		flows = sc->placement.workers;
		t = COST_ALL_PAIRS * flows * flows * flows;
		units_fmt_time(t, w, sizeof w);
		if (t > COST_STEP_SAY)
			note_at(c, "/placement/workers", "%d workers each send "
			    "to all %d others at once each step, and SimGrid's "
			    "work grows with the workers' cube: about %s of "
			    "wall clock a step simulated (30 s at 400)",
			    sc->placement.workers, sc->placement.workers - 1,
			    w);
	}
	if (sc->numerics.mode == NUM_OFF || m->kind != NN_MLP)
		return;
	h = m->hidden[0] + m->hidden[1];
	/* the teacher's data before the first step, and the test samples
	 * again at each test loss: every loss_every steps, and every step
	 * until run.target_loss is reached (a run of fixed steps: an
	 * open-ended run's steps are not known here, its losses not
	 * counted) */
	losses = scenario_open_ended(sc) ? 0 : sc->run.target_loss > 0 ?
	    sc->run.steps : sc->run.steps / sc->numerics.loss_every;
	t = COST_TANH * h * ((double)sc->numerics.samples +
	    (double)sc->numerics.test_samples) +
	    COST_TEST * h * (double)sc->numerics.test_samples * losses;
	units_fmt_time(t, w, sizeof w);
	if (t > COST_SAY)
		note_at(c, "/numerics/hidden", "%d hidden units take each of "
		    "the %ld samples and %ld test samples through tanh, and "
		    "the test samples again at each of %ld test losses: about "
		    "%s of wall clock", h, sc->numerics.samples,
		    sc->numerics.test_samples, losses, w);
	/* each worker's gradient on its batch every step, and a
	 * synchronous run's serial SGD again after it (numerics_finish) */
	t = COST_GRAD * h * sc->model.batch * sc->placement.workers *
	    (scenario_open_ended(sc) ? 0 : sc->run.steps) *
	    (sc->strategy.sync == SYNC_SYNC && !sc->faults.elastic ? 2 : 1);
	units_fmt_time(t, w, sizeof w);
	if (t > COST_SAY)
		note_at(c, "/model/batch", "%d workers each take a batch of "
		    "%.0f samples through %d hidden units every step, %d "
		    "steps%s: about %s of wall clock", sc->placement.workers,
		    sc->model.batch, h, sc->run.steps,
		    sc->strategy.sync == SYNC_SYNC && !sc->faults.elastic ?
		    ", and serial SGD takes them again after the run" : "", w);
}

void
scenario_check(struct ctx *c, const struct scenario *sc,
    const struct given *g)
{
	check_model(c, sc, g);
	check_local_reduce(c, sc);
	check_ps_buckets(c, sc);
	check_pull(c, sc);
	check_compute(c, sc);
	check_servers(c, sc, g);
	check_faults(c, sc, g);
	check_fault_rates(c, sc);
	check_sync(c, sc);
	check_duration(c, sc);
	check_numerics(c, sc);
	check_placement(c, sc, g);
	check_hosts(c, sc, g);
	check_platform_size(c, sc);
	check_cost(c, sc);
}
