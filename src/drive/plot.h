/* plot.h: psim sweep --plot x=PATH,y=COLUMN[+COLUMN...][,series=PATH]
 * [,logx][,logy]: a sweep's figures as DIR/plot.dat, a gnuplot script
 * DIR/plot.gp, and gnuplot run on it for DIR/plot.png and DIR/plot.svg.
 * A y of <figure>_mean (run.replicates) is drawn with error bars of its
 * <figure>_ci95.  No SimGrid here. */
#ifndef PSIM_PLOT_H
#define PSIM_PLOT_H

struct sweep;

#define PLOT_MAXY	8

struct plot {
	int		 x, series;	/* vary indexes; series -1 for none */
	int		 ycol[PLOT_MAXY]; /* columns of the CSV report */
	int		 ecol[PLOT_MAXY]; /* a <figure>_mean's <figure>_ci95,
					     drawn as error bars; else -1 */
	char		*yname[PLOT_MAXY];
	int		 ny;
	char		*y;		/* as given: the axis label */
	int		 logx, logy;
};

/* spec against the sweep's vary paths and the columns of its CSV
 * report (sw->columns); -1 with *cause. */
int plot_parse(const char *spec, const struct sweep *, struct plot *,
    char **cause);

/* Write DIR/plot.dat and DIR/plot.gp from the points done, then run
 * gnuplot on the script (no shell: the user's strings go only into the
 * files); -1, having said so, if gnuplot is missing or fails. */
int plot_write(const struct plot *, const struct sweep *);

void plot_free(struct plot *);

#endif
