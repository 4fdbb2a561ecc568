/* launch.c: one run of a series: contest itself started for one load under the kernel's label, in the series' directory, waited for up to its deadline. */
#include "contest/series/launch.h"
#include "lib/err.h"
#include "lib/proc.h"
#include "lib/text.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* child: in the new process: its own group, the series' directory and
 * CONTEST_SERIES, then contest; never returns. */
static _Noreturn void child(const struct series_journal *j, size_t k, const char *load, long round)
{
	char env[160], label[96], results[PATH_MAX + 16];
	const char *argv[SERIES_MAX_ARGS + 12];
	size_t n = 0;

	setpgid(0, 0);
	if (chdir(j->cwd) != 0) {
		warn("series: cannot enter %s", j->cwd);
		_exit(127);
	}
	snprintf(env, sizeof env, "%s,%ld,%s", j->id, round, j->driver);
	setenv("CONTEST_SERIES", env, 1);
	unsetenv("CONTEST_RESULTS");
	snprintf(label, sizeof label, "--kernel=%s", j->kern[k].k.label);
	snprintf(results, sizeof results, "--results=%s", j->results);
	argv[n++] = j->program;
	argv[n++] = label;
	argv[n++] = "--runs=1";
	argv[n++] = "--quiet";
	argv[n++] = results;
	for (size_t i = 0; i < j->nargs; i++)
		argv[n++] = j->args[i];
	argv[n++] = "--";
	argv[n++] = load;
	argv[n] = NULL;
	execv(j->program, (char *const *)argv);
	warn("series: cannot start %s", j->program);
	_exit(127);
}

/* now_s: the monotonic clock, seconds. */
static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int launch_run(const struct series_journal *j, size_t k, const char *load, long round, char *why, size_t len)
{
	double start = now_s();
	int status = 0, done = 0;
	pid_t pid, w;

	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		text_fmt(why, len, "cannot start a run: %s", strerror(errno));
		return LAUNCH_ERROR;
	}
	if (pid == 0)
		child(j, k, load, round);
	setpgid(pid, pid);
	while ((w = waitpid(pid, &status, j->deadline > 0 ? WNOHANG : 0)) == 0 ||
	       (w < 0 && errno == EINTR)) {
		if (w == 0 && now_s() - start > j->deadline) {
			proc_group_stop(pid, 10, &done, &status);
			if (!done)
				waitpid(pid, &status, 0);
			text_fmt(why, len, "the run passed the series' deadline of %.0f s and was stopped", j->deadline);
			return LAUNCH_DEADLINE;
		}
		if (w == 0) {
			struct timespec tick = { 0, 100000000 };
			nanosleep(&tick, NULL);
		}
	}
	if (w < 0) {
		text_fmt(why, len, "cannot wait for the run: %s", strerror(errno));
		return LAUNCH_ERROR;
	}
	proc_describe(status, why, len);
	return WIFEXITED(status) ? WEXITSTATUS(status) : LAUNCH_ERROR;
}
