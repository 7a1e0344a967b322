/* report.c: text, JSON and CSV reports of one run.
 *
 * The JSON report is a public, versioned contract (psim(1)): keys are
 * added, never renamed, and every figure carries its unit in its key.
 * Nothing here reads a clock, so the same run gives the same bytes but
 * for simulation.wall_s. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analytic.h"
#include "csv.h"
#include "report.h"
#include "results.h"
#include "scenario.h"
#include "stats.h"
#include "units.h"
#include "utf8.h"
#include "xmalloc.h"

int
report_format_parse(const char *s)
{
	if (strcmp(s, "text") == 0)
		return REPORT_TEXT;
	if (strcmp(s, "json") == 0)
		return REPORT_JSON;
	if (strcmp(s, "csv") == 0)
		return REPORT_CSV;
	return -1;
}

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
	    "intra-host", "worker-nic", "server-nic", "switch" };

	return names[k];
}

/* The busiest link's figures, in words, for the sentences below. */
struct link_words {
	char		 vol[32], bw[32], t[32], c[32], role[64];
	double		 need;
};

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
}

void
report_bottleneck(const struct results *r, char *res, size_t rlen,
    char *why, size_t wlen)
{
	const struct bottleneck *b = &r->bottleneck;
	const struct link_result *top = b->link >= 0 ? &r->links[b->link] :
	    NULL;
	const char *dir, *name;
	struct link_words w;

	if (top == NULL) {
		snprintf(res, rlen, "worker compute");
		snprintf(why, wlen, "workers spend %.0f%% of each step "
		    "computing; communication adds only %.0f%%",
		    100 * b->utilization, 100 * (1 - b->utilization));
		return;
	}
	link_words(r, top, &w);
	name = top->host >= 0 ? r->hosts[top->host].name : top->name;
	dir = top->up ? "sends" : "receives";
	switch (b->kind) {
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
			snprintf(why, wlen, "%s's NIC, shared by its %d GPUs, %s "
			    "%s per step; at %s that takes %s against %s of "
			    "compute: it would need %.3g Gbps to keep up",
			    top->group_name, b->gpus, dir, w.vol, w.bw, w.t,
			    w.c, w.need);
			return;
		}
		snprintf(res, rlen, "%s NIC %s (%s)", name, top->up ? "send" :
		    "receive", w.role);
		snprintf(why, wlen, "%s's NIC (%s) %s %s per step; at %s that "
		    "takes %s against %s of compute: it would need %.3g Gbps "
		    "to keep up", name, w.role, dir, w.vol, w.bw, w.t, w.c,
		    w.need);
		return;
	default:
		snprintf(res, rlen, "%s", top->name);
		snprintf(why, wlen, "the switch link %s carries %s per step; at "
		    "%s that takes %s against %s of compute", top->name, w.vol,
		    w.bw, w.t, w.c);
	}
}

/* Numbers: integers exactly, others to 12 significant digits. */
void
report_json_number(FILE *f, double v)
{
	if (!isfinite(v))
		fputs("null", f);
	else if (v == floor(v) && fabs(v) < 1e15)
		fprintf(f, "%.0f", v);
	else
		fprintf(f, "%.12g", v);
}

static void
kv_num(FILE *f, const char *indent, const char *key, double v, int comma)
{
	fprintf(f, "%s\"%s\": ", indent, key);
	report_json_number(f, v);
	fputs(comma ? ",\n" : "\n", f);
}

static void
kv_str(FILE *f, const char *indent, const char *key, const char *v, int comma)
{
	fprintf(f, "%s\"%s\": ", indent, key);
	utf8_json_string(f, v);
	fputs(comma ? ",\n" : "\n", f);
}

/* A pair inside a one-line object: "key": value, after a ", " unless it
 * comes first. */
static void
pair_str(FILE *f, const char *key, const char *v, int first)
{
	fprintf(f, "%s\"%s\": ", first ? "" : ", ", key);
	utf8_json_string(f, v);
}

static void
pair_num(FILE *f, const char *key, double v)
{
	fprintf(f, ", \"%s\": ", key);
	report_json_number(f, v);
}

static void
json_traffic(FILE *f, const char *key, const struct results *r,
    const struct traffic *t, int comma)
{
	if (!t->present) {
		fprintf(f, "  \"%s\": null%s\n", key, comma ? "," : "");
		return;
	}
	fprintf(f, "  \"%s\": {\n", key);
	kv_str(f, "    ", "host", r->hosts[t->host].name, 1);
	kv_num(f, "    ", "bytes_sent_per_step", t->bytes_sent_per_step, 1);
	kv_num(f, "    ", "bytes_received_per_step", t->bytes_received_per_step,
	    1);
	kv_num(f, "    ", "required_gbps", t->required_gbps, 0);
	fprintf(f, "  }%s\n", comma ? "," : "");
}

/* A run's faults are a sample: fewer events than this and what they cost
 * is mostly chance (run longer, or run.replicates). */
#define FEW_FAULT_EVENTS	20

static int
fault_events(const struct results *r)
{
	return fault_stats_events(&r->fstats);
}

/* A figure that may be missing (negative): null then. */
static double
or_null(double v)
{
	return v < 0 ? NAN : v;
}

/* numerics, time_to_target_s, loss_curve, and how the parameter server
 * applied the gradients. */
static void
json_training(FILE *f, const struct scenario *sc, const struct results *r)
{
	const struct training *t = &r->training;
	const struct protocol *p = &r->protocol;
	int i;

	kv_num(f, "  ", "updates_per_s", p->updates_per_s, 1);
	if (!t->present)
		fputs("  \"numerics\": null,\n", f);
	else {
		fputs("  \"numerics\": {\n", f);
		kv_str(f, "    ", "mode", scenario_numerics_name(
		    sc->numerics.mode), 1);
		kv_str(f, "    ", "model", nn_kind_name(
		    sc->numerics.model.kind), 1);
		kv_num(f, "    ", "params", (double)sc->numerics.model.params, 1);
		kv_num(f, "    ", "features", sc->numerics.model.features, 1);
		kv_num(f, "    ", "samples", (double)sc->numerics.samples, 1);
		kv_num(f, "    ", "lr", sc->numerics.lr, 1);
		kv_num(f, "    ", "momentum", sc->numerics.momentum, 1);
		kv_num(f, "    ", "teacher_loss", t->teacher_loss, 1);
		kv_num(f, "    ", "initial_loss", t->initial_loss, 1);
		kv_num(f, "    ", "final_loss", t->final_loss, 1);
		kv_num(f, "    ", "target_loss", sc->run.target_loss > 0 ?
		    sc->run.target_loss : NAN, 1);
		kv_num(f, "    ", "serial_deviation",
		    or_null(t->serial_deviation), 1);
		kv_num(f, "    ", "reduce_error", or_null(t->reduce_error), 0);
		fputs("  },\n", f);
	}
	kv_num(f, "  ", "time_to_target_s", t->present ?
	    or_null(t->time_to_target_s) : NAN, 1);
	if (!t->present)
		fputs("  \"loss_curve\": null,\n", f);
	else {
		fputs("  \"loss_curve\": [\n", f);
		for (i = 0; i < t->ncurve; i++) {
			fputs("    {\"step\": ", f);
			report_json_number(f, t->curve[i].step);
			pair_num(f, "simulated_time_s", t->curve[i].simulated_s);
			pair_num(f, "loss", t->curve[i].loss);
			fprintf(f, "}%s\n", i + 1 < t->ncurve ? "," : "");
		}
		fputs("  ],\n", f);
	}
	if (!p->present)
		fputs("  \"staleness\": null,\n", f);
	else {
		fputs("  \"staleness\": {\n", f);
		kv_num(f, "    ", "gradients", (double)p->stale_count, 1);
		kv_num(f, "    ", "mean", p->stale_mean, 1);
		kv_num(f, "    ", "p95", (double)p->stale_p95, 1);
		kv_num(f, "    ", "max", (double)p->stale_max, 1);
		fputs("    \"histogram\": [", f);
		for (i = 0; i < p->stale_bins; i++)
			fprintf(f, "%s%ld", i > 0 ? ", " : "", p->stale_hist[i]);
		fputs("]\n  },\n", f);
	}
	kv_num(f, "  ", "updates_applied", (double)p->applied, 1);
	kv_num(f, "  ", "dropped_gradients", p->dropped, 1);
	kv_num(f, "  ", "max_clocks_ahead", p->max_ahead >= 0 ?
	    (double)p->max_ahead : NAN, 1);
	kv_num(f, "  ", "goodput_steps_per_s", r->goodput_steps_per_s, 1);
	kv_num(f, "  ", "goodput_steady_steps_per_s",
	    r->goodput_steady_steps_per_s, 1);
	if (!r->cost.present)
		fputs("  \"cost\": null,\n", f);
	else {
		fputs("  \"cost\": {\n", f);
		kv_num(f, "    ", "worker_hours", r->cost.worker_h, 1);
		kv_num(f, "    ", "server_hours", r->cost.server_h, 1);
		kv_num(f, "    ", "storage_hours", r->cost.storage_h, 1);
		kv_num(f, "    ", "total", r->cost.total, 1);
		kv_num(f, "    ", "per_1000_steps", or_null(r->cost.per_1000_steps),
		    0);
		fputs("  },\n", f);
	}
	if (!r->faults) {
		fputs("  \"faults\": null,\n", f);
		return;
	}
	fputs("  \"faults\": {\n", f);
	kv_num(f, "    ", "preemptions", r->fstats.preemptions, 1);
	kv_num(f, "    ", "server_failures", r->fstats.server_failures, 1);
	kv_num(f, "    ", "link_failures", r->fstats.link_failures, 1);
	kv_num(f, "    ", "notices", r->fstats.notices, 1);
	kv_num(f, "    ", "restarts", r->fstats.restarts, 1);
	kv_num(f, "    ", "replacements_joined", r->fstats.joins, 1);
	kv_num(f, "    ", "no_spare", r->fstats.no_spare, 1);
	kv_num(f, "    ", "lost_steps", (double)r->fstats.lost_steps, 1);
	kv_num(f, "    ", "stalled_s", r->fstats.stalled_s, 1);
	kv_num(f, "    ", "restart_s", r->fstats.restart_s, 1);
	kv_num(f, "    ", "checkpoint_s", r->fstats.checkpoint_s, 1);
	kv_num(f, "    ", "done_s", or_null(r->fstats.done_s), 1);
	kv_num(f, "    ", "fault_events", fault_events(r), 1);
	fprintf(f, "    \"few_events\": %s\n", fault_events(r) <
	    FEW_FAULT_EVENTS ? "true" : "false");
	fputs("  },\n", f);
}

/* The hosts and links tables of the JSON report. */
static void
json_hosts_links(FILE *f, const struct results *r)
{
	char role[64];
	int i;

	fputs("  \"hosts\": [\n", f);
	for (i = 0; i < r->nhosts; i++) {
		const struct host_result *h = &r->hosts[i];

		fputs("    {", f);
		pair_str(f, "name", h->name, 1);
		report_role(h, role, sizeof role);
		pair_str(f, "role", role, 0);
		pair_num(f, "bytes_sent", h->bytes_sent);
		pair_num(f, "bytes_received", h->bytes_received);
		pair_num(f, "nic_gbps", h->nic_Bps * 8 / 1e9);
		pair_num(f, "nic_utilization", h->nic_utilization);
		fprintf(f, "}%s\n", i + 1 < r->nhosts ? "," : "");
	}
	fputs("  ],\n  \"links\": [\n", f);
	for (i = 0; i < r->nlinks; i++) {
		const struct link_result *l = &r->links[i];

		fputs("    {", f);
		pair_str(f, "name", l->name, 1);
		pair_num(f, "bytes", l->bytes);
		pair_num(f, "bandwidth_gbps", l->bandwidth_Bps * 8 / 1e9);
		pair_num(f, "utilization", l->utilization);
		fprintf(f, "}%s\n", i + 1 < r->nlinks ? "," : "");
	}
	fputs("  ],\n", f);
}

static void
json_bottleneck(FILE *f, const struct results *r)
{
	char res[128], why[512];

	report_bottleneck(r, res, sizeof res, why, sizeof why);
	fputs("  \"bottleneck\": {\n", f);
	kv_str(f, "    ", "kind", report_bottleneck_kind(r->bottleneck.kind),
	    1);
	kv_str(f, "    ", "resource", res, 1);
	kv_num(f, "    ", "utilization", r->bottleneck.utilization, 1);
	kv_str(f, "    ", "explanation", why, 0);
}

/* Figure j of the replicates over their runs: stats_of's count, and
 * the mean, sd and ci95. */
static int
rep_stats(const struct replicates *rep, int j, double *mean, double *sd,
    double *ci)
{
	double *col = xcalloc((size_t)rep->n, sizeof *col);
	int i, k;

	for (i = 0; i < rep->n; i++)
		col[i] = rep->v[(size_t)i * (size_t)rep->nfig + (size_t)j];
	k = stats_of(col, rep->n, mean, sd, ci);
	free(col);
	return k;
}

/* The index of the figure named name in rep, or -1 (also without rep). */
static int
rep_figure(const struct replicates *rep, const char *name)
{
	int j;

	for (j = 0; rep != NULL && j < rep->nfig; j++) {
		if (strcmp(rep->names[j], name) == 0)
			return j;
	}
	return -1;
}

/* "replicates": every run's figures and their statistics. */
static void
json_replicates(FILE *f, const struct replicates *rep)
{
	double mean, sd, ci;
	int i, j, k;

	fprintf(f, "  \"replicates\": {\n    \"n\": %d,\n    \"seeds\": [",
	    rep->n);
	for (i = 0; i < rep->n; i++)
		fprintf(f, "%s%lu", i > 0 ? ", " : "", rep->seeds[i]);
	fputs("],\n    \"runs\": [\n", f);
	for (i = 0; i < rep->n; i++) {
		fprintf(f, "      {\"seed\": %lu", rep->seeds[i]);
		for (j = 0; j < rep->nfig; j++)
			pair_num(f, rep->names[j], rep->v[(size_t)i *
			    (size_t)rep->nfig + (size_t)j]);
		fprintf(f, "}%s\n", i + 1 < rep->n ? "," : "");
	}
	fputs("    ],\n    \"stats\": {\n", f);
	for (j = 0; j < rep->nfig; j++) {
		k = rep_stats(rep, j, &mean, &sd, &ci);
		fprintf(f, "      \"%s\": {\"mean\": ", rep->names[j]);
		report_json_number(f, mean);
		pair_num(f, "sd", sd);
		pair_num(f, "ci95", ci);
		pair_num(f, "n", k);
		fprintf(f, "}%s\n", j + 1 < rep->nfig ? "," : "");
	}
	fputs("    }\n  },\n", f);
}

static void
write_json(FILE *f, const struct scenario *sc, const struct results *r)
{
	const struct analytic *a = &r->analytic;
	int i;

	fputs("{\n", f);
	kv_num(f, "  ", "psim_report_version", REPORT_VERSION, 1);
	kv_str(f, "  ", "scenario", sc->name, 1);
	if (sc->description != NULL)
		kv_str(f, "  ", "description", sc->description, 1);
	else
		fputs("  \"description\": null,\n", f);
	fputs("  \"overrides\": [", f);
	for (i = 0; i < sc->nsets; i++) {
		fputs(i > 0 ? ", " : "", f);
		utf8_json_string(f, sc->sets[i]);
	}
	fputs("],\n", f);
	kv_str(f, "  ", "strategy",
	    registry_family_name(sc->strategy.info->family), 1);
	kv_str(f, "  ", "algorithm", sc->strategy.algorithm, 1);
	kv_str(f, "  ", "network", scenario_network_name(sc->network), 1);
	fprintf(f, "  \"crosstraffic\": %s,\n", sc->crosstraffic ? "true" :
	    "false");
	kv_str(f, "  ", "topology", scenario_topology_name(
	    sc->cluster.topology), 1);
	kv_num(f, "  ", "workers", sc->placement.workers, 1);
	kv_num(f, "  ", "servers", sc->placement.servers, 1);
	kv_num(f, "  ", "shards", sc->strategy.info->family == FAMILY_PS ?
	    sc->strategy.shards : 0, 1);
	kv_num(f, "  ", "steps", r->steps, 1);
	kv_num(f, "  ", "warmup", sc->run.warmup, 1);
	kv_num(f, "  ", "seed", (double)sc->seed, 1);
	fputs("  \"model\": {\n", f);
	kv_num(f, "    ", "params", sc->model.params, 1);
	kv_str(f, "    ", "dtype", scenario_dtype_name(sc->model.dtype), 1);
	kv_num(f, "    ", "gradient_bytes", scenario_model_bytes(sc), 1);
	kv_str(f, "    ", "wire_dtype", scenario_dtype_name(
	    sc->strategy.wire_dtype), 1);
	kv_num(f, "    ", "wire_bytes", scenario_wire_bytes(sc), 1);
	if (sc->model.preset != NULL)
		kv_str(f, "    ", "preset", sc->model.preset, 1);
	else
		fputs("    \"preset\": null,\n", f);
	kv_num(f, "    ", "layers", sc->model.nlayers, 1);
	kv_num(f, "    ", "batch", sc->model.batch, 0);
	fputs("  },\n  \"step_time_s\": {\n", f);
	kv_num(f, "    ", "mean", r->step_mean_s, 1);
	kv_num(f, "    ", "p50", r->step_p50_s, 1);
	kv_num(f, "    ", "p95", r->step_p95_s, 1);
	kv_num(f, "    ", "max", r->step_max_s, 0);
	fputs("  },\n  \"breakdown_s\": {\n", f);
	kv_num(f, "    ", "compute", r->compute_s, 1);
	kv_num(f, "    ", "communication", r->communication_s, 1);
	kv_num(f, "    ", "exposed_communication", r->exposed_s, 1);
	kv_num(f, "    ", "wait", r->wait_s, 0);
	fputs("  },\n", f);
	kv_num(f, "  ", "overlap_ratio", r->overlap_ratio, 1);
	kv_num(f, "  ", "buckets", r->analytic.buckets, 1);
	kv_num(f, "  ", "throughput_samples_per_s", r->throughput_samples_per_s,
	    1);
	kv_num(f, "  ", "simulated_time_s", r->simulated_s, 1);
	json_training(f, sc, r);
	json_traffic(f, "worker_traffic", r, &r->worker, 1);
	json_traffic(f, "server_traffic", r, &r->server, 1);
	json_hosts_links(f, r);
	json_bottleneck(f, r);
	fputs("  },\n  \"analytic\": {\n", f);
	kv_num(f, "    ", "step_time_s", a->step_time_s, 1);
	kv_num(f, "    ", "compute_s", a->compute_s, 1);
	kv_num(f, "    ", "communication_s", a->communication_s, 1);
	kv_num(f, "    ", "exposed_communication_s", a->exposed_s, 1);
	kv_num(f, "    ", "latency_s", a->latency_s, 1);
	kv_num(f, "    ", "worker_bytes_sent_per_step", a->worker_sent_bytes, 1);
	kv_num(f, "    ", "worker_bytes_received_per_step",
	    a->worker_received_bytes, 1);
	kv_num(f, "    ", "required_gbps_worker", a->required_gbps_worker, 1);
	kv_num(f, "    ", "required_gbps_server", a->required_gbps_server, 1);
	kv_str(f, "    ", "dominant_term", a->dominant, 1);
	kv_str(f, "    ", "paced_by", a->paced_by, 1);
	kv_str(f, "    ", "formula", a->formula, 1);
	kv_str(f, "    ", "evaluated", a->evaluated, 0);
	fputs("  },\n  \"conservation\": {\n", f);
	kv_num(f, "    ", "bytes_sent", r->total_sent, 1);
	kv_num(f, "    ", "bytes_received", r->total_received, 0);
	fputs("  },\n", f);
	if (r->rep != NULL)
		json_replicates(f, r->rep);
	fputs("  \"simulation\": {\n", f);
	kv_num(f, "    ", "messages", (double)r->messages, 1);
	fprintf(f, "    \"wall_s\": %.3f\n", r->wall_s);
	fputs("  }\n}\n", f);
}

/* The figures whose mean and ci95 over run.replicates the CSV report
 * carries, as <column>_mean and <column>_ci95 (empty without replicates),
 * so that a sweep's results.csv has them. */
static const char *const replicated[] = {
	"step_time_mean_s", "step_time_p50_s", "step_time_p95_s",
	"step_time_max_s", "compute_s", "communication_s", "wait_s",
	"throughput_samples_per_s", "worker_bytes_sent_per_step",
	"worker_bytes_received_per_step", "worker_required_gbps",
	"server_bytes_received_per_step", "server_required_gbps",
	"bottleneck_utilization", "messages", "updates_per_s", "final_loss",
	"time_to_target_s", "staleness_mean", "dropped_gradients",
	"goodput_steps_per_s", "goodput_steady_steps_per_s", "preemptions",
	"lost_steps", "stalled_s", NULL
};

const char *
report_csv_header(void)
{
	static char header[4096];
	size_t k;

	if (header[0] != '\0')
		return header;
	strcpy(header, "psim_report_version,scenario,strategy,algorithm,"
	    "network,workers,servers,steps,step_time_mean_s,step_time_p50_s,"
	    "step_time_p95_s,step_time_max_s,compute_s,communication_s,"
	    "wait_s,throughput_samples_per_s,worker_bytes_sent_per_step,"
	    "worker_bytes_received_per_step,worker_required_gbps,"
	    "server_bytes_received_per_step,server_required_gbps,"
	    "bottleneck_kind,bottleneck_resource,bottleneck_utilization,"
	    "analytic_step_time_s,analytic_communication_s,"
	    "analytic_required_gbps_worker,messages,updates_per_s,"
	    "final_loss,time_to_target_s,staleness_mean,dropped_gradients,"
	    "goodput_steps_per_s,goodput_steady_steps_per_s,preemptions,"
	    "lost_steps,stalled_s,");
	for (k = 0; replicated[k] != NULL; k++) {
		strcat(header, replicated[k]);
		strcat(header, "_mean,");
		strcat(header, replicated[k]);
		strcat(header, "_ci95,");
	}
	strcat(header, "overrides,wall_s");
	return header;
}

/* The <column>_mean,<column>_ci95, fields of the replicated figures. */
static void
csv_replicated(FILE *f, const struct replicates *rep)
{
	double mean, sd, ci;
	size_t k;
	int j;

	for (k = 0; replicated[k] != NULL; k++) {
		if ((j = rep_figure(rep, replicated[k])) < 0 ||
		    rep_stats(rep, j, &mean, &sd, &ci) == 0)
			fputs(",,", f);
		else
			fprintf(f, "%.12g,%.12g,", mean, ci);
	}
}

/* The --set overrides as one CSV field, sep between them. */
static void
overrides(FILE *f, const struct scenario *sc, const char *sep)
{
	char *all = xstrdup(""), *next;
	int i;

	for (i = 0; i < sc->nsets; i++) {
		xasprintf(&next, "%s%s%s", all, i > 0 ? sep : "", sc->sets[i]);
		free(all);
		all = next;
	}
	csv_write_field(f, all);
	free(all);
}

/* CSV: one header line and one row of the flat figures. */
static void
write_csv(FILE *f, const struct scenario *sc, const struct results *r)
{
	const struct analytic *a = &r->analytic;
	char res[128], why[512];

	fprintf(f, "%s\n", report_csv_header());
	fprintf(f, "%d,", REPORT_VERSION);
	csv_write_field(f, sc->name);
	fprintf(f, ",%s,%s,%s,%d,%d,%d,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g,"
	    "%.12g,%.12g,%.15g,%.15g,%.12g,",
	    registry_family_name(sc->strategy.info->family),
	    sc->strategy.algorithm, scenario_network_name(sc->network),
	    sc->placement.workers, sc->placement.servers, r->steps,
	    r->step_mean_s, r->step_p50_s, r->step_p95_s, r->step_max_s,
	    r->compute_s, r->communication_s, r->wait_s,
	    r->throughput_samples_per_s, r->worker.bytes_sent_per_step,
	    r->worker.bytes_received_per_step, r->worker.required_gbps);
	if (r->server.present)
		fprintf(f, "%.15g,%.12g,", r->server.bytes_received_per_step,
		    r->server.required_gbps);
	else
		fputs(",,", f);
	report_bottleneck(r, res, sizeof res, why, sizeof why);
	fprintf(f, "%s,", report_bottleneck_kind(r->bottleneck.kind));
	csv_write_field(f, res);
	fprintf(f, ",%.12g,%.12g,%.12g,%.12g,%ld,%.12g,",
	    r->bottleneck.utilization, a->step_time_s, a->communication_s,
	    a->required_gbps_worker, r->messages, r->protocol.updates_per_s);
	/* empty fields where there is no such figure */
	if (r->training.present)
		fprintf(f, "%.12g,", r->training.final_loss);
	else
		fputc(',', f);
	if (r->training.present && r->training.time_to_target_s >= 0)
		fprintf(f, "%.12g,", r->training.time_to_target_s);
	else
		fputc(',', f);
	if (r->protocol.present)
		fprintf(f, "%.12g,%.12g,", r->protocol.stale_mean,
		    r->protocol.dropped);
	else
		fputs(",,", f);
	fprintf(f, "%.12g,%.12g,", r->goodput_steps_per_s,
	    r->goodput_steady_steps_per_s);
	if (r->faults)
		fprintf(f, "%d,%ld,%.12g,", r->fstats.preemptions,
		    r->fstats.lost_steps, r->fstats.stalled_s);
	else
		fputs(",,,", f);
	csv_replicated(f, r->rep);
	overrides(f, sc, "; ");
	fputc(',', f);
	fprintf(f, "%.3f\n", r->wall_s);	/* last: the one wall-clock field */
}

static void
describe_cluster(const struct scenario *sc, char *buf, size_t len)
{
	char bw[32], sw[32];

	if (sc->cluster.topology == TOPO_PLATFORM) {
		snprintf(buf, len, "platform %s", sc->cluster.platform);
		return;
	}
	units_fmt_rate(sc->cluster.nic_Bps, bw, sizeof bw);
	if (sc->cluster.gpus_per_host > 1) {
		units_fmt_rate(sc->cluster.intra_Bps, sw, sizeof sw);
		snprintf(buf, len, "%d hosts of %d GPUs (%s each to the host's "
		    "switch), %s NICs", sc->cluster.hosts,
		    sc->cluster.gpus_per_host, sw, bw);
		return;
	}
	if (sc->cluster.topology == TOPO_STAR)
		snprintf(buf, len, "star of %d hosts, %s NICs", sc->cluster.hosts,
		    bw);
	else if (sc->cluster.hosts % sc->cluster.racks == 0)
		snprintf(buf, len, "two-tier, %d racks of %d hosts, %s NICs, "
		    "%g:1 uplinks", sc->cluster.racks, sc->cluster.hosts /
		    sc->cluster.racks, bw, sc->cluster.oversubscription);
	else
		snprintf(buf, len, "two-tier, %d hosts in %d racks of %d or "
		    "%d, %s NICs, %g:1 uplinks", sc->cluster.hosts,
		    sc->cluster.racks, sc->cluster.hosts / sc->cluster.racks,
		    sc->cluster.hosts / sc->cluster.racks + 1, bw,
		    sc->cluster.oversubscription);
	if (sc->cluster.switch_Bps > 0) {
		units_fmt_rate(sc->cluster.switch_Bps, sw, sizeof sw);
		snprintf(buf + strlen(buf), len - strlen(buf), ", %s switch",
		    sw);
	}
}

static void
row(FILE *f, const char *label, double sim, double ana, int have_ana)
{
	char a[32], b[32];

	units_fmt_time(sim, a, sizeof a);
	units_fmt_time(ana, b, sizeof b);
	fprintf(f, "  %-22s %-14s %s\n", label, a, have_ana ? b : "");
}

/* "3 restarts" or "1 restart", then what follows. */
static void
counted(FILE *f, long n, const char *what, const char *then)
{
	fprintf(f, "%ld %s%s%s", n, what, n == 1 ? "" : "s", then);
}

/* The loss reached and the protocol's figures, beside the step time. */
static void
text_training(FILE *f, const struct scenario *sc, const struct results *r)
{
	const struct training *t = &r->training;
	const struct protocol *p = &r->protocol;
	char b1[64], b2[32];

	if (p->present) {
		fprintf(f, "  %-22s %.4g/s\n", "updates applied",
		    p->updates_per_s);
		fprintf(f, "  %-22s mean %.3g, p95 %ld, max %ld (updates "
		    "between a gradient's pull and its use)\n", "staleness",
		    p->stale_mean, p->stale_p95, p->stale_max);
	}
	if (sc->strategy.sync == SYNC_BACKUP)
		fprintf(f, "  %-22s %.4g (%.3g per step)\n", "dropped gradients",
		    p->dropped, p->applied > 0 ? p->dropped / p->applied : 0);
	if (p->max_ahead >= 0)
		fprintf(f, "  %-22s %ld (bound %d)\n", "most clocks ahead",
		    p->max_ahead, sc->strategy.staleness);
	if (r->faults) {
		fprintf(f, "  %-22s ", "faults");
		counted(f, r->fstats.preemptions, "preemption", ", ");
		if (r->fstats.server_failures > 0)
			counted(f, r->fstats.server_failures, "server failure",
			    ", ");
		if (r->fstats.link_failures > 0)
			counted(f, r->fstats.link_failures, "link failure",
			    ", ");
		counted(f, r->fstats.restarts, "restart", ", ");
		counted(f, r->fstats.joins, "replacement", " joined, ");
		counted(f, r->fstats.lost_steps, "step", " lost\n");
		fprintf(f, "  %-22s ", "");
		units_fmt_time(r->fstats.stalled_s, b2, sizeof b2);
		fprintf(f, "%s stalled, ", b2);
		units_fmt_time(r->fstats.restart_s, b2, sizeof b2);
		fprintf(f, "%s restarting, ", b2);
		units_fmt_time(r->fstats.checkpoint_s, b2, sizeof b2);
		fprintf(f, "%s checkpointing\n", b2);
		if (fault_events(r) < FEW_FAULT_EVENTS)
			fprintf(f, "  %-22s only %d fault events in this run: "
			    "what faults cost here is\n  %-22s mostly chance "
			    "(a longer run.duration, or run.replicates)\n", "",
			    fault_events(r), "");
	}
	fprintf(f, "  %-22s %.4g steps/s\n", "goodput",
	    r->goodput_steps_per_s);
	fprintf(f, "  %-22s %.4g steps/s (after the warm-up and the first "
	    "10%% of the run)\n", "steady goodput",
	    r->goodput_steady_steps_per_s);
	if (r->cost.present && r->cost.per_1000_steps >= 0)
		fprintf(f, "  %-22s %.4g per 1000 steps (%.4g in all: %.4g worker, "
		    "%.4g server hours)\n", "cost", r->cost.per_1000_steps,
		    r->cost.total, r->cost.worker_h, r->cost.server_h);
	if (!t->present)
		return;
	if (isfinite(t->final_loss))
		fprintf(f, "  %-22s %-14.4g teacher %.4g, from %.4g\n",
		    "final loss", t->final_loss, t->teacher_loss,
		    t->initial_loss);
	else
		fprintf(f, "  %-22s %-14s the parameters overflowed: lower "
		    "numerics.lr or momentum\n", "final loss", "diverged");
	if (sc->run.target_loss > 0) {
		snprintf(b1, sizeof b1, "time to loss %g", sc->run.target_loss);
		if (t->time_to_target_s >= 0)
			units_fmt_time(t->time_to_target_s, b2, sizeof b2);
		fprintf(f, "  %-22s %s\n", b1, t->time_to_target_s >= 0 ? b2 :
		    "not reached");
	}
}

/* The replicated figures: mean +- the 95% interval's half-width. */
static void
text_replicates(FILE *f, const struct replicates *rep)
{
	static const struct {
		const char	*col, *label, *unit;
	} show[] = {
		{ "step_time_mean_s", "step time", "s" },
		{ "throughput_samples_per_s", "throughput", "samples/s" },
		{ "goodput_steps_per_s", "goodput", "steps/s" },
		{ "goodput_steady_steps_per_s", "steady goodput", "steps/s" },
		{ "preemptions", "preemptions", "" },
		{ "stalled_s", "stalled", "s" },
		{ "final_loss", "final loss", "" },
		{ "time_to_target_s", "time to target loss", "s" },
	};
	double mean, sd, ci;
	size_t k;
	int j, m;

	fprintf(f, "  %-22s %d runs, seeds %lu to %lu (seed + i)\n",
	    "replicates", rep->n, rep->seeds[0], rep->seeds[rep->n - 1]);
	for (k = 0; k < sizeof show / sizeof show[0]; k++) {
		if ((j = rep_figure(rep, show[k].col)) < 0 ||
		    (m = rep_stats(rep, j, &mean, &sd, &ci)) == 0)
			continue;
		fprintf(f, "    %-20s %.4g \u00b1 %.2g%s%s (95%%, %d runs)\n",
		    show[k].label, mean, ci, show[k].unit[0] ? " " : "",
		    show[k].unit, m);
	}
}

static void
write_text(FILE *f, const struct scenario *sc, const struct results *r)
{
	const struct analytic *a = &r->analytic;
	char cl[256], b1[32], b2[32], res[128], why[512];
	int i;

	describe_cluster(sc, cl, sizeof cl);
	fprintf(f, "%s: %s", sc->name, sc->strategy.info->name);
	if (sc->strategy.info->family == FAMILY_PS)
		fprintf(f, " (%s, %d shard%s%s)", sc->strategy.algorithm,
		    sc->strategy.shards, sc->strategy.shards > 1 ? "s" : "",
		    sc->strategy.colocate ? " on workers" : "");
	else
		fputs(" all-reduce", f);
	fprintf(f, ", %d workers", sc->placement.workers);
	if (sc->placement.servers > 0)
		fprintf(f, ", %d server%s", sc->placement.servers,
		    sc->placement.servers > 1 ? "s" : "");
	units_fmt_bytes(scenario_wire_bytes(sc), b1, sizeof b1);
	fprintf(f, "\n  %s gradient (%.4g params, %s", b1, sc->model.params,
	    scenario_dtype_name(sc->model.dtype));
	if (sc->strategy.wire_dtype != sc->model.dtype)
		fprintf(f, ", sent as %s",
		    scenario_dtype_name(sc->strategy.wire_dtype));
	fprintf(f, "), %s, network %s%s\n", cl,
	    scenario_network_name(sc->network),
	    sc->network == NET_REALISTIC && !sc->crosstraffic ?
	    " (no cross-traffic)" : sc->network == NET_CM02 &&
	    sc->crosstraffic ? " (with cross-traffic)" : "");
	if (sc->numerics.mode == NUM_PROXY)
		fprintf(f, "  numerics proxy: a %ld-parameter %s model trains "
		    "while the wire carries the model above\n",
		    sc->numerics.model.params,
		    nn_kind_name(sc->numerics.model.kind));
	else if (sc->numerics.mode == NUM_REAL)
		fprintf(f, "  numerics real: the %s model's own floats travel\n",
		    nn_kind_name(sc->numerics.model.kind));
	for (i = 0; i < sc->nsets; i++)
		fprintf(f, "%s--set %s", i == 0 ? "  overrides: " : " ",
		    sc->sets[i]);
	if (sc->nsets > 0)
		fprintf(f, "\n");
	if (sc->description != NULL)
		fprintf(f, "  %s%s\n", sc->nsets > 0 ? "the file's description: "
		    : "", sc->description);
	fputc('\n', f);

	fprintf(f, "  %-22s %-14s %s\n", "", "simulated", "analytic");
	row(f, "step time", r->step_mean_s, a->step_time_s, 1);
	row(f, "  compute", r->compute_s, a->compute_s, 1);
	row(f, "  communication", r->communication_s, a->communication_s, 1);
	if (a->buckets > 0) {
		row(f, "    not hidden", r->exposed_s, a->exposed_s, 1);
		fprintf(f, "  %-22s %.0f%% of the communication, in %d "
		    "buckets\n", "  hidden by backprop", 100 * r->overlap_ratio,
		    a->buckets);
	}
	row(f, "  wait for peers", r->wait_s, 0, 0);
	snprintf(b1, sizeof b1, "%.4g Gbps", r->worker.required_gbps);
	snprintf(b2, sizeof b2, "%.4g Gbps", a->required_gbps_worker);
	fprintf(f, "  %-22s %-14s %s\n", "worker NIC needs", b1, b2);
	if (r->server.present) {
		snprintf(b1, sizeof b1, "%.4g Gbps", r->server.required_gbps);
		snprintf(b2, sizeof b2, "%.4g Gbps", a->required_gbps_server);
		fprintf(f, "  %-22s %-14s %s\n", "server NIC needs", b1, b2);
	}
	fprintf(f, "  %-22s %.4g samples/s\n", "throughput",
	    r->throughput_samples_per_s);
	text_training(f, sc, r);
	if (r->rep != NULL)
		text_replicates(f, r->rep);
	fputc('\n', f);

	report_bottleneck(r, res, sizeof res, why, sizeof why);
	fprintf(f, "bottleneck: %s, %s\n  %s\n\n",
	    report_bottleneck_kind(r->bottleneck.kind), res, why);

	fprintf(f, "  %-28s %-14s %s\n", "busiest links", "per step",
	    "utilization");
	for (i = 0; i < r->nlinks && i < 5; i++) {
		units_fmt_bytes(r->links[i].bytes / r->steps, b1, sizeof b1);
		fprintf(f, "  %-28s %-14s %.0f%%\n", r->links[i].name, b1,
		    100 * r->links[i].utilization);
	}
	fprintf(f, "\nanalytic: %s\n  %s\n", a->formula, a->evaluated);
	if (a->communication_s > 0)
		fprintf(f, "  the %s term dominates (latency is %.3g%% of the "
		    "communication); paced by %s\n", a->dominant,
		    100 * a->latency_s / a->communication_s, a->paced_by);
	if (a->step_time_s > 0 &&
	    fabs(r->step_mean_s - a->step_time_s) > 0.1 * a->step_time_s)
		fprintf(f, "  simulated and analytic differ by %.0f%%: the closed "
		    "form counts %s;\n  the simulation also has %s\n",
		    100 * (r->step_mean_s - a->step_time_s) / a->step_time_s,
		    sc->cluster.topology == TOPO_PLATFORM ?
		    "every link of the routes" :
		    "the NICs, uplinks and switch backplane",
		    sc->network == NET_REALISTIC ? "TCP effects (below)" :
		    "the actors' overlap of rounds, compute and "
		    "communication");
	if (sc->network == NET_REALISTIC)
		fprintf(f, "  network \"realistic\" is SimGrid's LV08 model "
		    "(latency x13.01, bandwidth x0.97,\n  TCP window cap%s), "
		    "so simulated runs above the formula;\n  set "
		    "\"network\": \"ideal\" to match it\n", sc->crosstraffic ?
		    ", 5% reverse traffic" : "");
	fprintf(f, "\n%d step%s (%d warm-up) in %.4g simulated s; %ld messages; "
	    "engine wall clock %.2f s\n", r->steps, r->steps == 1 ? "" : "s",
	    sc->run.warmup, r->simulated_s, r->messages, r->wall_s);
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

char *
report_csv(const struct scenario *sc, const struct results *r)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *m;

	if ((m = open_memstream(&buf, &n)) == NULL)
		fatal("out of memory");
	report_write(m, REPORT_CSV, sc, r);
	if (fclose(m) != 0)
		fatal("out of memory");
	return buf;
}

void
report_write(FILE *f, enum report_format fmt, const struct scenario *sc,
    const struct results *r)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *m;

	if (fmt == REPORT_JSON) {
		write_json(f, sc, r);
		return;
	}
	if ((m = open_memstream(&buf, &n)) == NULL)
		fatal("out of memory");
	if (fmt == REPORT_TEXT)
		write_text(m, sc, r);
	else
		write_csv(m, sc, r);
	if (fclose(m) != 0)
		fatal("out of memory");
	report_printable(f, buf, n);
	free(buf);
}
