/* bisect.c: the bisect command: the loads run on the running kernel as a run runs them, then each judged against the good label (and the bad one), with the exit status git bisect run reads. */
#include "contest/cmd/bisect.h"
#include "contest/cmd/run.h"
#include "contest/engine/machine.h"
#include "contest/sys/confine.h"
#include "lib/err.h"
#include "lib/parse.h"
#include "lib/proc.h"
#include "lib/text.h"
#include "loads/registry.h"
#include "results/record/store.h"
#include "results/model/stall.h"
#include "results/model/summary.h"
#include "results/model/verdict.h"
#include "workload/builtin.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The workload a run of this invocation will have, as far as it is known
 * before setting up: the built-in identity (none with -t), -j and MEM. */
struct want {
	char workload[160];
	long jobs;
	uint64_t mem;
	char name[224];     /* "builtin-1:tiny -j8, MEM 256M" for messages */
};

void bisect_check(struct opts *o)
{
	if (o->good == NULL)
		opts_usage_error("bisect: give the label of the good kernel's runs, as --good LABEL%s", "");
	if (o->bad != NULL && strcmp(o->bad, o->good) == 0)
		opts_usage_error("bisect: --bad '%s' is the --good label", o->bad);
	if (strcmp(o->label, o->good) == 0 || (o->bad != NULL && strcmp(o->label, o->bad) == 0))
		opts_usage_error("bisect: -k '%s' is the --good or --bad label: this kernel's runs would be added to "
		                 "it; give this kernel a label of its own", o->label);
	if (o->bad != NULL && o->threshold_given)
		opts_usage_error("bisect: --threshold and --bad '%s': with --bad the boundary is halfway between the "
		                 "two labels; give one of them", o->bad);
}

/* on_err_exit: errx/err under contest bisect: BISECT_ABORT, or 130. */
static void on_err_exit(int status)
{
	exit(status == EXIT_INTR ? EXIT_INTR : BISECT_ABORT);
}

void bisect_exit_map(void)
{
	err_exit_hook = on_err_exit;
}

/* want_of: what o's runs will be, as cmd_run will set it (-j 4 x CPUs,
 * MEM from machine_size), o itself unchanged. */
static void want_of(const struct opts *o, struct want *w)
{
	static struct opts t;
	char note[512], size[32];
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	t = *o;
	machine_size(&t, proc_mem_total(), geteuid() == 0, confine_available() != 0, note, sizeof note);
	w->jobs = o->jobs ? o->jobs : 4 * (cpus < 1 ? 1 : cpus);
	w->mem = t.mem;
	w->workload[0] = '\0';
	if (o->tree == NULL)
		builtin_identity(o->scale, w->workload, sizeof w->workload);
	parse_fmt_size(w->mem, size, sizeof size);
	text_fmt(w->name, sizeof w->name, "%s -j%ld, MEM %s", o->tree ? "the tree" : w->workload, w->jobs, size);
}

/* counts: a run this invocation's may be compared with: ok, not beside a
 * busy machine nor stopped (as --stats and -n auto count), of w's
 * workload, -j and MEM. */
static int counts(const struct rec *r, const struct want *w)
{
	return !r->failed && isfinite(r->time) && !(r->ev[REV_FOREIGN] > SUM_BUSY_PCT) && !(stall_of(r) > 0) &&
	       r->jobs == w->jobs && r->mem == w->mem && (w->workload[0] == '\0' || strcmp(r->workload, w->workload) == 0);
}

/* times: the Times of label's runs of load in set that count, summarised;
 * *any: how many runs of load it has at all, *same: of w's workload, -j and
 * MEM, *first one of them all (or NULL). */
static struct stat_desc times(const struct rec_set *set, const char *load, const struct want *w, int *any,
                              int *same, const struct rec **first)
{
	double *v = calloc(set->n + 1, sizeof *v);
	int n = 0;
	struct stat_desc d;

	if (v == NULL)
		errx(BISECT_ABORT, "bisect: out of memory");
	*any = *same = 0;
	*first = NULL;
	for (size_t i = 0; i < set->n; i++) {
		if (strcmp(set->v[i].load, load) != 0)
			continue;
		if ((*any)++ == 0)
			*first = &set->v[i];
		struct rec r = set->v[i];
		r.failed = 0;
		r.time = 0;
		r.ev[REV_FOREIGN] = r.ev[REV_STOPPED] = r.ev[REV_GAP] = r.ev[REV_PROBE_MAX] = 0;
		*same += counts(&r, w);   /* the workload's, whatever the run's outcome */
		if (counts(&set->v[i], w))
			v[n++] = set->v[i].time;
	}
	stat_describe(v, n, &d);
	free(v);
	return d;
}

/* need_runs: exit BISECT_ABORT with one line unless label (of opt) has
 * VERDICT_MIN_RUNS runs of load that count; their summary. */
static struct stat_desc need_runs(const struct opts *o, const struct rec_set *set, const char *opt,
                                  const char *label, const char *load, const struct want *w)
{
	const struct rec *r;
	int any, same;
	struct stat_desc d = times(set, load, w, &any, &same, &r);
	char mach[96];

	if (d.n >= VERDICT_MIN_RUNS)
		return d;
	if (any == 0)
		errx(BISECT_ABORT, "bisect: %s '%s' has no runs of %s in %s: nothing to compare with", opt, label,
		     load, o->results);
	if (same == 0)
		errx(BISECT_ABORT, "bisect: %s '%s' has no runs of %s on %s (one is of %s -j%d, %s): give the "
		     "same --scale or -t, -j and --mem", opt, label, load, w->name, r->workload, r->jobs,
		     summary_machine(r, mach, sizeof mach));
	errx(BISECT_ABORT, "bisect: %s '%s' has %d ok run(s) of %s on %s that count (not failed, not beside a "
	     "busy machine, not stopped); a verdict needs %d: add runs on that kernel (contest -k %s, the same workload, -j "
	     "and --mem, %s)", opt, label, d.n, load, w->name, VERDICT_MIN_RUNS, label, load);
}

/* read_label: the records of label, or exit BISECT_ABORT (the reader said why). */
static void read_label(const struct opts *o, const char *label, struct rec_set *set)
{
	*set = (struct rec_set){ 0 };
	if (store_read_label(o->results, label, set) != 0)
		exit(BISECT_ABORT);
}

/* default_loads: no LOAD given: the loads the good label has runs of, in
 * the default set's order (io_other only with -o, as "all" has it). */
static void default_loads(struct opts *o, const struct rec_set *good)
{
	for (size_t i = 0; load_registry[i] != NULL; i++)
		for (size_t k = 0; k < good->n; k++)
			if (strcmp(good->v[k].load, load_registry[i]->name) == 0 && o->nloads < OPTS_MAX_LOADS) {
				if ((load_registry[i]->flags & LOAD_F_OTHER) && o->other == NULL)
					warnx("%s skipped: it needs -o DIR (another disk or file system)", load_registry[i]->name);
				else
					o->loads[o->nloads++] = load_registry[i];
				break;
			}
	if (o->nloads == 0)
		errx(BISECT_ABORT, "bisect: --good '%s' has no runs in %s: nothing to compare with", o->good,
		     o->results);
}

/* check: before anything runs: the good (and bad) label's runs of every
 * load, enough of them and of this workload; the bad label significantly
 * slower than the good one. Exits BISECT_ABORT with one line when not. */
static void check(struct opts *o, struct rec_set *good, struct rec_set *bad)
{
	struct want w;
	char why[256];

	read_label(o, o->good, good);
	*bad = (struct rec_set){ 0 };
	if (o->bad != NULL)
		read_label(o, o->bad, bad);
	if (o->nloads == 0)
		default_loads(o, good);
	want_of(o, &w);
	for (size_t l = 0; l < o->nloads; l++) {
		const char *load = o->loads[l]->name;
		struct stat_desc g = need_runs(o, good, "--good", o->good, load, &w), b;
		if (o->bad == NULL)
			continue;
		b = need_runs(o, bad, "--bad", o->bad, load, &w);
		if (verdict_bad_usable(&g, &b, why, sizeof why) != 0)
			errx(BISECT_ABORT, "bisect: --bad '%s' is no worse than --good '%s' in %s: %s", o->bad, o->good,
			     load, why);
	}
}

/* last_runs: the highest run number of each of o's loads under o's label so far. */
static void last_runs(const struct opts *o, int *last)
{
	struct rec_set cur;

	read_label(o, o->label, &cur);
	for (size_t l = 0; l < o->nloads; l++) {
		last[l] = 0;
		for (size_t i = 0; i < cur.n; i++)
			if (strcmp(cur.v[i].load, o->loads[l]->name) == 0 && cur.v[i].run > last[l])
				last[l] = cur.v[i].run;
	}
	rec_set_free(&cur);
}

/* gather: into all, the good and bad label's records and this invocation's
 * runs of o's label (those after last); exit BISECT_ABORT when out of memory. */
static void gather(const struct opts *o, const int *last, const struct rec_set *good,
                   const struct rec_set *bad, struct rec_set *all)
{
	struct rec_set cur;
	int rc = 0;

	read_label(o, o->label, &cur);
	for (size_t i = 0; i < good->n; i++)
		rc |= rec_set_add(all, &good->v[i]);
	for (size_t i = 0; i < bad->n; i++)
		rc |= rec_set_add(all, &bad->v[i]);
	for (size_t i = 0; i < cur.n; i++)
		for (size_t l = 0; l < o->nloads; l++)
			if (strcmp(cur.v[i].load, o->loads[l]->name) == 0 && cur.v[i].run > last[l])
				rc |= rec_set_add(all, &cur.v[i]);
	rec_set_free(&cur);
	if (rc != 0)
		errx(BISECT_ABORT, "bisect: out of memory");
}

/* index_in: the position of name in v[0..n), or -1. */
static long index_in(char *const *v, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i], name) == 0)
			return (long)i;
	return -1;
}

/* cur_workload: the workload of s this invocation's runs (label k) are in; -1 none. */
static long cur_workload(const struct summary *s, size_t k)
{
	for (size_t w = 0; w < s->nworkloads; w++)
		for (size_t l = 0; l < s->nloads; l++) {
			const struct sum_cell *c = summary_cell(s, w, l, k);
			if (c->n + c->failed + c->busy + c->stopped > 0)
				return (long)w;
		}
	return -1;
}

/* judge_load: the verdict of load (labels good 0, bad 1 when given, this
 * kernel last in s, workload w), its line on stdout. */
static enum verdict judge_load(const struct opts *o, const struct summary *s, long w, const char *load)
{
	size_t kc = s->nlabels - 1;
	long l = index_in(s->loads, s->nloads, load);
	struct verdict_in in = { .threshold = o->threshold, .good_label = o->good, .bad_label = o->bad };
	struct verdict_out out;
	const struct sum_cell *c;

	if (w >= 0 && l >= 0) {
		c = summary_cell(s, (size_t)w, (size_t)l, kc);
		in.cur = c->st[FIG_TIME];
		in.good = summary_cell(s, (size_t)w, (size_t)l, 0)->st[FIG_TIME];
		if (o->bad != NULL)
			in.bad = summary_cell(s, (size_t)w, (size_t)l, 1)->st[FIG_TIME];
		if (in.good.n == 0 && c->n > 0)
			errx(BISECT_ABORT, "bisect: %s: this kernel's runs are of %s, and --good '%s' has none of "
			     "that", load, s->workloads[w], o->good);
		if (o->bad != NULL && in.bad.n == 0 && c->n > 0)
			errx(BISECT_ABORT, "bisect: %s: this kernel's runs are of %s, and --bad '%s' has none of "
			     "that", load, s->workloads[w], o->bad);
	}
	verdict_decide(&in, &out);
	printf("bisect: %s: %s", load, out.why);
	if (w >= 0 && l >= 0 && c->failed > 0)
		printf("; %d failed run(s) left out", c->failed);
	if (w >= 0 && l >= 0 && c->busy > 0)
		printf("; %d run(s) beside a busy machine left out", c->busy);
	if (w >= 0 && l >= 0 && c->stopped > 0)
		printf("; %d stopped run(s) left out", c->stopped);
	printf("\n");
	return out.v;
}

/* judge: every load's verdict, a line each, then the closing line; the
 * exit status (bad over undecided over good). */
static int judge(const struct opts *o, struct rec_set *all)
{
	const char *labels[3] = { o->good, o->bad ? o->bad : o->label, o->label }, *only[OPTS_MAX_LOADS];
	size_t nl = o->bad ? 3 : 2, nbad = 0, nund = 0;
	struct summary s;
	long w;

	for (size_t l = 0; l < o->nloads; l++)
		only[l] = o->loads[l]->name;
	if (summary_build_busy(&s, all, labels, nl, only, o->nloads, NULL, 1) != 0)
		errx(BISECT_ABORT, "bisect: out of memory");
	w = cur_workload(&s, nl - 1);
	for (size_t l = 0; l < o->nloads; l++) {
		enum verdict v = judge_load(o, &s, w, o->loads[l]->name);
		nbad += v == VERDICT_BAD;
		nund += v == VERDICT_UNDECIDED;
	}
	summary_free(&s);
	if (nbad > 0)
		printf("bisect: bad (exit 1): %zu of %zu load(s) worse than %s\n", nbad, o->nloads, o->good);
	else if (nund > 0)
		printf("bisect: cannot decide (exit 125): %zu of %zu load(s) undecided\n", nund, o->nloads);
	else
		printf("bisect: good (exit 0): %zu load(s) like %s\n", o->nloads, o->good);
	fflush(stdout);
	return nbad ? VERDICT_BAD : nund ? VERDICT_UNDECIDED : VERDICT_GOOD;
}

int cmd_bisect(struct opts *o)
{
	struct rec_set good, bad, all = { 0 };
	int last[OPTS_MAX_LOADS], rc;

	check(o, &good, &bad);
	last_runs(o, last);
	rc = cmd_run(o);
	if (rc == EXIT_INTR || o->dry_run)
		return rc;
	if (rc == EXIT_USAGE)
		return BISECT_ABORT;
	gather(o, last, &good, &bad, &all);
	rc = judge(o, &all);
	rec_set_free(&all);
	rec_set_free(&good);
	rec_set_free(&bad);
	return rc;
}
