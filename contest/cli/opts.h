/* opts.h: the parsed command line: what to run or report, and where. */
#ifndef CONTEST_OPTS_H
#define CONTEST_OPTS_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include "loads/load.h"

#define OPTS_MAX_LOADS  64
#define OPTS_MAX_LABELS 256
#define OPTS_MAX_SYSCTL 16
#define OPTS_MAX_SWEEP  16
#define OPTS_MAX_RESULTS 16
#define OPTS_MAX_LMBENCH 16

/* The commands, each one bit: o->mode is one of them, and an option's row
 * (contest/cli/options.h) holds the bits of the commands that take it. A
 * command is its bit here and its row of the command table (struct
 * opts_cmd, below; the table is contest/cmd/cmds.c's). */
enum opts_mode { MODE_RUN = 1, MODE_SWEEP = 2, MODE_REPORT = 4, MODE_MICRO = 8, MODE_LOADS = 16, MODE_CLEAN = 32,
                 MODE_INTERACT = 64, MODE_BISECT = 128, MODE_SERIES = 256,
                 MODE_HELP = 1 << 14, MODE_VERSION = 1 << 15 };   /* --help, --version: no command's */
/* the commands that take the run options (a series passes them to each of its runs) */
#define MODE_RUNS (MODE_RUN | MODE_SWEEP | MODE_BISECT | MODE_SERIES)
enum progress_mode { PROGRESS_AUTO, PROGRESS_ALWAYS, PROGRESS_NEVER };

struct opts {
	enum opts_mode mode;
	/* where */
	const char *results;      /* -R, CONTEST_RESULTS, ./contest-results */
	const char *results_v[OPTS_MAX_RESULTS];   /* every -R given (report: several) */
	size_t nresults;
	/* run */
	char label[72];           /* -k, else uname -r */
	long runs;                /* -n; with -n auto the most rounds (--max-runs) */
	int runs_given;           /* -n was on the command line */
	int runs_auto;            /* -n auto: rounds until each condition is precise */
	double precision;         /* --precision: the 95% interval's half-width to reach, % of the mean */
	long max_runs;            /* --max-runs: the most runs of a condition under -n auto */
	double budget;            /* --budget: seconds, 0: none */
	int auto_given;           /* --precision, --max-runs or --budget was given (bits 1, 2, 4) */
	const char *other;        /* -o */
	long jobs;                /* -j, 0 until defaulted to 4 x CPUs */
	const char *testbed;      /* -d */
	uint64_t mem;             /* --mem, 0 until defaulted (contest/engine/machine.h) */
	int mem_given;            /* --mem was on the command line */
	int whole_machine;        /* --whole-machine: MEM is MemTotal, no memory group */
	int machine_auto;         /* the memory group is the default emulated machine's */
	const char *scale;        /* --scale */
	int scale_given;          /* --scale was on the command line */
	const char *tree;         /* -t, or NULL for the built-in workload */
	const char *target;       /* --target; "vmlinux" with -t, else NULL */
	double lead;              /* --lead */
	double settle;            /* --settle: the most seconds to wait for a quiet machine, 0: none */
	int no_flush;             /* --no-flush */
	int no_probe;             /* --no-probe */
	int no_canary;            /* --no-canary: no machine-speed canary before and after each run */
	int dry_run;              /* --dry-run: print the plan, run nothing */
	int confine;              /* --confine (needs --mem) */
	uint64_t swap;            /* --swap SIZE, 0: none */
	const char *sysctl[OPTS_MAX_SYSCTL];  /* --sysctl KEY=VALUE, syntax checked */
	size_t nsysctl;
	/* sweep: the one key swept, its values in order, and each one's label
	 * "BASE+KEY=VALUE" (BASE: -k, default uname -r) */
	char sweep_key[128];
	char sweep_val[OPTS_MAX_SWEEP][128];
	char sweep_label[OPTS_MAX_SWEEP][72];
	size_t nsweep;
	/* a run that a kernel series started (CONTEST_SERIES=ID,ROUND,BOOT[,GUEST],
	 * set by contest series for its runs): recorded with each run; "" and 0
	 * otherwise */
	char series_id[48];
	int series_round;
	char series_boot[16];
	char series_guest[32];    /* boot qemu: the guest, "tcg 2 vcpus 2G" */
	enum progress_mode progress;
	const struct load_desc *loads[OPTS_MAX_LOADS];
	size_t nloads;
	/* report */
	const char *labels[OPTS_MAX_LABELS];
	size_t nlabels;
	const char *only[OPTS_MAX_LOADS];  /* --loads, canonical names */
	size_t nonly;
	int precise;
	int micro;                /* report --micro */
	const char *lmbench[OPTS_MAX_LMBENCH];  /* report --micro --lmbench FILE[=LABEL], in order */
	size_t nlmbench;
	int stats;                /* report --stats */
	int keep_busy;            /* report --keep-busy */
	int normalize;            /* report --normalize: NTime, Time scaled by the canary */
	int why;                  /* report --why */
	int latency;              /* report --latency */
	const char *baseline;     /* --baseline LABEL, or NULL: the first label */
	const char *ratio_base;   /* --ratio-base LABEL, or NULL: each label's own no_load */
	const char *format;       /* --format: text csv json markdown html */
	const char *output;       /* --output FILE, or NULL: stdout */
	int trend;                /* report --trend */
	int paired;               /* report --paired: a series' rounds as blocks */
	const char *order;        /* --order recorded|version, or NULL (recorded) */
	int merge_hosts;          /* report --merge-hosts */
	/* bisect */
	const char *good;         /* --good LABEL: the runs to be like */
	const char *bad;          /* --bad LABEL, or NULL: the boundary is then --threshold */
	double threshold;         /* --threshold: worse by more than this % of good's Time is bad */
	int threshold_given;
	/* series (contest/series/series.h) */
	const char *action;       /* start, status, stop, resume */
	const char *kernels[16];  /* -k LABEL=SPEC, in order */
	size_t nkernels;
	const char *boot;         /* --boot */
	const char *sim;          /* --sim */
	long seed;                /* --seed */
	int seed_given;
	int tries;                /* --tries */
	double deadline;          /* --deadline, seconds */
	double countdown;         /* --countdown, seconds */
	const char *journal;      /* --journal */
	int vcpus;                /* --vcpus (0: this machine's CPUs) */
	uint64_t guest_mem;       /* --guest-mem, bytes (0: 2G) */
	const char *accel;        /* --accel (NULL: kvm when a probe guest boots, else tcg) */
	int pin;                  /* --pin: each vCPU thread pinned to a CPU of its own */
	int log;                  /* --log: series resume appends its output to the journal folder's log */
	const char *pass[64];     /* the run options given, one word each ("--name=arg"), for the runs */
	size_t npass;
	char passbuf[8192];       /* their text */
	size_t passlen;
	/* micro */
	int quick;                /* --quick */
	int spread;               /* --placement spread (0: pinned, the default) */
	int mb;                   /* --mb N: the run's largest size in MiB (0: from the caches) */
	const char *micro_only;   /* --only GROUPS, as given (micro_check reads it into micro_groups) */
	unsigned micro_groups;    /* the groups to run, bit k for micro_group_names[k]; 0: all */
	/* loads */
	int rate;                 /* --rate */
	double rate_seconds;      /* --seconds */
	/* interact (contest/interact/interact.h) */
	int seconds_given;        /* --seconds was on the command line */
	const char *tasks_arg;    /* --tasks, as given (contest interact reads it into tasks) */
	int tasks[8];             /* --tasks: enum itask_kind, in order, once each */
	size_t ntasks;
	int rt;                   /* --rt: SCHED_FIFO */
	int nice;                 /* --nice */
	int recalibrate;          /* --recalibrate */
	int interactive;          /* report --interactive */
	const char *names[OPTS_MAX_LOADS];   /* interact: its operands as given (it names its own conditions) */
	size_t nnames;
};

/* One row of the command table, which the command room hands to
 * opts_parse (cmd_table, contest/cmd/cmds.h): all a command is besides its
 * options' rows and its files. The parser reads word, mode and the
 * defaults; check and main are the command room's (cmd_check, cmd_main). */
struct opts_cmd {
	const char *word;   /* its first word; NULL: none (contest [run options]: a run) */
	enum opts_mode mode;   /* also its bit in the option table */
	int runs_auto;      /* -n auto until -n says otherwise */
	long max_runs;      /* --max-runs' default; 0: a run's */
	void (*check)(struct opts *o);   /* its own checks and defaults after opts_parse; NULL: none */
	int (*main)(struct opts *o);     /* the command: its exit status */
};

/* opts_parse: fill o from argv, the command named by its row of cmds (a
 * row of NULL main ends them; the row of no word is the command without
 * one; -r or --report anywhere before "--" is the report row's): each
 * option as its row of the option table says, the operands, the defaults
 * and the checks every command shares. Usage errors are reported on one
 * line and exit with status 2. A command's own checks and defaults follow
 * (its row's check: cmd_check, contest/cmd/cmds.h). */
void opts_parse(struct opts *o, const struct opts_cmd *cmds, int argc, char **argv);

/* opts_usage_error: "FMT (see contest --help)" with arg (escaped by text_quote) for its one %s,
 * on one line, then exit 2. */
_Noreturn void opts_usage_error(const char *fmt, const char *arg);
/* opts_add_desc: load d to o's loads, once; too many is a usage error
 * naming name. */
void opts_add_desc(struct opts *o, const struct load_desc *d, const char *name);

/* opts_usage: the --help text, to f. */
void opts_usage(FILE *f);

#endif
