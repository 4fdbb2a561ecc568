/* err.h: one-line messages on stderr ("contest: ..."), exits with the statuses every command uses. */
#ifndef LIB_ERR_H
#define LIB_ERR_H

/* Exit statuses: a run failed, a usage or input error, interrupted; a
 * report that skipped malformed lines (each said) but showed the rest. */
enum { EXIT_RUNFAIL = 1, EXIT_USAGE = 2, EXIT_INTR = 130, EXIT_SKIPPED = 1 };

/* err_set_progname: name used as the prefix of every message ("contest"). */
void err_set_progname(const char *name);

/* warnx: print "PROGNAME: MSG" on stderr. */
void warnx(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* warn: like warnx, followed by ": strerror(errno)". */
void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* errx/err: like warnx/warn, then exit with status code (err_exit_hook first, when set). */
_Noreturn void errx(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
_Noreturn void err(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* err_exit_hook: NULL by default. When set, errx and err call it with the
 * exit status after the message instead of exiting: a fuzz target longjmps
 * back from it; a command whose caller reads exit codes its own way (bisect,
 * for git bisect run) exits with its own status from it. If it returns,
 * exit follows. */
extern void (*err_exit_hook)(int status);

#endif
