/* closing.h: what a series prints: its plan and where it stands (status), and at its end what happened and the labels' tables. */
#ifndef CONTEST_SERIES_CLOSING_H
#define CONTEST_SERIES_CLOSING_H

#include <stdio.h>
#include "contest/series/journal.h"

/* series_plan_print: the kernels (label, release, how booted), the loads,
 * the seed and each round's order, the step under way marked. */
void series_plan_print(const struct series_journal *j, FILE *out);

/* series_events_print: what happened, one line per event ("none" when
 * nothing did). */
void series_events_print(const struct series_journal *j, FILE *out);

/* series_closing: the end of a series: its counts, its events, and the
 * tables of its labels with their spread and significance. */
void series_closing(const struct series_journal *j, FILE *out);

#endif
