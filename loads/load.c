/* load.c: helpers shared by load bodies: workers that die with their parent. */
#include "load.h"

#include <errno.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

int load_fork(void)
{
	pid_t parent = getpid();
	pid_t pid = fork();

	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)
			_exit(0);
	}
	return pid;
}

void load_reap_all(void)
{
	while (wait(NULL) > 0 || errno == EINTR)
		;
}
