/* render_paired.h: a kernel series' rounds as text: the paired comparisons beside the unpaired ones, and the drift, one block per load. */
#ifndef CONTEST_RENDER_PAIRED_H
#define CONTEST_RENDER_PAIRED_H

#include <stdio.h>
#include "results/model/paired.h"

/* render_paired: model m (results/model/paired.h) as text into out. */
void render_paired(FILE *out, const struct paired_model *m);

#endif
