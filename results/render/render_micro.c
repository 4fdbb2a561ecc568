/* render_micro.c: the lmbench 2.0 summary layout of microbenchmark results, one row per suite run. */
#include "results/render/render_micro.h"
#include "lib/text.h"
#include "results/record/micro_metric.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A column: Host, OS, one metric, or a section's cache guesses. */
enum mkind { MC_HOST, MC_OS, MC_NUM, MC_GUESS };

struct mcol {
	enum mkind kind;
	const char *top, *bottom;  /* the two header words */
	int width;                 /* at least; widened to fit the values */
	const struct micro_def *def;  /* MC_NUM: the metric */
	unsigned sec;              /* MC_GUESS: MS_BIT of the section */
};

enum { MAXCOL = 2 + MID_COUNT, CELL = 48 };

/* render_micro_num: v with the significant digits the classic summary used:
 * 1287, 405, 39.8, 5.21, 0.46, 0.046. */
void render_micro_num(double v, char *buf, size_t len)
{
	double a = fabs(v);

	if (isnan(v))
		text_fmt(buf, len, "%s", "");
	else if (a >= 100)
		text_fmt(buf, len, "%.0f", v);
	else if (a >= 10)
		text_fmt(buf, len, "%.1f", v);
	else if (a >= 1)
		text_fmt(buf, len, "%.2f", v);
	else
		text_fmt(buf, len, "%#.2g", v);
}

/* A suite run: the indexes of its lines in the set. */
struct mrun {
	const struct micro_record *first;
	const struct micro_record **m;
	size_t n;
	const char *os;   /* its OS cell (os_names) */
};

/* line_of: run r's line of metric name, or NULL. */
static const struct micro_record *line_of(const struct mrun *r, const char *name)
{
	for (size_t i = 0; i < r->n; i++)
		if (strcmp(r->m[i]->metric, name) == 0)
			return r->m[i];
	return NULL;
}

/* value: metric name of run r, NaN when absent or not available; the
 * MB/s of a run without an mb_decimal line (2^20-byte megabytes) in 10^6. */
static double value(const struct mrun *r, const char *name)
{
	const struct micro_record *m = line_of(r, name);
	int id = micro_metric_find(name);

	if (m && id >= 0 && strcmp(micro_metrics[id].unit, "MB/s") == 0 &&
	    !line_of(r, micro_metrics[MID_MB_DECIMAL].name))
		return m->value * MICRO_MB_OLD;
	return m ? m->value : NAN;
}

/* reason_of: why metric name of run r is not available (also when the run
 * has no such line); NULL when it is available. */
static const char *reason_of(const struct mrun *r, const char *name)
{
	const struct micro_record *m = line_of(r, name);

	if (m == NULL)
		return "not measured by this run (an older contest, or --only)";
	return isnan(m->value) ? (m->reason[0] ? m->reason : "failed") : NULL;
}

/* size_h: a cache size as "48K", "1M", "1.5M". */
static void size_h(double b, char *buf, size_t len)
{
	if (b >= 1048576)
		text_fmt(buf, len, "%gM", b / 1048576);
	else
		text_fmt(buf, len, "%gK", b / 1024);
}

/* guesses: the cache sizes found in the latency curve, "L1 48K L2 1M L3 6M":
 * the MF_CACHE metrics of section bit sec, numbered in table order. */
static void guesses(const struct mrun *r, unsigned sec, char *buf, size_t len)
{
	size_t at = 0;
	int level = 0;

	buf[0] = '\0';
	for (int id = 0; id < MID_COUNT; id++) {
		const struct micro_def *d = &micro_metrics[id];
		if (d->fmt != MF_CACHE || !(d->sections & sec))
			continue;
		double b = value(r, d->name);
		char s[24];
		level++;
		if (isnan(b) || b <= 0)
			continue;
		size_h(b, s, sizeof s);
		text_fmt(buf + at, len - at, "%sL%d %s", at ? " " : "", level, s);
		at = strlen(buf);
	}
}

/* cell: the text of column c for run r. */
static void cell(const struct mcol *c, const struct mrun *r, char *buf, size_t len)
{
	switch (c->kind) {
	case MC_HOST:
		text_fmt(buf, len, "%.9s", r->first->host);
		break;
	case MC_OS:
		text_fmt(buf, len, "%.13s", r->os);
		break;
	case MC_NUM:
		render_micro_num(value(r, c->def->name), buf, len);
		break;
	case MC_GUESS:
		guesses(r, c->sec, buf, len);
		break;
	}
}

/* columns: the columns of section sec into cols (MAXCOL): Host, OS, then
 * each metric of the table showing in it, its cache metrics as one column;
 * their number. */
static int columns(enum micro_section sec, struct mcol *cols)
{
	unsigned bit = MS_BIT(sec);
	int n = 0, guess = 0;

	cols[n++] = (struct mcol){ .kind = MC_HOST, .top = "Host", .bottom = "", .width = 9 };
	cols[n++] = (struct mcol){ .kind = MC_OS, .top = "OS", .bottom = "", .width = 13 };
	for (int id = 0; id < MID_COUNT; id++) {
		const struct micro_def *d = &micro_metrics[id];
		if (!(d->sections & bit) || (d->fmt == MF_CACHE && guess++))
			continue;
		cols[n++] = (struct mcol){ .kind = d->fmt == MF_CACHE ? MC_GUESS : MC_NUM, .top = d->top,
		                           .bottom = d->bottom, .width = d->width, .def = d, .sec = bit };
	}
	return n;
}

/* emit: line[0..n) without trailing blanks, then a newline. */
static void emit(FILE *out, const char *line, int n)
{
	while (n > 0 && line[n - 1] == ' ')
		n--;
	fprintf(out, "%.*s\n", n, line);
}

/* header: the title of section sec, its rule, the two header lines (no
 * second when it is empty) and the dashes, for columns cols of widths w. */
static void header(FILE *out, enum micro_section sec, const struct mcol *cols, const int *w, int nc)
{
	const char *title = micro_sections[sec], *nl = strrchr(title, '\n');
	size_t tl = strlen(nl ? nl + 1 : title);
	char line[1024];
	int at = 0;

	fprintf(out, "%s\n", title);
	for (size_t i = 0; i < tl; i++)
		fputc('-', out);
	fputc('\n', out);
	/* header tops may run into the next column when its top is empty */
	memset(line, ' ', sizeof line);
	for (int c = 0; c < nc; c++) {
		size_t n = strlen(cols[c].top);
		if (at + (int)n < (int)sizeof line)
			memcpy(line + at, cols[c].top, n);
		at += w[c] + 1;
	}
	emit(out, line, at < (int)sizeof line ? at : (int)sizeof line);
	at = 0;
	for (int c = 0; c < nc; c++)
		at += snprintf(line + at, sizeof line - (size_t)at, "%-*s ", w[c], cols[c].bottom);
	if (strspn(line, " ") < (size_t)at)  /* no second header line when it is empty */
		emit(out, line, at);
	at = 0;
	for (int c = 0; c < nc; c++) {
		memset(line + at, '-', (size_t)w[c]);
		line[at + w[c]] = ' ';
		at += w[c] + 1;
	}
	emit(out, line, at);
}

/* shows: 1 when run r has a row in section sec: always for contest's
 * runs; for lmbench's when its file had the section (a line of a metric
 * that is in that section alone). */
static int shows(const struct mrun *r, enum micro_section sec)
{
	if (!r->first->lmbench)
		return 1;
	for (size_t i = 0; i < r->n; i++) {
		int id = micro_metric_find(r->m[i]->metric);
		if (id >= 0 && micro_metrics[id].sections == MS_BIT(sec))
			return 1;
	}
	return 0;
}

/* blanks: the lines of notes for the runs [a, b) of one label: a figure
 * left blank by consecutive runs for one reason is one line ("runs 1-5");
 * a label of lmbench's without the section says so once. */
static void blanks(FILE *out, enum micro_section sec, const struct mrun *runs, size_t a, size_t b)
{
	const char *label = runs[a].first->label;
	size_t r, e;

	for (r = a; r < b && !shows(&runs[r], sec); r++)
		;
	if (r == b)
		return;   /* lmbench's label without the section: said by notes */
	for (int id = 0; id < MID_COUNT; id++) {
		const struct micro_def *d = &micro_metrics[id];
		if (!(d->sections & MS_BIT(sec)) || (d->fmt == MF_CACHE && runs[a].first->lmbench))
			continue;
		for (r = a; r < b; r = e) {
			const char *why = shows(&runs[r], sec) ? reason_of(&runs[r], d->name) : NULL;
			for (e = r + 1; why && e < b && runs[e].first->run == runs[e - 1].first->run + 1; e++) {
				const char *w = shows(&runs[e], sec) ? reason_of(&runs[e], d->name) : NULL;
				if (w == NULL || strcmp(w, why) != 0)
					break;
			}
			if (why && e - r > 1)
				fprintf(out, "  %s runs %d-%d: %s not available: %s\n", label, runs[r].first->run,
				        runs[e - 1].first->run, d->name, why);
			else if (why)
				fprintf(out, "  %s run %d: %s not available: %s\n", label, runs[r].first->run,
				        d->name, why);
		}
	}
}

/* notes: under section sec, a line for each figure of a run that its
 * columns leave blank, with the reason; under the memory section, where the
 * cache guesses of the runs come from (cache_src). */
static void notes(FILE *out, enum micro_section sec, const struct mrun *runs, size_t nruns)
{
	int reported = 0, curve = 0, nojournal = 0;

	int lacking = 0;

	for (size_t a = 0, b; a < nruns; a = b) {
		for (b = a + 1; b < nruns && strcmp(runs[b].first->label, runs[a].first->label) == 0; b++)
			;
		blanks(out, sec, runs, a, b);
		if (!shows(&runs[a], sec) && sec != MS_EXT)
			fprintf(out, "%s%s", lacking++ ? ", " : "  not in lmbench's results of ", runs[a].first->label);
	}
	if (lacking)
		fputs("\n", out);
	for (size_t r = 0; r < nruns; r++) {
		double src = value(&runs[r], micro_metrics[MID_CACHE_SRC].name);
		if (!isnan(src))
			*(src > 0 ? &reported : &curve) += 1;
		nojournal |= value(&runs[r], micro_metrics[MID_FS_NOJOURNAL].name) > 0;
	}
	if (sec == MS_FS && nojournal)
		fprintf(out, "  File Create: ext4 without a journal: measured in the cheapest of 8 block "
		        "groups (one with inodes freed in the last minutes costs up to 90x; see contest(1))\n");
	if (sec != MS_MEM)
		return;
	if (reported)
		fprintf(out, "  Guesses%s: the sizes the system reports (sysfs cache/index*/size), "
		        "the latency curve's own below\n", curve ? " of some runs" : "");
	if (curve)
		fprintf(out, "  Guesses%s: from the latency curve (the system reports no cache)\n",
		        reported ? " of the other runs" : "");
}

/* section: one section: its header, then a row per run; numbers right-aligned. */
static void section(FILE *out, enum micro_section sec, const struct mrun *runs, size_t nruns)
{
	struct mcol cols[MAXCOL];
	int w[MAXCOL], nc = columns(sec, cols), at;
	char buf[CELL], line[1024];

	for (int c = 0; c < nc; c++) {
		w[c] = cols[c].width;
		if ((int)strlen(cols[c].bottom) > w[c])
			w[c] = (int)strlen(cols[c].bottom);
		for (size_t r = 0; r < nruns; r++) {
			if (!shows(&runs[r], sec))
				continue;
			cell(&cols[c], &runs[r], buf, sizeof buf);
			if ((int)strlen(buf) > w[c])
				w[c] = (int)strlen(buf);
		}
	}
	header(out, sec, cols, w, nc);
	for (size_t r = 0; r < nruns; r++) {
		if (!shows(&runs[r], sec))
			continue;
		at = 0;
		for (int c = 0; c < nc; c++) {
			cell(&cols[c], &runs[r], buf, sizeof buf);
			at += snprintf(line + at, sizeof line - (size_t)at,
			               cols[c].kind == MC_NUM ? "%*s " : "%-*s ", w[c], buf);
		}
		emit(out, line, at);
	}
	notes(out, sec, runs, nruns);
}

/* has_figures: 1 when some run has a line of a metric shown in section sec. */
static int has_figures(enum micro_section sec, const struct mrun *runs, size_t nruns)
{
	for (size_t r = 0; r < nruns; r++)
		for (size_t i = 0; i < runs[r].n; i++) {
			int id = micro_metric_find(runs[r].m[i]->metric);
			if (id >= 0 && (micro_metrics[id].sections & MS_BIT(sec)))
				return 1;
		}
	return 0;
}

/* same_run: 1 when a and b belong to one suite run. */
static int same_run(const struct micro_record *a, const struct micro_record *b)
{
	return a->run == b->run && strcmp(a->label, b->label) == 0;
}

/* label_rank: position of label in labels, or by first appearance in set. */
static size_t label_rank(const struct micro_record_set *set, const char *const *labels, size_t nlabels,
                         const char *label)
{
	for (size_t i = 0; i < nlabels; i++)
		if (strcmp(labels[i], label) == 0)
			return i;
	for (size_t i = 0; i < set->n; i++)
		if (strcmp(set->v[i].label, label) == 0)
			return nlabels + i;
	return (size_t)-1;
}

static const struct micro_record_set *sort_set;
static const char *const *sort_labels;
static size_t sort_nlabels;

/* cmp_runs: label order, then run number. */
static int cmp_runs(const void *a, const void *b)
{
	const struct mrun *x = a, *y = b;
	size_t rx = label_rank(sort_set, sort_labels, sort_nlabels, x->first->label);
	size_t ry = label_rank(sort_set, sort_labels, sort_nlabels, y->first->label);

	if (rx != ry)
		return rx < ry ? -1 : 1;
	return (x->first->run > y->first->run) - (x->first->run < y->first->run);
}

/* os_names: each run's OS cell: the label; for lmbench's runs the OS its
 * summary printed, or when another label of lmbench's has the same Host and
 * OS, the end of the label (label.1, label.2 kept apart). */
static void os_names(struct mrun *runs, size_t nruns)
{
	for (size_t i = 0; i < nruns; i++) {
		const struct micro_record *m = runs[i].first;
		size_t j, n = strlen(m->label);
		runs[i].os = m->label;
		if (!m->lmbench)
			continue;
		for (j = 0; j < nruns; j++) {
			const struct micro_record *o = runs[j].first;
			if (o->lmbench && strcmp(o->label, m->label) != 0 && strcmp(o->host, m->host) == 0 &&
			    strcmp(o->kernel, m->kernel) == 0)
				break;
		}
		runs[i].os = j < nruns ? m->label + (n > 13 ? n - 13 : 0) : m->kernel;
	}
}

/* sources: under the placement, a line naming each label of lmbench's with
 * the Host and OS of its rows and its runs. */
static void sources(FILE *out, const struct mrun *runs, size_t nruns)
{
	int any = 0;

	for (size_t i = 0, e; i < nruns; i = e) {
		const struct micro_record *m = runs[i].first;
		for (e = i + 1; e < nruns && strcmp(runs[e].first->label, m->label) == 0; e++)
			;
		if (!m->lmbench)
			continue;
		fprintf(out, "%s %s: %s %s, %zu run%s", any++ ? ";" : "From lmbench's own results:", m->label,
		        m->host, m->kernel, e - i, e - i > 1 ? "s" : "");
	}
	if (any)
		fputs("\n\n", out);
}

/* placements: the summary's first line, where each run's two-ended (IPC and
 * context-switch) benchmarks ran, from the runs' placement: "Placement: cpu1"
 * when all runs share one; else each placement with its runs ("LABEL RUN
 * RUN, LABEL RUN") and the note that such figures do not compare across them. */
static void placements(FILE *out, const struct mrun *runs, size_t nruns)
{
	size_t i, j, k;

	for (i = 1; i < nruns && strcmp(runs[i].first->placement, runs[0].first->placement) == 0; i++)
		;
	if (i >= nruns) {
		if (nruns > 0)
			fprintf(out, "Placement: %s\n\n", runs[0].first->placement);
		return;
	}
	fputs("Placement:", out);
	for (i = 0; i < nruns; i++) {
		const char *p = runs[i].first->placement, *label = NULL;
		for (j = 0; j < i && strcmp(runs[j].first->placement, p) != 0; j++)
			;
		if (j < i)
			continue;  /* named with its first run */
		fprintf(out, "%s %s for", i ? ";" : "", p);
		for (k = i; k < nruns; k++) {
			const struct micro_record *m = runs[k].first;
			if (strcmp(m->placement, p) != 0)
				continue;
			if (label == NULL || strcmp(label, m->label) != 0)
				fprintf(out, "%s %s", label ? "," : "", m->label);
			label = m->label;
			fprintf(out, " %d", m->run);
		}
	}
	fputs(" (IPC and context-switch figures of different placements do not compare)\n\n", out);
}

int render_micro(FILE *out, const struct micro_record_set *set, const char *const *labels, size_t nlabels)
{
	struct mrun *runs = calloc(set->n + 1, sizeof *runs);
	const struct micro_record **refs = calloc(set->n + 1, sizeof *refs);
	size_t nruns = 0, nref = 0;

	if (runs == NULL || refs == NULL) {
		free(runs);
		free(refs);
		return -1;
	}
	for (size_t i = 0; i < set->n; i++) {
		const struct micro_record *m = &set->v[i];
		int keep = nlabels == 0;
		for (size_t k = 0; k < nlabels && !keep; k++)
			keep = strcmp(labels[k], m->label) == 0;
		if (!keep)
			continue;
		size_t r;
		for (r = 0; r < nruns && !same_run(runs[r].first, m); r++)
			;
		if (r == nruns)
			runs[nruns++].first = m;
	}
	/* each run's lines, contiguous in refs */
	for (size_t r = 0; r < nruns; r++) {
		runs[r].m = refs + nref;
		for (size_t i = 0; i < set->n; i++)
			if (same_run(&set->v[i], runs[r].first))
				refs[nref++] = &set->v[i], runs[r].n++;
	}
	sort_set = set;
	sort_labels = labels;
	sort_nlabels = nlabels;
	qsort(runs, nruns, sizeof *runs, cmp_runs);
	os_names(runs, nruns);
	placements(out, runs, nruns);
	sources(out, runs, nruns);
	int printed = 0;
	for (int sec = 0; sec < MS_COUNT; sec++) {
		if (sec == MS_EXT && !has_figures(MS_EXT, runs, nruns))
			continue;  /* older results: none of contest's own figures */
		size_t r;
		for (r = 0; r < nruns && !shows(&runs[r], (enum micro_section)sec); r++)
			;
		if (r == nruns)
			continue;  /* lmbench's results alone, without this section */
		if (printed++)
			fputc('\n', out);
		section(out, (enum micro_section)sec, runs, nruns);
	}
	free(runs);
	free(refs);
	return 0;
}
