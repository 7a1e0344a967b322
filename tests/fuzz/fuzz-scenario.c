/* fuzz-scenario.c: libFuzzer over the scenario loader, what psim validate
 * and every command run on a scenario: the JSON text, the --set
 * overrides, every block's parser, the derivations and the checks
 * (scenario_load_buffer, the same path as scenario_load after the read).
 *
 * An input is the scenario's text, or --set lines first:
 *
 *	model.params=1e308
 *	cluster.nic="1bps"
 *	%%
 *	{"model": ...}
 *
 * each line before a line "%%" is one PATH=VALUE (at most MAX_SETS), the
 * bytes after it the scenario; without a "%%" line it is all scenario.
 * A finding is a crash, an ASan or UBSan report, a leak, an exit (the
 * loader reports every problem as an error line; it never exits but when
 * out of memory), or an answer that breaks the loader's contract (abort
 * below): a scenario and errors, or neither, or errors that are not
 * printable lines "psim: ...".  PSIM_FUZZ_VERBOSE=1 prints the errors
 * (to see what an input does: fuzz-scenario FILE).  make fuzz builds and runs it (tests/fuzz/fuzz.sh). */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"
#include "xmalloc.h"

#define MAX_SETS	8

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* The errors as users see them: lines, each "psim: ...", printable (no
 * control byte but tabs and the newlines that end them). */
static int
errors_ok(const char *e)
{
	const unsigned char *p;
	int bol = 1;

	if (*e == '\0')
		return 0;
	for (p = (const unsigned char *)e; *p != '\0'; p++) {
		if (bol && strncmp((const char *)p, "psim: ", 6) != 0)
			return 0;
		if ((*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f)
			return 0;
		bol = *p == '\n';
	}
	return bol;
}

/* The end of the --set lines: the offset of the "%%" line, or -1. */
static long
separator(const char *in, size_t len)
{
	size_t i;

	for (i = 0; i + 3 <= len; i++) {
		if ((i == 0 || in[i - 1] == '\n') &&
		    memcmp(in + i, "%%\n", 3) == 0)
			return (long)i;
	}
	return -1;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	const char *in = (const char *)data, *p, *nl, *end;
	char *sets[MAX_SETS], *errors = NULL;
	struct scenario *sc;
	long sep = separator(in, len);
	int nsets = 0, i;

	if (sep >= 0) {
		end = in + sep;
		for (p = in; p < end && nsets < MAX_SETS; p = nl + 1) {
			nl = memchr(p, '\n', (size_t)(end - p));
			if (nl == NULL)
				nl = end;
			if (nl > p)
				sets[nsets++] = xstrndup(p, (size_t)(nl - p));
		}
		in += sep + 3;
		len -= (size_t)sep + 3;
	}
	sc = scenario_load_buffer("fuzz.json", in, len, sets, nsets,
	    &errors);
	if (getenv("PSIM_FUZZ_VERBOSE") != NULL)
		fprintf(stderr, "%s%s", sc != NULL ? "loaded\n" : "",
		    errors != NULL ? errors : "");
	/* a scenario or errors, never both nor neither */
	if ((sc == NULL) == (errors == NULL) ||
	    (errors != NULL && !errors_ok(errors)))
		abort();
	scenario_free(sc);
	free(errors);
	for (i = 0; i < nsets; i++)
		free(sets[i]);
	return 0;
}
