/* tar_common.h: running the real tar and counting its -v entries, shared by ctar_load and xtar_load (loads/tar_common.c). */
#ifndef CONTEST_TAR_COMMON_H
#define CONTEST_TAR_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include "loads/load.h"

/* What one tar run produced. */
struct tar_out {
	uint64_t entries;   /* lines of the -v listing (one per archive member) */
	uint64_t bytes;     /* "Total bytes written" of --totals, 0 when not printed */
	char msg[160];      /* tar's last "tar: ..." message before its closing one, "" when none */
};

/* tar_need: 0 when tar runs (tar --version); else -1 with "NAME needs tar" in errbuf. */
int tar_need(const char *name, char *errbuf, size_t errlen);

/* tar_run: run tar with argv (argv[0] "tar"), stdin from in_fd (-1:
 * /dev/null), stdout to out_fd (-1: with stderr into the pipe), working
 * directory dir_fd (-1: unchanged); read its stderr (and stdout) from a pipe,
 * counting listing lines into out (and, when c is not NULL, adding them to c
 * as they arrive). With "-f -" tar writes the archive to stdout and the
 * listing to stderr. Returns tar's wait status (status 127: tar could not be
 * executed), or -1 with errno when it could not be started. */
int tar_run(char *const argv[], int in_fd, int out_fd, int dir_fd, struct load_counter *c,
            struct tar_out *out);

/* tar_create: archive tree into archive_fd (-1: "/dev/null", only to count)
 * with the load excludes (*.o, vmlinux), listing and totals, as NAME's
 * untimed set-up; status 1 (files changed while read) is accepted. 0, or -1
 * with a one-line reason in errbuf. */
int tar_create(const char *name, const char *tree, int archive_fd, struct tar_out *out,
               char *errbuf, size_t errlen);

/* tar_prepare: the start of NAME's prepare: the workload's tree must be
 * given and tar run (tar_need); prep->path = testbed/file; the testbed
 * opened (load_dir) and a stale testbed/file removed (load_clear). The
 * testbed's descriptor, or -1 with a one-line reason in errbuf. */
int tar_prepare(const char *name, const struct load_env *env, const char *file,
                struct load_prep *prep, char *errbuf, size_t errlen);

/* tar_why: "tar exited with status N: MSG" (or killed by a signal, or could
 * not be executed) into buf for wait status st. */
void tar_why(int st, const struct tar_out *out, char *buf, size_t len);

#endif
