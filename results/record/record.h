/* record.h: one measured run of a load condition, and its line in a result file. */
#ifndef CONTEST_RECORD_H
#define CONTEST_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "results/record/evnames.h"

#define REC_FORMAT_NAME    "contest-loads"
#define REC_FORMAT_VERSION 1
#define REC_LABEL_MAX      64

/* The evidence of one run (why a row changed), NaN when not available:
 * system-wide deltas over the compile window (the first REV_SYS_N, in the
 * order of evidence.h's ev_fields), the compile's own rusage, and the
 * responsiveness probe's wake-ups; the lists of results/record/evnames.h name them
 * once. rec_ev_names[] are their column names. */
#define REV_ID(id, name) REV_##id,
enum rec_ev {
	REC_EV_SYS(REV_ID)
	REC_EV_RUN(REV_ID)
	REV_N
};
#undef REV_ID
#define REV_SYS_N REC_EV_SYS_N
extern const char *const rec_ev_names[REV_N];

/* One run. Strings never contain NUL; the file form escapes tab, newline, CR
 * and backslash. Numbers that are not available are NaN (written "na").
 * A new column: its field here and one row in cols[] of record.c, which
 * makes its header name, its formatting and its parsing. */
struct rec {
	/* the label; a report that keeps several hosts apart names it
	 * "HOST:LABEL" here (results/model/hosts.h), hence the room for a host */
	char label[REC_LABEL_MAX + 1 + 72];
	char load[32];
	int run;              /* 1-based, per label and load, across invocations */
	char timestamp[40];   /* UTC start of the run, "2026-11-30T13:18:49.123456Z" */
	char host[72];        /* uname nodename */
	char kernel[72];      /* uname -r */
	char version[24];     /* contest version that measured it */
	char workload[160];   /* workload identity, e.g. "builtin-1:tiny" */
	int jobs;             /* make -j */
	uint64_t mem;         /* MEM in bytes */
	int flushed;          /* 1 caches flushed before the run, 0 not, -1 not available */
	int failed;           /* 0 ok, 1 failed (then reason says why) */
	char reason[200];
	double time;          /* s, compile wall clock */
	double cpu_pct;       /* compile user+sys / time * 100 */
	double loads;         /* load units done inside the compile window */
	double lcpu_pct;      /* load tree user+sys inside the window / time * 100 */
	char detail[96];      /* what the load ran, where that varies ("built-in emulation") */
	char sysctl[160];     /* --sysctl settings in force, "vm.swappiness=10 ..." ("" none) */
	char confine[96];     /* --confine: "cgroup v1 memory.limit_in_bytes=N" ("" none) */
	char swap[160];       /* --swap: "N bytes in PATH" ("" none) */
	char series[48];      /* the kernel series the run belongs to ("" none: contest series) */
	int round;            /* its round in that series, from 1 (0: none, "na") */
	char boot[16];        /* how the series booted the kernel: oneshot, kexec, qemu, sim ("" none) */
	char guest[32];       /* boot qemu: the guest it ran in, "tcg 2 vcpus 2G" (tcg: emulated) */
	double ev[REV_N];     /* the run's evidence (enum rec_ev) */
};

/* A growable array of records. */
struct rec_set {
	struct rec *v;
	size_t n, cap;
	size_t bad;           /* malformed lines skipped while reading (each reported) */
	size_t torn;          /* of them torn lines (FIELD_TORN_MARK, or the last without its newline) */
	size_t refused;       /* whole files refused (each reported) by store_read_all */
};

/* rec_label_check: 0 when label is valid per the contract (1-64 chars from
 * A-Z a-z 0-9 . _ + - = , @ : ~, not starting with . or -); else -1 and *why
 * says what is wrong ("is empty", "is longer than 64 characters", ...). */
int rec_label_check(const char *label, const char **why);

/* rec_check: 0 when r can be written and read back (valid label, load name
 * of [a-z0-9_], run >= 1, a timestamp); else -1 and *why says what is wrong
 * ("run number is below 1", ...). */
int rec_check(const struct rec *r, const char **why);

/* rec_init: all strings empty, numbers NaN, run 0, flushed -1. */
void rec_init(struct rec *r);

/* rec_header: the two header lines a result file starts with:
 * "contest-loads\t1\n" then the tab-separated column names and "\n".
 * Returns the length written (snprintf semantics). */
int rec_header(char *buf, size_t len);

/* rec_format: r as one line ending in "\n". Returns the length, or -1 when
 * buf is too small. */
int rec_format(const struct rec *r, char *buf, size_t len);

/* rec_format_as: r as one line in the layout of another file's column line
 * cols (tab-separated names, no newline): the columns this version knows
 * in that order, "na" for those it does not. So a record appended to a file
 * begun by another version matches that file's header. Returns the length,
 * or -1 when buf is too small. */
int rec_format_as(const struct rec *r, const char *cols, char *buf, size_t len);

/* rec_columns: this version's column line (tab-separated names, no newline). */
const char *rec_columns(void);

/* rec_set_add: append a copy of r; -1 on allocation failure. */
int rec_set_add(struct rec_set *s, const struct rec *r);
void rec_set_free(struct rec_set *s);

/* rec_read_file: read every record of one result file into out. A malformed
 * line is reported as "contest: FILE:LINE: what is wrong" on stderr, counted
 * in out->bad and skipped. Unknown columns are ignored; known columns missing
 * from the header read as not available. In a file named LABEL.loads, a
 * record of another label is malformed. An empty file has no records.
 * Returns 0, or -1 (reported) when the file cannot be read or its header is
 * not this format (line 1, or a column line without label, load, run, status). */
int rec_read_file(const char *path, struct rec_set *out);
/* rec_read_stream: rec_read_file on an open stream, read to its end and not
 * closed; path names it in messages and gives the LABEL of LABEL.loads. */
int rec_read_stream(FILE *f, const char *path, struct rec_set *out);

/* canary_of: run r's canary in seconds: the mean of canary_s and
 * canary_after_s when both are there, else the one that is; NaN when none
 * (--no-canary, a record of an earlier version). */
double canary_of(const struct rec *r);

/* REC_EMULATED_NOTE: what every report says next to an emulated label's
 * figures. */
#define REC_EMULATED_NOTE "emulated (TCG): timings are the emulator's, not the kernel's"

/* rec_emulated: 1 when r ran in a guest whose every instruction was
 * emulated (its guest column names tcg, not kvm): its timings are the
 * emulator's, never to be compared with a native run's; else 0. */
int rec_emulated(const struct rec *r);

#endif
