/* report.c: text, JSON and CSV reports of one run.
 *
 * The JSON report is a public, versioned contract (psim(1)): keys are
 * added, never renamed, and every figure carries its unit in its key.
 * The JSON report, the CSV header and row and the text report's
 * replicated and labelled lines are the table's (figures.def); the text
 * report's prose is written here.
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
#include "figures.h"
#include "replicates.h"
#include "report.h"
#include "results.h"
#include "scenario.h"
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


int
report_has_departure(const struct scenario *sc, enum departure d)
{
	switch (d) {
	case D_JOBS:	/* a job of several */
		return sc->job.name != NULL;
	case D_FAULTS:
		return sc->faults.on;
	case D_STRAGGLERS:
		return sc->cluster.nslow > 0 || sc->cluster.jitter !=
		    JITTER_NONE;
	case D_LINKS:
		return sc->cluster.topology != TOPO_PLATFORM &&
		    sc->cluster.gpus_per_host <= 1 &&
		    (sc->cluster.switch_Bps > 0 ||
		    sc->cluster.topology == TOPO_TWO_TIER);
	case D_NETWORK:
		return sc->network != NET_IDEAL;
	case D_N:
		break;
	}
	return 0;
}

const char *
report_departure_words(const struct scenario *sc, enum departure d)
{
	static const char *const words[] = {
		[D_JOBS] = "the other jobs, on the links they share with this "
		    "one (the job alone on its hosts)",
		[D_FAULTS] = "faults: preemptions, failures, restarts, "
		    "checkpoints (the closed form has none)",
		[D_STRAGGLERS] = "stragglers and compute jitter (a step waits "
		    "for the slowest: the closed form has the slowest draw's "
		    "expectation, the run its draws, and no slow host)",
		[D_LINKS] = "links beyond the NICs: the switch backplane, the "
		    "rack uplinks",
	};

	if (d != D_NETWORK)
		return d < D_N ? words[d] : "";
	if (sc->network == NET_REALISTIC)
		return sc->crosstraffic ? "the realistic network (LV08: "
		    "latency x13.01, bandwidth x0.97, the TCP window, 5% "
		    "reverse traffic)" : "the realistic network (LV08: latency "
		    "x13.01, bandwidth x0.97, the TCP window)";
	return "the cm02 network (a flow capped at the TCP window over twice "
	    "the latency)";
}



/* The JSON writer's place: the innermost object open is the first len
 * bytes of the path open ("" at the top); first: nothing is written in
 * it yet.  An object's path is a prefix of its rows' paths. */
struct json_out {
	FILE		*f;
	const char	*open;
	size_t		 len;
	int		 first;
};

/* The objects open inside the report's own. */
static int
json_depth(const struct json_out *o)
{
	size_t i;
	int d = o->len > 0;

	for (i = 0; i < o->len; i++)
		d += o->open[i] == '.';
	return d;
}

static void
json_close(struct json_out *o)
{
	fprintf(o->f, "\n%*s}", 2 * json_depth(o), "");
	while (o->len > 0 && o->open[--o->len] != '.')
		;
	o->first = 0;
}

static void
json_name(struct json_out *o, const char *key, size_t n)
{
	fprintf(o->f, "%s%*s\"%.*s\": ", o->first ? "\n" : ",\n",
	    2 * (json_depth(o) + 1), "", (int)n, key);
	o->first = 0;
}

/* The key of the row at path: the objects it is not in closed, those it
 * is in opened. */
static void
json_key(struct json_out *o, const char *path)
{
	const char *key, *dot;

	while (o->len > 0 && !(strncmp(o->open, path, o->len) == 0 &&
	    path[o->len] == '.'))
		json_close(o);
	for (;;) {
		key = path + (o->len > 0 ? o->len + 1 : 0);
		if ((dot = strchr(key, '.')) == NULL)
			break;
		json_name(o, key, (size_t)(dot - key));
		fputc('{', o->f);
		o->open = path;
		o->len = (size_t)(dot - path);
		o->first = 1;
	}
	json_name(o, key, strlen(key));
}

/* Row fg's value v, present or F_JSON_ALWAYS. */
static void
json_value(struct json_out *o, const struct figure *fg,
    const struct figure_value *v, const struct scenario *sc,
    const struct results *r)
{
	switch (fg->format) {
	case FMT_MS:
		fprintf(o->f, "%.3f", v->x);
		break;
	case FMT_WORD:
	case FMT_TEXT:
		utf8_json_string(o->f, v->s);
		break;
	case FMT_BOOL:
		fputs(v->x != 0 ? "true" : "false", o->f);
		break;
	case FMT_CUSTOM:
		v->custom->json(o->f, 2 * json_depth(o) + 2, sc, r);
		break;
	case FMT_OBJECT:
		fputc('{', o->f);
		o->open = fg->path;
		o->len = strlen(fg->path);
		o->first = 1;
		break;
	default:
		report_json_number(o->f, v->x);
	}
}

/* The JSON report: the table's rows in order (figures.def). */
static void
write_json(FILE *f, const struct scenario *sc, const struct results *r)
{
	struct json_out o = { f, "", 0, 1 };
	struct figure_value v[FIG_COUNT];
	struct figure_words w;
	const struct figure *fg;
	int i;

	figures_eval(sc, r, &w, v);
	fputc('{', f);
	for (i = 0; i < FIG_COUNT; i++) {
		fg = &figures[i];
		if (!v[i].inside || (!v[i].present && (fg->flags & F_OMIT)))
			continue;
		json_key(&o, fg->path);
		if (v[i].present || (fg->flags & F_JSON_ALWAYS))
			json_value(&o, fg, &v[i], sc, r);
		else
			fputs("null", f);
	}
	while (o.len > 0)
		json_close(&o);
	fputs("\n}\n", f);
}

/* The CSV header: the columns in their places, each F_REPLICATED one's
 * <column>_mean and <column>_ci95, then the CSV_LAST ones. */
static void
csv_header(FILE *f)
{
	int idx[FIG_COUNT], n, nlast, k;

	n = figures_csv_order(idx, &nlast);
	for (k = 0; k < n - nlast; k++)
		fprintf(f, "%s%s", k > 0 ? "," : "", figures[idx[k]].csv);
	for (k = 0; k < n - nlast; k++) {
		if (figures[idx[k]].flags & F_REPLICATED)
			fprintf(f, ",%s_mean,%s_ci95", figures[idx[k]].csv,
			    figures[idx[k]].csv);
	}
	for (k = n - nlast; k < n; k++)
		fprintf(f, ",%s", figures[idx[k]].csv);
}

const char *
report_csv_header(void)
{
	static char *header;
	size_t n = 0;
	FILE *m;

	if (header != NULL)
		return header;
	if ((m = open_memstream(&header, &n)) == NULL)
		fatal("out of memory");
	csv_header(m);
	if (fclose(m) != 0)
		fatal("out of memory");
	return header;
}

/* Row fg's CSV field: empty when the run does not have it. */
static void
csv_value(FILE *f, const struct figure *fg, const struct figure_value *v,
    const struct scenario *sc, const struct results *r)
{
	if (!v->present)
		return;
	switch (fg->format) {
	case FMT_INT:
		fprintf(f, "%.0f", v->x);
		break;
	case FMT_G15:
		fprintf(f, "%.15g", v->x);
		break;
	case FMT_MS:
		fprintf(f, "%.3f", v->x);
		break;
	case FMT_WORD:
		fputs(v->s != NULL ? v->s : "", f);
		break;
	case FMT_TEXT:
		csv_write_field(f, v->s != NULL ? v->s : "");
		break;
	case FMT_BOOL:
		fputs(v->x != 0 ? "true" : "false", f);
		break;
	case FMT_CUSTOM:
		if (v->custom->csv != NULL)
			v->custom->csv(f, sc, r);
		break;
	case FMT_OBJECT:
		break;
	default:
		fprintf(f, "%.12g", v->x);
	}
}

/* A replicated figure's ,<mean>,<ci95> over run.replicates (empty
 * without them). */
static void
csv_replicated(FILE *f, const struct replicates *rep, const char *name)
{
	double mean, sd, ci;
	int j;

	if ((j = replicates_figure(rep, name)) < 0 ||
	    replicates_stats(rep, j, &mean, &sd, &ci) == 0)
		fputs(",,", f);
	else
		fprintf(f, ",%.12g,%.12g", mean, ci);
}

/* CSV: one header line and one row, the columns as csv_header has them. */
static void
write_csv(FILE *f, const struct scenario *sc, const struct results *r)
{
	struct figure_value v[FIG_COUNT];
	struct figure_words w;
	int idx[FIG_COUNT], n, nlast, k;

	figures_eval(sc, r, &w, v);
	n = figures_csv_order(idx, &nlast);
	fprintf(f, "%s\n", report_csv_header());
	for (k = 0; k < n - nlast; k++) {
		if (k > 0)
			fputc(',', f);
		csv_value(f, &figures[idx[k]], &v[idx[k]], sc, r);
	}
	for (k = 0; k < n - nlast; k++) {
		if (figures[idx[k]].flags & F_REPLICATED)
			csv_replicated(f, r->rep, figures[idx[k]].csv);
	}
	for (k = n - nlast; k < n; k++) {
		fputc(',', f);
		csv_value(f, &figures[idx[k]], &v[idx[k]], sc, r);
	}
	fputc('\n', f);
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
	if (sc->cluster.machine != NULL) {
		units_fmt_rate(sc->cluster.intra_Bps, sw, sizeof sw);
		snprintf(buf, len, "%d %s machine%s of %d GPUs (%d PCIe "
		    "switches of %d, %s each GPU, on %d socket%s), %s NICs",
		    sc->cluster.hosts, sc->cluster.machine->name,
		    sc->cluster.hosts == 1 ? "" : "s",
		    sc->cluster.gpus_per_host,
		    hw_machine_switches(sc->cluster.machine),
		    sc->cluster.machine->per_switch, sw,
		    sc->cluster.machine->sockets,
		    sc->cluster.machine->sockets > 1 ? "s" : "", bw);
		return;
	}
	if (sc->cluster.gpus_per_host > 1) {
		units_fmt_rate(sc->cluster.intra_Bps, sw, sizeof sw);
		snprintf(buf, len, "%d host%s of %d GPUs (%s each to the host's "
		    "switch), %s NICs", sc->cluster.hosts,
		    sc->cluster.hosts == 1 ? "" : "s",
		    sc->cluster.gpus_per_host, sw, bw);
		return;
	}
	if (sc->cluster.topology == TOPO_STAR)
		snprintf(buf, len, "star of %d host%s, %s NICs",
		    sc->cluster.hosts, sc->cluster.hosts == 1 ? "" : "s", bw);
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

/* A trace's hosts that no worker, server or link replays, and their
 * events: said, since a run that shows fewer faults than its trace has
 * is otherwise a puzzle. */
static void
unreplayed(FILE *f, const struct scenario *sc, const struct fault_stats *fs)
{
	static const char *const key[3] = { "faults.preemption.trace",
	    "faults.servers.trace", "faults.links.trace" };
	static const char *const slot[3] = { "workers", "servers",
	    "workers' links" };
	const struct fault_spec *spec;
	int k;

	for (k = FAULTS_OF_WORKERS; k <= FAULTS_OF_LINKS; k++) {
		if (fs->unreplayed_hosts[k] == 0)
			continue;
		spec = scenario_faults_of(sc, (enum fault_of)k);
		fprintf(f, "  %-22s %s: %d host%s after the first %d (the %s), "
		    "from \"%s\" on,\n  %-22s map to none: %d event%s not "
		    "replayed\n", "", key[k], fs->unreplayed_hosts[k],
		    fs->unreplayed_hosts[k] == 1 ? "" : "s", fs->slots[k],
		    slot[k], spec->tr->hosts[fs->slots[k]], "",
		    fs->unreplayed_events[k],
		    fs->unreplayed_events[k] == 1 ? "" : "s");
	}
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
		fprintf(f, "%s checkpointing%s\n", b2,
		    r->fstats.saved_beside_s > 0 ? " (beside the steps)" : "");
		unreplayed(f, sc, &r->fstats);
		if (fault_stats_events(&r->fstats) < FEW_FAULT_EVENTS)
			fprintf(f, "  %-22s only %d fault events in this run: "
			    "what faults cost here is\n  %-22s mostly chance "
			    "(a longer run.duration, or run.replicates)\n", "",
			    fault_stats_events(&r->fstats), "");
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

/* The replicated figures that have a label, in the text's order: mean
 * +- the 95% interval's half-width. */
static void
text_replicates(FILE *f, const struct replicates *rep)
{
	const struct figure *fg;
	double mean, sd, ci;
	int idx[FIG_COUNT], n, k, j, m;

	fprintf(f, "  %-22s %d runs, seeds %lu to %lu (seed + i)\n",
	    "replicates", rep->n, rep->seeds[0], rep->seeds[rep->n - 1]);
	n = figures_text_order(idx);
	for (k = 0; k < n; k++) {
		fg = &figures[idx[k]];
		if (!(fg->flags & F_REPLICATED) ||
		    (j = replicates_figure(rep, fg->csv)) < 0 ||
		    (m = replicates_stats(rep, j, &mean, &sd, &ci)) == 0)
			continue;
		if (strcmp(fg->unit, "%") == 0)	/* a fraction, as a percent */
			fprintf(f, "    %-20s %+.3g%% \u00b1 %.2g%% (95%%, %d "
			    "runs)\n", fg->label, 100 * mean, 100 * ci, m);
		else
			fprintf(f, "    %-20s %.4g \u00b1 %.2g%s%s (95%%, %d "
			    "runs)\n", fg->label, mean, ci, fg->unit[0] ?
			    " " : "", fg->unit, m);
	}
}

/* The figures with a label that the prose does not say, in the text's
 * order: "label  value unit". */
static void
text_figures(FILE *f, const struct scenario *sc, const struct results *r)
{
	struct figure_value v[FIG_COUNT];
	struct figure_words w;
	const struct figure *fg;
	int idx[FIG_COUNT], n, k;

	figures_eval(sc, r, &w, v);
	n = figures_text_order(idx);
	for (k = 0; k < n; k++) {
		fg = &figures[idx[k]];
		if ((fg->flags & F_PROSE) || !v[idx[k]].present)
			continue;
		fprintf(f, "  %-22s ", fg->label);
		if (fg->format == FMT_WORD || fg->format == FMT_TEXT)
			fputs(v[idx[k]].s != NULL ? v[idx[k]].s : "", f);
		else if (fg->format == FMT_BOOL)
			fputs(v[idx[k]].x != 0 ? "yes" : "no", f);
		else if (strcmp(fg->unit, "%") == 0) {	/* a fraction */
			fprintf(f, "%+.3g%%\n", 100 * v[idx[k]].x);
			continue;
		} else
			fprintf(f, fg->format == FMT_INT ? "%.0f" : "%.4g",
			    v[idx[k]].x);
		fprintf(f, "%s%s\n", fg->unit[0] ? " " : "", fg->unit);
	}
}

/* What the simulation measured of departure d; "" when it measures
 * nothing of its own. */
static void
departure_measured(const struct results *r, enum departure d, char *buf,
    size_t len)
{
	const struct fault_stats *fs = &r->fstats;
	char b1[32], b2[32];

	buf[0] = '\0';
	if (d == D_FAULTS && r->faults) {
		units_fmt_time(fault_stats_still(fs), b1, sizeof b1);
		units_fmt_time(r->simulated_s, b2, sizeof b2);
		snprintf(buf, len, "the job stood still %s of its %s "
		    "simulated (stalled, restarting, checkpointing)", b1, b2);
	} else if (d == D_STRAGGLERS) {
		units_fmt_time(r->wait_s, b1, sizeof b1);
		snprintf(buf, len, "a step waited %s for its peers", b1);
	}
}

/* When simulated and analytic differ by more than 10%: what this run
 * has that the closed form does not, with what the simulation measured
 * of it; never a guess at which of them makes the difference (psim
 * explain measures that). */
static void
text_gap(FILE *f, const struct scenario *sc, const struct results *r)
{
	const struct analytic *a = &r->analytic;
	char measured[160];
	int d, n = 0;

	if (!(a->step_time_s > 0 &&
	    fabs(r->step_mean_s - a->step_time_s) > 0.1 * a->step_time_s))
		return;
	fprintf(f, "  simulated and analytic differ by %+.0f%%",
	    100 * (r->step_mean_s - a->step_time_s) / a->step_time_s);
	for (d = 0; d < D_N; d++) {
		if (!report_has_departure(sc, (enum departure)d))
			continue;
		if (n++ == 0)
			fprintf(f, "; beside the closed form this run has:\n");
		departure_measured(r, (enum departure)d, measured,
		    sizeof measured);
		fprintf(f, "    - %s\n", report_departure_words(sc,
		    (enum departure)d));
		if (measured[0] != '\0')
			fprintf(f, "      measured: %s\n", measured);
	}
	if (n == 0)
		fprintf(f, ", and this run has none of the closed form's "
		    "departures\n  psim explain measures (other jobs, faults, "
		    "stragglers, links beyond the NICs,\n  the network model): "
		    "the closed form does not hold exactly here;\n  psim "
		    "explain shows its steps beside the simulation\n");
	else
		fprintf(f, "  psim explain measures how much of the difference "
		    "each one takes\n");
}

/* The step and its parts, simulated beside the closed form's: they add
 * up to the step (figures.def, breakdown_s). */
static void
text_breakdown(FILE *f, const struct results *r)
{
	const struct analytic *a = &r->analytic;

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
	if (a->server_cpu_s > 0 || r->server_cpu_s > 0)
		row(f, "    server CPU", r->server_cpu_s, a->server_cpu_s, 1);
	row(f, "  wait for peers", r->wait_s, a->wait_s, a->wait_s > 0);
	if (r->faults && r->between_s > 0)
		row(f, "  stood still", r->between_s, 0, 0);
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
	fprintf(f, ", %d worker%s", sc->placement.workers,
	    sc->placement.workers == 1 ? "" : "s");
	if (sc->placement.servers > 0)
		fprintf(f, ", %d server%s", sc->placement.servers,
		    sc->placement.servers > 1 ? "s" : "");
	units_fmt_bytes(scenario_wire_bytes(sc), b1, sizeof b1);
	fprintf(f, "\n  %s gradient (%.4g params, %s", b1, sc->model.params,
	    scenario_dtype_name(sc->model.dtype));
	if (sc->strategy.wire_dtype != sc->model.dtype)
		fprintf(f, ", sent as %s",
		    scenario_dtype_name(sc->strategy.wire_dtype));
	fprintf(f, "), %s, network %s%s%s%s\n", cl,
	    scenario_network_name(sc->network),
	    sc->network == NET_REALISTIC && !sc->crosstraffic ?
	    " (no cross-traffic)" : sc->network == NET_CM02 &&
	    sc->crosstraffic ? " (with cross-traffic)" : "",
	    sc->transport != NULL ? ", transport " : "",
	    sc->transport != NULL ? sc->transport->name : "");
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

	text_breakdown(f, r);
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
	text_figures(f, sc, r);
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
	if (a->lower_s > 0)
		fprintf(f, "  not exact here: flows of one round start at "
		    "different times and share a link for\n  part of the round "
		    "only, where the closed form counts all of it; the step is "
		    "at\n  least %.6g s (every flow alone)\n", a->compute_s +
		    a->wait_s + a->lower_s);
	if (a->communication_s > 0)
		fprintf(f, "  the %s term dominates (latency is %.3g%% of the "
		    "communication); paced by %s\n", a->dominant,
		    100 * a->latency_s / a->communication_s, a->paced_by);
	text_gap(f, sc, r);
	fprintf(f, "\n%d step%s (%d warm-up) in %.4g simulated s; %ld messages; ",
	    r->steps, r->steps == 1 ? "" : "s", sc->run.warmup, r->simulated_s,
	    r->messages);
	if (r->fast_forwarded > 0)	/* run.fast_forward */
		fprintf(f, "%ld step%s fast-forwarded; ", r->fast_forwarded,
		    r->fast_forwarded == 1 ? "" : "s");
	if (r->ff_messages > 0)
		fprintf(f, "%ld messages never simulated; ", r->ff_messages);
	fprintf(f, "engine wall clock %.2f s\n", r->wall_s);
	if (report_step_capped(sc, r)) {
		units_fmt_time(r->simulated_s, b1, sizeof b1);
		if (sc->run.duration_s > 0)
			units_fmt_time(sc->run.duration_s, b2, sizeof b2);
		else
			snprintf(b2, sizeof b2, "%d fault events",
			    sc->run.min_fault_events);
		fprintf(f, "stopped at the most steps psim runs (%d) after %s "
		    "simulated, short of %s %s: the figures are those steps'\n",
		    RUN_STEPS_MAX, b1, sc->run.duration_s > 0 ?
		    "run.duration's" : "run.min_fault_events'", b2);
	}
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
