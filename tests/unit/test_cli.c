/* test_cli.c: unit tests of opts_parse, its usage errors caught through err_exit_hook (cases found while fuzzing it), and of the option table against --help and man/contest.1. */
#include "contest/cli/options.h"
#include "contest/cli/opts.h"
#include "contest/cmd/cmds.h"
#include "lib/err.h"
#include "lib/text.h"
#include "tests/unit/t.h"

#include <ctype.h>
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
	if (setjmp(back) == 0) {
		opts_parse(o, cmd_table, argc, argv);
		if (o->mode != MODE_HELP && o->mode != MODE_VERSION)
			cmd_check(o);   /* the command's own checks, as main runs them */
	}
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

/* test_quoted: input echoed in a usage error is escaped, so the message is
 * one line whatever the input holds. */
static void test_quoted(void)
{
	struct opts o;
	char msg[1024];

	T_CHECK(parse(&o, msg, sizeof msg, "-k", "a\nb", "no_load", (char *)NULL) == EXIT_USAGE);
	T_STREQ(msg, "contest: bad label 'a\\x0Ab': has a character other than A-Z a-z 0-9 . _ + - = , @ : ~\n");
	T_CHECK(parse(&o, msg, sizeof msg, "-r", "--stats", "--baseline", "x\ty", (char *)NULL) == EXIT_USAGE);
	T_STREQ(msg, "contest: --baseline: bad label 'x\\x09y': has a character other than A-Z a-z 0-9 . _ + - = , @ : ~\n");
	T_CHECK(parse(&o, msg, sizeof msg, "report", "l\x1b[2J", (char *)NULL) == EXIT_USAGE);
	T_STREQ(msg, "contest: bad label 'l\\x1B[2J': has a character other than A-Z a-z 0-9 . _ + - = , @ : ~\n");
	T_CHECK(parse(&o, msg, sizeof msg, "-k", "a", "no\nload", (char *)NULL) == EXIT_USAGE);
	T_STREQ(msg, "contest: unknown load 'no\\x0Aload' (see contest --help)\n");
	T_CHECK(parse(&o, msg, sizeof msg, "-k", "a", "--mem", "1\xff'G", (char *)NULL) == EXIT_USAGE);
	T_STREQ(msg, "contest: --mem: '1\\xFF\\x27G' is not a size of at least 1M (e.g. 512M, 2G) "
	             "(see contest --help)\n");
	T_CHECK(parse(&o, msg, sizeof msg, "-k", "a", "-d", "", (char *)NULL) == EXIT_USAGE);
	T_STREQ(msg, "contest: -d: empty testbed directory (see contest --help)\n");
}

/* names_option: text holds "--name", each '-' written as dash ("-", or "\\-" in troff),
 * not as the start of a longer option name. */
static int names_option(const char *text, const char *name, const char *dash)
{
	char spelled[128] = "";
	size_t d = strlen(dash);

	for (const char *c = "--"; *c; c++)
		strcat(spelled, dash);
	for (const char *c = name; *c && strlen(spelled) + d < sizeof spelled; c++)
		if (*c == '-')
			strcat(spelled, dash);
		else
			strncat(spelled, c, 1);
	for (const char *at = strstr(text, spelled); at != NULL; at = strstr(at + 1, spelled)) {
		const char *after = at + strlen(spelled);
		if (!isalnum((unsigned char)*after) && strncmp(after, dash, d) != 0)
			return 1;
	}
	return 0;
}

/* row_whole: row i of the option table has a name, commands, an answer
 * of its own, and names no letter or long name of an earlier row. */
static int row_whole(int i)
{
	const struct opt_row *r = &opt_table[i];

	if (r->name == NULL || r->cmds == 0 || opt_id_of(r->letter ? r->letter : 256 + i) != i)
		return 0;
	for (int j = 0; j < i; j++)
		if (strcmp(opt_table[j].name, r->name) == 0 || (r->letter && opt_table[j].letter == r->letter))
			return 0;
	for (int s = 0; s < SECT_COUNT; s++)
		if (r->help[s].also != NULL && r->help[s].text == NULL)
			return 0;
	return 1;
}

/* test_table: each row of the option table is whole, its names once each. */
static void test_table(void)
{
	for (int i = 0; i < OPT_COUNT; i++) {
		if (!row_whole(i))
			fprintf(stderr, "row %d (--%s) of the option table\n", i,
			        opt_table[i].name ? opt_table[i].name : "?");
		T_CHECK(row_whole(i));
		if (opt_table[i].name == NULL)
			break;   /* the later rows would compare against it */
	}
}

/* test_commands: each row of the command table is one command bit of its
 * own below MODE_HELP with an entry point, its word (if any) once; one row
 * has no word; every command bit of the option table has its row. */
static void test_commands(void)
{
	unsigned seen = 0, all = 0;
	int noword = 0;

	for (const struct opts_cmd *c = cmd_table; c->main != NULL; c++) {
		unsigned m = (unsigned)c->mode;
		T_CHECK(m != 0 && (m & (m - 1)) == 0 && m < MODE_HELP && !(seen & m));
		seen |= m;
		noword += c->word == NULL;
		for (const struct opts_cmd *d = cmd_table; d != c && c->word != NULL; d++)
			T_CHECK(d->word == NULL || strcmp(d->word, c->word) != 0);
	}
	T_CHECK(noword == 1);
	for (int i = 0; i < OPT_COUNT; i++)
		all |= opt_table[i].cmds;
	T_CHECK((all & ~seen) == 0);
}

/* test_own_checks: report's checks between its options are its row's
 * check (cmd_check), not the parser's; -r and no word name their rows. */
static void test_own_checks(void)
{
	struct opts o;
	char msg[1024];
	char *bl[] = { "contest", "report", "--baseline", "a", NULL };
	char *r[] = { "contest", "--stats", "-r", NULL };
	char *run[] = { "contest", "-k", "a", "no_load", NULL };

	T_CHECK(parse(&o, msg, sizeof msg, "report", "--baseline", "a", (char *)NULL) == EXIT_USAGE);
	T_STREQ(msg, "contest: --baseline 'a' needs --stats or --paired (see contest --help)\n");
	opts_parse(&o, cmd_table, 4, bl);   /* the parser alone takes it */
	T_CHECK(o.mode == MODE_REPORT && o.baseline != NULL);
	opts_parse(&o, cmd_table, 3, r);
	T_CHECK(o.mode == MODE_REPORT && o.stats && o.nlabels == 0);
	opts_parse(&o, cmd_table, 4, run);
	T_CHECK(o.mode == MODE_RUN && o.nloads == 1 && !o.runs_auto);
}

/* test_help_and_man: every option of the table is in --help and in the man page. */
static void test_help_and_man(void)
{
	char *help = NULL, *man;
	size_t len = 0;
	FILE *f = open_memstream(&help, &len);
	int cut = 0;

	T_CHECK(f != NULL);
	if (f == NULL)
		return;
	opts_usage(f);
	fclose(f);
	man = text_read(".", "man/contest.1", 1 << 20, NULL, &cut);   /* run from the tree's top */
	T_CHECK(man != NULL && !cut);
	for (int i = 0; i < OPT_COUNT && man != NULL; i++) {
		int in_help = names_option(help, opt_table[i].name, "-");
		int in_man = names_option(man, opt_table[i].name, "\\-");
		if (!in_help)
			fprintf(stderr, "--%s is not in contest --help\n", opt_table[i].name);
		if (!in_man)
			fprintf(stderr, "--%s is not in man/contest.1\n", opt_table[i].name);
		T_CHECK(in_help && in_man);
	}
	T_CHECK(!names_option(help, "no", "-") && !names_option(man, "no", "\\-"));
	free(man);
	free(help);
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
	test_quoted();
	test_own_checks();
	err_exit_hook = NULL;
	test_commands();
	test_table();
	test_help_and_man();
	close(errfd);
	return t_done();
}
