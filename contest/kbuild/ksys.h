/* ksys.h: what a kernel build does to the world (git, make and the compiler run, the CPUs counted, a program looked up), behind a seam a test can play. */
#ifndef CONTEST_KBUILD_KSYS_H
#define CONTEST_KBUILD_KSYS_H

#include <stddef.h>

/* struct kbuild_sys: the seam. A test plays it whole, or wraps the real
 * functions (ksys_run, ksys_cpus, ksys_have) to count or refuse calls. */
struct kbuild_sys {
	/* run: as ksys_run */
	int (*run)(void *ctx, char *const argv[], const char *cwd, const char *log, char *out, size_t olen,
	           char *why, size_t len);
	/* cpus: the CPUs a build may use (make's -j) */
	int (*cpus)(void *ctx);
	/* have: 1 when program prog is in PATH */
	int (*have)(void *ctx, const char *prog);
	void *ctx;   /* handed to each */
};

/* kbuild_sys_real: the seam as it is outside tests. */
extern const struct kbuild_sys kbuild_sys_real;

/* ksys_run: argv (argv[0] looked up in PATH) run in folder cwd (NULL:
 * here), stdin /dev/null, killed with this process (PR_SET_PDEATHSIG);
 * its output and errors appended to the file log when log is not NULL,
 * else its output (at most olen - 1 bytes, NUL-ended) in out and its
 * errors dropped. Its exit status (0-255, 128+N when a signal N ended it),
 * or -1 with why when it could not be started. ctx unused. */
int ksys_run(void *ctx, char *const argv[], const char *cwd, const char *log, char *out, size_t olen, char *why,
             size_t len);
/* ksys_cpus: the CPUs this process may run on (its affinity), at least 1. */
int ksys_cpus(void *ctx);
/* ksys_have: 1 when prog is an executable file in a folder of PATH. */
int ksys_have(void *ctx, const char *prog);

#endif
