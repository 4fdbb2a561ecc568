/* render_paired.h: a kernel series' rounds (report --paired) in every format: the paired comparisons beside the unpaired ones, each round's pair, and the drift, one block per load. */
#ifndef CONTEST_RENDER_PAIRED_H
#define CONTEST_RENDER_PAIRED_H

#include <stdio.h>
#include "results/model/model.h"
#include "results/model/paired.h"

/* A form of report --paired: model m (results/model/paired.h) as a whole
 * document into out. */
typedef void render_paired_fn(FILE *out, const struct paired_model *m);

/* render_paired: text, to paste into a mail (results/render/render_paired.c);
 * render_paired_csv: three CSV tables, each under its header, an empty line
 * between them: the comparisons (a row per load and kernel), the rounds' pairs
 * (a row per load, kernel and round) and the drift (a row per load);
 * render_paired_json: one document ("kind": "paired") with the same figures
 * (results/render/render_paired_data.c); render_paired_markdown: the text's
 * block as a table per load, its drift line and notes under it;
 * render_paired_html: a page of its own with render_paired_html_section
 * (results/render/render_paired_html.c). */
render_paired_fn render_paired, render_paired_csv, render_paired_json, render_paired_markdown,
                 render_paired_html;

/* render_paired_for: the form of --format name ("text", "csv", "json",
 * "markdown", "html"); NULL when there is none. */
render_paired_fn *render_paired_for(const char *name);

/* render_paired_html_section: the series' part of an HTML page: a heading,
 * the forest plot of every load's paired differences (a paragraph instead
 * when no round is paired), then per load the block as a table with its
 * drift line and notes and the load's rounds (when it has any)
 * (render_paired_forest, render_paired_rounds). */
void render_paired_html_section(FILE *out, const struct paired_model *m);

/* render_html_series: the HTML report of m (render_html) led, when pm is not
 * NULL, by the series' part (render_paired_html_section of pm) under the
 * line under its title, before the usual tables (results/render/render_html.c). */
void render_html_series(FILE *out, const struct rep_model *m, const struct paired_model *pm);

/* render_paired_forest: inline SVG, a row per load and kernel: the paired
 * difference in percent of the baseline as a point, its 95% interval as a
 * bar, zero as a line; each row's figures in its <title> and in its
 * data-pct, data-lo and data-hi attributes (render_pct's text, as the text
 * block shows them). render_paired_rounds: inline SVG of load l, each
 * kernel's Time per round beside the baseline's in that round (a panel per
 * kernel), each point's Time in its <title> and data-time ("%.2f" s) and
 * its round in data-round (results/render/render_paired_chart.c). */
void render_paired_forest(FILE *out, const struct paired_model *m);
void render_paired_rounds(FILE *out, const struct paired_model *m, size_t l);

/* Pieces the forms share (results/render/render_paired.c): render_paired_p,
 * p as "%.2g" with " *" when sig, "-" when NaN; render_paired_ival,
 * "[lo%, hi%]" or "-" when either end is missing; render_paired_drift, the
 * drift sentence of load pl without "drift: " ("v6.12's Time moved +4.8%
 * from round 1 to round 6 (Spearman rho 1.00, p 0.0028): paired differences
 * cancel it"); each into buf, returned. */
const char *render_paired_p(double p, int sig, char *buf, size_t len);
const char *render_paired_ival(double lo, double hi, char *buf, size_t len);
const char *render_paired_drift(const char *base, const struct paired_drift *d, char *buf, size_t len);

/* render_paired_notes: the notes under load pl's block, each a line without
 * its indent or newline, to fn: rounds left out, the rank test's floor with
 * this few rounds, busy runs. */
typedef void render_paired_note_fn(const char *text, void *arg);
void render_paired_notes(const struct paired_model *m, const struct paired_load *pl,
                         render_paired_note_fn *fn, void *arg);

#endif
