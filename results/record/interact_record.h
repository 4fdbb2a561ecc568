/* interact_record.h: interactivity results: one line per simulated task, background condition and run, and the LABEL.interact file form. */
#ifndef CONTEST_IREC_H
#define CONTEST_IREC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "results/record/record.h"

#define IREC_FORMAT_NAME    "contest-interact"
#define IREC_FORMAT_VERSION 1

/* One task's window under one background condition. Strings hold no tab
 * or newline (interact_record_format turns them into spaces: FIELD_FLAT of
 * results/record/field.h). Figures not available are NaN ("na" in the file):
 * met_pct for game (no deadline), fps for the periodic tasks. */
struct interact_record {
	char label[REC_LABEL_MAX + 1];
	char task[16];        /* audio, video, desktop, game */
	char load[32];        /* the background: a load's name, "compile" or "no_load" */
	int run;              /* 1-based per label, task and load, across invocations */
	char timestamp[40];   /* UTC start of the window */
	char host[72];
	char kernel[72];
	char version[24];
	char workload[160];   /* the compile's identity ("builtin-1:tiny") */
	int jobs;             /* make -j of the compile background */
	uint64_t mem;         /* MEM the loads were scaled to */
	int flushed;          /* 1 caches flushed before the window, 0 not (interact never flushes) */
	double seconds;       /* the window's length, s */
	char policy[8];       /* "normal" or "fifo" (--rt) */
	int nice;             /* --nice */
	double loops_ms;      /* the calibration: work loops per millisecond */
	uint64_t seed;        /* desktop: the burst generator's seed; 0 for the others */
	uint64_t wakeups;     /* wake-ups (periodic tasks) or frames (game) measured */
	double lat_mean_us, lat_sd_us, lat_p99_us, lat_max_us;  /* lateness, microseconds */
	double met_pct;       /* % of periods whose work finished before the next began */
	double cpu_pct;       /* % of the CPU the task asked for that it obtained */
	double fps;           /* game: frames per second */
	char detail[96];      /* what the load ran where that varies ("" none) */
	char sysctl[160];     /* --sysctl settings in force ("" none), as in LABEL.loads */
	char confine[96];     /* --confine or the default machine's memory group ("" none) */
	char swap[160];       /* --swap file ("" none) */
};

struct interact_record_set {
	struct interact_record *v;
	size_t n, cap;
	size_t bad;           /* malformed lines skipped (each reported) */
	size_t torn;          /* of them torn lines (FIELD_TORN_MARK, or the last without its newline) */
	size_t refused;       /* whole files refused (each reported) by store_interact_read_all */
};

/* interact_record_header: the two header lines of a LABEL.interact file (format name
 * and version, column names); snprintf semantics. */
int interact_record_header(char *buf, size_t len);
/* interact_record_format: r as one line ending in "\n"; its length, or -1 when buf is too small. */
int interact_record_format(const struct interact_record *r, char *buf, size_t len);
/* interact_record_set_add: append a copy; -1 on allocation failure. */
int interact_record_set_add(struct interact_record_set *s, const struct interact_record *r);
void interact_record_set_free(struct interact_record_set *s);
/* interact_record_read_stream: every line of one LABEL.interact file, open as f and
 * named path, into out; a malformed line is reported as "contest:
 * FILE:LINE: what" and counted in out->bad. Returns 0, or -1 (reported)
 * when it cannot be read or is not this format and version. */
int interact_record_read_stream(FILE *f, const char *path, struct interact_record_set *out);
/* interact_record_read_file: interact_record_read_stream of the file at path. */
int interact_record_read_file(const char *path, struct interact_record_set *out);

#endif
