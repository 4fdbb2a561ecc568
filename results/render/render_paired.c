/* render_paired.c: a kernel series' rounds as text to paste into a mail: each kernel against the baseline within the same round, beside today's unpaired figures, and the machine's drift, one block per load; the pieces the other forms share, and the forms by --format name. */
#include "results/render/render_paired.h"
#include "results/model/compare.h"
#include "results/render/render.h"
#include "results/render/render_util.h"

#include <math.h>
#include <string.h>

#define LABEL_WIDTH 13   /* the Kernel column */

/* render_paired_p: see render_paired.h. */
const char *render_paired_p(double p, int sig, char *buf, size_t len)
{
	if (isnan(p))
		return "-";
	snprintf(buf, len, "%.2g%s", p, sig ? " *" : "");
	return buf;
}

/* render_paired_ival: see render_paired.h. */
const char *render_paired_ival(double lo, double hi, char *buf, size_t len)
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
	        render_pct(r->pct, d, sizeof d), render_paired_ival(r->lo_pct, r->hi_pct, iv, sizeof iv),
	        render_paired_p(r->t_p, r->t_sig, tp, sizeof tp), render_paired_p(r->rank.p, r->rank_sig, rp, sizeof rp),
	        r->u_tested ? render_pct(r->u_pct, ud, sizeof ud) : "-",
	        r->u_tested ? render_paired_ival(r->u_lo_pct, r->u_hi_pct, uiv, sizeof uiv) : "-",
	        r->u_tested ? render_paired_p(r->u_p, r->u_sig, up, sizeof up) : "-");
}

/* render_paired_drift: see render_paired.h. */
const char *render_paired_drift(const char *base, const struct paired_drift *d, char *buf, size_t len)
{
	char mv[24];
	int n;

	if (isnan(d->move_pct)) {
		snprintf(buf, len, "%s has a Time in fewer than 2 rounds", base);
		return buf;
	}
	n = snprintf(buf, len, "%s's Time moved %s from round %d to round %d", base,
	             render_pct(d->move_pct, mv, sizeof mv), d->first, d->last);
	if (n < 0 || (size_t)n >= len)
		return buf;
	if (isnan(d->trend.rho))
		snprintf(buf + n, len - (size_t)n, " (a trend needs %d rounds)", DRIFT_MIN_N);
	else
		snprintf(buf + n, len - (size_t)n, " (Spearman rho %.2f, p %.2g): %s", d->trend.rho,
		         d->trend.p, d->sig ? "paired differences cancel it" : "no significant trend");
	return buf;
}

/* render_paired_notes: see render_paired.h. */
void render_paired_notes(const struct paired_model *m, const struct paired_load *pl,
                         render_paired_note_fn *fn, void *arg)
{
	const struct paired_row *few = NULL;
	char line[512];

	for (size_t i = 0; i < pl->nrows; i++) {
		const struct paired_row *r = &pl->rows[i];

		if (r->alone) {
			snprintf(line, sizeof line, "%s: %d round%s left out (an ok run of only one of %s and %s)",
			         m->labels[r->label], r->alone, r->alone == 1 ? "" : "s",
			         m->labels[r->label], m->labels[m->base]);
			fn(line, arg);
		}
		if (r->rank.n > 0 && r->rank_min_p >= CMP_ALPHA && (!few || r->rank.n < few->rank.n))
			few = r;
	}
	if (few) {
		snprintf(line, sizeof line, "rank p: with %d round%s that differ the signed-rank test cannot go"
		         " below %.3g (p < %.2g takes 6 rounds); the paired t-test can", few->rank.n,
		         few->rank.n == 1 ? "" : "s", few->rank_min_p, CMP_ALPHA);
		fn(line, arg);
	}
	if (pl->busy) {
		snprintf(line, sizeof line, "%d busy or stopped run%s (foreign CPU over %.0f%%, or contest stopped or "
		         "stalled) %s", pl->busy, pl->busy == 1 ? "" : "s", SUM_BUSY_PCT,
		         m->keep_busy ? "counted (--keep-busy)" : "left out (--keep-busy counts them)");
		fn(line, arg);
	}
}

/* text_note: one note as an indented line of out (arg). */
static void text_note(const char *text, void *arg)
{
	fprintf(arg, "  %s\n", text);
}

/* render_paired: see render_paired.h. */
void render_paired(FILE *out, const struct paired_model *m)
{
	const char *base = m->labels[m->base];
	char line[512];
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
		fprintf(out, "  drift: %s\n", render_paired_drift(base, &pl->drift, line, sizeof line));
		render_paired_notes(m, pl, text_note, out);
	}
}

/* render_paired_for: see render_paired.h. */
render_paired_fn *render_paired_for(const char *name)
{
	static const struct {
		const char *name;
		render_paired_fn *fn;
	} forms[] = {
		{ "text", render_paired }, { "csv", render_paired_csv }, { "json", render_paired_json },
		{ "markdown", render_paired_markdown }, { "html", render_paired_html },
	};

	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
		if (strcmp(forms[i].name, name) == 0)
			return forms[i].fn;
	return NULL;
}
