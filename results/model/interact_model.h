/* interact_model.h: the interactivity report's model: one block per task, one row per background condition and label, figures averaged over the runs, with intervals and each label's difference from the baseline. */
#ifndef CONTEST_IMODEL_H
#define CONTEST_IMODEL_H

#include <stddef.h>
#include "results/record/interact_record.h"
#include "results/stats/robust.h"
#include "results/stats/stats.h"

/* The figures of a row, each described over its runs. */
enum imetric { IM_LAT, IM_SD, IM_P99, IM_MAX, IM_MET, IM_CPU, IM_FPS, IM_N };

/* A row's difference from the baseline label's row of the same task and
 * load in one figure: tested when each side has 2 runs. */
struct icmp {
	int tested;
	double diff;          /* this row's mean - the baseline's */
	double p;             /* Welch's two-sided p */
	struct rob_mw mw;     /* Mann-Whitney U (done with ROB_MW_MIN_N runs a side) */
};

struct irow {
	const char *load, *label;     /* point into the record set */
	int runs;
	struct stat_desc f[IM_N];     /* mean, sd, ci95 of each figure over the runs */
	double max_us;                /* the largest lateness of any run */
	int has_base;                 /* a non-baseline row whose baseline row exists */
	struct icmp lat, score;       /* latency mean; Met% (game: Frames/s) */
};

struct iblock {
	const char *task;
	int game;                     /* no deadlines: Frames/s instead of Met% */
	struct irow *rows;
	size_t n;
};

struct interact_model {
	struct iblock blocks[8];
	size_t nblocks;
	const char **labels;          /* in order: those asked for, else first recorded first */
	size_t nlabels;
	long baseline;                /* index in labels of the baseline, -1 none */
	int stats, precise;           /* --stats, --precise */
	const char *baseline_name;
};

/* interact_model_build: m from the records of set for labels (nlabels 0: every
 * label, in the order first recorded), rows of a block in the order of
 * loads (names; NULL-terminated; others after, in the order found), then
 * of the labels. baseline: its label (NULL: the first); stats, precise as
 * shown. 0, or -1 (out of memory, m freed). */
int interact_model_build(struct interact_model *m, const struct interact_record_set *set, const char *const *labels,
                 size_t nlabels, const char *const *loads, const char *baseline, int stats, int precise);

void interact_model_free(struct interact_model *m);

/* interact_model_score: a row's deciding figure in its block: IM_FPS for game, else IM_MET. */
enum imetric interact_model_score(const struct iblock *b);

#endif
