/* calib.c: the calibration of contest interact: measured with the task's own work loop, kept per host in the results directory, strict reader. */
#include "contest/interact/calib.h"
#include "contest/engine/setup.h"
#include "contest/interact/task.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int icalib_format(const struct icalib *c, char *buf, size_t len)
{
	return snprintf(buf, len, "%s\t%d\nhost\t%s\ntimestamp\t%s\nloops_ms\t%.17g\n", ICALIB_FORMAT,
	                ICALIB_VERSION, c->host, c->timestamp, c->loops_ms);
}

/* parse_pair: line (KEY<TAB>VALUE, its newline cut) into c; *seen gets the
 * key's bit; NULL, or what is wrong. */
static const char *parse_pair(char *line, struct icalib *c, unsigned *seen)
{
	static const char *const keys[] = { "host", "timestamp", "loops_ms" };
	char *tab = strchr(line, '\t'), *end;
	size_t k;

	if (tab == NULL)
		return "no tab between key and value";
	*tab++ = '\0';
	for (k = 0; k < 3 && strcmp(line, keys[k]) != 0; k++)
		;
	if (k == 3)
		return "unknown key";
	if (*seen & 1u << k)
		return "key given twice";
	*seen |= 1u << k;
	if (k == 2) {
		errno = 0;
		c->loops_ms = strtod(tab, &end);
		if (*tab == '\0' || *end != '\0' || errno != 0 || !isfinite(c->loops_ms) || c->loops_ms <= 0)
			return "bad loops_ms (a positive number of loops per millisecond)";
		return NULL;
	}
	if (*tab == '\0' || strchr(tab, '\t') != NULL ||
	    text_copy(k == 0 ? c->host : c->timestamp, tab, k == 0 ? sizeof c->host : sizeof c->timestamp) >=
	    (k == 0 ? sizeof c->host : sizeof c->timestamp))
		return k == 0 ? "bad host" : "bad timestamp";
	return NULL;
}

int icalib_parse(const char *text, const char *path, struct icalib *c, char *why, size_t len)
{
	char line[256], head[64];
	const char *p = text, *nl, *bad = NULL;
	unsigned seen = 0;
	int n = 0;

	memset(c, 0, sizeof *c);
	snprintf(head, sizeof head, "%s\t%d", ICALIB_FORMAT, ICALIB_VERSION);
	for (; *p != '\0' && bad == NULL; p = nl + 1) {
		n++;
		if ((nl = strchr(p, '\n')) == NULL)
			bad = "incomplete last line (no newline at the end of the file)";
		else if ((size_t)(nl - p) >= sizeof line)
			bad = "line too long";
		else {
			memcpy(line, p, (size_t)(nl - p));
			line[nl - p] = '\0';
			if (n == 1)
				bad = strcmp(line, head) == 0 ? NULL : "not a contest-interact-calib 1 file";
			else
				bad = parse_pair(line, c, &seen);
		}
	}
	if (bad == NULL && seen != 7) {
		n++;
		bad = n == 1 ? "empty file" : "host, timestamp or loops_ms missing";
	}
	if (bad == NULL)
		return 0;
	text_fmt(why, len, "%s:%d: %s", path, n, bad);
	return -1;
}

/* cpu_ms: this thread's CPU time in milliseconds. */
static double cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

double icalib_measure(void)
{
	uint64_t loops = 1000;
	double best = INFINITY, t;

	for (;;) {   /* a count that takes 20 ms at least */
		t = cpu_ms();
		itask_burn(loops);
		if ((t = cpu_ms() - t) >= 20)
			break;
		loops *= t > 1 ? (uint64_t)(25 / t) + 1 : 10;
	}
	for (int i = 0; i < 5; i++) {
		t = cpu_ms();
		itask_burn(loops);
		t = cpu_ms() - t;
		if (t > 0 && t < best)
			best = t;
	}
	return (double)loops / best;
}

/* store: c written to path (through a temporary file beside it, renamed
 * into place); 0, or -1 with why. */
static int store(const char *path, const struct icalib *c, char *why, size_t len)
{
	char tmp[PATH_MAX], text[512];
	int fd, n = icalib_format(c, text, sizeof text), bad;

	if (fs_path(tmp, sizeof tmp, "%s.XXXXXX", path) != 0 || (fd = mkstemp(tmp)) < 0) {
		text_fmt(why, len, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	bad = write(fd, text, (size_t)n) != n || fsync(fd) != 0;
	bad |= close(fd) != 0;
	if (bad || rename(tmp, path) != 0) {
		text_fmt(why, len, "cannot write %s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

/* load: the calibration of results (its file named path in messages) into
 * *c; 1 when there is one of host, 0 when there is none or another host's,
 * -1 when it is malformed (said). */
static int load(const char *results, const char *path, const char *host, struct icalib *c)
{
	char *text, why[PATH_MAX + 128];
	size_t n;
	int cut = 0;

	if ((text = text_read(results, ICALIB_FILE, 4096, &n, &cut)) == NULL)
		return 0;
	if (strlen(text) != n || cut) {
		warnx("%s: not a calibration file (a NUL byte, or longer than 4096 bytes); calibrating again", path);
		free(text);
		return -1;
	}
	if (icalib_parse(text, path, c, why, sizeof why) != 0) {
		warnx("%s; calibrating again", why);
		free(text);
		return -1;
	}
	free(text);
	return strcmp(c->host, host) == 0;
}

int icalib_get(const char *results, const char *host, int recalibrate, struct icalib *c, int *fresh,
               char *why, size_t len)
{
	char path[PATH_MAX];

	*fresh = 0;
	if (fs_path(path, sizeof path, "%s/%s", results, ICALIB_FILE) != 0) {
		text_fmt(why, len, "%s/%s: path too long", results, ICALIB_FILE);
		return -1;
	}
	if (!recalibrate && load(results, path, host, c) == 1)
		return 0;
	memset(c, 0, sizeof *c);
	text_copy(c->host, host, sizeof c->host);
	setup_timestamp(c->timestamp, sizeof c->timestamp);
	c->loops_ms = icalib_measure();
	*fresh = 1;
	return store(path, c, why, len);
}
