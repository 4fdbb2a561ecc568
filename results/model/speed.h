/* speed.h: the report's machine speed: NTime, the canary's own noise and the note naming the labels and runs beyond it (each run's canary: canary_of, results/record/record.h). */
#ifndef CONTEST_RESULTS_CANARY_H
#define CONTEST_RESULTS_CANARY_H

#include <stddef.h>
#include "results/model/model.h"
#include "results/record/record.h"

/* What is flagged lies beyond the canary's own noise (canary_noise):
 * a run whose canary is more than CANARY_K times a run's noise from its
 * label's median (a label of 3 runs or more: of two, which one is off
 * cannot be told), a run whose canary after differs from its canary before
 * by more than CANARY_K times that difference's noise beyond its usual
 * value (the canary before a run is a little slower: it follows the flush
 * and the quiet wait), and a label whose mean canary differs from the
 * reference label's (the baseline, else the first) by more than its
 * CANARY_Z interval (95%); none of
 * them by less than CANARY_MIN_PCT, below which the canary's small
 * systematic effects lie. CANARY_LIST runs are named per line, then "and
 * N more". The noise of a run's canary is how the runs' canaries spread
 * about their labels' medians (a robust sd, from CANARY_NOISE_N runs on),
 * else what a canary's 3 timed compiles spread by (a single compile's
 * noise, more than a best of 3's), else CANARY_FALLBACK_PCT (records of
 * earlier versions). 4 sd: a quiet
 * machine's canaries have heavier tails than a normal's (measured on the
 * 2-core development VM: docs/design.md). */
#define CANARY_K 4.0
#define CANARY_Z 1.960
#define CANARY_MIN_PCT 2.0
#define CANARY_NOISE_N 6
#define CANARY_FALLBACK_PCT 1.8
#define CANARY_LIST 8

/* The canary's noise in a report, as fractions of the canary (0.012: 1.2%). */
struct canary_noise {
	double within;   /* one canary's sd from its timed compiles' spread (the median
	                  * spread / 1.693, the expected range of 3 in sd); NaN none */
	double across;   /* 1.4826 x the median absolute deviation of the runs' canaries
	                  * from their label's median; NaN below CANARY_NOISE_N runs */
	double run;      /* a run's canary's noise: across, else within, else the fallback */
	double dmid;     /* after over before, less 1: the median (0 below CANARY_NOISE_N runs) */
	double drift;    /* its noise: its robust sd (from CANARY_NOISE_N runs), else
	                  * within (else the fallback) x sqrt(2) */
};

/* canary_noise: z for the runs of m. 0, or -1 out of memory. */
int canary_noise(const struct rep_model *m, struct canary_noise *z);

/* canary_ntime: cell c's NTime: the mean over its ok runs of Time x the
 * reference / the run's canary (c->time_per_canary x m->canary_ref); NaN
 * when no run has a canary. rep_model_build keeps it in each row (ntime). */
double canary_ntime(const struct rep_model *m, const struct sum_cell *c);

/* canary_label: label's mean canary to *mean (NaN when none of its runs
 * has one), how far it lies from the reference label's mean canary (the
 * baseline, else the first label) in percent (*pct) and the half-width of
 * that figure's CANARY_Z interval (*half; NaN both for the reference
 * itself or when it has no canary). 1 when it lies beyond the noise
 * (beyond the interval and CANARY_MIN_PCT), else 0. */
int canary_label(const struct rep_model *m, const struct canary_noise *z, const char *label, double *mean,
                 double *pct, double *half);

/* canary_run_flag: whether run r (one of m's) lies beyond the noise z:
 * its canary off its label's median (drift 0), or its canary after off
 * its canary before beyond the usual difference (drift 1); how far it is,
 * in percent, to *pct (NaN when r has no canary). 1 flagged, else 0. */
int canary_run_flag(const struct rep_model *m, const struct canary_noise *z, const struct rec *r, int drift,
                    double *pct);

/* canary_line: line k (0, 1, 2) of the report's machine-speed note into
 * buf, 1 when there is one, 0 when not: 0, each label's mean canary
 * ("machine speed (canary: the best of 3 cc -O2 -c, seconds; reference
 * 0.141, the median of 12 runs; a run's canary varies by 1.2% (sd) here):
 * a 0.142, b 0.155 (+9.9% +-2.1% against a's: beyond the noise), c 0.143 (+0.7% +-2.1%)"; a label
 * within the noise keeps its figure and interval; none when no run has a canary); 1, the runs beyond the noise
 * ("runs whose canary lies beyond its noise (more than 4.8% from their
 * label's median): b no_load run 2 0.160 (+13.5%)"); 2, the runs that
 * drifted ("runs whose canary after differs from before beyond its noise
 * (by more than 6.8% from the usual -1.0%; the machine drifted): a io_load
 * run 1 0.139 -> 0.150 (+7.9%)"). */
int canary_line(const struct rep_model *m, int k, char *buf, size_t len);

#endif
