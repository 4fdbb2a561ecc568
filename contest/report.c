/* report.c: the report and loads commands: read results, summarise, render; list loads. */
#include "contest/report.h"
#include "contest/microcmd.h"
#include "contest/sense/fingerprint.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "loads/registry.h"
#include "results/compare.h"
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

/* A fingerprint difference being printed. */
struct env_out {
	FILE *out;
	const char *label, *bullet;
	int said;
};

/* env_line: one difference: "  LABEL: KEY: A -> B" (a Markdown item with bullet). */
static void env_line(const char *key, const char *va, const char *vb, void *arg)
{
	struct env_out *e = arg;

	fprintf(e->out, "%s%s: %s: %s -> %s\n", e->bullet, e->label, key, va, vb);
	e->said++;
}

/* env_differences: under the tables, how each label's last recorded
 * environment (RESULTS/LABEL.env) differs from the first label's in
 * anything besides the kernel; labels without one are left out. */
static void env_differences(const struct report_req *req, const struct summary *sum, FILE *out,
                            int markdown)
{
	struct fp first, other;
	char *text = NULL;
	int head = 0;

	if (sum->nlabels < 2 || store_env_last(req->results, sum->labels[0], &text) != 0 || text == NULL)
		return;
	fp_init(&first);
	fp_parse(&first, text, NULL);
	free(text);
	for (size_t k = 1; k < sum->nlabels; k++) {
		struct env_out e = { out, sum->labels[k], markdown ? "- " : "  ", 0 };
		if (store_env_last(req->results, sum->labels[k], &text) != 0 || text == NULL)
			continue;
		fp_init(&other);
		fp_parse(&other, text, NULL);
		free(text);
		if (!head && fp_diff(&first, &other, NULL, NULL) > 0) {
			fprintf(out, markdown ? "\n**The environment differs from %s's besides the kernel:**\n\n"
			                      : "The environment differs from %s's besides the kernel:\n",
			        sum->labels[0]);
			head = 1;
		}
		fp_diff(&first, &other, env_line, &e);
		fp_free(&other);
	}
	fp_free(&first);
}

int report_print(const struct report_req *req, FILE *out)
{
	struct rec_set set = { 0 };
	struct summary sum;
	const char *order[OPTS_MAX_LOADS + 1];
	size_t n = 0;
	int status = 0;

	for (size_t i = 0; load_registry[i] != NULL && n < OPTS_MAX_LOADS; i++)
		order[n++] = load_registry[i]->name;
	order[n] = NULL;
	if (store_read_all(req->results, &set) != 0)
		return EXIT_USAGE;
	if (set.bad > 0)
		status = EXIT_USAGE;
	for (size_t i = 0; i < req->nlabels; i++) {
		size_t k;
		for (k = 0; k < set.n && strcmp(set.v[k].label, req->labels[i]) != 0; k++)
			;
		if (k == set.n) {
			warnx("no results for label '%s' in %s", req->labels[i], req->results);
			status = EXIT_USAGE;
		}
	}
	if (set.n == 0) {
		if (req->nlabels == 0)
			warnx("no results in %s", req->results);
		rec_set_free(&set);
		return EXIT_USAGE;
	}
	if (summary_build(&sum, &set, req->labels, req->nlabels, req->only, req->nonly, order) != 0) {
		warnx("out of memory");
		rec_set_free(&set);
		return EXIT_USAGE;
	}
	if (sum.nloads == 0)
		warnx("no results for the loads asked for in %s", req->results);
	long base = -1;
	if (req->stats || strcmp(req->format, "text") != 0) {
		base = compare_baseline(&sum, req->baseline);
		if (base < 0 && req->baseline != NULL) {
			warnx("--baseline: no results for label '%s' in %s", req->baseline, req->results);
			status = EXIT_USAGE;
			base = compare_baseline(&sum, NULL);
		}
	}
	if (strcmp(req->format, "csv") == 0) {
		render_csv(out, &sum, base);
	} else if (strcmp(req->format, "json") == 0) {
		render_json(out, &sum, &set, base);
	} else if (strcmp(req->format, "markdown") == 0) {
		render_markdown(out, &sum, req->stats ? base : -1, req->why, req->latency);
		env_differences(req, &sum, out, 1);
	} else if (strcmp(req->format, "html") == 0) {
		struct mrec_set micro = { 0 };
		if (store_micro_read_all(req->results, &micro) != 0 || micro.bad > 0)
			status = EXIT_USAGE;
		render_html(out, &sum, req->stats ? base : -1, &micro, req->why, req->latency);
		mrec_set_free(&micro);
	} else {
		render_text(out, &sum, req->precise, req->stats ? base : -1, req->why, req->latency);
		env_differences(req, &sum, out, 0);
	}
	fflush(out);
	summary_free(&sum);
	rec_set_free(&set);
	return status;
}

/* report_to_file: report into path through a temporary file beside it,
 * renamed into place once written (never a half-written report). */
static int report_to_file(const struct report_req *req, const char *path)
{
	char tmp[PATH_MAX];
	int fd, status;
	FILE *f;

	if (fs_path(tmp, sizeof tmp, "%s.XXXXXX", path) != 0) {
		warnx("--output '%s': path too long", path);
		return EXIT_USAGE;
	}
	if ((fd = mkstemp(tmp)) < 0 || (f = fdopen(fd, "w")) == NULL) {
		warn("--output '%s'", path);
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		return EXIT_USAGE;
	}
	status = req->micro ? micro_report(req->results, req->labels, req->nlabels, f)
	                    : report_print(req, f);
	fchmod_default(fileno(f));
	int bad = ferror(f) | (fflush(f) != 0) | (fsync(fileno(f)) != 0);
	bad |= fclose(f) != 0;
	if (bad || (status != 0 && status != EXIT_USAGE)) {
		warn("--output '%s': cannot write", path);
		unlink(tmp);
		return EXIT_USAGE;
	}
	if (rename(tmp, path) != 0) {
		warn("--output '%s'", path);
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
		.why = o->why, .latency = o->latency,
	};

	if (o->micro && strcmp(o->format, "text") != 0)
		errx(EXIT_USAGE, "--micro prints text; --format html includes the microbenchmark tables");
	if (o->output != NULL)
		return report_to_file(&req, o->output);
	if (o->micro)
		return micro_report(o->results, o->labels, o->nlabels, stdout);
	return report_print(&req, stdout);
}

int loads_main(void)
{
	for (size_t i = 0; load_registry[i] != NULL; i++) {
		const struct load_desc *d = load_registry[i];
		if (d->flags & LOAD_F_HIDDEN)
			continue;
		printf("%s%s%s%s\n", d->name, d->alias ? " (alias " : "", d->alias ? d->alias : "",
		       d->alias ? ")" : "");
		printf("    does:  %s\n", d->what);
		printf("    Loads: %s\n", d->unit);
		printf("    work:  counted in %s\n", d->work);
		printf("    needs: %s\n", d->needs);
	}
	return 0;
}
