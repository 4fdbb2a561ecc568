/* test_cli.c: unit tests of opts_parse, its usage errors caught through err_exit_hook (cases found while fuzzing it). */
#include "contest/opts.h"
#include "lib/err.h"
#include "tests/unit/t.h"

#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static jmp_buf back;
static volatile int status;
static char errpath[] = "/tmp/contest-test-cli.XXXXXX";
static int errfd = -1;

/* on_exit_hook: errx/err inside opts_parse: keep the status, jump back. */
static void on_exit_hook(int code)
{
	status = code;
	longjmp(back, 1);
}

/* call: opts_parse; the exit status it took, or -1 when it returned. */
static int call(struct opts *o, int argc, char **argv)
{
	status = -1;
	if (setjmp(back) == 0)
		opts_parse(o, argc, argv);
	return status;
}

/* parse: opts_parse over the NULL-terminated words after argv[0]; the exit
 * status it took (-1 when it returned) and its stderr in msg. */
static int parse(struct opts *o, char *msg, size_t len, ...)
{
	char *argv[32];
	int argc = 0, saved, rc;
	va_list ap;
	ssize_t n;

	argv[argc++] = "contest";
	va_start(ap, len);
	while (argc < 31 && (argv[argc] = va_arg(ap, char *)) != NULL)
		argc++;
	va_end(ap);
	argv[argc] = NULL;
	fflush(stderr);
	saved = dup(2);
	if (ftruncate(errfd, 0) != 0 || lseek(errfd, 0, SEEK_SET) != 0)
		perror("truncate stderr file");
	dup2(errfd, 2);
	rc = call(o, argc, argv);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	n = pread(errfd, msg, len - 1, 0);
	msg[n > 0 ? n : 0] = '\0';
	return rc;
}

/* test_unknown_letters: a bad letter inside a cluster is named, not a neighbour word. */
static void test_unknown_letters(void)
{
	struct opts o;
	char msg[1024];

	T_CHECK(parse(&o, msg, sizeof msg, "-Zq", (char *)NULL) == EXIT_USAGE);
	T_STREQ(msg, "contest: unknown option '-Z' (see contest --help)\n");
	T_CHECK(parse(&o, msg, sizeof msg, "-k", "a", "-Zq", "no_load", (char *)NULL) == EXIT_USAGE);
	T_STREQ(msg, "contest: unknown option '-Z' (see contest --help)\n");
	T_CHECK(parse(&o, msg, sizeof msg, "-qZ", (char *)NULL) == EXIT_USAGE);
	T_STREQ(msg, "contest: unknown option '-Z' (see contest --help)\n");
	T_CHECK(parse(&o, msg, sizeof msg, "-r", "-j", "2", (char *)NULL) == EXIT_USAGE);
	T_STREQ(msg, "contest: unknown option '-j' (see contest --help)\n");
	T_CHECK(parse(&o, msg, sizeof msg, "-:", (char *)NULL) == EXIT_USAGE);
	T_STREQ(msg, "contest: unknown option '-:' (see contest --help)\n");
	/* long options keep naming the word */
	T_CHECK(parse(&o, msg, sizeof msg, "--bogus", (char *)NULL) == EXIT_USAGE);
	T_STREQ(msg, "contest: unknown option '--bogus' (see contest --help)\n");
	T_CHECK(parse(&o, msg, sizeof msg, "--no-flush=1", (char *)NULL) == EXIT_USAGE);
	T_STREQ(msg, "contest: unknown option '--no-flush=1' (see contest --help)\n");
	T_CHECK(parse(&o, msg, sizeof msg, "-k", "a", "-n", (char *)NULL) == EXIT_USAGE);
	T_STREQ(msg, "contest: option '-n' needs an argument (see contest --help)\n");
}

/* test_again_after_error: a parse that errx ended mid-cluster leaves no getopt
 * state behind (fuzz_cli found the next parse reading the old words, freed). */
static void test_again_after_error(void)
{
	struct opts o;
	char msg[1024], w1[] = "-qz--no-flush", w2[] = "-k", w3[] = "a", w4[] = "-n", w5[] = "3";

	T_CHECK(parse(&o, msg, sizeof msg, w1, (char *)NULL) == EXIT_USAGE);
	T_CHECK(parse(&o, msg, sizeof msg, w2, w3, w4, w5, "no_load", (char *)NULL) == -1);
	T_STREQ(msg, "");
	T_CHECK(o.mode == MODE_RUN && o.runs == 3 && o.nloads == 1);
	T_CHECK(o.progress == PROGRESS_AUTO && o.no_flush == 0);   /* nothing of "-qz--no-flush" */
	T_STREQ(o.label, "a");
}

/* test_good_lines: command lines of every mode that parse. */
static void test_good_lines(void)
{
	struct opts o;
	char msg[1024];

	T_CHECK(parse(&o, msg, sizeof msg, "-k", "2.6.8-mm3", "-n", "3", "no_load", "cacherun",
	              "no_load", (char *)NULL) == -1);
	T_CHECK(o.mode == MODE_RUN && o.runs == 3 && o.nloads == 2);
	T_STREQ(o.label, "2.6.8-mm3");
	T_CHECK(parse(&o, msg, sizeof msg, "-r", "--stats", "--baseline", "a", "a", "b",
	              (char *)NULL) == -1);
	T_CHECK(o.mode == MODE_REPORT && o.stats && o.nlabels == 2);
	T_CHECK(parse(&o, msg, sizeof msg, "micro", "-k", "m", "--quick", (char *)NULL) == -1);
	T_CHECK(o.mode == MODE_MICRO && o.quick);
	T_CHECK(parse(&o, msg, sizeof msg, "loads", "--rate", "--seconds", "2", "no_load",
	              (char *)NULL) == -1);
	T_CHECK(o.mode == MODE_LOADS && o.rate && o.nloads == 1);
	T_CHECK(parse(&o, msg, sizeof msg, "-k", "a", "--baseline", "b", (char *)NULL) == EXIT_USAGE);
}

int main(void)
{
	errfd = mkstemp(errpath);
	if (errfd < 0) {
		perror("mkstemp");
		return 1;
	}
	unlink(errpath);
	unsetenv("CONTEST_RESULTS");
	err_exit_hook = on_exit_hook;
	test_unknown_letters();
	test_again_after_error();
	test_good_lines();
	err_exit_hook = NULL;
	close(errfd);
	return t_done();
}
