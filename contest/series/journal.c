/* journal.c: the series journal as text: one key a line, strings escaped as in result files, a closing checksum that tells a whole file from a torn one, and a reader that holds every line to the plan's bounds (the checksum is no secret: a journal that breaks a rule is refused, never a crash). */
#include "contest/series/journal.h"
#include "lib/err.h"
#include "lib/failpoint.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "results/record/field.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define JOURNAL_NAME "contest-series"
#define JOURNAL_VERSION 2   /* 2: a driver's own state on its driver_opts line (1 had sim and guest lines) */
#define JOURNAL_CAP (1 << 20)   /* the most bytes of a journal */
#define END_LINE 21             /* "end<TAB>", 16 hex digits, newline */

/* A journal's bounds: what series start takes and step.c reaches, with room (no count overflows). */
#define TRIES_MAX     1000000          /* --tries (1 to 100), a kernel's failed boots, cut runs */
#define COUNTDOWN_MAX 3600.0           /* --countdown's most, s */
#define DEADLINE_MAX  1e12             /* a run's deadline, s (some 31,700 years) */
#define EPOCH_MAX     1e11             /* asked: a wall clock time, s (the year 5138) */
#define BOOT_S_MAX    1e15             /* the reboots' seconds in all */
#define NBOOT_MAX     1000000000       /* reboots measured */
#define COUNT_MAX     INT_MAX          /* a label's records of one load */
#define FIELDS_MAX    (SERIES_MAX_KERNELS + 1)   /* an order line's, the most of any line */

const struct series_phase_name series_phases[PH_STOPPED + 1] = {
	[PH_ARM] = { "arm", "arming" }, [PH_REBOOT] = { "reboot", "rebooting" },
	[PH_BOOTED] = { "booted", "running" }, [PH_RUN] = { "run", "running" },
	[PH_DONE] = { "done", "done" }, [PH_STOPPED] = { "stopped", "stopped" },
};

struct series_journal *journal_new(void)
{
	struct series_journal *j = calloc(1, sizeof *j);

	if (j == NULL)
		warnx("series: no memory for a journal");
	return j;
}

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
	put(l, "driver_opts", j->driver_opts);
	put(l, "root", j->root);
	put(l, "cwd", j->cwd);
	put(l, "results", j->results);
	put(l, "program", j->program);
	fl_printf(l, "seed\t%llu\nrounds\t%ld\ntries\t%d\ndeadline\t%.3f\ncountdown\t%.3f\n",
	          (unsigned long long)j->seed, j->rounds, j->max_tries, j->deadline, j->countdown);
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
	fl_printf(l, "phase\t%s\nstep\t%ld\nat\t%zu\n", series_phases[j->phase].key, j->step, j->load);
	put(l, "boot_id", j->boot_id);
	fl_printf(l, "count\t%ld\nasked\t%.3f\nboots\t%.3f\t%d\n", j->count, j->asked, j->boot_s, j->nboot);
	for (size_t i = 0; i < j->nev; i++)
		put(l, "event", j->ev[i]);
	if (!l->full)
		fl_printf(l, "end\t%016llx\n", (unsigned long long)fnv(l->buf, l->pos));
}

size_t journal_format(const struct series_journal *j, char *buf, size_t cap)
{
	struct fline l;

	fl_init(&l, buf, cap);
	format(&l, j);
	return l.full ? 0 : l.pos;
}

/* whole: 1 when buf[0..n) is a whole journal: no NUL, its last line "end<TAB>"
 * and the checksum of all before it (its length to *body) in 16 hex digits. */
static int whole(const char *buf, size_t n, size_t *body)
{
	const char *end = n < END_LINE ? NULL : buf + n - END_LINE;
	uint64_t sum = 0;

	if (end == NULL || memchr(buf, '\0', n) != NULL || buf[n - 1] != '\n' ||
	    (end > buf && end[-1] != '\n') || memcmp(end, "end\t", 4) != 0)
		return 0;
	for (int i = 4; i < END_LINE - 1; i++) {
		int c = end[i], d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
		if (d < 0)
			return 0;
		sum = sum << 4 | (uint64_t)d;
	}
	*body = n - END_LINE;
	return sum == fnv(buf, *body);
}

/* slurp: the file at path into a malloc'd buffer (NUL added), at most
 * JOURNAL_CAP bytes, never through a symbolic link; NULL with errno. */
static char *slurp(const char *path, size_t *n)
{
	*n = 0;
	return text_read_path(path, O_NOFOLLOW, JOURNAL_CAP, n, NULL);
}

/* keep_old: DIR/journal kept as DIR/journal.old when it is whole (a torn
 * one never replaces a whole predecessor); 0, or -1 with errno. */
static int keep_old(const char *path, const char *old)
{
	size_t n, body;
	char *buf = slurp(path, &n);
	int ok = buf != NULL && whole(buf, n, &body);

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
	char *buf = malloc(JOURNAL_CAP), path[PATH_MAX], old[PATH_MAX];
	size_t n;
	int rc = -1;

	if (buf == NULL || fs_path(path, sizeof path, "%s/journal", dir) != 0 ||
	    fs_path(old, sizeof old, "%s/journal.old", dir) != 0) {
		text_fmt(why, len, "series journal in %s: %s", dir, strerror(errno));
		free(buf);
		return -1;
	}
	if ((n = journal_format(j, buf, JOURNAL_CAP)) == 0)
		text_fmt(why, len, "series journal in %s: more than %d bytes", dir, JOURNAL_CAP);
	else if (keep_old(path, old) != 0)
		text_fmt(why, len, "series journal: cannot keep %s: %s", old, strerror(errno));
	else if (fs_replace(path, buf, n, 0644) != 0)
		text_fmt(why, len, "series journal %s: %s", path, strerror(errno));
	else
		rc = 0;
	free(buf);
	return rc;
}

/* str: field f of a line into dst (size n), unescaped; -1 when it is not a
 * valid field (a lone backslash, an unknown escape, too long). */
#define str(f, dst, n) field_get("journal", f, dst, n, FIELD_ESCAPE, NULL, 0)

/* integer: s, a whole decimal number (digits, a '-' before them at most)
 * from lo to hi, into *v; -1 when it is not one. */
static int integer(const char *s, long long lo, long long hi, long long *v)
{
	char *end;

	if (!((s[0] >= '0' && s[0] <= '9') || (s[0] == '-' && s[1] >= '0' && s[1] <= '9')))
		return -1;
	errno = 0;
	*v = strtoll(s, &end, 10);
	return *end != '\0' || errno != 0 || *v < lo || *v > hi ? -1 : 0;
}

/* real: s, a finite decimal number from lo to hi, into *v; -1 when not. */
static int real(const char *s, double lo, double hi, double *v)
{
	char *end;

	if (!((s[0] >= '0' && s[0] <= '9') || (s[0] == '-' && s[1] >= '0' && s[1] <= '9')))
		return -1;
	errno = 0;
	*v = strtod(s, &end);
	return *end != '\0' || errno != 0 || !(*v >= lo && *v <= hi) ? -1 : 0;
}

/* A journal being read: j, its lines and order lines so far, the keys of
 * once_keys seen (bit i: once_keys[i]), and the words of what is wrong. */
struct reading {
	struct series_journal *j;
	int lines;
	unsigned seen;
	long orders;
	char msg[200];
};

/* say: what is wrong (printf-like) in rd's words. */
__attribute__((format(printf, 2, 3))) static const char *say(struct reading *rd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(rd->msg, sizeof rd->msg, fmt, ap);
	va_end(ap);
	return rd->msg;
}

#define JF(m) offsetof(struct series_journal, m), sizeof ((struct series_journal *)0)->m

/* The keys a journal holds once, each always: a string (T_NEEDED: not empty) or a number in
 * [lo, hi], its member at off; T_OWN keys have their own reader. */
static const struct once_key {
	const char *key;
	enum { T_STR, T_NEEDED, T_INT, T_LONG, T_SIZE, T_REAL, T_OWN } type;
	size_t off, size;
	double lo, hi;
} once_keys[] = {
	{ "id", T_NEEDED, JF(id), 0, 0 }, { "driver", T_NEEDED, JF(driver), 0, 0 },
	{ "driver_opts", T_STR, JF(driver_opts), 0, 0 }, { "root", T_STR, JF(root), 0, 0 },
	{ "cwd", T_NEEDED, JF(cwd), 0, 0 }, { "results", T_NEEDED, JF(results), 0, 0 },
	{ "program", T_NEEDED, JF(program), 0, 0 }, { "seed", T_OWN, 0, 0, 0, 0 },
	{ "rounds", T_LONG, JF(rounds), 1, SERIES_MAX_ROUNDS }, { "tries", T_INT, JF(max_tries), 1, TRIES_MAX },
	{ "deadline", T_REAL, JF(deadline), 0, DEADLINE_MAX },
	{ "countdown", T_REAL, JF(countdown), 0, COUNTDOWN_MAX },
	{ "phase", T_OWN, 0, 0, 0, 0 },
	{ "step", T_LONG, JF(step), 0, SERIES_MAX_ROUNDS * SERIES_MAX_KERNELS },
	{ "at", T_SIZE, JF(load), 0, SERIES_MAX_LOADS }, { "boot_id", T_STR, JF(boot_id), 0, 0 },
	{ "count", T_LONG, JF(count), -1, COUNT_MAX }, { "asked", T_REAL, JF(asked), 0, EPOCH_MAX },
	{ "boots", T_OWN, 0, 0, 0, 0 },
};

#define NONCE (sizeof once_keys / sizeof once_keys[0])

/* own_line: a line of the keys with a reader of their own: seed (the
 * whole uint64 range, which a double cannot hold), phase, boots. */
static const char *own_line(struct reading *rd, const char *key, char **f, int nf)
{
	struct series_journal *j = rd->j;
	unsigned long long u;
	long long v;
	char *end;

	if (strcmp(key, "boots") == 0) {   /* SECONDS COUNT */
		if (nf != 2)
			return "not SECONDS COUNT";
		if (real(f[0], 0, BOOT_S_MAX, &j->boot_s) != 0)
			return say(rd, "not a number of seconds from 0 to %g", BOOT_S_MAX);
		if (integer(f[1], 0, NBOOT_MAX, &v) != 0)
			return say(rd, "not a count of reboots from 0 to %d", NBOOT_MAX);
		j->nboot = (int)v;
		return NULL;
	}
	if (nf != 1)
		return "not one field";
	if (strcmp(key, "phase") == 0) {
		for (size_t i = 0; i <= PH_STOPPED; i++)
			if (strcmp(f[0], series_phases[i].key) == 0) {
				j->phase = (enum series_phase)i;
				return NULL;
			}
		return "not a phase (arm, reboot, booted, run, done, stopped)";
	}
	errno = 0;   /* seed: digits only (strtoull takes "-1" too) */
	u = strtoull(f[0], &end, 10);
	if (f[0][0] < '0' || f[0][0] > '9' || *end != '\0' || errno != 0)
		return "not a whole number from 0 to 18446744073709551615";
	j->seed = u;
	return NULL;
}

/* once_line: the line of once key o (its fields f[0..nf)) into rd->j;
 * NULL, or what is wrong with it. */
static const char *once_line(struct reading *rd, const struct once_key *o, char **f, int nf)
{
	char *m = (char *)rd->j + o->off;
	long long v;

	if (o->type == T_OWN)
		return own_line(rd, o->key, f, nf);
	if (nf != 1)
		return "not one field";
	if (o->type == T_STR || o->type == T_NEEDED) {
		if (str(f[0], m, o->size) != 0)
			return "not a field (a lone backslash, an unknown escape, or too long)";
		return o->type == T_NEEDED && m[0] == '\0' ? "empty" : NULL;
	}
	if (o->type == T_REAL)
		return real(f[0], o->lo, o->hi, (double *)(void *)m) != 0 ? say(rd, "not a number from %.15g to %.15g",
		       o->lo, o->hi) : NULL;
	if (integer(f[0], (long long)o->lo, (long long)o->hi, &v) != 0)
		return say(rd, "not a whole number from %.15g to %.15g", o->lo, o->hi);
	if (o->type == T_INT)
		*(int *)(void *)m = (int)v;
	else if (o->type == T_LONG)
		*(long *)(void *)m = (long)v;
	else
		*(size_t *)(void *)m = (size_t)v;
	return NULL;
}

/* kernel_line: "kernel LABEL SPEC RELEASE TRIES CRASHES DROPPED", the next
 * kernel of the plan (all of them before the order lines). */
static const char *kernel_line(struct reading *rd, char **f, int nf)
{
	struct series_journal *j = rd->j;
	long long v[3];

	if (rd->orders > 0)
		return "a kernel after the order lines";
	if (j->nk == SERIES_MAX_KERNELS)
		return say(rd, "more than %d kernels", SERIES_MAX_KERNELS);
	struct series_kernel *s = &j->kern[j->nk];
	if (nf != 6)
		return "not LABEL SPEC RELEASE TRIES CRASHES DROPPED";
	if (str(f[0], s->k.label, sizeof s->k.label) != 0 || str(f[1], s->k.spec, sizeof s->k.spec) != 0 ||
	    str(f[2], s->k.release, sizeof s->k.release) != 0 || s->k.label[0] == '\0')
		return "its label, spec or release is not a field, or its label is empty";
	for (int i = 0; i < 3; i++)   /* tries, crashes, dropped */
		if (integer(f[3 + i], 0, i < 2 ? TRIES_MAX : 1, &v[i]) != 0)
			return say(rd, "its %s is not a whole number from 0 to %d", i ? i < 2 ? "crashes" : "dropped"
			           : "tries", i < 2 ? TRIES_MAX : 1);
	s->tries = (int)v[0];
	s->crashes = (int)v[1];
	s->dropped = (int)v[2];
	j->nk++;
	return NULL;
}

/* order_line: "order K...", the next round's kernels by position: each of
 * the plan's kernels once. */
static const char *order_line(struct reading *rd, char **f, int nf)
{
	struct series_journal *j = rd->j;
	unsigned used = 0;
	long long v;

	if (j->nk == 0)
		return "an order before the kernel lines";
	if (rd->orders == SERIES_MAX_ROUNDS)
		return say(rd, "more than %d rounds", SERIES_MAX_ROUNDS);
	if (nf != (int)j->nk)
		return say(rd, "%d positions for %zu kernels", nf, j->nk);
	for (int p = 0; p < nf; p++) {
		if (integer(f[p], 0, (long long)j->nk - 1, &v) != 0 || (used & 1u << v) != 0)
			return say(rd, "not each kernel (0 to %zu) once", j->nk - 1);
		used |= 1u << v;
		j->order[(size_t)rd->orders * j->nk + (size_t)p] = (unsigned char)v;
	}
	rd->orders++;
	return NULL;
}

/* list_line: a line of the keys a journal may hold many of (kernel,
 * order, load, arg, event) into rd->j; NULL, or what is wrong with it. */
static const char *list_line(struct reading *rd, const char *key, char **f, int nf)
{
	struct series_journal *j = rd->j;
	int load = strcmp(key, "load") == 0, arg = strcmp(key, "arg") == 0;

	if (strcmp(key, "kernel") == 0)
		return kernel_line(rd, f, nf);
	if (strcmp(key, "order") == 0)
		return order_line(rd, f, nf);
	if (!load && !arg && strcmp(key, "event") != 0)
		return "not a key of a journal";
	if (nf != 1)
		return "not one field";
	if ((load && j->nloads == SERIES_MAX_LOADS) || (arg && j->nargs == SERIES_MAX_ARGS) ||
	    (!load && !arg && j->nev == SERIES_MAX_EVENTS))
		return say(rd, "more than %d %s", load ? SERIES_MAX_LOADS : arg ? SERIES_MAX_ARGS : SERIES_MAX_EVENTS,
		           load ? "loads" : arg ? "run options" : "events");
	if (load)
		return str(f[0], j->loads[j->nloads], sizeof j->loads[0]) != 0 || j->loads[j->nloads++][0] == '\0'
		       ? "not a load's name" : NULL;
	if (arg)
		return str(f[0], j->args[j->nargs++], SERIES_ARG_MAX) != 0 ? "not a field, or too long" : NULL;
	return str(f[0], j->ev[j->nev++], SERIES_EVENT_MAX) != 0 ? "not a field, or too long" : NULL;
}

/* one_line: line rd->lines (its key, its fields f[0..nf)) into rd->j: the
 * header first, each once key once; NULL, or what is wrong with it. */
static const char *one_line(struct reading *rd, const char *key, char **f, int nf)
{
	long long v;

	if (rd->lines == 1)
		return strcmp(key, JOURNAL_NAME) == 0 && nf == 1 && integer(f[0], JOURNAL_VERSION, JOURNAL_VERSION, &v) == 0
		       ? NULL : "not the header of a journal of this contest (contest-series 2; a series begun by an"
		                " older contest is resumed by that contest)";
	for (size_t i = 0; i < NONCE; i++)
		if (strcmp(key, once_keys[i].key) == 0) {
			if (rd->seen & 1u << i)
				return "a second one";
			rd->seen |= 1u << i;
			return once_line(rd, &once_keys[i], f, nf);
		}
	return list_line(rd, key, f, nf);
}

/* complete: NULL when the journal read holds its whole plan and a state
 * inside it (the step within the order, at its end only when done; the
 * load within the list, before its end in a run); else what is wrong. */
static const char *complete(struct reading *rd)
{
	const struct series_journal *j = rd->j;
	long total = j->rounds * (long)j->nk;
	const struct boot_driver *d;
	char w[160];

	for (size_t i = 0; i < NONCE; i++)
		if (!(rd->seen & 1u << i))
			return rd->lines == 0 ? "its plan is incomplete: no header line"
			                      : say(rd, "its plan is incomplete: no %s line", once_keys[i].key);
	if (j->nk == 0 || j->nloads == 0)
		return j->nk == 0 ? "its plan is incomplete: no kernel line" : "its plan is incomplete: no load line";
	if (rd->orders != j->rounds)
		return say(rd, "its plan is incomplete: %ld order lines for %ld rounds", rd->orders, j->rounds);
	if (j->step > total || (j->step == total) != (j->phase == PH_DONE))
		return say(rd, "its state is outside its plan: step %ld of %ld steps in phase %s (the end is reached"
		           " only when done)", j->step, total, series_phases[j->phase].key);
	if (j->load > j->nloads || (j->phase == PH_RUN && j->load == j->nloads))
		return say(rd, "its state is outside its plan: load %zu (at) of %zu loads in phase %s", j->load,
		           j->nloads, series_phases[j->phase].key);
	if ((d = boot_driver_find(j->driver)) != NULL && d->opts_check != NULL &&
	    d->opts_check(j->driver_opts, w, sizeof w) != 0)
		return say(rd, "its driver_opts are not the %s driver's: %s", d->name, w);
	return NULL;
}

/* split: line l cut at its tabs, its key left in l, its fields into f;
 * their number, or -1 when there are more than FIELDS_MAX. */
static int split(char *l, char **f)
{
	int nf = 0;

	for (char *tab = strchr(l, '\t'); tab != NULL; tab = strchr(tab + 1, '\t')) {
		if (nf == FIELDS_MAX)
			return -1;
		*tab = '\0';
		f[nf++] = tab + 1;
	}
	return nf;
}

/* printable: key's first 32 bytes for a message, those not ASCII text as '?'. */
static void printable(const char *key, char *out)
{
	size_t i = 0;

	for (; key[i] != '\0' && i < 32; i++)
		out[i] = key[i] >= 0x20 && key[i] < 0x7f ? key[i] : '?';
	out[i] = '\0';
}

int journal_parse_text(char *buf, size_t n, struct series_journal *j, char *why, size_t len)
{
	struct reading rd = { j, 0, 0, 0, "" };
	char *f[FIELDS_MAX], key[40];
	const char *bad = NULL;
	size_t body = 0;

	if (!whole(buf, n, &body))
		bad = "torn or altered (its closing checksum does not match)";
	else
		memset(j, 0, sizeof *j);
	for (char *l = buf, *nl; bad == NULL && l < buf + body; l = nl + 1) {
		nl = memchr(l, '\n', (size_t)(buf + body - l));   /* the body ends with a newline */
		*nl = '\0';
		rd.lines++;
		int nf = split(l, f);
		if ((bad = nf < 0 ? "more fields than any line has" : one_line(&rd, l, f, nf)) != NULL) {
			printable(l, key);
			text_fmt(why, len, "line %d (%s) is not a journal line: %s", rd.lines, key, bad);
			bad = why;
		}
	}
	if (bad == NULL && (bad = complete(&rd)) == NULL)
		return 0;
	if (bad != why)
		text_fmt(why, len, "%s", bad);
	errno = EILSEQ;
	return -1;
}

/* read_one: the journal file path into j; 0, or -1 with why naming path
 * (errno ENOENT kept when there is no file, else EILSEQ). */
static int read_one(const char *path, struct series_journal *j, char *why, size_t len)
{
	size_t n;
	char *buf = slurp(path, &n), w[400];

	if (buf == NULL) {
		text_fmt(why, len, "%s: %s", path, strerror(errno));
		return -1;
	}
	int rc = journal_parse_text(buf, n, j, w, sizeof w);
	free(buf);   /* errno kept: EILSEQ when rc is -1 */
	if (rc != 0)
		text_fmt(why, len, "%s%s%s", path, strncmp(w, "torn ", 5) == 0 ? " is " : ": ", w);
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
	size_t nk = j->nk < SERIES_MAX_KERNELS ? j->nk : SERIES_MAX_KERNELS;
	long last = (j->rounds < SERIES_MAX_ROUNDS ? j->rounds : SERIES_MAX_ROUNDS) * (long)nk - 1;

	s = s > last ? last : s;   /* the plan's steps, inside the order array */
	s = s < 0 ? 0 : s;
	return j->order[s] < nk ? j->order[s] : 0;
}
