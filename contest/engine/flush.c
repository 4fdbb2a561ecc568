/* flush.c: the cache flush before a run (sync, then drop_caches), in a child an interrupt need not wait for. */
#include "contest/engine/flush.h"
#include "contest/engine/child.h"
#include "contest/engine/sig.h"
#include "contest/sys/guard.h"
#include "lib/clock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

/* The child's exit status when it could not be set up. */
#define FLUSH_NOSETUP 127

/* flush_child: in the child: the test hook's sleep, sync, drop_caches.
 * Returns the exit status: 0 when flushed, else the errno (1 to 126). */
static int flush_child(void)
{
	const char *secs = getenv("CONTEST_SELFTEST_FLUSH");
	int fd, e;

	prctl(PR_SET_NAME, "contest-flush");
	if (chdir("/") != 0)
		return errno > 0 && errno < FLUSH_NOSETUP ? errno : EIO;
	fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {  /* a pipe contest writes to is not held open by a sync */
		dup2(fd, STDOUT_FILENO);
		dup2(fd, STDERR_FILENO);
		close(fd);
	}
	if (secs != NULL && atof(secs) > 0)
		mono_sleep(atof(secs));
	sync();
	fd = open("/proc/sys/vm/drop_caches", O_WRONLY | O_CLOEXEC);
	if (fd >= 0 && write(fd, "3\n", 2) == 2) {
		close(fd);
		return 0;
	}
	e = errno > 0 && errno < FLUSH_NOSETUP ? errno : EIO;
	if (fd >= 0)
		close(fd);
	return e;
}

enum flush_result flush_run(int *err)
{
	pid_t parent = getpid(), pid;
	int st = 0, werr;

	*err = 0;
	if (sig_caught)
		return FLUSH_INTR;
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		*err = errno;
		return FLUSH_FAILED;
	}
	if (pid == 0) {
		if (child_setup_outside(parent) != 0)
			_exit(FLUSH_NOSETUP);
		_exit(flush_child());
	}
	setpgid(pid, pid);
	if (sig_wait(pid, &st, &werr) != pid) {
		*err = werr;
		return sig_caught ? FLUSH_LEFT : FLUSH_FAILED;  /* on an interrupt: not waited for */
	}
	guard_release(pid);
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return FLUSH_DONE;
	*err = WIFEXITED(st) && WEXITSTATUS(st) != FLUSH_NOSETUP ? WEXITSTATUS(st) : ECHILD;
	return FLUSH_FAILED;
}
