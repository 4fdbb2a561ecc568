/* render.h: renderers that turn a summary into text; they know nothing of processes. */
#ifndef CONTEST_RENDER_H
#define CONTEST_RENDER_H

#include <stdio.h>
#include "results/mrec.h"
#include "results/summary.h"

/* render_fig: v with prec decimals into buf (returned), or "-" when not
 * available; a rounded zero never shows a minus sign. The reports' figures. */
const char *render_fig(double v, int prec, char *buf, size_t len);

/* One evidence column of --why or --latency: its text heading, its data
 * name (CSV, JSON), decimals, and its figure in a cell. */
struct render_col {
	const char *head, *name;
	int prec;
	double (*get)(const struct sum_cell *c);
};

/* --why: MajFlt (major faults, system-wide), SwapIn and SwapOut (pages),
 * Scan (pages scanned by kswapd and direct reclaim), MemFull% and IoFull%
 * (PSI "full" stall time over Time). --latency: the probe's Wakeups and
 * their lateness p50, p99 (means over the runs) and max (the largest), in
 * microseconds. */
#define RENDER_WHY_N 6
#define RENDER_LAT_N 4
extern const struct render_col render_why_cols[RENDER_WHY_N];
extern const struct render_col render_lat_cols[RENDER_LAT_N];

/* render_text_evidence: for load l of workload w, the --why table (why) and
 * the --latency table (latency): a header and a row per label with ok runs,
 * "-" where not available. width is the Kernel column's. */
void render_text_evidence(FILE *out, const struct summary *s, size_t w, size_t l, int width,
                          int why, int latency);

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
 * p-value, and "*" or "no significant difference". why and latency add
 * render_text_evidence's tables under each block. */
void render_text(FILE *out, const struct summary *s, int precise, long baseline, int why,
                 int latency);

/* render_html: one self-contained HTML5 document (inline <style> only; no
 * scripts, fonts, images or URLs): a title with the labels, then per
 * workload ("Workload: ID" when there are several) an inline SVG bar chart
 * "Ratio per load" (a bar per label with a Ratio, error bars of its 95%
 * interval, a line at 1.0, a legend) and the classic tables, one per load,
 * with the text report's figures and notes. With baseline >= 0 (a label
 * index) the tables add "Time +-95%" and "vs BASELINE" (Time difference in
 * percent, its 95% interval, Welch's p, "*"). When micro holds records, a
 * "Microbenchmarks" section shows render_micro's summary in <pre>. Every
 * label, load, workload and detail is HTML-escaped; NaN shows as "-". why
 * and latency add a table of those columns under each load's table. */
void render_html(FILE *out, const struct summary *s, long baseline, const struct mrec_set *micro,
                 int why, int latency);

/* render_csv: one row per workload, load and label with every figure: mean,
 * sd and 95% interval of Time, CPU%, Loads, LCPU%; Ratio and its interval;
 * detail; against the baseline label (baseline >= 0), Time's and Loads'
 * difference in percent with its interval and Welch's p-value; then the
 * --why and --latency columns (empty where not available). Stable column
 * names in the first line. */
void render_csv(FILE *out, const struct summary *s, long baseline);

/* render_json: one JSON document: format, baseline, labels, per workload
 * and load the rows (figures with n, mean, sd, ci95; Ratio; "why" and
 * "latency" objects; comparison with the baseline or null), and every
 * selected run's record with its "evidence". null where not available. */
void render_json(FILE *out, const struct summary *s, const struct rec_set *set, long baseline);

/* render_markdown: a "### LOAD" table per load for issue trackers; with
 * baseline >= 0 also Time's 95% interval and the comparison; why and
 * latency add a table of those columns under each. */
void render_markdown(FILE *out, const struct summary *s, long baseline, int why, int latency);

#endif
