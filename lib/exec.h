/* exec.h: a program found through PATH, and a program run without a shell, in a process group of its own, to its end or a time limit, its output captured up to a bound. */
#ifndef LIB_EXEC_H
#define LIB_EXEC_H

#include <stddef.h>

/* EXEC_ERR_MAX: the size of the buffer that keeps a program's error output (its end). */
#define EXEC_ERR_MAX 512

/* exec_which: the executable regular file name in a folder of PATH, the
 * first in PATH's order, into out (a file that is not executable, or not a
 * regular file, is passed over); 0, or -1 with errno ENOENT (also for a
 * name with a '/', an empty name or no PATH). */
int exec_which(const char *name, char *out, size_t len);

/* A program to run (set before exec_run; zero for the defaults), and what
 * came of it (set by exec_run). */
struct exec {
	char *const *argv;     /* its arguments, argv[0] its name */
	const char *path;      /* its file; NULL: argv[0] found by exec_which */
	int in;                /* a descriptor for its stdin (0: /dev/null; contest's own is never handed on) */
	size_t out_max;        /* the most bytes of its stdout kept (0: its stdout goes to /dev/null) */
	int keep_err;          /* 1: the end of its stderr kept in err (else to /dev/null) */
	int err_to_out;        /* 1: its stderr goes where its stdout goes, one stream */
	int die_with_parent;   /* 1: killed (SIGKILL) when the process that ran it dies */
	double limit;          /* seconds until its process group is stopped (0: no limit) */

	char *out;             /* its stdout, NUL-terminated, malloc'd (exec_free); NULL when not kept */
	size_t out_len;        /* out's bytes */
	int out_cut;           /* 1: not all of its stdout was kept (past out_max, the rest read and dropped) */
	char err[EXEC_ERR_MAX];   /* the last bytes of its stderr, NUL-terminated */
	int status;            /* its wait status; -1 when it was not started */
	int timed_out;         /* 1: its group was stopped at the limit */
};

/* exec_run: run x->argv: in a new process group, with the signals a
 * program may have changed back to their defaults and none blocked,
 * descriptors 0 to 2 only (stdin from x->in, stdout and stderr as asked),
 * to its end, and until its output ends (read as it comes, so that it never
 * blocks on a full pipe). At x->limit its group is ended (SIGTERM, a
 * second later SIGKILL) and its members reaped. Its exit status (0 to 255);
 * -1 when it was killed by a signal or at the limit (x->status and
 * x->timed_out say which), or was not started (x->status -1, errno: ENOENT
 * when it is not in PATH). */
int exec_run(struct exec *x);

/* exec_stdio: in a forked child, descriptors 0, 1 and 2 made from fd[0],
 * fd[1] and fd[2] (-1: /dev/null; fd is changed), each first moved above
 * 2 so that no dup2 overwrites one still needed; 0, or -1. */
int exec_stdio(int fd[3]);

/* exec_free: x->out freed (x may be run again). */
void exec_free(struct exec *x);

#endif
