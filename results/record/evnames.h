/* evnames.h: the evidence figures of a run, named once (X-macro lists) for the record columns and contest/sense/evidence. */
#ifndef CONTEST_EVNAMES_H
#define CONTEST_EVNAMES_H

/* REC_EV_SYS(X) calls X(ID, name) for each system-wide figure, in column
 * order: its enum rec_ev is REV_ID, its record column and its member of
 * struct ev_snap (evidence.h) are name. NaN when not available. */
#define REC_EV_SYS(X) \
	/* /proc/vmstat: counts of events since boot */ \
	X(PGMAJFAULT, pgmajfault)         /* major page faults */ \
	X(PSWPIN, pswpin)                 /* pages swapped in */ \
	X(PSWPOUT, pswpout)               /* pages swapped out */ \
	X(PGSCAN_KSWAPD, pgscan_kswapd)   /* pages scanned by kswapd */ \
	X(PGSCAN_DIRECT, pgscan_direct)   /* pages scanned by direct reclaim */ \
	X(PGSTEAL_KSWAPD, pgsteal_kswapd) /* pages reclaimed by kswapd */ \
	X(PGSTEAL_DIRECT, pgsteal_direct) /* pages reclaimed by direct reclaim */ \
	X(ALLOCSTALL, allocstall)         /* direct reclaim entries: the sum of every allocstall* line */ \
	/* /proc/pressure/{cpu,memory,io}: total= of the some and full lines, microseconds */ \
	X(PSI_CPU_SOME, psi_cpu_some) \
	X(PSI_CPU_FULL, psi_cpu_full)     /* only on kernels >= 5.13; NaN before */ \
	X(PSI_MEM_SOME, psi_mem_some) \
	X(PSI_MEM_FULL, psi_mem_full) \
	X(PSI_IO_SOME, psi_io_some) \
	X(PSI_IO_FULL, psi_io_full) \
	/* /proc/stat */ \
	X(CTXT, ctxt)                     /* context switches */

/* REC_EV_RUN(X): the same for the figures of the run itself, after those of
 * REC_EV_SYS: the compile's own rusage, then the responsiveness probe's
 * wake-ups (count and latency percentiles in microseconds), then the
 * interference over the window (contest/sense/interfere.h): CPU of
 * processes outside contest's compile, load and probe, and steal time, each
 * in percent of one CPU; then the quiet start (contest/engine/settle.h): the
 * seconds waited before the run and whether the machine got quiet (1, or 0
 * when the --settle bound passed first); then the machine-speed canary
 * (contest/engine/canary.h): its best-of-3 compile seconds before the run (after
 * the quiet start, before the load starts) and after it (the load
 * stopped), and the spread of each one's timed compiles (the slowest over
 * the fastest, less 1, in percent: its own noise); then the CPU limit of
 * contest's group over the window (contest/sense/interfere.h: the CPUs it
 * may use, NaN when unlimited) and the share of the window's cfs periods
 * in which it was throttled, in percent; last, how long the run was
 * stopped by a stop signal contest caught (SIGTSTP, SIGTTIN, SIGTTOU:
 * contest/engine/sig.h), 0 when it was not, and the longest gap between
 * the controller's wake-ups over the compile less its 0.5 s tick, in
 * seconds (a stop contest could not see, SIGSTOP, shows here and in the
 * probe's worst wake-up: results/model/stall.h). */
#define REC_EV_RUN(X) \
	X(C_MAJFLT, c_majflt) X(C_MINFLT, c_minflt) X(C_NVCSW, c_nvcsw) X(C_NIVCSW, c_nivcsw) \
	X(PROBE_N, probe_n) X(PROBE_P50, probe_p50_us) X(PROBE_P99, probe_p99_us) \
	X(PROBE_MAX, probe_max_us) X(FOREIGN, foreign_pct) X(STEAL, steal_pct) \
	X(SETTLE, settle_s) X(QUIET, quiet) X(CANARY, canary_s) X(CANARY_AFTER, canary_after_s) \
	X(CANARY_SPREAD, canary_spread_pct) X(CANARY_AFTER_SPREAD, canary_after_spread_pct) \
	X(CPU_LIMIT, cpu_limit) X(THROTTLED, throttled_pct) X(STOPPED, stopped_s) X(GAP, gap_s)

/* REC_EV_SYS_N: the number of figures of REC_EV_SYS. */
#define REC_EV_ONE(id, name) + 1
#define REC_EV_SYS_N (0 REC_EV_SYS(REC_EV_ONE))

#endif
