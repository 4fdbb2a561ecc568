/* trusted.h: one path checked as a series checks what it runs as root at boot (lib/trust.h for the user contest runs as), refused in one line that says why: the journal folder's, the program's and the boot drivers' kernel files. */
#ifndef CONTEST_SERIES_TRUSTED_H
#define CONTEST_SERIES_TRUSTED_H

#include <stddef.h>
#include "lib/trust.h"

/* series_trust: trust_path (lib/trust.h) of path for the user contest runs
 * as (root: root alone), of kind k; what says what it is for ("the kernel
 * image of mm"). 0, or -1 with why: one line naming the path, its owner
 * and mode, and why a series asks it. */
int series_trust(const char *what, const char *path, enum trust_kind k, char *why, size_t len);

#endif
