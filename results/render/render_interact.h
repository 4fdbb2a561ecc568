/* render_interact.h: the renderers of the interactivity report (report --interactive): they print an interact_model, nothing else. */
#ifndef CONTEST_RENDER_INTERACT_H
#define CONTEST_RENDER_INTERACT_H

#include <stdio.h>
#include "results/model/interact_model.h"

typedef void irender_fn(FILE *out, const struct interact_model *m);

/* render_interact_find: the renderer of format name (text, csv, json,
 * markdown, html, as results/render/render.h names them); NULL when none. */
irender_fn *render_interact_find(const char *name);

/* text: one block per task ("audio:"), a header, a row per load and label
 * (classic layout: Load, Kernel, [runs], Latency, SD, p99, Max in
 * microseconds, Met% or for game Frames/s, CPU%); with --stats the 95%
 * intervals after Latency and Met%, and each label's difference from the
 * baseline with Welch's p and Mann-Whitney's. markdown: the same as
 * tables; html: a page with the tables and, per task with deadlines, a bar
 * chart of Met% per load and label; csv and json: every figure of every
 * row, with the comparisons. */
irender_fn render_interact_text, render_interact_csv, render_interact_json, render_interact_markdown,
           render_interact_html;

#endif
