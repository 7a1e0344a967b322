/* unit-report.c: the words of the reports, from results built by hand:
 * report_role(), report_bottleneck_kind(), report_bottleneck()'s
 * resource and explanation for each kind, and report_write() in JSON,
 * CSV and text.  The expected sentences are worked out by hand from the
 * numbers each case is built of; the seed case is the one `psim run
 * scenarios/seed-250m-10w-10g-ps8.json` prints.  Links without SimGrid
 * (Makefile.am): report.c is a pure module. */
#include "config.h"

#include <stdlib.h>

#include <cjson/cJSON.h>

#include "figures.h"
#include "report.h"
#include "results.h"
#include "scenario.h"
#include "tap.h"
#include "xmalloc.h"

#include "results-fixture.h"

/* The bottleneck, set by hand (results_summarize is unit-results'). */
static void
bottleneck(struct results *r, enum bottleneck_kind kind, int link,
    int gpus)
{
	r->bottleneck.kind = kind;
	r->bottleneck.link = link;
	r->bottleneck.utilization = link >= 0 ? r->links[link].utilization :
	    0;
	r->bottleneck.gpus = gpus;
}

/* 3.6 GB in 2 steps: 1.8 GB over 10 Gbps is 1.44 s, 14.4 Gbps in 1 s;
 * host-4's NIC is the bottleneck. */
static struct results *
worker_nic_run(void)
{
	struct results *r = run(2, 1, 1, 0);
	int l;

	host(r, "host-3", 3, -1, 0, -1, 1e9, 1e9);
	l = host(r, "host-4", 4, -1, 0, -1, 1e9, 3.6e9);
	link_of(r, "star_link_3_DOWN", 1e9, 1.25e9, 0, 0, -1);
	link_of(r, "star_link_4_DOWN", 3.6e9, 1.25e9, l, 0, -1);
	bottleneck(r, BN_WORKER_NIC, 1, 1);
	return r;
}

static void
says(const struct results *r, const char *res, const char *why,
    const char *what)
{
	char got_res[128], got_why[512], name[160];

	memset(got_res, 'x', sizeof got_res);
	memset(got_why, 'x', sizeof got_why);
	report_bottleneck(r, got_res, sizeof got_res, got_why, sizeof got_why);
	snprintf(name, sizeof name, "%s: the resource", what);
	tap_str(got_res, res, name);
	snprintf(name, sizeof name, "%s: the explanation", what);
	tap_str(got_why, why, name);
}

static void
role(int worker, int server, int storage, int shards, const char *want)
{
	struct host_result h = { 0 };
	char buf[64], name[96];

	h.worker = worker;
	h.server = server;
	h.storage = storage;
	h.shards = shards;
	h.group = -1;
	report_role(&h, buf, sizeof buf);
	snprintf(name, sizeof name, "role: \"%s\"", want);
	tap_str(buf, want, name);
}

static void
roles(void)
{
	struct host_result h = { 0 };
	char small[8];

	role(3, -1, 0, 0, "worker 3");
	role(0, -1, 0, 1, "worker 0 + 1 shard");
	role(2, -1, 0, 3, "worker 2 + 3 shards");
	role(-1, 0, 0, 1, "server 0 (1 shard)");
	role(-1, 1, 0, 2, "server 1 (2 shards)");
	role(-1, -1, 1, 0, "checkpoint storage");
	role(12, -1, 0, 0, "worker 12");
	h.worker = 7;
	h.shards = 2;
	report_role(&h, small, sizeof small);
	tap_str(small, "worker ", "role: cut to the buffer, NUL-terminated");
}

static void
kinds(void)
{
	tap_str(report_bottleneck_kind(BN_COMPUTE), "compute", "kind compute");
	tap_str(report_bottleneck_kind(BN_LATENCY), "latency", "kind latency");
	tap_str(report_bottleneck_kind(BN_INTRA_HOST), "intra-host",
	    "kind intra-host");
	tap_str(report_bottleneck_kind(BN_WORKER_NIC), "worker-nic",
	    "kind worker-nic");
	tap_str(report_bottleneck_kind(BN_SERVER_NIC), "server-nic",
	    "kind server-nic");
	tap_str(report_bottleneck_kind(BN_SWITCH), "switch", "kind switch");
	tap_str(report_bottleneck_kind(BN_FAULTS), "faults", "kind faults");
	tap_ok(report_format_parse("text") == REPORT_TEXT &&
	    report_format_parse("json") == REPORT_JSON &&
	    report_format_parse("csv") == REPORT_CSV,
	    "formats: text, json, csv");
	tap_ok(report_format_parse("xml") == -1 &&
	    report_format_parse("JSON") == -1, "formats: xml, JSON unknown");
}

/* The seed scenario's run, as psim ran it (its JSON report's figures):
 * 10 workers sending and receiving 1 GB a step, 8 servers of 1 shard
 * 1.25 GB, over 10 Gbps NICs, 5 steps of 1 s compute. */
static struct results *
seed_run(void)
{
	struct results *r = run(5, 1, 2.0621158701, 0);
	char name[32];
	int i;

	r->measured = 4;
	r->simulated_s = 15.3105793505;
	r->throughput_samples_per_s = 104.502903735;
	r->goodput_steps_per_s = 0.326571574173;
	r->protocol.updates_per_s = 0.326571574173;
	r->protocol.applied = 5;
	for (i = 0; i < 18; i++) {
		double b = i < 10 ? 5e9 : 6.25e9;

		snprintf(name, sizeof name, "host-%d", i);
		host(r, name, i < 10 ? i : -1, i < 10 ? -1 : i - 10,
		    i < 10 ? 0 : 1, -1, b, b);
		snprintf(name, sizeof name, "star_link_%d_UP", i);
		link_of(r, name, b, 1.25e9, i, 1, -1);
		snprintf(name, sizeof name, "star_link_%d_DOWN", i);
		link_of(r, name, b, 1.25e9, i, 0, -1);
	}
	r->total_sent = r->total_received = 10 * 5e9 + 8 * 6.25e9;
	r->messages = 800;
	r->wall_s = 0.015;
	r->analytic.step_time_s = 3.00002;
	r->analytic.compute_s = 1;
	r->analytic.communication_s = 2.00002;
	r->analytic.exposed_s = 2.00002;
	r->analytic.latency_s = 2e-5;
	r->analytic.worker_sent_bytes = 1e9;
	r->analytic.worker_received_bytes = 1e9;
	r->analytic.required_gbps_worker = 8;
	r->analytic.required_gbps_server = 10;
	r->analytic.dominant = "bandwidth";
	snprintf(r->analytic.paced_by, sizeof r->analytic.paced_by,
	    "server 0's NIC");
	snprintf(r->analytic.formula, sizeof r->analytic.formula,
	    "2*(alpha + V/B)");
	snprintf(r->analytic.evaluated, sizeof r->analytic.evaluated,
	    "2*1e-05 s + 1 s + (2*1 s - 1 s)/1 = 2.00002 s");
	results_summarize(r, 1, 1);
	return r;
}

static const char SEED_RES[] = "host-10 NIC receive (server 0 (1 shard))";
static const char SEED_WHY[] = "host-10's NIC (server 0 (1 shard)) "
    "receives 1.25 GB per step; at 10 Gbps that takes 1 s against 1 s of "
    "compute: 10 Gbps would move it in the compute's time; the exchange "
    "follows the compute here, so at that rate a step would take about "
    "3.062 s (1 s of compute, then 2.062 s of exchange)";

/* Each kind's sentences. */
static void
sentences(void)
{
	struct results *r;
	int l;

	r = seed_run();
	tap_ok(r->bottleneck.kind == BN_SERVER_NIC,
	    "seed: results_summarize finds a server NIC");
	says(r, SEED_RES, SEED_WHY, "seed (as psim run prints it)");
	results_free(r);

	r = run(5, 1, 0.25, 0);
	bottleneck(r, BN_COMPUTE, -1, 1);
	r->bottleneck.utilization = 0.8;
	says(r, "worker compute", "workers spend 80% of each step computing; "
	    "communication adds only 20%", "compute");
	results_free(r);

	r = run(4, 1, 1, 0);
	link_of(r, "star_link_3_UP", 1e9, 1.25e9, -1, 1, -1);
	bottleneck(r, BN_LATENCY, 0, 1);
	r->links[0].utilization = 0.15;
	r->analytic.latency_s = 0.6;
	r->analytic.communication_s = 1;
	says(r, "message latency", "latency accounts for 600 ms of the 1 s a "
	    "step spends communicating: the messages are too small or too many "
	    "for bandwidth to matter; the busiest link, star_link_3_UP, is 15% "
	    "busy", "latency");
	results_free(r);

	/* 8 GB in 4 steps over 100 Gbps: 2 GB, 160 ms a step */
	r = run(4, 0.5, 1, 0);
	l = host(r, "host-1-gpu-2", 6, -1, 0, -1, 8e9, 1e9);
	link_of(r, "host-1-gpu-2_UP", 8e9, 12.5e9, l, 1, -1);
	bottleneck(r, BN_INTRA_HOST, 0, 4);
	says(r, "host-1-gpu-2 link out (worker 6)", "host-1-gpu-2's link to "
	    "its host's switch (worker 6) sends 2 GB per step; at 100 Gbps "
	    "that takes 160 ms against 500 ms of compute", "intra-host out");
	results_free(r);

	/* 4.5 GB in 3 steps: 1.5 GB, 120 ms a step */
	r = run(3, 0.25, 1, 0);
	host(r, "host-0-gpu-1", 1, -1, 0, -1, 1e9, 1e9);
	l = host(r, "host-0-gpu-0", 0, -1, 1, -1, 1e9, 4.5e9);
	link_of(r, "host-0-gpu-0_DOWN", 4.5e9, 12.5e9, l, 0, -1);
	bottleneck(r, BN_INTRA_HOST, 0, 2);
	says(r, "host-0-gpu-0 link in (worker 0 + 1 shard)", "host-0-gpu-0's "
	    "link to its host's switch (worker 0 + 1 shard) receives 1.5 GB "
	    "per step; at 100 Gbps that takes 120 ms against 250 ms of compute",
	    "intra-host in");
	results_free(r);

	/* 3.6 GB in 2 steps: 1.8 GB over 10 Gbps is 1.44 s, 14.4 Gbps in
	 * 1 s */
	r = worker_nic_run();
	says(r, "host-4 NIC receive (worker 4)", "host-4's NIC (worker 4) "
	    "receives 1.8 GB per step; at 10 Gbps that takes 1.44 s against 1 s "
	    "of compute: 14.4 Gbps would move it in the compute's time; the "
	    "exchange follows the compute here, so at that rate a step would "
	    "take about 1.694 s (1 s of compute, then 694.4 ms of exchange)",
	    "worker-nic");
	results_free(r);

	/* one half-duplex (SHARED) link for both ways: 2.4 GB in 2 steps is
	 * 600 MB each way a step, 1.2 GB on the link, 960 ms at 10 Gbps:
	 * both ways said, and the NIC keeps up (9.6 Gbps) */
	r = run(2, 1, 0.96, 0);
	l = host(r, "n-0", 0, -1, 0, -1, 1.2e9, 1.2e9);
	link_of(r, "c_link_0", 2.4e9, 1.25e9, l, 1, -1);
	r->links[0].both_ways = 1;
	bottleneck(r, BN_WORKER_NIC, 0, 1);
	says(r, "n-0 NIC both ways (worker 0)", "n-0's NIC (worker 0) carries, "
	    "both ways on one half-duplex (SHARED) link, 1.2 GB per step; at "
	    "10 Gbps that takes 960 ms against 1 s of compute: 9.6 Gbps would "
	    "move it in the compute's time, which it has; but the exchange "
	    "follows the compute here, so a step is 1 s of compute, then "
	    "960 ms of exchange", "worker-nic, half-duplex");
	results_free(r);

	/* 45 GB in 5 steps: 9 GB over 10 Gbps is 7.2 s, 72 Gbps in 1 s */
	r = run(5, 1, 7, 0);
	l = host(r, "host-0", 0, -1, 1, -1, 45e9, 45e9);
	link_of(r, "star_link_0_UP", 45e9, 1.25e9, l, 1, -1);
	bottleneck(r, BN_SERVER_NIC, 0, 1);
	says(r, "host-0 NIC send (worker 0 + 1 shard)", "host-0's NIC (worker "
	    "0 + 1 shard) sends 9 GB per step; at 10 Gbps that takes 7.2 s "
	    "against 1 s of compute: 72 Gbps would move it in the compute's "
	    "time; the exchange follows the compute here, so at that rate a "
	    "step would take about 1.972 s (1 s of compute, then 972.2 ms of "
	    "exchange)",
	    "server-nic, colocated");
	results_free(r);

	/* faults: the job stood still 750 + 150 + 100 = 1000 s of 1250 s
	 * (80%); between faults the step waits for the NIC above */
	r = worker_nic_run();
	r->faults = 1;
	r->fstats.preemptions = 3;
	r->fstats.server_failures = 1;
	r->fstats.stalled_s = 750;
	r->fstats.restart_s = 150;
	r->fstats.checkpoint_s = 100;
	r->simulated_s = 1250;
	r->bottleneck.step = BN_WORKER_NIC;
	r->bottleneck.step_utilization = r->bottleneck.utilization;
	r->bottleneck.kind = BN_FAULTS;
	r->bottleneck.utilization = 0.8;
	says(r, "the job stood still 80% of the run", "the job stood still "
	    "1000 s of its 1250 s simulated (4 fault events: stalled, "
	    "restarting, checkpointing); between faults a step waits for "
	    "host-4 NIC receive (worker 4): host-4's NIC (worker 4) receives "
	    "1.8 GB per step; at 10 Gbps that takes 1.44 s against 1 s of "
	    "compute: 14.4 Gbps would move it in the compute's time; the "
	    "exchange follows the compute here, so at that rate a step would "
	    "take about 1.694 s (1 s of compute, then 694.4 ms of exchange)",
	    "faults");
	results_free(r);

	/* 10 GB in 4 steps: 2.5 GB over 25 Gbps is 800 ms, 50 Gbps in
	 * 400 ms */
	r = run(4, 0.4, 1, 0);
	host(r, "host-10", -1, 0, 1, -1, 1e9, 1e9);
	l = host(r, "host-11", -1, 1, 2, -1, 10e9, 1e9);
	link_of(r, "star_link_11_UP", 10e9, 3.125e9, l, 1, -1);
	bottleneck(r, BN_SERVER_NIC, 0, 1);
	says(r, "host-11 NIC send (server 1 (2 shards))", "host-11's NIC "
	    "(server 1 (2 shards)) sends 2.5 GB per step; at 25 Gbps that takes "
	    "800 ms against 400 ms of compute: 50 Gbps would move it in the "
	    "compute's time; the exchange follows the compute here, so at that "
	    "rate a step would take about 900 ms (400 ms of compute, then "
	    "500 ms of exchange)",
	    "server-nic, 2 shards");
	results_free(r);

	/* a multi-GPU machine's NIC: 7.5 GB in 3 steps, 2.5 GB over
	 * 25 Gbps, 80 Gbps in 250 ms */
	r = run(3, 0.25, 1, 0);
	link_of(r, "host-1-nic_UP", 7.5e9, 3.125e9, -1, 1, -1);
	r->links[0].group = 1;
	r->links[0].group_name = xstrdup("host-1");
	bottleneck(r, BN_SERVER_NIC, 0, 4);
	says(r, "host-1 NIC send", "host-1's NIC, shared by its 4 GPUs, sends "
	    "2.5 GB per step; at 25 Gbps that takes 800 ms against 250 ms of "
	    "compute: 80 Gbps would move it in the compute's time; the exchange "
	    "follows the compute here, so at that rate a step would take about "
	    "562.5 ms (250 ms of compute, then 312.5 ms of exchange)",
	    "machine server-nic");
	results_free(r);

	/* 2 GB in 2 steps, 1 GB over 10 Gbps, 4 Gbps in 2 s */
	r = run(2, 2, 1, 0);
	link_of(r, "host-0-nic_DOWN", 2e9, 1.25e9, -1, 0, -1);
	r->links[0].group = 0;
	r->links[0].group_name = xstrdup("host-0");
	bottleneck(r, BN_WORKER_NIC, 0, 8);
	says(r, "host-0 NIC receive", "host-0's NIC, shared by its 8 GPUs, "
	    "receives 1 GB per step; at 10 Gbps that takes 800 ms against 2 s "
	    "of compute: 4 Gbps would move it in the compute's time, which it "
	    "has; but the exchange follows the compute here, so a step is 2 s "
	    "of compute, then 1 s of exchange", "machine worker-nic");
	results_free(r);

	/* psim's lab-2x4-ring: 8.75 GB a step over a 100 Gbps backbone */
	r = run(3, 0.2, 0.7, 0);
	link_of(r, "rack-a_backbone", 26.25e9, 12.5e9, -1, 0, -1);
	bottleneck(r, BN_SWITCH, 0, 1);
	says(r, "rack-a_backbone", "the switch link rack-a_backbone carries "
	    "8.75 GB per step; at 100 Gbps that takes 700 ms against 200 ms of "
	    "compute", "switch");
	results_free(r);
}

/* A report into memory (tmpfile: standard C), as one string. */
static char *
written(enum report_format fmt, const struct scenario *sc,
    const struct results *r)
{
	FILE *f = tmpfile();
	long n;
	char *s;

	if (f == NULL)
		return xstrdup("");
	report_write(f, fmt, sc, r);
	n = ftell(f);
	rewind(f);
	s = xcalloc((size_t)n + 1, 1);
	if (fread(s, 1, (size_t)n, f) != (size_t)n)
		s[0] = '\0';
	fclose(f);
	return s;
}

/* Split one CSV record (RFC 4180 quoting, "" for a quote) at *p into
 * fields, as many as it has; returns their number and leaves *p after
 * the newline.  The fields and their array are malloc'd. */
static int
csv_split(const char **p, char ***fields)
{
	const char *s = *p;
	int n = 0;

	*fields = NULL;
	for (;;) {
		char *out = xcalloc(strlen(s) + 1, 1), *o = out;

		if (*s == '"') {
			for (s++; *s != '\0'; s++) {
				if (*s == '"' && s[1] == '"')
					*o++ = *s++;
				else if (*s == '"') {
					s++;
					break;
				} else
					*o++ = *s;
			}
		}
		while (*s != '\0' && *s != ',' && *s != '\n')
			*o++ = *s++;
		*fields = xreallocarray(*fields, (size_t)n + 1,
		    sizeof **fields);
		(*fields)[n++] = out;
		if (*s != ',')
			break;
		s++;
	}
	if (*s == '\n')
		s++;
	*p = s;
	return n;
}

static void
free_fields(char **fields, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(fields[i]);
	free(fields);
}

/* The field of the row under the header's column called key. */
static const char *
column(char **head, int nhead, char **row, int nrow, const char *key)
{
	int i;

	for (i = 0; i < nhead && i < nrow; i++) {
		if (strcmp(head[i], key) == 0)
			return row[i];
	}
	return NULL;
}

static const char *
json_str(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

static double
json_num(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(v) ? v->valuedouble : NAN;
}

/* The CSV report's columns, from the table (figures.def): one per row
 * that has a column, two more (_mean, _ci95) per replicated one. */
static int
csv_columns(void)
{
	int i, n = 0;

	for (i = 0; i < FIG_COUNT; i++)
		n += (figures[i].csv != NULL) +
		    2 * ((figures[i].flags & F_REPLICATED) != 0);
	return n;
}

static void
seed_reports(const struct scenario *sc)
{
	struct results *r = seed_run();
	char *s = written(REPORT_JSON, sc, r);
	char **head, **row;
	const cJSON *b, *hosts, *links;
	const char *p;
	cJSON *j = cJSON_Parse(s);
	int nhead, nrow, rest;

	tap_ok(j != NULL, "json: the seed report parses");
	b = cJSON_GetObjectItemCaseSensitive(j, "bottleneck");
	hosts = cJSON_GetObjectItemCaseSensitive(j, "hosts");
	links = cJSON_GetObjectItemCaseSensitive(j, "links");
	tap_near(json_num(j, "psim_report_version"), 1, 0,
	    "json: report version 1");
	tap_str(json_str(j, "scenario"), "seed-250m-10w-10g-ps8",
	    "json: the scenario's name");
	tap_str(json_str(b, "kind"), "server-nic", "json: bottleneck kind");
	tap_str(json_str(b, "resource"), SEED_RES, "json: bottleneck resource");
	tap_str(json_str(b, "explanation"), SEED_WHY,
	    "json: bottleneck explanation");
	tap_near(json_num(b, "utilization"), 6.25e9 / (1.25e9 * 15.3105793505),
	    1e-11, "json: bottleneck utilization 32.66%");
	tap_ok(cJSON_GetArraySize(hosts) == 18, "json: 18 hosts");
	tap_str(json_str(cJSON_GetArrayItem(hosts, 3), "role"), "worker 3",
	    "json: host-3 is worker 3");
	tap_str(json_str(cJSON_GetArrayItem(hosts, 10), "name"), "host-10",
	    "json: host 10 is host-10");
	tap_str(json_str(cJSON_GetArrayItem(hosts, 10), "role"),
	    "server 0 (1 shard)", "json: host-10 is server 0 (1 shard)");
	tap_str(json_str(cJSON_GetArrayItem(hosts, 17), "role"),
	    "server 7 (1 shard)", "json: host-17 is server 7 (1 shard)");
	tap_ok(cJSON_GetArraySize(links) == 36, "json: 36 links");
	tap_str(json_str(cJSON_GetArrayItem(links, 0), "name"),
	    "star_link_10_DOWN", "json: the busiest link first");
	tap_str(json_str(cJSON_GetObjectItemCaseSensitive(j, "server_traffic"),
	    "host"), "host-10", "json: the busiest server is host-10");
	tap_near(json_num(cJSON_GetObjectItemCaseSensitive(j,
	    "server_traffic"), "required_gbps"), 1.25e9 * 8 / 1 / 1e9, 1e-12,
	    "json: a server needs 10 Gbps");
	cJSON_Delete(j);
	free(s);

	s = written(REPORT_CSV, sc, r);
	p = s;
	nhead = csv_split(&p, &head);
	nrow = csv_split(&p, &row);
	rest = (int)strlen(p);
	tap_ok(nhead == csv_columns(), "csv: the table's columns in the "
	    "header");
	tap_ok(nrow == nhead, "csv: the row has as many fields as the header");
	if (nrow != nhead)
		printf("# header %d, row %d\n", nhead, nrow);
	tap_ok(rest == 0, "csv: a header and one row, nothing more");
	tap_ok(strncmp(s, report_csv_header(), strlen(report_csv_header()))
	    == 0 && s[strlen(report_csv_header())] == '\n',
	    "csv: the first line is report_csv_header()");
	tap_str(column(head, nhead, row, nrow, "scenario"),
	    "seed-250m-10w-10g-ps8", "csv: scenario");
	tap_str(column(head, nhead, row, nrow, "bottleneck_kind"),
	    "server-nic", "csv: bottleneck_kind");
	tap_str(column(head, nhead, row, nrow, "bottleneck_resource"),
	    SEED_RES, "csv: bottleneck_resource");
	p = column(head, nhead, row, nrow, "bottleneck_utilization");
	tap_near(p != NULL ? strtod(p, NULL) : 0, 6.25e9 / (1.25e9 *
	    15.3105793505), 1e-11, "csv: bottleneck_utilization");
	tap_str(column(head, nhead, row, nrow, "server_required_gbps"), "10",
	    "csv: server_required_gbps");
	tap_str(column(head, nhead, row, nrow, "preemptions"), "",
	    "csv: no faults, an empty preemptions field");
	tap_str(column(head, nhead, row, nrow, "wall_s"), "0.015",
	    "csv: wall_s last");
	free_fields(head, nhead);
	free_fields(row, nrow);
	free(s);

	s = written(REPORT_TEXT, sc, r);
	p = "seed-250m-10w-10g-ps8: ps (sync, 8 shards), 10 workers, 8 "
	    "servers\n";
	tap_ok(strncmp(s, p, strlen(p)) == 0, "text: the first line");
	tap_ok(strstr(s, "\nbottleneck: server-nic, host-10 NIC receive "
	    "(server 0 (1 shard))\n  host-10's NIC (server 0 (1 shard)) receives "
	    "1.25 GB per step; at 10 Gbps that takes 1 s against 1 s of "
	    "compute: 10 Gbps would move it in the compute's time; the "
	    "exchange follows the compute here, so at that rate a step would "
	    "take about 3.062 s (1 s of compute, then 2.062 s of exchange)\n")
	    != NULL,
	    "text: names the bottleneck and says why");
	tap_ok(strstr(s, "\n  star_link_10_DOWN            1.25 GB        "
	    "33%\n") != NULL, "text: the busiest link");
	tap_ok(strstr(s, "  server NIC needs       10 Gbps        10 Gbps\n")
	    != NULL, "text: a server NIC needs 10 Gbps");
	free(s);
	results_free(r);
}

/* The roles in the JSON report; a quoted name in the CSV; no links. */
static void
other_reports(struct scenario *sc)
{
	struct results *r = run(2, 1, 0.05, 0);
	char *s, **head, **row;
	const cJSON *hosts, *b;
	const char *p;
	cJSON *j;
	int nhead, nrow, i;
	static const char *const want[] = { "worker 0 + 1 shard",
	    "worker 1", "worker 2 + 3 shards", "server 0 (1 shard)",
	    "server 1 (2 shards)", "checkpoint storage" };

	host(r, "host-0", 0, -1, 1, -1, 1e9, 1e9);
	host(r, "host-1", 1, -1, 0, -1, 1e9, 1e9);
	host(r, "host-2", 2, -1, 3, -1, 1e9, 1e9);
	host(r, "host-3", -1, 0, 1, -1, 1e9, 1e9);
	host(r, "host-4", -1, 1, 2, -1, 1e9, 1e9);
	i = host(r, "host-5", -1, -1, 0, -1, 1e9, 1e9);
	r->hosts[i].storage = 1;
	results_summarize(r, 1, 1);	/* no links: compute */
	s = written(REPORT_JSON, sc, r);
	j = cJSON_Parse(s);
	tap_ok(j != NULL, "json, no links: parses");
	hosts = cJSON_GetObjectItemCaseSensitive(j, "hosts");
	for (i = 0; i < 6; i++) {
		char name[96];

		snprintf(name, sizeof name, "json: host-%d is %s", i, want[i]);
		tap_str(json_str(cJSON_GetArrayItem(hosts, i), "role"), want[i],
		    name);
	}
	tap_ok(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(j,
	    "links")) == 0, "json, no links: an empty links array");
	b = cJSON_GetObjectItemCaseSensitive(j, "bottleneck");
	tap_str(json_str(b, "kind"), "compute", "json, no links: compute");
	tap_str(json_str(b, "resource"), "worker compute",
	    "json, no links: worker compute");
	/* 1 s of a 1.05 s step: 95%, and 5% */
	tap_str(json_str(b, "explanation"), "workers spend 95% of each step "
	    "computing; communication adds only 5%",
	    "json, no links: the explanation");
	cJSON_Delete(j);
	free(s);
	results_free(r);

	/* a name with quotes, a comma and a newline, in the scenario and
	 * in the resource */
	r = run(2, 1, 1, 0);
	link_of(r, "spine \"a\",\nb", 2e9, 1.25e9, -1, 0, -1);
	results_summarize(r, 0, 1);
	free(sc->name);
	sc->name = xstrdup("my \"seed\", again");
	s = written(REPORT_CSV, sc, r);
	p = s;
	nhead = csv_split(&p, &head);
	nrow = csv_split(&p, &row);
	tap_ok(nhead == csv_columns() && nrow == nhead,
	    "csv, quoted fields: as many fields as the header");
	tap_ok(*p == '\0', "csv, quoted fields: the row stays on one line");
	tap_str(column(head, nhead, row, nrow, "scenario"),
	    "my \"seed\", again", "csv: a quoted scenario name");
	tap_str(column(head, nhead, row, nrow, "bottleneck_kind"), "switch",
	    "csv: a switch link");
	tap_str(column(head, nhead, row, nrow, "bottleneck_resource"),
	    "spine \"a\", b", "csv: its name quoted, the newline a space");
	tap_str(column(head, nhead, row, nrow, "server_bytes_received_per_step"),
	    "", "csv: no servers, an empty field");
	free_fields(head, nhead);
	free_fields(row, nrow);
	free(s);

	s = written(REPORT_JSON, sc, r);
	j = cJSON_Parse(s);
	tap_str(json_str(j, "scenario"), "my \"seed\", again",
	    "json: a quoted scenario name");
	tap_str(json_str(cJSON_GetObjectItemCaseSensitive(j, "bottleneck"),
	    "resource"), "spine \"a\",\nb", "json: the link's name escaped");
	cJSON_Delete(j);
	free(s);
	results_free(r);
}

int
main(void)
{
	char *errors = NULL;
	struct scenario *sc = scenario_load(NULL, NULL, 0, &errors);

	roles();
	kinds();
	sentences();
	tap_ok(sc != NULL, "the built-in seed scenario loads");
	if (sc == NULL) {
		printf("# %s\n", errors != NULL ? errors : "");
		free(errors);
		return tap_done();
	}
	seed_reports(sc);
	other_reports(sc);
	scenario_free(sc);
	return tap_done();
}
