/* unit-figures.c: the table of the report's figures (figures.def) holds
 * together, and the reports follow it: the CSV places, the CSV_LAST
 * places and the text's order each run 1 to N without gaps; the CSV
 * columns are unique and the header has them all; an object's rows are
 * consecutive and its OBJECT row comes first; replicated figures are
 * numbers with a column; every row is where its path says in the JSON
 * report.  Then the replicates' read-back finds each figure by name in
 * reports of several hundred columns.  Pure: links without SimGrid. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "csv.h"
#include "figures.h"
#include "replicates.h"
#include "report.h"
#include "results.h"
#include "scenario.h"
#include "tap.h"
#include "xmalloc.h"

#include "results-fixture.h"

/* Whether the values rank(0..FIG_COUNT) that are not 0 are 1 to N, each
 * once; N into *count. */
static int
no_gaps(int (*rank)(const struct figure *), int *count)
{
	int seen[FIG_COUNT + 1] = { 0 }, i, n = 0, k;

	for (i = 0; i < FIG_COUNT; i++) {
		if ((k = rank(&figures[i])) == 0)
			continue;
		if (k < 0 || k > FIG_COUNT || seen[k]++)
			return 0;
		n++;
	}
	for (k = 1; k <= n; k++) {
		if (!seen[k])
			return 0;
	}
	*count = n;
	return 1;
}

static int rank_text(const struct figure *f) { return f->text; }

/* How many rows have column name, in the list of columns.def that last
 * says (CSV_LAST: figures_csv_last). */
static int
rows_with(const char *name, int last)
{
	int i, n = 0;

	for (i = 0; i < FIG_COUNT; i++)
		n += figures[i].csv != NULL && strcmp(figures[i].csv, name) == 0 &&
		    figures[i].last == last;
	return n;
}

/* Whether columns.def and the table's columns are one list: every
 * listed name a row's column of that kind once, every row's column
 * listed once; the counts of each kind into *ncol and *nlast. */
static int
columns_listed(int *ncol, int *nlast)
{
	const char *const *list;
	int i, j, k, ok = 1, listed;

	*ncol = *nlast = 0;
	for (k = 0; k < 2; k++) {
		list = k ? figures_csv_last : figures_csv_first;
		for (i = 0; list[i] != NULL; i++) {
			if (rows_with(list[i], k) != 1) {
				printf("# columns.def: %s is %d rows' column\n",
				    list[i], rows_with(list[i], k));
				ok = 0;
			}
			for (j = 0; j < i; j++)
				ok &= strcmp(list[i], list[j]) != 0;
		}
		*(k ? nlast : ncol) = i;
	}
	for (i = 0; i < FIG_COUNT; i++) {
		if (figures[i].csv == NULL)
			continue;
		list = figures[i].last ? figures_csv_last : figures_csv_first;
		for (j = 0, listed = 0; list[j] != NULL; j++)
			listed += strcmp(list[j], figures[i].csv) == 0;
		if (listed != 1) {
			printf("# %s: column %s not in columns.def's list\n",
			    figures[i].path, figures[i].csv);
			ok = 0;
		}
	}
	return ok;
}

/* Whether path is at or under object (a path prefix at a dot). */
static int
under(const char *path, const char *object)
{
	size_t n = strlen(object);

	return strncmp(path, object, n) == 0 && (path[n] == '\0' ||
	    path[n] == '.');
}

/* Every object's rows are consecutive: between two rows under an
 * object, every row is under it too; an OBJECT row comes before the
 * rows it holds. */
static int
objects_hold_together(void)
{
	char obj[256], *dot;
	int i, j, k, ok = 1;

	for (k = 0; k < FIG_COUNT; k++) {
		snprintf(obj, sizeof obj, "%s", figures[k].path);
		while ((dot = strrchr(obj, '.')) != NULL) {
			*dot = '\0';
			for (i = 0; i < k && !under(figures[i].path, obj); i++)
				;
			for (j = i; j < k; j++)
				ok &= under(figures[j].path, obj);
			if (!ok) {
				printf("# %s: %s is apart from its object's "
				    "other rows\n", obj, figures[k].path);
				return 0;
			}
		}
		for (i = 0; figures[k].format == FMT_OBJECT && i < k; i++) {
			if (under(figures[i].path, figures[k].path) &&
			    strcmp(figures[i].path, figures[k].path) != 0)
				return 0;
		}
	}
	return 1;
}

static void
table(void)
{
	int ncol, nlast, ntext, i, j, bad, sane = 1, nh, want;
	char *head = xstrdup(report_csv_header()), **h;

	tap_ok(columns_listed(&ncol, &nlast), "columns.def lists every CSV "
	    "column once, in its kind's list, and nothing else");
	tap_ok(no_gaps(rank_text, &ntext), "LABEL(rank): 1 to K without gaps");
	for (i = 0, bad = 0; i < FIG_COUNT; i++) {
		for (j = 0; j < i; j++)
			bad |= strcmp(figures[i].path, figures[j].path) == 0;
	}
	tap_ok(!bad, "every JSON path once");
	tap_ok(objects_hold_together(), "an object's rows are consecutive, "
	    "its OBJECT row first");
	for (i = 0, want = 0; i < FIG_COUNT; i++) {
		const struct figure *fg = &figures[i];
		int scalar = fg->format != FMT_OBJECT &&
		    fg->format != FMT_CUSTOM;

		want += (fg->csv != NULL) + 2 * !!(fg->flags & F_REPLICATED);
		if ((fg->csv == NULL && fg->last) ||
		    ((fg->flags & F_REPLICATED) && !(fg->csv != NULL &&
		    !fg->last && figure_is_number(fg))) ||
		    ((fg->flags & F_NOSTATS) && !(fg->csv != NULL &&
		    figure_is_number(fg))) ||
		    ((fg->label != NULL) != (fg->text > 0)) ||
		    (fg->label != NULL && (!scalar || fg->unit == NULL)) ||
		    (fg->format == FMT_OBJECT && (fg->csv != NULL ||
		    fg->flags != 0))) {
			printf("# row %s does not hold together\n", fg->path);
			sane = 0;
		}
	}
	tap_ok(sane, "each row: a column has a place, replicated figures are "
	    "numbers with a place, labels are on scalars, objects are objects");
	h = csv_fields(head, &nh);
	for (i = 0, bad = 0; i < nh; i++) {
		for (j = 0; j < i; j++)
			bad |= strcmp(h[i], h[j]) == 0;
	}
	tap_ok(nh == want && !bad, "the CSV header: every column of the table "
	    "once (a column, or its _mean and _ci95 too)");
	if (nh != want)
		printf("# header %d columns, the table %d\n", nh, want);
	tap_str(h[nh - 1], "wall_s", "the CSV header: wall_s last");
	free(h);
	free(head);
}

/* A run of the seed's shape: 4 workers, 2 servers, protocol figures. */
static struct results *
seed_like(double step)
{
	struct results *r = run(5, 1, step - 1, 0);
	char name[32];
	int i;

	for (i = 0; i < 6; i++) {
		snprintf(name, sizeof name, "host-%d", i);
		host(r, name, i < 4 ? i : -1, i < 4 ? -1 : i - 4, i < 4 ? 0 : 1,
		    -1, 1e9 * (i + 1), 1e9);
		snprintf(name, sizeof name, "star_link_%d_UP", i);
		link_of(r, name, 1e9 * (i + 1), 1.25e9, i, 1, -1);
	}
	r->throughput_samples_per_s = 128 / step;
	r->goodput_steps_per_s = 1 / step;
	r->messages = 400;
	r->protocol.updates_per_s = 1 / step;
	r->analytic.step_time_s = 2;
	r->analytic.dominant = "bandwidth";
	results_summarize(r, 1, 1);
	return r;
}

/* Every row is where its path says in the JSON report: a value, or null
 * when absent; an F_OMIT row absent is not there at all. */
static void
json_paths(const struct scenario *sc)
{
	struct results *r = seed_like(3);
	struct figure_value v[FIG_COUNT];
	struct figure_words w;
	char *text = NULL, path[256], *tok, *save;
	const cJSON *at;
	size_t len = 0;
	cJSON *j;
	FILE *m = open_memstream(&text, &len);
	int i, bad = 0;

	report_write(m, REPORT_JSON, sc, r);
	fclose(m);
	j = cJSON_Parse(text);
	tap_ok(j != NULL, "the JSON report parses");
	figures_eval(sc, r, &w, v);
	for (i = 0; j != NULL && i < FIG_COUNT; i++) {
		snprintf(path, sizeof path, "%s", figures[i].path);
		at = j;
		for (tok = strtok_r(path, ".", &save); tok != NULL && at != NULL;
		    tok = strtok_r(NULL, ".", &save))
			at = cJSON_GetObjectItemCaseSensitive(at, tok);
		if (!v[i].inside || (!v[i].present &&
		    (figures[i].flags & F_OMIT)))
			bad |= at != NULL && v[i].inside;
		else if (at == NULL || (!v[i].present && !cJSON_IsNull(at) &&
		    !(figures[i].flags & F_JSON_ALWAYS))) {
			printf("# %s is not where its path says\n",
			    figures[i].path);
			bad = 1;
		}
	}
	tap_ok(!bad, "every row is at its path in the JSON report, null when "
	    "absent");
	tap_ok(v[FIG_STALENESS].present == 0 && v[FIG_STALE_MEAN].inside == 0,
	    "an absent object's rows are absent");
	cJSON_Delete(j);
	free(text);
	results_free(r);
}

/* csv with pad columns before its own, in the header and in the row,
 * some quoted with a comma: a report of several hundred columns. */
static char *
padded(const char *csv, int pad)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	const char *nl = strchr(csv, '\n');
	int k;

	for (k = 0; k < pad; k++)
		fprintf(m, k % 3 ? "pad_%d," : "\"pad,%d\",", k);
	fprintf(m, "%.*s", (int)(nl - csv + 1), csv);
	for (k = 0; k < pad; k++)
		fprintf(m, k % 3 ? "%d," : "\"1,%d\",", k);
	fputs(nl + 1, m);
	fclose(m);
	return buf;
}

/* Three replicates, the other two's CSV reports 510 columns wider: each
 * figure of the table is found by name, whatever the columns before. */
static void
read_back(struct scenario *sc)
{
	struct results *r[3];
	struct figure_value v[FIG_COUNT];
	struct figure_words w;
	char **csv = xcalloc(2, sizeof *csv), *one, *field;
	double mean, sd, ci;
	int i, j, k, have = 0, nh;

	for (i = 0; i < 3; i++)
		r[i] = seed_like(2 + i);
	for (i = 1; i < 3; i++) {
		one = report_csv(sc, r[i]);
		csv[i - 1] = padded(one, 510);
		free(one);
	}
	one = xstrdup(csv[0]);
	*strchr(one, '\n') = '\0';
	free(csv_fields(one, &nh));
	free(one);
	tap_ok(nh >= 600, "a replicate's CSV report of 600 columns and more");
	sc->run.replicates = 3;
	replicates_fill(sc, r[0], report_csv(sc, r[0]), csv);
	figures_eval(sc, r[0], &w, v);
	for (i = 0; i < FIG_COUNT; i++)
		have += figure_has_stats(&figures[i]) && v[i].present;
	tap_ok(r[0]->rep->nfig == have, "every figure worth statistics that "
	    "the run has came back");
	if (r[0]->rep->nfig != have)
		printf("# %d figures back, %d wanted\n", r[0]->rep->nfig, have);
	j = replicates_figure(r[0]->rep, "step_time_mean_s");
	for (i = 0, k = j >= 0; k && i < 3; i++)
		k = r[0]->rep->v[(size_t)i * r[0]->rep->nfig + j] == 2 + i;
	tap_ok(k, "each replicate's step_time_mean_s, by name");
	tap_ok(j >= 0 && replicates_stats(r[0]->rep, j, &mean, &sd, &ci) == 3 &&
	    mean == 3, "its mean over the 3 runs");
	tap_ok(replicates_figure(r[0]->rep, "workers") < 0 &&
	    replicates_figure(r[0]->rep, "wall_s") < 0 &&
	    replicates_figure(r[0]->rep, "pad_1") < 0,
	    "no statistics of F_NOSTATS figures nor of columns not the "
	    "table's");
	one = report_csv(sc, r[0]);
	field = csv_field(one, "step_time_mean_s_mean");
	tap_str(field, "3", "the CSV report's step_time_mean_s_mean");
	free(field);
	free(one);
	sc->run.replicates = 1;
	for (i = 0; i < 3; i++)
		results_free(r[i]);
}

int
main(void)
{
	char *errors = NULL;
	struct scenario *sc = scenario_load(NULL, NULL, 0, &errors);

	table();
	tap_ok(sc != NULL, "the built-in seed scenario loads");
	if (sc == NULL) {
		printf("# %s\n", errors != NULL ? errors : "");
		free(errors);
		return tap_done();
	}
	json_paths(sc);
	read_back(sc);
	scenario_free(sc);
	return tap_done();
}
