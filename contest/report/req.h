/* req.h: what a report is asked for: the results directories, labels, loads and the form of the tables. */
#ifndef CONTEST_REPORT_REQ_H
#define CONTEST_REPORT_REQ_H

#include <stddef.h>

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
	const char *format;         /* a render_formats name (results/render/render.h); unknown: text */
	int micro;                  /* --micro (with --output) */
	const char *const *lmbench; /* --micro --lmbench FILE[=LABEL] (nlmbench of them) */
	size_t nlmbench;
	int why, latency;           /* --why, --latency */
	int normalize;              /* --normalize: NTime beside Time */
	int interactive;            /* --interactive (contest/interact/interact.h) */
	int trend;                  /* --trend */
	int paired;                 /* --paired: a series' rounds, paired (text) */
	int by_version;             /* --order version */
	int merge_hosts;            /* --merge-hosts: a label's hosts averaged together */
};

#endif
