/* unit-units.c: parsing and formatting of units. */
#include "config.h"

#include <stdlib.h>

#include "tap.h"
#include "units.h"

static void
parses(const char *s, enum unit_kind k, double want)
{
	char *cause = NULL, name[128];
	double v = -1;
	int rc = units_parse(s, k, &v, &cause);

	snprintf(name, sizeof name, "\"%s\" parses to %g", s, want);
	tap_ok(rc == 0 && fabs(v - want) <= 1e-12 * fabs(want), name);
	if (rc != 0)
		printf("# %s\n", cause);
	free(cause);
}

static void
fails(const char *s, enum unit_kind k, const char *want)
{
	char *cause = NULL, name[128];
	double v;
	int rc = units_parse(s, k, &v, &cause);

	snprintf(name, sizeof name, "\"%s\" is refused", s);
	tap_ok(rc == -1, name);
	snprintf(name, sizeof name, "\"%s\": the message says why", s);
	tap_str(cause, want, name);
	free(cause);
}

int
main(void)
{
	char buf[32];

	parses("250M", UNIT_COUNT, 250e6);
	parses("25B", UNIT_COUNT, 25e9);
	parses("1000", UNIT_COUNT, 1000);
	parses("1.5K", UNIT_COUNT, 1500);
	parses("10Gbps", UNIT_BANDWIDTH, 1.25e9);
	parses("10 Gbps", UNIT_BANDWIDTH, 1.25e9);
	parses("1.25GBps", UNIT_BANDWIDTH, 1.25e9);
	parses("10Gibps", UNIT_BANDWIDTH, 10 * 1073741824.0 / 8);
	parses("100Mbps", UNIT_BANDWIDTH, 12.5e6);
	parses("5us", UNIT_TIME, 5e-6);
	parses("1.5s", UNIT_TIME, 1.5);
	parses("2min", UNIT_TIME, 120);
	parses("250ms", UNIT_TIME, 0.25);
	parses("100Tf", UNIT_FLOPS, 1e14);
	parses("2.5T", UNIT_FLOPS, 2.5e12);
	parses("1Tf", UNIT_SPEED, 1e12);
	parses("64MiB", UNIT_BYTES, 67108864);
	parses("1GB", UNIT_BYTES, 1e9);

	fails("10", UNIT_BANDWIDTH,
	    "missing unit in \"10\": expected a bandwidth such as \"10Gbps\"");
	fails("10Gbs", UNIT_BANDWIDTH, "unknown unit \"Gbs\" in \"10Gbs\": "
	    "expected a bandwidth such as \"10Gbps\"");
	fails("fast", UNIT_BANDWIDTH,
	    "expected a bandwidth such as \"10Gbps\", got \"fast\"");
	fails("inf", UNIT_COUNT, "expected a count such as 250M, got \"inf\"");
	fails("nan", UNIT_TIME,
	    "expected a duration such as \"1s\" or \"5us\", got \"nan\"");
	fails("0x10", UNIT_COUNT,
	    "expected a count such as 250M, got \"0x10\"");
	fails("1e999", UNIT_COUNT,
	    "expected a count such as 250M, got \"1e999\"");
	fails("5 parsecs", UNIT_TIME, "unknown unit \"parsecs\" in \"5 parsecs\": "
	    "expected a duration such as \"1s\" or \"5us\"");

	units_fmt_bytes(1e9, buf, sizeof buf);
	tap_str(buf, "1 GB", "1e9 bytes print as 1 GB");
	units_fmt_bytes(1.25e9, buf, sizeof buf);
	tap_str(buf, "1.25 GB", "1.25e9 bytes print as 1.25 GB");
	units_fmt_rate(1.25e9, buf, sizeof buf);
	tap_str(buf, "10 Gbps", "1.25e9 B/s print as 10 Gbps");
	units_fmt_rate(9e9, buf, sizeof buf);
	tap_str(buf, "72 Gbps", "9e9 B/s print as 72 Gbps");
	units_fmt_time(0.25, buf, sizeof buf);
	tap_str(buf, "250 ms", "0.25 s prints as 250 ms");
	units_fmt_time(5e-6, buf, sizeof buf);
	tap_str(buf, "5 us", "5e-6 s prints as 5 us");
	units_fmt_time(9999, buf, sizeof buf);
	tap_str(buf, "9999 s", "9999 s prints in seconds");
	units_fmt_time(16230, buf, sizeof buf);
	tap_str(buf, "4.508 h", "16230 s prints as 4.508 h, not 1.623e+04 s");
	return tap_done();
}
