/* story.h: a kernel series' story beside its records, RESULTS/series-ID.story: its plan (kernels, loads, each round's order, the guests) and its events, written by the series and read by the report. */
#ifndef RESULTS_RECORD_STORY_H
#define RESULTS_RECORD_STORY_H

#include <stddef.h>

#define STORY_NAME        "contest-story"
#define STORY_VERSION     1
#define STORY_CAP         (1 << 21)   /* the most bytes of a story file */
#define STORY_MAX_KERNELS 16
#define STORY_MAX_LOADS   16
#define STORY_MAX_ROUNDS  1000
#define STORY_MAX_EVENTS  400
#define STORY_ID_MAX      48          /* with the NUL, as a record's series column */
#define STORY_LABEL_MAX   72
#define STORY_RELEASE_MAX 128
#define STORY_SPEC_MAX    512
#define STORY_LOAD_MAX    32
#define STORY_GUEST_MAX   128
#define STORY_EVENT_MAX   240

/* What an event tells, as the series wrote it: its word in the file. */
enum story_kind {
	STORY_NOTE,   /* "note": anything else (a resume, a stop, a torn journal) */
	STORY_BOOT,   /* "boot": a kernel did not come up */
	STORY_CUT,    /* "cut": a run cut (a crash, hang, power loss), made again */
	STORY_RUN,    /* "run": a run ended without an outcome (past its deadline, no record) */
	STORY_DROP,   /* "drop": a kernel given up, its remaining steps skipped */
	STORY_KINDS
};

/* story_kind_word: kind's word in the file ("boot"); story_kind_what: what
 * it is for a reader ("failed boot"). */
const char *story_kind_word(int kind);
const char *story_kind_what(int kind);

struct story_kernel {
	char label[STORY_LABEL_MAX];
	char release[STORY_RELEASE_MAX];   /* its uname -r */
	char spec[STORY_SPEC_MAX];         /* how it is booted, as given to series start */
	int dropped;                       /* 1: given up */
};

struct story_event {
	int kind;                          /* enum story_kind */
	char text[STORY_EVENT_MAX];        /* the series' line ("round 2: b did not come up ...") */
};

/* A series' plan and what happened in it. */
struct series_story {
	char id[STORY_ID_MAX];             /* the series' id, in each of its records */
	char driver[16];                   /* how it boots its kernels: oneshot, kexec, qemu, sim */
	unsigned long long seed;           /* the seed of its order */
	char guest[STORY_GUEST_MAX];       /* a guest driver's guests ("tcg 2 vcpus 2G"); "" none */
	long rounds;
	size_t nk;
	struct story_kernel kern[STORY_MAX_KERNELS];
	size_t nloads;
	char loads[STORY_MAX_LOADS][STORY_LOAD_MAX];
	unsigned char order[STORY_MAX_ROUNDS * STORY_MAX_KERNELS];   /* round r's p-th: kern[order[r*nk+p]] */
	size_t nev;
	struct story_event ev[STORY_MAX_EVENTS];   /* in order */
};

/* story_path: DIR/series-ID.story into buf; -1 when it does not fit or
 * (errno EINVAL) id is not a name a file may carry (rec_label_check). */
int story_path(const char *dir, const char *id, char *buf, size_t len);

/* story_format: s as the file's text into buf (size cap): line 1
 * "contest-story<TAB>1", then id, driver, seed, guest (when any), rounds,
 * one kernel line each (label, release, spec, kept or dropped), one load
 * line each, one order line a round (its number, then its labels in
 * order), one event line each (kind, text), and "end"; strings escaped as
 * in result files. Its length, or 0 when it does not fit. */
size_t story_format(const struct series_story *s, char *buf, size_t cap);

/* story_parse: the story text buf[0..n) (changed in place) into s. Every
 * line is held to the format: line 1 the name and version, "end" the last
 * line and ending in a newline, no NUL; each key known and in its bounds,
 * id, driver, seed and rounds once each, guest at most once, every
 * string but a kernel's release and spec not empty; 1 to
 * STORY_MAX_KERNELS kernels, each label valid and once, all before the
 * first order line; 1 to STORY_MAX_LOADS loads; one order line a round,
 * numbered in turn, each naming every kernel once; at most STORY_MAX_EVENTS
 * events, each of a known kind. 0, or -1 with one line in why ("line N
 * (KEY): ...", "it has no end line (cut short?)"); s is then unspecified. */
int story_parse(char *buf, size_t n, struct series_story *s, char *why, size_t len);

/* story_read: DIR/series-ID.story into s (story_parse), read only when it
 * is a regular file (never through a symbolic link, nor blocking on a
 * FIFO) of at most STORY_CAP bytes. 0; 1 when there is none (ENOENT: a
 * plain run, or a series older than story files); -1 with why (one line
 * naming the file) when it cannot be read or is refused. */
int story_read(const char *dir, const char *id, struct series_story *s, char *why, size_t len);

#endif
