/* interact_report.c: `contest report --interactive`: the LABEL.interact records of the results directory, as a model, in the format asked for. */
#include "contest/interact/interact.h"
#include "lib/err.h"
#include "loads/registry.h"
#include "results/model/interact_model.h"
#include "results/render/render_interact.h"
#include "results/record/store.h"

#include <string.h>

int interact_report(const struct report_req *req, FILE *out)
{
	struct interact_record_set set = { 0 };
	struct interact_model m;
	const char *order[OPTS_MAX_LOADS + 3] = { "no_load", "compile" };
	irender_fn *render = render_interact_find(req->format);
	size_t n = 2;
	int status = 0;

	for (size_t i = 0; load_registry[i] != NULL && n < OPTS_MAX_LOADS; i++)
		order[n++] = load_registry[i]->name;
	if (store_interact_read_all(req->results, &set) != 0)
		return EXIT_USAGE;
	/* a refused file is an input error; skipped lines (each said) leave the rest shown */
	status = set.refused > 0 ? EXIT_USAGE : set.bad > 0 ? EXIT_SKIPPED : 0;
	for (size_t i = 0; i < req->nlabels; i++) {
		size_t k;
		for (k = 0; k < set.n && strcmp(set.v[k].label, req->labels[i]) != 0; k++)
			;
		if (k == set.n) {
			warnx("no interactivity results for label '%s' in %s", req->labels[i], req->results);
			status = EXIT_USAGE;
		}
	}
	if (set.n == 0) {
		if (req->nlabels == 0)
			warnx("no interactivity results in %s (run contest interact first)", req->results);
		interact_record_set_free(&set);
		return EXIT_USAGE;
	}
	if (req->baseline != NULL) {
		size_t k;
		for (k = 0; k < set.n && strcmp(set.v[k].label, req->baseline) != 0; k++)
			;
		if (k == set.n) {
			warnx("--baseline: no interactivity results for label '%s' in %s", req->baseline, req->results);
			status = EXIT_USAGE;
		}
	}
	if (interact_model_build(&m, &set, req->labels, req->nlabels, order, req->baseline, req->stats,
	                 req->precise) != 0) {
		warnx("out of memory");
		interact_record_set_free(&set);
		return EXIT_USAGE;
	}
	(render != NULL ? render : render_interact_text)(out, &m);
	fflush(out);
	interact_model_free(&m);
	interact_record_set_free(&set);
	return status;
}
