/* cmd.c: the command table and command lookup (as tmux's cmd_find). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "xmalloc.h"

const struct cmd_entry *const cmd_table[] = {
	&cmd_run_entry,
	&cmd_validate_entry,
	&cmd_platform_entry,
	&cmd_explain_entry,
	&cmd_sweep_entry,
	&cmd_merge_entry,
	&cmd_trace_entry,
	&cmd_cross_entry,
	&cmd_advise_entry,
	&cmd_keys_entry,
	&cmd_transport_entry,
	&cmd_animate_entry,
	NULL
};

const struct cmd_entry *
cmd_find(const char *name, char **cause)
{
	const struct cmd_entry *const *e, *found = NULL;
	char list[256] = "";
	int ambiguous = 0;

	for (e = cmd_table; *e != NULL; e++) {
		if (strcmp((*e)->name, name) == 0)
			return *e;
		if (strncmp((*e)->name, name, strlen(name)) == 0) {
			if (found != NULL)
				ambiguous = 1;
			found = *e;
			if (list[0] != '\0')
				strncat(list, ", ", sizeof list - strlen(list) - 1);
			strncat(list, (*e)->name, sizeof list - strlen(list) - 1);
		}
	}
	if (ambiguous) {
		xasprintf(cause, "ambiguous command: %s, could be: %s", name,
		    list);
		return NULL;
	}
	if (found == NULL) {
		for (e = cmd_table; *e != NULL; e++) {
			if (list[0] != '\0')
				strncat(list, ", ", sizeof list - strlen(list) - 1);
			strncat(list, (*e)->name, sizeof list - strlen(list) - 1);
		}
		xasprintf(cause, "unknown command: %s (commands: %s)", name,
		    list);
	}
	return found;
}
