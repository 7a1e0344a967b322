/* report-jobs.c: the report of several jobs on one cluster (report.h),
 * built around each job's single-job report: in JSON each job's object
 * is its single-job report with the job's own figures first, in CSV a
 * row per job, in text a summary (each job together and alone, who
 * slows whom, the shared links by job) then each job's report.  Pure. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "jobs.h"
#include "report.h"
#include "scenario.h"
#include "units.h"
#include "utf8.h"
#include "xmalloc.h"

/* The columns a job's CSV row has before the single job's. */
#define JOB_COLUMNS	"job,job_start_s,alone_step_time_mean_s,step_slowdown,"

const char *
report_jobs_csv_header(void)
{
	static char *header;

	if (header == NULL)
		xasprintf(&header, "%s%s", JOB_COLUMNS, report_csv_header());
	return header;
}

/* sc's report of r in fmt, as a malloc'd text. */
static char *
single(enum report_format fmt, const struct scenario *sc,
    const struct results *r)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *m;

	if ((m = open_memstream(&buf, &n)) == NULL)
		fatal("out of memory");
	report_write(m, fmt, sc, r);
	if (fclose(m) != 0)
		fatal("out of memory");
	return buf;
}

/* A number, or null when v < 0 (not known). */
static void
number_or_null(FILE *f, double v)
{
	if (v < 0)
		fputs("null", f);
	else
		report_json_number(f, v);
}

/* Job j's object in "jobs": its own figures, then its single-job
 * report's keys, indented. */
static void
json_job(FILE *f, const struct jobs *jb, int j, int comma)
{
	char *text = single(REPORT_JSON, jb->sc[j], jb->r[j]), *line, *next;
	char who[1024];

	jobs_who(jb, j, who, sizeof who);
	fputs("    {\n      \"job\": ", f);
	utf8_json_string(f, jb->sc[j]->job.name);
	fputs(",\n      \"start_s\": ", f);
	report_json_number(f, jb->sc[j]->job.start_s);
	fputs(",\n      \"alone_step_time_s\": ", f);
	number_or_null(f, jb->alone_step_s[j]);
	fputs(",\n      \"step_slowdown\": ", f);
	if (jb->alone_step_s[j] > 0)
		report_json_number(f, jb->slowdown[j]);
	else
		fputs("null", f);
	fputs(",\n      \"shared_link\": ", f);
	if (jb->link[j] >= 0)
		utf8_json_string(f, jb->links[jb->link[j]].name);
	else
		fputs("null", f);
	fputs(",\n      \"slowed_by\": ", f);
	utf8_json_string(f, who);
	fputs(",\n", f);
	/* the single report's lines but its first ("{") and last ("}") */
	line = strchr(text, '\n') + 1;
	for (; (next = strchr(line, '\n')) != NULL && next[1] != '\0';
	    line = next + 1)
		fprintf(f, "    %.*s\n", (int)(next - line), line);
	fprintf(f, "    }%s\n", comma ? "," : "");
	free(text);
}

static void
json_links(FILE *f, const struct jobs *jb)
{
	const struct job_link *l;
	int i, j, first;

	fputs("  \"links\": [\n", f);
	for (i = 0; i < jb->nlinks; i++) {
		l = &jb->links[i];
		fputs("    {\"name\": ", f);
		utf8_json_string(f, l->name);
		fputs(", \"bandwidth_gbps\": ", f);
		report_json_number(f, l->bandwidth_Bps * 8 / 1e9);
		fputs(", \"bytes\": ", f);
		report_json_number(f, l->bytes);
		fputs(", \"bytes_by_job\": {", f);
		for (j = 0, first = 1; j < jb->n; j++) {
			if (l->job_bytes[j] <= 0)
				continue;
			fputs(first ? "" : ", ", f);
			utf8_json_string(f, jb->sc[j]->job.name);
			fputs(": ", f);
			report_json_number(f, l->job_bytes[j]);
			first = 0;
		}
		fprintf(f, "}}%s\n", i + 1 < jb->nlinks ? "," : "");
	}
	fputs("  ],\n", f);
}

static void
write_json(FILE *f, const struct scenario *top, const struct jobs *jb)
{
	int i;

	fprintf(f, "{\n  \"psim_report_version\": %d,\n  \"scenario\": ",
	    REPORT_VERSION);
	utf8_json_string(f, top->name);
	fputs(",\n  \"description\": ", f);
	if (top->description != NULL)
		utf8_json_string(f, top->description);
	else
		fputs("null", f);
	fputs(",\n  \"overrides\": [", f);
	for (i = 0; i < top->nsets; i++) {
		fputs(i > 0 ? ", " : "", f);
		utf8_json_string(f, top->sets[i]);
	}
	fputs("],\n  \"network\": ", f);
	utf8_json_string(f, scenario_network_name(top->network));
	fputs(",\n  \"topology\": ", f);
	utf8_json_string(f, scenario_topology_name(top->cluster.topology));
	fprintf(f, ",\n  \"seed\": %lu,\n  \"jobs\": [\n", top->seed);
	for (i = 0; i < jb->n; i++)
		json_job(f, jb, i, i + 1 < jb->n);
	fputs("  ],\n", f);
	json_links(f, jb);
	fprintf(f, "  \"simulation\": {\n    \"wall_s\": %.3f\n  }\n}\n",
	    jb->wall_s);
}

/* A row per job: its columns, then its single-job row. */
static void
write_csv(FILE *f, const struct jobs *jb)
{
	char *text, *row;
	int j;

	fprintf(f, "%s\n", report_jobs_csv_header());
	for (j = 0; j < jb->n; j++) {
		text = single(REPORT_CSV, jb->sc[j], jb->r[j]);
		row = strchr(text, '\n') + 1;
		csv_write_field(f, jb->sc[j]->job.name);
		fprintf(f, ",%.12g,", jb->sc[j]->job.start_s);
		if (jb->alone_step_s[j] > 0)
			fprintf(f, "%.12g,%.12g,", jb->alone_step_s[j],
			    jb->slowdown[j]);
		else
			fputs(",,", f);
		fputs(row, f);
		free(text);
	}
}

/* The shared links, by job (the busiest 8 of those jobs share). */
static void
text_links(FILE *f, const struct jobs *jb)
{
	const struct job_link *l;
	char b[32];
	int i, j, shown = 0;

	for (i = 0; i < jb->nlinks && shown < 8; i++) {
		l = &jb->links[i];
		if (l->users < 2)
			continue;
		if (shown++ == 0) {
			fprintf(f, "\n  %-28s %-12s", "shared links", "bandwidth");
			for (j = 0; j < jb->n; j++)
				fprintf(f, " %-14.14s", jb->sc[j]->job.name);
			fputc('\n', f);
		}
		units_fmt_rate(l->bandwidth_Bps, b, sizeof b);
		fprintf(f, "  %-28s %-12s", l->name, b);
		for (j = 0; j < jb->n; j++) {
			units_fmt_bytes(l->job_bytes[j], b, sizeof b);
			fprintf(f, " %-14s", b);
		}
		fputc('\n', f);
	}
	if (shown == 0)
		fputs("\n  the jobs share no link\n", f);
}

static void
write_text(FILE *f, const struct scenario *top, const struct jobs *jb)
{
	const struct scenario *sc;
	char t1[32], t2[32], t3[32], who[1024], *text;
	int j;

	fprintf(f, "%s: %d jobs on one %s cluster, network %s\n", top->name,
	    jb->n, scenario_topology_name(top->cluster.topology),
	    scenario_network_name(top->network));
	if (top->description != NULL)
		fprintf(f, "  %s\n", top->description);
	fprintf(f, "\n  %-16s %-34s %-10s %-12s %s\n", "job", "strategy",
	    "start", "step", "alone");
	for (j = 0; j < jb->n; j++) {
		sc = jb->sc[j];
		units_fmt_time(sc->job.start_s, t1, sizeof t1);
		units_fmt_time(jb->r[j]->step_mean_s, t2, sizeof t2);
		if (jb->alone_step_s[j] > 0)
			units_fmt_time(jb->alone_step_s[j], t3, sizeof t3);
		else
			snprintf(t3, sizeof t3, "unknown");
		snprintf(who, sizeof who, "%s, %d workers", jobs_traffic(jb, j),
		    sc->placement.workers);
		fprintf(f, "  %-16.16s %-34.34s %-10s %-12s %s", sc->job.name,
		    who, t1, t2, t3);
		jobs_percent(jb, j, t1, sizeof t1);
		if (jb->alone_step_s[j] > 0)
			fprintf(f, " (%s)", t1);
		fputc('\n', f);
	}
	fputs("\nwho slows whom:\n", f);
	for (j = 0; j < jb->n; j++) {
		jobs_who(jb, j, who, sizeof who);
		fprintf(f, "  %s\n", who);
	}
	text_links(f, jb);
	for (j = 0; j < jb->n; j++) {
		text = single(REPORT_TEXT, jb->sc[j], jb->r[j]);
		fprintf(f, "\n== job \"%s\" ==\n%s", jb->sc[j]->job.name, text);
		free(text);
	}
}

void
report_jobs_write(FILE *f, enum report_format fmt,
    const struct scenario *top, const struct jobs *jb)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *m;

	if (fmt == REPORT_JSON) {
		write_json(f, top, jb);
		return;
	}
	if ((m = open_memstream(&buf, &n)) == NULL)
		fatal("out of memory");
	if (fmt == REPORT_TEXT)
		write_text(m, top, jb);
	else
		write_csv(m, jb);
	if (fclose(m) != 0)
		fatal("out of memory");
	report_printable(f, buf, n);
	free(buf);
}
