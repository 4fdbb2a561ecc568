/* render.h: the report formats (one table) and the renderers that walk the report model; they know nothing of processes or files. */
#ifndef CONTEST_RENDER_H
#define CONTEST_RENDER_H

#include <stdio.h>
#include "results/model/model.h"

/* A renderer: the whole report of m into out, nothing else. */
typedef void render_fn(FILE *out, const struct rep_model *m);

/* What a format takes from the command line (struct render_format.flags). */
enum {
	RF_DATA    = 1,   /* comparisons with the baseline always (not only with --stats) */
	RF_STATS   = 2,   /* --stats shows the comparisons */
	RF_WHY     = 4,   /* --why and --latency add their tables (RF_DATA: always in) */
	RF_PRECISE = 8,   /* --precise adds a decimal */
	RF_MICRO   = 16,  /* shows the microbenchmark summary when there are records */
};

/* What `report --micro` shows: the summary text (render_micro's lmbench
 * layout) and the records it was made from (labels in order; nlabels 0:
 * all, in the order first recorded). */
struct micro_doc {
	const char *summary;
	const struct micro_record_set *set;
	const char *const *labels;
	size_t nlabels;
};

/* A format's form of `report --micro`: doc as a whole document into out. */
typedef void render_micro_fn(FILE *out, const struct micro_doc *doc);

/* One report format: its --format name, its renderer, its RF_ flags, its
 * form of report --micro (NULL: it cannot show it, --micro refuses it), and
 * its form of report --trend (a model built with rep_show.trend). */
struct render_format {
	const char *name;
	render_fn *render;
	unsigned flags;
	render_micro_fn *micro;
	render_fn *trend;
};

/* Every format, the default (text) first; the name of the last is NULL. */
extern const struct render_format render_formats[];

/* render_format_find: the format called name; NULL when there is none. */
const struct render_format *render_format_find(const char *name);

/* render_format_list: the names joined by sep, the last two by last
 * ("text, csv, json, markdown or html" for ", " and " or ") into buf;
 * snprintf semantics (the whole length is returned). */
size_t render_format_list(char *buf, size_t len, const char *sep, const char *last);

/* The renderers of the table, one file each (results/render_NAME.c):
 * render_text: the classic layout of contract section 3 (see render_text.c);
 * render_csv, render_json: the report as data; render_markdown: tables for
 * issue trackers; render_html: one self-contained page with a chart. */
render_fn render_text, render_csv, render_json, render_markdown, render_html;

/* The forms of report --trend (results/render_trend*.c): text, a compact
 * block per load; csv, a row per load and label with its step; json, one
 * document; markdown, a table per load; html, a page with a line chart per
 * load (render_trend_chart). */
render_fn render_trend_text, render_trend_csv, render_trend_json, render_trend_markdown,
          render_trend_html;

/* render_step: row i's step in block b of a trend: "+26.2% [+23.1%,
 * +29.3%] p=0.0001 *" (the * when significant), "+3.0% (not tested: needs
 * 2 runs each)", "+0.12 s" when the row before has a mean of 0, each
 * after "vs LABEL: " when a row between them has no ok runs; "no runs in
 * these figures" for a row without ok runs (its failed or busy runs are
 * in the notes); "no step from LABEL: one ran emulated (TCG), the other
 * natively" when the row before it ran the other way; "" when the row does
 * not step. Returns buf. */
const char *render_step(const struct rep_block *b, size_t i, char *buf, size_t len);
/* Room for render_step's text and render_largest's line with the longest
 * labels (HOST:LABEL, two of them in "vs" and "A -> B"). */
#define RENDER_STEP_MAX 384
#define RENDER_LINE_MAX 768

/* render_largest: "largest change: A -> B, Time +26.2% (p = 0.0001),
 * significant" (or
 * ", no significant step in the series", or not tested) for block b of a
 * trend; "no step: ..." when none. Returns buf. */
const char *render_largest(const struct rep_block *b, char *buf, size_t len);

/* The forms of report --micro: render_text_micro the summary as it is;
 * render_markdown_micro a "## Microbenchmarks" heading and the summary in a
 * fenced code block; render_html_micro a page of its own with the summary
 * in <pre>; render_csv_micro a row per figure of each run, render_json_micro
 * one document of the runs and their figures (results/render/render_micro_data.c). */
render_micro_fn render_text_micro, render_markdown_micro, render_html_micro, render_csv_micro,
                render_json_micro;

/* The schema of the JSON documents (render_json, render_trend_json): its
 * "schema" field. Adding keys keeps it; removing, renaming or changing the
 * meaning of one raises it (man/contest.1, JSON SCHEMA). */
#define RENDER_JSON_SCHEMA 1

/* Pieces the data formats share (results/render/render_data.c):
 * render_csv_ratio_base, ",LABEL" of the ratio base ("," without one);
 * render_csv_env, the environment differences' table after an empty line
 * (nothing when none); render_json_head, the document's opening: "format", "schema",
 * "version", "kind" (report, trend), "baseline", "ratio_base" (the
 * --ratio-base label, or null), "labels" and "hosts"
 * ({"apart", "names", "labels": [{"label", "host", "stored_label"}]}),
 * without a closing brace; render_json_env, ",\n \"environment\": {...}";
 * render_json_workload_head, "{\"workload\": NAME, \"identity\", \"jobs\",
 * \"machine\"" without a closing brace. */
void render_csv_workload(FILE *out, const struct rep_workload *wl);
void render_csv_ratio_base(FILE *out, const struct rep_model *m);
void render_csv_env(FILE *out, const struct rep_model *m);
void render_json_head(FILE *out, const struct rep_model *m, const char *kind);
void render_json_env(FILE *out, const struct rep_model *m);
void render_json_workload_head(FILE *out, const struct rep_workload *wl);

/* render_text_env, render_markdown_env: the environment differences as
 * render_text and render_markdown end with them (nothing when none). */
void render_text_env(FILE *out, const struct rep_model *m);
void render_markdown_env(FILE *out, const struct rep_model *m);

/* render_html_head: the HTML report's page up to and with the line
 * under its title (hosts, runs, workloads, versions); render_html_tail:
 * the ratio base's paragraph (render_ratio_note), the machine-speed note, the environment and micro sections and the end
 * of the page. render_html is head, the workloads, tail. */
void render_html_head(FILE *out, const struct rep_model *m);

/* render_html_notes: the text report's notes of block b (render_notes:
 * detail, failed and busy runs, with stats the outliers) as a list. */
void render_html_notes(FILE *out, const struct rep_block *b, int stats);
void render_html_tail(FILE *out, const struct rep_model *m);

/* render_trend_chart: the line chart of one load of a trend (inline SVG
 * as wide as the page): mean Time per label in trend order, a line per
 * series with its 95% interval as a band, the significant steps drawn
 * red and labelled with their size, the largest named; then a legend
 * paragraph (results/render/render_trend_chart.c). */
void render_trend_chart(FILE *out, const struct rep_model *m, const struct rep_block *b);

/* render_html_chart: the HTML report's "Ratio per load" chart of workload
 * wl (results/render/render_chart.c): inline SVG as wide as the page, a bar per
 * label and load with a Ratio, the axis scaled to the bars, whiskers of
 * Ratio's 95% interval cut at the axis top and marked there, a dashed line
 * at 1.0, a key per label, and a paragraph (class "legend") saying what
 * the bars and whiskers are. */
void render_html_chart(FILE *out, const struct rep_model *m, const struct rep_workload *wl);

/* render_ratio_note: "Ratio: Time over LABEL's no_load Time" when m's
 * Ratios are over a ratio base (m->ratio_base, --ratio-base) into buf
 * (returned); NULL without one (each row over its own label's no_load). */
const char *render_ratio_note(const struct rep_model *m, char *buf, size_t len);

/* The Ratio column, beside the FIG_ indexes, for render_prec. */
#define RENDER_RATIO 4

/* render_prec: the decimals of column col (FIG_TIME .. FIG_LCPU or
 * RENDER_RATIO) as the text report shows them for m: the classic 1, 0,
 * 0, 0 and 2 (Time in tenths, CPU%, Loads and LCPU% whole, Ratio in
 * hundredths), one more each with m->precise; with a baseline (--stats)
 * 2, 1, 1, 1 and 2. */
int render_prec(const struct rep_model *m, int col);

/* A load note of a block: the label it is about and its text. */
typedef void render_note_fn(const char *label, const char *text, void *arg);

/* render_notes: block b's notes, in the text report's order, each to fn:
 * for each row, when it ran emulated, REC_EMULATED_NOTE with its guest
 * ("emulated (TCG): timings are the emulator's, not the kernel's (guest:
 * tcg 2 vcpus 2G)") and, when it is apart from the baseline, REP_APART_NOTE;
 * the detail of its ok runs ("what the load ran"), "N failed run(s) not
 * averaged", render_busy's note and render_stopped's; then, with outliers,
 * each row's render_outliers note. */
void render_notes(const struct rep_block *b, int outliers, render_note_fn *fn, void *arg);

/* render_busy: the note on the busy runs of c (c->busy > 0): "busy machine:
 * runs 1, 3 had 27.9-34.5% of one CPU taken by other programs beside the
 * compile (more than 5%): their Times may be too long" (or, when they were
 * left out of the figures, "left out of these figures (--keep-busy keeps
 * them)"); returns buf. */
const char *render_busy(const struct sum_cell *c, char *buf, size_t len);

/* render_stopped: the note on the stopped runs of c (c->stopped > 0,
 * results/model/stall.h): "stopped: runs 2, 3 stopped for 10.0-12.5 s (a
 * stop contest caught, such as Ctrl-Z): their Times may be too long"
 * ("stalled", and why, for stops contest could not catch; "left out of
 * these figures (--keep-busy keeps them)" when they were); returns buf. */
const char *render_stopped(const struct sum_cell *c, char *buf, size_t len);

/* render_outliers: the note on the outliers of c's Times (c->tout > 0):
 * "run 3 (Time 63.20) is an outlier (median 50.10, MAD 0.90): kept in the
 * figures" ("runs 3 (...), 5 (...) are outliers ..."); returns buf. */
const char *render_outliers(const struct sum_cell *c, char *buf, size_t len);

/* render_median: "median 3.15, 95% interval 3.10 to 3.20" for c's Times (c->nt
 * > 0), "median 4.70, 95% interval - (needs 6 runs)" with fewer than
 * ROB_CI_MIN_N; returns buf. */
const char *render_median(const struct sum_cell *c, char *buf, size_t len);

/* One evidence column of --why or --latency: its text heading, its data
 * name (CSV, JSON), decimals, and its figure in a cell. */
struct render_col {
	const char *head, *name;
	int prec;
	double (*get)(const struct sum_cell *c);
};

/* --why: MajFlt (major faults, system-wide), SwapIn and SwapOut (pages),
 * Scan (pages scanned by kswapd and direct reclaim), MemFull% and IoFull%
 * (PSI "full" stall time over Time), Foreign% and Steal% (other programs'
 * CPU and steal time over the window, percent of one CPU). --latency: the probe's Wakeups and
 * their lateness p50, p99 (means over the runs) and max (the largest), in
 * microseconds. */
#define RENDER_WHY_N 8
#define RENDER_LAT_N 4
extern const struct render_col render_why_cols[RENDER_WHY_N];
extern const struct render_col render_lat_cols[RENDER_LAT_N];

/* The machine-speed canary (results/model/speed.h) with --why, and always in
 * the data formats: Canary and CanAfter, the means of the ok runs'
 * canary_s and canary_after_s, in seconds. */
#define RENDER_CANARY_N 2
extern const struct render_col render_canary_cols[RENDER_CANARY_N];

/* render_cols_any: 1 when a row of block b with ok runs has one of the n
 * columns cols (the canary's table is shown only then), else 0. */
int render_cols_any(const struct rep_block *b, const struct render_col *cols, int n);

/* render_text_evidence: block b's --why table (m->why) and --latency table
 * (m->latency): a header and a row per label with ok runs, "-" where not
 * available. width is the Kernel column's. */
void render_text_evidence(FILE *out, const struct rep_model *m, const struct rep_block *b,
                          int width);

#endif
