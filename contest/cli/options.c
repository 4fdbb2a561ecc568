/* options.c: the option table (long name, letter, argument, commands, help) and the getopt arrays and --help lines made from it. */
#include "contest/cli/options.h"

#include <string.h>

#define HELP_COLUMN 25   /* where the help text of an option line starts */

const struct opt_row opt_table[OPT_COUNT] = {
	[OPT_KERNEL] = { "kernel", 'k', "LABEL", CMD_RUNS | CMD_MICRO | CMD_INTERACT,
		{ [SECT_RUN] = { .text = "label the results are stored under (default: uname -r)" } } },
	[OPT_RUNS] = { "runs", 'n', "N", CMD_RUNS | CMD_MICRO | CMD_INTERACT,
		{ [SECT_RUN] = { .text = "runs of each load condition; runs accumulate (default 1);\n"
		                         "auto: rounds until each condition's Time is precise" } } },
	[OPT_PRECISION] = { "precision", 0, "P%", CMD_RUNS,
		{ [SECT_RUN] = { .text = "with -n auto: the 95% interval of Time to reach,\n"
		                         "within +-P% of its mean (default 2%)" } } },
	[OPT_MAXRUNS] = { "max-runs", 0, "N", CMD_RUNS,
		{ [SECT_RUN] = { .text = "with -n auto: at most N runs of each condition\n"
		                         "(default 20; at least 3)" } } },
	[OPT_BUDGET] = { "budget", 0, "DURATION", CMD_RUNS,
		{ [SECT_RUN] = { .text = "with -n auto: start no round that would end after\n"
		                         "DURATION (90s, 30m, 2h)" } } },
	[OPT_OTHER] = { "other", 'o', "DIR", CMD_RUNS | CMD_LOADS | CMD_INTERACT,
		{ [SECT_RUN] = { .text = "another file system, for io_other" } } },
	[OPT_TREE] = { "tree", 't', "DIR", CMD_RUNS | CMD_LOADS | CMD_INTERACT,
		{ [SECT_RUN] = { .text = "compile this configured Linux source tree instead of\n"
		                         "the built-in workload (scripts/get-kernel-tree.sh)" } } },
	[OPT_TARGET] = { "target", 0, "TARGET", CMD_RUNS | CMD_INTERACT,
		{ [SECT_RUN] = { .text = "what make builds in the tree (default vmlinux)" } } },
	[OPT_JOBS] = { "jobs", 'j', "N", CMD_RUNS | CMD_INTERACT,
		{ [SECT_RUN] = { .text = "parallel jobs of the compile (default 4 x online CPUs)" } } },
	[OPT_TESTBED] = { "testbed", 'd', "DIR", CMD_RUNS | CMD_MICRO | CMD_LOADS | CMD_CLEAN | CMD_INTERACT,
		{ [SECT_RUN] = { .text = "where the workload is built and load files go\n"
		                         "(default ./contest-testbed)" } } },
	[OPT_RESULTS] = { "results", 'R', "DIR", CMD_RUNS | CMD_MICRO | CMD_REPORT | CMD_INTERACT,
		{ [SECT_RUN] = { .text = "results directory (default $CONTEST_RESULTS or\n"
		                         "./contest-results)" },
		  [SECT_REPORT] = { .text = "results directory, as for runs; repeatable (results\n"
		                            "copied from several machines)" } } },
	[OPT_MEM] = { "mem", 0, "SIZE", CMD_RUNS | CMD_LOADS | CMD_INTERACT,
		{ [SECT_RUN] = { .text = "memory size loads are scaled to, e.g. 512M (default: an\n"
		                         "emulated 4G machine, see --whole-machine)" } } },
	[OPT_WHOLE] = { "whole-machine", 0, NULL, CMD_RUNS | CMD_LOADS | CMD_INTERACT,
		{ [SECT_RUN] = { .text = "loads scaled to MemTotal, no memory group (the classic\n"
		                         "run); default: MEM 4G, in a 4G memory group as root" } } },
	[OPT_SCALE] = { "scale", 0, "NAME", CMD_RUNS | CMD_LOADS | CMD_INTERACT,
		{ [SECT_RUN] = { .text = "built-in workload: tiny, small, default, large" } } },
	[OPT_LEAD] = { "lead", 0, "SECONDS", CMD_RUNS | CMD_INTERACT,
		{ [SECT_RUN] = { .text = "head start of the load before the compile (default 3)" } } },
	[OPT_SETTLE] = { "settle", 0, "SECONDS", CMD_RUNS,
		{ [SECT_RUN] = { .text = "before each run wait up to SECONDS for a quiet machine\n"
		                         "(other programs' CPU, io, dirty pages; default\n"
		                         "$CONTEST_SETTLE or 10; 0: off)" } } },
	[OPT_NOFLUSH] = { "no-flush", 0, NULL, CMD_RUNS,
		{ [SECT_RUN] = { .text = "do not flush caches before each run" } } },
	[OPT_NOPROBE] = { "no-probe", 0, NULL, CMD_RUNS,
		{ [SECT_RUN] = { .text = "no responsiveness probe (wake-up latency) during runs" } } },
	[OPT_NOCANARY] = { "no-canary", 0, NULL, CMD_RUNS,
		{ [SECT_RUN] = { .text = "no machine-speed canary (a fixed cc -O2 -c, best of 3\n"
		                         "after 2 warm-ups) before and after each run" } } },
	[OPT_SYSCTL] = { "sysctl", 0, "KEY=VALUE", CMD_RUNS | CMD_INTERACT,
		{ [SECT_RUN] = { .text = "set a sysctl (such as vm.swappiness=10) for this\n"
		                         "invocation and restore it afterwards; repeatable; root" } } },
	[OPT_CONFINE] = { "confine", 0, NULL, CMD_RUNS | CMD_INTERACT,
		{ [SECT_RUN] = { .text = "run the compile and the loads in a memory cgroup limited\n"
		                         "to --mem SIZE, as on a machine booted with mem=SIZE; root" } } },
	[OPT_SWAP] = { "swap", 0, "SIZE", CMD_RUNS | CMD_INTERACT,
		{ [SECT_RUN] = { .text = "a swap file of SIZE in the testbed, active for this\n"
		                         "invocation, then deactivated and removed; root" } } },
	[OPT_LOADS] = { "loads", 0, "L1,L2", CMD_REPORT,
		{ [SECT_REPORT] = { .text = "only these loads" } } },
	[OPT_PRECISE] = { "precise", 0, NULL, CMD_REPORT,
		{ [SECT_REPORT] = { .text = "one more decimal in every column" } } },
	[OPT_MICRO] = { "micro", 0, NULL, CMD_REPORT,
		{ [SECT_REPORT] = { .text = "the microbenchmark summary (lmbench layout) instead" } } },
	[OPT_LMBENCH] = { "lmbench", 0, "FILE[=LABEL]", CMD_REPORT,
		{ [SECT_REPORT] = { .text = "with --micro: lmbench's own summary or results file\n"
		                            "beside contest's labels, as LABEL (default: the file's\n"
		                            "name); repeatable" } } },
	[OPT_STATS] = { "stats", 0, NULL, CMD_REPORT,
		{ [SECT_REPORT] = { .text = "spread, 95% confidence intervals, medians with their\n"
		                            "95% interval, MAD outliers, and each label's difference\n"
		                            "from the baseline: Welch's t-test, Mann-Whitney U (4\n"
		                            "runs each) and the smallest detectable difference" } } },
	[OPT_KEEPBUSY] = { "keep-busy", 0, NULL, CMD_REPORT,
		{ [SECT_REPORT] = { .text = "with --stats or --trend, average and test the runs\n"
		                            "of a busy machine too (left out by default)" } } },
	[OPT_NORMALIZE] = { "normalize", 0, NULL, CMD_REPORT,
		{ [SECT_REPORT] = { .text = "add NTime: Time scaled by the machine-speed canary\n"
		                            "(x the median canary / the run's); Time stays" } } },
	[OPT_BASELINE] = { "baseline", 0, "LABEL", CMD_REPORT,
		{ [SECT_REPORT] = { .text = "the label compared against (default: the first)" } } },
	[OPT_TREND] = { "trend", 0, NULL, CMD_REPORT,
		{ [SECT_REPORT] = { .text = "per load, the labels as a series: Time and Ratio with\n"
		                            "their 95% intervals, each step tested against the\n"
		                            "label before it (Welch), the largest change named" } } },
	[OPT_ORDER] = { "order", 0, "ORDER", CMD_REPORT,
		{ [SECT_REPORT] = { .text = "with --trend: recorded (default: as first recorded) or\n"
		                            "version (as kernel versions: 2.5.41 < 2.5.41-mm1 <\n"
		                            "2.5.42-rc1 < 2.5.42)" } } },
	[OPT_MERGEHOSTS] = { "merge-hosts", 0, NULL, CMD_REPORT,
		{ [SECT_REPORT] = { .text = "average a label's runs of several hosts together\n"
		                            "(default: kept apart as HOST:LABEL)" } } },
	[OPT_WHY] = { "why", 0, NULL, CMD_RUNS | CMD_REPORT,
		{ [SECT_RUN] = { .text = "add these report blocks (see below) to the tables\n"
		                         "printed at the end", .also = "latency" },
		  [SECT_REPORT] = { .text = "per load and label: major faults, swap-ins and -outs,\n"
		                            "pages scanned, memory and io pressure stalls" } } },
	[OPT_LATENCY] = { "latency", 0, NULL, CMD_RUNS | CMD_REPORT,
		{ [SECT_REPORT] = { .text = "per load and label: the probe's wake-up latency\n"
		                            "p50, p99 and max (microseconds)" } } },
	[OPT_QUIET] = { "quiet", 'q', NULL, CMD_RUNS | CMD_MICRO | CMD_INTERACT,
		{ [SECT_RUN] = { .text = "no progress (same as --progress never)" } } },
	[OPT_PROGRESS] = { "progress", 0, "WHEN", CMD_RUNS,
		{ [SECT_RUN] = { .text = "auto (live line on a terminal, else a line per run),\n"
		                         "always, never" } } },
	[OPT_DRYRUN] = { "dry-run", 0, NULL, CMD_RUNS,
		{ [SECT_RUN] = { .text = "print the plan (the runs in order, an estimated time,\n"
		                         "the disk each load needs, the free space) and stop;\n"
		                         "changes nothing" } } },
	[OPT_FORMAT] = { "format", 0, "FMT", CMD_REPORT,
		{ [SECT_REPORT] = { .text = "text (default), csv, json, markdown, html" } } },
	[OPT_OUTPUT] = { "output", 0, "FILE", CMD_REPORT,
		{ [SECT_REPORT] = { .text = "write the report to FILE (default: stdout)" } } },
	/* named in the usage lines of --help, not in a section */
	[OPT_RATE] = { "rate", 0, NULL, CMD_LOADS, { { .text = NULL } } },
	[OPT_SECONDS] = { "seconds", 0, "S", CMD_LOADS | CMD_INTERACT,
		{ [SECT_INTERACT] = { .text = "each task's window under each condition (default 15;\n"
		                              "with --quick 3)" } } },
	[OPT_QUICK] = { "quick", 0, NULL, CMD_MICRO | CMD_INTERACT,
		{ [SECT_INTERACT] = { .text = "a short pass (3 seconds a window)" } } },
	[OPT_PLACEMENT] = { "placement", 0, "PLACE", CMD_MICRO, { { .text = NULL } } },
	/* contest interact (contest/interact/interact.h) */
	[OPT_TASKS] = { "tasks", 0, "LIST", CMD_INTERACT,
		{ [SECT_INTERACT] = { .text = "the tasks, of audio, video, desktop, game (default all)" } } },
	[OPT_RT] = { "rt", 0, NULL, CMD_INTERACT,
		{ [SECT_INTERACT] = { .text = "run the tasks SCHED_FIFO (needs root or CAP_SYS_NICE)" } } },
	[OPT_NICE] = { "nice", 0, "N", CMD_INTERACT,
		{ [SECT_INTERACT] = { .text = "run the tasks at nice N, -20 to 19 (default 0)" } } },
	[OPT_RECALIB] = { "recalibrate", 0, NULL, CMD_INTERACT,
		{ [SECT_INTERACT] = { .text = "measure the work per millisecond again (kept in\n"
		                              "RESULTS/interact.calib per host)" } } },
	[OPT_INTERACTIVE] = { "interactive", 0, NULL, CMD_REPORT,
		{ [SECT_REPORT] = { .text = "the interactivity results (contest interact) instead" } } },
	[OPT_HELP] = { "help", 0, NULL, CMD_RUNS | CMD_REPORT | CMD_MICRO | CMD_LOADS | CMD_CLEAN | CMD_INTERACT,
	               { { .text = NULL } } },
	[OPT_VERSION] = { "version", 0, NULL, CMD_RUNS, { { .text = NULL } } },
	/* contest bisect */
	[OPT_GOOD] = { "good", 0, "LABEL", CMD_BISECT,
		{ [SECT_BISECT] = { .text = "the label of the good kernel's runs (required)" } } },
	[OPT_BAD] = { "bad", 0, "LABEL", CMD_BISECT,
		{ [SECT_BISECT] = { .text = "the label of the bad kernel's runs: bad is then closer\n"
		                            "to them than to --good's (the boundary is halfway);\n"
		                            "not with --threshold" } } },
	[OPT_THRESHOLD] = { "threshold", 0, "P%", CMD_BISECT,
		{ [SECT_BISECT] = { .text = "bad: Time's 95% interval all above good's mean + P%;\n"
		                            "good: all below it (default 5%)" } } },
};

void opt_getopt_make(unsigned cmd, struct opt_getopt *g)
{
	size_t nl = 0, ns = 0;

	memset(g, 0, sizeof *g);
	g->shortopts[ns++] = ':';
	for (int id = 0; id < OPT_COUNT; id++) {
		const struct opt_row *r = &opt_table[id];
		if (!(r->cmds & cmd))
			continue;
		g->longopts[nl++] = (struct option){ r->name, r->arg ? required_argument : no_argument,
		                                     NULL, r->letter ? r->letter : 256 + id };
		if (r->letter) {
			g->shortopts[ns++] = r->letter;
			if (r->arg)
				g->shortopts[ns++] = ':';
		}
	}
}

int opt_id_of(int c)
{
	if (c >= 256 && c < 256 + OPT_COUNT)
		return c - 256;
	for (int id = 0; c > 0 && id < OPT_COUNT; id++)
		if (opt_table[id].letter == c)
			return id;
	return -1;
}

/* help_line: one row's line (label, then text wrapped at its '\n's) to f. */
static void help_line(FILE *f, const struct opt_row *r, const struct opt_help *h)
{
	int n;

	if (r->letter)
		n = fprintf(f, "  -%c, --%s", r->letter, r->name);
	else
		n = fprintf(f, "      --%s", r->name);
	if (h->also != NULL)
		n += fprintf(f, ", --%s", h->also);
	if (r->arg != NULL)
		n += fprintf(f, " %s", r->arg);
	fprintf(f, "%*s", n < HELP_COLUMN - 1 ? HELP_COLUMN - n : 1, "");
	for (const char *t = h->text, *nl; t != NULL; t = nl ? nl + 1 : NULL) {
		nl = strchr(t, '\n');
		if (t != h->text)
			fprintf(f, "%*s", HELP_COLUMN, "");
		fprintf(f, "%.*s\n", nl ? (int)(nl - t) : (int)strlen(t), t);
	}
}

void opt_help_print(FILE *f, enum opt_section s)
{
	for (int id = 0; id < OPT_COUNT; id++)
		if (opt_table[id].help[s].text != NULL)
			help_line(f, &opt_table[id], &opt_table[id].help[s]);
}
