/* lmbench_summary.c: lmbench's summary read from its text as printed or as pasted into mails (spacing or line breaks lost, compact 2.9K values). */
#include "results/lmbench/lmbench_summary.h"
#include "results/lmbench/lmbench_runs.h"
#include "lib/array.h"
#include "lib/text.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A word of the text, with where it stood (tabs to multiples of 8). */
struct tok {
	const char *s;
	int n, line, col;
};

struct toks {
	struct tok *v;
	size_t n, cap;
};

enum { NONE = -1, GUESS = -2, MAXV = 12 };

/* The sections read: the words that tell their header, and their value
 * columns for each count of columns lmbench printed (NONE: a column contest
 * has no figure for; GUESS: the Guesses words). blank: the order in which a
 * summary whose spacing was lost is taken to have left cells blank when no
 * full row says which (the RPC columns first: no portmapper). */
struct layout {
	enum micro_section sec;
	const char *has, *also;   /* header words it must have (also: NULL or a second) */
	int nv;
	int id[MAXV];
	int blank[MAXV];
};

static const struct layout layouts[] = {
	{ MS_PROC, "fork", NULL, 11,
	  { MID_MHZ, MID_NULL_CALL, MID_NULL_IO, MID_STAT, MID_OPEN_CLOSE, MID_SELECT_TCP,
	    MID_SIG_INST, MID_SIG_HNDL, MID_FORK_PROC, MID_EXEC_PROC, MID_SH_PROC },
	  { 5, 3, 4, 2, 1, 6, 7, 8, 9, 10, 0 } },
	{ MS_CTX, "2p/16K", NULL, 7,
	  { MID_CTX_2P_0K, MID_CTX_2P_16K, MID_CTX_2P_64K, MID_CTX_8P_16K, MID_CTX_8P_64K,
	    MID_CTX_16P_16K, MID_CTX_16P_64K },
	  { 6, 5, 4, 3, 2, 1, 0 } },
	{ MS_LAT, "Pipe", "conn", 8,
	  { MID_CTX_2P_0K, MID_LAT_PIPE, MID_LAT_UNIX, MID_LAT_UDP, MID_LAT_RPC_UDP, MID_LAT_TCP,
	    MID_LAT_RPC_TCP, MID_LAT_TCP_CONN },
	  { 4, 6, 7, 2, 3, 5, 1, 0 } },
	{ MS_FS, "Mmap", "Create", 7,
	  { MID_FS_CREATE_0K, MID_FS_DELETE_0K, MID_FS_CREATE_10K, MID_FS_DELETE_10K, MID_MMAP_LAT,
	    MID_PROT_FAULT, MID_PAGE_FAULT },
	  { 0, 1, 2, 3, 5, 4, 6 } },
	{ MS_FS, "Mmap", "Create", 8,   /* lmbench 3: and 100fd selct */
	  { MID_FS_CREATE_0K, MID_FS_DELETE_0K, MID_FS_CREATE_10K, MID_FS_DELETE_10K, MID_MMAP_LAT,
	    MID_PROT_FAULT, MID_PAGE_FAULT, NONE },
	  { 7, 0, 1, 2, 3, 5, 4, 6 } },
	{ MS_BW, "Bcopy", NULL, 9,
	  { MID_BW_PIPE, MID_BW_UNIX, MID_BW_TCP, MID_BW_FILE_REREAD, MID_BW_MMAP_REREAD,
	    MID_BW_BCOPY_LIBC, MID_BW_BCOPY_HAND, MID_BW_MEM_FRD, MID_BW_MEM_FWR },
	  { 2, 1, 4, 3, 0, 6, 5, 7, 8 } },
	{ MS_MEM, "Main", "L1", 5,      /* lmbench 2: Mhz L1 L2 Main Guesses */
	  { MID_MHZ, MID_LAT_1K, MID_LAT_128K, MID_LAT_LARGEST, GUESS },
	  { 2, 1, 3, 0 } },
	{ MS_MEM, "Main", "L1", 6,      /* lmbench 3: and Rand mem */
	  { MID_MHZ, MID_LAT_1K, MID_LAT_128K, MID_LAT_LARGEST, NONE, GUESS },
	  { 4, 2, 1, 3, 0 } },
};

static const char WHY_SPACED[] = "blank in this lmbench summary";
static const char WHY_MATCHED[] = "blank in this lmbench summary (its spacing was lost: placed by its other rows)";
static const char WHY_GUESSED[] = "blank in this lmbench summary (its spacing was lost: which cells, a guess)";
static const char WHY_SELECT[] = "this older lmbench's selct column is not select on TCP sockets";
static const char WHY_ZERO[] = "printed as 0 (below the compact form's precision)";

/* tokenize: the words of text (n bytes) into ts, each without the mail
 * quoting '>' it starts with; -1 out of memory. */
static int tokenize(const char *text, size_t n, struct toks *ts)
{
	int line = 0, col = 0;

	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)text[i];
		if (c == '\n') {
			line++, col = 0, i++;
			continue;
		}
		if (c == '\t' || c == ' ' || c == '\r' || c == '\f' || c == '\v' || c == '\0') {
			col = c == '\t' ? (col / 8 + 1) * 8 : col + 1;
			i++;
			continue;
		}
		size_t j = i;
		while (j < n && !strchr(" \t\r\n\f\v", text[j]) && text[j] != '\0')
			j++;
		size_t a = i;
		while (a < j && text[a] == '>')
			a++;
		if (a < j) {
			struct tok *v = array_grow(ts->v, &ts->cap, ts->n + 1, sizeof *v, 256);
			if (v == NULL)
				return -1;
			ts->v = v;
			v[ts->n++] = (struct tok){ text + a, (int)(j - a), line, col + (int)(a - i) };
		}
		col += (int)(j - i);
		i = j;
	}
	return 0;
}

/* is: 1 when t is the word w. */
static int is(const struct tok *t, const char *w)
{
	return (size_t)t->n == strlen(w) && memcmp(t->s, w, (size_t)t->n) == 0;
}

/* dashes: 1 when t is a rule of at least 3 '-'. */
static int dashes(const struct tok *t)
{
	if (t->n < 3)
		return 0;
	for (int i = 0; i < t->n; i++)
		if (t->s[i] != '-')
			return 0;
	return 1;
}

/* value: t as a figure into *v: 1 a number (K thousands, M millions; 0
 * or lmbench's -1 are not figures but still cells), 0 the blank cell "-"
 * (*v NaN), -1 not a figure. */
static int value(const struct tok *t, double *v)
{
	char buf[40], *end;
	int n = t->n;
	double mul = 1;

	if (is(t, "-")) {
		*v = NAN;
		return 0;
	}
	if (n < 1 || n >= (int)sizeof buf)
		return -1;
	if (t->s[n - 1] == 'K' || t->s[n - 1] == 'M')
		mul = t->s[--n] == 'K' ? 1e3 : 1e6;
	if (n < 1 || !(isdigit((unsigned char)t->s[0]) || t->s[0] == '.' || t->s[0] == '-'))
		return -1;
	for (int i = 0; i < n; i++)
		if (!strchr("0123456789.eE+-", t->s[i]))
			return -1;
	memcpy(buf, t->s, (size_t)n);
	buf[n] = '\0';
	errno = 0;
	*v = strtod(buf, &end) * mul;
	if (*end != '\0' || end == buf || errno != 0 || !isfinite(*v))
		return -1;
	return 1;
}

/* A row: Host, OS words, then up to nv cells. */
struct row {
	size_t host, os, nos;
	size_t cell[MAXV];   /* the cells' words */
	int ncell, nfig;     /* cells; of them figures (not "-") */
};

/* parse_row: the row at word i of ts for a section of nv value columns
 * (guess: one of them the Guesses words) into r; the word after it, or 0
 * when there is no row there. */
static size_t parse_row(const struct toks *ts, size_t i, int nv, int guess, struct row *r)
{
	const struct tok *t = ts->v;
	size_t j = i + 1;
	double v;
	int alpha = 0, oslen = 0;

	memset(r, 0, sizeof *r);
	if (i >= ts->n || dashes(&t[i]) || is(&t[i], "Host"))
		return 0;
	for (int c = 0; c < t[i].n; c++)
		alpha |= isalpha((unsigned char)t[i].s[c]) != 0;
	if (!alpha)
		return 0;
	r->host = i, r->os = j;
	while (j < ts->n && value(&t[j], &v) < 0 && r->nos < 4) {
		if (dashes(&t[j]))
			return 0;
		oslen += t[j].n + 1;
		r->nos++, j++;
	}
	if (oslen > 24)
		return 0;
	int nnum = nv - (guess ? 1 : 0);
	while (j < ts->n && r->ncell < nnum && value(&t[j], &v) >= 0) {
		r->nfig += !is(&t[j], "-");
		r->cell[r->ncell++] = j++;
	}
	if (r->nfig < 2)
		return 0;
	/* the Guesses words lmbench prints: "No L1 cache?", "No L2 cache?", "Bad mhz?" */
	if (guess && j + 2 < ts->n && is(&t[j], "No") && t[j + 2].n == 6 && memcmp(t[j + 2].s, "cache?", 6) == 0)
		j += 3;
	else if (guess && j + 1 < ts->n && is(&t[j], "Bad") && is(&t[j + 1], "mhz?"))
		j += 2;
	return j;
}

/* A section's table being read: its layout, its rule's words, its rows. */
struct table {
	const struct layout *lay;
	size_t rule, nrule;   /* the words of the rule under its header */
	int tcp;              /* PROC: the header says "selct TCP" */
	struct row *rows;
	size_t nrows, cap;
};

/* numeric: the value columns of lay that hold figures (not Guesses) into
 * col; their count. */
static int numeric(const struct layout *lay, int *col)
{
	int n = 0;

	for (int c = 0; c < lay->nv; c++)
		if (lay->id[c] != GUESS)
			col[n++] = c;
	return n;
}

/* by_place: the column of each cell of r from where it stands, when its
 * spacing is the one of the rule's (each figure ends where a column's
 * dashes end, left to right, on a line of its own); 1 when it is. */
static int by_place(const struct toks *ts, const struct table *tb, const struct row *r, int *at)
{
	const struct tok *t = ts->v, *rule = &t[tb->rule];
	int last = -1;

	for (size_t k = 0; k < tb->nrule; k++)
		if (rule[k].line != rule[0].line)
			return 0;
	for (int i = 0; i < r->ncell; i++) {
		const struct tok *c = &t[r->cell[i]];
		int found = -1;
		if (c->line != t[r->host].line || c->line == rule[0].line)
			return 0;
		for (size_t k = 2; k < tb->nrule && found < 0; k++)
			if (rule[k].col + rule[k].n == c->col + c->n)
				found = (int)k - 2;
		if (found <= last || found >= tb->lay->nv || tb->lay->id[found] == GUESS)
			return 0;
		at[i] = last = found;
	}
	return 1;
}

/* refs: per figure column (n of them), the median log of the full rows'
 * figures into ref (NaN when none); 1 when there was a full row. */
static int refs(const struct toks *ts, const struct table *tb, int n, double *ref)
{
	int any = 0;

	for (int c = 0; c < n; c++) {
		double v[64];
		int k = 0;
		for (size_t i = 0; i < tb->nrows && k < 64; i++) {
			const struct row *r = &tb->rows[i];
			double x;
			if (r->ncell != n)
				continue;
			any = 1;
			if (value(&ts->v[r->cell[c]], &x) == 1 && x > 0)
				v[k++] = log(x);
		}
		ref[c] = NAN;
		for (int a = 1; a < k; a++)   /* insertion sort: few rows */
			for (int b = a; b > 0 && v[b - 1] > v[b]; b--) {
				double y = v[b];
				v[b] = v[b - 1], v[b - 1] = y;
			}
		if (k > 0)
			ref[c] = k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
	}
	return any;
}

/* by_order: the column of each cell of r when its spacing was lost: the
 * cells keep their order, and the columns left blank are the ones that
 * make its figures nearest the full rows' (ref), else the layout's blank
 * order. */
static void by_order(const struct toks *ts, const struct table *tb, const struct row *r,
                     const int *col, int n, const double *ref, int *at)
{
	double f[MAXV + 1][MAXV + 1];
	int from[MAXV + 1][MAXV + 1];

	for (int i = 0; i <= r->ncell; i++)
		for (int j = 0; j <= n; j++)
			f[i][j] = INFINITY;
	f[0][0] = 0;
	for (int j = 1; j <= n; j++) {
		int rank = MAXV;
		for (int k = 0; k < MAXV && k < tb->lay->nv; k++)
			if (tb->lay->blank[k] == col[j - 1] && k < rank)
				rank = k;
		double skip = 1e-3 * (1 + rank);
		for (int i = 0; i <= r->ncell && i <= j; i++) {
			f[i][j] = f[i][j - 1] + skip, from[i][j] = 0;
			if (i == 0)
				continue;
			double x, cost = 0;
			if (value(&ts->v[r->cell[i - 1]], &x) == 1 && x > 0 && !isnan(ref[j - 1]))
				cost = fabs(log(x) - ref[j - 1]);
			if (f[i - 1][j - 1] + cost < f[i][j])
				f[i][j] = f[i - 1][j - 1] + cost, from[i][j] = 1;
		}
	}
	for (int i = r->ncell, j = n; j > 0; j--)
		if (i > 0 && from[i][j])
			at[--i] = col[j - 1];
}

/* text_of: words [a, a + n) of ts joined by single spaces into buf. */
static void text_of(const struct toks *ts, size_t a, size_t n, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t i = a; i < a + n && at + 1 < len; i++) {
		text_fmt(buf + at, len - at, "%s%.*s", at ? " " : "", ts->v[i].n, ts->v[i].s);
		at = strlen(buf);
	}
}

/* store: the rows of tb as figures of the runs of block into rs; -1 out of memory. */
static int store(const struct toks *ts, const struct table *tb, int block, struct lm_runs *rs)
{
	int col[MAXV], n = numeric(tb->lay, col), at[MAXV];
	double ref[MAXV];
	int full = refs(ts, tb, n, ref);

	for (size_t i = 0; i < tb->nrows; i++) {
		const struct row *r = &tb->rows[i];
		char host[72], os[72];
		const char *why = WHY_SPACED;
		int k = 0;

		text_of(ts, r->host, 1, host, sizeof host);
		text_of(ts, r->os, r->nos, os, sizeof os);
		for (size_t j = 0; j < i; j++) {
			char h[72], o[72];
			text_of(ts, tb->rows[j].host, 1, h, sizeof h);
			text_of(ts, tb->rows[j].os, tb->rows[j].nos, o, sizeof o);
			k += strcmp(h, host) == 0 && strcmp(o, os) == 0;
		}
		struct lm_run *run = lm_run_get(rs, block, host, os, k);
		if (run == NULL)
			return -1;
		run->secs |= MS_BIT(tb->lay->sec);
		if (r->ncell == n)
			memcpy(at, col, sizeof at);
		else if (!by_place(ts, tb, r, at)) {
			by_order(ts, tb, r, col, n, ref, at);
			why = full ? WHY_MATCHED : WHY_GUESSED;
		}
		if (!tb->tcp)
			lm_put(run, MID_SELECT_TCP, NAN, WHY_SELECT);
		for (int c = 0; c < r->ncell; c++) {
			double x;
			int id = tb->lay->id[at[c]];
			int kind = value(&ts->v[r->cell[c]], &x);
			if (id == MID_SELECT_TCP && !tb->tcp)
				continue;
			if (id >= 0)
				lm_put(run, id, kind == 1 && x > 0 ? x : NAN,
				       kind == 1 && x == 0 ? WHY_ZERO : WHY_SPACED);
		}
		for (int c = 0; c < n; c++)
			lm_put(run, tb->lay->id[col[c]], NAN, why);
	}
	return 0;
}

/* banner: 1 when the words at i spell "L M B E N C H"; its version into rs. */
static int banner(const struct toks *ts, size_t i, struct lm_runs *rs)
{
	static const char *const w[] = { "L", "M", "B", "E", "N", "C", "H" };

	for (size_t k = 0; k < 7; k++)
		if (i + k >= ts->n || !is(&ts->v[i + k], w[k]))
			return 0;
	const struct tok *t = ts->v + i + 7;
	if (i + 10 < ts->n && t[0].n == 1 && isdigit((unsigned char)t[0].s[0]) && is(&t[1], ".") &&
	    t[2].n == 1 && isdigit((unsigned char)t[2].s[0]))
		text_fmt(rs->version, sizeof rs->version, "lmbench %c.%c", t[0].s[0], t[2].s[0]);
	return 1;
}

/* header: the table whose header starts at word i ("Host OS"): its layout
 * (NULL: not a section contest reads) and rule; the word after the rule,
 * or 0 when there is no header there. */
static size_t header(const struct toks *ts, size_t i, struct table *tb)
{
	size_t d, e;
	int has = 0, also = 0;

	if (i + 2 >= ts->n || !is(&ts->v[i], "Host") || !is(&ts->v[i + 1], "OS"))
		return 0;
	for (d = i + 2; d < ts->n && d < i + 80 && !dashes(&ts->v[d]); d++)
		;
	if (d >= ts->n || !dashes(&ts->v[d]))
		return 0;
	for (e = d; e < ts->n && dashes(&ts->v[e]); e++)
		;
	memset(tb, 0, sizeof *tb);
	tb->rule = d, tb->nrule = e - d;
	for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; l++) {
		const struct layout *lay = &layouts[l];
		if ((size_t)lay->nv + 2 != tb->nrule)
			continue;
		has = also = 0;
		for (size_t k = i + 2; k < d; k++) {
			has |= is(&ts->v[k], lay->has);
			also |= lay->also == NULL || is(&ts->v[k], lay->also);
			tb->tcp |= is(&ts->v[k], "TCP");
		}
		if (has && also) {
			tb->lay = lay;
			break;
		}
	}
	if (tb->lay == NULL || tb->lay->sec != MS_PROC)
		tb->tcp = 1;
	return e;
}

/* rows: the rows of tb from word i; the word after them, (size_t)-1 out of memory. */
static size_t rows(const struct toks *ts, size_t i, struct table *tb)
{
	const struct layout *lay = tb->lay;
	int guess = lay->id[lay->nv - 1] == GUESS;
	struct row r;
	size_t j;

	while ((j = parse_row(ts, i, lay->nv, guess, &r)) != 0) {
		struct row *v = array_grow(tb->rows, &tb->cap, tb->nrows + 1, sizeof *v, 16);
		if (v == NULL)
			return (size_t)-1;
		tb->rows = v;
		v[tb->nrows++] = r;
		i = j;
	}
	return i;
}

/* summary: the sections of ts into rs; -1 out of memory. A banner, or a
 * section seen before in the same summary, starts a new summary. */
static int summary(const struct toks *ts, struct lm_runs *rs)
{
	unsigned seen = 0;
	int block = 1;

	for (size_t i = 0; i < ts->n;) {
		struct table tb;
		size_t e;
		if (banner(ts, i, rs)) {
			block += seen != 0, seen = 0;
			i += 7;
			continue;
		}
		if ((e = header(ts, i, &tb)) == 0) {
			i++;
			continue;
		}
		i = e;
		if (tb.lay == NULL)
			continue;
		if (seen & MS_BIT(tb.lay->sec))
			block++, seen = 0;
		seen |= MS_BIT(tb.lay->sec);
		e = rows(ts, i, &tb);
		int rc = e == (size_t)-1 ? -1 : store(ts, &tb, block, rs);
		free(tb.rows);
		if (rc != 0)
			return -1;
		i = e;
	}
	return 0;
}

int lmbench_summary_parse(const char *text, size_t n, const char *label, struct micro_record_set *out, char *msg,
                size_t len)
{
	struct lm_runs rs = { 0 };
	struct toks ts = { 0 };
	char *copy = malloc(n + 1);
	int rc = -1, res;
	size_t before = out->n;

	if (copy == NULL) {
		text_fmt(msg, len, "%s", strerror(ENOMEM));
		return -1;
	}
	memcpy(copy, text, n);
	copy[n] = '\0';
	for (size_t i = 0; i < n; i++)   /* a NUL is a blank, not the end */
		if (copy[i] == '\0')
			copy[i] = ' ';
	if (rec_label_check(label, NULL) != 0)
		text_fmt(msg, len, "'%s' is not a valid label", label);
	else if ((res = lm_results(copy, &rs)) < 0 || (res == 0 && (tokenize(copy, n, &ts) != 0 ||
	                                                           summary(&ts, &rs) != 0)))
		text_fmt(msg, len, "%s", strerror(ENOMEM));
	else if (rs.n == 0)
		text_fmt(msg, len, "%s", "not an lmbench summary or results file (no section of its "
		         "summary with a row, no \"[lmbench3.0 results\" line)");
	else if ((rc = lm_runs_emit(&rs, label, out, msg, len)) == 0 && out->n == before) {
		text_fmt(msg, len, "%s", "an lmbench results file with none of its summary's figures");
		rc = -1;
	}
	free(ts.v);
	free(copy);
	lm_runs_free(&rs);
	return rc;
}

int lmbench_summary_is(const struct micro_record *m)
{
	return strcmp(m->mode, LM_MODE) == 0;
}

int lmbench_summary_read(const char *path, const char *label, struct micro_record_set *out, char *msg, size_t len)
{
	enum { MAX = 16 << 20 };
	FILE *f = fopen(path, "rb");
	char *buf;
	size_t n;
	int rc;

	if (f == NULL) {
		text_fmt(msg, len, "%s", strerror(errno));
		return -1;
	}
	if ((buf = malloc(MAX + 1)) == NULL) {
		fclose(f);
		text_fmt(msg, len, "%s", strerror(ENOMEM));
		return -1;
	}
	n = fread(buf, 1, MAX + 1, f);
	if (ferror(f) || n > MAX) {
		text_fmt(msg, len, "%s", ferror(f) ? "cannot be read" : "larger than 16 MiB: not an lmbench file");
		rc = -1;
	} else {
		rc = lmbench_summary_parse(buf, n, label, out, msg, len);
	}
	fclose(f);
	free(buf);
	return rc;
}
