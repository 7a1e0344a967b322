/* platform-xml.c: what psim models of a SimGrid platform file
 * (platform-xml.h): a table of elements, each with its attributes and
 * the values psim takes, and a scanner of tags. */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "platform-xml.h"
#include "xmalloc.h"

/* An attribute of an element: its name, and NULL (any value) or the
 * values psim models, "|"-separated. */
struct xml_attr {
	const char	*name;
	const char	*values;
};

struct xml_element {
	const char	*name;
	const struct xml_attr *attrs;	/* NULL-named at the end */
};

#define SHARING	"SHARED|SPLITDUPLEX|FATPIPE"
#define ROUTING	"Full|Floyd|Dijkstra|DijkstraCache|Cluster|None"

static const struct xml_attr a_platform[] = { { "version", NULL },
	{ NULL, NULL } };
static const struct xml_attr a_zone[] = { { "id", NULL },
	{ "routing", ROUTING }, { NULL, NULL } };
static const struct xml_attr a_host[] = { { "id", NULL },
	{ "speed", NULL }, { "core", NULL }, { NULL, NULL } };
static const struct xml_attr a_link[] = { { "id", NULL },
	{ "bandwidth", NULL }, { "latency", NULL },
	{ "sharing_policy", SHARING }, { NULL, NULL } };
static const struct xml_attr a_route[] = { { "src", NULL },
	{ "dst", NULL }, { "gw_src", NULL }, { "gw_dst", NULL },
	{ "symmetrical", "YES|NO|yes|no" }, { NULL, NULL } };
static const struct xml_attr a_link_ctn[] = { { "id", NULL },
	{ "direction", "UP|DOWN|NONE" }, { NULL, NULL } };
static const struct xml_attr a_router[] = { { "id", NULL },
	{ NULL, NULL } };
static const struct xml_attr a_cluster[] = { { "id", NULL },
	{ "prefix", NULL }, { "suffix", NULL }, { "radical", NULL },
	{ "speed", NULL }, { "core", NULL }, { "bw", NULL }, { "lat", NULL },
	{ "sharing_policy", SHARING }, { "bb_bw", NULL }, { "bb_lat", NULL },
	{ "bb_sharing_policy", "SHARED|FATPIPE" }, { "router_id", NULL },
	{ "loopback_bw", NULL }, { "loopback_lat", NULL },
	{ "limiter_link", NULL },
	{ "topology", "FLAT|TORUS|FAT_TREE|DRAGONFLY" },
	{ "topo_parameters", NULL }, { NULL, NULL } };
static const struct xml_attr a_backbone[] = { { "id", NULL },
	{ "bandwidth", NULL }, { "latency", NULL }, { NULL, NULL } };

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
