/* load_control.c: the controller side of a background load: start, sample the window, stop. */
#include "contest/engine/load_control.h"
#include "contest/engine/child.h"
#include "contest/engine/sig.h"
#include "contest/sys/guard.h"
#include "lib/err.h"
#include "lib/proc.h"
#include "lib/text.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

int load_control_start(struct load_control *lc, const struct load_desc *d, const struct load_env *env,
                  const struct load_prep *prep, char *errbuf, size_t errlen)
{
	pid_t parent = getpid(), pid;

	memset(lc, 0, sizeof *lc);
	lc->d = d;
	if (d->flags & LOAD_F_NOPROC)
		return 0;
	lc->ctr = mmap(NULL, sizeof *lc->ctr, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (lc->ctr == MAP_FAILED) {
		lc->ctr = NULL;
		snprintf(errbuf, errlen, "%s: shared counter: %s", d->name, strerror(errno));
		return -1;
	}
	atomic_store(&lc->ctr->work, 0);
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		snprintf(errbuf, errlen, "%s: fork: %s", d->name, strerror(errno));
		munmap(lc->ctr, sizeof *lc->ctr);
		lc->ctr = NULL;
		return -1;
	}
	if (pid == 0) {
		if (child_setup(parent) != 0)
			_exit(0);
		d->body(env, prep, lc->ctr);
		_exit(0);
	}
	setpgid(pid, pid);  /* both sides, so the group exists before either goes on */
	lc->pgid = pid;
	sig_group_add(pid);  /* stopped with contest */
	return 0;
}

void load_control_sample(const struct load_control *lc, struct load_sample *s)
{
	s->work = 0;
	s->cpu = 0;
	if (lc->pgid == 0)
		return;
	s->work = atomic_load(&lc->ctr->work);
	if (proc_group_cpu(lc->pgid, &s->cpu) < 0)
		s->cpu = 0;
}

int load_control_check(struct load_control *lc, char *errbuf, size_t errlen)
{
	char how[96];

	if (lc->pgid == 0)
		return 0;
	if (atomic_load(&lc->ctr->failed) == 1) {
		text_fmt(errbuf, errlen, "%s failed: %s", lc->d->name, lc->ctr->reason);
		return -1;
	}
	if (!lc->exited) {
		pid_t r = waitpid(lc->pgid, &lc->wstatus, WNOHANG);
		if (r == 0)
			return 0;
		lc->exited = 1;
	}
	proc_describe(lc->wstatus, how, sizeof how);
	text_fmt(errbuf, errlen, "%s stopped during the run: its process %s", lc->d->name, how);
	return -1;
}

int load_control_stop(struct load_control *lc, double grace)
{
	int rc = 0;

	if (lc->pgid != 0) {
		if (proc_group_stop(lc->pgid, grace, &lc->exited, &lc->wstatus) != 0) {
			warnx("%s: %d process(es) of group %d survived SIGKILL",
			      lc->d->name, proc_group_count(lc->pgid), (int)lc->pgid);
			rc = -1;
		}
		sig_group_del(lc->pgid);
		guard_release(lc->pgid);
		lc->pgid = 0;
	}
	if (lc->ctr != NULL) {
		munmap(lc->ctr, sizeof *lc->ctr);
		lc->ctr = NULL;
	}
	return rc;
}
