/* closing.h: what a series prints: its plan and where it stands (status), and at its end what happened and the labels' tables; and the story it writes beside its records. */
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

/* series_story_save: j's plan (kernels, loads, each round's order, the
 * guests) and events written beside its records as RESULTS/series-ID.story
 * (results/record/story.h), replaced whole (fs_replace) when they differ
 * from the file there; called each time the journal is written. Quiet
 * while the results folder is not made yet; any other failure said in one
 * line (the series goes on without it). */
void series_story_save(const struct series_journal *j);

#endif
