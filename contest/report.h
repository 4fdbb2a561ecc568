/* report.h: the report command: read the results directory, summarise, render. */
#ifndef CONTEST_REPORT_H
#define CONTEST_REPORT_H

#include <stddef.h>
#include <stdio.h>
#include "contest/opts.h"

struct report_req {
	const char *results;        /* the first results directory (messages) */
	const char *const *dirs;    /* every results directory (ndirs >= 1; NULL: results alone) */
	size_t ndirs;
	const char *const *labels;  /* nlabels == 0: every label */
	size_t nlabels;
	const char *const *only;    /* nonly == 0: every load */
	size_t nonly;
	int precise;
	int stats;                  /* --stats */
	int keep_busy;              /* --keep-busy: --stats averages busy runs too */
	const char *baseline;       /* --baseline, or NULL: the first label */
	const char *ratio_base;     /* --ratio-base, or NULL: each label's own no_load */
	const char *format;         /* a render_formats name (results/render.h); unknown: text */
	int micro;                  /* --micro (with --output) */
	int why, latency;           /* --why, --latency */
	int normalize;              /* --normalize: NTime beside Time */
	int interactive;            /* --interactive (contest/interact.h) */
	int trend;                  /* --trend */
	int by_version;             /* --order version */
	int merge_hosts;            /* --merge-hosts: a label's hosts averaged together */
};

/* report_print: print the tables of req to out (--trend: the trend). The
 * records of every directory are read; when they hold several hosts, each
 * label's runs of each host are kept apart as HOST:LABEL unless
 * merge_hosts. Returns 0; EXIT_USAGE (reported) when a directory cannot be
 * read or is given twice (nothing printed), nothing holds results, a named
 * label has none, or malformed records were skipped (the tables of the
 * others are still printed), or --ratio-base names a label without ok
 * no_load runs (nothing printed). */
int report_print(const struct report_req *req, FILE *out);

/* report_main: contest report / contest -r. Returns the exit status. */
int report_main(const struct opts *o);

#endif
