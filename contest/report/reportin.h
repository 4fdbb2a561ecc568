/* reportin.h: what a report reads: the records of every -R directory, their hosts, the labels selected in order. */
#ifndef CONTEST_REPORTIN_H
#define CONTEST_REPORTIN_H

#include "contest/cli/opts.h"
#include "contest/report/req.h"
#include "results/model/hosts.h"
#include "results/record/micro_record.h"
#include "results/record/record.h"
#include "results/model/summary.h"

/* What a report read: the records of every results directory, where
 * each directory's end in them, their hosts, and the names selected in
 * order (the trend's order under --trend) with each one's series. */
struct report_in {
	struct rec_set set;
	size_t dir_end[OPTS_MAX_RESULTS];
	struct host_map map;
	const char **names;   /* shown names: map's, or the request's */
	size_t nnames, cap;
	size_t *series;       /* --trend: per name, its host's index */
};


/* report_where: the results directories in a message: the one, or "the
 * -R directories". */
const char *report_where(const struct report_req *req);

/* report_in_read: the records of every results directory of req into in
 * (their hosts apart unless merged), and the names of each label req
 * names. 0; EXIT_USAGE (reported) when malformed records were skipped or a
 * label has none; -1 (reported, in freed) when a directory cannot be read,
 * is given twice or (one of several) holds no results, or there is nothing
 * to report. */
int report_in_read(const struct report_req *req, struct report_in *in);

/* report_in_order: in's names in trend order (req->by_version: as kernel
 * versions) from the labels of sum, each one's host in in->series (one
 * series per host when they are kept apart); labels that are not versions
 * are said in one line. -1 on ENOMEM. */
int report_in_order(const struct report_req *req, struct report_in *in, const struct summary *sum);

/* report_in_env: the last recorded environment of the label shown as name
 * (from its results directory, under its stored label, of its host when
 * hosts are kept apart) into *text (NULL: none), as store_env_last. */
int report_in_env(const struct report_req *req, const struct report_in *in, const char *name,
                  char **text);

/* report_in_shown: label name as shown: itself, or when it is a stored
 * label of several hosts its first host's name; NULL for NULL. */
const char *report_in_shown(const struct report_in *in, const char *name);

/* report_in_baseline: --baseline as shown (report_in_shown); NULL without
 * --baseline. */
const char *report_in_baseline(const struct report_req *req, const struct report_in *in);

/* report_in_micro: the microbenchmark records of every results directory
 * into micro; 0, EXIT_USAGE (reported) when a directory or file cannot be
 * read or is refused, else EXIT_SKIPPED when malformed lines were skipped
 * (each reported). */
int report_in_micro(const struct report_req *req, struct micro_record_set *micro);

/* report_in_free: free what in holds. */
void report_in_free(struct report_in *in);

#endif
