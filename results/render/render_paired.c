/* render_paired.c: a kernel series' rounds as text to paste into a mail: each kernel against the baseline within the same round, beside today's unpaired figures, and the machine's drift, one block per load. */
#include "results/render/render_paired.h"
#include "results/model/compare.h"
#include "results/render/render.h"

#include <math.h>
#include <string.h>

#define LABEL_WIDTH 13   /* the Kernel column */

/* p_str: p as "%.2g" with " *" when sig, "-" when NaN, into buf (returned). */
static const char *p_str(double p, int sig, char *buf, size_t len)
{
	if (isnan(p))
		return "-";
	snprintf(buf, len, "%.2g%s", p, sig ? " *" : "");
	return buf;
}

/* ival: "[lo%, hi%]", or "-" when either end is missing, into buf. */
static const char *ival(double lo, double hi, char *buf, size_t len)
{
	char a[24], b[24];

	if (!isfinite(lo) || !isfinite(hi))
		return "-";
	snprintf(buf, len, "[%s, %s]", render_pct(lo, a, sizeof a), render_pct(hi, b, sizeof b));
	return buf;
}

/* row_line: one kernel's line of a block, its name in a column w wide. */
static void row_line(FILE *out, const struct paired_model *m, const struct paired_row *r, int w)
{
	const char *name = m->labels[r->label];
	char d[24], iv[48], tp[24], rp[24], ud[24], uiv[48], up[24];

	fprintf(out, "%-*s%6d   %11s  %-18s %-10s %-9s |  %12s  %-18s %s\n", w, name, r->n,
	        render_pct(r->pct, d, sizeof d), ival(r->lo_pct, r->hi_pct, iv, sizeof iv),
	        p_str(r->t_p, r->t_sig, tp, sizeof tp), p_str(r->rank.p, r->rank_sig, rp, sizeof rp),
	        r->u_tested ? render_pct(r->u_pct, ud, sizeof ud) : "-",
	        r->u_tested ? ival(r->u_lo_pct, r->u_hi_pct, uiv, sizeof uiv) : "-",
	        r->u_tested ? p_str(r->u_p, r->u_sig, up, sizeof up) : "-");
}

/* drift_line: how the baseline's Time moved across the rounds of load l. */
static void drift_line(FILE *out, const char *base, const struct paired_drift *d)
{
	char mv[24];

	fprintf(out, "  drift: ");
	if (isnan(d->move_pct)) {
		fprintf(out, "%s has a Time in fewer than 2 rounds\n", base);
		return;
	}
	fprintf(out, "%s's Time moved %s from round %d to round %d", base,
	        render_pct(d->move_pct, mv, sizeof mv), d->first, d->last);
	if (isnan(d->trend.rho))
		fprintf(out, " (a trend needs %d rounds)\n", DRIFT_MIN_N);
	else if (d->sig)
		fprintf(out, " (Spearman rho %.2f, p %.2g): paired differences cancel it\n",
		        d->trend.rho, d->trend.p);
	else
		fprintf(out, " (Spearman rho %.2f, p %.2g): no significant trend\n",
		        d->trend.rho, d->trend.p);
}

/* block_notes: the lines under a block: rounds left out, the rank test's
 * floor with this few rounds, busy runs. */
static void block_notes(FILE *out, const struct paired_model *m, const struct paired_load *pl)
{
	const struct paired_row *few = NULL;

	for (size_t i = 0; i < pl->nrows; i++) {
		const struct paired_row *r = &pl->rows[i];

		if (r->alone)
			fprintf(out, "  %s: %d round%s left out (an ok run of only one of %s and %s)\n",
			        m->labels[r->label], r->alone, r->alone == 1 ? "" : "s",
			        m->labels[r->label], m->labels[m->base]);
		if (r->rank.n > 0 && r->rank_min_p >= CMP_ALPHA && (!few || r->rank.n < few->rank.n))
			few = r;
	}
	if (few)
		fprintf(out, "  rank p: with %d round%s that differ the signed-rank test cannot go"
		        " below %.3g (p < %.2g takes 6 rounds); the paired t-test can\n", few->rank.n,
		        few->rank.n == 1 ? "" : "s", few->rank_min_p, CMP_ALPHA);
	if (pl->busy)
		fprintf(out, "  %d busy or stopped run%s (foreign CPU over %.0f%%, or contest stopped or "
		        "stalled) %s\n", pl->busy, pl->busy == 1 ? "" : "s", SUM_BUSY_PCT,
		        m->keep_busy ? "counted (--keep-busy)" : "left out (--keep-busy counts them)");
}

/* render_paired: see render_paired.h. */
void render_paired(FILE *out, const struct paired_model *m)
{
	const char *base = m->labels[m->base];
	int w = LABEL_WIDTH;

	for (size_t i = 0; i < m->nlabels; i++)   /* a long label widens the column, as in the tables */
		if ((int)strlen(m->labels[i]) + 1 > w)
			w = (int)strlen(m->labels[i]) + 1;
	fprintf(out, "Rounds: each kernel against %s within the same round (paired),"
	        " and as today's unpaired figures\n", base);
	for (size_t l = 0; l < m->nloads; l++) {
		const struct paired_load *pl = &m->loads[l];

		fprintf(out, "%s%s:\n", l ? "\n" : "", pl->load);
		fprintf(out, "%-*s%s   %11s  %-18s %-10s %-9s |  %12s  %-18s %s\n", w,
		        "Kernel", "rounds", "paired diff", "95% interval", "t p", "rank p",
		        "unpaired diff", "95% interval", "p");
		for (size_t i = 0; i < pl->nrows; i++)
			row_line(out, m, &pl->rows[i], w);
		drift_line(out, base, &pl->drift);
		block_notes(out, m, pl);
	}
}
