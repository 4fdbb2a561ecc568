/* journal.h: a kernel series on disk: its plan, the intent of the step under way, and what happened, replaced whole at each step so that a power loss leaves the one before or the one after. */
#ifndef CONTEST_SERIES_JOURNAL_H
#define CONTEST_SERIES_JOURNAL_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include "contest/series/boot.h"
#include "contest/series/order.h"

#define SERIES_MAX_LOADS  16
#define SERIES_MAX_ARGS   64
#define SERIES_ARG_MAX    (PATH_MAX + 32)
#define SERIES_MAX_EVENTS 400
#define SERIES_EVENT_MAX  240

/* Where a series is. Each phase names what the journal promises before the
 * side effect it leads to: ARM is written before the next kernel is armed,
 * REBOOT before the reboot, RUN before a run starts, so that whatever the
 * next boot finds, the journal says what may have happened. */
enum series_phase {
	PH_ARM,      /* the step's kernel is to be armed (boot_id: the boot arming it) */
	PH_REBOOT,   /* armed; rebooting into it (boot_id: the boot that asked) */
	PH_BOOTED,   /* the step's kernel runs (boot_id: its boot); load is the next run */
	PH_RUN,      /* a run of loads[load] is going (count: the records before it) */
	PH_DONE,     /* every step made: the series is over */
	PH_STOPPED   /* contest series stop: resume goes on from step */
};

/* series_phases: each phase's names, by phase: its word in the journal
 * ("arm") and what a person reads of a series in it ("arming"). */
extern const struct series_phase_name {
	const char *key, *doing;
} series_phases[PH_STOPPED + 1];

/* One kernel and what happened to it. */
struct series_kernel {
	struct boot_kernel k;
	int tries;       /* failed boots of the step under way (another kernel came up) */
	int crashes;     /* runs cut by a crash or hang, all steps */
	int dropped;     /* 1: given up (its remaining steps skipped) */
};

struct series_journal {
	/* the plan, fixed at the start */
	char id[48];                    /* the series' id, in each of its records */
	char driver[16];                /* the boot driver's name */
	char driver_opts[BOOT_OPTS_MAX];   /* the driver's own state (boot_ctx.opts), its to read */
	char root[PATH_MAX];            /* where the boot unit lives ("" the machine; the sim's folder) */
	char cwd[PATH_MAX];             /* the directory it was started in; runs start there */
	char results[PATH_MAX];         /* the results directory (absolute) */
	char program[PATH_MAX];         /* contest itself, for the runs */
	uint64_t seed;
	long rounds;
	int max_tries;                  /* failed boots (or cut runs) before a kernel is dropped */
	double deadline;                /* a run's most seconds (0: none) */
	double countdown;               /* seconds counted down before each reboot */
	size_t nk;
	struct series_kernel kern[SERIES_MAX_KERNELS];
	size_t nloads;
	char loads[SERIES_MAX_LOADS][32];
	size_t nargs;
	char args[SERIES_MAX_ARGS][SERIES_ARG_MAX];   /* every run's options */
	unsigned char order[SERIES_MAX_ROUNDS * SERIES_MAX_KERNELS];
	/* the state */
	enum series_phase phase;
	long step;                      /* round * nk + position in the round */
	size_t load;                    /* the step's next load */
	char boot_id[64];               /* as the phase says */
	long count;                     /* PH_RUN: the label's records of the load before the run */
	double asked;                   /* PH_REBOOT: when the reboot was asked (epoch s) */
	double boot_s;                  /* reboots measured: their seconds in all */
	int nboot;                      /* and how many */
	/* what happened, one line each, in order */
	size_t nev;
	char ev[SERIES_MAX_EVENTS][SERIES_EVENT_MAX];
};

/* journal_new: a journal, zeroed (calloc: it is some 400 KB); NULL, said,
 * when there is no memory. Freed with free(). */
struct series_journal *journal_new(void);

/* journal_write: j into DIR/journal (fs_replace), the one before kept as
 * DIR/journal.old. 0, or -1 with why (naming the file and errno's words:
 * "No space left on device" for a full disk). */
int journal_write(const char *dir, const struct series_journal *j, char *why, size_t len);

/* journal_format: j as the journal's text, its closing checksum line last,
 * into buf (size cap); its length, or 0 when it does not fit. */
size_t journal_format(const struct series_journal *j, char *buf, size_t cap);

/* journal_parse_text: the journal text buf[0..n) (changed in place) into
 * j. Its closing checksum must match (it tells a torn file from a whole
 * one; it is no secret), and then every line is held to the plan: each
 * number in its range, each key once but kernel, load, arg, order and
 * event, every key there, the driver's line as its driver has it
 * (boot_driver.opts_check), the kernels before
 * the order lines, one order line a round, each of them every kernel once;
 * the step inside the order and at its end only when done, the load inside
 * the list and before its end in a run. 0, or -1 with one line in why
 * ("torn or altered ...", "line N (KEY) is not a journal line: ...", "its
 * plan is incomplete: ...", "its state is outside its plan: ...") and
 * errno EILSEQ; j is then unspecified. */
int journal_parse_text(char *buf, size_t n, struct series_journal *j, char *why, size_t len);

/* journal_read: DIR/journal into j (journal_parse_text); when it is
 * missing, torn, altered (its closing checksum does not match) or refused
 * (a rule broken), DIR/journal.old, and *fallback set to 1 with what was
 * wrong in note. 0, or -1 with why (one line, naming each file) when
 * neither can be read (ENOENT: no series there). */
int journal_read(const char *dir, struct series_journal *j, int *fallback, char *note, size_t nlen,
                 char *why, size_t len);

/* journal_event: add a line to j's events ("round 2: b did not boot ..."),
 * the oldest dropped past SERIES_MAX_EVENTS; printf-like. */
void journal_event(struct series_journal *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* journal_step_kernel: the kernel of step s (order of its round); s is
 * held to the plan's steps and the answer to its kernels (a journal read
 * is checked so that both already are). */
size_t journal_step_kernel(const struct series_journal *j, long s);

#endif
