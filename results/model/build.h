/* build.h: the report model built whole: its shape (model.c), then what is computed from it, each row's NTime and the notes on the machine, so that the renderers only print it. */
#ifndef CONTEST_BUILD_H
#define CONTEST_BUILD_H

#include "results/model/model.h"

/* rep_model_build: the model of summary s (which must outlive it) with the
 * records of set (NULL: no runs) and show (rep_model_shape), each row's
 * NTime (canary_ntime, results/model/speed.h) and the notes on the
 * machine (machine_note, results/model/machine_note.h). micro (NULL or empty:
 * none) is kept for the renderers. 0, or -1 on allocation failure (m
 * freed). */
int rep_model_build(struct rep_model *m, const struct summary *s, const struct rec_set *set,
                    const struct rep_show *show, const struct micro_record_set *micro);

#endif
