/* pipeline.c: a report: read the results of a request, summarise, build the report model, render it in the format asked for (the report command, a run's and interact's closing tables). */
#include "contest/report/pipeline.h"
#include "contest/report/reportin.h"
#include "contest/sense/fingerprint.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "loads/registry.h"
#include "results/model/build.h"
#include "results/model/compare.h"
#include "results/model/paired.h"
#include "results/model/stories.h"
#include "results/render/render_paired.h"
#include "results/render/render.h"
#include "results/model/summary.h"
#include "results/record/story.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A series' model being made: its labels and loads (the model points into them). */
struct paired_in {
	const char *names[OPTS_MAX_LABELS];
	const char *loads[OPTS_MAX_LOADS];
	size_t n, nloads, base;
};

static int series_lead(const struct report_req *req, const struct report_in *in, struct paired_in *p,
                       struct paired_model *m);

/* An environment difference being noted in the model. */
struct env_note {
	struct rep_model *m;
	const char *label;
	int failed;
};

/* env_note: one difference of the label's environment from the first's. */
static void env_note(const char *key, const char *va, const char *vb, void *arg)
{
	struct env_note *e = arg;

	if (rep_model_env_add(e->m, e->label, key, va, vb) != 0)
		e->failed = 1;
}

/* env_differences: into m, how each label's last recorded environment
 * (DIR/LABEL.env of its results directory) differs from the first label's
 * in anything besides the kernel, whichever host it is of; labels without
 * one are left out. -1 out of memory. */
static int env_differences(const struct report_req *req, const struct report_in *in,
                           struct rep_model *m)
{
	struct fp first, other;
	char *text = NULL;
	int failed = 0;

	if (m->nlabels < 2 || report_in_env(req, in, m->labels[0], &text) != 0 || text == NULL)
		return 0;
	fp_init(&first);
	failed |= fp_parse(&first, text, NULL) != 0;
	free(text);
	for (size_t k = 1; k < m->nlabels; k++) {
		struct env_note e = { m, m->labels[k], 0 };
		if (report_in_env(req, in, m->labels[k], &text) != 0 || text == NULL)
			continue;
		fp_init(&other);
		failed |= fp_parse(&other, text, NULL) != 0;
		free(text);
		fp_diff(&first, &other, env_note, &e);
		failed |= e.failed;
		fp_free(&other);
	}
	fp_free(&first);
	return failed ? -1 : 0;
}

/* show_for: what format f shows of req for summary sum: the baseline (its
 * comparisons) for the data formats always, for the others with --stats
 * (never under --trend); an unknown --baseline is said (*status
 * EXIT_USAGE) and the first taken. base is --baseline as shown (a stored
 * label of several hosts: its first host's), or NULL. */
static struct rep_show show_for(const struct report_req *req, const struct render_format *f,
                                const struct summary *sum, const char *base_name, int *status)
{
	struct rep_show show = { .baseline = -1, .precise = req->precise && (f->flags & RF_PRECISE),
	                         .why = req->why && (f->flags & RF_WHY),
	                         .latency = req->latency && (f->flags & RF_WHY),
	                         .normalize = req->normalize };
	long base = -1;

	if (req->trend)
		return show;
	if (req->stats || (f->flags & RF_DATA)) {
		base = compare_baseline(sum, base_name);
		if (base < 0 && base_name != NULL) {
			warnx("--baseline: no results for label '%s' in %s", req->baseline, report_where(req));
			*status = EXIT_USAGE;
			base = compare_baseline(sum, NULL);
		}
	}
	if ((f->flags & RF_DATA) || (req->stats && (f->flags & RF_STATS)))
		show.baseline = base;
	return show;
}

/* render: the model of sum (and in's records) in format f into out (its
 * trend form under --trend), with the microbenchmark records when f shows
 * them; the status so far, or EXIT_USAGE (reported). */
static int render(const struct report_req *req, const struct render_format *f,
                  const struct summary *sum, const struct report_in *in, FILE *out, int status)
{
	struct micro_record_set micro = { 0 };
	struct rep_model m;
	int ms;
	struct rep_show show = show_for(req, f, sum, report_in_baseline(req, in), &status);

	show.trend = req->trend ? (req->by_version ? "version" : "recorded") : NULL;
	show.series = in->series;
	if ((f->flags & RF_MICRO) && !req->trend && (ms = report_in_micro(req, &micro)) > status)
		status = ms;
	if (rep_model_build(&m, sum, &in->set, &show, &micro) != 0) {
		warnx("out of memory");
		micro_record_set_free(&micro);
		return EXIT_USAGE;
	}
	m.hosts = &in->map;
	if (env_differences(req, in, &m) != 0) {
		warnx("out of memory");
		status = EXIT_USAGE;
	}
	if (!req->trend && f->render == render_html) {   /* a series' report leads with its rounds */
		struct paired_in p;
		struct paired_model pm;
		int lead = series_lead(req, in, &p, &pm);
		int many = req->dirs != NULL && req->ndirs > 0;   /* as reportin.c reads the -R directories */
		if (rep_model_stories(&m, many ? req->dirs : &req->results, many ? req->ndirs : 1) != 0)
			warnx("out of memory: the series' story is left out");
		render_html_series(out, &m, lead ? &pm : NULL);
		if (lead)
			paired_free(&pm);
	} else
		(req->trend ? f->trend : f->render)(out, &m);
	fflush(out);
	rep_model_free(&m);
	micro_record_set_free(&micro);
	return status;
}

/* summarise: sum of in's records for req (busy runs left out under
 * --stats and --trend unless --keep-busy), in trend order under --trend.
 * 0, or -1 (reported). */
static int summarise(const struct report_req *req, struct report_in *in, struct summary *sum)
{
	const char *order[OPTS_MAX_LOADS + 1];
	size_t n = 0;
	int drop = (req->stats || req->trend) && !req->keep_busy;

	for (size_t i = 0; load_registry[i] != NULL && n < OPTS_MAX_LOADS; i++)
		order[n++] = load_registry[i]->name;
	order[n] = NULL;
	if (summary_build_busy(sum, &in->set, in->names, in->nnames, req->only, req->nonly, order,
	                       drop) != 0)
		goto fail;
	if (!req->trend)
		return 0;
	if (report_in_order(req, in, sum) != 0) {
		summary_free(sum);
		goto fail;
	}
	summary_free(sum);
	if (summary_build_busy(sum, &in->set, in->names, in->nnames, req->only, req->nonly, order,
	                       drop) == 0)
		return 0;
fail:
	warnx("out of memory");
	return -1;
}

/* apart: 0 when the n labels of names all ran emulated or all natively in
 * set; else 1, said in one line for option opt ("--paired"): an emulated
 * label's timings are the emulator's, never compared with a native one's. */
static int apart(const struct rec_set *set, const char *const *names, size_t n, const char *opt)
{
	const char *emu = NULL, *native = NULL;
	char a[TEXT_QUOTED], b[TEXT_QUOTED];

	for (size_t i = 0; i < n; i++)
		if (rep_model_emulated(set, names[i]) != NULL) {
			if (emu == NULL)
				emu = names[i];
		} else if (native == NULL)
			native = names[i];
	if (emu == NULL || native == NULL)
		return 0;
	warnx("%s: '%s' ran emulated (TCG) and '%s' natively: an emulator's timings are not compared with a "
	      "kernel's; name labels of one kind", opt, text_quote(emu, a, sizeof a), text_quote(native, b, sizeof b));
	return 1;
}

/* ratio_base: every Ratio of sum over --ratio-base's no_load Time (its
 * name as shown: a stored label of several hosts is its first host's);
 * nothing without it. 0, or -1 (reported, sum freed) when the label has no
 * ok no_load runs in these figures. */
static int ratio_base(const struct report_req *req, const struct report_in *in, struct summary *sum)
{
	const char *name = report_in_shown(in, req->ratio_base);
	char q[TEXT_QUOTED];
	int rc;

	if (name != NULL) {   /* the base and every label shown: one kind */
		const char *names[OPTS_MAX_LABELS + 1];
		size_t n = 0;
		names[n++] = name;
		for (size_t k = 0; k < sum->nlabels && n < OPTS_MAX_LABELS + 1; k++)
			names[n++] = sum->labels[k];
		if (apart(&in->set, names, n, "--ratio-base")) {
			summary_free(sum);
			return -1;
		}
	}
	if (name == NULL || (rc = summary_ratio_base(sum, &in->set, name)) > 0)
		return 0;
	if (rc < 0)
		warnx("out of memory");
	else
		warnx("--ratio-base: label '%s' has no ok no_load runs%s in %s",
		      text_quote(req->ratio_base, q, sizeof q),
		      sum->drop_busy ? " (busy ones left out)" : "", report_where(req));
	summary_free(sum);
	return -1;
}

/* paired_loads: the loads of in's records in the registry's order (--loads:
 * those) into loads; returns how many. */
static size_t paired_loads(const struct report_req *req, const struct report_in *in, const char **loads)
{
	size_t nloads = 0;

	for (size_t i = 0; load_registry[i] != NULL && nloads < OPTS_MAX_LOADS; i++) {
		int want = req->nonly == 0;
		for (size_t k = 0; k < req->nonly; k++)
			want |= strcmp(req->only[k], load_registry[i]->name) == 0;
		for (size_t r = 0; want && r < in->set.n; r++)
			if (strcmp(in->set.v[r].load, load_registry[i]->name) == 0) {
				loads[nloads++] = load_registry[i]->name;
				break;
			}
	}
	return nloads;
}

/* paired_labels: in's labels (those named, else every label in the order
 * first recorded) into names; returns how many. */
static size_t paired_labels(const struct report_in *in, const char **names)
{
	size_t n = 0;

	for (size_t i = 0; i < in->nnames && n < OPTS_MAX_LABELS; i++)
		names[n++] = in->names[i];
	for (size_t r = 0; in->nnames == 0 && r < in->set.n && n < OPTS_MAX_LABELS; r++) {
		size_t k = 0;
		while (k < n && strcmp(names[k], in->set.v[r].label) != 0)
			k++;
		if (k == n)
			names[n++] = in->set.v[r].label;
	}
	return n;
}

/* paired_base: the baseline's index among p's labels: --baseline's; else,
 * when no label was named and in's first series record has its story
 * beside it (RESULTS/series-ID.story), the series' first kernel, as its
 * closing report compares; else 0, the first named or recorded. */
static size_t paired_base(const struct report_req *req, const struct report_in *in, const struct paired_in *p)
{
	const char *const *dirs = req->dirs != NULL && req->ndirs > 0 ? req->dirs : &req->results;
	size_t ndirs = req->dirs != NULL && req->ndirs > 0 ? req->ndirs : 1, base = 0, r = 0;
	struct series_story *st;
	char why[512];
	int got = 1;

	for (size_t i = 0; req->baseline != NULL && i < p->n; i++)
		if (strcmp(p->names[i], req->baseline) == 0)
			return i;
	while (r < in->set.n && (!in->set.v[r].series[0] || in->set.v[r].round <= 0))
		r++;
	if (req->baseline != NULL || in->nnames > 0 || r == in->set.n || (st = malloc(sizeof *st)) == NULL)
		return 0;
	for (size_t d = 0; d < ndirs && got == 1; d++)
		got = story_read(dirs[d], in->set.v[r].series, st, why, sizeof why);   /* a refused one: said by the HTML */
	for (size_t i = 0; got == 0 && st->nk > 0 && i < p->n; i++)
		if (strcmp(p->names[i], st->kern[0].label) == 0)
			base = i;
	free(st);
	return base;
}

/* paired: --paired: in's labels (the baseline first, else the first named)
 * in rounds, the loads in the registry's order (--loads: those), in the
 * form of req's --format. 0, or EXIT_USAGE (said). */
static int paired(const struct report_req *req, const struct report_in *in, FILE *out)
{
	struct paired_in p = { .base = 0 };
	struct paired_model m;
	render_paired_fn *form = render_paired_for(req->format);

	p.nloads = paired_loads(req, in, p.loads);
	p.n = paired_labels(in, p.names);
	p.base = paired_base(req, in, &p);
	if (req->baseline != NULL && (p.n == 0 || strcmp(p.names[p.base], req->baseline) != 0)) {
		warnx("--baseline: no results for label '%s' in %s", req->baseline, report_where(req));
		return EXIT_USAGE;
	}
	if (p.n == 0) {
		warnx("--paired: no results in %s", report_where(req));
		return EXIT_USAGE;
	}
	if (apart(&in->set, p.names, p.n, "--paired"))
		return EXIT_USAGE;
	if (paired_build(&m, &in->set, p.names, p.n, p.base, p.loads, p.nloads, req->keep_busy) != 0) {
		warnx("out of memory");
		return EXIT_USAGE;
	}
	(form ? form : render_paired)(out, &m);
	fflush(out);
	paired_free(&m);
	return 0;
}

/* series_lead: the series' model the HTML report of in leads with (its
 * records carry a series round), into *m and p: the labels of the report,
 * its baseline (paired_base), --keep-busy's choice, every
 * load; 1 when made, 0 when there is none to make (no round, labels of
 * emulated and native runs, or out of memory: then the report is as
 * without a series). Nothing is said: the report says what it says. */
static int series_lead(const struct report_req *req, const struct report_in *in, struct paired_in *p,
                       struct paired_model *m)
{
	const char *emu = NULL, *native = NULL;
	size_t r = 0;

	while (r < in->set.n && (!in->set.v[r].series[0] || in->set.v[r].round <= 0))
		r++;
	if (r == in->set.n)
		return 0;
	p->nloads = paired_loads(req, in, p->loads);
	p->n = paired_labels(in, p->names);
	p->base = paired_base(req, in, p);
	for (size_t i = 0; i < p->n; i++)
		*(rep_model_emulated(&in->set, p->names[i]) ? &emu : &native) = p->names[i];
	if (p->n < 2 || (emu && native))
		return 0;
	return paired_build(m, &in->set, p->names, p->n, p->base, p->loads, p->nloads,
	                    req->keep_busy) == 0;
}

int report_print(const struct report_req *req, FILE *out)
{
	const struct render_format *f = render_format_find(req->format);
	struct report_in in;
	struct summary sum;
	int status;

	if (f == NULL)
		f = &render_formats[0];
	memset(&in, 0, sizeof in);
	if ((status = report_in_read(req, &in)) < 0)
		return EXIT_USAGE;
	if (req->paired) {
		int rc = paired(req, &in, out);
		report_in_free(&in);
		return rc ? rc : status;
	}
	if (summarise(req, &in, &sum) != 0 || ratio_base(req, &in, &sum) != 0) {
		report_in_free(&in);
		return EXIT_USAGE;
	}
	if (sum.nloads == 0)
		warnx("no results for the loads asked for in %s", report_where(req));
	status = render(req, f, &sum, &in, out, status);
	summary_free(&sum);
	report_in_free(&in);
	return status;
}
