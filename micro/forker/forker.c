/* forker.c: contest-forker, the small program Fork proc forks from: told a count on stdin, it forks that many children that leave at once, and replies with the time they took. */
/*
 * Built by make as build/contest-forker (installed as
 * PREFIX/lib/contest/contest-forker), dynamically linked with the C
 * library only: a separate program, not part of contest. contest's Fork
 * proc runs its fork + exit + wait loop here rather than in its own large
 * process, because fork copies and exit frees every private page table
 * entry and memory area of the process that forks, so the figure depends
 * on the forking process's size (docs/micro.md: fork proc). The process
 * stays as small as a freshly started C program: no stdio, no heap, no
 * large buffers, little stack before the forks.
 *
 * Protocol, one request at a time: contest writes a count N (decimal, one
 * line) to stdin; the program forks N children one after another, each
 * leaving through exit(1) and reaped with waitpid before the next fork, and
 * writes one line to stdout:
 *   "ok NS CHILD_MINFLT SELF_MINFLT\n"  the loop's monotonic time in ns, the
 *                                       minor faults of its children and its own
 *   "error WHAT\n"                      the loop failed (the request ends there)
 * End of input (contest closed the pipe) ends the program with status 0; a
 * request that is no count ends it with status 2 after an error line.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* put: write s (len bytes) to stdout whole; 0 or -1. */
static int put(const char *s, size_t len)
{
	while (len > 0) {
		ssize_t w = write(1, s, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		s += w;
		len -= (size_t)w;
	}
	return 0;
}

/* num: the decimal digits of v at the end of buf (of 24); their start. */
static char *num(char *buf, uint64_t v)
{
	char *p = buf + 23;

	*p = '\0';
	do
		*--p = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	return p;
}

/* reply: "ok NS CHILD SELF\n" or, when what is set, "error WHAT: ERRNO\n". */
static int reply(const char *what, int err, uint64_t ns, uint64_t child, uint64_t self)
{
	char line[128], d[24];
	size_t n = 0;
	const char *part[7];
	int k = 0;

	if (what) {
		part[k++] = "error ";
		part[k++] = what;
		part[k++] = err ? ": " : "";
		part[k++] = err ? strerror(err) : "";
	} else {
		part[k++] = "ok ";
		part[k++] = num(d, ns);
	}
	for (int i = 0; i < k; i++) {
		size_t l = strlen(part[i]);
		if (n + l >= sizeof(line) - 48)
			l = sizeof(line) - 48 - n;
		memcpy(line + n, part[i], l);
		n += l;
	}
	for (int i = 0; !what && i < 2; i++) {
		const char *s = num(d, i ? self : child);
		line[n++] = ' ';
		memcpy(line + n, s, strlen(s));
		n += strlen(s);
	}
	line[n++] = '\n';
	return put(line, n);
}

/* request: the next count from stdin into *n; 1, 0 at end of input, -1 when
 * the line is no count. Read a byte at a time: no buffer to keep. */
static int request(uint64_t *n)
{
	char c;
	int digits = 0;

	*n = 0;
	for (;;) {
		ssize_t r = read(0, &c, 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return digits ? -1 : 0;
		if (c == '\n')
			return digits && *n > 0 ? 1 : -1;
		if (c < '0' || c > '9' || *n > UINT64_MAX / 10 - 1)
			return -1;
		*n = *n * 10 + (uint64_t)(c - '0');
		digits++;
	}
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* minflt: the minor faults of this process (RUSAGE_SELF) or its reaped
 * children (RUSAGE_CHILDREN). */
static uint64_t minflt(int who)
{
	struct rusage ru;

	return getrusage(who, &ru) == 0 ? (uint64_t)ru.ru_minflt : 0;
}

/* forks: n rounds of fork, the child leaving through exit(1), waitpid; 0,
 * or -1 with *what (and errno) set. */
static int forks(uint64_t n, const char **what)
{
	for (uint64_t i = 0; i < n; i++) {
		int st;
		pid_t pid = fork();
		if (pid < 0) {
			*what = "fork";
			return -1;
		}
		if (pid == 0)
			exit(1);
		while (waitpid(pid, &st, 0) != pid) {
			if (errno != EINTR) {
				*what = "waitpid";
				return -1;
			}
		}
		if (!WIFEXITED(st) || WEXITSTATUS(st) != 1) {
			*what = "a child did not exit with status 1";
			errno = 0;
			return -1;
		}
	}
	return 0;
}

int main(void)
{
	uint64_t n;
	int r;

	while ((r = request(&n)) > 0) {
		const char *what = NULL;
		uint64_t c0 = minflt(RUSAGE_CHILDREN), s0 = minflt(RUSAGE_SELF);
		uint64_t t0 = now_ns();
		int rc = forks(n, &what);
		uint64_t t1 = now_ns();
		int e = errno;

		if (rc != 0 ? reply(what, e, 0, 0, 0) : reply(NULL, 0, t1 - t0,
		    minflt(RUSAGE_CHILDREN) - c0, minflt(RUSAGE_SELF) - s0))
			return 1;
	}
	if (r < 0) {
		reply("the request is no count of forks", 0, 0, 0, 0);
		return 2;
	}
	return 0;
}
