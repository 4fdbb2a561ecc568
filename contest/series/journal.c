/* journal.c: the series journal as text: one key a line, strings escaped as in result files, a closing checksum that tells a whole file from a torn one. */
#include "contest/series/journal.h"
#include "lib/failpoint.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "results/record/field.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define JOURNAL_NAME "contest-series"
#define JOURNAL_VERSION 1

static const char *const phases[] = { "arm", "reboot", "booted", "run", "done", "stopped" };

/* fnv: the FNV-1a hash of s[0..n), the journal's closing checksum. */
static uint64_t fnv(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return h;
}

/* put: a line "key<TAB>s" with s escaped. */
static void put(struct fline *l, const char *key, const char *s)
{
	fl_printf(l, "%s\t", key);
	fl_str(l, s, FIELD_ESCAPE);
	fl_putc(l, '\n');
}

/* format_plan: the fixed part of j. */
static void format_plan(struct fline *l, const struct series_journal *j)
{
	fl_printf(l, "%s\t%d\n", JOURNAL_NAME, JOURNAL_VERSION);
	put(l, "id", j->id);
	put(l, "driver", j->driver);
	put(l, "sim", j->sim);
	put(l, "root", j->root);
	put(l, "cwd", j->cwd);
	put(l, "results", j->results);
	put(l, "program", j->program);
	fl_printf(l, "seed\t%llu\nrounds\t%ld\ntries\t%d\ndeadline\t%.3f\ncountdown\t%.3f\n",
	          (unsigned long long)j->seed, j->rounds, j->max_tries, j->deadline, j->countdown);
	if (j->accel[0]) {
		fl_printf(l, "guest\t");
		fl_str(l, j->accel, FIELD_ESCAPE);
		fl_printf(l, "\t%d\t%ld%s\n", j->vcpus, j->guest_mib, j->pin ? "\tpinned" : "");
	}
	for (size_t k = 0; k < j->nk; k++) {
		const struct series_kernel *s = &j->kern[k];
		fl_printf(l, "kernel\t");
		fl_str(l, s->k.label, FIELD_ESCAPE);
		fl_putc(l, '\t');
		fl_str(l, s->k.spec, FIELD_ESCAPE);
		fl_putc(l, '\t');
		fl_str(l, s->k.release, FIELD_ESCAPE);
		fl_printf(l, "\t%d\t%d\t%d\n", s->tries, s->crashes, s->dropped);
	}
	for (size_t i = 0; i < j->nloads; i++)
		put(l, "load", j->loads[i]);
	for (size_t i = 0; i < j->nargs; i++)
		put(l, "arg", j->args[i]);
	for (long r = 0; r < j->rounds; r++) {
		fl_printf(l, "order");
		for (size_t p = 0; p < j->nk; p++)
			fl_printf(l, "\t%u", j->order[(size_t)r * j->nk + p]);
		fl_putc(l, '\n');
	}
}

/* format: j as the journal's text into l, with its closing checksum. */
static void format(struct fline *l, const struct series_journal *j)
{
	format_plan(l, j);
	fl_printf(l, "phase\t%s\nstep\t%ld\nat\t%zu\n", phases[j->phase], j->step, j->load);
	put(l, "boot_id", j->boot_id);
	fl_printf(l, "count\t%ld\nasked\t%.3f\nboots\t%.3f\t%d\n", j->count, j->asked, j->boot_s, j->nboot);
	for (size_t i = 0; i < j->nev; i++)
		put(l, "event", j->ev[i]);
	if (!l->full)
		fl_printf(l, "end\t%016llx\n", (unsigned long long)fnv(l->buf, l->pos));
}

/* whole: 1 when buf[0..n) is a whole journal: no NUL, its last line the
 * checksum of all before it. */
static int whole(const char *buf, size_t n)
{
	const char *end = n > 1 ? memrchr(buf, '\n', n - 1) : NULL;   /* before the last line */
	unsigned long long sum;

	end = end ? end + 1 : buf;
	return memchr(buf, '\0', n) == NULL && sscanf(end, "end\t%16llx\n", &sum) == 1 &&
	       end + 21 == buf + n && end[20] == '\n' && sum == fnv(buf, (size_t)(end - buf));
}

/* slurp: the file at path into a malloc'd buffer (NUL added), at most 1
 * MiB; NULL with errno. */
static char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "re");
	char *buf = f ? malloc((1 << 20) + 1) : NULL;

	if (buf != NULL) {
		*n = fread(buf, 1, 1 << 20, f);
		buf[*n] = '\0';
	}
	if (f != NULL)
		fclose(f);
	return buf;
}

/* keep_old: DIR/journal kept as DIR/journal.old when it is whole (a torn
 * one never replaces a whole predecessor); 0, or -1 with errno. */
static int keep_old(const char *path, const char *old)
{
	size_t n;
	char *buf = slurp(path, &n);
	int ok = buf != NULL && whole(buf, n);

	free(buf);
	if (!ok)
		return 0;
	if (link(path, old) != 0 && (errno != EEXIST || unlink(old) != 0 || link(path, old) != 0))
		return -1;
	failpoint("journal-old");   /* the one before kept, the new one not yet written */
	return 0;
}

int journal_write(const char *dir, const struct series_journal *j, char *why, size_t len)
{
	size_t cap = 1 << 20;
	char *buf = malloc(cap), path[PATH_MAX], old[PATH_MAX];
	struct fline l;
	int rc = -1;

	if (buf == NULL || fs_path(path, sizeof path, "%s/journal", dir) != 0 ||
	    fs_path(old, sizeof old, "%s/journal.old", dir) != 0) {
		text_fmt(why, len, "series journal in %s: %s", dir, strerror(errno));
		free(buf);
		return -1;
	}
	fl_init(&l, buf, cap);
	format(&l, j);
	if (l.full)
		text_fmt(why, len, "series journal in %s: more than %zu bytes", dir, cap);
	else if (keep_old(path, old) != 0)
		text_fmt(why, len, "series journal: cannot keep %s: %s", old, strerror(errno));
	else if (fs_replace(path, buf, l.pos, 0644) != 0)
		text_fmt(why, len, "series journal %s: %s", path, strerror(errno));
	else
		rc = 0;
	free(buf);
	return rc;
}

/* str: field f of a line into dst; -1 when it is not a valid field. */
static int str(const char *f, char *dst, size_t n)
{
	return f == NULL ? -1 : field_get("journal", f, dst, n, FIELD_ESCAPE, NULL, 0);
}

/* num: field f as a number into *v; -1 when it is not one. */
static int num(const char *f, double *v)
{
	char *end;

	if (f == NULL || *f == '\0')
		return -1;
	errno = 0;
	*v = strtod(f, &end);
	return *end != '\0' || errno != 0 || !isfinite(*v) ? -1 : 0;
}

/* A journal being read: j, and the order lines read so far. */
struct reading {
	struct series_journal *j;
	long orders;
};

/* kernel_line: a "kernel" line's fields into the next kernel of j. */
static int kernel_line(struct series_journal *j, char **f, int nf)
{
	struct series_kernel *s = &j->kern[j->nk];

	if (nf != 6 || j->nk == SERIES_MAX_KERNELS || str(f[0], s->k.label, sizeof s->k.label) ||
	    str(f[1], s->k.spec, sizeof s->k.spec) || str(f[2], s->k.release, sizeof s->k.release) ||
	    sscanf(f[3], "%d", &s->tries) != 1 || sscanf(f[4], "%d", &s->crashes) != 1 ||
	    sscanf(f[5], "%d", &s->dropped) != 1)
		return -1;
	j->nk++;
	return 0;
}

/* order_line: an "order" line: the next round's kernels, by position. */
static int order_line(struct reading *rd, char **f, int nf)
{
	struct series_journal *j = rd->j;
	double v;

	if (rd->orders == SERIES_MAX_ROUNDS || j->nk == 0 || nf != (int)j->nk)
		return -1;
	for (int p = 0; p < nf; p++) {
		if (num(f[p], &v) != 0 || v < 0 || v >= (double)j->nk || v != floor(v))
			return -1;
		j->order[(size_t)rd->orders * j->nk + (size_t)p] = (unsigned char)v;
	}
	rd->orders++;
	return 0;
}

/* plan_line: one line of the plan (key, its fields f[0..nf)) into j; 1 when
 * the key is not the plan's, 0 done, -1 malformed. */
static int plan_line(struct reading *rd, const char *key, char **f, int nf)
{
	static const struct { const char *key; size_t off, size; } strs[] = {
		{ "id", offsetof(struct series_journal, id), sizeof ((struct series_journal *)0)->id },
		{ "driver", offsetof(struct series_journal, driver), sizeof ((struct series_journal *)0)->driver },
		{ "sim", offsetof(struct series_journal, sim), PATH_MAX },
		{ "root", offsetof(struct series_journal, root), PATH_MAX },
		{ "cwd", offsetof(struct series_journal, cwd), PATH_MAX },
		{ "results", offsetof(struct series_journal, results), PATH_MAX },
		{ "program", offsetof(struct series_journal, program), PATH_MAX },
	};
	struct series_journal *j = rd->j;

	for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++)
		if (strcmp(key, strs[i].key) == 0)
			return nf == 1 ? str(f[0], (char *)j + strs[i].off, strs[i].size) : -1;
	if (strcmp(key, "kernel") == 0)
		return kernel_line(j, f, nf);
	if (strcmp(key, "load") == 0)
		return nf != 1 || j->nloads == SERIES_MAX_LOADS ? -1 : str(f[0], j->loads[j->nloads++], 32);
	if (strcmp(key, "arg") == 0)
		return nf != 1 || j->nargs == SERIES_MAX_ARGS ? -1 : str(f[0], j->args[j->nargs++], SERIES_ARG_MAX);
	if (strcmp(key, "order") == 0)
		return order_line(rd, f, nf);
	if (strcmp(key, "guest") == 0) {   /* ACCEL VCPUS MIB [pinned] */
		j->pin = nf == 4 && strcmp(f[3], "pinned") == 0;
		return (nf != 3 && !j->pin) || str(f[0], j->accel, sizeof j->accel) ||
		       sscanf(f[1], "%d", &j->vcpus) != 1 || sscanf(f[2], "%ld", &j->guest_mib) != 1 || j->vcpus < 1 ||
		       j->guest_mib < 1 ? -1 : 0;
	}
	return 1;
}

/* number_line: the lines that hold one or two numbers. */
static int number_line(struct series_journal *j, const char *key, char **f, int nf)
{
	double v, w;

	if (nf < 1 || num(f[0], &v) != 0)
		return -1;
	if (strcmp(key, "seed") == 0 && nf == 1 && v >= 0)
		j->seed = (uint64_t)v;
	else if (strcmp(key, "rounds") == 0 && nf == 1 && v >= 1 && v <= SERIES_MAX_ROUNDS)
		j->rounds = (long)v;
	else if (strcmp(key, "tries") == 0 && nf == 1 && v >= 1)
		j->max_tries = (int)v;
	else if (strcmp(key, "deadline") == 0 && nf == 1 && v >= 0)
		j->deadline = v;
	else if (strcmp(key, "countdown") == 0 && nf == 1 && v >= 0)
		j->countdown = v;
	else if (strcmp(key, "step") == 0 && nf == 1 && v >= 0)
		j->step = (long)v;
	else if (strcmp(key, "at") == 0 && nf == 1 && v >= 0)
		j->load = (size_t)v;
	else if (strcmp(key, "count") == 0 && nf == 1)
		j->count = (long)v;
	else if (strcmp(key, "asked") == 0 && nf == 1)
		j->asked = v;
	else if (strcmp(key, "boots") == 0 && nf == 2 && num(f[1], &w) == 0 && w >= 0) {
		j->boot_s = v;
		j->nboot = (int)w;
	} else
		return -1;
	return 0;
}

/* state_line: one line of the state or the events into j; -1 malformed. */
static int state_line(struct series_journal *j, const char *key, char **f, int nf)
{
	if (strcmp(key, "phase") == 0) {
		for (size_t i = 0; nf == 1 && i < sizeof phases / sizeof phases[0]; i++)
			if (strcmp(f[0], phases[i]) == 0) {
				j->phase = (enum series_phase)i;
				return 0;
			}
		return -1;
	}
	if (strcmp(key, "boot_id") == 0)
		return nf == 1 ? str(f[0], j->boot_id, sizeof j->boot_id) : -1;
	if (strcmp(key, "event") == 0)
		return nf != 1 || j->nev == SERIES_MAX_EVENTS ? -1 : str(f[0], j->ev[j->nev++], SERIES_EVENT_MAX);
	return number_line(j, key, f, nf);
}

/* parse: the journal text buf (NUL-terminated, its checksum checked) into
 * j; 0, or -1 with the line that is wrong in why. */
static int parse(char *buf, struct series_journal *j, char *why, size_t len)
{
	struct reading rd = { j, 0 };
	char *f[8], *save = NULL;
	int line = 0;

	memset(j, 0, sizeof *j);
	for (char *l = strtok_r(buf, "\n", &save); l != NULL; l = strtok_r(NULL, "\n", &save)) {
		int nf = 0, rc;
		char *key = l, *tab;
		line++;
		for (char *p = l; (tab = strchr(p, '\t')) != NULL && nf < 8; p = tab + 1) {
			*tab = '\0';
			f[nf++] = tab + 1;
		}
		if (line == 1)
			rc = strcmp(key, JOURNAL_NAME) == 0 && nf == 1 && atoi(f[0]) == JOURNAL_VERSION ? 0 : -1;
		else if (strcmp(key, "end") == 0)
			break;
		else if ((rc = plan_line(&rd, key, f, nf)) == 1)
			rc = state_line(j, key, f, nf);
		if (rc != 0) {
			text_fmt(why, len, "line %d (%s) is not a journal line", line, key);
			return -1;
		}
	}
	if (j->nk == 0 || rd.orders != j->rounds || j->step > j->rounds * (long)j->nk ||
	    j->load > j->nloads || j->nloads == 0) {
		text_fmt(why, len, "its plan is incomplete");
		return -1;
	}
	return 0;
}

/* read_one: the journal file path into j; 0, or -1 with why (errno ENOENT
 * kept when there is no file). */
static int read_one(const char *path, struct series_journal *j, char *why, size_t len)
{
	size_t n;
	char *buf = slurp(path, &n);

	if (buf == NULL) {
		text_fmt(why, len, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (!whole(buf, n)) {
		text_fmt(why, len, "%s is torn or altered (its closing checksum does not match)", path);
		free(buf);
		errno = EILSEQ;
		return -1;
	}
	int rc = parse(buf, j, why, len);
	free(buf);
	return rc;
}

int journal_read(const char *dir, struct series_journal *j, int *fallback, char *note, size_t nlen,
                 char *why, size_t len)
{
	char path[PATH_MAX], old[PATH_MAX], w1[512], w2[512];
	int e;

	*fallback = 0;
	if (fs_path(path, sizeof path, "%s/journal", dir) != 0 ||
	    fs_path(old, sizeof old, "%s/journal.old", dir) != 0) {
		text_fmt(why, len, "series journal in %s: path too long", dir);
		return -1;
	}
	if (read_one(path, j, w1, sizeof w1) == 0)
		return 0;
	e = errno;
	if (read_one(old, j, w2, sizeof w2) == 0) {
		*fallback = 1;
		text_fmt(note, nlen, "%s; resumed from the journal before it", w1);
		return 0;
	}
	if (e == ENOENT && errno == ENOENT) {
		text_fmt(why, len, "no series in %s (no journal there)", dir);
		errno = ENOENT;
	} else
		text_fmt(why, len, "%s, and %s", w1, w2);
	return -1;
}

void journal_event(struct series_journal *j, const char *fmt, ...)
{
	va_list ap;

	if (j->nev == SERIES_MAX_EVENTS) {
		memmove(j->ev[0], j->ev[1], sizeof j->ev[0] * (SERIES_MAX_EVENTS - 1));
		j->nev--;
	}
	va_start(ap, fmt);
	vsnprintf(j->ev[j->nev++], SERIES_EVENT_MAX, fmt, ap);
	va_end(ap);
}

size_t journal_step_kernel(const struct series_journal *j, long s)
{
	return j->order[(size_t)s];
}
