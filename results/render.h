/* render.h: renderers that turn a summary into text; they know nothing of processes. */
#ifndef CONTEST_RENDER_H
#define CONTEST_RENDER_H

#include <stdio.h>
#include "mrec.h"
#include "summary.h"

/* render_fig: v with prec decimals into buf (returned), or "-" when not
 * available; a rounded zero never shows a minus sign. The reports' figures. */
const char *render_fig(double v, int prec, char *buf, size_t len);

/* render_text: the classic layout of contract section 3, one block per load
 * with a row per label that has runs of it. precise adds one decimal to every
 * column. When the summary holds more than one workload, each workload's
 * blocks are preceded by "Workload: ID". After a block's rows, a label whose
 * runs name what the load ran gets "  LABEL: DETAIL", and failed runs are
 * listed as "  LABEL: N failed run(s) not averaged".
 * With baseline >= 0 (a label index: --stats), each block shows Time with
 * its 95% interval and standard deviation, Loads with its interval, Ratio
 * with its interval, and a line per other label with its Time (and Loads)
 * difference from the baseline in percent, the 95% interval of it, Welch's
 * p-value, and "*" or "no significant difference". */
void render_text(FILE *out, const struct summary *s, int precise, long baseline);

/* render_html: one self-contained HTML5 document (inline <style> only; no
 * scripts, fonts, images or URLs): a title with the labels, then per
 * workload ("Workload: ID" when there are several) an inline SVG bar chart
 * "Ratio per load" (a bar per label with a Ratio, error bars of its 95%
 * interval, a line at 1.0, a legend) and the classic tables, one per load,
 * with the text report's figures and notes. With baseline >= 0 (a label
 * index) the tables add "Time +-95%" and "vs BASELINE" (Time difference in
 * percent, its 95% interval, Welch's p, "*"). When micro holds records, a
 * "Microbenchmarks" section shows render_micro's summary in <pre>. Every
 * label, load, workload and detail is HTML-escaped; NaN shows as "-". */
void render_html(FILE *out, const struct summary *s, long baseline, const struct mrec_set *micro);

/* render_csv: one row per workload, load and label with every figure: mean,
 * sd and 95% interval of Time, CPU%, Loads, LCPU%; Ratio and its interval;
 * detail; and, against the baseline label (baseline >= 0), Time's and
 * Loads' difference in percent with its interval and Welch's p-value
 * (empty where not available). Stable column names in the first line. */
void render_csv(FILE *out, const struct summary *s, long baseline);

/* render_json: one JSON document: format, baseline, labels, per workload
 * and load the rows (figures with n, mean, sd, ci95; Ratio; comparison with
 * the baseline or null), and every selected run's record. null where not
 * available. */
void render_json(FILE *out, const struct summary *s, const struct rec_set *set, long baseline);

/* render_markdown: a "### LOAD" table per load for issue trackers; with
 * baseline >= 0 also Time's 95% interval and the comparison. */
void render_markdown(FILE *out, const struct summary *s, long baseline);

#endif
