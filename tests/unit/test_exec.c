/* test_exec.c: unit tests of lib/exec: a program found through PATH, run without a shell, its output captured to a bound, its status, its group ended at the time limit, nothing left behind. */
#include "lib/exec.h"
#include "lib/fs.h"
#include "tests/unit/t.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[] = "/tmp/contest-test-exec.XXXXXX";

/* put: file dir/rel made with text and mode. */
static void put(const char *rel, const char *text, mode_t mode)
{
	char p[PATH_MAX];
	FILE *f;

	snprintf(p, sizeof p, "%s/%s", dir, rel);
	T_CHECK((f = fopen(p, "w")) != NULL);
	if (f != NULL) {
		fputs(text, f);
		fclose(f);
	}
	T_CHECK(chmod(p, mode) == 0);
}

/* sh: sh -c script run as x asks; its result. */
static int sh(struct exec *x, const char *script)
{
	static char *argv[4];

	argv[0] = "sh";
	argv[1] = "-c";
	argv[2] = (char *)script;
	argv[3] = NULL;
	x->argv = argv;
	x->path = "/bin/sh";
	return exec_run(x);
}

/* test_which: the first executable regular file in PATH's order; a file
 * not executable, a folder, an empty PATH entry passed over; names with a
 * '/' and missing names refused with ENOENT. */
static void test_which(void)
{
	char a[256], b[256], path[1024], got[PATH_MAX], want[PATH_MAX];
	const char *old = getenv("PATH");
	char *saved = old ? strdup(old) : NULL;

	snprintf(a, sizeof a, "%s/a", dir);
	snprintf(b, sizeof b, "%s/b", dir);
	T_CHECK(mkdir(a, 0755) == 0 && mkdir(b, 0755) == 0);
	put("a/tool", "#!/bin/sh\n", 0644);      /* not executable: passed over */
	put("b/tool", "#!/bin/sh\n", 0755);
	put("a/both", "#!/bin/sh\n", 0755);
	put("b/both", "#!/bin/sh\n", 0755);
	T_CHECK(mkdir(strcat(strcpy(got, a), "/adir"), 0755) == 0);
	snprintf(path, sizeof path, "::%s:%s:", a, b);
	setenv("PATH", path, 1);
	snprintf(want, sizeof want, "%s/tool", b);
	T_CHECK(exec_which("tool", got, sizeof got) == 0);
	T_STREQ(got, want);
	snprintf(want, sizeof want, "%s/both", a);
	T_CHECK(exec_which("both", got, sizeof got) == 0);
	T_STREQ(got, want);
	errno = 0;
	T_CHECK(exec_which("adir", got, sizeof got) == -1 && errno == ENOENT);
	T_CHECK(exec_which("nosuch", got, sizeof got) == -1 && errno == ENOENT);
	T_CHECK(exec_which("a/tool", got, sizeof got) == -1 && errno == ENOENT);
	T_CHECK(exec_which("", got, sizeof got) == -1);
	T_CHECK(exec_which("tool", got, 8) == -1);   /* no room for the path */

	struct exec x = { .argv = (char *[]){ "nosuch", NULL } };
	errno = 0;
	T_CHECK(exec_run(&x) == -1 && x.status == -1 && errno == ENOENT && x.out == NULL);
	unsetenv("PATH");
	T_CHECK(exec_which("tool", got, sizeof got) == -1 && errno == ENOENT);
	if (saved != NULL)
		setenv("PATH", saved, 1);
	free(saved);
}

/* test_capture: stdout and the end of stderr kept apart or as one stream,
 * stdin from the descriptor given (else /dev/null), the exit status. */
static void test_capture(void)
{
	struct exec x = { .out_max = 100, .keep_err = 1 };
	char in[PATH_MAX];
	int fd;

	T_CHECK(sh(&x, "printf hello; printf 'one\\noops' >&2; exit 3") == 3);
	T_STREQ(x.out, "hello");
	T_CHECK(x.out_len == 5 && !x.out_cut && !x.timed_out);
	T_STREQ(x.err, "one\noops");
	T_CHECK(WIFEXITED(x.status) && WEXITSTATUS(x.status) == 3);
	exec_free(&x);

	struct exec y = { .out_max = 100, .err_to_out = 1 };
	T_CHECK(sh(&y, "echo a; echo b >&2; echo c") == 0);
	T_STREQ(y.out, "a\nb\nc\n");
	T_STREQ(y.err, "");
	exec_free(&y);

	struct exec q = { 0 };   /* nothing kept */
	T_CHECK(sh(&q, "echo lost; echo lost >&2; exit 7") == 7 && q.out == NULL && q.err[0] == '\0');

	put("in", "input\n", 0644);
	snprintf(in, sizeof in, "%s/in", dir);
	T_CHECK((fd = open(in, O_RDONLY | O_CLOEXEC)) >= 0);
	struct exec c = { .in = fd, .out_max = 100 };
	T_CHECK(sh(&c, "cat") == 0);
	T_STREQ(c.out, "input\n");
	exec_free(&c);
	close(fd);
	struct exec n = { .out_max = 100 };   /* stdin /dev/null, not the test's */
	T_CHECK(sh(&n, "cat; echo end") == 0);
	T_STREQ(n.out, "end\n");
	exec_free(&n);

	struct exec e = { .out_max = 100, .keep_err = 1 };
	T_CHECK(sh(&e, "exit 0") == 0 && e.out != NULL && e.out[0] == '\0' && e.out_len == 0);
	exec_free(&e);
}

/* test_bound: output past the bound read and dropped (the program not
 * stopped by a broken pipe), the cut said; a long error output keeps its end. */
static void test_bound(void)
{
	struct exec x = { .out_max = 1000, .keep_err = 1 };
	size_t as = 0;

	T_CHECK(sh(&x, "i=0; while [ $i -lt 2000 ]; do echo aaaaaaaaa; i=$((i+1)); done; "
	               "i=0; while [ $i -lt 200 ]; do echo eeeeeeeee >&2; i=$((i+1)); done; echo last >&2; exit 4") == 4);
	T_CHECK(x.out_len == 1000 && x.out_cut == 1 && strlen(x.out) == 1000);
	for (size_t i = 0; i < x.out_len; i++)
		as += x.out[i] == 'a';
	T_CHECK(as == 900);
	T_CHECK(strlen(x.err) < EXEC_ERR_MAX && strstr(x.err, "last\n") != NULL);
	exec_free(&x);

	struct exec big = { .out_max = 3u << 20 };   /* grown past the first buffer */
	T_CHECK(sh(&big, "head -c 3145728 /dev/zero | tr '\\0' b") == 0);
	T_CHECK(big.out_len == 3u << 20 && !big.out_cut && big.out[0] == 'b' && big.out[big.out_len - 1] == 'b');
	exec_free(&big);
}

/* test_fail: a signal, a file that is not executable, no descriptor of
 * the caller but 0 to 2 handed on, the signals back to their defaults. */
static void test_fail(void)
{
	struct exec x = { .keep_err = 1 };
	char p[PATH_MAX];

	T_CHECK(sh(&x, "kill -TERM $$") == -1);
	T_CHECK(WIFSIGNALED(x.status) && WTERMSIG(x.status) == SIGTERM && !x.timed_out);

	put("plain", "#!/bin/sh\necho ran\n", 0644);
	snprintf(p, sizeof p, "%s/plain", dir);
	struct exec n = { .argv = (char *[]){ "plain", NULL }, .path = p, .keep_err = 1 };
	T_CHECK(exec_run(&n) == 127 && strstr(n.err, "cannot run") != NULL);

	int fd = open("/dev/null", O_RDONLY);   /* not close-on-exec */
	T_CHECK(fd >= 0 && dup2(fd, 9) == 9);
	struct exec l = { .out_max = 100 };
	T_CHECK(sh(&l, "if [ -e /proc/$$/fd/9 ] || [ -e /proc/$$/fd/" "3" " ]; then echo leaked; else echo clean; fi") == 0);
	T_STREQ(l.out, "clean\n");
	exec_free(&l);
	close(9);
	close(fd);

	signal(SIGPIPE, SIG_IGN);   /* as contest has it: the program gets the default back */
	struct exec s = { .out_max = 100 };
	T_CHECK(sh(&s, "kill -PIPE $$; echo survived") == -1);
	T_CHECK(WIFSIGNALED(s.status) && WTERMSIG(s.status) == SIGPIPE && s.out_len == 0);
	exec_free(&s);
	struct exec g = { .out_max = 100 };
	T_CHECK(sh(&g, "echo $$ $(cut -d' ' -f5 /proc/$$/stat)") == 0);
	int pid = 0, pgid = 0;
	T_CHECK(g.out != NULL && sscanf(g.out, "%d %d", &pid, &pgid) == 2 && pid == pgid);   /* its own group */
	T_CHECK(pgid != getpgrp());
	exec_free(&g);
	signal(SIGPIPE, SIG_DFL);
}

/* test_limit: a program and its child still running at the limit: both
 * ended, reaped (this test is their subreaper, as contest is), no zombie
 * left; a program whose child keeps its output open ended the same way. */
static void test_limit(void)
{
	struct exec x = { .out_max = 100, .limit = 0.3 };
	int leader = 0, kid = 0, st;

	T_CHECK(sh(&x, "sleep 100 & echo $$ $!; exec sleep 100") == -1);
	T_CHECK(x.timed_out == 1 && WIFSIGNALED(x.status));
	T_CHECK(x.out != NULL && sscanf(x.out, "%d %d", &leader, &kid) == 2);
	T_CHECK(leader > 0 && kill(leader, 0) == -1 && errno == ESRCH);
	T_CHECK(kid > 0 && kill(kid, 0) == -1 && errno == ESRCH);
	T_CHECK(leader > 0 && kill(-leader, 0) == -1 && errno == ESRCH);
	exec_free(&x);

	struct exec y = { .out_max = 100, .limit = 0.3 };   /* the program ends, its child holds the pipe */
	T_CHECK(sh(&y, "sleep 100 & echo $!") == -1 && y.timed_out == 1);
	T_CHECK(y.out != NULL && sscanf(y.out, "%d", &kid) == 1 && kill(kid, 0) == -1 && errno == ESRCH);
	exec_free(&y);

	struct exec q = { .limit = 0.3 };   /* nothing captured: the wait alone */
	T_CHECK(sh(&q, "exec sleep 100") == -1 && q.timed_out == 1);
	struct exec f = { .limit = 30 };   /* a limit not reached */
	T_CHECK(sh(&f, "exit 5") == 5 && !f.timed_out);

	errno = 0;
	T_CHECK(waitpid(-1, &st, WNOHANG) == -1 && errno == ECHILD);   /* no zombie, no child left */
}

int main(void)
{
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	if (mkdtemp(dir) == NULL) {
		perror(dir);
		return 1;
	}
	test_which();
	test_capture();
	test_bound();
	test_fail();
	test_limit();
	fs_rm_at(AT_FDCWD, dir);
	return t_done();
}
