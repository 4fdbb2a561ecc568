/* child.c: the set-up every child of the controller runs first: own process group, guarded, confined, dying with contest. */
#include "contest/engine/child.h"
#include "contest/sys/confine.h"
#include "contest/sys/guard.h"
#include "contest/sys/lock.h"
#include "lib/err.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

int child_setup_outside(pid_t parent)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGALRM, SIGPIPE, SIGCHLD, SIGTSTP, SIGTTIN, SIGTTOU };
	sigset_t none;
	int fd;

	setpgid(0, 0);
	guard_enlist();  /* killed with its whole group if contest is killed outright */
	lock_child();
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		signal(sigs[i], SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		return -1;
	fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		dup2(fd, STDIN_FILENO);
		close(fd);
	}
	return 0;
}

int child_setup(pid_t parent)
{
	if (child_setup_outside(parent) != 0)
		return -1;
	if (confine_join() != 0) {
		warn("--confine: cannot join the memory group");
		return -1;
	}
	return 0;
}
