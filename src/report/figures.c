/* figures.c: the report's figures (figures.h): the rows of figures.def
 * as a table, each row's value read from a run, and the writers of the
 * figures that are not scalars (overrides, the loss curve, the
 * staleness histogram, hosts, links, replicates). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "figures.h"
#include "results.h"
#include "scenario.h"
#include "utf8.h"
#include "words.h"
#include "xmalloc.h"

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

/* "overrides": the --set overrides, an array in the JSON, joined by
 * "; " in one CSV field. */
static void
json_overrides(FILE *f, int indent, const struct scenario *sc,
    const struct results *r)
{
	int i;

	fputc('[', f);
	for (i = 0; i < sc->nsets; i++) {
		fputs(i > 0 ? ", " : "", f);
		utf8_json_string(f, sc->sets[i]);
	}
	fputc(']', f);
}

static void
csv_overrides(FILE *f, const struct scenario *sc, const struct results *r)
{
	char *all = xstrdup(""), *next;
	int i;

	for (i = 0; i < sc->nsets; i++) {
		xasprintf(&next, "%s%s%s", all, i > 0 ? "; " : "",
		    sc->sets[i]);
		free(all);
		all = next;
	}
	csv_write_field(f, all);
	free(all);
}

static void
json_loss_curve(FILE *f, int indent, const struct scenario *sc,
    const struct results *r)
{
	const struct training *t = &r->training;
	int i;

	fputs("[\n", f);
	for (i = 0; i < t->ncurve; i++) {
		fprintf(f, "%*s{\"step\": ", indent + 2, "");
		report_json_number(f, t->curve[i].step);
		pair_num(f, "simulated_time_s", t->curve[i].simulated_s);
		pair_num(f, "loss", t->curve[i].loss);
		fprintf(f, "}%s\n", i + 1 < t->ncurve ? "," : "");
	}
	fprintf(f, "%*s]", indent, "");
}

static void
json_histogram(FILE *f, int indent, const struct scenario *sc,
    const struct results *r)
{
	const struct protocol *p = &r->protocol;
	int i;

	fputc('[', f);
	for (i = 0; i < p->stale_bins; i++)
		fprintf(f, "%s%ld", i > 0 ? ", " : "", p->stale_hist[i]);
	fputc(']', f);
}

static void
json_hosts(FILE *f, int indent, const struct scenario *sc,
    const struct results *r)
{
	char role[64];
	int i;

	fputs("[\n", f);
	for (i = 0; i < r->nhosts; i++) {
		const struct host_result *h = &r->hosts[i];

		fprintf(f, "%*s{", indent + 2, "");
		pair_str(f, "name", h->name, 1);
		report_role(h, role, sizeof role);
		pair_str(f, "role", role, 0);
		pair_num(f, "bytes_sent", h->bytes_sent);
		pair_num(f, "bytes_received", h->bytes_received);
		pair_num(f, "nic_gbps", h->nic_Bps * 8 / 1e9);
		pair_num(f, "nic_utilization", h->nic_utilization);
		fprintf(f, "}%s\n", i + 1 < r->nhosts ? "," : "");
	}
	fprintf(f, "%*s]", indent, "");
}

static void
json_links(FILE *f, int indent, const struct scenario *sc,
    const struct results *r)
{
	int i;

	fputs("[\n", f);
	for (i = 0; i < r->nlinks; i++) {
		const struct link_result *l = &r->links[i];

		fprintf(f, "%*s{", indent + 2, "");
		pair_str(f, "name", l->name, 1);
		pair_num(f, "bytes", l->bytes);
		pair_num(f, "bandwidth_gbps", l->bandwidth_Bps * 8 / 1e9);
		pair_num(f, "utilization", l->utilization);
		fprintf(f, "}%s\n", i + 1 < r->nlinks ? "," : "");
	}
	fprintf(f, "%*s]", indent, "");
}

/* "replicates": every run's figures and their statistics. */
static void
json_replicates(FILE *f, int indent, const struct scenario *sc,
    const struct results *r)
{
	const struct replicates *rep = r->rep;
	double mean, sd, ci;
	int i, j, k, in = indent + 2, in2 = indent + 4;

	fprintf(f, "{\n%*s\"n\": %d,\n%*s\"seeds\": [", in, "", rep->n, in,
	    "");
	for (i = 0; i < rep->n; i++)
		fprintf(f, "%s%lu", i > 0 ? ", " : "", rep->seeds[i]);
	fprintf(f, "],\n%*s\"runs\": [\n", in, "");
	for (i = 0; i < rep->n; i++) {
		fprintf(f, "%*s{\"seed\": %lu", in2, "", rep->seeds[i]);
		for (j = 0; j < rep->nfig; j++)
			pair_num(f, rep->names[j], rep->v[(size_t)i *
			    (size_t)rep->nfig + (size_t)j]);
		fprintf(f, "}%s\n", i + 1 < rep->n ? "," : "");
	}
	fprintf(f, "%*s],\n%*s\"stats\": {\n", in, "", in, "");
	for (j = 0; j < rep->nfig; j++) {
		k = replicates_stats(rep, j, &mean, &sd, &ci);
		fprintf(f, "%*s\"%s\": {\"mean\": ", in2, "", rep->names[j]);
		report_json_number(f, mean);
		pair_num(f, "sd", sd);
		pair_num(f, "ci95", ci);
		pair_num(f, "n", k);
		fprintf(f, "}%s\n", j + 1 < rep->nfig ? "," : "");
	}
	fprintf(f, "%*s}\n%*s}", in, "", indent, "");
}

static const struct figure_custom custom_overrides = { json_overrides,
	csv_overrides };
static const struct figure_custom custom_loss_curve = { json_loss_curve,
	NULL };
static const struct figure_custom custom_histogram = { json_histogram,
	NULL };
static const struct figure_custom custom_hosts = { json_hosts, NULL };
static const struct figure_custom custom_links = { json_links, NULL };
static const struct figure_custom custom_replicates = { json_replicates,
	NULL };

/* Each row's reader: get_ID(sc, r, w, v) says whether the run has the
 * figure and, given v, puts its value there. */
#define SET_INT(v, e)		((v)->x = (double)(e))
#define SET_G12(v, e)		((v)->x = (double)(e))
#define SET_G15(v, e)		((v)->x = (double)(e))
#define SET_MS(v, e)		((v)->x = (double)(e))
#define SET_BOOL(v, e)		((v)->x = (e) ? 1 : 0)
#define SET_WORD(v, e)		((v)->s = (e))
#define SET_TEXT(v, e)		((v)->s = (e))
#define SET_OBJECT(v, e)	((void)0)
#define SET_CUSTOM(v, e)	((v)->custom = &(e))
#define FIGURE(id, path, csv, format, flags, label, present, value)	\
static int								\
get_##id(const struct scenario *sc, const struct results *r,		\
    const struct figure_words *w, struct figure_value *v)		\
{									\
	if (v != NULL)							\
		SET_##format(v, value);					\
	return (present) ? 1 : 0;					\
}
#include "figures.def"
#undef FIGURE

/* The rows' columns and labels, as struct figure has them. */
#define CSV(name)			name, 0
#define CSV_LAST(name)			name, 1
#define NO_CSV				NULL, 0
#define LABEL(rank, label, unit)	rank, label, unit
#define NO_LABEL			0, NULL, NULL

const struct figure figures[FIG_COUNT] = {
#define FIGURE(id, path, csv, format, flags, label, present, value)	\
	{ FIG_##id, path, csv, FMT_##format, flags, label, get_##id },
#include "figures.def"
#undef FIGURE
};

const char *const figures_csv_first[] = {
#define COLUMN(name)	name,
#define LAST(name)
#include "columns.def"
#undef COLUMN
#undef LAST
	NULL
};
const char *const figures_csv_last[] = {
#define COLUMN(name)
#define LAST(name)	name,
#include "columns.def"
#undef COLUMN
#undef LAST
	NULL
};

int
figure_parent(int i)
{
	static int parent[FIG_COUNT], done;
	size_t n;
	int j, k;

	for (j = 0; !done && j < FIG_COUNT; j++) {
		parent[j] = -1;
		for (k = j - 1; k >= 0; k--) {
			n = strlen(figures[k].path);
			if (figures[k].format == FMT_OBJECT &&
			    strncmp(figures[j].path, figures[k].path, n) == 0 &&
			    figures[j].path[n] == '.') {
				parent[j] = k;
				break;
			}
		}
	}
	done = 1;
	return parent[i];
}

int
figure_is_number(const struct figure *fg)
{
	return fg->format == FMT_INT || fg->format == FMT_G12 ||
	    fg->format == FMT_G15 || fg->format == FMT_MS;
}

int
figure_has_stats(const struct figure *fg)
{
	return fg->csv != NULL && figure_is_number(fg) &&
	    !(fg->flags & F_NOSTATS);
}

/* A CSV column's place: its index in its list of columns.def, those
 * after the replicated columns after all the others. */
static int
col_rank(const struct figure *f)
{
	const char *const *list = f->last ? figures_csv_last : figures_csv_first;
	int i;

	for (i = 0; list[i] != NULL && strcmp(list[i], f->csv) != 0; i++)
		;
	return (f->last ? FIG_COUNT : 0) + i;
}

/* Sort by rank: the CSV's place, or the text's. */
static int
by_col(const void *a, const void *b)
{
	int kx = col_rank(&figures[*(const int *)a]);
	int ky = col_rank(&figures[*(const int *)b]);

	return (kx > ky) - (kx < ky);
}

static int
by_text(const void *a, const void *b)
{
	const struct figure *x = &figures[*(const int *)a];
	const struct figure *y = &figures[*(const int *)b];

	return (x->text > y->text) - (x->text < y->text);
}

int
figures_csv_order(int *idx, int *nlast)
{
	int i, n = 0;

	*nlast = 0;
	for (i = 0; i < FIG_COUNT; i++) {
		if (figures[i].csv != NULL) {
			idx[n++] = i;
			*nlast += figures[i].last;
		}
	}
	qsort(idx, (size_t)n, sizeof *idx, by_col);
	return n;
}

int
figures_text_order(int *idx)
{
	int i, n = 0;

	for (i = 0; i < FIG_COUNT; i++) {
		if (figures[i].label != NULL)
			idx[n++] = i;
	}
	qsort(idx, (size_t)n, sizeof *idx, by_text);
	return n;
}

void
figures_eval(const struct scenario *sc, const struct results *r,
    struct figure_words *w, struct figure_value v[FIG_COUNT])
{
	const struct figure *fg;
	int i, p;

	report_bottleneck(r, w->resource, sizeof w->resource, w->why,
	    sizeof w->why);
	memset(v, 0, FIG_COUNT * sizeof *v);
	for (i = 0; i < FIG_COUNT; i++) {
		fg = &figures[i];
		p = figure_parent(i);
		v[i].inside = p < 0 || v[p].present;
		v[i].present = v[i].inside && fg->get(sc, r, w, NULL);
		if (v[i].present || (v[i].inside && (fg->flags & F_JSON_ALWAYS)))
			fg->get(sc, r, w, &v[i]);
	}
}
