/* report.c: the report command: read the results, summarise, build the report model, render it in the format asked for. */
#include "contest/report.h"
#include "contest/interact.h"
#include "contest/microcmd.h"
#include "contest/sense/fingerprint.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "loads/registry.h"
#include "results/compare.h"
#include "results/model.h"
#include "results/render.h"
#include "results/store.h"
#include "results/summary.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* fchmod_default: give a mkstemp file (0600), open as fd, the mode a new
 * file gets under the umask, as a plain redirection would (through the
 * descriptor: a name may have been replaced by a link). */
static void fchmod_default(int fd)
{
	mode_t um = umask(0);
	umask(um);
	if (fchmod(fd, 0666 & ~um) != 0) {
		/* harmless: the report stays readable by its owner */
	}
}

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
 * (RESULTS/LABEL.env) differs from the first label's in anything besides
 * the kernel; labels without one are left out. -1 out of memory. */
static int env_differences(const struct report_req *req, struct rep_model *m)
{
	struct fp first, other;
	char *text = NULL;
	int failed = 0;

	if (m->nlabels < 2 || store_env_last(req->results, m->labels[0], &text) != 0 || text == NULL)
		return 0;
	fp_init(&first);
	failed |= fp_parse(&first, text, NULL) != 0;
	free(text);
	for (size_t k = 1; k < m->nlabels; k++) {
		struct env_note e = { m, m->labels[k], 0 };
		if (store_env_last(req->results, m->labels[k], &text) != 0 || text == NULL)
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

/* read_set: the records of req->results into set, each named label checked
 * to have some. 0; EXIT_USAGE (reported) when malformed records were skipped
 * or a label has none; -1 (reported, set freed) when there is nothing to
 * report. */
static int read_set(const struct report_req *req, struct rec_set *set)
{
	int status = 0;

	if (store_read_all(req->results, set) != 0)
		return -1;
	if (set->bad > 0)
		status = EXIT_USAGE;
	for (size_t i = 0; i < req->nlabels; i++) {
		size_t k;
		for (k = 0; k < set->n && strcmp(set->v[k].label, req->labels[i]) != 0; k++)
			;
		if (k == set->n) {
			warnx("no results for label '%s' in %s", req->labels[i], req->results);
			status = EXIT_USAGE;
		}
	}
	if (set->n == 0) {
		if (req->nlabels == 0)
			warnx("no results in %s", req->results);
		rec_set_free(set);
		return -1;
	}
	return status;
}

/* show_for: what format f shows of req for summary sum: the baseline (its
 * comparisons) for the data formats always, for the others with --stats;
 * an unknown --baseline is said (*status EXIT_USAGE) and the first taken. */
static struct rep_show show_for(const struct report_req *req, const struct render_format *f,
                                const struct summary *sum, int *status)
{
	struct rep_show show = { .baseline = -1, .precise = req->precise && (f->flags & RF_PRECISE),
	                         .why = req->why && (f->flags & RF_WHY),
	                         .latency = req->latency && (f->flags & RF_WHY),
	                         .normalize = req->normalize };
	long base = -1;

	if (req->stats || (f->flags & RF_DATA)) {
		base = compare_baseline(sum, req->baseline);
		if (base < 0 && req->baseline != NULL) {
			warnx("--baseline: no results for label '%s' in %s", req->baseline, req->results);
			*status = EXIT_USAGE;
			base = compare_baseline(sum, NULL);
		}
	}
	if ((f->flags & RF_DATA) || (req->stats && (f->flags & RF_STATS)))
		show.baseline = base;
	return show;
}

/* render: the model of sum (and set) in format f into out, with the
 * microbenchmark records when f shows them; the status so far, or
 * EXIT_USAGE (reported). */
static int render(const struct report_req *req, const struct render_format *f,
                  const struct summary *sum, const struct rec_set *set, FILE *out, int status)
{
	struct mrec_set micro = { 0 };
	struct rep_model m;
	struct rep_show show = show_for(req, f, sum, &status);

	if ((f->flags & RF_MICRO) &&
	    (store_micro_read_all(req->results, &micro) != 0 || micro.bad > 0))
		status = EXIT_USAGE;
	if (rep_model_build(&m, sum, set, &show, &micro) != 0) {
		warnx("out of memory");
		mrec_set_free(&micro);
		return EXIT_USAGE;
	}
	if (env_differences(req, &m) != 0) {
		warnx("out of memory");
		status = EXIT_USAGE;
	}
	f->render(out, &m);
	fflush(out);
	rep_model_free(&m);
	mrec_set_free(&micro);
	return status;
}

int report_print(const struct report_req *req, FILE *out)
{
	const struct render_format *f = render_format_find(req->format);
	struct rec_set set = { 0 };
	struct summary sum;
	const char *order[OPTS_MAX_LOADS + 1];
	size_t n = 0;
	int status;

	if (f == NULL)
		f = &render_formats[0];
	for (size_t i = 0; load_registry[i] != NULL && n < OPTS_MAX_LOADS; i++)
		order[n++] = load_registry[i]->name;
	order[n] = NULL;
	if ((status = read_set(req, &set)) < 0)
		return EXIT_USAGE;
	if (summary_build_busy(&sum, &set, req->labels, req->nlabels, req->only, req->nonly, order,
	                       req->stats && !req->keep_busy) != 0) {
		warnx("out of memory");
		rec_set_free(&set);
		return EXIT_USAGE;
	}
	if (sum.nloads == 0)
		warnx("no results for the loads asked for in %s", req->results);
	status = render(req, f, &sum, &set, out, status);
	summary_free(&sum);
	rec_set_free(&set);
	return status;
}

/* micro_print: report --micro in format f into out: the summary of
 * micro_report (its status returned), in the format's form (text: as it is). */
static int micro_print(const struct report_req *req, const struct render_format *f, FILE *out)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem;
	int status;

	if (f->micro == render_text_micro)
		return micro_report(req->results, req->labels, req->nlabels, out);
	if ((mem = open_memstream(&text, &len)) == NULL) {
		warnx("out of memory");
		return EXIT_USAGE;
	}
	status = micro_report(req->results, req->labels, req->nlabels, mem);
	if (fclose(mem) != 0) {
		warnx("out of memory");
		status = EXIT_USAGE;
	} else if (len > 0)
		f->micro(out, text);
	fflush(out);
	free(text);
	return status;
}

/* micro_format: the format --micro is shown in; one that cannot show it
 * (CSV, JSON) is refused (exit 2) naming those that can. */
static const struct render_format *micro_format(const char *name)
{
	const struct render_format *f = render_format_find(name);
	char can[128] = "";
	size_t n = 0;

	if (f == NULL)
		f = &render_formats[0];
	if (f->micro != NULL)
		return f;
	for (const struct render_format *g = render_formats; g->name != NULL; g++)
		if (g->micro != NULL && n < sizeof can)
			n += (size_t)snprintf(can + n, sizeof can - n, "%s%s", n ? ", " : "", g->name);
	errx(EXIT_USAGE, "--micro: --format %s cannot show the microbenchmark summary (it can be %s)",
	     f->name, can);
}

/* report_to_file: report into path through a temporary file beside it,
 * renamed into place once written (never a half-written report). */
static int report_to_file(const struct report_req *req, const char *path)
{
	char tmp[PATH_MAX], q[TEXT_QUOTED];
	int fd, status;
	FILE *f;

	text_quote(path, q, sizeof q);   /* echoed: one line whatever the bytes */

	if (fs_path(tmp, sizeof tmp, "%s.XXXXXX", path) != 0) {
		warnx("--output '%s': path too long", q);
		return EXIT_USAGE;
	}
	if ((fd = mkstemp(tmp)) < 0 || (f = fdopen(fd, "w")) == NULL) {
		warn("--output '%s'", q);
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		return EXIT_USAGE;
	}
	status = req->micro ? micro_print(req, micro_format(req->format), f) :
	         req->interactive ? interact_report(req, f) : report_print(req, f);
	fchmod_default(fileno(f));
	int bad = ferror(f) | (fflush(f) != 0) | (fsync(fileno(f)) != 0);
	bad |= fclose(f) != 0;
	if (bad || (status != 0 && status != EXIT_USAGE)) {
		warn("--output '%s': cannot write", q);
		unlink(tmp);
		return EXIT_USAGE;
	}
	if (rename(tmp, path) != 0) {
		warn("--output '%s'", q);
		unlink(tmp);
		return EXIT_USAGE;
	}
	return status;
}

int report_main(const struct opts *o)
{
	struct report_req req = {
		.results = o->results, .labels = o->labels, .nlabels = o->nlabels,
		.only = o->only, .nonly = o->nonly, .precise = o->precise, .stats = o->stats,
		.baseline = o->baseline, .format = o->format, .micro = o->micro,
		.why = o->why, .latency = o->latency, .keep_busy = o->keep_busy,
		.normalize = o->normalize, .interactive = o->interactive,
	};

	if (o->micro)
		(void)micro_format(o->format);   /* refused before --output is made */
	if (o->output != NULL)
		return report_to_file(&req, o->output);
	if (o->micro)
		return micro_print(&req, micro_format(o->format), stdout);
	if (o->interactive)
		return interact_report(&req, stdout);
	return report_print(&req, stdout);
}
