/* plan.c: the run plan of an invocation: settings x load conditions x rounds, its order, and its printing for --dry-run. */
#include "contest/plan.h"
#include "contest/precise.h"
#include "contest/progress.h"
#include "lib/parse.h"
#include "lib/text.h"
#include "results/store.h"

#include <string.h>
#include <unistd.h>

void plan_build(struct plan *p, const struct opts *o)
{
	memset(p, 0, sizeof *p);
	p->loads = o->loads;
	p->nloads = o->nloads;
	p->rounds = o->runs;
	p->autorun = o->runs_auto;
	p->precision = o->precision;
	p->budget = o->budget;
	p->mem = o->mem;
	p->lead = o->lead;
	if (o->mode != MODE_SWEEP) {
		p->nset = 1;
		p->set[0].label = o->label;
		return;
	}
	p->key = o->sweep_key;
	p->nset = o->nsweep;
	for (size_t v = 0; v < o->nsweep; v++) {
		p->set[v].label = o->sweep_label[v];
		p->set[v].value = o->sweep_val[v];
	}
}

size_t plan_size(const struct plan *p)
{
	return (size_t)p->rounds * p->nloads * p->nset;
}

struct plan_run plan_at(const struct plan *p, size_t k)
{
	struct plan_run r;

	r.set = k % p->nset;
	r.load = k / p->nset % p->nloads;
	r.round = (long)(k / (p->nset * p->nloads));
	return r;
}

/* has_label: 1 when label is one of p's settings' labels. */
static int has_label(const struct plan *p, const char *label)
{
	for (size_t v = 0; v < p->nset; v++)
		if (strcmp(p->set[v].label, label) == 0)
			return 1;
	return 0;
}

void plan_estimate(struct plan *p, const char *dir)
{
	double sum[2][OPTS_MAX_LOADS] = { { 0 } };
	size_t n[2][OPTS_MAX_LOADS] = { { 0 } };
	struct rec_set got = { 0 };

	if (access(dir, R_OK | X_OK) != 0 || store_read_all(dir, &got) != 0)
		return;  /* nothing recorded yet, or said by the reader */
	for (size_t i = 0; i < got.n; i++) {
		int other = !has_label(p, got.v[i].label);
		for (size_t k = 0; k < p->nloads; k++)
			if (!got.v[i].failed && strcmp(got.v[i].load, p->loads[k]->name) == 0) {
				sum[other][k] += got.v[i].time;
				n[other][k]++;
			}
	}
	rec_set_free(&got);
	/* the plan's own labels first, else any label's runs of the load */
	for (size_t k = 0; k < p->nloads; k++) {
		int other = n[0][k] == 0;
		p->other[k] = other && n[1][k] > 0;
		p->nrec[k] = n[other][k];
		p->secs[k] = p->nrec[k] ? sum[other][k] / (double)p->nrec[k] : 0;
	}
}

/* disk_need: the bytes load d writes for MEM bytes (its disk_pct of mem). */
static uint64_t disk_need(const struct load_desc *d, uint64_t mem)
{
	return mem / 100 * d->disk_pct + mem % 100 * d->disk_pct / 100;
}

void plan_disk(const struct load_desc *d, uint64_t mem, char *buf, size_t len)
{
	const char *needs = d->needs ? d->needs : "";
	char size[32];

	if (d->disk_pct == 0 && !(d->flags & LOAD_F_DISK)) {
		text_copy(buf, "none", len);
		return;
	}
	if (d->disk_pct == 0 || mem == 0) {
		text_fmt(buf, len, "not known before it runs (%s)", needs);
		return;
	}
	parse_fmt_size(disk_need(d, mem), size, sizeof size);
	text_fmt(buf, len, "%s (%s)", size, needs);
}

uint64_t plan_peak_disk(const struct plan *p)
{
	uint64_t kept = 0, peak = 0;

	for (size_t k = 0; k < p->nloads; k++) {
		const struct load_desc *d = p->loads[k];
		uint64_t need = disk_need(d, p->mem);

		if (d->flags & LOAD_F_OTHER)
			continue;
		if (kept + need > peak)
			peak = kept + need;
		if (d->flags & LOAD_F_KEEPS)
			kept += need;
	}
	return peak;
}

/* print_shape: the plan's first lines: how many runs, of what, in what order. */
static void print_shape(const struct plan *p, FILE *f)
{
	char b[32];

	fprintf(f, "plan: %s%zu run(s): %s%ld round(s) x %zu load condition(s) x %zu setting(s)",
	        p->autorun ? "up to " : "", plan_size(p), p->autorun ? "up to " : "", p->rounds, p->nloads,
	        p->nset);
	if (p->key != NULL)
		fprintf(f, " of %s", p->key);
	fprintf(f, ", round by round, load by load%s\n", p->nset > 1 ? ", setting by setting" : "");
	if (p->autorun) {
		fprintf(f, "-n auto: a condition's rounds stop when the 95%% interval of its Time is within "
		        "+-%g%% of its mean (at least %d runs counted: ok, not busy), or at %ld runs", p->precision,
		        PRECISE_MIN_RUNS, p->rounds);
		if (p->budget > 0)
			fprintf(f, "; no round starts that would end after %s", progress_fmt_secs(p->budget, b, sizeof b));
		fputs("\n", f);
	}
	fputs("settings:", f);
	for (size_t v = 0; v < p->nset; v++)
		fprintf(f, " %s", p->set[v].label);
	fputc('\n', f);
}

/* run_secs: the estimated seconds of one run of load k (its mean recorded
 * compile and the lead of a load with processes); 0 when none recorded. */
static double run_secs(const struct plan *p, size_t k)
{
	if (p->nrec[k] == 0)
		return 0;
	return p->secs[k] + ((p->loads[k]->flags & LOAD_F_NOPROC) ? 0 : p->lead);
}

/* print_load: the line of load condition k: runs, settings, disk, time. */
static void print_load(const struct plan *p, size_t k, FILE *f)
{
	char disk[256], t[32];

	plan_disk(p->loads[k], p->mem, disk, sizeof disk);
	fprintf(f, "  %s: %s%ld run(s)", p->loads[k]->name, p->autorun ? "up to " : "", p->rounds * (long)p->nset);
	if (p->nset > 1)
		fprintf(f, ", %ld under each setting", p->rounds);
	else
		fprintf(f, " under %s", p->set[0].label);
	fprintf(f, "; disk: %s; ", disk);
	if (p->nrec[k] == 0)
		fputs("time: no run recorded yet\n", f);
	else
		fprintf(f, "about %s a run (compile %.1fs, mean of %zu recorded%s)\n",
		        progress_fmt_secs(run_secs(p, k), t, sizeof t), p->secs[k], p->nrec[k],
		        p->other[k] ? " under other labels" : "");
}

/* print_peak: the line of the peak disk in the testbed, with what it leaves out. */
static void print_peak(const struct plan *p, FILE *f)
{
	char size[32];

	if (p->mem == 0) {
		fputs("peak disk in the testbed: not known (MEM unknown)\n", f);
		return;
	}
	fprintf(f, "peak disk in the testbed: %s (the largest load's files beside those kept from "
	        "earlier loads; the workload's tree, the files of loads whose size depends on it, "
	        "a --swap file and io_other's files in -o not counted)\n",
	        parse_fmt_size(plan_peak_disk(p), size, sizeof size));
}

void plan_print(const struct plan *p, FILE *f)
{
	double total = 0;
	size_t unknown = 0;
	char t[32];

	print_shape(p, f);
	for (size_t k = 0; k < p->nloads; k++) {
		print_load(p, k, f);
		total += run_secs(p, k) * (double)p->rounds * (double)p->nset;
		unknown += p->nrec[k] == 0;
	}
	print_peak(p, f);
	if (unknown == p->nloads) {
		fputs("estimated time: unknown (no run of these load conditions recorded yet)\n", f);
		return;
	}
	fprintf(f, "estimated time: %s%s (a guess: the recorded compile times and the %.1fs lead of each "
	        "loaded run; make clean, preparing, flushing and warm-up compiles not counted",
	        p->autorun ? "at most " : unknown ? "at least " : "", progress_fmt_secs(total, t, sizeof t),
	        p->lead);
	if (p->autorun)
		fprintf(f, "; -n auto: all %ld rounds", p->rounds);
	if (unknown)
		fprintf(f, "; %zu load condition(s) without a recorded run not counted", unknown);
	fputs(")\n", f);
}
