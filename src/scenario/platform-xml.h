/* platform-xml.h: a user's SimGrid platform file, read as text before
 * SimGrid sees it: every element and attribute psim models, and no
 * other (a link's WIFI sharing, a host's speed trace, a disk...), each
 * refusal one line with the file's line.  No SimGrid here. */
#ifndef PSIM_PLATFORM_XML_H
#define PSIM_PLATFORM_XML_H

#include <stddef.h>

/* 0 when every element and attribute of the len bytes of text is one
 * psim models; else -1 with the line in *line and why in *why
 * (malloc'd). */
int platform_xml_check(const char *text, size_t len, int *line,
    char **why);

#endif
