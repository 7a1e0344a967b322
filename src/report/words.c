/* words.c: results in words and numbers as every report writes them
 * (words.h): a host's role, the bottleneck and why, a JSON number, a
 * name made printable. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "scenario.h"
#include "units.h"
#include "utf8.h"
#include "words.h"

void
report_role(const struct host_result *h, char *buf, size_t len)
{
	const char *s = h->shards > 1 ? "s" : "";

	if (h->worker >= 0 && h->shards > 0)
		snprintf(buf, len, "worker %d + %d shard%s", h->worker,
		    h->shards, s);
	else if (h->worker >= 0)
		snprintf(buf, len, "worker %d", h->worker);
	else if (h->storage)
		snprintf(buf, len, "checkpoint storage");
	else
		snprintf(buf, len, "server %d (%d shard%s)", h->server,
		    h->shards, s);
}

const char *
report_bottleneck_kind(enum bottleneck_kind k)
{
	static const char *const names[] = { "compute", "latency",
	    "intra-host", "worker-nic", "server-nic", "switch", "server-cpu",
	    "faults" };

	return names[k];
}

/* The busiest link's figures, in words, for the sentences below. */
struct link_words {
	char		 vol[32], bw[32], t[32], c[32], role[64];
	double		 need;
	char		 fit[224];	/* what the need means, for a NIC */
};

/* What the NIC's need means: the rate at which its bytes of a step take
 * the compute's time, not one at which the step takes it.  Where the
 * exchange follows the compute (nothing overlaps), a step at that rate
 * is the compute plus the exchange scaled to that rate (its bandwidth
 * term): 2 s for the seed's all-to-all at 72 Gbps, and the sharded PS's
 * 3 s at 10 Gbps, whose pushes and pulls take turns.  A NIC that has
 * more than it needs is said to, with the step it still makes. */
static void
need_words(const struct results *r, const struct link_result *top,
    struct link_words *w)
{
	double need_Bps = w->need * 1e9 / 8, x;	/* link_words' need */
	char s[32], x_s[32];

	snprintf(w->fit, sizeof w->fit, "%.3g Gbps would move it in the "
	    "compute's time", w->need);
	if (!(r->overlap_ratio < 0.01) || !(need_Bps > 0) ||
	    !(r->communication_s > 0))
		return;
	if (need_Bps < 0.999 * top->bandwidth_Bps) {	/* it keeps up */
		units_fmt_time(r->communication_s, x_s, sizeof x_s);
		snprintf(w->fit + strlen(w->fit), sizeof w->fit -
		    strlen(w->fit), ", which it has; but the exchange follows "
		    "the compute here, so a step is %s of compute, then %s of "
		    "exchange", w->c, x_s);
		return;
	}
	x = r->communication_s * top->bandwidth_Bps / need_Bps;
	units_fmt_time(r->compute_s + x, s, sizeof s);
	units_fmt_time(x, x_s, sizeof x_s);
	snprintf(w->fit + strlen(w->fit), sizeof w->fit - strlen(w->fit),
	    "; the exchange follows the compute here, so at that rate a step "
	    "would take about %s (%s of compute, then %s of exchange)", s,
	    w->c, x_s);
}

static void
link_words(const struct results *r, const struct link_result *top,
    struct link_words *w)
{
	units_fmt_bytes(top->bytes / r->steps, w->vol, sizeof w->vol);
	units_fmt_rate(top->bandwidth_Bps, w->bw, sizeof w->bw);
	units_fmt_time(top->bytes / r->steps / top->bandwidth_Bps, w->t,
	    sizeof w->t);
	units_fmt_time(r->compute_s, w->c, sizeof w->c);
	w->need = analytic_gbps(top->bytes / r->steps, r->compute_s);
	w->role[0] = '\0';
	if (top->host >= 0)
		report_role(&r->hosts[top->host], w->role, sizeof w->role);
	need_words(r, top, w);
}

/* A link inside a cluster.machine (cluster.c names them), in words
 * into buf: 1; else 0. */
static int
machine_link(const char *name, char *buf, size_t len)
{
	char dir[8], end;
	int m, w;

	if (sscanf(name, "host-%d-sw-%d-up_%7[A-Z]%c", &m, &w, dir,
	    &end) == 3)
		snprintf(buf, len, "the uplink of host-%d's PCIe switch %d "
		    "%s its CPU socket, which its GPUs share,", m, w,
		    dir[0] == 'U' ? "to" : "from");
	else if (sscanf(name, "host-%d-sockets_%7[A-Z]%c", &m, dir,
	    &end) == 2)
		snprintf(buf, len, "the link between host-%d's CPU sockets, "
		    "from socket %d to %d,", m, dir[0] != 'U', dir[0] == 'U');
	else
		return 0;
	return 1;
}

/* A parameter server's CPU (strategy.server_cpu) busier a step than the
 * busiest link, top. */
static void
cpu_words(const struct results *r, const struct link_result *top,
    const struct link_words *w, char *res, size_t rlen, char *why,
    size_t wlen)
{
	const struct host_result *h = &r->hosts[r->server_cpu_host];
	char cpu[32], role[64];

	units_fmt_time(r->server_cpu_s, cpu, sizeof cpu);
	report_role(h, role, sizeof role);
	snprintf(res, rlen, "%s%s CPU (%s)", h->group >= 0 ? "the machine of " :
	    "", h->name, role);
	snprintf(why, wlen, "the CPU of %s%s (%s) sums and updates the "
	    "parameter server's shards for %s a step (strategy.server_cpu), "
	    "longer than the busiest link, %s, takes for its %s a step at %s "
	    "(%s); %s of compute", h->group >= 0 ? "the machine of " : "",
	    h->name, role, cpu, top->name, w->vol, w->bw, w->t, w->c);
}

/* What a step waits for (kind, with its utilization), in words. */
static void
step_bottleneck(const struct results *r, enum bottleneck_kind kind,
    double util, char *res, size_t rlen, char *why, size_t wlen)
{
	const struct bottleneck *b = &r->bottleneck;
	const struct link_result *top = b->link >= 0 ? &r->links[b->link] :
	    NULL;
	const char *dir, *name;
	struct link_words w;
	char inside[160];

	if (top == NULL) {
		snprintf(res, rlen, "worker compute");
		snprintf(why, wlen, "workers spend %.0f%% of each step "
		    "computing; communication adds only %.0f%%",
		    100 * util, 100 * (1 - util));
		return;
	}
	link_words(r, top, &w);
	if (kind == BN_SERVER_CPU) {
		cpu_words(r, top, &w, res, rlen, why, wlen);
		return;
	}
	name = top->host >= 0 ? r->hosts[top->host].name : top->name;
	dir = top->both_ways ? "carries, both ways on one half-duplex "
	    "(SHARED) link," : top->up ? "sends" : "receives";
	switch (kind) {
	case BN_LATENCY:
		units_fmt_time(r->analytic.latency_s, w.t, sizeof w.t);
		units_fmt_time(r->analytic.communication_s, w.c, sizeof w.c);
		snprintf(res, rlen, "message latency");
		snprintf(why, wlen, "latency accounts for %s of the %s a step "
		    "spends communicating: the messages are too small or too "
		    "many for bandwidth to matter; the busiest link, %s, is "
		    "%.0f%% busy", w.t, w.c, top->name, 100 * top->utilization);
		return;
	case BN_INTRA_HOST:
		snprintf(res, rlen, "%s link %s (%s)", name, top->up ? "out" :
		    "in", w.role);
		snprintf(why, wlen, "%s's link to its host's switch (%s) %s %s "
		    "per step; at %s that takes %s against %s of compute", name,
		    w.role, dir, w.vol, w.bw, w.t, w.c);
		return;
	case BN_WORKER_NIC:
	case BN_SERVER_NIC:
		if (top->host < 0) {	/* a multi-GPU machine's NIC */
			snprintf(res, rlen, "%s NIC %s", top->group_name,
			    top->up ? "send" : "receive");
			if (top->cpu_host)
				snprintf(w.role, sizeof w.role, "a dedicated "
				    "server's");
			else
				snprintf(w.role, sizeof w.role, "shared by its "
				    "%d GPUs", b->gpus);
			snprintf(why, wlen, "%s's NIC, %s, %s %s per step; at %s "
			    "that takes %s against %s of compute: %s",
			    top->group_name, w.role, dir, w.vol, w.bw, w.t,
			    w.c, w.fit);
			return;
		}
		snprintf(res, rlen, "%s NIC %s (%s)", name, top->both_ways ?
		    "both ways" : top->up ? "send" : "receive", w.role);
		snprintf(why, wlen, "%s's NIC (%s) %s %s per step; at %s that "
		    "takes %s against %s of compute: %s", name, w.role, dir,
		    w.vol, w.bw, w.t, w.c, w.fit);
		return;
	default:
		snprintf(res, rlen, "%s", top->name);
		if (machine_link(top->name, inside, sizeof inside))
			snprintf(why, wlen, "%s carries %s per step; at %s that "
			    "takes %s against %s of compute", inside, w.vol,
			    w.bw, w.t, w.c);
		else
			snprintf(why, wlen, "the switch link %s carries %s per "
			    "step; at %s that takes %s against %s of compute",
			    top->name, w.vol, w.bw, w.t, w.c);
	}
}

void
report_bottleneck(const struct results *r, char *res, size_t rlen,
    char *why, size_t wlen)
{
	const struct fault_stats *fs = &r->fstats;
	char sres[256], swhy[512], still[32], run[32];

	if (r->bottleneck.kind != BN_FAULTS) {
		step_bottleneck(r, r->bottleneck.kind, r->bottleneck.utilization,
		    res, rlen, why, wlen);
		return;
	}
	step_bottleneck(r, r->bottleneck.step, r->bottleneck.step_utilization,
	    sres, sizeof sres, swhy, sizeof swhy);
	units_fmt_time(fault_stats_still(fs), still, sizeof still);
	units_fmt_time(r->simulated_s, run, sizeof run);
	snprintf(res, rlen, "the job stood still %.0f%% of the run",
	    100 * r->bottleneck.utilization);
	snprintf(why, wlen, "the job stood still %s of its %s simulated (%d fault "
	    "events: stalled, restarting, checkpointing); between faults a "
	    "step waits for %s: %s", still, run, fault_stats_events(fs), sres,
	    swhy);
}

void
report_json_digits(FILE *f, double v, int digits)
{
	if (!isfinite(v))
		fputs("null", f);
	else if (v == floor(v) && fabs(v) < 1e15)
		fprintf(f, "%.0f", v);
	else
		fprintf(f, "%.*g", digits, v);
}

/* Numbers: integers exactly, others to 12 significant digits. */
void
report_json_number(FILE *f, double v)
{
	report_json_digits(f, v, 12);
}

/* The text and CSV reports go out through this: a name with ESC codes
 * or bytes that are not UTF-8 (the scenario's, a platform's hosts and
 * links) is spelled out, not handed to the terminal (utf8.h). */
void
report_printable(FILE *f, const char *buf, size_t n)
{
	char out[16];
	size_t i;

	for (i = 0; i < n; fputs(out, f))
		i += utf8_printable(buf + i, n - i, out);
}

int
report_step_capped(const struct scenario *sc, const struct results *r)
{
	return scenario_open_ended(sc) && sc->run.steps == RUN_STEPS_MAX &&
	    r->steps >= RUN_STEPS_MAX && (sc->run.duration_s == 0 ||
	    r->simulated_s < sc->run.duration_s);
}
