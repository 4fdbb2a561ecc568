/* options.h: the one option table of the command line, from which each command's getopt_long arguments and the option lines of --help are made. */
#ifndef CONTEST_OPTIONS_H
#define CONTEST_OPTIONS_H

#include <getopt.h>
#include <stdio.h>

/* the sections of --help that list options */
enum opt_section { SECT_RUN, SECT_REPORT, SECT_INTERACT, SECT_BISECT, SECT_SERIES, SECT_COUNT };

/* one id per row of opt_table; the parser's switch is keyed by it */
enum opt_id {
	OPT_KERNEL, OPT_RUNS, OPT_PRECISION, OPT_MAXRUNS, OPT_BUDGET, OPT_OTHER, OPT_TREE, OPT_TARGET,
	OPT_JOBS, OPT_TESTBED, OPT_RESULTS, OPT_MEM, OPT_WHOLE, OPT_SCALE, OPT_LEAD, OPT_SETTLE, OPT_NOFLUSH,
	OPT_NOPROBE, OPT_NOCANARY, OPT_SYSCTL, OPT_CONFINE, OPT_SWAP,
	OPT_LOADS, OPT_PRECISE, OPT_MICRO, OPT_LMBENCH, OPT_STATS, OPT_KEEPBUSY, OPT_NORMALIZE, OPT_BASELINE, OPT_RATIOBASE, OPT_TREND, OPT_PAIRED, OPT_ORDER, OPT_MERGEHOSTS, OPT_WHY, OPT_LATENCY,
	OPT_QUIET, OPT_PROGRESS, OPT_DRYRUN, OPT_FORMAT, OPT_OUTPUT, OPT_RATE, OPT_SECONDS, OPT_QUICK,
	OPT_PLACEMENT, OPT_MB, OPT_ONLY,
	OPT_TASKS, OPT_RT, OPT_NICE, OPT_RECALIB, OPT_INTERACTIVE,
	OPT_HELP, OPT_VERSION,
	OPT_GOOD, OPT_BAD, OPT_THRESHOLD,   /* contest bisect */
	OPT_BOOT, OPT_SIM, OPT_SEED, OPT_TRIES, OPT_DEADLINE, OPT_COUNTDOWN, OPT_JOURNAL,   /* contest series */
	OPT_VCPUS, OPT_GUEST_MEM, OPT_ACCEL, OPT_PIN,                                        /* and --boot qemu */
	OPT_LOG,                                                                             /* series resume */
	OPT_COUNT
};

/* a row's line in one section of --help */
struct opt_help {
	const char *text;   /* its lines, '\n' between them; NULL: no line in this section */
	const char *also;   /* the long name of another row named on the same line, or NULL */
};

/* How a row's argument is taken into struct opts (contest/cli/opts.h), at
 * its field (offsetof). A refused argument is a usage error with the row's
 * err, whose one %s is the argument. */
enum opt_kind {
	OPT_K_FLAG,      /* int field = 1 */
	OPT_K_SET,       /* int field = lo (--help, --version, -q) */
	OPT_K_INT,       /* int field: a decimal integer from lo to hi */
	OPT_K_LONG,      /* long field: a decimal integer from lo to hi */
	OPT_K_SECONDS,   /* double field: seconds from lo to hi */
	OPT_K_PERCENT,   /* double field: a percentage above 0 and below 100 (lib/parse.h) */
	OPT_K_DURATION,  /* double field: 90s, 30m, 2h (lib/parse.h) */
	OPT_K_SIZE,      /* uint64_t field: 512M, 2G; at least lo MiB */
	OPT_K_PATH,      /* const char * field: not empty (err), no control character */
	OPT_K_LABEL,     /* const char * field: a valid label */
	OPT_K_CHOICE,    /* int field: the index of the argument among the words of choices */
	OPT_K_WORD,      /* const char * field: one of the words of choices */
	OPT_K_STR,       /* const char * field, as given (its command checks it) */
	OPT_K_FN,        /* set(o, arg) takes it */
};

struct opts;

/* one option */
struct opt_row {
	const char *name;   /* long name, without "--" */
	char letter;        /* short name, or 0: none */
	const char *arg;    /* metavar of its required argument, or NULL: it takes none */
	unsigned cmds;      /* MODE_* bits (contest/cli/opts.h): the commands that take it */
	struct opt_help help[SECT_COUNT];
	enum opt_kind kind;
	size_t off;         /* its field in struct opts */
	long lo, hi;        /* the bounds of INT, LONG, SECONDS; SIZE's least MiB; SET's value; DURATION's most
	                     * seconds (0: none) */
	const char *choices;/* CHOICE, WORD: its words, space-separated */
	const char *err;    /* the usage error of a refused argument ("-j: '%s' is not ...") */
	size_t given_off;   /* given_bit set in the int at this offset when it is given */
	int given_bit;      /* 0: none */
	void (*set)(struct opts *o, const char *arg);   /* FN */
};

/* the rows, indexed by enum opt_id; within a section, --help lists them in this order */
extern const struct opt_row opt_table[OPT_COUNT];

/* the getopt_long arguments of one command */
struct opt_getopt {
	struct option longopts[OPT_COUNT + 1];
	char shortopts[2 * OPT_COUNT + 2];   /* ":" first: a missing argument is ':' */
};

/* opt_getopt_make: g for the rows whose cmds hold cmd; a long option
 * answers its letter, or 256 + its id when it has none. */
void opt_getopt_make(unsigned cmd, struct opt_getopt *g);

/* opt_id_of: the row of getopt_long's answer c (made by opt_getopt_make), or -1. */
int opt_id_of(int c);

/* opt_help_print: the option lines of section s to f, in table order. */
void opt_help_print(FILE *f, enum opt_section s);

#endif
