/* closing.c: a series said: its plan with each round's order, where it stands, what happened, and at its end its labels' tables. */
#include "contest/series/closing.h"
#include "contest/report/pipeline.h"
#include "lib/text.h"
#include "results/record/store.h"

#include <limits.h>
#include <unistd.h>

#include <string.h>

/* driver_of: j's driver (NULL when this contest has none of that name) and
 * its context, as j keeps them, into c. */
static const struct boot_driver *driver_of(const struct series_journal *j, struct boot_ctx *c)
{
	c->root = j->root;
	text_copy(c->opts, j->driver_opts, sizeof c->opts);
	return boot_driver_find(j->driver);
}

void series_plan_print(const struct series_journal *j, FILE *out)
{
	long total = j->rounds * (long)j->nk;
	struct boot_ctx c;
	const struct boot_driver *d = driver_of(j, &c);

	fprintf(out, "series %s: %zu kernels x %ld rounds x %zu loads, booted by %s; seed %llu\n", j->id, j->nk,
	        j->rounds, j->nloads, j->driver, (unsigned long long)j->seed);
	for (size_t k = 0; k < j->nk; k++)
		fprintf(out, "  %-20s %-32s %s%s\n", j->kern[k].k.label, j->kern[k].k.release, j->kern[k].k.spec,
		        j->kern[k].dropped ? "  (dropped)" : "");
	if (d != NULL && d->describe != NULL) {   /* where the runs happen, when not on this machine */
		char line[256];
		d->describe(&c, 1, line, sizeof line);
		if (line[0])
			fprintf(out, "%s\n", line);
	}
	fprintf(out, "loads:");
	for (size_t l = 0; l < j->nloads; l++)
		fprintf(out, " %s", j->loads[l]);
	fprintf(out, "\n");
	for (long r = 0; r < j->rounds; r++) {
		fprintf(out, "  round %-3ld", r + 1);
		for (size_t p = 0; p < j->nk; p++) {
			long s = r * (long)j->nk + (long)p;
			int here = s == j->step && j->phase != PH_DONE;
			fprintf(out, " %s%s%s", here ? "[" : "", j->kern[j->order[s]].k.label, here ? "]" : "");
		}
		fprintf(out, "\n");
	}
	if (j->phase == PH_DONE)
		fprintf(out, "state: done\n");
	else if (j->load >= j->nloads)   /* the step's runs all made (series_end: not disarmed) */
		fprintf(out, "state: %s, step %ld of %ld (round %ld), its loads all run\n", series_phases[j->phase].doing,
		        j->step + 1, total, j->step / (long)j->nk + 1);
	else
		fprintf(out, "state: %s, step %ld of %ld (round %ld), load %zu of %zu\n", series_phases[j->phase].doing,
		        j->step + 1, total, j->step / (long)j->nk + 1, j->load + 1, j->nloads);
	if (j->nboot > 0)
		fprintf(out, "reboots: %d measured, %.0f s each on average\n", j->nboot, j->boot_s / j->nboot);
}

void series_events_print(const struct series_journal *j, FILE *out)
{
	fprintf(out, "events:%s\n", j->nev ? "" : " none");
	for (size_t i = 0; i < j->nev; i++)
		fprintf(out, "  %s\n", j->ev[i]);
}

void series_closing(const struct series_journal *j, FILE *out)
{
	const char *labels[SERIES_MAX_KERNELS];
	size_t n = 0, dropped = 0;
	struct boot_ctx c;
	const struct boot_driver *d = driver_of(j, &c);

	for (size_t k = 0; k < j->nk; k++) {
		char path[PATH_MAX];
		if (store_path(j->results, j->kern[k].k.label, path, sizeof path) == 0 && access(path, F_OK) == 0)
			labels[n++] = j->kern[k].k.label;   /* a kernel dropped before its first run has none */
		dropped += (size_t)j->kern[k].dropped;
	}
	fprintf(out, "series %s done: %zu kernels x %ld rounds x %zu loads%s\n", j->id, j->nk, j->rounds,
	        j->nloads, dropped ? ", some kernels dropped (below)" : "");
	series_events_print(j, out);
	fflush(out);
	struct report_req req = { .results = j->results, .labels = labels, .nlabels = n, .format = "text",
	                          .stats = 1, .keep_busy = 1 };
	if (n == 0)
		return;
	report_print(&req, out);
	fputc('\n', out);
	fflush(out);
	req.stats = 0;
	req.paired = 1;
	req.baseline = labels[0];
	report_print(&req, out);
	if (d != NULL && d->emulated != NULL && d->emulated(&c))
		fprintf(out, REC_EMULATED_NOTE "\n");
}
