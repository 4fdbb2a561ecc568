/* closing.c: a series said: its plan with each round's order, where it stands, what happened, and at its end its labels' tables. */
#include "contest/series/closing.h"
#include "contest/series/guest.h"
#include "contest/report/pipeline.h"
#include "results/record/store.h"

#include <limits.h>
#include <unistd.h>

#include <string.h>

void series_plan_print(const struct series_journal *j, FILE *out)
{
	static const char *const phase[] = { "arming", "rebooting", "running", "running", "done", "stopped" };
	long total = j->rounds * (long)j->nk;

	fprintf(out, "series %s: %zu kernels x %ld rounds x %zu loads, booted by %s; seed %llu\n", j->id, j->nk,
	        j->rounds, j->nloads, j->driver, (unsigned long long)j->seed);
	for (size_t k = 0; k < j->nk; k++)
		fprintf(out, "  %-20s %-32s %s%s\n", j->kern[k].k.label, j->kern[k].k.release, j->kern[k].k.spec,
		        j->kern[k].dropped ? "  (dropped)" : "");
	if (j->vcpus > 0) {   /* a guest driver's */
		char g[64];
		guest_describe(j, g, sizeof g);
		fprintf(out, "guests: %s%s\n", g + (g[0] == ' '),
		        j->accel[0] ? "" : ", on kvm when a probe guest boots under it, else tcg (emulated)");
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
		fprintf(out, "state: %s, step %ld of %ld (round %ld), its loads all run\n", phase[j->phase],
		        j->step + 1, total, j->step / (long)j->nk + 1);
	else
		fprintf(out, "state: %s, step %ld of %ld (round %ld), load %zu of %zu\n", phase[j->phase],
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
	if (strcmp(j->accel, "tcg") == 0)
		fprintf(out, REC_EMULATED_NOTE "\n");
}
