/* closed-ps.c: the parameter server's closed form (and BytePS's, on its
 * own layout): the pushes and pulls of each shard as one or two rounds,
 * each machine's trees first with local_reduce, pipelined in chunks,
 * and the servers' CPU (strategy.server_cpu) (closed-forms.h). Its
 * protocol is engine/strategy-ps.c, its row strategies.def; it costs
 * the rounds of the same pattern (patterns.h), each at the pace of its
 * most loaded resource (analytic.c). Pure: no engine. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analytic.h"
#include "closed-forms.h"
#include "hardware.h"
#include "patterns.h"
#include "xmalloc.h"

/* Two phases, push then pull, each one latency plus the time its most
 * loaded resource needs: in the push phase every worker sends each shard
 * it does not hold to that shard's host, so a host receives one copy of
 * its shards from every other worker; the pull phase is the mirror
 * image and takes as long.  (Pulls of one shard may start while another
 * is still being pushed: ps_overlapped credits that with dedicated
 * servers; with shards on workers the formula does not.)
 * With P pipelined chunks, pushes of chunk c + 1 overlap pulls of chunk
 * c: the step tends to T_both, the time of all pushes and pulls moving at
 * once, plus 1/P of what the phases add to it, and P + 1 latencies. */

/* Without chunks, on a generated cluster of one worker a host: the
 * pushes and the pulls as fluid flows at their max-min rates, each
 * shard's pulls as soon as its pushes are in (analytic_ps_fluid).
 * Unequal shards on servers end before two phases (the small ones' pulls
 * go out while the large ones are still coming in); on workers, after
 * (those pulls come in beside the pushes).  -1 when it does not
 * apply. */
static double
ps_overlapped(const struct shape *s, const struct groups *g, int P)
{
	int *holder, j;
	double t;

	if (P > 1 || s->bytesps || s->local_reduce || s->groups_are_hosts ||
	    s->route != NULL || s->k == 0)
		return -1;
	holder = xcalloc((size_t)s->k, sizeof *holder);
	for (j = 0; j < s->k; j++)
		holder[j] = s->shard_worker[j] >= 0 ? s->shard_worker[j] :
		    s->n + s->shard_server[j];
	t = analytic_ps_fluid(s, holder, g->leaders, g->n);
	free(holder);
	return t;
}

/* The formula's words when ps_overlapped gave the time. */
static void
ps_overlapped_words(const struct shape *s, double phase, double t,
    struct analytic *a)
{
	int j, held = 0, unequal = 0;

	for (j = 0; j < s->k; j++) {
		held |= s->shard_worker[j] >= 0;
		unequal |= s->shard_bytes[j] != s->shard_bytes[0];
	}
	snprintf(a->formula, sizeof a->formula, "2*alpha + pushes, then each "
	    "shard's pulls once its pushes are in, every flow at its max-min "
	    "fair rate (uneven shards, or NICs that pace them in turn)");
	snprintf(a->evaluated, sizeof a->evaluated, "2*%.6g s + %.6g s = "
	    "%.6g s (2 phases of the busiest NIC: %.6g s each)%s", s->alpha,
	    t, a->communication_s, phase, held && unequal ? "; a lower "
	    "bound: workers holding unequal shards end their steps at "
	    "different times, and a step's pushes meet the last one's pulls "
	    "(the simulation up to 8% slower in psim's tests)" : "");
}

/* strategy.server_cpu: a step's CPU time on the busiest machine that
 * holds shards, each shard's batch of pushes pushes (ps_cpu: one batch
 * after another on a machine); 0 without a server CPU. */
static double
ps_cpu_s(const struct shape *s, int pushes)
{
	double *busy, t = 0;
	int j, key, nh = s->n + s->servers;

	if (s->server_cpu == NULL)
		return 0;
	busy = xcalloc((size_t)nh, sizeof *busy);
	for (j = 0; j < s->k; j++) {
		key = s->shard_worker[j] >= 0 ? s->shard_worker[j] :
		    s->n + s->shard_server[j];
		if (s->groups_are_hosts && s->rack_of != NULL)
			key = s->rack_of[key];
		busy[key] += hw_cpu_batch_s(s->server_cpu, s->cpu_each,
		    pushes, s->shard_bytes[j] / s->elem_bytes, s->update_B);
		if (busy[key] > t)
			t = busy[key];
	}
	free(busy);
	return t;
}

/* The CPU's time in a step of P chunks, each chunk's share once its
 * pushes are in (both: the pushes and pulls at once, the links' pace of
 * the chunks). */
static void
ps_cpu_add(const struct shape *s, struct analytic *a, int pushes, int P,
    double both)
{
	double cpu = ps_cpu_s(s, pushes), per = cpu / P, add;
	size_t f = strlen(a->formula), e = strlen(a->evaluated);

	if (cpu <= 0)
		return;
	a->server_cpu_s = cpu;
	/* the CPU keeps up: the last chunk's share after its pushes; it
	 * does not: the first chunk's pushes, every chunk's CPU back to
	 * back, the last one's pulls */
	add = fmax(per, cpu - both + both / P);
	a->communication_s += add;
	snprintf(a->formula + f, sizeof a->formula - f, "; + C/P, the servers' "
	    "CPU on a chunk after its pushes (C: a step's sums and updates on "
	    "the busiest machine%s)", P > 1 ? ", and the chunks at its pace "
	    "where it is slower than the links" : "");
	snprintf(a->evaluated + e, sizeof a->evaluated - e, "; + %.6g s of "
	    "CPU = %.6g s", add, a->communication_s);
}

void
closed_ps(const struct shape *s, struct analytic *a)
{
	struct round rd;
	struct groups g;
	int h, j, i, w, nh = s->n + s->servers, P = s->chunks > 0 ? s->chunks : 1;
	double *traffic = xcalloc((size_t)nh, sizeof *traffic);
	int *holds = xcalloc((size_t)nh, sizeof *holds);
	double phase, both, local, overlapped;
	char words[160];

	/* the participants: every worker, or each group's first */
	groups_make(&g, s->n, s->local_reduce ? s->rack_of : NULL);
	analytic_round_init(&rd, s);
	local = closed_local_trees(s, &g, &rd);
	for (j = 0; j < s->k; j++) {
		int holder = s->shard_worker[j] >= 0 ? s->shard_worker[j] :
		    s->n + s->shard_server[j];

		holds[holder] = 1;
		for (i = 0; i < g.n; i++) {
			if ((w = g.leaders[i]) == holder)
				continue;
			analytic_round_flow(&rd, w, holder, s->shard_bytes[j]);
			/* per step: push out and pull in, and the holder
			 * the mirror image */
			traffic[w] += s->shard_bytes[j];
			traffic[holder] += s->shard_bytes[j];
		}
	}
	phase = analytic_round_time(&rd);
	overlapped = ps_overlapped(s, &g, P);
	for (j = 0; j < s->k; j++) {	/* pushes and pulls at once */
		int holder = s->shard_worker[j] >= 0 ? s->shard_worker[j] :
		    s->n + s->shard_server[j];

		for (i = 0; i < g.n; i++) {
			if ((w = g.leaders[i]) == holder)
				continue;
			analytic_round_flow(&rd, w, holder, s->shard_bytes[j]);
			analytic_round_flow(&rd, holder, w, s->shard_bytes[j]);
		}
	}
	both = analytic_round_time(&rd);
	for (i = 0; i < g.n; i++)	/* a leader's trees: levels of M */
		traffic[g.leaders[i]] += g.levels * s->M;
	for (h = 0; h < nh; h++) {
		if (h < s->n && traffic[h] > a->worker_sent_bytes)
			a->worker_sent_bytes = a->worker_received_bytes =
			    traffic[h];
		if (holds[h] && traffic[h] > a->server_received_bytes)
			a->server_sent_bytes = a->server_received_bytes =
			    traffic[h];
	}
	a->latency_s = (P + 1) * s->alpha + 2.0 * g.levels * s->alpha_local;
	a->communication_s = a->latency_s - 2.0 * g.levels * s->alpha_local +
	    local + both + (2 * phase - both) / P;
	if (overlapped >= 0 && fabs(overlapped - 2 * phase) > 1e-9 * phase) {
		a->communication_s = a->latency_s + overlapped;
		ps_overlapped_words(s, phase, overlapped, a);
		goto done;
	}
	if (s->bytesps)
		snprintf(a->formula, sizeof a->formula, "2n(n-1)M / ((n^2 + kn "
		    "- 2k)B) with k CPU summation servers (BytePS), pipelined "
		    "in P = %d chunks: (P+1)*alpha + T_both + (2 T_phase - "
		    "T_both)/P", P);
	else if (P > 1)
		snprintf(a->formula, sizeof a->formula, "(P+1)*alpha + T_both + "
		    "(2 T_phase - T_both)/P, P = %d pipelined chunks", P);
	else if (s->servers == 0)
		snprintf(a->formula, sizeof a->formula, "2*(alpha + V/B), V = "
		    "the busiest NIC's bytes per phase: a worker holding "
		    "shards receives n-1 copies of them besides its own "
		    "pushes");
	else
		snprintf(a->formula, sizeof a->formula, "2*(alpha + V/B), V = "
		    "the busiest NIC's bytes per phase = max(M, n*M/k) for k "
		    "even shards on as many servers");
	if (s->local_reduce)
		snprintf(a->formula + strlen(a->formula), sizeof a->formula -
		    strlen(a->formula), ", between %d machines, each first "
		    "reducing inside (2 ceil(lg g)*(alpha_local + M/B_local))",
		    g.n);
	/* each line as its formula reads: one chunk is 2*(alpha + V/B) */
	if (P > 1 || s->bytesps)
		snprintf(words, sizeof words, "%d*%.6g s + %.6g s + (2*%.6g s "
		    "- %.6g s)/%d", P + 1, s->alpha, both, phase, both, P);
	else
		snprintf(words, sizeof words, "2*(%.6g s + %.6g s)", s->alpha,
		    phase);
	if (local > 0)
		snprintf(a->evaluated, sizeof a->evaluated, "%.6g s in the "
		    "machines + %s = %.6g s", local, words, a->communication_s);
	else
		snprintf(a->evaluated, sizeof a->evaluated, "%s = %.6g s",
		    words, a->communication_s);
done:
	ps_cpu_add(s, a, g.n, P, both);
	analytic_round_release(&rd, a);
	groups_release(&g);
	free(traffic);
	free(holds);
}
