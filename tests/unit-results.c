/* unit-results.c: results_summarize() on results built by hand: the
 * links' order, the busiest worker and server, and the bottleneck's kind,
 * link and utilization.  Every expected figure is worked out here, from
 * the numbers the case is built of, not by psim's code.  Links without
 * SimGrid (Makefile.am): results.c is a pure module. */
#include "config.h"

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "results.h"
#include "tap.h"
#include "xmalloc.h"

#include "results-fixture.h"

static void
storage(struct results *r, const char *name, double sent, double received)
{
	int i = host(r, name, -1, -1, 0, -1, sent, received);

	r->hosts[i].storage = 1;
}

/* A link with a given utilization (for the ordering). */
static void
link_util(struct results *r, const char *name, double utilization)
{
	link_of(r, name, 1e9, 1.25e9, -1, 0, -1);
	r->links[r->nlinks - 1].utilization = utilization;
}

/* The Gbps a host needs to move its busier direction within the
 * compute, as the reports define it. */
static double
need_gbps(double bytes_per_step, double compute_s)
{
	return bytes_per_step * 8 / compute_s / 1e9;
}

static void
check_kind(const struct results *r, enum bottleneck_kind want,
    const char *what)
{
	static const char *const names[] = { "compute", "latency",
	    "intra-host", "worker-nic", "server-nic", "switch" };
	char name[160];

	snprintf(name, sizeof name, "%s: the bottleneck is %s", what,
	    names[want]);
	tap_ok(r->bottleneck.kind == want, name);
	if (r->bottleneck.kind != want)
		printf("# got kind %d\n", (int)r->bottleneck.kind);
}

/* The bottleneck is link `want` (into the sorted links) and its
 * utilization is that link's. */
static void
check_link(const struct results *r, const char *want, const char *what)
{
	char name[160];
	int i = r->bottleneck.link;

	snprintf(name, sizeof name, "%s: the bottleneck's link is %s", what,
	    want);
	tap_str(i >= 0 && i < r->nlinks ? r->links[i].name : NULL, want, name);
	snprintf(name, sizeof name, "%s: its utilization is that link's",
	    what);
	tap_ok(i >= 0 && i < r->nlinks &&
	    r->bottleneck.utilization == r->links[i].utilization, name);
}

/* Links by utilization, highest first; ties by name. */
static void
order(void)
{
	static const char *const want[] = { "m", "c", "z", "a", "b", "y" };
	struct results *r = run(2, 1, 1, 0);
	char name[64];
	int i;

	link_util(r, "b", 0.2);
	link_util(r, "z", 0.5);
	link_util(r, "a", 0.2);
	link_util(r, "m", 0.9);
	link_util(r, "c", 0.5);
	link_util(r, "y", 0);
	r->links[1].bytes = 7e9;	/* z's: must move with it */
	results_summarize(r, 0, 1);
	tap_ok(r->nlinks == 6, "sorting keeps the links");
	for (i = 0; i < 6; i++) {
		snprintf(name, sizeof name, "links sorted: %d is %s", i,
		    want[i]);
		tap_str(r->links[i].name, want[i], name);
	}
	tap_ok(r->links[2].bytes == 7e9 && r->links[2].utilization == 0.5,
	    "a link's figures move with its name");
	results_free(r);

	/* a tie by name: the DOWN link of host 10 before its UP link */
	r = run(5, 1, 2, 0);
	link_of(r, "star_link_10_UP", 6.25e9, 1.25e9, -1, 1, -1);
	link_of(r, "star_link_9_DOWN", 6.25e9, 1.25e9, -1, 0, -1);
	link_of(r, "star_link_10_DOWN", 6.25e9, 1.25e9, -1, 0, -1);
	results_summarize(r, 0, 1);
	tap_str(r->links[0].name, "star_link_10_DOWN",
	    "equal utilization: star_link_10_DOWN first (strcmp)");
	tap_str(r->links[1].name, "star_link_10_UP",
	    "equal utilization: then star_link_10_UP");
	tap_str(r->links[2].name, "star_link_9_DOWN",
	    "equal utilization: then star_link_9_DOWN");
	results_free(r);
}

/* The busiest worker and server: bytes per step of the busier
 * direction, and the Gbps that takes within the compute. */
static void
traffic(void)
{
	struct results *r = run(4, 0.5, 1, 0);

	host(r, "w0", 0, -1, 0, -1, 10e9, 8e9);
	host(r, "w1", 1, -1, 0, -1, 4e9, 12e9);	/* busiest worker: 12e9 */
	host(r, "w2", 2, -1, 0, -1, 11e9, 11e9);
	host(r, "s0", -1, 0, 1, -1, 5e9, 6e9);
	host(r, "s1", -1, 1, 2, -1, 20e9, 1e9);	/* busiest server: 20e9 */
	host(r, "s2", -1, 2, 1, -1, 19e9, 19e9);
	storage(r, "store", 99e9, 99e9);	/* neither */
	results_summarize(r, 1, 1);

	tap_ok(r->worker.present, "traffic: a busiest worker");
	tap_ok(r->worker.host == 1, "traffic: the busiest worker is w1 "
	    "(it receives 12 GB, more than any worker moves one way)");
	tap_near(r->worker.bytes_sent_per_step, 4e9 / 4, 1e-12,
	    "traffic: w1 sends 1 GB per step");
	tap_near(r->worker.bytes_received_per_step, 12e9 / 4, 1e-12,
	    "traffic: w1 receives 3 GB per step");
	tap_near(r->worker.required_gbps, need_gbps(12e9 / 4, 0.5), 1e-12,
	    "traffic: w1 needs 48 Gbps");
	tap_near(r->worker.required_gbps, 48, 1e-12,
	    "traffic: 3 GB in 0.5 s is 48 Gbps");
	tap_ok(r->server.present, "traffic: a busiest server");
	tap_ok(r->server.host == 4, "traffic: the busiest server is s1");
	tap_near(r->server.bytes_sent_per_step, 20e9 / 4, 1e-12,
	    "traffic: s1 sends 5 GB per step");
	tap_near(r->server.bytes_received_per_step, 1e9 / 4, 1e-12,
	    "traffic: s1 receives 250 MB per step");
	tap_near(r->server.required_gbps, need_gbps(20e9 / 4, 0.5), 1e-12,
	    "traffic: s1 needs 80 Gbps");
	results_free(r);

	/* no servers asked for: none, even with shard holders */
	r = run(4, 0.5, 1, 0);
	host(r, "w0", 0, -1, 0, -1, 1e9, 1e9);
	host(r, "s0", -1, 0, 1, -1, 5e9, 5e9);
	results_summarize(r, 0, 1);
	tap_ok(!r->server.present, "traffic: no server without servers");
	tap_ok(r->worker.present && r->worker.host == 0,
	    "traffic: the worker is still found");
	results_free(r);

	/* colocated shards: the worker holding them is a server too */
	r = run(2, 1, 1, 0);
	host(r, "host-0", 0, -1, 1, -1, 3e9, 9e9);
	host(r, "host-1", 1, -1, 0, -1, 1e9, 1e9);
	results_summarize(r, 1, 1);
	tap_ok(r->worker.host == 0 && r->server.present &&
	    r->server.host == 0, "traffic: worker 0 + 1 shard is the busiest "
	    "worker and server");
	tap_near(r->server.required_gbps, need_gbps(9e9 / 2, 1), 1e-12,
	    "traffic: it needs 36 Gbps");
	results_free(r);

	/* equal traffic: the first host */
	r = run(2, 1, 1, 0);
	host(r, "a", 0, -1, 0, -1, 2e9, 2e9);
	host(r, "b", 1, -1, 0, -1, 2e9, 2e9);
	results_summarize(r, 0, 1);
	tap_ok(r->worker.host == 0, "traffic: a tie goes to the lower host");
	results_free(r);

	/* no worker host at all (only storage), and hosts that moved
	 * nothing */
	r = run(2, 1, 1, 0);
	storage(r, "store", 1e9, 1e9);
	results_summarize(r, 1, 1);
	tap_ok(!r->worker.present && !r->server.present,
	    "traffic: no worker and no server among the hosts");
	results_free(r);
	r = run(2, 1, 1, 0);
	host(r, "idle", 0, -1, 0, -1, 0, 0);
	results_summarize(r, 0, 1);
	tap_ok(r->worker.present && r->worker.host == 0 &&
	    r->worker.required_gbps == 0, "traffic: an idle worker needs "
	    "0 Gbps");
	results_free(r);
}

/* Compute: communication (exposed plus wait) at most 10% of the step. */
static void
compute(void)
{
	struct results *r;

	/* 1 s of compute, 0.1 + 0.01 s more: 0.11 <= 0.111 */
	r = run(5, 1, 0.1, 0.01);
	host(r, "host-0", 0, -1, 0, -1, 1e9, 1e9);
	link_of(r, "star_link_0_UP", 5e9, 1.25e9, 0, 1, -1);
	results_summarize(r, 0, 1);
	check_kind(r, BN_COMPUTE, "11 ms of 1.11 s communicating");
	tap_ok(r->bottleneck.link == -1, "compute: no link");
	tap_near(r->bottleneck.utilization, 1 / 1.11, 1e-12,
	    "compute: utilization is compute over step, 1/1.11");
	results_free(r);

	/* exactly 10%: 1 of a 10 s step */
	r = run(5, 9, 1, 0);
	link_of(r, "star_link_0_UP", 5e9, 1.25e9, -1, 1, -1);
	results_summarize(r, 0, 1);
	check_kind(r, BN_COMPUTE, "exactly 10% communicating");
	tap_near(r->bottleneck.utilization, 0.9, 1e-12,
	    "compute: 9 s of a 10 s step");
	results_free(r);

	/* just above: a switch link then */
	r = run(5, 9, 1.01, 0);
	link_of(r, "star_link_0_UP", 5e9, 1.25e9, -1, 1, -1);
	results_summarize(r, 0, 1);
	check_kind(r, BN_SWITCH, "10.1% communicating");
	results_free(r);

	/* waiting for peers is not compute */
	r = run(5, 1, 0, 2);
	link_of(r, "spine", 5e9, 1.25e9, -1, 1, -1);
	results_summarize(r, 0, 1);
	check_kind(r, BN_SWITCH, "2 s of waiting for peers");
	results_free(r);

	/* buckets: communication hidden by backprop does not count, only
	 * the exposed part */
	r = run(5, 1, 0.05, 0);
	r->communication_s = 5;
	link_of(r, "spine", 5e9, 1.25e9, -1, 1, -1);
	results_summarize(r, 0, 1);
	check_kind(r, BN_COMPUTE, "5 s of communication, 50 ms exposed");
	results_free(r);
}

/* Latency: the alpha terms over half the closed form's communication
 * and the top link busy under a quarter of the communicating time.  The
 * run: 10 steps of 1 s compute + 1 s exposed; the links 10 Gbps, so
 * communicating time is 10 s and a link moving B bytes in it is busy
 * B / 12.5e9 of it. */
static struct results *
latency_case(double latency_s, double comm_s, double top_bytes)
{
	struct results *r = run(10, 1, 1, 0);

	r->analytic.latency_s = latency_s;
	r->analytic.communication_s = comm_s;
	host(r, "host-0", 0, -1, 0, -1, 1e9, 1e9);
	host(r, "host-1", -1, 0, 1, -1, 1e9, 1e9);
	link_of(r, "star_link_1_DOWN", top_bytes, 1.25e9, 1, 0, -1);
	link_of(r, "star_link_0_UP", top_bytes / 2, 1.25e9, 0, 1, -1);
	return r;
}

static void
latency(void)
{
	struct results *r;

	/* busy 1e9 / (1.25e9 * 20 * 1/2) = 0.08 */
	r = latency_case(0.6, 1, 1e9);
	results_summarize(r, 1, 1);
	check_kind(r, BN_LATENCY, "latency 60% of the closed form, link "
	    "8% busy");
	check_link(r, "star_link_1_DOWN", "latency");
	tap_near(r->bottleneck.utilization, 1e9 / (1.25e9 * 20), 1e-12,
	    "latency: the top link is 4% utilized over the run");
	results_free(r);

	/* latency exactly half: not latency-bound */
	r = latency_case(0.5, 1, 1e9);
	results_summarize(r, 1, 1);
	check_kind(r, BN_SERVER_NIC, "latency exactly half");
	results_free(r);

	/* busy 3.125e9 / 12.5e9 = 0.25 exactly: bandwidth matters */
	r = latency_case(0.9, 1, 3.125e9);
	results_summarize(r, 1, 1);
	check_kind(r, BN_SERVER_NIC, "latency 90%, top link 25% busy");
	results_free(r);

	/* just under a quarter: latency */
	r = latency_case(0.9, 1, 3.1e9);
	results_summarize(r, 1, 1);
	check_kind(r, BN_LATENCY, "latency 90%, top link 24.8% busy");
	results_free(r);

	/* no closed form (0 and 0): never latency */
	r = latency_case(0, 0, 1e9);
	results_summarize(r, 1, 1);
	check_kind(r, BN_SERVER_NIC, "no analytic figures");
	results_free(r);
}

/* A host's NIC: server-nic when it holds shards, else worker-nic. */
static void
nics(void)
{
	struct results *r;

	r = run(5, 1, 2, 0);
	host(r, "host-0", 0, -1, 0, -1, 5e9, 5e9);
	host(r, "host-1", 1, -1, 0, -1, 5e9, 5e9);
	host(r, "host-2", -1, 0, 1, -1, 6.25e9, 6.25e9);
	link_of(r, "star_link_0_UP", 5e9, 1.25e9, 0, 1, -1);
	link_of(r, "star_link_1_DOWN", 9e9, 1.25e9, 1, 0, -1);
	link_of(r, "star_link_2_DOWN", 6.25e9, 1.25e9, 2, 0, -1);
	results_summarize(r, 1, 1);
	check_kind(r, BN_WORKER_NIC, "worker 1's NIC the busiest");
	check_link(r, "star_link_1_DOWN", "worker-nic");
	tap_near(r->bottleneck.utilization, 9e9 / (1.25e9 * 15), 1e-12,
	    "worker-nic: 9 GB over 15 s at 10 Gbps is 48%");
	tap_ok(r->bottleneck.gpus == 1, "worker-nic: gpus 1");
	results_free(r);

	r = run(5, 1, 2, 0);
	host(r, "host-0", 0, -1, 0, -1, 5e9, 5e9);
	host(r, "host-10", -1, 0, 1, -1, 6.25e9, 6.25e9);
	link_of(r, "star_link_0_UP", 5e9, 1.25e9, 0, 1, -1);
	link_of(r, "star_link_10_UP", 6.25e9, 1.25e9, 1, 1, -1);
	link_of(r, "star_link_10_DOWN", 6.25e9, 1.25e9, 1, 0, -1);
	results_summarize(r, 1, 1);
	check_kind(r, BN_SERVER_NIC, "a dedicated server's NIC");
	check_link(r, "star_link_10_DOWN", "server-nic");
	tap_ok(r->bottleneck.link == 0, "server-nic: link 0 once sorted");
	results_free(r);

	/* a worker with shards: its NIC is a server's */
	r = run(5, 1, 2, 0);
	host(r, "host-0", 0, -1, 1, -1, 45e9, 45e9);
	host(r, "host-1", 1, -1, 0, -1, 5e9, 5e9);
	link_of(r, "star_link_1_UP", 5e9, 1.25e9, 1, 1, -1);
	link_of(r, "star_link_0_DOWN", 45e9, 1.25e9, 0, 0, -1);
	results_summarize(r, 1, 1);
	check_kind(r, BN_SERVER_NIC, "worker 0 + 1 shard's NIC");
	check_link(r, "star_link_0_DOWN", "colocated server-nic");
	results_free(r);
}

/* Multi-GPU machines (gpus > 1): a GPU's own link is intra-host; a
 * machine's NIC (no host, a group) is a server's when any GPU of that
 * machine holds shards. */
static struct results *
machines(double gpu_link, double nic0, double nic1)
{
	struct results *r = run(4, 1, 3, 0);

	/* machine 0: GPUs 0, 1 hold a shard each; machine 1: none */
	host(r, "host-0-gpu-0", 0, -1, 1, 0, 1e9, 1e9);
	host(r, "host-0-gpu-1", 1, -1, 1, 0, 1e9, 1e9);
	host(r, "host-1-gpu-0", 2, -1, 0, 1, 1e9, 1e9);
	host(r, "host-1-gpu-1", 3, -1, 0, 1, 1e9, 1e9);
	link_of(r, "host-1-gpu-1_UP", gpu_link, 12.5e9, 3, 1, -1);
	link_of(r, "host-0-nic_DOWN", nic0, 1.25e9, -1, 0, 0);
	link_of(r, "host-1-nic_UP", nic1, 1.25e9, -1, 1, 1);
	return r;
}

static void
multi_gpu(void)
{
	struct results *r;

	/* 40 GB over 100 Gbps for 16 s is 20%; the NICs less */
	r = machines(40e9, 1e9, 2e9);
	results_summarize(r, 0, 2);
	check_kind(r, BN_INTRA_HOST, "a GPU's link the busiest");
	check_link(r, "host-1-gpu-1_UP", "intra-host");
	tap_ok(r->bottleneck.gpus == 2, "intra-host: 2 GPUs per machine");
	results_free(r);

	r = machines(1e9, 2e9, 8e9);
	results_summarize(r, 0, 2);
	check_kind(r, BN_WORKER_NIC, "machine 1's NIC (no shards on it)");
	check_link(r, "host-1-nic_UP", "machine worker-nic");
	results_free(r);

	r = machines(1e9, 8e9, 2e9);
	results_summarize(r, 0, 2);
	check_kind(r, BN_SERVER_NIC, "machine 0's NIC (shards on its GPUs)");
	check_link(r, "host-0-nic_DOWN", "machine server-nic");
	results_free(r);

	/* the same links with gpus 1: a host's link is its NIC, a group's
	 * is not a machine's */
	r = machines(40e9, 1e9, 2e9);
	results_summarize(r, 0, 1);
	check_kind(r, BN_WORKER_NIC, "gpus 1: the GPU link is a worker NIC");
	results_free(r);
	r = machines(1e9, 8e9, 2e9);
	results_summarize(r, 0, 1);
	check_kind(r, BN_SWITCH, "gpus 1: a group's link is a switch link");
	results_free(r);
}

/* A link of no host; loopbacks skipped. */
static void
switch_and_loopback(void)
{
	struct results *r;

	r = run(3, 0.2, 0.7, 0);
	host(r, "host-0", 0, -1, 0, -1, 1e9, 1e9);
	link_of(r, "rack-a_backbone", 26.25e9, 12.5e9, -1, 0, -1);
	link_of(r, "star_link_0_UP", 1e9, 1.25e9, 0, 1, -1);
	results_summarize(r, 0, 1);
	check_kind(r, BN_SWITCH, "a backbone the busiest");
	check_link(r, "rack-a_backbone", "switch");
	results_free(r);

	/* the busiest two links are loopbacks: the third decides */
	r = run(5, 1, 2, 0);
	host(r, "host-0", 0, -1, 0, -1, 1e9, 1e9);
	host(r, "host-1", 1, -1, 0, -1, 1e9, 1e9);
	link_of(r, "host-0_loopback", 90e9, 1.25e9, -2, 0, -1);
	link_of(r, "star_link_1_DOWN", 5e9, 1.25e9, 1, 0, -1);
	link_of(r, "host-1_loopback", 80e9, 1.25e9, -2, 0, -1);
	link_of(r, "star_link_0_UP", 4e9, 1.25e9, 0, 1, -1);
	results_summarize(r, 0, 1);
	tap_str(r->links[0].name, "host-0_loopback",
	    "loopbacks stay in the sorted links");
	check_kind(r, BN_WORKER_NIC, "past two loopbacks");
	check_link(r, "star_link_1_DOWN", "past two loopbacks");
	tap_ok(r->bottleneck.link == 2, "past two loopbacks: link 2");
	results_free(r);
}

/* No links; only loopbacks; one step; an empty run. */
static void
edges(void)
{
	struct results *r;

	r = run(5, 1, 2, 0);
	host(r, "host-0", 0, -1, 0, -1, 1e9, 1e9);
	results_summarize(r, 0, 1);
	check_kind(r, BN_COMPUTE, "no links");
	tap_ok(r->bottleneck.link == -1, "no links: no link");
	tap_near(r->bottleneck.utilization, 1.0 / 3, 1e-12,
	    "no links: utilization 1 s of 3");
	results_free(r);

	r = run(5, 1, 2, 0);
	link_of(r, "host-0_loopback", 9e9, 1.25e9, -2, 0, -1);
	link_of(r, "host-1_loopback", 8e9, 1.25e9, -2, 1, -1);
	results_summarize(r, 0, 1);
	check_kind(r, BN_COMPUTE, "every link a loopback");
	tap_ok(r->bottleneck.link == -1, "only loopbacks: no link");
	tap_str(r->links[0].name, "host-0_loopback",
	    "only loopbacks: still sorted");
	results_free(r);

	/* one step: per step is the whole run */
	r = run(1, 0.25, 1, 0);
	host(r, "host-0", 0, -1, 0, -1, 2e9, 3e9);
	host(r, "host-1", -1, 0, 1, -1, 3e9, 2e9);
	link_of(r, "star_link_0_DOWN", 3e9, 1.25e9, 0, 0, -1);
	results_summarize(r, 1, 1);
	tap_near(r->worker.bytes_received_per_step, 3e9, 1e-12,
	    "one step: 3 GB received per step");
	tap_near(r->worker.required_gbps, need_gbps(3e9, 0.25), 1e-12,
	    "one step: 3 GB in 250 ms is 96 Gbps");
	tap_near(r->server.bytes_sent_per_step, 3e9, 1e-12,
	    "one step: the server sends 3 GB per step");
	check_kind(r, BN_WORKER_NIC, "one step");
	tap_near(r->bottleneck.utilization, 3e9 / (1.25e9 * 1.25), 1e-12,
	    "one step: 3 GB over 1.25 s at 10 Gbps is 192%");
	results_free(r);

	/* nothing measured: a zero step */
	r = run(1, 0, 0, 0);
	link_of(r, "spine", 0, 1.25e9, -1, 0, -1);
	results_summarize(r, 0, 1);
	check_kind(r, BN_COMPUTE, "a zero step");
	tap_ok(r->bottleneck.utilization == 1, "a zero step: utilization 1");
	results_free(r);

}

/* results_free(NULL) returns and does nothing: in a child, so that a
 * crash (a NULL dereferenced) fails this check instead of ending the
 * test program. */
static void
free_null(void)
{
	pid_t pid;
	int status = -1;

	fflush(stdout);	/* the child must not write the TAP lines again */
	if ((pid = fork()) == 0) {
		results_free(NULL);
		_exit(0);
	}
	tap_ok(pid > 0 && waitpid(pid, &status, 0) == pid &&
	    WIFEXITED(status) && WEXITSTATUS(status) == 0,
	    "results_free(NULL) is a no-op");
	if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0))
		printf("# the child: status %d\n", status);
}

int
main(void)
{
	order();
	traffic();
	compute();
	latency();
	nics();
	multi_gpu();
	switch_and_loopback();
	edges();
	free_null();
	return tap_done();
}
