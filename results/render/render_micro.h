/* render_micro.h: the microbenchmark summary in the classic lmbench 2.0 layout. */
#ifndef CONTEST_RENDER_MICRO_H
#define CONTEST_RENDER_MICRO_H

#include <stdio.h>
#include "results/record/micro_record.h"

/* render_micro: the six sections (Processor, Processes; Context switching;
 * Local Communication latencies; File & VM system latencies; Local
 * Communication bandwidths; Memory latencies), one row per suite run of the
 * labels (all when nlabels is 0; in the order given, else first recorded),
 * Host cut to 9 characters, OS the label cut to 13. Columns widen to fit
 * their values; not-available figures are blank. 0, or -1 out of memory. */
int render_micro(FILE *out, const struct micro_record_set *set, const char *const *labels, size_t nlabels);

/* render_micro_num: v with classic significant digits (1287, 39.8, 5.21, 0.46). */
void render_micro_num(double v, char *buf, size_t len);

#endif
