/* precise.c: -n auto: each condition's Time interval over this invocation's runs, and when its rounds stop. */
#include "contest/engine/precise.h"
#include "lib/array.h"
#include "lib/text.h"
#include "results/stats.h"
#include "results/summary.h"

#include <math.h>
#include <stdlib.h>

int precise_init(struct precise *p, double target, long max_runs, size_t nset, size_t nloads)
{
	*p = (struct precise){ .target = target, .max_runs = max_runs, .nset = nset, .nloads = nloads };
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
	double *v;

	c->made++;
	if (r->failed || r->ev[REV_FOREIGN] > SUM_BUSY_PCT || !isfinite(r->time))
		return 0;
	v = array_grow(c->v, &c->cap, c->n + 1, sizeof *c->v, 8);
	if (v == NULL)
		return -1;
	c->v = v;
	c->v[c->n++] = r->time;
	stat_describe(c->v, (int)c->n, &d);
	c->ci_pct = d.n >= 2 && d.mean > 0 ? d.ci95 / d.mean * 100 : NAN;
	c->reached = c->n >= PRECISE_MIN_RUNS && c->ci_pct <= p->target;
	return 0;
}

const char *precise_note(const struct precise *p, size_t set, size_t load, char *buf, size_t len)
{
	const struct prec_cond *c = precise_cond(p, set, load);

	if (isnan(c->ci_pct))
		text_fmt(buf, len, "Time +-?%% (to +-%g%%): %zu run(s) counted", p->target, c->n);
	else
		text_fmt(buf, len, "Time +-%.1f%% (to +-%g%%), %zu run(s) counted", c->ci_pct, p->target, c->n);
	return buf;
}

void precise_say(const struct precise *p, FILE *f, int budget_hit,
                 const char *(*name)(const void *ctx, size_t set, size_t load, char *buf, size_t len),
                 const void *ctx)
{
	char nb[200], ci[32];

	for (size_t s = 0; s < p->nset; s++)
		for (size_t l = 0; l < p->nloads; l++) {
			const struct prec_cond *c = precise_cond(p, s, l);

			if (isnan(c->ci_pct))
				text_copy(ci, "no interval", sizeof ci);
			else
				text_fmt(ci, sizeof ci, "Time +-%.1f%%", c->ci_pct);
			fprintf(f, "-n auto: %s: %s (95%%) from %zu of %ld run(s): ", name(ctx, s, l, nb, sizeof nb),
			        ci, c->n, c->made);
			if (c->reached)
				fprintf(f, "reached +-%g%%\n", p->target);
			else if (c->made >= p->max_runs)
				fprintf(f, "NOT reached +-%g%%: --max-runs %ld made\n", p->target, p->max_runs);
			else
				fprintf(f, "NOT reached +-%g%%: %s\n", p->target,
				        budget_hit ? "the --budget would have passed in another round" : "stopped early");
		}
}

void precise_free(struct precise *p)
{
	if (p->c != NULL)
		for (size_t i = 0; i < p->nset * p->nloads; i++)
			free(p->c[i].v);
	free(p->c);
	p->c = NULL;
}
