/* render_micro.c: the lmbench 2.0 summary layout of microbenchmark results, one row per suite run. */
#include "results/render_micro.h"
#include "lib/text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A column: two header words and the metric it shows (NULL: Host, OS, Guesses). */
struct mcol {
	const char *top, *bottom, *metric;
	int width;            /* at least; widened to fit the values */
};

struct msection {
	const char *title;
	struct mcol col[12];
};

#define HOST_OS { "Host", "", NULL, 9 }, { "OS", "", NULL, 13 }

static const struct msection sections[] = {
	{ "Processor, Processes - times in microseconds - smaller is better",
	  { HOST_OS, { "Mhz", "", "mhz", 4 }, { "null", "call", "null_call", 4 },
	    { "null", "I/O", "null_io", 4 }, { "", "stat", "stat", 4 }, { "open", "clos", "open_close", 4 },
	    { "selct", "TCP", "select_tcp", 5 }, { "sig", "inst", "sig_inst", 4 },
	    { "sig", "hndl", "sig_hndl", 4 }, { "fork", "proc", "fork_proc", 4 },
	    { "exec", "proc", "exec_proc", 4 } } },
	{ NULL, { { "sh", "proc", "sh_proc", 4 } } },  /* continues the row above */
	{ "Context switching - times in microseconds - smaller is better",
	  { HOST_OS, { "2p/0K", "ctxsw", "ctx_2p_0k", 5 }, { "2p/16K", "ctxsw", "ctx_2p_16k", 6 },
	    { "2p/64K", "ctxsw", "ctx_2p_64k", 6 }, { "8p/16K", "ctxsw", "ctx_8p_16k", 6 },
	    { "8p/64K", "ctxsw", "ctx_8p_64k", 6 }, { "16p/16K", "ctxsw", "ctx_16p_16k", 7 },
	    { "16p/64K", "ctxsw", "ctx_16p_64k", 7 } } },
	{ "*Local* Communication latencies in microseconds - smaller is better",
	  { HOST_OS, { "2p/0K", "ctxsw", "ctx_2p_0k", 5 }, { "Pipe", "", "lat_pipe", 5 },
	    { "AF", "UNIX", "lat_unix", 4 }, { "UDP", "", "lat_udp", 5 },
	    { "RPC/", "UDP", "lat_rpc_udp", 5 }, { "TCP", "", "lat_tcp", 5 },
	    { "RPC/", "TCP", "lat_rpc_tcp", 5 }, { "TCP", "conn", "lat_tcp_conn", 4 } } },
	{ "File & VM system latencies in microseconds - smaller is better",
	  { HOST_OS, { "0K File", "Create", "fs_create_0k", 6 }, { "", "Delete", "fs_delete_0k", 6 },
	    { "10K File", "Create", "fs_create_10k", 6 }, { "", "Delete", "fs_delete_10k", 6 },
	    { "Mmap", "Latency", "mmap_lat", 7 }, { "Prot", "Fault", "prot_fault", 5 },
	    { "Page", "Fault", "page_fault", 5 } } },
	{ "*Local* Communication bandwidths in MB/s - bigger is better",
	  { HOST_OS, { "Pipe", "", "bw_pipe", 4 }, { "AF", "UNIX", "bw_unix", 4 },
	    { "TCP", "", "bw_tcp", 4 }, { "File", "reread", "bw_file_reread", 6 },
	    { "Mmap", "reread", "bw_mmap_reread", 6 }, { "Bcopy", "(libc)", "bw_bcopy_libc", 6 },
	    { "Bcopy", "(hand)", "bw_bcopy_hand", 6 }, { "Mem", "read", "bw_mem_read", 4 },
	    { "Mem", "write", "bw_mem_write", 5 } } },
	{ "Memory latencies in nanoseconds - smaller is better\n"
	  "    (WARNING - may not be correct, check graphs)",
	  { HOST_OS, { "Mhz", "", "mhz", 4 }, { "L1 $", "", "lat_l1", 5 }, { "L2 $", "", "lat_l2", 6 },
	    { "Main mem", "", "lat_main", 8 }, { "Guesses", "", NULL, 7 } } },
};

enum { NSEC = sizeof sections / sizeof sections[0], MAXCOL = 13, CELL = 48 };

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
	const struct mrec *first;
	const struct mrec **m;
	size_t n;
};

/* value: metric name of run r, NaN when absent or not available. */
static double value(const struct mrun *r, const char *name)
{
	for (size_t i = 0; i < r->n; i++)
		if (strcmp(r->m[i]->metric, name) == 0)
			return r->m[i]->value;
	return NAN;
}

/* size_h: a cache size as "48K", "1M", "1.5M". */
static void size_h(double b, char *buf, size_t len)
{
	if (b >= 1048576)
		text_fmt(buf, len, "%gM", b / 1048576);
	else
		text_fmt(buf, len, "%gK", b / 1024);
}

/* guesses: the cache sizes found in the latency curve, "L1 48K L2 1M L3 6M". */
static void guesses(const struct mrun *r, char *buf, size_t len)
{
	static const char *const names[] = { "cache_l1", "cache_l2", "cache_l3" };
	size_t at = 0;

	buf[0] = '\0';
	for (int i = 0; i < 3; i++) {
		double b = value(r, names[i]);
		char s[24];
		if (isnan(b) || b <= 0)
			continue;
		size_h(b, s, sizeof s);
		text_fmt(buf + at, len - at, "%sL%d %s", at ? " " : "", i + 1, s);
		at = strlen(buf);
	}
}

/* cell: the text of column c for run r. */
static void cell(const struct mcol *c, const struct mrun *r, char *buf, size_t len)
{
	if (c->metric != NULL)
		render_micro_num(value(r, c->metric), buf, len);
	else if (strcmp(c->top, "Host") == 0)
		text_fmt(buf, len, "%.9s", r->first->host);
	else if (strcmp(c->top, "OS") == 0)
		text_fmt(buf, len, "%.13s", r->first->label);
	else
		guesses(r, buf, len);
}

/* emit: line[0..n) without trailing blanks, then a newline. */
static void emit(FILE *out, const char *line, int n)
{
	while (n > 0 && line[n - 1] == ' ')
		n--;
	fprintf(out, "%.*s\n", n, line);
}

/* section: one section: title, rule, two header lines, dashes, a row per run. */
static void section(FILE *out, const struct msection *s, const struct msection *more,
                    const struct mrun *runs, size_t nruns)
{
	const struct mcol *cols[MAXCOL];
	int w[MAXCOL], nc = 0;
	char buf[CELL];

	for (int i = 0; i < 12 && s->col[i].top != NULL; i++)
		cols[nc++] = &s->col[i];
	for (int i = 0; more && i < 12 && more->col[i].top != NULL; i++)
		cols[nc++] = &more->col[i];
	for (int c = 0; c < nc; c++) {
		w[c] = cols[c]->width;
		if ((int)strlen(cols[c]->bottom) > w[c])
			w[c] = (int)strlen(cols[c]->bottom);
		for (size_t r = 0; r < nruns; r++) {
			cell(cols[c], &runs[r], buf, sizeof buf);
			if ((int)strlen(buf) > w[c])
				w[c] = (int)strlen(buf);
		}
	}
	fprintf(out, "%s\n", s->title);
	const char *nl = strrchr(s->title, '\n');
	size_t tl = strlen(nl ? nl + 1 : s->title);
	for (size_t i = 0; i < tl; i++)
		fputc('-', out);
	fputc('\n', out);
	/* header tops may run into the next column when its top is empty */
	char line[1024];
	int at = 0;
	memset(line, ' ', sizeof line);
	for (int c = 0; c < nc; c++) {
		size_t n = strlen(cols[c]->top);
		if (at + (int)n < (int)sizeof line)
			memcpy(line + at, cols[c]->top, n);
		at += w[c] + 1;
	}
	emit(out, line, at < (int)sizeof line ? at : (int)sizeof line);
	at = 0;
	for (int c = 0; c < nc; c++)
		at += snprintf(line + at, sizeof line - (size_t)at, "%-*s ", w[c], cols[c]->bottom);
	if (strspn(line, " ") < (size_t)at)  /* no second header line when it is empty */
		emit(out, line, at);
	at = 0;
	for (int c = 0; c < nc; c++) {
		memset(line + at, '-', (size_t)w[c]);
		line[at + w[c]] = ' ';
		at += w[c] + 1;
	}
	emit(out, line, at);
	for (size_t r = 0; r < nruns; r++) {
		at = 0;
		for (int c = 0; c < nc; c++) {
			cell(cols[c], &runs[r], buf, sizeof buf);
			at += snprintf(line + at, sizeof line - (size_t)at, cols[c]->metric ? "%*s " : "%-*s ",
			               w[c], buf);
		}
		emit(out, line, at);
	}
}

/* same_run: 1 when a and b belong to one suite run. */
static int same_run(const struct mrec *a, const struct mrec *b)
{
	return a->run == b->run && strcmp(a->label, b->label) == 0;
}

/* label_rank: position of label in labels, or by first appearance in set. */
static size_t label_rank(const struct mrec_set *set, const char *const *labels, size_t nlabels,
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

static const struct mrec_set *sort_set;
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

int render_micro(FILE *out, const struct mrec_set *set, const char *const *labels, size_t nlabels)
{
	struct mrun *runs = calloc(set->n + 1, sizeof *runs);
	const struct mrec **refs = calloc(set->n + 1, sizeof *refs);
	size_t nruns = 0, nref = 0;

	if (runs == NULL || refs == NULL) {
		free(runs);
		free(refs);
		return -1;
	}
	for (size_t i = 0; i < set->n; i++) {
		const struct mrec *m = &set->v[i];
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
	for (size_t s = 0; s < NSEC; s++) {
		if (sections[s].title == NULL)
			continue;
		const struct msection *more = s + 1 < NSEC && sections[s + 1].title == NULL ? &sections[s + 1] : NULL;
		if (s > 0)
			fputc('\n', out);
		section(out, &sections[s], more, runs, nruns);
	}
	free(runs);
	free(refs);
	return 0;
}
