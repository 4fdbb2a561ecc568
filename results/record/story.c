/* story.c: a series' story file as text: one key a line, strings escaped as in result files, written whole by the series; a reader that holds every line to the format and its bounds (the file is read from a results folder anybody may have copied: refused, never a crash). */
#include "results/record/story.h"
#include "lib/fs.h"
#include "lib/parse.h"
#include "lib/text.h"
#include "results/record/field.h"
#include "results/record/record.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FIELDS_MAX (STORY_MAX_KERNELS + 2)   /* an order line's, the most of any line */

static const char *const words[STORY_KINDS] = { "note", "boot", "cut", "run", "drop" };
static const char *const whats[STORY_KINDS] = { "note", "failed boot", "cut run", "failed run", "dropped" };

const char *story_kind_word(int kind)
{
	return kind >= 0 && kind < STORY_KINDS ? words[kind] : words[STORY_NOTE];
}

const char *story_kind_what(int kind)
{
	return kind >= 0 && kind < STORY_KINDS ? whats[kind] : whats[STORY_NOTE];
}

int story_path(const char *dir, const char *id, char *buf, size_t len)
{
	const char *why;

	if (rec_label_check(id, &why) != 0) {
		errno = EINVAL;
		return -1;
	}
	return fs_path(buf, len, "%s/series-%s.story", dir, id);
}

/* put: "key<TAB>s" with s escaped, then a newline. */
static void put(struct fline *l, const char *key, const char *s)
{
	fl_printf(l, "%s\t", key);
	fl_str(l, s, FIELD_ESCAPE);
	fl_putc(l, '\n');
}

size_t story_format(const struct series_story *s, char *buf, size_t cap)
{
	struct fline l;

	fl_init(&l, buf, cap);
	fl_printf(&l, "%s\t%d\n", STORY_NAME, STORY_VERSION);
	put(&l, "id", s->id);
	put(&l, "driver", s->driver);
	fl_printf(&l, "seed\t%llu\n", s->seed);
	if (s->guest[0])
		put(&l, "guest", s->guest);
	fl_printf(&l, "rounds\t%ld\n", s->rounds);
	for (size_t k = 0; k < s->nk; k++) {
		fl_printf(&l, "kernel\t");
		fl_str(&l, s->kern[k].label, FIELD_ESCAPE);
		fl_putc(&l, '\t');
		fl_str(&l, s->kern[k].release, FIELD_ESCAPE);
		fl_putc(&l, '\t');
		fl_str(&l, s->kern[k].spec, FIELD_ESCAPE);
		fl_printf(&l, "\t%s\n", s->kern[k].dropped ? "dropped" : "kept");
	}
	for (size_t i = 0; i < s->nloads; i++)
		put(&l, "load", s->loads[i]);
	for (long r = 0; r < s->rounds; r++) {
		fl_printf(&l, "order\t%ld", r + 1);
		for (size_t p = 0; p < s->nk; p++) {
			fl_putc(&l, '\t');
			fl_str(&l, s->kern[s->order[(size_t)r * s->nk + p] % STORY_MAX_KERNELS].label, FIELD_ESCAPE);
		}
		fl_putc(&l, '\n');
	}
	for (size_t i = 0; i < s->nev; i++) {
		fl_printf(&l, "event\t%s\t", story_kind_word(s->ev[i].kind));
		fl_str(&l, s->ev[i].text, FIELD_ESCAPE);
		fl_putc(&l, '\n');
	}
	fl_printf(&l, "end\n");
	if (l.full || l.pos >= cap)
		return 0;
	buf[l.pos] = '\0';
	return l.pos;
}

/* The keys of a story line, and how many fields each takes (0: its own count). */
enum key { K_ID, K_DRIVER, K_SEED, K_GUEST, K_ROUNDS, K_KERNEL, K_LOAD, K_ORDER, K_EVENT, K_END, NKEYS };
static const char *const keys[NKEYS] = { "id", "driver", "seed", "guest", "rounds", "kernel", "load",
	                                 "order", "event", "end" };
static const int nfields[NKEYS] = { 2, 2, 2, 2, 2, 5, 2, 0, 3, 1 };

/* What a parse has met so far. */
struct parse {
	struct series_story *s;
	int seen[NKEYS];   /* lines of each key */
	size_t norder;     /* order lines */
	char *msg;         /* what is wrong with the line, filled by a line's parser */
	size_t mlen;
};

/* str: field src of key into dst (size len), unescaped; 0, or -1 with why in p. */
static int str(struct parse *p, const char *key, const char *src, char *dst, size_t len)
{
	if (field_get(key, src, dst, len, FIELD_ESCAPE, p->msg, p->mlen) != 0)
		return -1;
	if (dst[0] == '\0') {
		text_fmt(p->msg, p->mlen, "an empty %s", key);
		return -1;
	}
	return 0;
}

/* kernel_of: the index of the kernel labelled l, or -1. */
static long kernel_of(const struct series_story *s, const char *l)
{
	for (size_t k = 0; k < s->nk; k++)
		if (strcmp(s->kern[k].label, l) == 0)
			return (long)k;
	return -1;
}

/* kernel_line: label, release, spec, kept or dropped. */
static int kernel_line(struct parse *p, char **f)
{
	struct series_story *s = p->s;
	struct story_kernel *k = &s->kern[s->nk];
	const char *why;

	if (p->norder > 0)
		return text_fmt(p->msg, p->mlen, "a kernel after the first order line"), -1;
	if (s->nk == STORY_MAX_KERNELS)
		return text_fmt(p->msg, p->mlen, "more than %d kernels", STORY_MAX_KERNELS), -1;
	if (str(p, "label", f[1], k->label, sizeof k->label) != 0 ||   /* release and spec may be empty */
	    field_get("release", f[2], k->release, sizeof k->release, FIELD_ESCAPE, p->msg, p->mlen) != 0 ||
	    field_get("spec", f[3], k->spec, sizeof k->spec, FIELD_ESCAPE, p->msg, p->mlen) != 0)
		return -1;
	if (rec_label_check(k->label, &why) != 0)
		return text_fmt(p->msg, p->mlen, "the label %s", why), -1;
	if (kernel_of(s, k->label) >= 0)
		return text_fmt(p->msg, p->mlen, "the label '%s' twice", k->label), -1;
	if (strcmp(f[4], "kept") != 0 && strcmp(f[4], "dropped") != 0)
		return text_fmt(p->msg, p->mlen, "its state is neither 'kept' nor 'dropped'"), -1;
	k->dropped = strcmp(f[4], "dropped") == 0;
	s->nk++;
	return 0;
}

/* order_line: the round's number (the next one), then every kernel once. */
static int order_line(struct parse *p, char **f, size_t nf)
{
	struct series_story *s = p->s;
	int met[STORY_MAX_KERNELS] = { 0 };
	char l[STORY_LABEL_MAX];
	long r;

	if (p->norder == STORY_MAX_ROUNDS)
		return text_fmt(p->msg, p->mlen, "more than %d rounds", STORY_MAX_ROUNDS), -1;
	if (parse_int(f[1], 1, STORY_MAX_ROUNDS, &r) != 0 || (size_t)r != p->norder + 1)
		return text_fmt(p->msg, p->mlen, "not round %zu, the next", p->norder + 1), -1;
	if (s->nk == 0 || nf != s->nk + 2)
		return text_fmt(p->msg, p->mlen, "%zu kernels, not the %zu of the plan", nf - 2, s->nk), -1;
	for (size_t i = 0; i < s->nk; i++) {
		long k = str(p, "label", f[i + 2], l, sizeof l) == 0 ? kernel_of(s, l) : -2;
		if (k == -2)
			return -1;
		if (k < 0 || met[k]++) {
			char q[TEXT_QUOTED];
			return text_fmt(p->msg, p->mlen, "'%s' is %s", text_quote(l, q, sizeof q),
			                k < 0 ? "no kernel of the plan" : "there twice"), -1;
		}
		s->order[p->norder * s->nk + i] = (unsigned char)k;
	}
	p->norder++;
	return 0;
}

/* event_line: a kind and the series' line. */
static int event_line(struct parse *p, char **f)
{
	struct series_story *s = p->s;
	struct story_event *e = &s->ev[s->nev];
	int kind = 0;

	if (s->nev == STORY_MAX_EVENTS)
		return text_fmt(p->msg, p->mlen, "more than %d events", STORY_MAX_EVENTS), -1;
	while (kind < STORY_KINDS && strcmp(f[1], words[kind]) != 0)
		kind++;
	if (kind == STORY_KINDS)
		return text_fmt(p->msg, p->mlen, "an event of no known kind"), -1;
	if (str(p, "event", f[2], e->text, sizeof e->text) != 0)
		return -1;
	e->kind = kind;
	s->nev++;
	return 0;
}

/* line: one line's fields f[0..nf) of key k into p. 0, or -1 with why in p. */
static int line(struct parse *p, enum key k, char **f, size_t nf)
{
	struct series_story *s = p->s;
	long v;

	if (nfields[k] != 0 && nf != (size_t)nfields[k])
		return text_fmt(p->msg, p->mlen, "%zu fields, not %d", nf, nfields[k]), -1;
	if (nfields[k] == 0 && nf < 3)
		return text_fmt(p->msg, p->mlen, "too few fields"), -1;
	if (p->seen[k]++ && k != K_KERNEL && k != K_LOAD && k != K_ORDER && k != K_EVENT)
		return text_fmt(p->msg, p->mlen, "there twice"), -1;
	switch (k) {
	case K_ID: return str(p, "id", f[1], s->id, sizeof s->id);
	case K_DRIVER: return str(p, "driver", f[1], s->driver, sizeof s->driver);
	case K_GUEST: return str(p, "guest", f[1], s->guest, sizeof s->guest);
	case K_SEED: {
		char *end;
		errno = 0;
		s->seed = strtoull(f[1], &end, 10);
		if (f[1][0] < '0' || f[1][0] > '9' || *end != '\0' || errno != 0)
			return text_fmt(p->msg, p->mlen, "not a seed (a number from 0 to %llu)", ULLONG_MAX), -1;
		return 0;
	}
	case K_ROUNDS:
		if (parse_int(f[1], 1, STORY_MAX_ROUNDS, &v) != 0)
			return text_fmt(p->msg, p->mlen, "not from 1 to %d", STORY_MAX_ROUNDS), -1;
		s->rounds = v;
		return 0;
	case K_KERNEL: return kernel_line(p, f);
	case K_LOAD:
		if (s->nloads == STORY_MAX_LOADS)
			return text_fmt(p->msg, p->mlen, "more than %d loads", STORY_MAX_LOADS), -1;
		return str(p, "load", f[1], s->loads[s->nloads++], STORY_LOAD_MAX);
	case K_ORDER: return order_line(p, f, nf);
	case K_EVENT: return event_line(p, f);
	default: return 0;   /* K_END */
	}
}

/* split: line's tab-separated fields into f (at most FIELDS_MAX, cut in
 * place); their count, or FIELDS_MAX + 1 when there are more. */
static size_t split(char *line, char **f)
{
	size_t nf = 0;

	for (char *t = line;; t++) {
		if (nf == FIELDS_MAX)
			return FIELDS_MAX + 1;
		f[nf++] = t;
		if ((t = strchr(t, '\t')) == NULL)
			return nf;
		*t = '\0';
	}
}

/* whole_plan: after the last line: what must be there is. 0, or -1 with why. */
static int whole_plan(const struct parse *p, char *why, size_t len)
{
	static const enum key needed[] = { K_ID, K_DRIVER, K_SEED, K_ROUNDS, K_KERNEL, K_LOAD };

	for (size_t i = 0; i < sizeof needed / sizeof needed[0]; i++)
		if (!p->seen[needed[i]])
			return text_fmt(why, len, "its plan is incomplete: no %s line", keys[needed[i]]), -1;
	if (p->norder != (size_t)p->s->rounds)
		return text_fmt(why, len, "its plan is incomplete: %zu order lines for %ld rounds", p->norder,
		                p->s->rounds), -1;
	return 0;
}

int story_parse(char *buf, size_t n, struct series_story *s, char *why, size_t len)
{
	char msg[256], *f[FIELDS_MAX], *next;
	struct parse p = { .s = s, .msg = msg, .mlen = sizeof msg };
	size_t ln = 0, nf;

	memset(s, 0, sizeof *s);
	if (n > STORY_CAP || memchr(buf, '\0', n) != NULL)
		return text_fmt(why, len, "it is longer than %d bytes or holds a NUL byte", STORY_CAP), -1;
	if (n == 0 || buf[n - 1] != '\n')
		return text_fmt(why, len, "it does not end in a newline (cut short?)"), -1;
	buf[n - 1] = '\0';
	for (char *l = buf; l != NULL; l = next) {
		if ((next = strchr(l, '\n')) != NULL)
			*next++ = '\0';
		if (++ln == 1) {
			if (strcmp(l, STORY_NAME "\t1") != 0)
				return text_fmt(why, len, "line 1 is not '%s<TAB>%d'", STORY_NAME, STORY_VERSION), -1;
			continue;
		}
		if (p.seen[K_END])
			return text_fmt(why, len, "line %zu: a line after the end line", ln), -1;
		nf = split(l, f);
		int k = 0;
		while (k < NKEYS && strcmp(f[0], keys[k]) != 0)
			k++;
		if (k == NKEYS) {
			char q[64];
			return text_fmt(why, len, "line %zu: '%s' is not a story line's key", ln,
			                text_quote(f[0], q, sizeof q)), -1;
		}
		if (nf > FIELDS_MAX || line(&p, (enum key)k, f, nf) != 0)
			return text_fmt(why, len, "line %zu (%s): %s", ln, keys[k], nf > FIELDS_MAX ? "too many fields" : msg), -1;
	}
	if (!p.seen[K_END])
		return text_fmt(why, len, "it has no end line (cut short?)"), -1;
	return whole_plan(&p, why, len);
}

/* slurp: the regular file at path (no link, no FIFO) into a malloc'd
 * buffer of at most STORY_CAP bytes; NULL with errno (EFBIG: longer,
 * EINVAL: not a regular file, ELOOP: a symbolic link). */
static char *slurp(const char *path, size_t *n)
{
	struct stat st;
	char *buf = NULL;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK), e = 0;
	ssize_t r = 0;

	*n = 0;
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) != 0)
		e = errno;
	else if (!S_ISREG(st.st_mode))
		e = EINVAL;
	else if (st.st_size > STORY_CAP)
		e = EFBIG;
	else if ((buf = malloc(STORY_CAP + 2)) == NULL)
		e = ENOMEM;
	while (e == 0 && *n <= STORY_CAP && (r = read(fd, buf + *n, STORY_CAP + 1 - *n)) != 0) {
		if (r < 0 && errno != EINTR)
			e = errno;
		*n += r > 0 ? (size_t)r : 0;
	}
	if (e == 0 && *n > STORY_CAP)
		e = EFBIG;   /* it grew while read */
	close(fd);
	if (e != 0) {
		free(buf);
		errno = e;
		return NULL;
	}
	buf[*n] = '\0';
	return buf;
}

int story_read(const char *dir, const char *id, struct series_story *s, char *why, size_t len)
{
	char path[PATH_MAX], msg[300], q[TEXT_QUOTED];
	size_t n;
	char *buf;
	int rc;

	if (story_path(dir, id, path, sizeof path) != 0)
		return 1;   /* no file can carry that id: no story */
	if ((buf = slurp(path, &n)) == NULL) {
		if (errno == ENOENT)
			return 1;
		text_fmt(why, len, "%s: cannot be read: %s", text_quote(path, q, sizeof q),
		         errno == EINVAL ? "not a regular file" : errno == ELOOP ? "a symbolic link" : strerror(errno));
		return -1;
	}
	rc = story_parse(buf, n, s, msg, sizeof msg);
	free(buf);
	if (rc != 0)
		text_fmt(why, len, "%s: not a series story: %s", text_quote(path, q, sizeof q), msg);
	return rc;
}
