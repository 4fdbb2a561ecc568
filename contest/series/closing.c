/* closing.c: a series said: its plan with each round's order, where it stands, what happened, and at its end its labels' tables; and its story (plan and events) written beside its records for the report. */
#include "contest/series/closing.h"
#include "contest/report/pipeline.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "results/record/store.h"
#include "results/record/story.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

_Static_assert(SERIES_MAX_KERNELS <= STORY_MAX_KERNELS && SERIES_MAX_ROUNDS <= STORY_MAX_ROUNDS &&
               SERIES_MAX_LOADS <= STORY_MAX_LOADS && SERIES_MAX_EVENTS <= STORY_MAX_EVENTS &&
               SERIES_EVENT_MAX <= STORY_EVENT_MAX && BOOT_SPEC_MAX <= STORY_SPEC_MAX &&
               BOOT_RELEASE_MAX <= STORY_RELEASE_MAX,
               "a journal's plan and events fit in a story");

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

/* The phrases of step.c's events that tell their kind (the first found
 * wins; an event with none is a note). */
static const struct {
	const char *phrase;
	int kind;
} kinds[] = {
	{ " dropped after ", STORY_DROP },
	{ " did not come up", STORY_BOOT },
	{ " run was cut ", STORY_CUT },
	{ "'s boot ended before ", STORY_CUT },
	{ "'s boot ended between ", STORY_CUT },
	{ " went down between arming ", STORY_CUT },
	{ "'s runs were all on record", STORY_NOTE },
	{ " run: ", STORY_RUN },
};

/* kind_of: the kind of event line ev. */
static int kind_of(const char *ev)
{
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (strstr(ev, kinds[i].phrase) != NULL)
			return kinds[i].kind;
	return STORY_NOTE;
}

/* story_of: j's plan and events as a story. */
static void story_of(const struct series_journal *j, struct series_story *s)
{
	struct boot_ctx c;
	const struct boot_driver *d = driver_of(j, &c);

	memset(s, 0, sizeof *s);
	text_copy(s->id, j->id, sizeof s->id);
	text_copy(s->driver, j->driver, sizeof s->driver);
	s->seed = (unsigned long long)j->seed;
	if (d != NULL && d->describe != NULL) {   /* as series_plan_print says it, without "guests: " */
		char line[256];
		d->describe(&c, 1, line, sizeof line);
		text_copy(s->guest, line + (strncmp(line, "guests: ", 8) == 0 ? 8 : 0), sizeof s->guest);
	}
	s->rounds = j->rounds;
	s->nk = j->nk;
	for (size_t k = 0; k < j->nk; k++) {
		text_copy(s->kern[k].label, j->kern[k].k.label, sizeof s->kern[k].label);
		text_copy(s->kern[k].release, j->kern[k].k.release, sizeof s->kern[k].release);
		text_copy(s->kern[k].spec, j->kern[k].k.spec, sizeof s->kern[k].spec);
		s->kern[k].dropped = j->kern[k].dropped;
	}
	s->nloads = j->nloads;
	for (size_t l = 0; l < j->nloads; l++)
		text_copy(s->loads[l], j->loads[l], sizeof s->loads[l]);
	memcpy(s->order, j->order, (size_t)j->rounds * j->nk);
	s->nev = j->nev;
	for (size_t i = 0; i < j->nev; i++) {
		text_copy(s->ev[i].text, j->ev[i], sizeof s->ev[i].text);
		s->ev[i].kind = kind_of(j->ev[i]);
	}
}

void series_story_save(const struct series_journal *j)
{
	struct series_story *s = malloc(sizeof *s);
	char *buf = malloc(STORY_CAP), *old = NULL, path[PATH_MAX], q[TEXT_QUOTED];
	size_t n = 0, on = 0;

	if (s != NULL && buf != NULL && story_path(j->results, j->id, path, sizeof path) == 0) {
		story_of(j, s);
		n = story_format(s, buf, STORY_CAP);
		old = n ? text_read_path(path, O_NOFOLLOW | O_NONBLOCK, STORY_CAP, &on, NULL) : NULL;
	}
	if (n > 0 && (old == NULL || on != n || memcmp(old, buf, n) != 0) &&
	    fs_replace(path, buf, n, 0644) != 0 && errno != ENOENT)   /* ENOENT: no results folder yet */
		warn("series: cannot write its story %s", text_quote(path, q, sizeof q));
	free(old);
	free(buf);
	free(s);
}
