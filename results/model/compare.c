/* compare.c: each label's Time and Loads against a baseline label: difference, 95% interval, Welch's p-value, smallest detectable difference; Mann-Whitney's p for Time. */
#include "results/model/compare.h"

#include <math.h>
#include <string.h>

long compare_baseline(const struct summary *s, const char *name)
{
	if (s->nlabels == 0)
		return -1;
	if (name == NULL)
		return 0;
	for (size_t k = 0; k < s->nlabels; k++)
		if (strcmp(s->labels[k], name) == 0)
			return (long)k;
	return -1;
}

/* compare_fig: figure j of c against base into out. */
static void compare_fig(const struct sum_cell *base, const struct sum_cell *c, int j,
                        struct cmp_fig *out)
{
	struct stat_welch w;
	double m = base->st[j].mean;

	memset(out, 0, sizeof *out);
	out->diff = c->st[j].mean - m;
	out->lo = out->hi = out->p = out->pct = out->lo_pct = out->hi_pct = NAN;
	out->mdd = out->mdd_pct = NAN;
	if (stat_welch(&base->st[j], &c->st[j], &w) == 0) {
		out->tested = 1;
		out->lo = w.ci_lo;
		out->hi = w.ci_hi;
		out->p = w.p;
		out->significant = w.p < CMP_ALPHA;
		out->mdd = stat_welch_mdd(&w);
	}
	if (m != 0 && isfinite(m)) {
		out->pct = out->diff / fabs(m) * 100;
		out->lo_pct = out->lo / fabs(m) * 100;
		out->hi_pct = out->hi / fabs(m) * 100;
		out->mdd_pct = out->mdd / fabs(m) * 100;
	}
}

void compare_row(const struct summary *s, size_t w, size_t l, size_t k, size_t b,
                 struct cmp_row *out)
{
	compare_cells(summary_cell(s, w, l, b), summary_cell(s, w, l, k), out);
	out->is_baseline = k == b;
}

void compare_cells(const struct sum_cell *base, const struct sum_cell *c, struct cmp_row *out)
{
	memset(out, 0, sizeof *out);
	out->has_base = base->n > 0;
	compare_fig(base, c, FIG_TIME, &out->time);
	compare_fig(base, c, FIG_LOADS, &out->loads);
	rob_mann_whitney(base->tv, base->nt, c->tv, c->nt, &out->mw);
	out->mw_significant = out->mw.done && out->mw.p < CMP_ALPHA;
}
