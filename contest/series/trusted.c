/* trusted.c: one path checked as a series checks what it runs as root at boot: root's alone (or the user's who runs contest), else one line naming it. */
#include "contest/series/trusted.h"
#include "lib/text.h"

#include <limits.h>
#include <unistd.h>

int series_trust(const char *what, const char *path, enum trust_kind k, char *why, size_t len)
{
	char w[PATH_MAX + 200];

	if (trust_path(path, k, geteuid(), w, sizeof w) == 0)
		return 0;
	text_fmt(why, len, "%s: %s; a series runs as root at boot and trusts only what root alone can change"
	         " (docs/series.md)", what, w);
	return -1;
}
