/* autorun.c: -n auto's part in the run loop: which planned run comes next (from precise.c's verdicts), the interval on the progress line, the closing lines. */
#include "contest/engine/autorun.h"
#include "lib/err.h"
#include "lib/text.h"

#include <stdio.h>

int autorun_note(struct runner *r, struct plan_run pr, const struct rec *rec)
{
	char note[128];

	if (!r->o->runs_auto)
		return 0;
	if (rec != NULL && precise_add(&r->prec, pr.set, pr.load, rec) != 0) {
		warnx("-n auto: out of memory");
		return -1;
	}
	progress_note(&r->prog, precise_note(&r->prec, pr.set, pr.load, note, sizeof note));
	return 0;
}

int autorun_next(struct runner *r, struct plan_run pr, size_t made, long *round, int *budget_hit)
{
	long left = 0, active = 0;

	if (!precise_active(&r->prec, pr.set, pr.load))
		return 0;
	if (pr.round == *round)
		return 1;
	*round = pr.round;
	for (size_t v = 0; v < r->plan.nset; v++)
		for (size_t l = 0; l < r->plan.nloads; l++)
			if (precise_active(&r->prec, v, l)) {
				active++;
				left += r->o->max_runs - precise_cond(&r->prec, v, l)->made;
			}
	r->prog.nsteps = (int)(made + (size_t)left);
	if (r->o->budget > 0 && made > 0 &&
	    r->prog.sum + r->prog.sum / (double)made * (double)active > r->o->budget)
		*budget_hit = 1;
	return 1;
}

/* cond_name: the name of a condition for -n auto's closing lines: the
 * load, and in a sweep "LOAD of LABEL". */
static const char *cond_name(const void *ctx, size_t set, size_t load, char *buf, size_t len)
{
	const struct plan *p = ctx;

	if (p->nset > 1)
		text_fmt(buf, len, "%s of %s", p->loads[load]->name, p->set[set].label);
	else
		text_copy(buf, p->loads[load]->name, len);
	return buf;
}

void autorun_say(struct runner *r, int budget_hit)
{
	precise_say(&r->prec, stderr, budget_hit, cond_name, &r->plan);
	precise_free(&r->prec);
}
