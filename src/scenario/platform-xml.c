/* platform-xml.c: what psim models of a SimGrid platform file
 * (platform-xml.h): a table of elements, each with its attributes and
 * the values psim takes, and a scanner of tags. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "platform-xml.h"
#include "ranges.h"
#include "xmalloc.h"

/* An attribute of an element: its name, and NULL (any value) or the
 * values psim models, "|"-separated; a time, bandwidth or speed has the
 * range the scenario's own keys of that kind have. */
struct xml_attr {
	const char	*name;
	const char	*values;
	const struct range *range;
};

#define ANY	NULL, NULL
#define TIME	NULL, &range_latency
#define BW	NULL, &range_bandwidth
#define SPEED	NULL, &range_speed

struct xml_element {
	const char	*name;
	const struct xml_attr *attrs;	/* NULL-named at the end */
};

#define SHARING	"SHARED|SPLITDUPLEX|FATPIPE"
#define ROUTING	"Full|Floyd|Dijkstra|DijkstraCache|Cluster|None"

static const struct xml_attr a_platform[] = { { "version", ANY },
	{ NULL, ANY } };
static const struct xml_attr a_zone[] = { { "id", ANY },
	{ "routing", ROUTING, NULL }, { NULL, ANY } };
static const struct xml_attr a_host[] = { { "id", ANY },
	{ "speed", SPEED }, { "core", ANY }, { NULL, ANY } };
static const struct xml_attr a_link[] = { { "id", ANY },
	{ "bandwidth", BW }, { "latency", TIME },
	{ "sharing_policy", SHARING, NULL }, { NULL, ANY } };
static const struct xml_attr a_route[] = { { "src", ANY },
	{ "dst", ANY }, { "gw_src", ANY }, { "gw_dst", ANY },
	{ "symmetrical", "YES|NO|yes|no", NULL }, { NULL, ANY } };
static const struct xml_attr a_link_ctn[] = { { "id", ANY },
	{ "direction", "UP|DOWN|NONE", NULL }, { NULL, ANY } };
static const struct xml_attr a_router[] = { { "id", ANY },
	{ NULL, ANY } };
static const struct xml_attr a_cluster[] = { { "id", ANY },
	{ "prefix", ANY }, { "suffix", ANY }, { "radical", ANY },
	{ "speed", SPEED }, { "core", ANY }, { "bw", BW }, { "lat", TIME },
	{ "sharing_policy", SHARING, NULL }, { "bb_bw", BW }, { "bb_lat", TIME },
	{ "bb_sharing_policy", "SHARED|FATPIPE", NULL }, { "router_id", ANY },
	{ "loopback_bw", BW }, { "loopback_lat", TIME },
	{ "limiter_link", BW },
	{ "topology", "FLAT|TORUS|FAT_TREE|DRAGONFLY", NULL },
	{ "topo_parameters", ANY }, { NULL, ANY } };
static const struct xml_attr a_backbone[] = { { "id", ANY },
	{ "bandwidth", BW }, { "latency", TIME }, { NULL, ANY } };

static const struct xml_element elements[] = {
	{ "platform", a_platform }, { "zone", a_zone }, { "AS", a_zone },
	{ "host", a_host }, { "link", a_link }, { "route", a_route },
	{ "zoneRoute", a_route }, { "ASroute", a_route },
	{ "bypassRoute", a_route }, { "bypassZoneRoute", a_route },
	{ "bypassASroute", a_route }, { "link_ctn", a_link_ctn },
	{ "router", a_router }, { "cluster", a_cluster },
	{ "backbone", a_backbone }, { NULL, NULL }
};

struct scan {
	const char	*p, *end, *text;
	char		*why;
};

static int
line_of(const struct scan *s)
{
	const char *q;
	int line = 1;

	for (q = s->text; q < s->p; q++)
		line += *q == '\n';
	return line;
}

/* Skip to just after the string stop; -1 if it never comes. */
static int
skip_past(struct scan *s, const char *stop)
{
	size_t n = strlen(stop);

	for (; s->p + n <= s->end; s->p++) {
		if (memcmp(s->p, stop, n) == 0) {
			s->p += n;
			return 0;
		}
	}
	xasprintf(&s->why, "no %s after a markup that opens here", stop);
	return -1;
}

/* A name at p (XML's letters, digits, -_.:) into buf. */
static int
read_name(struct scan *s, char *buf, size_t len)
{
	size_t n = 0;

	while (s->p < s->end && (isalnum((unsigned char)*s->p) ||
	    strchr("-_.:", *s->p) != NULL) && *s->p != '\0') {
		if (n + 1 < len)
			buf[n++] = *s->p;
		s->p++;
	}
	buf[n] = '\0';
	return n > 0 ? 0 : -1;
}

/* Whether value is one of the "|"-separated values. */
static int
one_of(const char *values, const char *value, size_t vlen)
{
	const char *v = values, *bar;
	size_t n;

	for (;;) {
		bar = strchr(v, '|');
		n = bar != NULL ? (size_t)(bar - v) : strlen(v);
		if (n == vlen && memcmp(v, value, n) == 0)
			return 1;
		if (bar == NULL)
			return 0;
		v = bar + 1;
	}
}

static const struct xml_element *
element(const char *name)
{
	const struct xml_element *e;

	for (e = elements; e->name != NULL; e++)
		if (strcmp(e->name, name) == 0)
			return e;
	return NULL;
}

/* SimGrid's units for a platform file's values (xbt_parse_units.cpp in
 * SimGrid 3.32): a time in w, d, h, m (minutes), s, ms, us, ns or ps; a
 * bandwidth in bps or Bps after a decimal (k to Y) or binary (Ki to Yi)
 * prefix; a speed in f after a decimal prefix, or in flops after a long
 * one (kilo to yotta); a bare number is in the base unit.  Returns the
 * value, or NAN for what SimGrid refuses (it then says why itself). */
static double
simgrid_value(const struct range *r, const char *v, size_t n)
{
	static const char *const dec = "kMGTPEZY";
	static const char *const longs[] = { "kilo", "mega", "giga", "tera",
	    "peta", "exa", "zeta", "yotta" };
	static const struct { const char *unit; double scale; } times[] = {
		{ "w", 604800 }, { "d", 86400 }, { "h", 3600 }, { "m", 60 },
		{ "s", 1 }, { "ms", 1e-3 }, { "us", 1e-6 }, { "ns", 1e-9 },
		{ "ps", 1e-12 } };
	char buf[64], *end, *u;
	const char *unit;
	double x, base = 1;
	size_t i, len;
	int p = -1, binary = 0;

	if (n >= sizeof buf)
		return NAN;
	memcpy(buf, v, n);
	buf[n] = '\0';
	errno = 0;
	x = strtod(buf, &end);
	if (end == buf || errno == ERANGE || !isfinite(x))
		return NAN;
	if (*(u = end) == '\0')
		return x;
	if (r->kind == UNIT_TIME) {
		for (i = 0; i < sizeof times / sizeof times[0]; i++)
			if (strcmp(u, times[i].unit) == 0)
				return x * times[i].scale;
		return NAN;
	}
	unit = r->kind == UNIT_BANDWIDTH ? (strstr(u, "bps") != NULL ? "bps" :
	    "Bps") : (strstr(u, "flops") != NULL ? "flops" : "f");
	base = strcmp(unit, "bps") == 0 ? 0.125 : 1;
	len = strlen(u);
	if (len < strlen(unit) || strcmp(u + len - strlen(unit), unit) != 0)
		return NAN;
	u[len - strlen(unit)] = '\0';
	if (strcmp(unit, "flops") == 0) {
		for (i = 0; i < sizeof longs / sizeof longs[0]; i++)
			if (strcmp(u, longs[i]) == 0)
				p = (int)i;
	} else if (*u != '\0' && strchr(dec, *u) != NULL && (u[1] == '\0' ||
	    (r->kind == UNIT_BANDWIDTH && strcmp(u + 1, "i") == 0))) {
		p = (int)(strchr(dec, *u) - dec);
		binary = u[1] == 'i';
	}
	if (p < 0 && *u != '\0')
		return NAN;
	return x * base * (p < 0 ? 1 : pow(binary ? 1024 : 1000, p + 1));
}

/* A value of one of the range's kind outside the range: why, for
 * attribute name of element e. */
static int
out_of_range(struct scan *s, const struct xml_element *e, const char *name,
    const struct xml_attr *a, const char *v, size_t n)
{
	const struct range *r = a->range;
	double x = simgrid_value(r, v, n);

	/* 0 and below: SimGrid loads them, and psim names each such link
	 * or host with how many more there are (platform.c) */
	if (isnan(x) || x <= 0 || (x >= r->min && x <= r->max))
		return 0;
	xasprintf(&s->why, "%s=\"%.*s\" of <%s>: expected %s%s between %s "
	    "and %s, as the scenario's own %s", name, (int)n, v, e->name,
	    r->zero_ok ? "0 or " : "", r->what, r->min_text, r->max_text,
	    r->kind == UNIT_TIME ? "latencies" : r->kind == UNIT_SPEED ?
	    "speeds" : "bandwidths");
	return 1;
}

/* One attribute of element e at p: name="value". */
static int
attribute(struct scan *s, const struct xml_element *e)
{
	const struct xml_attr *a;
	const char *value;
	char name[64], quote;

	if (read_name(s, name, sizeof name) != 0) {
		xasprintf(&s->why, "expected an attribute in <%s>", e->name);
		return -1;
	}
	for (a = e->attrs; a->name != NULL && strcmp(a->name, name) != 0;
	    a++)
		;
	while (s->p < s->end && isspace((unsigned char)*s->p))
		s->p++;
	if (s->p >= s->end || *s->p++ != '=')
		goto bad;
	while (s->p < s->end && isspace((unsigned char)*s->p))
		s->p++;
	if (s->p >= s->end || (*s->p != '"' && *s->p != '\''))
		goto bad;
	quote = *s->p++;
	for (value = s->p; s->p < s->end && *s->p != quote; s->p++)
		;
	if (s->p >= s->end)
		goto bad;
	s->p++;
	if (a->name == NULL) {
		xasprintf(&s->why, "attribute %s of <%s>: psim does not model "
		    "it", name, e->name);
		return -1;
	}
	if (a->values != NULL && !one_of(a->values, value,
	    (size_t)(s->p - 1 - value))) {
		char *list = xstrdup(a->values), *bar;

		while ((bar = strchr(list, '|')) != NULL)
			*bar = '/';
		xasprintf(&s->why, "%s=\"%.*s\" of <%s>: psim models %s only",
		    name, (int)(s->p - 1 - value), value, e->name, list);
		free(list);
		return -1;
	}
	if (strcmp(name, "speed") == 0 && memchr(value, ',',
	    (size_t)(s->p - 1 - value)) != NULL) {
		xasprintf(&s->why, "speed=\"%.*s\" of <%s>: psim models one "
		    "speed a host, not a list of power states",
		    (int)(s->p - 1 - value), value, e->name);
		return -1;
	}
	if (a->range != NULL && out_of_range(s, e, name, a, value,
	    (size_t)(s->p - 1 - value)))
		return -1;
	return 0;
bad:
	xasprintf(&s->why, "expected %s=\"value\" in <%s>", name, e->name);
	return -1;
}

/* A start tag at p (after '<'). */
static int
start_tag(struct scan *s)
{
	const struct xml_element *e;
	char name[64];

	if (read_name(s, name, sizeof name) != 0) {
		xasprintf(&s->why, "expected an element's name after <");
		return -1;
	}
	if ((e = element(name)) == NULL) {
		xasprintf(&s->why, "element <%s>: psim does not model it "
		    "(it models zones, hosts, links, routers, clusters and "
		    "their routes)", name);
		return -1;
	}
	for (;;) {
		while (s->p < s->end && isspace((unsigned char)*s->p))
			s->p++;
		if (s->p >= s->end) {
			xasprintf(&s->why, "<%s> is not closed", name);
			return -1;
		}
		if (*s->p == '>' || (*s->p == '/' && s->p + 1 < s->end &&
		    s->p[1] == '>')) {
			s->p += *s->p == '>' ? 1 : 2;
			return 0;
		}
		if (attribute(s, e) != 0)
			return -1;
	}
}

int
platform_xml_check(const char *text, size_t len, int *line, char **why)
{
	struct scan s = { text, text + len, text, NULL };
	const char *lt;
	int rc = 0;

	while (rc == 0 && (lt = memchr(s.p, '<', (size_t)(s.end - s.p))) !=
	    NULL) {
		s.p = lt + 1;
		if (s.end - s.p >= 3 && memcmp(s.p, "!--", 3) == 0)
			rc = skip_past(&s, "-->");
		else if (s.p < s.end && *s.p == '?')
			rc = skip_past(&s, "?>");
		else if (s.p < s.end && (*s.p == '!' || *s.p == '/'))
			rc = skip_past(&s, ">");	/* DOCTYPE, an end tag */
		else
			rc = start_tag(&s);
	}
	if (rc != 0) {
		*line = line_of(&s);
		*why = s.why;
	}
	return rc;
}
