/* failpoint.c: named crash points: SIGKILL at the step a test names in CONTEST_FAILPOINT. */
#include "lib/failpoint.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void failpoint(const char *name)
{
	static long passes;   /* passes of the named point in this process */
	const char *want = getenv(FAILPOINT_ENV), *also;
	size_t n = strlen(name);
	long nth = 1;

	if (want == NULL || strncmp(want, name, n) != 0 || (want[n] != '\0' && want[n] != ':'))
		return;
	if (want[n] == ':' && (nth = strtol(want + n + 1, NULL, 10)) < 1)
		nth = 1;
	if (++passes < nth)
		return;
	if ((also = getenv(FAILPOINT_ALSO_ENV)) != NULL && atol(also) > 1 && atol(also) != (long)getpid())
		kill((pid_t)atol(also), SIGKILL);
	kill(getpid(), SIGKILL);
}
