/* err.c: one-line messages on stderr prefixed with the program's name, and exits with a status. */
#include "lib/err.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *progname = "contest";

void (*err_exit_hook)(int status) = NULL;

void err_set_progname(const char *name) { progname = name; }

static void vmsg(int with_errno, const char *fmt, va_list ap)
{
	int e = errno;
	char buf[1024];
	int n = snprintf(buf, sizeof buf, "%s: ", progname);
	vsnprintf(buf + n, sizeof buf - (size_t)n, fmt, ap);
	if (with_errno) {
		size_t l = strlen(buf);
		snprintf(buf + l, sizeof buf - l, ": %s", strerror(e));
	}
	fflush(stdout);
	fprintf(stderr, "%s\n", buf);
	errno = e;
}

void warnx(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(0, fmt, ap);
	va_end(ap);
}

void warn(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(1, fmt, ap);
	va_end(ap);
}

void errx(int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(0, fmt, ap);
	va_end(ap);
	if (err_exit_hook != NULL)
		err_exit_hook(code);
	exit(code);
}

void err(int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(1, fmt, ap);
	va_end(ap);
	if (err_exit_hook != NULL)
		err_exit_hook(code);
	exit(code);
}
