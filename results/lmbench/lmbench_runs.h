/* lmbench_runs.h: the runs being read from an lmbench file (lmbench_summary.c's summary, lmbench_results.c's results file), and their lines for a micro_record_set. */
#ifndef CONTEST_LMRUN_H
#define CONTEST_LMRUN_H

#include <stddef.h>
#include "results/record/micro_metric.h"
#include "results/record/micro_record.h"

/* struct micro_record.mode and .placement of the runs read from lmbench's files. */
#define LM_MODE      MREC_MODE_LMBENCH
#define LM_PLACEMENT "as lmbench ran"

/* One run: one summary row per section (the k-th row of its Host and OS in
 * its summary), or one results file. */
struct lm_run {
	int block;             /* which summary of the text */
	int k;                 /* its rows' rank among its Host and OS's in that summary */
	char host[72], os[72];
	double v[MID_COUNT];   /* NaN: not (yet) read */
	const char *why[MID_COUNT];  /* why a blank cell is blank */
	unsigned secs;         /* MS_BIT of each section the text has for it */
};

struct lm_runs {
	struct lm_run *v;
	size_t n, cap;
	char version[24];      /* "lmbench 2.0", from the banner; "lmbench" when not said */
};

/* lm_run_get: the run of (block, host, os, k), added when new; NULL out of memory. */
struct lm_run *lm_run_get(struct lm_runs *rs, int block, const char *host, const char *os, int k);

/* lm_put: metric id of run r is v (> 0 and finite), or blank for why (NULL:
 * "blank in this lmbench summary"); the first figure read wins over a
 * blank and over a later one (2p/0K is in two sections). */
void lm_put(struct lm_run *r, int id, double v, const char *why);

/* lm_runs_emit: the runs as lines of out (see lmbench_summary_parse for labels and
 * run numbers); 0, or -1 with what is wrong in msg. */
int lm_runs_emit(const struct lm_runs *rs, const char *label, struct micro_record_set *out, char *msg,
                 size_t len);

void lm_runs_free(struct lm_runs *rs);

/* lm_results: lmbench 3's results file text (NUL-terminated) into rs;
 * 1 when text is one, 0 when it is not (rs untouched), -1 out of memory. */
int lm_results(const char *text, struct lm_runs *rs);

#endif
