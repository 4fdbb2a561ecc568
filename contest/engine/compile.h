/* compile.h: run one command of the workload (make, make clean) and time it. */
#ifndef CONTEST_COMPILE_H
#define CONTEST_COMPILE_H

#include <stddef.h>
#include <sys/resource.h>

struct compile_result {
	double time;        /* monotonic seconds from just before fork to wait4's return */
	double gap;         /* the longest time between the controller's wake-ups while it
	                     * waited (a tick every 0.5 s), less the tick, seconds (0 none):
	                     * a stop of contest it could not catch shows here */
	struct rusage ru;   /* the command's whole tree, from wait4 */
	int wstatus;
};

enum { COMPILE_OK = 0, COMPILE_FAILED = -1, COMPILE_INTR = -2 };

/* compile_run: run argv (searched in PATH) in dir, in its own process group,
 * with stdin from /dev/null and stdout+stderr to log, made afresh (what is at
 * its name goes when it is a link or contest's own; the new file is created
 * O_EXCL|O_NOFOLLOW; a directory anybody may write without the sticky bit
 * is refused). make's variables inherited from a calling make (MAKEFLAGS
 * ...) are removed. While it runs, tick(arg, elapsed) is called about twice
 * a second when non-NULL. A stop of contest (sig.h) stops its process
 * group too. Returns COMPILE_OK (exit status 0), COMPILE_FAILED
 * (reason in errbuf; when the command ran out of disk space, the reason says
 * so), or COMPILE_INTR when sig_caught was set (the command is stopped first). */
int compile_run(const char *dir, char *const argv[], const char *log,
                void (*tick)(void *arg, double elapsed), void *arg,
                struct compile_result *res, char *errbuf, size_t errlen);

/* compile_log_open: make log afresh: what is at its name goes when it is a
 * link or contest's own (another user's is refused), then a new file is
 * created with O_EXCL|O_NOFOLLOW, so no link, FIFO or hard link planted
 * there is ever written or truncated. The descriptor (read and write), or
 * -1 with a one-line reason in errbuf. */
int compile_log_open(const char *log, char *errbuf, size_t errlen);

/* compile_failure: the reason a command cmd that wrote into logfd (the
 * log at log) in dir failed with wait status wstatus, as compile_run gives
 * it: "make exited with status 2: No space left on device (log: LOG)"
 * (the space note only when the log or the file system says so). */
void compile_failure(int logfd, const char *dir, const char *log, const char *cmd, int wstatus,
                     char *buf, size_t len);

/* compile_unset_make_vars: in a child about to run make: remove the
 * variables a calling make passes down (MAKEFLAGS ...), so the workload's
 * make is the same whoever started contest. */
void compile_unset_make_vars(void);

/* compile_log_tail: print the last n lines of log on stderr, indented;
 * nothing when log is not contest's own regular file (a link, say). */
void compile_log_tail(const char *log, int n);

/* How many failed runs' logs compile_keep_failed keeps in a testbed. */
#define COMPILE_FAILED_KEEP 5

/* compile_keep_failed: after a compile failed: keep its log (contest's own
 * file at log) for the record, renamed in its directory to LOG.TAG.failed
 * (compile.log.LABEL-LOAD-RUN.failed; what was at that name goes when it is
 * a link or contest's own), so the next run's log does not replace it; the
 * oldest such logs beyond the newest COMPILE_FAILED_KEEP are removed. In
 * why, compile_run's "(log: LOG)" then names the kept file, whose path
 * goes in kept. 0, or -1 (why unchanged, the log left where it is). */
int compile_keep_failed(const char *log, const char *tag, char *why, size_t len, char *kept,
                        size_t keptlen);

#endif
