/* units.c: parse and format the units scenario files use.  Bandwidths
 * are bits per second when written "bps" and bytes per second when written
 * "Bps", decimal prefixes unless "i" says binary, as SimGrid's own XML does. */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "units.h"
#include "xmalloc.h"

struct suffix {
	const char *name;
	double factor;
};

static const struct suffix count_suffixes[] = {
	{ "", 1 }, { "K", 1e3 }, { "k", 1e3 }, { "M", 1e6 }, { "G", 1e9 },
	{ "B", 1e9 }, { "T", 1e12 }, { "P", 1e15 }, { NULL, 0 }
};

static const struct suffix bytes_suffixes[] = {
	{ "B", 1 }, { "kB", 1e3 }, { "KB", 1e3 }, { "MB", 1e6 },
	{ "GB", 1e9 }, { "TB", 1e12 }, { "KiB", 1024.0 },
	{ "MiB", 1048576.0 }, { "GiB", 1073741824.0 },
	{ "TiB", 1099511627776.0 }, { NULL, 0 }
};

static const struct suffix bandwidth_suffixes[] = {
	{ "bps", 1 / 8.0 }, { "kbps", 1e3 / 8 }, { "Kbps", 1e3 / 8 },
	{ "Mbps", 1e6 / 8 }, { "Gbps", 1e9 / 8 }, { "Tbps", 1e12 / 8 },
	{ "Kibps", 1024.0 / 8 }, { "Mibps", 1048576.0 / 8 },
	{ "Gibps", 1073741824.0 / 8 }, { "Tibps", 1099511627776.0 / 8 },
	{ "Bps", 1 }, { "kBps", 1e3 }, { "KBps", 1e3 }, { "MBps", 1e6 },
	{ "GBps", 1e9 }, { "TBps", 1e12 }, { "KiBps", 1024.0 },
	{ "MiBps", 1048576.0 }, { "GiBps", 1073741824.0 },
	{ "TiBps", 1099511627776.0 }, { NULL, 0 }
};

static const struct suffix time_suffixes[] = {
	{ "ns", 1e-9 }, { "us", 1e-6 }, { "ms", 1e-3 }, { "s", 1 },
	{ "min", 60 }, { "h", 3600 }, { "d", 86400 }, { NULL, 0 }
};

static const struct suffix flops_suffixes[] = {
	{ "", 1 }, { "K", 1e3 }, { "M", 1e6 }, { "G", 1e9 }, { "T", 1e12 },
	{ "P", 1e15 }, { "f", 1 }, { "Kf", 1e3 }, { "Mf", 1e6 },
	{ "Gf", 1e9 }, { "Tf", 1e12 }, { "Pf", 1e15 }, { "flops", 1 },
	{ "Kflops", 1e3 }, { "Mflops", 1e6 }, { "Gflops", 1e9 },
	{ "Tflops", 1e12 }, { "Pflops", 1e15 }, { NULL, 0 }
};

static const struct suffix speed_suffixes[] = {
	{ "f", 1 }, { "Kf", 1e3 }, { "Mf", 1e6 }, { "Gf", 1e9 },
	{ "Tf", 1e12 }, { "Pf", 1e15 }, { "flops", 1 }, { "Kflops", 1e3 },
	{ "Mflops", 1e6 }, { "Gflops", 1e9 }, { "Tflops", 1e12 },
	{ "Pflops", 1e15 }, { NULL, 0 }
};

static const struct suffix *
suffixes(enum unit_kind kind)
{
	switch (kind) {
	case UNIT_COUNT:
		return count_suffixes;
	case UNIT_BYTES:
		return bytes_suffixes;
	case UNIT_BANDWIDTH:
		return bandwidth_suffixes;
	case UNIT_TIME:
		return time_suffixes;
	case UNIT_FLOPS:
		return flops_suffixes;
	case UNIT_SPEED:
		return speed_suffixes;
	}
	return count_suffixes;
}

const char *
units_example(enum unit_kind kind)
{
	switch (kind) {
	case UNIT_COUNT:
		return "a count such as 250M";
	case UNIT_BYTES:
		return "a size such as \"64MB\"";
	case UNIT_BANDWIDTH:
		return "a bandwidth such as \"10Gbps\"";
	case UNIT_TIME:
		return "a duration such as \"1s\" or \"5us\"";
	case UNIT_FLOPS:
		return "a flop count such as \"2.5T\"";
	case UNIT_SPEED:
		return "a speed such as \"1Tf\"";
	}
	return "a value";
}

int
units_parse(const char *s, enum unit_kind kind, double *out, char **cause)
{
	const struct suffix *sx;
	const char *p = s;
	char *end;
	double v;

	while (isspace((unsigned char)*p))
		p++;
	/* strtod also takes "inf", "nan" and hex: only plain decimals here. */
	if (!(isdigit((unsigned char)*p) || *p == '.' ||
	    ((*p == '-' || *p == '+') &&
	    (isdigit((unsigned char)p[1]) || p[1] == '.')))) {
		xasprintf(cause, "expected %s, got \"%s\"", units_example(kind),
		    s);
		return -1;
	}
	v = strtod(p, &end);
	if (end == p || !isfinite(v) || strpbrk(p, "xX") != NULL) {
		xasprintf(cause, "expected %s, got \"%s\"", units_example(kind),
		    s);
		return -1;
	}
	while (isspace((unsigned char)*end))
		end++;
	for (sx = suffixes(kind); sx->name != NULL; sx++) {
		if (strcmp(sx->name, end) == 0) {
			*out = v * sx->factor;
			return 0;
		}
	}
	if (*end == '\0')
		xasprintf(cause, "missing unit in \"%s\": expected %s", s,
		    units_example(kind));
	else
		xasprintf(cause, "unknown unit \"%s\" in \"%s\": expected %s",
		    end, s, units_example(kind));
	return -1;
}

int
units_parse_same(const char *const *s, int n, enum unit_kind *kind,
    double *out)
{
	static const enum unit_kind kinds[] = { UNIT_COUNT, UNIT_BYTES,
	    UNIT_BANDWIDTH, UNIT_TIME, UNIT_FLOPS, UNIT_SPEED };
	char *cause;
	size_t k;
	int i;

	for (k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		for (i = 0; i < n; i++) {
			if (units_parse(s[i], kinds[k], &out[i], &cause) != 0) {
				free(cause);
				break;
			}
		}
		if (i == n) {
			*kind = kinds[k];
			return 0;
		}
	}
	return -1;
}

const char *
units_suffix(const char *s)
{
	char *end;

	(void)strtod(s, &end);
	return end;
}

static void
fmt_scaled(double v, const char *const *names, double step, char *buf,
    unsigned len)
{
	int i = 0;

	while (names[i + 1] != NULL && fabs(v) >= step * 0.9995) {
		v /= step;
		i++;
	}
	snprintf(buf, len, "%.4g %s", v, names[i]);
}

void
units_fmt_bytes(double bytes, char *buf, unsigned len)
{
	static const char *const names[] = { "B", "kB", "MB", "GB", "TB",
	    "PB", NULL };

	fmt_scaled(bytes, names, 1000, buf, len);
}

void
units_fmt_rate(double bytes_per_s, char *buf, unsigned len)
{
	static const char *const names[] = { "bps", "Kbps", "Mbps", "Gbps",
	    "Tbps", NULL };

	fmt_scaled(bytes_per_s * 8, names, 1000, buf, len);
}

void
units_fmt_count(double n, char *buf, unsigned len)
{
	static const char *const names[] = { "", "K", "M", "B", "T", NULL };

	fmt_scaled(n, names, 1000, buf, len);
	len = (unsigned)strlen(buf);
	if (len > 0 && buf[len - 1] == ' ')	/* no suffix */
		buf[len - 1] = '\0';
	else if (len > 1) {			/* "250 M" -> "250M" */
		char *sp = strrchr(buf, ' ');

		if (sp != NULL)
			memmove(sp, sp + 1, strlen(sp));
	}
}

void
units_fmt_time(double s, char *buf, unsigned len)
{
	double unit, shown = s;

	if (fabs(s) < 1e-9)	/* float noise of subtracted clocks */
		s = shown = 0;
	if (s != 0 && isfinite(s)) {	/* the 4 digits shown pick the unit:
					   0.99999999 s is "1 s", not
					   "1000 ms"; s itself is printed */
		unit = pow(10, floor(log10(fabs(s))) - 3);
		shown = round(s / unit) * unit;
	}
	if (shown != 0 && fabs(shown) < 1e-3)
		snprintf(buf, len, "%.4g us", s * 1e6);
	else if (shown != 0 && fabs(shown) < 1)
		snprintf(buf, len, "%.4g ms", s * 1e3);
	else if (fabs(shown) >= 1e4)	/* not "1.623e+04 s" */
		snprintf(buf, len, "%.4g h", s / 3600);
	else
		snprintf(buf, len, "%.4g s", s);
}
