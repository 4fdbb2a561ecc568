/* orphan.c: a failed run without a workload counted with the runs of its label and load (results/model/orphan.h). */
#include "results/model/orphan.h"

#include <string.h>

/* tier: how near run c is to orphan r (both of one label): 3 of its load
 * and series, 2 of its load, 1 of its series (another load: a series runs
 * every load with the same options), 0 none (no workload, or neither). */
static int tier(const struct rec *r, const struct rec *c)
{
	int load = strcmp(c->load, r->load) == 0;
	int series = r->series[0] != '\0' && strcmp(c->series, r->series) == 0;

	if (c->workload[0] == '\0')
		return 0;
	return load && series ? 3 : load ? 2 : series;
}

/* better: 1 when candidate c is a better home for orphan r than best (NULL:
 * none yet): the nearer tier, then at or before r's start (the latest),
 * then after it (the first). */
static int better(const struct rec *r, const struct rec *c, const struct rec *best)
{
	int ct, bt, cb, bb;

	if (best == NULL)
		return 1;
	if ((ct = tier(r, c)) != (bt = tier(r, best)))
		return ct > bt;
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
		if (strcmp(c->label, r->label) == 0 && tier(r, c) > 0 && better(r, c, best))
			best = c;
	}
	return best != NULL ? best : r;
}
