/* version.c: line 1 of a result file, "NAME<TAB>VERSION", checked against this build's. */
#include "results/record/version.h"
#include "lib/err.h"

#include <stdio.h>
#include <string.h>

#define VERSION_SHOWN 20   /* digits of a foreign version echoed in the message */

int version_check(const char *path, const char *line, const char *name, int version,
                  const char *verdict)
{
	char mine[32];
	size_t nl = strlen(name), digits;

	snprintf(mine, sizeof mine, "%d", version);
	if (line != NULL && strncmp(line, name, nl) == 0 && line[nl] == '\t') {
		const char *v = line + nl + 1;
		digits = strspn(v, "0123456789");
		if (digits > 0 && v[digits] == '\0') {
			if (strcmp(v, mine) == 0)
				return 0;
			warnx("%s: %s format version '%.*s%s', but this build reads only version %s; %s",
			      path, name, VERSION_SHOWN, v, digits > VERSION_SHOWN ? "..." : "", mine,
			      verdict);
			return -1;
		}
	}
	warnx("%s: not a %s result file (line 1 is not '%s<TAB>VERSION'); %s", path, name, name,
	      verdict);
	return -1;
}
