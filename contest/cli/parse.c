/* parse.c: the command line of contract section 1, parsed with getopt_long into struct opts; its options are the rows of contest/cli/options.c. */
#include "contest/interact/interact.h"
#include "contest/cmd/bisect.h"
#include "contest/cli/options.h"
#include "contest/cli/opts.h"
#include "contest/cmd/sweep.h"
#include "contest/sys/sysctl.h"
#include "lib/err.h"
#include "lib/parse.h"
#include "lib/text.h"
#include "loads/registry.h"
#include "results/record.h"
#include "results/render.h"
#include "workload/builtin.h"
#include "workload/ktree.h"

#include <getopt.h>
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
"                     [--placement pinned|spread]\n"
"                                           run the microbenchmark suite for one label;\n"
"                                           pinned (default): all on one CPU; spread:\n"
"                                           the two ends of the IPC and context-switch\n"
"                                           benchmarks on two CPUs\n"
"       contest interact [-k LABEL] [-n RUNS] [interact options] [run options] [LOAD...]\n"
"                                           simulated audio, video, desktop and game\n"
"                                           tasks against each load (and compile)\n"
"       contest clean [-d TESTBED]          remove what runs keep in the testbed (the\n"
"                                           built-in trees, read_load.dat, compile.log),\n"
"                                           listing each with its size; never results\n"
"       contest bisect --good LABEL [--bad LABEL] [--threshold P%] [run options] [LOAD...]\n"
"                                           run the loads (default: LABEL's) on this kernel\n"
"                                           (-n auto --max-runs 10), judge each against LABEL\n"
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
	      "Exit status: 0 all runs recorded, 1 a run failed, 2 usage or input error,\n"
	      "130 interrupted. contest bisect: 0 like --good, 1 worse, 125 cannot decide,\n"
	      "128 any error (git bisect run stops), 130 interrupted.\n", f);
}

void opts_usage_error(const char *fmt, const char *arg)
{
	char msg[512], q[TEXT_QUOTED];
	snprintf(msg, sizeof msg, fmt, text_quote(arg, q, sizeof q));
	errx(EXIT_USAGE, "%s (see contest --help)", msg);
}

/* label_check: exit 2 with "OPTbad label 'LABEL'FROM: why", the label
 * quoted, when label is not valid. */
static void label_check(const char *label, const char *opt, const char *from)
{
	const char *why;
	char q[TEXT_QUOTED];

	if (rec_label_check(label, &why) != 0)
		errx(EXIT_USAGE, "%sbad label '%s'%s: %s", opt, text_quote(label, q, sizeof q), from, why);
}

/* set_label: validate and store a run label. */
static void set_label(struct opts *o, const char *label, const char *from)
{
	label_check(label, "", from);
	text_copy(o->label, label, sizeof o->label);
}

/* add_load: append a load (or the default set for "all"), once each. */
static void add_load(struct opts *o, const char *name)
{
	const struct load_desc *d;

	if (strcmp(name, "all") == 0) {
		for (size_t i = 0; load_registry[i] != NULL; i++) {
			d = load_registry[i];
			if (d->flags & LOAD_F_HIDDEN)
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

/* add_sysctl: --sysctl KEY=VALUE: its syntax checked, each key once. */
static void add_sysctl(struct opts *o, const char *arg)
{
	struct sysctl_set s, t;
	char why[256];

	if (sysctl_parse(arg, &s, why, sizeof why) != 0)
		errx(EXIT_USAGE, "--sysctl: %s (see contest --help)", why);
	for (size_t i = 0; i < o->nsysctl; i++)
		if (sysctl_parse(o->sysctl[i], &t, why, sizeof why) == 0 && strcmp(t.key, s.key) == 0)
			opts_usage_error("--sysctl: '%s' is given twice", s.key);
	if (o->nsysctl == OPTS_MAX_SYSCTL)
		opts_usage_error("--sysctl: too many at '%s'", arg);
	o->sysctl[o->nsysctl++] = arg;
}

/* add_only: --loads L1,L2: canonical names of known loads. */
static void add_only(struct opts *o, char *list)
{
	for (char *tok = strtok(list, ","); tok != NULL; tok = strtok(NULL, ",")) {
		const struct load_desc *d = load_find(tok);
		if (d == NULL)
			opts_usage_error("--loads: unknown load '%s'", tok);
		if (o->nonly == OPTS_MAX_LOADS)
			opts_usage_error("--loads: too many loads at '%s'", tok);
		o->only[o->nonly++] = d->name;
	}
	if (o->nonly == 0)
		opts_usage_error("--loads: no load named in '%s'", "");
}

/* path_arg: the path arg of option name (such as "-d"): refused when empty
 * (the message empty, which has no %s) or when it holds a control
 * character (a newline, a tab, ESC...), which every later message naming
 * the path would print raw. */
static const char *path_arg(const char *arg, const char *name, const char *empty)
{
	char msg[160];

	if (*arg == '\0')
		opts_usage_error(empty, "");
	for (const unsigned char *p = (const unsigned char *)arg; *p != '\0'; p++)
		if (*p < 0x20 || *p == 0x7f) {
			text_fmt(msg, sizeof msg, "%s: '%%s' holds a control character; give a path without one",
			         name);
			opts_usage_error(msg, arg);
		}
	return arg;
}

/* seconds: s as a number of seconds from 0 to 3600 into *out; -1 when it is not one. */
static int seconds(const char *s, double *out)
{
	char *end;
	double d = strtod(s, &end);

	if (*s == '\0' || *end != '\0' || !(d >= 0 && d <= 3600))
		return -1;
	*out = d;
	return 0;
}

/* set_auto_opt: -n and the options of -n auto; 0 when id is one. */
static int set_auto_opt(struct opts *o, int id, char *arg)
{
	long v;

	switch (id) {
	case OPT_RUNS:
		o->runs_auto = strcmp(arg, "auto") == 0;
		if (o->runs_auto)
			break;
		if (parse_int(arg, 1, 100000, &v) != 0)
			opts_usage_error("-n: '%s' is not a number of runs from 1 to 100000, or auto", arg);
		o->runs = v;
		break;
	case OPT_PRECISION:
		if (parse_percent(arg, &o->precision) != 0)
			opts_usage_error("--precision: '%s' is not a percentage above 0 and below 100 "
			                 "(such as 2%%)", arg);
		o->auto_given |= 1;
		break;
	case OPT_MAXRUNS:
		if (parse_int(arg, 1, 100000, &o->max_runs) != 0)
			opts_usage_error("--max-runs: '%s' is not a number of runs from 3 to 100000", arg);
		if (o->max_runs < 3 && o->mode != MODE_BISECT)  /* bisect: too few runs give 125 */
			opts_usage_error("--max-runs: '%s' is too few: -n auto needs at least 3 runs of a "
			                 "condition to judge its interval", arg);
		o->auto_given |= 2;
		break;
	case OPT_BUDGET:
		if (parse_duration(arg, &o->budget) != 0)
			opts_usage_error("--budget: '%s' is not a duration such as 90s, 30m or 2h", arg);
		o->auto_given |= 4;
		break;
	default:
		return -1;
	}
	return 0;
}

/* set_run_opt: one option of a run's settings; 0 when id is one. */
static int set_run_opt(struct opts *o, int id, char *arg)
{
	long v;

	switch (id) {
	case OPT_KERNEL: set_label(o, arg, ""); break;
	case OPT_OTHER: o->other = path_arg(arg, "-o", "-o: empty directory"); break;
	case OPT_JOBS:
		if (parse_int(arg, 1, 4096, &v) != 0)
			opts_usage_error("-j: '%s' is not a number of jobs from 1 to 4096", arg);
		o->jobs = v;
		break;
	case OPT_TESTBED: o->testbed = path_arg(arg, "-d", "-d: empty testbed directory"); break;
	case OPT_MEM:
		if (parse_size(arg, &o->mem) != 0 || o->mem < 1024 * 1024)
			opts_usage_error("--mem: '%s' is not a size of at least 1M (e.g. 512M, 2G)", arg);
		o->mem_given = 1;
		break;
	case OPT_SCALE:
		if (!builtin_scale_valid(arg))
			opts_usage_error("--scale: '%s' is not tiny, small, default or large", arg);
		o->scale = arg;
		o->scale_given = 1;
		break;
	case OPT_LEAD:
		if (seconds(arg, &o->lead) != 0)
			opts_usage_error("--lead: '%s' is not a number of seconds from 0 to 3600", arg);
		break;
	case OPT_SETTLE:
		if (seconds(arg, &o->settle) != 0)
			opts_usage_error("--settle: '%s' is not a number of seconds from 0 to 3600", arg);
		break;
	case OPT_SYSCTL: add_sysctl(o, arg); break;
	case OPT_SWAP:
		if (parse_size(arg, &o->swap) != 0 || o->swap < 1024 * 1024)
			opts_usage_error("--swap: '%s' is not a size of at least 1M (e.g. 512M)", arg);
		break;
	case OPT_QUIET: o->progress = PROGRESS_NEVER; break;
	case OPT_PROGRESS:
		if (strcmp(arg, "auto") == 0) o->progress = PROGRESS_AUTO;
		else if (strcmp(arg, "always") == 0) o->progress = PROGRESS_ALWAYS;
		else if (strcmp(arg, "never") == 0) o->progress = PROGRESS_NEVER;
		else opts_usage_error("--progress: '%s' is not auto, always or never", arg);
		break;
	case OPT_TREE: o->tree = path_arg(arg, "-t", "-t: empty kernel tree directory"); break;
	case OPT_TARGET:
		if (*arg == '\0' || *arg == '-' || strpbrk(arg, " \t\n=") != NULL)
			opts_usage_error("--target: '%s' is not a make target", arg);
		o->target = arg;
		break;
	default:
		return -1;
	}
	return 0;
}

/* set_other_opt: one option of a report, micro or loads, or a flag; 0 when id is one. */
static int set_other_opt(struct opts *o, int id, char *arg)
{
	char *end, names[128], msg[256];

	switch (id) {
	case OPT_RESULTS:
		o->results = path_arg(arg, "-R", "-R: empty results directory");
		if (o->nresults == OPTS_MAX_RESULTS)
			opts_usage_error("-R: too many results directories at '%s'", arg);
		o->results_v[o->nresults++] = o->results;
		break;
	case OPT_TREND: o->trend = 1; break;
	case OPT_MERGEHOSTS: o->merge_hosts = 1; break;
	case OPT_ORDER:
		if (strcmp(arg, "recorded") != 0 && strcmp(arg, "version") != 0)
			opts_usage_error("--order: '%s' is not recorded or version", arg);
		o->order = arg;
		break;
	case OPT_LOADS: add_only(o, arg); break;
	case OPT_BASELINE:
		label_check(arg, "--baseline: ", "");
		o->baseline = arg;
		break;
	case OPT_FORMAT:
		if (render_format_find(arg) == NULL) {
			render_format_list(names, sizeof names, ", ", " or ");
			text_fmt(msg, sizeof msg, "--format: '%%s' is not %s", names);
			opts_usage_error(msg, arg);
		}
		o->format = arg;
		break;
	case OPT_OUTPUT: o->output = path_arg(arg, "--output", "--output: empty file name"); break;
	case OPT_GOOD:
	case OPT_BAD:
		label_check(arg, id == OPT_GOOD ? "--good: " : "--bad: ", "");
		*(id == OPT_GOOD ? &o->good : &o->bad) = arg;
		break;
	case OPT_THRESHOLD:
		if (parse_percent(arg, &o->threshold) != 0)
			opts_usage_error("--threshold: '%s' is not a percentage above 0 and below 100 (such as 5%%)", arg);
		o->threshold_given = 1;
		break;
	case OPT_SECONDS:
		o->rate_seconds = strtod(arg, &end);
		if (*arg == '\0' || *end != '\0' || !(o->rate_seconds >= 1 && o->rate_seconds <= 3600))
			opts_usage_error("--seconds: '%s' is not a number of seconds from 1 to 3600", arg);
		o->seconds_given = 1;
		break;
	case OPT_INTERACTIVE: o->interactive = 1; break;
	case OPT_NOFLUSH: o->no_flush = 1; break;
	case OPT_NOPROBE: o->no_probe = 1; break;
	case OPT_NOCANARY: o->no_canary = 1; break;
	case OPT_DRYRUN: o->dry_run = 1; break;
	case OPT_CONFINE: o->confine = 1; break;
	case OPT_WHOLE: o->whole_machine = 1; break;
	case OPT_PRECISE: o->precise = 1; break;
	case OPT_MICRO: o->micro = 1; break;
	case OPT_LMBENCH:
		if (o->nlmbench == OPTS_MAX_LMBENCH)
			opts_usage_error("--lmbench: at most 16 files (at '%s')", arg);
		o->lmbench[o->nlmbench++] = arg;
		break;
	case OPT_STATS: o->stats = 1; break;
	case OPT_KEEPBUSY: o->keep_busy = 1; break;
	case OPT_NORMALIZE: o->normalize = 1; break;
	case OPT_WHY: o->why = 1; break;
	case OPT_LATENCY: o->latency = 1; break;
	case OPT_QUICK: o->quick = 1; break;
	case OPT_PLACEMENT:
		if (strcmp(arg, "pinned") != 0 && strcmp(arg, "spread") != 0)
			opts_usage_error("--placement: '%s' is not pinned or spread", arg);
		o->spread = strcmp(arg, "spread") == 0;
		break;
	case OPT_RATE: o->rate = 1; break;
	case OPT_HELP: o->mode = MODE_HELP; break;
	case OPT_VERSION: o->mode = MODE_VERSION; break;
	default:
		return -1;
	}
	return 0;
}

/* mode_of: the mode named by argv, and the index of its first argument. */
static enum opts_mode mode_of(int argc, char **argv, int *first)
{
	*first = 1;
	if (argc > 1 && strcmp(argv[1], "report") == 0) {
		*first = 2;
		return MODE_REPORT;
	}
	if (argc > 1 && strcmp(argv[1], "micro") == 0) {
		*first = 2;
		return MODE_MICRO;
	}
	if (argc > 1 && strcmp(argv[1], "loads") == 0) {
		*first = 2;
		return MODE_LOADS;
	}
	if (argc > 1 && strcmp(argv[1], "sweep") == 0) {
		*first = 2;
		return MODE_SWEEP;
	}
	if (argc > 1 && strcmp(argv[1], "clean") == 0) {
		*first = 2;
		return MODE_CLEAN;
	}
	if (argc > 1 && strcmp(argv[1], "interact") == 0) {
		*first = 2;
		return MODE_INTERACT;
	}
	if (argc > 1 && strcmp(argv[1], "bisect") == 0) {
		*first = 2;
		return MODE_BISECT;
	}
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "-r") == 0 || strcmp(argv[i], "--report") == 0)
			return MODE_REPORT;
	return MODE_RUN;
}

/* cmd_of: the command bit of mode (the option table's CMD_*). */
static unsigned cmd_of(enum opts_mode mode)
{
	switch (mode) {
	case MODE_REPORT: return CMD_REPORT;
	case MODE_LOADS: return CMD_LOADS;
	case MODE_MICRO: return CMD_MICRO;
	case MODE_SWEEP: return CMD_SWEEP;
	case MODE_CLEAN: return CMD_CLEAN;
	case MODE_INTERACT: return CMD_INTERACT;
	case MODE_BISECT: return CMD_BISECT;
	default: return CMD_RUN;
	}
}

/* read_options: getopt_long over args[0..n) with the options of o's mode;
 * the index of the first operand, or -1 after --help or --version. */
static int read_options(struct opts *o, int n, char **args)
{
	struct opt_getopt g;
	int c, id;

	opt_getopt_make(cmd_of(o->mode), &g);
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
		if (c == '?' || (id = opt_id_of(c)) < 0 ||
		    (set_run_opt(o, id, optarg) != 0 && set_auto_opt(o, id, optarg) != 0 &&
		     set_other_opt(o, id, optarg) != 0 && interact_set_opt(o, id, optarg) != 0))
			opts_usage_error("unknown option '%s'", args[optind - 1]);
		if (o->mode == MODE_HELP || o->mode == MODE_VERSION)
			return -1;
	}
	return optind;
}

/* trend_check: --trend and --order against the other options; several -R
 * only for a report. */
static void trend_check(const struct opts *o)
{
	if (o->order != NULL && !o->trend)
		opts_usage_error("--order '%s' needs --trend", o->order);
	const char *other = o->stats ? "--stats" : o->micro ? "--micro" : o->why ? "--why" :
	                    o->latency ? "--latency" : o->normalize ? "--normalize" :
	                    o->precise ? "--precise" : o->interactive ? "--interactive" : NULL;
	if (o->trend && other != NULL)
		opts_usage_error("--trend tests each label against the one before it: not with %s", other);
	if (o->nlmbench > 0 && !o->micro)
		opts_usage_error("--lmbench '%s' needs --micro", o->lmbench[0]);
	if (o->nresults > 1 && o->micro)
		opts_usage_error("--micro reads one results directory, not several -R (at '%s')",
		                 o->results_v[1]);
	if (o->nresults > 1 && o->interactive)
		opts_usage_error("--interactive reads one results directory, not several -R (at '%s')",
		                 o->results_v[1]);
	if (o->nresults > 1 && o->mode != MODE_REPORT)
		opts_usage_error("-R '%s': several results directories are for a report; a run, sweep "
		                 "or micro records into one", o->results_v[1]);
}

/* read_operands: args[first..n): the loads of a run, sweep or loads --rate,
 * or the labels of a report. */
static void read_operands(struct opts *o, int first, int n, char **args)
{
	if (o->baseline != NULL && !o->stats)
		opts_usage_error("--baseline '%s' needs --stats", o->baseline);
	if (o->keep_busy && !o->stats && !o->trend)
		opts_usage_error("--keep-busy needs --stats or --trend%s (without them every run is averaged)", "");
	trend_check(o);
	if (o->mode == MODE_MICRO && first < n)
		opts_usage_error("micro: unexpected argument '%s'", args[first]);
	if (o->mode == MODE_CLEAN && first < n)
		opts_usage_error("clean: unexpected argument '%s' (the testbed is given with -d)", args[first]);
	if (o->mode == MODE_LOADS && !o->rate && n > 1)
		opts_usage_error("loads: '%s' needs --rate", args[1]);
	if (o->interactive && (o->micro || o->nonly || o->why || o->latency || o->normalize || o->keep_busy))
		opts_usage_error("--interactive shows every condition: --micro, --loads, --why, --latency, "
		                 "--normalize and --keep-busy are for the load tables%s", "");
	for (int i = first; i < n; i++) {
		if (o->mode == MODE_INTERACT) {
			interact_operand(o, args[i]);
			continue;
		}
		if (o->mode == MODE_RUN || o->mode == MODE_LOADS || o->mode == MODE_SWEEP || o->mode == MODE_BISECT) {
			add_load(o, args[i]);
			continue;
		}
		label_check(args[i], "", "");
		if (o->nlabels == OPTS_MAX_LABELS)
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

/* finish: the defaults that depend on the whole line, and the checks between options. */
static void finish(struct opts *o)
{
	int runs = o->mode == MODE_RUN || o->mode == MODE_SWEEP || o->mode == MODE_BISECT;

	if ((runs || o->mode == MODE_MICRO || o->mode == MODE_INTERACT) && o->label[0] == '\0') {
		struct utsname u;
		if (uname(&u) != 0)
			err(EXIT_USAGE, "uname");
		set_label(o, u.release, " (from uname -r; give one with -k)");
	}
	if (o->mode == MODE_SWEEP)
		sweep_parse(o);
	if (o->mode == MODE_INTERACT)
		interact_finish(o);
	if (o->mode == MODE_BISECT)
		bisect_finish(o);
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
		if (o->nloads == 0 && o->mode != MODE_BISECT)
			add_load(o, "all");   /* bisect's default: the good label's loads */
	}
	runs_finish(o);
}

void opts_parse(struct opts *o, int argc, char **argv)
{
	int first;
	const char *env = getenv("CONTEST_RESULTS"), *settle = getenv("CONTEST_SETTLE");
	char *args[argc + 1];
	int n = 0;

	memset(o, 0, sizeof *o);
	o->runs = 1;
	o->precision = 2;
	o->max_runs = 20;
	o->testbed = "contest-testbed";
	o->results = env && *env ? path_arg(env, "CONTEST_RESULTS", "") : "contest-results";
	o->scale = "default";
	o->lead = 3;
	o->settle = 10;
	if (settle != NULL && *settle != '\0' && seconds(settle, &o->settle) != 0)
		opts_usage_error("CONTEST_SETTLE: '%s' is not a number of seconds from 0 to 3600", settle);
	o->rate_seconds = 10;
	o->format = "text";
	o->progress = PROGRESS_AUTO;
	o->mode = mode_of(argc, argv, &first);
	bisect_defaults(o);

	/* getopt needs argv[0] then the arguments of the mode, without "-r" */
	args[n++] = argv[0];
	for (int i = first; i < argc; i++)
		if (o->mode != MODE_REPORT || (strcmp(argv[i], "-r") != 0 && strcmp(argv[i], "--report") != 0))
			args[n++] = argv[i];
	args[n] = NULL;
	first = read_options(o, n, args);
	if (first < 0)
		return;
	read_operands(o, first, n, args);
	finish(o);
}
