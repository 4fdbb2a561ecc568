/* micro_record.h: microbenchmark results: one line per metric of one suite run, and the LABEL.micro file form. */
#ifndef CONTEST_MREC_H
#define CONTEST_MREC_H

#include <stddef.h>
#include <stdio.h>
#include "results/record/record.h"

#define MREC_FORMAT_NAME    "contest-micro"
#define MREC_FORMAT_VERSION 1

/* One metric of one run. Strings hold no tab or newline (micro_record_format turns
 * them into spaces: FIELD_FLAT of results/record/field.h). value is NaN when the
 * metric was not available. */
struct micro_record {
	char label[REC_LABEL_MAX + 1];
	int run;              /* 1-based per label, across invocations */
	char timestamp[40];   /* UTC start of the suite run */
	char host[72];
	char kernel[72];
	char version[24];
	char mode[8];         /* "full" or "quick" */
	char placement[32];   /* where two-process benchmarks ran, "cpu1" */
	char metric[32];      /* "null_call", "curve_4096", ... */
	double value;         /* us, ns, MB/s, MHz or bytes by metric */
	double spread;        /* (max - min) / median of the samples */
	char reason[128];     /* why not available */
	int lmbench;          /* 1 when read from lmbench's results (mode MREC_MODE_LMBENCH),
	                       * not measured by contest; set by micro_record_set_add */
};

/* struct micro_record.mode of the lines read from lmbench's own results (results/lmbench/). */
#define MREC_MODE_LMBENCH "lmbench"

struct micro_record_set {
	struct micro_record *v;
	size_t n, cap;
	size_t bad;           /* malformed lines skipped (each reported) */
	size_t torn;          /* of them torn lines (FIELD_TORN_MARK, or the last without its newline) */
	size_t refused;       /* whole files refused (each reported) by store_micro_read_all */
};

/* micro_record_header: the two header lines of a LABEL.micro file; snprintf semantics. */
int micro_record_header(char *buf, size_t len);
/* micro_record_format: m as one line ending in "\n"; the length, or -1 when buf is too small. */
int micro_record_format(const struct micro_record *m, char *buf, size_t len);
/* micro_record_set_add: append a copy, its lmbench set from its mode; -1 on allocation failure. */
int micro_record_set_add(struct micro_record_set *s, const struct micro_record *m);
void micro_record_set_free(struct micro_record_set *s);
/* micro_record_read_file: every line of one LABEL.micro file into out; a malformed
 * line is reported as "contest: FILE:LINE: what" and counted in out->bad.
 * Returns 0, or -1 (reported) when the file cannot be read or is not this format. */
int micro_record_read_file(const char *path, struct micro_record_set *out);
/* micro_record_read_stream: micro_record_read_file on an open stream, read to its end and not
 * closed; path names it in messages. */
int micro_record_read_stream(FILE *f, const char *path, struct micro_record_set *out);

#endif
