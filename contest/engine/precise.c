/* precise.c: -n auto's statistics, apart from any run: each condition's Time interval over the runs so far, and whether it is narrow enough (or the runs used up) to stop. */
#include "contest/engine/precise.h"
#include "lib/array.h"
#include "lib/text.h"
#include "results/model/speed.h"
#include "results/stats/drift.h"
#include "results/stats/stats.h"
#include "results/model/stall.h"
#include "results/model/summary.h"

#include <math.h>
#include <stdlib.h>

int precise_init(struct precise *p, double target, long max_runs, size_t nset, size_t nloads, int normalize)
{
	*p = (struct precise){ .target = target, .max_runs = max_runs, .nset = nset, .nloads = nloads,
	                       .normalize = normalize };
	p->c = calloc(nset * nloads + 1, sizeof *p->c);
	if (p->c == NULL)
		return -1;
	for (size_t i = 0; i < nset * nloads; i++)
		p->c[i].ci_pct = NAN;
	return 0;
}

struct prec_cond *precise_cond(const struct precise *p, size_t set, size_t load)
{
	return &p->c[set * p->nloads + load];
}

int precise_active(const struct precise *p, size_t set, size_t load)
{
	const struct prec_cond *c = precise_cond(p, set, load);
	return !c->reached && c->made < p->max_runs;
}

int precise_add(struct precise *p, size_t set, size_t load, const struct rec *r)
{
	struct prec_cond *c = precise_cond(p, set, load);
	struct stat_desc d;
	double *v, *cv, can = canary_of(r), first = NAN;
	size_t cap = c->cap;

	c->made++;
	if (r->failed || r->ev[REV_FOREIGN] > SUM_BUSY_PCT || stall_of(r) > 0 || !isfinite(r->time))
		return 0;
	v = array_grow(c->v, &c->cap, c->n + 1, sizeof *c->v, 8);
	if (v == NULL)
		return -1;
	c->v = v;
	cv = array_grow(c->cv, &cap, c->n + 1, sizeof *c->cv, 8);
	if (cv == NULL)
		return -1;
	c->cv = cv;
	for (size_t i = 0; i < c->n && isnan(first); i++)
		first = c->cv[i];
	if (isnan(first))
		first = can;
	c->cv[c->n] = can;
	c->v[c->n++] = p->normalize && can > 0 ? r->time * first / can : r->time;
	stat_describe(c->v, (int)c->n, &d);
	c->ci_pct = d.n >= 2 && d.mean > 0 ? d.ci95 / d.mean * 100 : NAN;
	c->reached = c->n >= PRECISE_MIN_RUNS && c->ci_pct <= p->target;
	return 0;
}

const char *precise_note(const struct precise *p, size_t set, size_t load, char *buf, size_t len)
{
	const struct prec_cond *c = precise_cond(p, set, load);

	if (isnan(c->ci_pct))
		text_fmt(buf, len, "%s +-?%% (to +-%g%%): %zu run(s) counted", p->normalize ? "NTime" : "Time",
		         p->target, c->n);
	else
		text_fmt(buf, len, "%s +-%.1f%% (to +-%g%%), %zu run(s) counted", p->normalize ? "NTime" : "Time",
		         c->ci_pct, p->target, c->n);
	return buf;
}

/* say_drift: a trend through condition c's rounds, shared by k series (its
 * Times' or NTimes', and its canaries'), after its closing line. */
static void say_drift(const struct precise *p, const struct prec_cond *c, FILE *f, int k)
{
	struct drift t, cd;
	const char *what = p->normalize ? "NTime" : "Time";

	drift_test(c->v, (int)c->n, &t);
	drift_test(c->cv, (int)c->n, &cd);
	if (drift_sig(&t, k))
		fprintf(f, "; the machine %s by %.1f%% over the %d rounds (%s %s: Spearman's rho with the round "
		        "%+.2f, p %.2g); the interval does not account for it", t.pct > 0 ? "slowed" : "sped up",
		        fabs(t.pct), t.n, what, t.pct > 0 ? "rose" : "fell", t.rho, t.p);
	else if (drift_sig(&cd, k))
		fprintf(f, "; the machine %s by %.1f%% over the %d rounds (the canary: Spearman's rho with the "
		        "round %+.2f, p %.2g)%s", cd.pct > 0 ? "slowed" : "sped up", fabs(cd.pct), cd.n, cd.rho,
		        cd.p, p->normalize ? "; NTime, which the interval is on, allows for it" :
		        "; the interval does not account for it (--normalize would)");
}

void precise_say(const struct precise *p, FILE *f, int budget_hit,
                 const char *(*name)(const void *ctx, size_t set, size_t load, char *buf, size_t len),
                 const void *ctx)
{
	char nb[200], ci[32];
	int k = (int)(2 * p->nset * p->nloads);

	for (size_t s = 0; s < p->nset; s++)
		for (size_t l = 0; l < p->nloads; l++) {
			const struct prec_cond *c = precise_cond(p, s, l);

			if (isnan(c->ci_pct))
				text_copy(ci, "no interval", sizeof ci);
			else
				text_fmt(ci, sizeof ci, "%s +-%.1f%%", p->normalize ? "NTime" : "Time", c->ci_pct);
			fprintf(f, "-n auto: %s: %s (95%%) from %zu of %ld run(s): ", name(ctx, s, l, nb, sizeof nb),
			        ci, c->n, c->made);
			if (c->reached)
				fprintf(f, "reached +-%g%%", p->target);
			else if (c->made >= p->max_runs)
				fprintf(f, "NOT reached +-%g%%: --max-runs %ld made", p->target, p->max_runs);
			else
				fprintf(f, "NOT reached +-%g%%: %s", p->target,
				        budget_hit ? "the --budget would have passed in another round" : "stopped early");
			say_drift(p, c, f, k);
			fputc('\n', f);
		}
}

void precise_free(struct precise *p)
{
	if (p->c != NULL)
		for (size_t i = 0; i < p->nset * p->nloads; i++) {
			free(p->c[i].v);
			free(p->c[i].cv);
		}
	free(p->c);
	p->c = NULL;
}
