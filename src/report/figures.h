/* figures.h: the report's figures as a table, one row per figure
 * (figures.def): where each sits in the JSON report, its CSV column and
 * the column's place, its label in the text report, its format, whether
 * it is replicated, and how it is read from a run.  report.c writes the
 * JSON report, the CSV header and row and the text report's replicated
 * and labelled lines from it; replicates.c reads the replicates' CSV
 * reports back by it.  Pure, as the reports are. */
#ifndef PSIM_FIGURES_H
#define PSIM_FIGURES_H

#include <stdio.h>

struct results;
struct scenario;

enum figure_id {
#define FIGURE(id, path, csv, format, flags, label, present, value) FIG_##id,
#include "figures.def"
#undef FIGURE
	FIG_COUNT
};

enum figure_format { FMT_INT, FMT_G12, FMT_G15, FMT_MS, FMT_WORD, FMT_TEXT,
	FMT_BOOL, FMT_OBJECT, FMT_CUSTOM };

/* A row's flags (figures.def says what each means). */
#define F_REPLICATED	0x01
#define F_NOSTATS	0x02
#define F_PROSE		0x04
#define F_OMIT		0x08
#define F_JSON_ALWAYS	0x10

/* A run's faults are a sample: fewer events than this and what they cost
 * is mostly chance (run longer, or run.replicates). */
#define FEW_FAULT_EVENTS	20

/* The bottleneck in words (report_bottleneck), which rows read. */
struct figure_words {
	char		 resource[128], why[512];
};

/* The writers of a figure that is not a scalar: its JSON value (indent:
 * the spaces before its key) and, if it has a column, its CSV field. */
struct figure_custom {
	void	(*json)(FILE *, int indent, const struct scenario *,
		    const struct results *);
	void	(*csv)(FILE *, const struct scenario *,
		    const struct results *);
};

/* A row's value in one run. */
struct figure_value {
	int		 inside;	/* its objects are present */
	int		 present;	/* and so is it */
	double		 x;		/* numbers and BOOL */
	const char	*s;		/* WORD and TEXT */
	const struct figure_custom *custom;
};

struct figure {
	enum figure_id	 id;
	const char	*path;		/* "step_time_s.mean" */
	const char	*csv;		/* "step_time_mean_s", or NULL */
	int		 last;		/* 1: after the replicated columns */
	enum figure_format format;
	unsigned	 flags;		/* F_* */
	int		 text;		/* the text report's order, 1 to K; 0 */
	const char	*label;		/* "step time", or NULL */
	const char	*unit;		/* "s", "" */
	/* present, and with v the value into v (when present) */
	int	(*get)(const struct scenario *, const struct results *,
		    const struct figure_words *, struct figure_value *v);
};

/* The rows, in the JSON report's order. */
extern const struct figure figures[FIG_COUNT];

/* The OBJECT row whose object holds row i, or -1 (at the top, or in an
 * object that is never null and has no row). */
int figure_parent(int i);
/* Whether a row's format is a number (INT, G12, G15, MS). */
int figure_is_number(const struct figure *);
/* Whether a row is a figure worth statistics over run.replicates: a
 * number with a CSV column, not F_NOSTATS. */
int figure_has_stats(const struct figure *);

/* The CSV's columns in order, by name (columns.def): those before the
 * replicated columns, then those after; NULL-terminated. */
extern const char *const figures_csv_first[];
extern const char *const figures_csv_last[];

/* The rows with a CSV column, in the CSV's order (columns.def's): the
 * CSV(...) ones, then the CSV_LAST(...) ones: their number, their
 * indices into idx (room for FIG_COUNT), and in *nlast how many are
 * CSV_LAST.  The F_REPLICATED columns' _mean and _ci95 go between the
 * two. */
int figures_csv_order(int *idx, int *nlast);
/* The rows with a label, in the text report's order (LABEL's rank). */
int figures_text_order(int *idx);

/* Every row's value in the run r of sc. */
void figures_eval(const struct scenario *, const struct results *,
    struct figure_words *, struct figure_value v[FIG_COUNT]);

#endif
