/* report.c: the report and loads commands: read results, summarise, render; list loads. */
#include "report.h"
#include "registry.h"
#include "render.h"
#include "store.h"
#include "summary.h"
#include "util.h"

#include <string.h>

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
	render_text(out, &sum, req->precise);
	fflush(out);
	summary_free(&sum);
	rec_set_free(&set);
	return status;
}

int report_main(const struct opts *o)
{
	struct report_req req = {
		.results = o->results, .labels = o->labels, .nlabels = o->nlabels,
		.only = o->only, .nonly = o->nonly, .precise = o->precise,
	};
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
