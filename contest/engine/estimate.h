/* estimate.h: the arithmetic of one run's estimated time (no I/O): a compile's base time from recorded compiles or from the canary and the workload's size, the loads' cost factors, the overhead around a compile. */
#ifndef CONTEST_ESTIMATE_H
#define CONTEST_ESTIMATE_H

#include <stddef.h>

/* The first guess's figures, measured on the main job (the default
 * scale, -j8, an emulated 4G machine, as root; each run's seconds from the
 * times its lines came out) and on a tinyconfig tree (the machine and the
 * figures: docs/measurements.md: first guess):
 * EST_UNIT_CANARIES: the CPU time of one built-in translation unit (the
 * same at every scale: builtin_units) in canaries: no_load's Time x the
 * CPUs over canary x units.
 * EST_LINE_CANARIES: a real tree's compile CPU time per "=y" line of its
 * .config (ktree_config_y) in canaries: no_load's Time x the CPUs over
 * canary x lines. A rough proxy: a config's objects grow with its options,
 * not in step with them.
 * EST_STEP_SECS: what a run takes beside its compile, its lead and its
 * prepare: make clean, flushing, the quiet wait, two canaries, stopping
 * the load. */
#define EST_UNIT_CANARIES 1.29
#define EST_LINE_CANARIES 2.5
#define EST_STEP_SECS     3.0

/* What the estimate of one load condition starts from. */
struct est_load {
	double cost;          /* the load's cost factor (load_desc.cost; 0 taken as 1) */
	double secs;          /* mean recorded compile of the same workload, seconds */
	size_t nrec;          /* the runs that mean is of; 0: none, a first guess */
};

/* est_base: the no_load compile, in seconds, the first guesses scale from:
 * from the n loads with records, each one's mean over its cost factor
 * (weighted by its runs); without any, canary x units x per_unit over cpus
 * (per_unit: EST_UNIT_CANARIES for the built-in's units, EST_LINE_CANARIES
 * for a tree's .config lines); NaN when neither is known (no records, and
 * canary or units not finite or not above 0, or cpus below 1). */
double est_base(const struct est_load *l, size_t n, double canary, double units, double per_unit,
                int cpus);

/* est_compile: load l's compile in seconds: its records' mean when it has
 * some, else base x its cost factor (NaN when base is). */
double est_compile(const struct est_load *l, double base);

/* est_overhead: the seconds of a run beside its compile and lead: the
 * fixed EST_STEP_SECS, its prepare's prep seconds, and a warm-up compile
 * of compile seconds when warm_up. */
double est_overhead(double prep, int warm_up, double compile);

/* est_fmt_guess: a first guess of s seconds as said: "about 9 min" (whole
 * minutes from 2 minutes on, up to 2 h, then "about 3.5 h"), "about 50s"
 * below; into buf, which is returned. */
const char *est_fmt_guess(double s, char *buf, size_t len);

#endif
