/* test_seed.c: the classic text table against the kernel list's (the seed mail ../shared/seeds/001_*, column for column), its widths, and Ratio over another label's no_load (--ratio-base). */
#include "lib/text.h"
#include "results/record/record.h"
#include "results/render/render.h"
#include "results/model/summary.h"
#include "tests/unit/t.h"
#include "tests/unit/trender.h"

#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WL "builtin-1:default"
#define SEED_DIR "../shared/seeds"   /* from the repository's top; CONTEST_SEEDS overrides */
#define TOK_MAX 32                   /* a token of the seed's tables */
#define ROWS_MAX 16

static const char *const order[] = { "no_load", "cacherun", "process_load", "io_load", NULL };

/* One block of the seed's tables: its name, its 7 header tokens, its rows' 7 tokens each. */
struct seed_block {
	char head[7][TOK_MAX];
	char row[ROWS_MAX][7][TOK_MAX];
	int nrows;
};

/* add: n runs of label under load in set, each with these figures. */
static void add(struct rec_set *set, const char *label, const char *load, int n, double time,
                double cpu, double loads, double lcpu)
{
	for (int i = 0; i < n; i++) {
		struct rec r;
		rec_init(&r);
		text_copy(r.label, label, sizeof r.label);
		text_copy(r.load, load, sizeof r.load);
		snprintf(r.timestamp, sizeof r.timestamp, "2002-10-11T10:%02zu:00Z", set->n % 60);
		text_copy(r.workload, WL, sizeof r.workload);
		r.run = (int)set->n + 1;
		r.jobs = 4;
		r.time = time;
		r.cpu_pct = cpu;
		r.loads = loads;
		r.lcpu_pct = lcpu;
		T_CHECK(rec_set_add(set, &r) == 0);
	}
}

/* seed_text: the seed mail's text (malloc'd), or NULL when it is not there. */
static char *seed_text(void)
{
	const char *dir = getenv("CONTEST_SEEDS") ? getenv("CONTEST_SEEDS") : SEED_DIR;
	char pat[512], *text = NULL;
	glob_t g;
	size_t len = 0;

	snprintf(pat, sizeof pat, "%s/001_*.txt", dir);
	if (glob(pat, 0, NULL, &g) != 0)
		return NULL;
	FILE *f = fopen(g.gl_pathv[0], "r");
	FILE *mem = open_memstream(&text, &len);
	int ch;
	while (f && mem && (ch = fgetc(f)) != EOF)
		fputc(ch, mem);
	if (f)
		fclose(f);
	if (mem)
		fclose(mem);
	globfree(&g);
	return text;
}

/* is_runs: 1 when s is "[N]", and N into *n. */
static int is_runs(const char *s, int *n)
{
	char end;

	return sscanf(s, "[%d%c", n, &end) == 2 && end == ']' && s[strlen(s) - 1] == ']' && *n > 0;
}

/* seed_block: block name ("noload") of the seed's text (its line breaks
 * lost: read as tokens): the 7 tokens after "name:", then each 7 whose
 * second is "[N]". 0, or -1 when the block is not there. */
static int seed_block(const char *text, const char *name, struct seed_block *b)
{
	char *copy = strdup(text), *save = NULL, *t, title[TOK_MAX + 1];
	char tok[7][TOK_MAX];
	int n, found = 0;

	memset(b, 0, sizeof *b);
	snprintf(title, sizeof title, "%s:", name);
	for (t = strtok_r(copy, " \t\r\n", &save); t && strcmp(t, title) != 0;
	     t = strtok_r(NULL, " \t\r\n", &save))
		;
	for (int k = 0; t && k < 7 && (t = strtok_r(NULL, " \t\r\n", &save)) != NULL; k++)
		found += snprintf(b->head[k], TOK_MAX, "%s", t) > 0;
	while (found == 7 && b->nrows < ROWS_MAX) {
		int k = 0;
		for (; k < 7 && (t = strtok_r(NULL, " \t\r\n", &save)) != NULL; k++)
			snprintf(tok[k], TOK_MAX, "%s", t);
		if (k < 7 || !is_runs(tok[1], &n))
			break;
		memcpy(b->row[b->nrows++], tok, sizeof tok);
	}
	free(copy);
	return found == 7 && b->nrows > 0 ? 0 : -1;
}

/* seed_runs: block b's rows as runs of load in set, each row's figures
 * in as many runs as its [N]; its labels into labels (first seen, *n). */
static void seed_runs(struct rec_set *set, const struct seed_block *b, const char *load,
                      const char **labels, size_t *n)
{
	for (int i = 0; i < b->nrows; i++) {
		int runs = 0;
		is_runs(b->row[i][1], &runs);
		add(set, b->row[i][0], load, runs, strtod(b->row[i][2], NULL), strtod(b->row[i][3], NULL),
		    strtod(b->row[i][4], NULL), strtod(b->row[i][5], NULL));
		size_t k = 0;
		while (k < *n && strcmp(labels[k], b->row[i][0]) != 0)
			k++;
		if (k == *n)
			labels[(*n)++] = b->row[i][0];
	}
}

/* ref_time: a reference no_load Time that gives every row of the blocks
 * the seed's Ratio (its rows' Time / reference, rounded): the middle of
 * the range they all allow (the seed's Ratio was over a reference kernel
 * the mail does not show). */
static double ref_time(const struct seed_block *b, int nb)
{
	double lo = 0, hi = INFINITY;

	for (int j = 0; j < nb; j++)
		for (int i = 0; i < b[j].nrows; i++) {
			double t = strtod(b[j].row[i][2], NULL), r = strtod(b[j].row[i][6], NULL);
			lo = fmax(lo, t / (r + 0.005));
			hi = fmin(hi, t / (r - 0.005));
		}
	T_CHECK(lo < hi);
	return (lo + hi) / 2;
}

/* next_tok: the next whitespace-separated token of line from *at: its
 * start offset into *start, its length returned (0: none left). */
static size_t next_tok(const char *line, size_t *at, size_t *start)
{
	size_t i = *at, n;

	while (line[i] == ' ')
		i++;
	*start = i;
	n = strcspn(line + i, " \n");
	*at = i + n;
	return n;
}

/* check_line: the line at *p of the report (advanced past it) has the 7
 * tokens want; each column starts where the header's does (head, NULL
 * for the header), the runs ending where "[runs]" ends. */
static void check_line(const char **p, char want[7][TOK_MAX], size_t head_at[7][2])
{
	const char *line = *p, *nl = strchr(line, '\n');
	size_t at = 0, start, n;

	for (int k = 0; k < 7; k++) {
		n = next_tok(line, &at, &start);
		T_CHECK(n == strlen(want[k]) && strncmp(line + start, want[k], n) == 0);
		if (n != strlen(want[k]) || strncmp(line + start, want[k], n) != 0)
			fprintf(stderr, "  column %d: got '%.*s', want '%s'\n", k + 1, (int)n, line + start,
			        want[k]);
		if (head_at[k][1] == 0)
			continue;
		if (k == 1)
			T_CHECK(start + n == head_at[k][0] + head_at[k][1]);
		else
			T_CHECK(start == head_at[k][0]);
	}
	T_CHECK(next_tok(line, &at, &start) == 0);
	*p = nl ? nl + 1 : line + strlen(line);
}

/* check_block: the report at *p (advanced past it) is "title:", the
 * seed block's header and rows, token for token, aligned under the header. */
static void check_block(const char **p, const char *title, const struct seed_block *b)
{
	size_t head_at[7][2] = { { 0 } }, at = 0;
	char want[7][TOK_MAX];
	size_t n = strlen(title);

	T_CHECK(strncmp(*p, title, n) == 0 && (*p)[n] == ':' && (*p)[n + 1] == '\n');
	*p += strcspn(*p, "\n") + 1;
	for (int k = 0; k < 7; k++)
		head_at[k][1] = next_tok(*p, &at, &head_at[k][0]);
	memcpy(want, b->head, sizeof want);
	size_t none[7][2] = { { 0 } };
	check_line(p, want, none);
	for (int i = 0; i < b->nrows; i++) {
		memcpy(want, b->row[i], sizeof want);
		check_line(p, want, head_at);
	}
}

/* The seed's noload and process_load blocks, from records holding their
 * numbers, Ratio over a reference label shown in no row. */
static void test_seed_blocks(void)
{
	char *text = seed_text(), *buf = NULL;
	struct seed_block b[2];
	struct rec_set set = { 0 };
	struct summary s;
	const char *labels[ROWS_MAX];
	size_t nl = 0;

	if (text == NULL) {
		printf("skip: the seed mail %s/001_*.txt is not there (CONTEST_SEEDS=DIR names another place)\n",
		       getenv("CONTEST_SEEDS") ? getenv("CONTEST_SEEDS") : SEED_DIR);
		return;
	}
	T_CHECK(seed_block(text, "noload", &b[0]) == 0 && b[0].nrows == 5);
	T_CHECK(seed_block(text, "process_load", &b[1]) == 0 && b[1].nrows == 5);
	seed_runs(&set, &b[0], "no_load", labels, &nl);
	seed_runs(&set, &b[1], "process_load", labels, &nl);
	add(&set, "reference", "no_load", 1, ref_time(b, 2), 95, 0, 0);
	T_CHECK(summary_build(&s, &set, labels, nl, NULL, 0, order) == 0);
	T_CHECK(summary_ratio_base(&s, &set, "reference") == 1);
	const char *p = tr_render(&buf, &s, &set, "text", &(struct rep_show){ .baseline = -1 }, NULL,
	                          NULL, 0);
	check_block(&p, "no_load", &b[0]);
	check_block(&p, "process_load", &b[1]);
	T_STREQ(p, "workload: " WL " -j4\nRatio: Time over reference's no_load Time\n");
	summary_free(&s);
	rec_set_free(&set);
	free(buf);
	free(text);
}

/* Long labels widen the Kernel column, huge figures every figure column,
 * in every block alike; --precise adds a decimal. */
static void test_widths(void)
{
	struct rec_set set = { 0 };
	struct summary s;
	char *buf = NULL;

	add(&set, "6.18.44-fc-v857", "no_load", 1, 31.04, 197.3, 0, 0);
	add(&set, "6.18.44-fc-v857-long", "no_load", 12, 30.96, 196.6, 0, 0);
	add(&set, "6.18.44-fc-v857", "io_load", 1, 62.2, 98.4, 123456789.4, 9.6);
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	T_STREQ(tr_render(&buf, &s, &set, "text", &(struct rep_show){ .baseline = -1 }, NULL, NULL, 0),
		"no_load:\n"
		"Kernel              [runs]   Time      CPU%      Loads     LCPU%     Ratio\n"
		"6.18.44-fc-v857        [1]   31.0      197       0         0         1.00\n"
		"6.18.44-fc-v857-long  [12]   31.0      197       0         0         1.00\n"
		"io_load:\n"
		"Kernel              [runs]   Time      CPU%      Loads     LCPU%     Ratio\n"
		"6.18.44-fc-v857        [1]   62.2      98        123456789 10        2.00\n"
		"workload: " WL " -j4\n");
	T_STREQ(tr_render(&buf, &s, &set, "text", &(struct rep_show){ .baseline = -1, .precise = 1 },
	                  NULL, NULL, 0),
		"no_load:\n"
		"Kernel              [runs]   Time        CPU%        Loads       LCPU%       Ratio\n"
		"6.18.44-fc-v857        [1]   31.04       197.3       0.0         0.0         1.000\n"
		"6.18.44-fc-v857-long  [12]   30.96       196.6       0.0         0.0         1.000\n"
		"io_load:\n"
		"Kernel              [runs]   Time        CPU%        Loads       LCPU%       Ratio\n"
		"6.18.44-fc-v857        [1]   62.20       98.4        123456789.4 9.6         2.004\n"
		"workload: " WL " -j4\n");
	summary_free(&s);
	rec_set_free(&set);
	free(buf);
}

int main(void)
{
	test_seed_blocks();
	test_widths();
	return t_done();
}
