/* render_story.h: a series' story (its plan and events) as the part of an HTML report it leads with. */
#ifndef RESULTS_RENDER_STORY_H
#define RESULTS_RENDER_STORY_H

#include <stdio.h>
#include "results/model/model.h"

/* render_story_html: each of m's stories (m->stories) as a <section
 * class="story">: a heading naming the series, a line with its counts,
 * driver, seed (and guests), its kernels as a table (label, release, how
 * booted, kept or dropped), its loads, each round's order as a table, and
 * its events as a list, each marked with its kind (failed boot, cut run,
 * failed run, dropped, note); a story whose file was refused is one
 * paragraph saying why. Nothing without stories. Every string escaped. */
void render_story_html(FILE *out, const struct rep_model *m);

#endif
