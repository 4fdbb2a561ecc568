/* store.h: the results directory: append-only files per label, LABEL.loads, LABEL.micro and LABEL.interact. */
#ifndef CONTEST_STORE_H
#define CONTEST_STORE_H

#include "results/record/interact_record.h"
#include "results/record/micro_record.h"
#include "results/record/record.h"

/* store_path: DIR/LABEL.loads into buf; -1 when it does not fit, or (errno
 * EINVAL) when label fails rec_label_check. */
int store_path(const char *dir, const char *label, char *buf, size_t len);

/* store_append: append r to its label's file with one write() on an O_APPEND
 * descriptor, then fsync. A new file gets the header in the same write, and
 * its directory is fsynced. A file whose last line is torn (no newline at
 * its end) has it marked with FIELD_TORN_MARK and ended first, so r is on a
 * line of its own. Returns 0, or -1 with errno set (nothing partial is
 * left: a failed write is truncated back; errno is the write's own, such
 * as ENOSPC, EDQUOT or EFBIG). EINVAL: r fails rec_check, or the file is
 * not a regular file; ELOOP: the file is a symbolic link. */
int store_append(const char *dir, const struct rec *r);

/* store_read_label: the records of one label (none when it has no file yet).
 * -1 (reported) when its file is a symbolic link or not a regular file. */
int store_read_label(const char *dir, const char *label, struct rec_set *out);

/* store_read_all: the records of every regular LABEL.loads file in dir (other
 * names are ignored). A file rec_read_file refuses is counted in
 * out->refused and the others are still read. -1 (reported) when dir cannot be read. */
int store_read_all(const char *dir, struct rec_set *out);

/* store_micro_append: append the lines of one microbenchmark suite run (all
 * of one label) to DIR/LABEL.micro in one write, as store_append does. */
int store_micro_append(const char *dir, const struct micro_record *v, size_t n);

/* store_micro_read_label: the lines of DIR/LABEL.micro, refused as
 * store_read_label refuses a LABEL.loads. */
int store_micro_read_label(const char *dir, const char *label, struct micro_record_set *out);

/* store_micro_read_all: every line of every LABEL.micro file in dir, as
 * store_read_all reads LABEL.loads files. */
int store_micro_read_all(const char *dir, struct micro_record_set *out);

/* store_interact_append: append one interactivity record to
 * DIR/LABEL.interact in one write, as store_append does. */
int store_interact_append(const char *dir, const struct interact_record *r);

/* store_interact_read_label, store_interact_read_all: the records of
 * DIR/LABEL.interact, of every LABEL.interact in dir, read and refused as
 * the LABEL.micro ones are. */
int store_interact_read_label(const char *dir, const char *label, struct interact_record_set *out);
int store_interact_read_all(const char *dir, struct interact_record_set *out);

/* store_env_append: append one invocation's environment fingerprint (text:
 * "key=value" lines) to DIR/LABEL.env after a line "@ TIMESTAMP", in one
 * write as store_append does (the file begins "contest-env<TAB>1"). 0, or -1
 * with errno. */
int store_env_append(const char *dir, const char *label, const char *timestamp, const char *text);

/* store_env_last: the fingerprint lines of the last invocation recorded in
 * DIR/LABEL.env into *text (malloc'd; NULL when there is none). 0, or -1
 * (reported) when the file is refused as store_read_label refuses one, or
 * cannot be read, or is not a contest-env file. */
int store_env_last(const char *dir, const char *label, char **text);

/* store_env_last_of: store_env_last, of the last invocation whose machine
 * is host (its "uname=" line's nodename; NULL: any): a results directory
 * shared by several hosts holds their blocks in one LABEL.env. */
int store_env_last_of(const char *dir, const char *label, const char *host, char **text);

#endif
