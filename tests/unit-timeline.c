/* unit-timeline: the trace-event writer on plain data (src/results/timeline.c):
 * --timeline-steps values, the step filter, the cap, JSON strings, and
 * a link counter's samples for two overlapping transfers by hand; names
 * that are not UTF-8, each bad byte U+FFFD. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>

#include "timeline.h"
#include "tap.h"

static int
parses(const char *s, int lo, int hi)
{
	char *cause = NULL;
	int a = -1, b = -1, ok;

	ok = timeline_parse_steps(s, &a, &b, &cause) == 0 && a == lo &&
	    b == hi;
	free(cause);
	return ok;
}

static int
refused(const char *s)
{
	char *cause = NULL, want[128];
	int a, b, ok;

	snprintf(want, sizeof want, "expected steps A..B (0-based, "
	    "0 <= A <= B), got \"%s\"", s);
	ok = timeline_parse_steps(s, &a, &b, &cause) != 0 && cause != NULL &&
	    strcmp(cause, want) == 0;
	free(cause);
	return ok;
}

/* tl's JSON, malloc'd. */
static char *
written(struct timeline *tl)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (f == NULL || timeline_write(tl, f) != 0)
		return NULL;
	fclose(f);
	return text;
}

/* Whether text is all ASCII (so UTF-8). */
static int
is_ascii(const char *text)
{
	for (; *text != '\0'; text++) {
		if ((unsigned char)*text >= 0x80)
			return 0;
	}
	return 1;
}

/* Names that are not UTF-8 (a stray byte, a sequence cut short): a
 * trace that is UTF-8 and JSON, each bad byte U+FFFD (utf8_json_string,
 * as in the reports). */
static void
not_utf8(void)
{
	struct timeline *tl = timeline_create(-1, -1, 0);
	const cJSON *ev, *name;
	cJSON *root;
	char *text;
	int found = 0;

	timeline_host(tl, 0, "bad\xff" "host\xe2\x80", "worker 0");
	timeline_host(tl, 1, "h1", "worker 1");
	timeline_thread(tl, 0, 1, "worker-\xc3");
	timeline_comm(tl, 0, -1, 1, 1, 0, -1, NULL, 1e6, 0, 1, NULL, 0);
	text = written(tl);
	tap_ok(text != NULL && is_ascii(text),
	    "a host name not UTF-8: the trace is UTF-8 (ASCII: escaped)");
	root = text != NULL ? cJSON_Parse(text) : NULL;
	cJSON_ArrayForEach(ev, cJSON_GetObjectItemCaseSensitive(root,
	    "traceEvents")) {
		name = cJSON_GetObjectItemCaseSensitive(
		    cJSON_GetObjectItemCaseSensitive(ev, "args"), "name");
		found += cJSON_IsString(name) && strcmp(name->valuestring,
		    "bad\xef\xbf\xbdhost\xef\xbf\xbd\xef\xbf\xbd (worker 0)") ==
		    0;
	}
	tap_ok(root != NULL && found == 1,
	    "... and JSON, its process named with U+FFFD for each bad byte");
	tap_ok(text != NULL && strstr(text,
	    "\"src\":\"bad\\ufffdhost\\ufffd\\ufffd\"") != NULL &&
	    strstr(text, "\"worker-\\ufffd\"") != NULL,
	    "... its messages' src and a thread's name too");
	cJSON_Delete(root);
	free(text);
	timeline_free(tl);
}

int
main(void)
{
	static const int link0[] = { 0 };
	struct timeline *tl;
	char *text;

	tap_ok(parses("0..0", 0, 0), "0..0");
	tap_ok(parses("1..3", 1, 3), "1..3");
	tap_ok(parses("12..2147483647", 12, 2147483647), "up to INT_MAX");
	tap_ok(refused("3"), "no range: refused");
	tap_ok(refused("2..1"), "B < A: refused");
	tap_ok(refused("-1..2"), "negative: refused");
	tap_ok(refused("1..x"), "not a number: refused");
	tap_ok(refused("1.."), "no end: refused");
	tap_ok(refused("1..2147483648"), "past INT_MAX: refused");

	/* steps 1..2: step 0 and 3 left out, no-step events kept */
	tl = timeline_create(1, 2, 0);
	timeline_host(tl, 0, "a\"b", "worker 0");
	timeline_link(tl, 0, "l0", 1.25e9);
	timeline_thread(tl, 0, 7, "worker-0");
	timeline_span(tl, TL_COMPUTE, "compute", 0, 7, 0, 0, 1);
	timeline_span(tl, TL_COMPUTE, "compute", 0, 7, 1, 1, 2);
	timeline_span(tl, TL_COMPUTE, "compute", 0, 7, 3, 3, 4);
	timeline_instant(tl, "preemption", 0, 7, -1, 2.5);
	tap_ok(tl->nev == 2, "steps 1..2: step 1 and the no-step instant");
	/* two transfers on link 0: 1 GB over [1, 2] s (8 Gbps), 0.5 GB over
	 * [1.5, 2.5] s (4 Gbps) */
	timeline_comm(tl, 0, 5, 0, 7, 1, -1, "push", 1e9, 1, 2, link0, 1);
	timeline_comm(tl, 0, -1, 0, 7, 2, 3, NULL, 5e8, 1.5, 2.5, link0, 1);
	text = written(tl);
	tap_ok(text != NULL, "written");
	tap_ok(text != NULL && strstr(text, "\"host-0\"") == NULL &&
	    strstr(text, "\"a\\\"b (worker 0)\"") != NULL,
	    "a name's quote escaped");
	tap_ok(text != NULL && strstr(text, "\"ts\":1000000.000000,\"dur\":"
	    "1000000.000000") != NULL, "seconds as microseconds");
	tap_ok(text != NULL && strstr(text, "\"phase\":\"push\"") != NULL,
	    "the phase given");
	tap_ok(text != NULL && strstr(text, "\"round\":3,\"step\":2}") != NULL &&
	    strstr(text, "\"round\":-1") == NULL, "the round given, none for -1");
	tap_ok(text != NULL &&
	    strstr(text, "\"ts\":1000000.000000,\"args\":{\"Gbps\":8}") &&
	    strstr(text, "\"ts\":1500000.000000,\"args\":{\"Gbps\":12}") &&
	    strstr(text, "\"ts\":2000000.000000,\"args\":{\"Gbps\":4}") &&
	    strstr(text, "\"ts\":2500000.000000,\"args\":{\"Gbps\":0}"),
	    "the link counter: 8, 12, 4, then 0 Gbps");
	tap_ok(text != NULL && strstr(text, "\"capped\":false") != NULL,
	    "not capped");
	/* the first transfer's flow: a send slice on its sender's thread at
	 * its post, "s" there, "f" in the middle of its span (1.5 s), its
	 * id the event's (the third); none for the fourth, whose sender is
	 * not known */
	tap_ok(text != NULL && strstr(text, "{\"name\":\"send\",\"cat\":"
	    "\"flow\",\"ph\":\"X\",\"pid\":0,\"tid\":5,\"ts\":1000000.000000,"
	    "\"dur\":0,") != NULL && strstr(text, "\"ph\":\"s\",\"id\":2,"
	    "\"pid\":0,\"tid\":5,\"ts\":1000000.000000}") != NULL &&
	    strstr(text, "\"ph\":\"f\",\"bp\":\"e\",\"id\":2,\"pid\":0,"
	    "\"tid\":7,\"ts\":1500000.000000}") != NULL &&
	    strstr(text, "\"id\":3,") == NULL,
	    "a flow from the sender's thread to the receiver's span");
	free(text);
	timeline_free(tl);

	/* a cap of 4 events: a comm over 2 links needs 5, and stops it */
	tl = timeline_create(-1, -1, 4);
	timeline_host(tl, 0, "h", "worker 0");
	timeline_span(tl, TL_COMPUTE, "compute", 0, 1, 0, 0, 1);
	timeline_comm(tl, 0, -1, 0, 1, 0, -1, NULL, 1e6, 1, 2,
	    (const int[]){ 0, 1 }, 2);
	timeline_span(tl, TL_COMPUTE, "compute", 0, 1, 1, 2, 3);
	tap_ok(tl->capped && tl->nev == 1 && tl->nedge == 0,
	    "capped: nothing recorded past the first event left out");
	text = written(tl);
	tap_ok(text != NULL && strstr(text, "\"name\":\"timeline capped at 4 "
	    "events; use --timeline-steps\"") != NULL &&
	    strstr(text, "\"capped\":true") != NULL, "capped: the note");
	free(text);
	timeline_free(tl);

	not_utf8();
	return tap_done();
}
