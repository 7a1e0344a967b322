/* units.h: strings with units ("250M", "10Gbps", "5us", "2.5Tf") to
 * doubles in base units, and back to short strings for reports. */
#ifndef PSIM_UNITS_H
#define PSIM_UNITS_H

enum unit_kind {
	UNIT_COUNT,	/* "250M", "1.5B": plain numbers, decimal suffixes */
	UNIT_BYTES,	/* "1GB", "64MiB" -> bytes */
	UNIT_BANDWIDTH,	/* "10Gbps", "1.25GBps" -> bytes per second */
	UNIT_TIME,	/* "1s", "5us", "2min" -> seconds */
	UNIT_FLOPS,	/* "2.5T", "100Tf" -> floating-point operations */
	UNIT_SPEED	/* "1Tf", "50Gflops" -> flops per second */
};

/* What a value of this kind looks like, for error messages. */
const char *units_example(enum unit_kind);

/* Parse s as a value of the given kind.  Returns 0, or -1 with *cause set
 * to a malloc'd message ("unknown unit 'Gbs'"); the caller frees it. */
int units_parse(const char *s, enum unit_kind, double *out, char **cause);

/* The first kind (count, bytes, bandwidth, time, flops, speed) in which
 * each of the n strings parses, their values in its base unit in out;
 * -1 if there is none.  A plain number is a count. */
int units_parse_same(const char *const *s, int n, enum unit_kind *kind,
    double *out);

/* What follows the number in s ("h" in "1.5h", "" in "2"). */
const char *units_suffix(const char *s);

/* Short human forms for reports: "1 GB", "10 Gbps", "1.25 s" (a time of
 * 10,000 s or more in hours: "4.508 h"). */
void units_fmt_bytes(double bytes, char *buf, unsigned len);
void units_fmt_rate(double bytes_per_s, char *buf, unsigned len);
void units_fmt_time(double s, char *buf, unsigned len);
void units_fmt_count(double n, char *buf, unsigned len);	/* "250M" */

#endif
