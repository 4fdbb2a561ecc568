/* render.h: renderers that turn a summary into text; they know nothing of processes. */
#ifndef CONTEST_RENDER_H
#define CONTEST_RENDER_H

#include <stdio.h>
#include "summary.h"

/* render_text: the classic layout of contract section 3, one block per load
 * with a row per label that has runs of it. precise adds one decimal to every
 * column. When the summary holds more than one workload, each workload's
 * blocks are preceded by "Workload: ID". After a block's rows, a label whose
 * runs name what the load ran gets "  LABEL: DETAIL", and failed runs are
 * listed as "  LABEL: N failed run(s) not averaged". */
void render_text(FILE *out, const struct summary *s, int precise);

#endif
