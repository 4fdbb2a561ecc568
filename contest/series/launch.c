/* launch.c: one run of a series: contest itself started for one load under the kernel's label, in the series' directory, waited for up to its deadline. */
#include "contest/series/launch.h"
#include "lib/clock.h"
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

void launch_series_env(const struct series_run *r, const char *guest, char *out, size_t len)
{
	text_fmt(out, len, "%s,%ld,%s%s%s", r->id, r->round, r->driver, guest && *guest ? "," : "", guest ? guest : "");
}

size_t launch_argv(const struct series_run *r, const char *results, const char *extra, struct launch_words *w)
{
	size_t n = 0;

	text_fmt(w->label, sizeof w->label, "--kernel=%s", r->kernel->label);
	text_fmt(w->results, sizeof w->results, "--results=%s", results);
	w->argv[n++] = r->program;
	w->argv[n++] = w->label;
	w->argv[n++] = "--runs=1";
	w->argv[n++] = "--quiet";
	w->argv[n++] = w->results;
	for (size_t i = 0; i < r->nargs && i < SERIES_MAX_ARGS; i++)
		w->argv[n++] = r->args[i];
	if (extra != NULL)
		w->argv[n++] = extra;
	w->argv[n++] = "--";
	w->argv[n++] = r->load;
	w->argv[n] = NULL;
	return n;
}

/* child: in the new process: its own group, the series' directory and
 * CONTEST_SERIES, then contest; never returns. */
static _Noreturn void child(const struct series_run *r)
{
	static struct launch_words w;
	char env[160];

	setpgid(0, 0);
	if (chdir(r->cwd) != 0) {
		warn("series: cannot enter %s", r->cwd);
		_exit(127);
	}
	launch_series_env(r, NULL, env, sizeof env);
	setenv("CONTEST_SERIES", env, 1);
	unsetenv("CONTEST_RESULTS");
	launch_argv(r, r->results, NULL, &w);
	execv(r->program, (char *const *)w.argv);
	warn("series: cannot start %s", r->program);
	_exit(127);
}

/* now_s: the monotonic clock, seconds (lib's). */
static double now_s(void)
{
	return mono_now();
}

int launch_run(const struct boot_ctx *c, const struct series_run *r, char *why, size_t len)
{
	double start = now_s();
	int status = 0, done = 0;
	pid_t pid, w;

	(void)c;
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		text_fmt(why, len, "cannot start a run: %s", strerror(errno));
		return LAUNCH_ERROR;
	}
	if (pid == 0)
		child(r);
	setpgid(pid, pid);
	while ((w = waitpid(pid, &status, r->deadline > 0 ? WNOHANG : 0)) == 0 ||
	       (w < 0 && errno == EINTR)) {
		if (w == 0 && now_s() - start > r->deadline) {
			proc_group_stop(pid, 10, &done, &status);
			if (!done)
				waitpid(pid, &status, 0);
			text_fmt(why, len, "the run passed the series' deadline of %.0f s and was stopped", r->deadline);
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
