/* unit-summary.c: summary_results() on records and ledgers built by hand:
 * step statistics (lock step and each worker's own), where a step's time
 * goes, goodput and its steady state, the protocol's counts, the cost,
 * each host's traffic and NIC utilization, the links that carried bytes
 * (busiest first), the bottleneck, and that the hosts' bytes add up.
 * Every expected figure is worked out in the comments from the numbers
 * the case is built of, not by psim's code.  Links without SimGrid
 * (Makefile.am): summary.c is a pure module. */
#include "config.h"

#include <stdlib.h>

#include "results.h"
#include "scenario.h"
#include "scenario-fixture.h"
#include "summary.h"
#include "tap.h"
#include "xmalloc.h"

/* Worker w's record of step s: began, compute done, step done. */
static void
rec(double *t, int n, int s, int w, double start, double compute,
    double end)
{
	size_t i = (size_t)s * (size_t)n + (size_t)w;

	t[3 * i] = start;
	t[3 * i + 1] = compute;
	t[3 * i + 2] = end;
}

/* The three columns of rec()'s rows into the summary's arrays. */
static void
columns(struct summary_in *in, const double *t, double *buf)
{
	size_t cells = (size_t)in->steps * (size_t)in->nworkers, i;

	for (i = 0; i < cells; i++) {
		buf[i] = t[3 * i];
		buf[cells + i] = t[3 * i + 1];
		buf[2 * cells + i] = t[3 * i + 2];
	}
	in->t_start = buf;
	in->t_compute = buf + cells;
	in->t_end = buf + 2 * cells;
}

static struct summary_host
host(const char *name, int worker, int server, int shards, double sent,
    double received, int up, int down)
{
	struct summary_host h = { name, worker, server, 0, shards, -1, sent,
	    received, up, down };

	return h;
}

static struct summary_link
link_(const char *name, double bytes, double Bps, int remote)
{
	struct summary_link l = { name, bytes, Bps, remote };

	return l;
}

/* A sync PS: workers 0 and 1 (host-0, host-1), shard 0 on server 0
 * (host-2); 3 steps, the first a warm-up.
 *   step 0: both 0..1 compute, ..2 done              (warm-up)
 *   step 1: w0 2..3 compute, w1 2..3.5; both done 4.5
 *   step 2: both 4.5..5.5 compute, done 7.5
 * Step times (after the warm-up): 4.5 - 2 = 2.5 and 7.5 - 4.5 = 3:
 * mean 2.75, p50 2.5 (rank ceil(0.5 * 2) = 1), p95 3 (rank 2), max 3.
 * Per worker and measured step (4 cells):
 *   compute 1, 1.5, 1, 1: mean 1.125
 *   wait for the slowest compute (3.5): w0 0.5 in step 1: mean 0.125
 *   exposed = end - compute end - wait: 1, 1, 2, 2: mean 1.5 = comm.
 * Each step each worker pushes 100 B to the server and pulls 100 B:
 * a worker sends and receives 300 B, the server 600 B each way; the
 * server also moved 50 B to itself over its loopback. */
static void
sync_ps(void)
{
	const char *sets[] = { "strategy.shards=1", "placement.workers=2",
	    "run.steps=3", "run.warmup=1" };
	struct scenario *sc = seed(sets, 4);
	double t[3 * 6] = { 0 }, buf[3 * 6], busy[6];
	struct summary_host hosts[3];
	struct summary_link links[8];
	struct summary_in in = { .sc = sc, .nworkers = 2, .steps = 3,
	    .ahead = -1, .nhosts = 3, .hosts = hosts, .nlinks = 8,
	    .links = links, .messages = 12 };
	struct analytic a = { .step_time_s = 2.5 };
	struct results *r;
	int i;

	rec(t, 2, 0, 0, 0, 1, 2);
	rec(t, 2, 0, 1, 0, 1, 2);
	rec(t, 2, 1, 0, 2, 3, 4.5);
	rec(t, 2, 1, 1, 2, 3.5, 4.5);
	rec(t, 2, 2, 0, 4.5, 5.5, 7.5);
	rec(t, 2, 2, 1, 4.5, 5.5, 7.5);
	columns(&in, t, buf);
	hosts[0] = host("host-0", 0, -1, 0, 300, 300, 0, 1);
	hosts[1] = host("host-1", 1, -1, 0, 300, 300, 2, 3);
	hosts[2] = host("host-2", -1, 0, 1, 600, 600, 4, 5);
	links[0] = link_("host-0_UP", 300, 100, 1);
	links[1] = link_("host-0_DOWN", 300, 100, 1);
	links[2] = link_("host-1_UP", 300, 100, 1);
	links[3] = link_("host-1_DOWN", 300, 100, 1);
	links[4] = link_("host-2_UP", 600, 100, 1);
	links[5] = link_("host-2_DOWN", 600, 100, 1);
	links[6] = link_("host-2_loopback", 50, 1000, 0);
	links[7] = link_("host-3_UP", 0, 100, 0);
	/* 3 an hour a worker, 2 a server, 1.5 a machine's NIC */
	sc->cluster.priced = 1;
	sc->cluster.price_worker = 3;
	sc->cluster.price_server = 2;
	sc->cluster.price_nic = 1.5;

	r = summary_results(&in, &a, 0.25);
	tap_ok(r->steps == 3 && r->measured == 2 && r->timed == 2,
	    "sync: 3 steps, 2 measured, 2 timed");
	tap_near(r->step_mean_s, 2.75, 1e-12, "sync: mean step 2.75 s");
	tap_near(r->step_p50_s, 2.5, 1e-12, "sync: median step 2.5 s");
	tap_near(r->step_p95_s, 3, 1e-12, "sync: p95 step 3 s");
	tap_near(r->step_max_s, 3, 1e-12, "sync: max step 3 s");
	tap_near(r->simulated_s, 7.5, 1e-12, "sync: 7.5 simulated s");
	tap_near(r->compute_s, 1.125, 1e-12, "sync: compute 1.125 s");
	tap_near(r->wait_s, 0.125, 1e-12, "sync: waiting 0.125 s");
	tap_near(r->exposed_s, 1.5, 1e-12, "sync: exposed 1.5 s");
	tap_near(r->communication_s, 1.5, 1e-12, "sync: communication 1.5 s");
	tap_ok(r->overlap_ratio == 0, "sync: no overlap without buckets");
	/* 4 cells over 2 steps, 32 samples each, a step of 2.75 s */
	tap_near(r->throughput_samples_per_s, 2.0 * 32 / 2.75, 1e-12,
	    "sync: throughput 2 x 32 samples per 2.75 s");
	/* 3 steps in 7.5 s; the steady window opens at the warm-up's end
	 * (2 s, past 10% of 7.5 s): 2 steps in 5.5 s */
	tap_near(r->goodput_steps_per_s, 0.4, 1e-12, "sync: goodput 3/7.5");
	tap_near(r->goodput_steady_steps_per_s, 2 / 5.5, 1e-12,
	    "sync: steady goodput 2/5.5");
	tap_ok(!r->protocol.present && r->protocol.applied == 3 &&
	    r->protocol.max_ahead == -1, "sync: 3 updates, no protocol block");
	tap_near(r->protocol.updates_per_s, 1 / 2.75, 1e-12,
	    "sync: an update a step");
	/* 2 workers and a server for 7.5 s: 15 and 7.5 host-seconds;
	 * 15 x 3 + 7.5 x 2 + (15 + 7.5) x 1.5 = 93.75 per 3600 */
	tap_ok(r->cost.present, "sync: priced");
	tap_near(r->cost.worker_h, 15.0 / 3600, 1e-12, "sync: worker hours");
	tap_near(r->cost.server_h, 7.5 / 3600, 1e-12, "sync: server hours");
	tap_ok(r->cost.storage_h == 0, "sync: no storage without faults");
	tap_near(r->cost.total, 93.75 / 3600, 1e-12, "sync: cost");
	tap_near(r->cost.per_1000_steps, 1000 * 93.75 / 3600 / 3, 1e-12,
	    "sync: cost per 1000 steps");
	/* conservation: what the hosts sent is what they received */
	tap_near(r->total_sent, 1200, 1e-12, "sync: 1200 B sent in all");
	tap_near(r->total_received, r->total_sent, 1e-12,
	    "sync: bytes sent = bytes received");
	tap_ok(r->nhosts == 3 && r->hosts[2].server == 0 &&
	    r->hosts[2].shards == 1 && r->hosts[0].worker == 0 &&
	    r->hosts[2].group == -1, "sync: the hosts' roles");
	/* NIC utilization: bytes / (100 B/s x 7.5 s) */
	tap_near(r->hosts[0].nic_utilization, 0.4, 1e-12,
	    "sync: a worker's NIC 40% busy");
	tap_near(r->hosts[2].nic_utilization, 0.8, 1e-12,
	    "sync: the server's NIC 80% busy");
	tap_ok(r->hosts[2].nic_Bps == 100, "sync: the NIC's bandwidth");
	/* the 7 links that carried bytes, busiest first, ties by name */
	tap_ok(r->nlinks == 7, "sync: 7 links carried bytes");
	tap_str(r->links[0].name, "host-2_DOWN", "sync: busiest link");
	tap_str(r->links[1].name, "host-2_UP", "sync: second link");
	tap_str(r->links[2].name, "host-0_DOWN", "sync: third link");
	tap_str(r->links[6].name, "host-2_loopback", "sync: loopback last");
	tap_near(r->links[0].utilization, 0.8, 1e-12,
	    "sync: busiest link 80%");
	tap_near(r->links[6].utilization, 50 / 7500.0, 1e-12,
	    "sync: loopback 50 B of 7500");
	tap_ok(r->links[0].host == 2 && r->links[0].up == 0 &&
	    r->links[1].host == 2 && r->links[1].up == 1,
	    "sync: the server's NIC, each direction");
	tap_ok(r->links[6].host == -2, "sync: the loopback is no network");
	/* comm (1.625 of a 2.75 s step) over 10%: the busiest link, the
	 * server's NIC */
	tap_ok(r->bottleneck.kind == BN_SERVER_NIC && r->bottleneck.link == 0,
	    "sync: the bottleneck is the server's NIC");
	tap_near(r->bottleneck.utilization, 0.8, 1e-12,
	    "sync: at 80% utilization");
	/* busiest worker: host-0 (the first of two alike), 100 B a step
	 * each way within 1.125 s of compute */
	tap_ok(r->worker.present && r->worker.host == 0, "sync: busiest "
	    "worker host-0");
	tap_near(r->worker.required_gbps, 100 * 8 / 1.125 / 1e9, 1e-12,
	    "sync: a worker needs 100 B per 1.125 s");
	tap_ok(r->server.present && r->server.host == 2 &&
	    r->server.bytes_sent_per_step == 200, "sync: the server moves "
	    "200 B a step");
	tap_ok(r->messages == 12 && r->wall_s == 0.25 &&
	    r->analytic.step_time_s == 2.5, "sync: messages, wall, closed form");
	results_free(r);

	/* Gradient buckets: the comm actor busy 1.8 s a step, of which 1.5
	 * was exposed: 1 - 1.5/1.8 of it hidden. */
	for (i = 0; i < 6; i++)
		busy[i] = 1.8;
	in.busy = busy;
	r = summary_results(&in, &a, 0);
	tap_near(r->communication_s, 1.8, 1e-12, "buckets: communication "
	    "is the comm actor's");
	tap_near(r->overlap_ratio, 1 - 1.5 / 1.8, 1e-12,
	    "buckets: overlap 1 - exposed/communication");
	results_free(r);
	scenario_free(sc);
}

/* An async PS, 2 workers, 2 steps each, no warm-up:
 *   w0: 0..1 compute ..2; 2..3 ..4        (step times 2, 2)
 *   w1: 0..1 compute ..3; 3..4 ..6        (3, 3)
 * 4 steps done by 6 s: mean 2.5, p50 2, p95 3, max 3; compute 1,
 * communication (1 + 1 + 2 + 2)/4 = 1.5, all exposed.  Updates at 2, 3,
 * 4 and 6 s: 4/6 a second, goodput a half of that (a step is both
 * workers' gradients).  Staleness 0 once, 1 twice, 2 once: mean 1,
 * p95 2 (the 4th of 4). */
static void
async_ps(void)
{
	const char *sets[] = { "strategy.shards=1", "placement.workers=2",
	    "run.steps=2", "run.warmup=0", "strategy.sync=async" };
	struct scenario *sc = seed(sets, 5);
	double t[3 * 4] = { 0 }, buf[3 * 4], upd[] = { 2, 3, 4, 6 };
	long hist[] = { 1, 2, 1, 0 };
	struct summary_in in = { .sc = sc, .nworkers = 2, .steps = 2,
	    .applied = 4, .update_t = upd, .stale_hist = hist,
	    .stale_bins = 4, .stale_count = 4, .stale_max = 2,
	    .stale_sum = 4, .dropped = 0.5, .ahead = 1 };
	struct analytic a = { 0 };
	struct results *r;

	rec(t, 2, 0, 0, 0, 1, 2);
	rec(t, 2, 0, 1, 0, 1, 3);
	rec(t, 2, 1, 0, 2, 3, 4);
	rec(t, 2, 1, 1, 3, 4, 6);
	columns(&in, t, buf);
	r = summary_results(&in, &a, 0);
	tap_ok(r->timed == 4, "async: 4 worker-steps timed");
	tap_near(r->simulated_s, 6, 1e-12, "async: 6 simulated s");
	tap_near(r->step_mean_s, 2.5, 1e-12, "async: mean step 2.5 s");
	tap_near(r->step_p50_s, 2, 1e-12, "async: median 2 s");
	tap_near(r->step_p95_s, 3, 1e-12, "async: p95 3 s");
	tap_near(r->compute_s, 1, 1e-12, "async: compute 1 s");
	tap_near(r->communication_s, 1.5, 1e-12, "async: communication 1.5 s");
	tap_near(r->exposed_s, 1.5, 1e-12, "async: all of it exposed");
	tap_near(r->throughput_samples_per_s, 4.0 * 32 / 6, 1e-12,
	    "async: 4 x 32 samples in 6 s");
	tap_ok(r->protocol.present && r->protocol.applied == 4 &&
	    r->protocol.max_ahead == 1, "async: 4 updates, 1 clock ahead");
	tap_near(r->protocol.updates_per_s, 4.0 / 6, 1e-12,
	    "async: 4 updates in 6 s");
	tap_near(r->protocol.stale_mean, 1, 1e-12, "async: staleness 1");
	tap_ok(r->protocol.stale_p95 == 2 && r->protocol.stale_max == 2 &&
	    r->protocol.stale_bins == 3 && r->protocol.stale_hist[1] == 2,
	    "async: staleness p95 2, max 2, 3 bins");
	tap_ok(r->protocol.dropped == 0.5, "async: dropped gradients");
	tap_near(r->goodput_steps_per_s, 4.0 / 6 / 2, 1e-12,
	    "async: goodput, a step per 2 updates");
	/* the window: from the first update past 0.6 s (at 2 s) to the
	 * last (6 s): 3 updates in 4 s against 4 in 6 */
	tap_near(r->goodput_steady_steps_per_s, 1.0 / 3 * (3.0 / 4) /
	    (4.0 / 6), 1e-12, "async: steady goodput");
	/* no link carried bytes: the compute is what there is */
	tap_ok(r->nlinks == 0 && r->bottleneck.kind == BN_COMPUTE &&
	    r->bottleneck.link == -1, "async: no links, the compute binds");
	tap_near(r->bottleneck.utilization, 1 / 2.5, 1e-12,
	    "async: compute 1 of a 2.5 s step");
	results_free(r);
	scenario_free(sc);
}

/* A ring of 2 with faults that never got its 3 steps: steps 0 and 1
 * (0..1..2, 2..3..4), step 2 never run.  The workers were up 1.5 h
 * between them, the run ended at 2 h with the storage up throughout:
 * 1.5 x 2 + 2 x 1 + (1.5 + 2) x 0.5 = 6.75; no cost per 1000 steps and
 * no goodput, the job having given up. */
static void
faulted_ring(void)
{
	const char *sets[] = { "strategy={\"name\":\"allreduce\","
	    "\"algorithm\":\"ring\"}", "placement.workers=2", "run.steps=3",
	    "run.warmup=0" };
	struct scenario *sc = seed(sets, 4);
	double t[3 * 6] = { 0 }, buf[3 * 6];
	struct summary_in in = { .sc = sc, .nworkers = 2, .steps = 3,
	    .ahead = -1 };
	struct analytic a = { 0 };
	struct results *r;

	rec(t, 2, 0, 0, 0, 1, 2);
	rec(t, 2, 0, 1, 0, 1, 2);
	rec(t, 2, 1, 0, 2, 3, 4);
	rec(t, 2, 1, 1, 2, 3, 4);
	columns(&in, t, buf);
	sc->faults.on = 1;
	in.fstats.preemptions = 1;
	in.fstats.done_s = -1;
	in.fstats.end_s = 7200;
	in.fstats.worker_up_s = 5400;
	sc->cluster.priced = 1;
	sc->cluster.price_worker = 2;
	sc->cluster.price_storage = 1;
	sc->cluster.price_nic = 0.5;
	r = summary_results(&in, &a, 0);
	tap_ok(r->timed == 2 && r->steps == 3, "faults: 2 of 3 steps timed");
	tap_near(r->simulated_s, 4, 1e-12, "faults: the last step ended at 4");
	tap_near(r->step_mean_s, 2, 1e-12, "faults: mean step 2 s");
	tap_ok(r->faults && r->fstats.preemptions == 1, "faults: counted");
	tap_ok(r->goodput_steps_per_s == 0 &&
	    r->goodput_steady_steps_per_s == 0, "faults: no goodput");
	tap_near(r->cost.worker_h, 1.5, 1e-12, "faults: 1.5 worker hours");
	tap_near(r->cost.storage_h, 2, 1e-12, "faults: 2 storage hours");
	tap_near(r->cost.total, 6.75, 1e-12, "faults: cost 6.75");
	tap_ok(r->cost.per_1000_steps == -1, "faults: no cost per step");
	results_free(r);
	scenario_free(sc);
}

/* Two machines of 2 GPUs, a ring: each GPU's link is its NIC as psim
 * sees it (its first link out); machine 1's NIC, which its GPUs share,
 * carried the most. */
static void
multi_gpu(void)
{
	const char *sets[] = { "strategy={\"name\":\"allreduce\","
	    "\"algorithm\":\"ring\"}", "placement.workers=4", "run.steps=1",
	    "run.warmup=0" };
	struct scenario *sc = seed(sets, 4);
	double t[3 * 4] = { 0 }, buf[3 * 4];
	struct summary_host hosts[4];
	struct summary_link links[5];
	struct summary_in in = { .sc = sc, .nworkers = 4, .steps = 1,
	    .ahead = -1, .nhosts = 4, .hosts = hosts, .nlinks = 5,
	    .links = links };
	struct analytic a = { 0 };
	struct results *r;
	int w;

	for (w = 0; w < 4; w++)
		rec(t, 4, 0, w, 0, 1, 3);
	columns(&in, t, buf);
	sc->cluster.gpus_per_host = 2;
	sc->cluster.hosts = 2;
	hosts[0] = host("host-0-gpu-0", 0, -1, 0, 10, 10, 0, 0);
	hosts[1] = host("host-0-gpu-1", 1, -1, 0, 10, 10, 1, 1);
	hosts[2] = host("host-1-gpu-0", 2, -1, 0, 10, 10, 2, 2);
	hosts[3] = host("host-1-gpu-1", 3, -1, 0, 10, 10, -1, -1);
	for (w = 0; w < 4; w++)
		hosts[w].group = w / 2;
	links[0] = link_("host-0-gpu-0", 20, 1000, 1);
	links[1] = link_("host-0-gpu-1", 20, 1000, 1);
	links[2] = link_("host-1-gpu-0", 20, 1000, 1);
	links[3] = link_("host-1-nic_DOWN", 30, 10, 1);
	links[4] = link_("host-0-nic_UP", 0, 10, 1);
	r = summary_results(&in, &a, 0);
	tap_ok(r->hosts[2].group == 1 && r->hosts[1].group == 0,
	    "multi-GPU: each GPU's machine");
	tap_ok(r->nlinks == 4, "multi-GPU: 4 links carried bytes");
	tap_str(r->links[0].name, "host-1-nic_DOWN", "multi-GPU: the "
	    "machine's NIC is the busiest (30 B of 10 B/s x 3 s)");
	tap_near(r->links[0].utilization, 1, 1e-12, "multi-GPU: 100% busy");
	tap_ok(r->links[0].host == -1 && r->links[0].group == 1 &&
	    r->links[0].up == 0, "multi-GPU: machine 1's NIC, receiving");
	tap_str(r->links[0].group_name, "host-1", "multi-GPU: its machine");
	tap_ok(r->links[1].group == -1 && r->links[1].host == 0,
	    "multi-GPU: a GPU's link is its own");
	tap_ok(r->bottleneck.kind == BN_WORKER_NIC && r->bottleneck.gpus == 2,
	    "multi-GPU: the workers' machine NIC binds, 2 GPUs on it");
	tap_near(r->total_sent, 40, 1e-12, "multi-GPU: 4 x 10 B sent");
	results_free(r);
	scenario_free(sc);
}

int
main(void)
{
	sync_ps();
	async_ps();
	faulted_ring();
	multi_gpu();
	return tap_done();
}
