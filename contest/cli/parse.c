/* parse.c: the command line of contract section 1 into struct opts: the command word, then getopt_long over the rows of the option table (contest/cli/options.c), each argument taken as its row says, then the operands and the checks between options; the commands check their own combinations (contest/cmd/cmds.h). */
#include "contest/cli/options.h"
#include "contest/cli/opts.h"
#include "contest/cli/set.h"
#include "lib/err.h"
#include "lib/parse.h"
#include "lib/text.h"
#include "loads/registry.h"
#include "results/model/verdict.h"
#include "workload/ktree.h"

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

void opts_usage(FILE *f)
{
	fputs(
"usage: contest [run options] [LOAD...]     run load conditions for one label\n"
"       contest -r [report options] [LABEL...]\n"
"       contest report [report options] [LABEL...]\n"
"       contest loads                       list every load, its Loads unit and needs\n"
"       contest loads --rate [-d DIR] [--mem SIZE] [-o DIR] [-t TREE] [--seconds S] [LOAD...]\n"
"                                           each load alone for S seconds (default 10):\n"
"                                           its work per second, CPU and major faults\n"
"       contest sweep --sysctl KEY=V1,V2[,...] [-k BASE] [-n RUNS] [run options] [LOAD...]\n"
"                                           run each value under label BASE+KEY=V,\n"
"                                           interleaved run by run, then restore KEY\n"
"       contest micro [-k LABEL] [-n RUNS] [-R DIR] [-d DIR] [--quick] [-q]\n"
"                     [--placement pinned|spread] [--mb N] [--only GROUPS]\n"
"                                           run the microbenchmark suite for one label;\n"
"                                           pinned (default): all on one CPU; spread:\n"
"                                           the two ends of the IPC and context-switch\n"
"                                           benchmarks on two CPUs; --only: those of\n"
"                                           proc,ctx,ipc,fs,bw,mem (default all)\n"
"       contest interact [-k LABEL] [-n RUNS] [interact options] [run options] [LOAD...]\n"
"                                           simulated audio, video, desktop and game\n"
"                                           tasks against each load (and compile)\n"
"       contest clean [-d TESTBED]          remove what runs keep in the testbed (the\n"
"                                           built-in trees, read_load.dat, compile.log),\n"
"                                           listing each with its size; never results\n"
"       contest bisect --good LABEL [--bad LABEL] [--threshold P%] [run options] [LOAD...]\n"
"                                           run the loads (default: LABEL's) on this kernel\n"
"                                           (-n auto --max-runs 10), judge each against LABEL\n"
"       contest series start --boot HOW -k LABEL=SPEC -k LABEL=SPEC... [-n ROUNDS]\n"
"                     [series options] [run options] [LOAD...]\n"
"       contest series status|stop|resume [--journal DIR]\n"
"                                           kernels compared in rounds across reboots,\n"
"                                           each round in a new balanced order\n"
"       contest --help | --version\n"
"\n"
"Run options:\n", f);
	opt_help_print(f, SECT_RUN);
	fputs("LOAD is a load name or alias (see contest loads) or all; default: all.\n"
	      "\n"
	      "Report options:\n", f);
	opt_help_print(f, SECT_REPORT);
	fputs("\n"
	      "Interact options (contest interact; its LOADs may add compile):\n", f);
	opt_help_print(f, SECT_INTERACT);
	fputs("\n"
	      "Bisect options:\n", f);
	opt_help_print(f, SECT_BISECT);
	fputs("\n"
	      "Series options (contest series; its runs take the run options):\n", f);
	opt_help_print(f, SECT_SERIES);
	fputs("\n"
	      "Exit status: 0 all runs recorded, 1 a run failed, 2 usage or input error,\n"
	      "130 interrupted. contest report: 0 all read, 1 malformed lines skipped\n"
	      "(each named FILE:LINE, the rest shown), 2 an input error such as a file\n"
	      "refused whole. contest bisect: 0 like --good, 1 worse, 125 cannot decide,\n"
	      "128 any error (git bisect run stops), 130 interrupted.\n", f);
}

void opts_usage_error(const char *fmt, const char *arg)
{
	char msg[512], q[TEXT_QUOTED];
	snprintf(msg, sizeof msg, fmt, text_quote(arg, q, sizeof q));
	errx(EXIT_USAGE, "%s (see contest --help)", msg);
}

/* add_load: append a load (or the default set for "all"), once each. */
static void add_load(struct opts *o, const char *name)
{
	const struct load_desc *d;

	if (strcmp(name, "all") == 0) {
		for (size_t i = 0; load_registry[i] != NULL; i++) {
			d = load_registry[i];
			if (d->flags & (LOAD_F_HIDDEN | LOAD_F_EXTRA))
				continue;
			if ((d->flags & LOAD_F_OTHER) && o->other == NULL) {
				warnx("%s skipped: it needs -o DIR (another disk or file system)", d->name);
				continue;
			}
			add_load(o, d->name);
		}
		return;
	}
	d = load_find(name);
	if (d == NULL)
		opts_usage_error("unknown load '%s'", name);
	opts_add_desc(o, d, name);
}

void opts_add_desc(struct opts *o, const struct load_desc *d, const char *name)
{
	for (size_t i = 0; i < o->nloads; i++)
		if (o->loads[i] == d)
			return;
	if (o->nloads == OPTS_MAX_LOADS)
		opts_usage_error("too many loads at '%s'", name);
	o->loads[o->nloads++] = d;
}

/* mode_of: the row of cmds that argv names, and the index of its first argument. */
static const struct opts_cmd *mode_of(const struct opts_cmd *cmds, int argc, char **argv, int *first)
{
	const struct opts_cmd *c, *none = NULL, *report = NULL;

	*first = 1;
	for (c = cmds; c->main != NULL; c++) {
		if (c->word == NULL)
			none = c;
		else if (argc > 1 && strcmp(argv[1], c->word) == 0) {
			*first = 2;
			return c;
		}
		if (c->mode == MODE_REPORT)
			report = c;
	}
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "-r") == 0 || strcmp(argv[i], "--report") == 0)
			return report;
	return none;
}

/* field: the field of row r in o, as a T. */
#define field(o, r, T) ((T *)(void *)((char *)(o) + (r)->off))

/* choice: the index of word among the space-separated words of list, or -1. */
static int choice(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (int k = 0; *list != '\0'; k++) {
		size_t w = strcspn(list, " ");
		if (w == n && strncmp(list, word, n) == 0)
			return k;
		list += w;
		list += *list == ' ';
	}
	return -1;
}

/* take: arg into o as row r says; 0, or -1 when refused (r->err then says why). */
static int take(struct opts *o, const struct opt_row *r, const char *arg)
{
	char name[40], prefix[48];
	long v;
	uint64_t size;
	double d;

	if (r->letter)
		text_fmt(name, sizeof name, "-%c", r->letter);
	else
		text_fmt(name, sizeof name, "--%s", r->name);
	switch (r->kind) {
	case OPT_K_FLAG: *field(o, r, int) = 1; return 0;
	case OPT_K_SET: *field(o, r, int) = (int)r->lo; return 0;
	case OPT_K_INT:
	case OPT_K_LONG:
		if (parse_int(arg, r->lo, r->hi, &v) != 0)
			return -1;
		if (r->kind == OPT_K_INT)
			*field(o, r, int) = (int)v;
		else
			*field(o, r, long) = v;
		return 0;
	case OPT_K_SECONDS: return set_seconds(arg, (double)r->lo, (double)r->hi, field(o, r, double));
	case OPT_K_PERCENT: return parse_percent(arg, field(o, r, double));
	case OPT_K_DURATION:
		if (parse_duration(arg, &d) != 0 || (r->hi > 0 && d > (double)r->hi))
			return -1;
		*field(o, r, double) = d;
		return 0;
	case OPT_K_SIZE:
		if (parse_size(arg, &size) != 0 || size < (uint64_t)r->lo * 1024 * 1024)
			return -1;
		*field(o, r, uint64_t) = size;
		return 0;
	case OPT_K_PATH: *field(o, r, const char *) = set_path(arg, name, r->err); return 0;
	case OPT_K_LABEL:
		text_fmt(prefix, sizeof prefix, "%s: ", name);
		set_label_check(arg, prefix, "");
		*field(o, r, const char *) = arg;
		return 0;
	case OPT_K_CHOICE:
		if ((v = choice(r->choices, arg)) < 0)
			return -1;
		*field(o, r, int) = (int)v;
		return 0;
	case OPT_K_WORD:
		if (choice(r->choices, arg) < 0)
			return -1;
		*field(o, r, const char *) = arg;
		return 0;
	case OPT_K_STR: *field(o, r, const char *) = arg; return 0;
	case OPT_K_FN: r->set(o, arg); return 0;
	}
	return -1;
}

/* pass: a series' run option id (with arg) kept as one word for its runs,
 * "--name=arg" or "--name"; the options a series takes as its own are not. */
static void pass(struct opts *o, int id, const char *arg)
{
	static const int own[] = { OPT_KERNEL, OPT_RUNS, OPT_PRECISION, OPT_MAXRUNS, OPT_BUDGET, OPT_RESULTS,
	                           OPT_QUIET, OPT_PROGRESS, OPT_DRYRUN };
	const struct opt_row *r = &opt_table[id];
	size_t left = sizeof o->passbuf - o->passlen;
	int n;

	if (o->mode != MODE_SERIES || !(r->cmds & MODE_RUN))
		return;
	for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
		if (own[i] == id)
			return;
	n = r->arg ? snprintf(o->passbuf + o->passlen, left, "--%s=%s", r->name, arg) :
	             snprintf(o->passbuf + o->passlen, left, "--%s", r->name);
	if (n < 0 || (size_t)n >= left || o->npass == sizeof o->pass / sizeof o->pass[0])
		opts_usage_error("series: too many run options at '%s'", r->name);
	o->pass[o->npass++] = o->passbuf + o->passlen;
	o->passlen += (size_t)n + 1;
}

/* apply: option id with arg into o; a refused argument is a usage error. */
static void apply(struct opts *o, int id, const char *arg)
{
	const struct opt_row *r = &opt_table[id];

	if (take(o, r, arg) != 0)
		opts_usage_error(r->err, arg);
	pass(o, id, arg);
	if (r->given_bit != 0)
		*(int *)(void *)((char *)o + r->given_off) |= r->given_bit;
}

/* read_options: getopt_long over args[0..n) with the options of command
 * cmd; the index of the first operand, or -1 after --help or --version. */
static int read_options(struct opts *o, unsigned cmd, int n, char **args)
{
	struct opt_getopt g;
	int c, id;

	opt_getopt_make(cmd, &g);
	opterr = 0;
	optind = 0;     /* a full reset (glibc, musl): no state left from a parse that errx ended */
	while ((c = getopt_long(n, args, g.shortopts, g.longopts, NULL)) != -1) {
		if (c == ':')
			opts_usage_error("option '%s' needs an argument", args[optind - 1]);
		if (c == '?' && optopt > 0 && optopt < 256 &&
		    (optopt == ':' || !strchr(g.shortopts, optopt))) {
			/* an unknown letter, maybe inside "-qZ": optind need not have passed its word */
			char letter[3] = { '-', (char)optopt, '\0' };
			opts_usage_error("unknown option '%s'", letter);
		}
		if (c == '?' || (id = opt_id_of(c)) < 0)
			opts_usage_error("unknown option '%s'", args[optind - 1]);
		apply(o, id, optarg);
		if (o->mode == MODE_HELP || o->mode == MODE_VERSION)
			return -1;
	}
	return optind;
}

/* read_operands: args[first..n): the loads of a run, sweep or loads --rate,
 * or the labels of a report (kept as given: its own checks check them). */
static void read_operands(struct opts *o, int first, int n, char **args)
{
	if (o->nresults > 1 && o->mode != MODE_REPORT)   /* which of a report's forms read one: its own checks */
		opts_usage_error("-R '%s': several results directories are for a report; a run, sweep "
		                 "or micro records into one", o->results_v[1]);
	if (o->mode == MODE_MICRO && first < n)
		opts_usage_error("micro: unexpected argument '%s'", args[first]);
	if (o->mode == MODE_CLEAN && first < n)
		opts_usage_error("clean: unexpected argument '%s' (the testbed is given with -d)", args[first]);
	if (o->mode == MODE_LOADS && !o->rate && n > 1)
		opts_usage_error("loads: '%s' needs --rate", args[1]);
	if (o->mode == MODE_SERIES && first < n)
		o->action = args[first++];
	for (int i = first; i < n; i++) {
		if (o->mode == MODE_INTERACT) {   /* its conditions: contest interact's to name */
			if (o->nnames == OPTS_MAX_LOADS)
				opts_usage_error("too many loads at '%s'", args[i]);
			o->names[o->nnames++] = args[i];
			continue;
		}
		if (o->mode == MODE_RUN || o->mode == MODE_LOADS || o->mode == MODE_SWEEP || o->mode == MODE_BISECT ||
		    o->mode == MODE_SERIES) {
			add_load(o, args[i]);
			continue;
		}
		if (o->nlabels == OPTS_MAX_LABELS)   /* a report's labels: its own checks check them */
			opts_usage_error("too many labels at '%s'", args[i]);
		o->labels[o->nlabels++] = args[i];
	}
	if (o->mode == MODE_LOADS && o->rate && o->nloads == 0)
		add_load(o, "all");
}

/* runs_finish: -n auto's options checked against -n; under auto, the rounds
 * are at most --max-runs. */
static void runs_finish(struct opts *o)
{
	static const char *const name[] = { "--precision", "--max-runs", "--budget" };

	if (o->runs_auto && o->mode == MODE_MICRO)
		opts_usage_error("micro: -n '%s' is for runs of the loads; give micro a number of runs", "auto");
	for (int b = 0; b < 3; b++)
		if (!o->runs_auto && (o->auto_given & 1 << b))
			opts_usage_error("%s needs -n auto (it says when auto's rounds stop)", name[b]);
	if (o->runs_auto)
		o->runs = o->max_runs;
}

/* finish: the defaults that depend on the whole line, and the checks
 * between options that every command shares (a command's own: cmd_check). */
static void finish(struct opts *o)
{
	int runs = o->mode == MODE_RUN || o->mode == MODE_SWEEP || o->mode == MODE_BISECT ||
	           (o->mode == MODE_SERIES && o->action != NULL && strcmp(o->action, "start") == 0);

	if ((runs || o->mode == MODE_MICRO || o->mode == MODE_INTERACT) && o->label[0] == '\0') {
		struct utsname u;
		if (uname(&u) != 0)
			err(EXIT_USAGE, "uname");
		set_label(o, u.release, " (from uname -r; give one with -k)");
	}
	if (runs || o->mode == MODE_INTERACT) {
		if (o->confine && o->mem == 0)
			opts_usage_error("--confine needs --mem SIZE, the memory to confine the runs to%s", "");
		if (o->whole_machine && o->mem_given)
			opts_usage_error("--whole-machine scales the loads to MemTotal: not with --mem%s", "");
		if (o->target != NULL && o->tree == NULL)
			opts_usage_error("--target '%s' needs -t TREE (the built-in workload has one target)",
			            o->target);
		if (o->scale_given && o->tree != NULL)
			opts_usage_error("--scale '%s' is for the built-in workload, not with -t TREE", o->scale);
		if (o->tree != NULL && o->target == NULL)
			o->target = KTREE_TARGET;
		if (o->nloads == 0 && o->mode != MODE_BISECT && o->mode != MODE_INTERACT)
			add_load(o, "all");   /* bisect's default: the good label's loads; interact's its own */
	}
	runs_finish(o);
}

/* series_env: CONTEST_SERIES, "ID,ROUND,BOOT[,GUEST]", which contest series
 * sets for the runs it starts, into o's series fields; a malformed one is a
 * usage error naming it. */
static void series_env(struct opts *o, const char *env)
{
	char id[48], boot[16], guest[32] = "";
	long round;
	int end = 0, g = 0;

	if (env == NULL || *env == '\0')
		return;
	if (sscanf(env, "%47[A-Za-z0-9._-],%ld,%15[a-z]%n", id, &round, boot, &end) != 3 ||
	    (env[end] == ',' && (sscanf(env + end, ",%31[A-Za-z0-9. ]%n", guest, &g) != 1 || (end += g, 0))) ||
	    env[end] != '\0' || round < 1 || round > 1000000)
		opts_usage_error("CONTEST_SERIES: '%s' is not ID,ROUND,BOOT[,GUEST] (set by contest series)", env);
	text_copy(o->series_id, id, sizeof o->series_id);
	o->series_round = (int)round;
	text_copy(o->series_boot, boot, sizeof o->series_boot);
	text_copy(o->series_guest, guest, sizeof o->series_guest);
}

void opts_parse(struct opts *o, const struct opts_cmd *cmds, int argc, char **argv)
{
	const struct opts_cmd *m;
	int first;
	const char *env = getenv("CONTEST_RESULTS"), *settle = getenv("CONTEST_SETTLE");
	char *args[argc + 1];
	int n = 0;

	memset(o, 0, sizeof *o);
	o->runs = 1;
	o->precision = 2;
	o->max_runs = 20;
	o->testbed = "contest-testbed";
	o->results = env && *env ? set_path(env, "CONTEST_RESULTS", "") : "contest-results";
	o->scale = "default";
	o->lead = 3;
	o->settle = 10;
	if (settle != NULL && *settle != '\0' && set_seconds(settle, 0, 3600, &o->settle) != 0)
		opts_usage_error("CONTEST_SETTLE: '%s' is not a number of seconds from 0 to 3600", settle);
	o->rate_seconds = 10;
	o->format = "text";
	o->progress = PROGRESS_AUTO;
	o->threshold = VERDICT_THRESHOLD;
	o->tries = 3;
	o->deadline = 3600;
	o->countdown = 10;
	series_env(o, getenv("CONTEST_SERIES"));
	m = mode_of(cmds, argc, argv, &first);
	o->mode = m->mode;
	o->runs_auto = m->runs_auto;
	if (m->max_runs > 0)
		o->max_runs = m->max_runs;

	/* getopt needs argv[0] then the arguments of the mode, without "-r" */
	args[n++] = argv[0];
	for (int i = first; i < argc; i++)
		if (o->mode != MODE_REPORT || (strcmp(argv[i], "-r") != 0 && strcmp(argv[i], "--report") != 0))
			args[n++] = argv[i];
	args[n] = NULL;
	first = read_options(o, (unsigned)m->mode, n, args);
	if (first < 0)
		return;
	read_operands(o, first, n, args);
	finish(o);
}
