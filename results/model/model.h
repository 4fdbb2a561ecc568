/* model.h: the report model, built once from a summary: blocks, rows, comparisons, NTimes, notes, environment differences, micro summary; renderers only walk it. */
#ifndef CONTEST_MODEL_H
#define CONTEST_MODEL_H

#include <stddef.h>
#include "results/model/compare.h"
#include "results/model/hosts.h"
#include "results/record/micro_record.h"
#include "results/record/record.h"
#include "results/record/story.h"
#include "results/model/summary.h"

/* One row of a block: one label's runs of one load and workload. */
struct rep_row {
	size_t label;               /* index into the model's labels (a bar's colour and place) */
	const char *name;           /* that label */
	const struct sum_cell *c;   /* its figures and their statistics */
	struct cmp_row cmp;         /* against the baseline (all zero without one) */
	int compared;               /* a comparison to show as data: a baseline, not its
	                             * row, both it and this row have ok runs, and not apart */
	const char *guest;          /* the label ran emulated: its guest ("tcg 2 vcpus 2G");
	                             * NULL: natively (or under KVM) */
	int apart;                  /* not compared: one of this row and the baseline ran
	                             * emulated, the other not (REP_APART_NOTE) */
	double ntime;               /* NTime: Time at the reference canary (canary_ntime,
	                             * results/model/speed.h); NaN when no run has a canary */
};

/* REP_APART_NOTE: why an emulated label and a native one are not compared. */
#define REP_APART_NOTE "not compared with the baseline: one ran emulated (TCG), the other natively"

/* --trend: a row's step from the row before it in its series (tested with Welch's t-test). */
struct rep_step {
	long from;             /* the row it steps from; -1: none (the row starts a series, or
	                        * has no ok runs) */
	struct cmp_fig time;   /* its Time against that row's: difference, interval, Welch's p */
	long apart;            /* the row before it with ok runs, not stepped from because one of
	                        * the two ran emulated and the other not; -1 none */
};

/* One block: a load of a workload that has rows. */
struct rep_block {
	const char *load;
	const struct sum_cell *base;   /* the baseline label's cell here; NULL without a baseline */
	struct rep_row *rows;          /* labels with ok or failed runs, in label order */
	size_t nrows;
	struct rep_step *steps;        /* --trend: one per row; NULL without */
	long largest;                  /* --trend: the row of the largest step; -1 none */
};

struct rep_workload {
	const char *name;              /* "IDENTITY -jJOBS, MACHINE" (summary.h) */
	char *identity;                /* IDENTITY alone (the built-in version and scale, or the tree) */
	int jobs;                      /* JOBS; -1 when the name has none ("(not recorded)") */
	char *machine;                 /* the machine the runs emulated ("MEM 4.0G in a memory
	                                * group", "MEM 24G"); "" when not recorded */
	struct rep_block *blocks;      /* loads with rows, in load order */
	size_t nblocks;
};

/* One difference of a label's environment from the reference label's. */
struct rep_env {
	char *label, *key, *from, *to;
};

/* One note on the machine under the tables (machine_note, results/model/machine_note.h). */
struct rep_note_line {
	int kind;     /* 1: a line of its own; 2: an item of the line above */
	char *text;
};

/* The longest note on the machine kept, with its NUL (longer ones are cut). */
#define REP_NOTE_LEN 1024

/* What the report shows besides the classic tables. */
struct rep_show {
	long baseline;        /* label index to compare against; -1: no comparisons */
	int precise;          /* one more decimal (text) */
	int why, latency;     /* --why, --latency tables (formats that have them) */
	int normalize;        /* --normalize: the NTime column */
	const char *trend;    /* --trend: its order ("recorded", "version"); NULL: no trend */
	const size_t *series; /* --trend: each label's series (its host); NULL: one series */
};

/* A series' story, which the HTML report leads with (rep_model_stories,
 * results/model/stories.h). */
struct rep_story {
	struct series_story *s;   /* its plan and events; NULL when its file was refused */
	char *note;               /* then why, in one line; NULL with s */
};

/* The most series whose stories a report shows. */
#define REP_STORIES_MAX 8

struct rep_model {
	char *const *labels;          /* every label, in report order */
	size_t nlabels;
	struct rep_workload *workloads;
	size_t nworkloads;            /* every workload of the summary, in its order */
	long baseline;                /* as in rep_show, -1 when out of range */
	const char *baseline_name;    /* its label, NULL without */
	int precise, why, latency;
	const struct rec **runs;      /* the selected records (label and load kept), set order */
	size_t nruns;
	double canary_ref;            /* the reference canary: the median canary of the ok runs, NaN none */
	int normalize;                /* as in rep_show */
	const char *env_ref;          /* the label environments are compared with (the
	                               * first); NULL while there is no difference */
	struct rep_env *env;          /* in the order added */
	size_t nenv, env_cap;
	const char *first_ts, *last_ts;   /* the earliest and latest timestamp of the runs; NULL none */
	const struct micro_record_set *micro; /* the microbenchmark records given (which must outlive
	                               * the model); NULL: none */
	const char *trend;            /* as in rep_show */
	const size_t *series;         /* as in rep_show */
	const struct host_map *hosts; /* the labels' hosts (results/model/hosts.h); NULL: not known */
	const char *ratio_base;       /* the label every Ratio is over (the summary's); NULL:
	                               * each row's own label's no_load */
	const char **guest;           /* per label: the guest it ran emulated in (the first such
	                               * record's), NULL for a native label; owned */
	struct rep_note_line *notes;  /* the notes on the machine that there are, in order
	                               * (made by rep_model_build, results/model/build.h) */
	size_t nnotes;
	struct rep_story *stories;    /* the story of each series of the runs that has one (at
	                               * most REP_STORIES_MAX), in the order first met; owned;
	                               * NULL: none (rep_model_stories, results/model/stories.h) */
	size_t nstories;
};

/* rep_model_emulated: the guest of the first emulated record (rec_emulated)
 * of label in set, or NULL when none of its records ran emulated. A label is
 * emulated when any of its runs was. */
const char *rep_model_emulated(const struct rec_set *set, const char *label);

/* rep_model_shape: the model of summary s (which must outlive it) with the
 * records of set (NULL: no runs) and show, without what is computed from
 * it afterwards (each row's NTime, the notes: rep_model_build, which the
 * report uses, results/model/build.h). micro (NULL or empty: none) is kept
 * for the renderers. 0, or -1 on allocation failure (m freed). */
int rep_model_shape(struct rep_model *m, const struct summary *s, const struct rec_set *set,
                    const struct rep_show *show, const struct micro_record_set *micro);

/* rep_model_env_add: note that label's environment has key at to where the
 * first label's (env_ref) has from. 0, or -1 on allocation failure. */
int rep_model_env_add(struct rep_model *m, const char *label, const char *key, const char *from,
                      const char *to);

/* What rep_model_join joins: the runs' hosts or their contest versions. */
enum rep_fact { REP_HOST, REP_VERSION };

/* rep_model_join: the distinct hosts (or versions) of m's runs, in the
 * order first met, joined by ", " into buf ("" when there are no runs);
 * returns buf. */
const char *rep_model_join(const struct rep_model *m, enum rep_fact what, char *buf, size_t len);

/* rep_model_free: free what the model owns; m is empty afterwards. */
void rep_model_free(struct rep_model *m);

#endif
