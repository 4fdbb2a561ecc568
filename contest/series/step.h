/* step.h: a series going on: what the journal and the kernel that runs now say to do next, done until the next reboot, the end, or a stop. */
#ifndef CONTEST_SERIES_STEP_H
#define CONTEST_SERIES_STEP_H

#include "contest/series/boot.h"
#include "contest/series/journal.h"

/* A series being driven by this process. */
struct series_ctx {
	const char *dir;                 /* the journal's folder */
	struct series_journal *j;
	const struct boot_driver *drv;
	struct boot_ctx bc;
	struct boot_running now;         /* the kernel that runs */
	int torn;                        /* 1: the journal was read from journal.old (the last torn) */
};

/* series_go: the steps of c's series from where its journal stands, on the
 * kernel that runs: runs made and recorded, failed boots counted, cut runs
 * kept as incomplete, kernels dropped, until a reboot is asked (0: the
 * machine goes down), the series ends (0, its unit removed and its
 * closing report printed) or stops (0). Every step's intent is in the
 * journal before its side effect. Exit status 1 when the journal cannot be
 * written or the driver fails (said in one line). */
int series_go(struct series_ctx *c);

/* series_stop_asked: 1 when DIR/stop exists (contest series stop). */
int series_stop_asked(const char *dir);

/* series_save: the journal written; 0, or -1 (said). */
int series_save(struct series_ctx *c);

/* series_end: the series over or stopped: nothing armed, the boot unit
 * removed, the journal's phase ph; 0, or 1 (said). When disarming fails,
 * neither: the series is not marked done or stopped and its unit stays,
 * so that the next resume or 'contest series stop' disarms again (1, said
 * in one line). */
int series_end(struct series_ctx *c, enum series_phase ph);

#endif
