/* options.c: the option table (long name, letter, argument, commands, help, and how its argument is taken and checked) and the getopt arrays and --help lines made from it. */
#include "contest/cli/options.h"
#include "contest/cli/opts.h"
#include "contest/cli/set.h"

#include <stddef.h>
#include <string.h>

/* a row's field, and the bit that says it was given */
#define F(field) .off = offsetof(struct opts, field)
#define G(field, bit) .given_off = offsetof(struct opts, field), .given_bit = (bit)

#define HELP_COLUMN 25   /* where the help text of an option line starts */

const struct opt_row opt_table[OPT_COUNT] = {
	[OPT_KERNEL] = { "kernel", 'k', "LABEL", MODE_RUNS | MODE_MICRO | MODE_INTERACT,
		{ [SECT_RUN] = { .text = "label the results are stored under (default: uname -r)" },
		  [SECT_SERIES] = { .text = "LABEL=SPEC: a kernel of the series and how it boots\n"
		                            "(one -k per kernel; man contest: SERIES)" } },
	  .kind = OPT_K_FN, .set = set_kernel },
	[OPT_RUNS] = { "runs", 'n', "N", MODE_RUNS | MODE_MICRO | MODE_INTERACT,
		{ [SECT_RUN] = { .text = "runs of each load condition; runs accumulate (default 1);\n"
		                         "auto: rounds until each condition's Time is precise" } },
	  .kind = OPT_K_FN, .set = set_runs },
	[OPT_PRECISION] = { "precision", 0, "P%", MODE_RUNS,
		{ [SECT_RUN] = { .text = "with -n auto: the 95% interval of Time to reach,\n"
		                         "within +-P% of its mean (default 2%)" } },
	  F(precision), .kind = OPT_K_PERCENT, G(auto_given, 1),
	  .err = "--precision: '%s' is not a percentage above 0 and below 100 (such as 2%%)" },
	[OPT_MAXRUNS] = { "max-runs", 0, "N", MODE_RUNS,
		{ [SECT_RUN] = { .text = "with -n auto: at most N runs of each condition\n"
		                         "(default 20; at least 3)" } },
	  .kind = OPT_K_FN, .set = set_max_runs, G(auto_given, 2) },
	[OPT_BUDGET] = { "budget", 0, "DURATION", MODE_RUNS,
		{ [SECT_RUN] = { .text = "with -n auto: start no round that would end after\n"
		                         "DURATION (90s, 30m, 2h)" } },
	  F(budget), .kind = OPT_K_DURATION, G(auto_given, 4),
	  .err = "--budget: '%s' is not a duration such as 90s, 30m or 2h" },
	[OPT_OTHER] = { "other", 'o', "DIR", MODE_RUNS | MODE_LOADS | MODE_INTERACT,
		{ [SECT_RUN] = { .text = "another file system, for io_other" } },
	  F(other), .kind = OPT_K_PATH, .err = "-o: empty directory" },
	[OPT_TREE] = { "tree", 't', "DIR", MODE_RUNS | MODE_LOADS | MODE_INTERACT,
		{ [SECT_RUN] = { .text = "compile this configured Linux source tree instead of\n"
		                         "the built-in workload (scripts/get-kernel-tree.sh)" } },
	  F(tree), .kind = OPT_K_PATH, .err = "-t: empty kernel tree directory" },
	[OPT_TARGET] = { "target", 0, "TARGET", MODE_RUNS | MODE_INTERACT,
		{ [SECT_RUN] = { .text = "what make builds in the tree (default vmlinux)" } },
	  .kind = OPT_K_FN, .set = set_target },
	[OPT_JOBS] = { "jobs", 'j', "N", MODE_RUNS | MODE_INTERACT,
		{ [SECT_RUN] = { .text = "parallel jobs of the compile (default 4 x online CPUs)" } },
	  F(jobs), .kind = OPT_K_LONG, .lo = 1, .hi = 4096,
	  .err = "-j: '%s' is not a number of jobs from 1 to 4096" },
	[OPT_TESTBED] = { "testbed", 'd', "DIR", MODE_RUNS | MODE_MICRO | MODE_LOADS | MODE_CLEAN | MODE_INTERACT,
		{ [SECT_RUN] = { .text = "where the workload is built and load files go\n"
		                         "(default ./contest-testbed)" } },
	  F(testbed), .kind = OPT_K_PATH, .err = "-d: empty testbed directory" },
	[OPT_RESULTS] = { "results", 'R', "DIR", MODE_RUNS | MODE_MICRO | MODE_REPORT | MODE_INTERACT,
		{ [SECT_RUN] = { .text = "results directory (default $CONTEST_RESULTS or\n"
		                         "./contest-results)" },
		  [SECT_REPORT] = { .text = "results directory, as for runs; repeatable (results\n"
		                            "copied from several machines)" } },
	  .kind = OPT_K_FN, .set = set_results },
	[OPT_MEM] = { "mem", 0, "SIZE", MODE_RUNS | MODE_LOADS | MODE_INTERACT,
		{ [SECT_RUN] = { .text = "memory size loads are scaled to, e.g. 512M (default: an\n"
		                         "emulated 4G machine, see --whole-machine)" } },
	  F(mem), .kind = OPT_K_SIZE, .lo = 1, G(mem_given, 1),
	  .err = "--mem: '%s' is not a size of at least 1M (e.g. 512M, 2G)" },
	[OPT_WHOLE] = { "whole-machine", 0, NULL, MODE_RUNS | MODE_LOADS | MODE_INTERACT,
		{ [SECT_RUN] = { .text = "loads scaled to MemTotal, no memory group (the classic\n"
		                         "run); default: MEM 4G, in a 4G memory group as root" } },
	  F(whole_machine), .kind = OPT_K_FLAG },
	[OPT_SCALE] = { "scale", 0, "NAME", MODE_RUNS | MODE_LOADS | MODE_INTERACT,
		{ [SECT_RUN] = { .text = "built-in workload: mini, tiny, small, default, large" } },
	  .kind = OPT_K_FN, .set = set_scale },
	[OPT_LEAD] = { "lead", 0, "SECONDS", MODE_RUNS | MODE_INTERACT,
		{ [SECT_RUN] = { .text = "head start of the load before the compile (default 3)" } },
	  F(lead), .kind = OPT_K_SECONDS, .lo = 0, .hi = 3600,
	  .err = "--lead: '%s' is not a number of seconds from 0 to 3600" },
	[OPT_SETTLE] = { "settle", 0, "SECONDS", MODE_RUNS,
		{ [SECT_RUN] = { .text = "before each run wait up to SECONDS for a quiet machine\n"
		                         "(other programs' CPU, io, dirty pages; default\n"
		                         "$CONTEST_SETTLE or 10; 0: off)" } },
	  F(settle), .kind = OPT_K_SECONDS, .lo = 0, .hi = 3600,
	  .err = "--settle: '%s' is not a number of seconds from 0 to 3600" },
	[OPT_NOFLUSH] = { "no-flush", 0, NULL, MODE_RUNS,
		{ [SECT_RUN] = { .text = "do not flush caches before each run" } },
	  F(no_flush), .kind = OPT_K_FLAG },
	[OPT_NOPROBE] = { "no-probe", 0, NULL, MODE_RUNS,
		{ [SECT_RUN] = { .text = "no responsiveness probe (wake-up latency) during runs" } },
	  F(no_probe), .kind = OPT_K_FLAG },
	[OPT_NOCANARY] = { "no-canary", 0, NULL, MODE_RUNS,
		{ [SECT_RUN] = { .text = "no machine-speed canary (a fixed cc -O2 -c, best of 3\n"
		                         "after 2 warm-ups) before and after each run" } },
	  F(no_canary), .kind = OPT_K_FLAG },
	[OPT_SYSCTL] = { "sysctl", 0, "KEY=VALUE", MODE_RUNS | MODE_INTERACT,
		{ [SECT_RUN] = { .text = "set a sysctl (such as vm.swappiness=10) for this\n"
		                         "invocation and restore it afterwards; repeatable; root" } },
	  .kind = OPT_K_FN, .set = set_sysctl },
	[OPT_CONFINE] = { "confine", 0, NULL, MODE_RUNS | MODE_INTERACT,
		{ [SECT_RUN] = { .text = "run the compile and the loads in a memory cgroup limited\n"
		                         "to --mem SIZE, as on a machine booted with mem=SIZE; root" } },
	  F(confine), .kind = OPT_K_FLAG },
	[OPT_SWAP] = { "swap", 0, "SIZE", MODE_RUNS | MODE_INTERACT,
		{ [SECT_RUN] = { .text = "a swap file of SIZE in the testbed, active for this\n"
		                         "invocation, then deactivated and removed; root" } },
	  F(swap), .kind = OPT_K_SIZE, .lo = 1,
	  .err = "--swap: '%s' is not a size of at least 1M (e.g. 512M)" },
	[OPT_LOADS] = { "loads", 0, "L1,L2", MODE_REPORT,
		{ [SECT_REPORT] = { .text = "only these loads" } },
	  .kind = OPT_K_FN, .set = set_only },
	[OPT_PRECISE] = { "precise", 0, NULL, MODE_REPORT,
		{ [SECT_REPORT] = { .text = "one more decimal in every column" } },
	  F(precise), .kind = OPT_K_FLAG },
	[OPT_MICRO] = { "micro", 0, NULL, MODE_REPORT,
		{ [SECT_REPORT] = { .text = "the microbenchmark summary (lmbench layout) instead" } },
	  F(micro), .kind = OPT_K_FLAG },
	[OPT_LMBENCH] = { "lmbench", 0, "FILE[=LABEL]", MODE_REPORT,
		{ [SECT_REPORT] = { .text = "with --micro: lmbench's own summary or results file\n"
		                            "beside contest's labels, as LABEL (default: the file's\n"
		                            "name); repeatable" } },
	  .kind = OPT_K_FN, .set = set_lmbench },
	[OPT_STATS] = { "stats", 0, NULL, MODE_REPORT,
		{ [SECT_REPORT] = { .text = "spread, 95% confidence intervals, medians with their\n"
		                            "95% interval, MAD outliers, and each label's difference\n"
		                            "from the baseline: Welch's t-test, Mann-Whitney U (4\n"
		                            "runs each) and the smallest detectable difference" } },
	  F(stats), .kind = OPT_K_FLAG },
	[OPT_KEEPBUSY] = { "keep-busy", 0, NULL, MODE_REPORT,
		{ [SECT_REPORT] = { .text = "with --stats, --trend or --paired, keep the runs\n"
		                            "of a busy machine and stopped runs too (left out\n"
		                            "by default)" } },
	  F(keep_busy), .kind = OPT_K_FLAG },
	[OPT_NORMALIZE] = { "normalize", 0, NULL, MODE_RUNS | MODE_REPORT,
		{ [SECT_RUN] = { .text = "with -n auto: judge --precision on NTime (Time scaled\n"
		                         "by the canary); the closing report shows NTime" },
		  [SECT_REPORT] = { .text = "add NTime: Time scaled by the machine-speed canary\n"
		                            "(x the median canary / the run's); Time stays" } },
	  F(normalize), .kind = OPT_K_FLAG },
	[OPT_BASELINE] = { "baseline", 0, "LABEL", MODE_REPORT,
		{ [SECT_REPORT] = { .text = "the label compared against (default: the first)" } },
	  F(baseline), .kind = OPT_K_LABEL },
	[OPT_RATIOBASE] = { "ratio-base", 0, "LABEL", MODE_REPORT,
		{ [SECT_REPORT] = { .text = "Ratio over LABEL's no_load Time (default: each\n"
		                            "label's own no_load Time)" } },
	  F(ratio_base), .kind = OPT_K_LABEL },
	[OPT_TREND] = { "trend", 0, NULL, MODE_REPORT,
		{ [SECT_REPORT] = { .text = "per load, the labels as a series: Time and Ratio with\n"
		                            "their 95% intervals, each step tested against the\n"
		                            "label before it (Welch), the largest change named" } },
	  F(trend), .kind = OPT_K_FLAG },
	[OPT_PAIRED] = { "paired", 0, NULL, MODE_REPORT,
		{ [SECT_REPORT] = { .text = "per load, each label against the baseline within the\n"
		                            "rounds of a series (contest series): the paired\n"
		                            "difference, its 95% interval, t and signed-rank tests,\n"
		                            "beside the unpaired figures; the machine's drift; each\n"
		                            "round's pair in csv and json; html adds a forest plot\n"
		                            "and each load's rounds" } },
	  F(paired), .kind = OPT_K_FLAG },
	[OPT_ORDER] = { "order", 0, "ORDER", MODE_REPORT,
		{ [SECT_REPORT] = { .text = "with --trend: recorded (default: as first recorded) or\n"
		                            "version (as kernel versions: 2.5.41 < 2.5.41-mm1 <\n"
		                            "2.5.42-rc1 < 2.5.42)" } },
	  F(order), .kind = OPT_K_WORD, .choices = "recorded version",
	  .err = "--order: '%s' is not recorded or version" },
	[OPT_MERGEHOSTS] = { "merge-hosts", 0, NULL, MODE_REPORT,
		{ [SECT_REPORT] = { .text = "average a label's runs of several hosts together\n"
		                            "(default: kept apart as HOST:LABEL)" } },
	  F(merge_hosts), .kind = OPT_K_FLAG },
	[OPT_WHY] = { "why", 0, NULL, MODE_RUNS | MODE_REPORT,
		{ [SECT_RUN] = { .text = "add these report blocks (see below) to the tables\n"
		                         "printed at the end", .also = "latency" },
		  [SECT_REPORT] = { .text = "per load and label: major faults, swap-ins and -outs,\n"
		                            "pages scanned, memory and io pressure stalls" } },
	  F(why), .kind = OPT_K_FLAG },
	[OPT_LATENCY] = { "latency", 0, NULL, MODE_RUNS | MODE_REPORT,
		{ [SECT_REPORT] = { .text = "per load and label: the probe's wake-up latency\n"
		                            "p50, p99 and max (microseconds)" } },
	  F(latency), .kind = OPT_K_FLAG },
	[OPT_QUIET] = { "quiet", 'q', NULL, MODE_RUNS | MODE_MICRO | MODE_INTERACT,
		{ [SECT_RUN] = { .text = "no progress (same as --progress never)" } },
	  F(progress), .kind = OPT_K_SET, .lo = PROGRESS_NEVER },
	[OPT_PROGRESS] = { "progress", 0, "WHEN", MODE_RUNS,
		{ [SECT_RUN] = { .text = "auto (live line on a terminal, else a line per run),\n"
		                         "always, never" } },
	  F(progress), .kind = OPT_K_CHOICE, .choices = "auto always never",
	  .err = "--progress: '%s' is not auto, always or never" },
	[OPT_DRYRUN] = { "dry-run", 0, NULL, MODE_RUNS,
		{ [SECT_RUN] = { .text = "print the plan (the runs in order, an estimated time,\n"
		                         "the disk each load needs, the free space) and stop;\n"
		                         "changes nothing" } },
	  F(dry_run), .kind = OPT_K_FLAG },
	[OPT_FORMAT] = { "format", 0, "FMT", MODE_REPORT,
		{ [SECT_REPORT] = { .text = "text (default), csv, json, markdown, html" } },
	  .kind = OPT_K_FN, .set = set_format },
	[OPT_OUTPUT] = { "output", 0, "FILE", MODE_REPORT,
		{ [SECT_REPORT] = { .text = "write the report to FILE (default: stdout)" } },
	  F(output), .kind = OPT_K_PATH, .err = "--output: empty file name" },
	/* named in the usage lines of --help, not in a section */
	[OPT_RATE] = { "rate", 0, NULL, MODE_LOADS, { { .text = NULL } },
	  F(rate), .kind = OPT_K_FLAG },
	[OPT_SECONDS] = { "seconds", 0, "S", MODE_LOADS | MODE_INTERACT,
		{ [SECT_INTERACT] = { .text = "each task's window under each condition (default 15;\n"
		                              "with --quick 3)" } },
	  F(rate_seconds), .kind = OPT_K_SECONDS, .lo = 1, .hi = 3600, G(seconds_given, 1),
	  .err = "--seconds: '%s' is not a number of seconds from 1 to 3600" },
	[OPT_QUICK] = { "quick", 0, NULL, MODE_MICRO | MODE_INTERACT,
		{ [SECT_INTERACT] = { .text = "a short pass (3 seconds a window)" } },
	  F(quick), .kind = OPT_K_FLAG },
	[OPT_PLACEMENT] = { "placement", 0, "PLACE", MODE_MICRO, { { .text = NULL } },
	  F(spread), .kind = OPT_K_CHOICE, .choices = "pinned spread",
	  .err = "--placement: '%s' is not pinned or spread" },
	[OPT_MB] = { "mb", 0, "N", MODE_MICRO, { { .text = NULL } },
	  F(mb), .kind = OPT_K_INT, .lo = 8, .hi = 65536,
	  .err = "--mb: '%s' is not a size in MiB from 8 to 65536" },
	[OPT_ONLY] = { "only", 0, "GROUPS", MODE_MICRO, { { .text = NULL } },
	  F(micro_only), .kind = OPT_K_STR },
	/* contest interact (contest/interact/interact.h) */
	[OPT_TASKS] = { "tasks", 0, "LIST", MODE_INTERACT,
		{ [SECT_INTERACT] = { .text = "the tasks, of audio, video, desktop, game (default all)" } },
	  F(tasks_arg), .kind = OPT_K_STR },
	[OPT_RT] = { "rt", 0, NULL, MODE_INTERACT,
		{ [SECT_INTERACT] = { .text = "run the tasks SCHED_FIFO (needs root or CAP_SYS_NICE)" } },
	  F(rt), .kind = OPT_K_FLAG },
	[OPT_NICE] = { "nice", 0, "N", MODE_INTERACT,
		{ [SECT_INTERACT] = { .text = "run the tasks at nice N, -20 to 19 (default 0)" } },
	  F(nice), .kind = OPT_K_INT, .lo = -20, .hi = 19,
	  .err = "--nice: '%s' is not a nice value from -20 to 19" },
	[OPT_RECALIB] = { "recalibrate", 0, NULL, MODE_INTERACT,
		{ [SECT_INTERACT] = { .text = "measure the work per millisecond again (kept in\n"
		                              "RESULTS/interact.calib per host)" } },
	  F(recalibrate), .kind = OPT_K_FLAG },
	[OPT_INTERACTIVE] = { "interactive", 0, NULL, MODE_REPORT,
		{ [SECT_REPORT] = { .text = "the interactivity results (contest interact) instead" } },
	  F(interactive), .kind = OPT_K_FLAG },
	[OPT_HELP] = { "help", 0, NULL, MODE_RUNS | MODE_REPORT | MODE_MICRO | MODE_LOADS | MODE_CLEAN | MODE_INTERACT,
	               { { .text = NULL } },
	  F(mode), .kind = OPT_K_SET, .lo = MODE_HELP },
	[OPT_VERSION] = { "version", 0, NULL, MODE_RUNS, { { .text = NULL } },
	  F(mode), .kind = OPT_K_SET, .lo = MODE_VERSION },
	/* contest bisect */
	[OPT_GOOD] = { "good", 0, "LABEL", MODE_BISECT,
		{ [SECT_BISECT] = { .text = "the label of the good kernel's runs (required)" } },
	  F(good), .kind = OPT_K_LABEL },
	[OPT_BAD] = { "bad", 0, "LABEL", MODE_BISECT,
		{ [SECT_BISECT] = { .text = "the label of the bad kernel's runs: bad is then closer\n"
		                            "to them than to --good's (the boundary is halfway);\n"
		                            "not with --threshold" } },
	  F(bad), .kind = OPT_K_LABEL },
	[OPT_THRESHOLD] = { "threshold", 0, "P%", MODE_BISECT,
		{ [SECT_BISECT] = { .text = "bad: Time's 95% interval all above good's mean + P%;\n"
		                            "good: all below it (default 5%)" } },
	  F(threshold), .kind = OPT_K_PERCENT, G(threshold_given, 1),
	  .err = "--threshold: '%s' is not a percentage above 0 and below 100 (such as 5%%)" },
	[OPT_BOOT] = { "boot", 0, "HOW", MODE_SERIES,
		{ [SECT_SERIES] = { .text = "oneshot (the boot loader's next-boot entry: GRUB or\n"
		                            "systemd-boot), kexec, qemu (each run in a QEMU guest;\n"
		                            "the machine never reboots), or sim (tests); required" } },
	  F(boot), .kind = OPT_K_WORD, .choices = "oneshot kexec qemu sim",
	  .err = "--boot: '%s' is not oneshot, kexec, qemu or sim" },
	[OPT_SIM] = { "sim", 0, "DIR", MODE_SERIES,
		{ [SECT_SERIES] = { .text = "with --boot sim: the simulated firmware's folder" } },
	  F(sim), .kind = OPT_K_PATH, .err = "--sim: empty folder" },
	[OPT_SEED] = { "seed", 0, "N", MODE_SERIES,
		{ [SECT_SERIES] = { .text = "the seed of the rounds' order (default: a new one,\n"
		                            "printed with the plan)" } },
	  F(seed), .kind = OPT_K_LONG, .lo = 0, .hi = 999999999, G(seed_given, 1),
	  .err = "--seed: '%s' is not a number from 0 to 999999999" },
	[OPT_TRIES] = { "tries", 0, "N", MODE_SERIES,
		{ [SECT_SERIES] = { .text = "failed boots of a step (or cut runs of a kernel) before\n"
		                            "the kernel is dropped (default 3)" } },
	  F(tries), .kind = OPT_K_INT, .lo = 1, .hi = 100,
	  .err = "--tries: '%s' is not a number from 1 to 100" },
	[OPT_DEADLINE] = { "deadline", 0, "DURATION", MODE_SERIES,
		{ [SECT_SERIES] = { .text = "a run's longest time, then it is stopped and recorded\n"
		                            "as failed (default 1h)" } },
	  F(deadline), .kind = OPT_K_DURATION, .hi = 31536000,   /* a year: the journal's bound is wider */
	  .err = "--deadline: '%s' is not a duration up to a year, such as 90s, 30m or 2h" },
	[OPT_COUNTDOWN] = { "countdown", 0, "SECONDS", MODE_SERIES,
		{ [SECT_SERIES] = { .text = "seconds counted down before each reboot (default 10)" } },
	  F(countdown), .kind = OPT_K_SECONDS, .lo = 0, .hi = 3600,
	  .err = "--countdown: '%s' is not a number of seconds from 0 to 3600" },
	[OPT_JOURNAL] = { "journal", 0, "DIR", MODE_SERIES,
		{ [SECT_SERIES] = { .text = "the series' journal folder (default\n"
		                            "/var/lib/contest/series)" } },
	  F(journal), .kind = OPT_K_PATH, .err = "--journal: empty folder" },
	[OPT_VCPUS] = { "vcpus", 0, "N", MODE_SERIES,
		{ [SECT_SERIES] = { .text = "with --boot qemu: each guest's CPUs (default: this\n"
		                            "machine's)" } },
	  F(vcpus), .kind = OPT_K_INT, .lo = 1, .hi = 1024,
	  .err = "--vcpus: '%s' is not a number of CPUs from 1 to 1024" },
	[OPT_GUEST_MEM] = { "guest-mem", 0, "SIZE", MODE_SERIES,
		{ [SECT_SERIES] = { .text = "with --boot qemu: each guest's memory (default 2G)" } },
	  F(guest_mem), .kind = OPT_K_SIZE, .lo = 128,
	  .err = "--guest-mem: '%s' is not a size of at least 128M (e.g. 2G)" },
	[OPT_ACCEL] = { "accel", 0, "HOW", MODE_SERIES,
		{ [SECT_SERIES] = { .text = "with --boot qemu: kvm or tcg (emulated; default: kvm\n"
		                            "when a probe guest boots under it, else tcg)" } },
	  F(accel), .kind = OPT_K_WORD, .choices = "kvm tcg",
	  .err = "--accel: '%s' is not kvm or tcg" },
	[OPT_PIN] = { "pin", 0, NULL, MODE_SERIES,
		{ [SECT_SERIES] = { .text = "with --boot qemu: pin each guest's vCPU n to this\n"
		                            "machine's n-th CPU (one vCPU per CPU)" } },
	  F(pin), .kind = OPT_K_FLAG },
	[OPT_LOG] = { "log", 0, NULL, MODE_SERIES,
		{ [SECT_SERIES] = { .text = "series resume: append the output to the journal\n"
		                            "folder's series-resume.log (the init script's unit)" } },
	  F(log), .kind = OPT_K_FLAG },
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
