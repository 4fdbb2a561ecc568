/* orphan.c: a failed run without a workload counted with the runs of its label and load (results/model/orphan.h). */
#include "results/model/orphan.h"

#include <string.h>

/* better: 1 when candidate c is a better home for orphan r than best (NULL:
 * none yet): of r's series first, then at or before r's start (the
 * latest), then after it (the first). */
static int better(const struct rec *r, const struct rec *c, const struct rec *best)
{
	int cs, bs, cb, bb;

	if (best == NULL)
		return 1;
	cs = r->series[0] != '\0' && strcmp(c->series, r->series) == 0;
	bs = r->series[0] != '\0' && strcmp(best->series, r->series) == 0;
	if (cs != bs)
		return cs;
	cb = strcmp(c->timestamp, r->timestamp) <= 0;
	bb = strcmp(best->timestamp, r->timestamp) <= 0;
	if (cb != bb)
		return cb;
	return cb ? strcmp(c->timestamp, best->timestamp) > 0 : strcmp(c->timestamp, best->timestamp) < 0;
}

const struct rec *orphan_home(const struct rec_set *set, const struct rec *r)
{
	const struct rec *best = NULL;

	if (!r->failed || r->workload[0] != '\0')
		return r;
	for (size_t i = 0; i < set->n; i++) {
		const struct rec *c = &set->v[i];
		if (c->workload[0] != '\0' && strcmp(c->label, r->label) == 0 && strcmp(c->load, r->load) == 0 &&
		    better(r, c, best))
			best = c;
	}
	return best != NULL ? best : r;
}
