/* proc_fork.c: Fork proc's loop in contest-forker, a small process of its own: found beside contest, started, told counts, its times read back. */
#include "lib/fs.h"
#include "lib/text.h"
#include "micro/harness.h"
#include "micro/proc_fork.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

/* micro_forker_find: see proc_fork.h. */
int micro_forker_find(const char *program, char *out, size_t len)
{
	const char *slash = strrchr(program, '/');
	int n = slash ? (int)(slash - program) : 1;
	const char *dir = slash ? program : ".";

	if (fs_path(out, len, "%.*s/" MICRO_FORKER, n, dir) == 0 && access(out, X_OK) == 0)
		return 0;
	if (fs_path(out, len, "%.*s/../lib/contest/" MICRO_FORKER, n, dir) == 0 && access(out, X_OK) == 0)
		return 0;
	if (len > 0)
		out[0] = '\0';
	return -1;
}

/* micro_forker_start: see proc_fork.h. One stream socket carries the requests
 * and the replies (a dead helper gives EPIPE, never SIGPIPE). */
int micro_forker_start(struct micro_forker *f, const char *path)
{
	int sv[2];
	pid_t parent = getpid();

	memset(f, 0, sizeof(*f));
	f->fd = -1;
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
		return micro_fail_errno("socketpair");
	fflush(NULL);
	f->pid = fork();
	if (f->pid < 0) {
		close(sv[0]);
		close(sv[1]);
		return micro_fail_errno("fork");
	}
	if (f->pid == 0) {
		char *const argv[] = { (char *)path, NULL };
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent || dup2(sv[1], 0) < 0 || dup2(sv[1], 1) < 0)
			_exit(127);
		execve(path, argv, environ);
		_exit(127);
	}
	close(sv[1]);
	f->fd = sv[0];
	return 0;
}

/* forker_reply: one line from f into buf (of len, newline dropped); 0 or -1. */
static int forker_reply(struct micro_forker *f, char *buf, size_t len)
{
	size_t n = 0;

	while (n + 1 < len) {
		ssize_t r = read(f->fd, buf + n, 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return r < 0 ? micro_fail_errno("read from " MICRO_FORKER)
			             : micro_fail(MICRO_FORKER " ended without a reply");
		if (buf[n] == '\n') {
			buf[n] = '\0';
			return 0;
		}
		n++;
	}
	return micro_fail(MICRO_FORKER "'s reply is too long");
}

/* micro_forker_loop: see proc_fork.h. */
int micro_forker_loop(void *state, uint64_t n)
{
	struct micro_forker *f = state;
	char line[160];
	unsigned long long ns, child, self;
	int len = snprintf(line, sizeof(line), "%llu\n", (unsigned long long)n), end = 0;

	for (int off = 0; off < len;) {
		ssize_t w = send(f->fd, line + off, (size_t)(len - off), MSG_NOSIGNAL);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return micro_fail_errno("write to " MICRO_FORKER);
		off += (int)w;
	}
	if (forker_reply(f, line, sizeof(line)) != 0)
		return -1;
	if (strncmp(line, "error ", 6) == 0)
		return micro_fail("%s: %s", MICRO_FORKER, line + 6);
	if (sscanf(line, "ok %llu %llu %llu%n", &ns, &child, &self, &end) != 3 || line[end] != '\0')
		return micro_fail("%s's reply is not understood: %.40s", MICRO_FORKER, line);
	f->ns += (double)ns;
	f->forks += n;
	f->child_minflt += child;
	f->self_minflt += self;
	return 0;
}

/* micro_forker_clock: see proc_fork.h. */
double micro_forker_clock(void *state)
{
	return ((struct micro_forker *)state)->ns;
}

/* micro_forker_stop: see proc_fork.h. Closing the socket is the helper's end of
 * input; it is killed when it has not gone by then (it never waits long:
 * a request finishes before it reads again). */
int micro_forker_stop(struct micro_forker *f)
{
	int st = 0;

	if (f->fd >= 0)
		close(f->fd);
	f->fd = -1;
	if (f->pid <= 0)
		return 0;
	while (waitpid(f->pid, &st, 0) != f->pid) {
		if (errno != EINTR) {
			kill(f->pid, SIGKILL);
			waitpid(f->pid, &st, 0);
			break;
		}
	}
	f->pid = 0;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
		return micro_fail("%s: status 0x%x%s", MICRO_FORKER, (unsigned)st,
				  WIFEXITED(st) && WEXITSTATUS(st) == 127 ? " (it could not be run)" : "");
	return 0;
}

/* forker_time: Fork proc timed in the helper o->forker into *v; 0, or -1
 * with the reason in why when the helper did not run (a first fork as a
 * probe), so that the caller falls back. A failure after the probe is the
 * figure's: v not available with its reason. */
static int forker_time(const struct micro_opts *o, struct micro_value *v, char *why, size_t len)
{
	struct micro_forker f;
	char r[sizeof(v->reason)];

	if (micro_forker_start(&f, o->forker) != 0 || micro_forker_loop(&f, 1) != 0) {
		micro_why(r, sizeof(r));
		if (micro_forker_stop(&f) != 0)
			micro_why(r, sizeof(r));
		text_fmt(why, len, "%s did not run: %s", o->forker, r);
		return -1;
	}
	int rc = micro_time_ns_clock(o, micro_forker_loop, &f, micro_forker_clock, v);
	if (micro_forker_stop(&f) != 0 && rc == 0) {
		micro_why(r, sizeof(r));
		memset(v, 0, sizeof(*v));
		text_copy(v->reason, r, sizeof(v->reason));
	} else if (rc == 0) {
		text_copy(v->reason, MICRO_FORKER_NOTE, sizeof(v->reason));
	}
	return 0;
}

/* micro_fork_proc: see proc_fork.h. */
void micro_fork_proc(const struct micro_opts *o, micro_loop_fn fallback, void *state,
		     struct micro_value *v)
{
	char why[sizeof(v->reason)];

	if (o->forker[0] && forker_time(o, v, why, sizeof(why)) == 0)
		return;
	if (!o->forker[0])
		text_copy(why, "no " MICRO_FORKER " beside contest nor in ../lib/contest", sizeof(why));
	if (micro_time_ns(o, fallback, state, v) == 0)
		text_fmt(v->reason, sizeof(v->reason), "forked by contest itself: %s", why);
}
