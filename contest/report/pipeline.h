/* pipeline.h: a report: read the results of a request, summarise, render (for the report command, a run's closing tables and interact's). */
#ifndef CONTEST_REPORT_REPORT_H
#define CONTEST_REPORT_REPORT_H

#include <stddef.h>
#include <stdio.h>
#include "contest/report/req.h"

/* report_print: print the tables of req to out (--trend: the trend). The
 * records of every directory are read; when they hold several hosts, each
 * label's runs of each host are kept apart as HOST:LABEL unless
 * merge_hosts. Returns 0; EXIT_USAGE (reported) when a directory cannot be
 * read or is given twice (nothing printed), nothing holds results, a named
 * label has none, or malformed records were skipped (the tables of the
 * others are still printed), or --ratio-base names a label without ok
 * no_load runs (nothing printed). */
int report_print(const struct report_req *req, FILE *out);

#endif
