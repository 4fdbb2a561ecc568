/* trec.h: the one way the report tests start a record: label, load, workload and run set, the rest as rec_init leaves it. */
#ifndef CONTEST_TREC_H
#define CONTEST_TREC_H

#include "lib/text.h"
#include "results/record/record.h"

/* trec_init: r as rec_init makes it, with label, load, workload and run. */
static inline void trec_init(struct rec *r, const char *label, const char *load,
                             const char *workload, int run)
{
	rec_init(r);
	text_copy(r->label, label, sizeof r->label);
	text_copy(r->load, load, sizeof r->load);
	text_copy(r->workload, workload, sizeof r->workload);
	r->run = run;
}

#endif
