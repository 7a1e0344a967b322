/* baseline.c: the floor psim's ring all-reduce is measured against.
 *
 * A bare SimGrid 3.32 C-API program, with no psim code, that moves exactly
 * the messages psim's ring all-reduce moves (src/engine/strategy-ring.c driven by
 * the step loop in src/engine/worker.c): N actors on the star psim generates (one
 * SimGrid <cluster> of split-duplex 10 Gbps NICs, 5 us latency, 1 Tflop/s
 * hosts), each of which, every step, computes 1 s at host speed and then
 * runs 2(N-1) rounds of
 *
 *	put_async(chunk of M/N bytes) to its right neighbour's mailbox,
 *	get_async on its own mailbox,
 *	wait_all on both,
 *
 * with the mailbox handles looked up once.  The chunks are cut as psim cuts
 * them (M/4 fp32 elements into N near-equal parts, the first M/4 mod N one
 * element longer) and go on the wire as psim sends them, every one at
 * ceil(M/N) bytes (src/model/patterns.c, part_bytes), so the simulated time is
 * the same to the last bit.  The
 * payload is a small malloc'd struct that the receiver frees
 * (sg_mailbox_put refuses NULL).  What psim adds on top of this (its byte
 * ledgers, route cache, step records, report) is what the benchmark
 * measures.
 *
 * usage: baseline N [STEPS [GRADIENT_BYTES]] [--cfg=KEY:VALUE]...
 * (defaults: 1 step, 1e9 bytes; --cfg options go to SimGrid, to try its
 * settings on the same traffic)
 * prints one line: "messages M simulated_s S wall_s W" (wall_s: simgrid_run
 * alone, as psim's report gives it). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <simgrid/actor.h>
#include <simgrid/comm.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>

struct payload {
	int	 src;
	int	 step;
	long	 offset;
	long	 count;
};

static int nworkers, steps;
static long elements;		/* fp32 elements of the gradient */
static sg_mailbox_t *mbox;	/* one inbox per worker */
static long messages;

static int
mod(int a, int n)
{
	return ((a % n) + n) % n;
}

static long
part_offset(long len, int n, int i)
{
	long base = len / n, extra = len % n;

	return i * base + (i < extra ? i : extra);
}

static long
part_count(long len, int n, int i)
{
	return len / n + (i < len % n ? 1 : 0);
}

static void
worker(int argc, char **argv)
{
	int w = (int)(intptr_t)sg_actor_self_get_data();
	int n = nworkers, right = (w + 1) % n;
	int step, s, send;
	double flops = sg_host_get_speed(sg_host_self()); /* 1 s of compute */
	struct payload *out, *in;
	sg_comm_t comms[2];
	long chunk_bytes = (elements * 4 + n - 1) / n;

	(void)argc;
	(void)argv;
	for (step = 0; step < steps; step++) {
		sg_actor_execute(flops);
		for (s = 0; s < 2 * (n - 1); s++) {
			send = s < n - 1 ? mod(w - s, n) :
			    mod(w + 1 - (s - (n - 1)), n);
			out = malloc(sizeof *out);
			out->src = w;
			out->step = step;
			out->offset = part_offset(elements, n, send);
			out->count = part_count(elements, n, send);
			comms[0] = sg_mailbox_put_async(mbox[right], out,
			    chunk_bytes);
			comms[1] = sg_mailbox_get_async(mbox[w],
			    (void **)&in);
			sg_comm_wait_all(comms, 2);
			messages++;
			free(in);
		}
	}
}

/* The platform psim generates for a star of n workers (psim platform). */
static void
write_platform(const char *path, int n)
{
	FILE *f = fopen(path, "w");

	if (f == NULL) {
		perror(path);
		exit(1);
	}
	fprintf(f, "<?xml version='1.0'?>\n"
	    "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
	    "<platform version=\"4.1\">\n"
	    "  <cluster id=\"star\" prefix=\"host-\" radical=\"0-%d\" "
	    "suffix=\"\" speed=\"1000000000000f\" bw=\"1250000000Bps\" "
	    "lat=\"4.9999999999999996e-06s\" sharing_policy=\"SPLITDUPLEX\" "
	    "loopback_bw=\"1000000000000Bps\" loopback_lat=\"0s\"/>\n"
	    "</platform>\n", n - 1);
	fclose(f);
}

int
main(int argc, char **argv)
{
	char *log1 = "--log=root.thresh:warning";
	char *log2 = "--log=root.fmt:simgrid:%e%m%n";
	char path[] = "/tmp/baseline-platform-XXXXXX", name[64], host[64];
	char **sg_argv;
	int sg_argc, i, w, fd;
	struct timespec t0, t1;
	sg_actor_t a;
	double wall;

	/* psim's own engine options, then any --cfg=... given here (to try
	 * SimGrid settings); simgrid_init removes the ones it takes. */
	sg_argv = calloc((size_t)argc + 3, sizeof *sg_argv);
	sg_argv[0] = argv[0];
	sg_argv[1] = log1;
	sg_argv[2] = log2;
	for (sg_argc = 3, i = 1; i < argc; i++)
		sg_argv[sg_argc++] = argv[i];
	simgrid_init(&sg_argc, sg_argv);
	if (sg_argc < 2 || sg_argc > 4) {
		fprintf(stderr, "usage: baseline N [STEPS [GRADIENT_BYTES]] "
		    "[--cfg=KEY:VALUE]...\n");
		return 2;
	}
	nworkers = atoi(sg_argv[1]);
	steps = sg_argc > 2 ? atoi(sg_argv[2]) : 1;
	elements = (sg_argc > 3 ? atol(sg_argv[3]) : 1000000000L) / 4;
	if (nworkers < 2 || steps < 1 || elements < 1) {
		fprintf(stderr, "baseline: N >= 2, STEPS >= 1\n");
		return 2;
	}

	if ((fd = mkstemp(path)) < 0) {
		perror("mkstemp");
		return 1;
	}
	close(fd);
	write_platform(path, nworkers);
	simgrid_load_platform(path);
	unlink(path);

	mbox = calloc((size_t)nworkers, sizeof *mbox);
	for (w = 0; w < nworkers; w++) {
		snprintf(name, sizeof name, "worker-%d", w);
		mbox[w] = sg_mailbox_by_name(name);
	}
	for (w = 0; w < nworkers; w++) {
		snprintf(host, sizeof host, "host-%d", w);
		snprintf(name, sizeof name, "worker-%d", w);
		a = sg_actor_init(name, sg_host_by_name(host));
		sg_actor_set_data(a, (void *)(intptr_t)w);
		sg_actor_start(a, worker, 0, NULL);
	}

	clock_gettime(CLOCK_MONOTONIC, &t0);
	simgrid_run();
	clock_gettime(CLOCK_MONOTONIC, &t1);
	wall = (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("messages %ld simulated_s %.12g wall_s %.6f\n", messages,
	    simgrid_get_clock(), wall);
	free(mbox);
	free(sg_argv);
	return 0;
}
