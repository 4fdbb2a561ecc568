/* plan.c: the run plan of an invocation: settings x load conditions x rounds, its order, and its printing for --dry-run. */
#include "contest/engine/plan.h"
#include "contest/engine/estimate.h"
#include "contest/engine/precise.h"
#include "contest/engine/progress.h"
#include "lib/fs.h"
#include "lib/parse.h"
#include "lib/text.h"
#include "results/record/store.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
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
	p->confine = o->confine;
	p->swap = o->swap > 0;
	p->testbed.given = o->testbed;
	p->results.given = o->results;
	p->otherdir.given = o->other;
	p->tb.free = p->odir.free = UINT64_MAX;  /* unknown until plan_space */
	p->canary = NAN;
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

void plan_estimate(struct plan *p, const char *dir, const char *workload)
{
	double sum[2][OPTS_MAX_LOADS] = { { 0 } };
	size_t n[2][OPTS_MAX_LOADS] = { { 0 } };
	struct rec_set got = { 0 };

	if (access(dir, R_OK | X_OK) != 0 || store_read_all(dir, &got) != 0)
		return;  /* nothing recorded yet, or said by the reader */
	for (size_t i = 0; i < got.n; i++) {
		int other = !has_label(p, got.v[i].label);
		if (got.v[i].failed || strcmp(got.v[i].workload, workload) != 0)
			continue;
		for (size_t k = 0; k < p->nloads; k++)
			if (strcmp(got.v[i].load, p->loads[k]->name) == 0) {
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

void plan_guess(struct plan *p, double canary, double units, double per_unit, int cpus, const char *size)
{
	struct est_load l[OPTS_MAX_LOADS];
	double base;

	for (size_t k = 0; k < p->nloads; k++)
		l[k] = (struct est_load){ .cost = p->loads[k]->cost, .secs = p->secs[k], .nrec = p->nrec[k] };
	p->canary = canary;
	text_copy(p->size, size, sizeof p->size);
	base = est_base(l, p->nloads, canary, units, per_unit, cpus);
	for (size_t k = 0; k < p->nloads; k++)
		if (p->nrec[k] == 0 && isfinite(base)) {
			p->secs[k] = est_compile(&l[k], base);
			p->guess[k] = 1;
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

/* peak_of: the peak of the plan's files in the testbed (kept files
 * already there left out when fresh); the loads making it into what
 * (NULL: not wanted). */
static uint64_t peak_of(const struct plan *p, int fresh, char *what, size_t len)
{
	uint64_t kept = 0, peak = 0, kept_at = 0;
	size_t at = p->nloads;
	char a[32];

	for (size_t k = 0; k < p->nloads; k++) {
		const struct load_desc *d = p->loads[k];
		uint64_t need = fresh && p->present[k] ? 0 : disk_need(d, p->mem);

		if (d->flags & LOAD_F_OTHER)
			continue;
		if (kept + need > peak) {
			peak = kept + need;
			kept_at = kept;
			at = k;
		}
		if (d->flags & LOAD_F_KEEPS)
			kept += need;
	}
	if (what == NULL || len == 0)
		return peak;
	what[0] = '\0';
	for (size_t k = 0; k < at && kept_at > 0; k++) {
		const struct load_desc *d = p->loads[k];
		size_t n = strlen(what);

		if ((d->flags & (LOAD_F_KEEPS | LOAD_F_OTHER)) == LOAD_F_KEEPS && !(fresh && p->present[k]))
			text_fmt(what + n, len - n, "%s's kept %s file beside ", d->name,
			         parse_fmt_size(disk_need(d, p->mem), a, sizeof a));
	}
	if (at < p->nloads) {
		size_t n = strlen(what);
		text_fmt(what + n, len - n, "%s's %s", p->loads[at]->name,
		         parse_fmt_size(peak - kept_at, a, sizeof a));
	}
	return peak;
}

uint64_t plan_peak_disk(const struct plan *p)
{
	return peak_of(p, 0, NULL, 0);
}

uint64_t plan_peak_new(const struct plan *p, char *what, size_t len)
{
	return peak_of(p, 1, what, len);
}

/* space_of: s for directory dir: its free space, or its nearest existing
 * parent's when dir is not made yet; unknown when none can be read. */
static void space_of(struct plan_space *s, const char *dir)
{
	char *slash;

	struct statfs sf;

	text_copy(s->dir, dir, sizeof s->dir);
	s->fstype = 0;
	for (;;) {
		if (load_space_free(s->dir, &s->free) == 0) {
			if (statfs(s->dir, &sf) == 0)
				s->fstype = (long)sf.f_type;
			return;
		}
		s->free = UINT64_MAX;
		if (errno != ENOENT || strcmp(s->dir, ".") == 0 || strcmp(s->dir, "/") == 0)
			return;
		/* its parent, as dirname(1) says it */
		while ((slash = strrchr(s->dir, '/')) != NULL && slash > s->dir && slash[1] == '\0')
			*slash = '\0';
		if (slash == NULL)
			text_copy(s->dir, ".", sizeof s->dir);
		else if (slash == s->dir)
			s->dir[1] = '\0';
		else
			*slash = '\0';
	}
}

/* kept_there: 1 when load d's kept file is contest's regular file of need
 * bytes in testbed (it is reused, not written again). */
static int kept_there(const struct load_desc *d, const char *testbed, uint64_t need)
{
	char path[PATH_MAX];
	struct stat st;

	return d->kept != NULL && need > 0 && fs_path(path, sizeof path, "%s/%s", testbed, d->kept) == 0 &&
	       lstat(path, &st) == 0 && S_ISREG(st.st_mode) && (uint64_t)st.st_size == need;
}

const char *plan_dir_name(const struct plan_dir *d)
{
	return d->taken && d->path[0] != '\0' ? d->path : d->given;
}

void plan_space(struct plan *p)
{
	const char *testbed = plan_dir_name(&p->testbed), *other = plan_dir_name(&p->otherdir);

	space_of(&p->tb, testbed);
	p->odir.dir[0] = '\0';
	p->odir.free = UINT64_MAX;
	if (other != NULL)
		space_of(&p->odir, other);
	for (size_t k = 0; k < p->nloads; k++)
		p->present[k] = kept_there(p->loads[k], testbed, disk_need(p->loads[k], p->mem));
}

/* other_need: the most the plan's -o loads write in -o, and which one into *name. */
static uint64_t other_need(const struct plan *p, const char **name)
{
	uint64_t most = 0;

	for (size_t k = 0; k < p->nloads; k++)
		if ((p->loads[k]->flags & LOAD_F_OTHER) && disk_need(p->loads[k], p->mem) > most) {
			most = disk_need(p->loads[k], p->mem);
			*name = p->loads[k]->name;
		}
	return most;
}

/* in_memory_check: 0, or -1 with one line in why when a load of
 * LOAD_F_MAPFILE would map a file of the testbed, on a file system that
 * keeps it in memory, inside the memory group with no swap: the group
 * could reclaim none of it, and its OOM killer would kill the load. */
static int in_memory_check(const struct plan *p, const char *testbed, int swap_on, char *why, size_t len)
{
	const char *fs = fs_type_name(p->tb.fstype);

	if (!p->confine || swap_on || p->swap || !fs_type_in_memory(p->tb.fstype))
		return 0;
	for (size_t k = 0; k < p->nloads; k++)
		if (p->loads[k]->flags & LOAD_F_MAPFILE) {
			text_fmt(why, len, "%s: the testbed %s is on %s, which keeps its files in memory: without "
			         "swap, %s's shared mapping there cannot be written back, and the memory group's "
			         "OOM killer would kill it; use -d on a disk's file system, or no memory group "
			         "(--whole-machine, no --confine)",
			         p->loads[k]->name, testbed, fs ? fs : "a memory file system", p->loads[k]->name);
			return -1;
		}
	return 0;
}

int plan_disk_check(const struct plan *p, int swap_on, char *why, size_t len)
{
	const char *testbed = plan_dir_name(&p->testbed), *other = plan_dir_name(&p->otherdir);
	char what[256], a[32], b[32];
	const char *name = "";
	uint64_t need = plan_peak_new(p, what, sizeof what);

	if (need > 0 && p->tb.free != UINT64_MAX && p->tb.free < load_space_need(need)) {
		text_fmt(why, len, "the testbed %s has %s free, the plan needs %s at its peak (%s, and 5%% "
		         "and 16M of margin): use --mem SIZE, fewer loads or another -d", testbed,
		         parse_fmt_size(p->tb.free, a, sizeof a), parse_fmt_size(load_space_need(need), b, sizeof b),
		         what);
		return -1;
	}
	need = other_need(p, &name);
	if (need > 0 && other != NULL && p->odir.free != UINT64_MAX && p->odir.free < load_space_need(need)) {
		text_fmt(why, len, "the -o directory %s has %s free, %s needs %s there (with 5%% and 16M of "
		         "margin): use --mem SIZE or another -o", other, parse_fmt_size(p->odir.free, a, sizeof a),
		         name, parse_fmt_size(load_space_need(need), b, sizeof b));
		return -1;
	}
	return in_memory_check(p, testbed, swap_on, why, len);
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

/* known: 1 when load k's compile is recorded or guessed. */
static int known(const struct plan *p, size_t k)
{
	return p->nrec[k] > 0 || p->guess[k];
}

/* cold_before: 1 when the run of load k follows one that leaves the caches
 * cold (not a load without processes), so a LOAD_F_WARM load warms them
 * up with a compile first; first: the plan's first run. */
static int cold_before(const struct plan *p, size_t k, int first)
{
	if (first)
		return 1;
	return !(p->loads[k > 0 ? k - 1 : p->nloads - 1]->flags & LOAD_F_NOPROC);
}

/* run_secs: the estimated seconds of one run of load k: its compile, the
 * lead of a load with processes, est_overhead with prep seconds of
 * preparing and a warm-up when warm (a LOAD_F_WARM load after a cold
 * run); 0 when its compile is not known. */
static double run_secs(const struct plan *p, size_t k, double prep, int warm)
{
	if (!known(p, k))
		return 0;
	return p->secs[k] + ((p->loads[k]->flags & LOAD_F_NOPROC) ? 0 : p->lead) +
	       est_overhead(prep, warm && (p->loads[k]->flags & LOAD_F_WARM), p->secs[k]);
}

/* prep_of: the seconds load k's prepare takes in a run: its descriptor's
 * prep_s per GiB of MEM (a kept file: only when it is not there, and only
 * in the first run: first). */
static double prep_of(const struct plan *p, size_t k, int first)
{
	const struct load_desc *d = p->loads[k];

	if ((d->flags & LOAD_F_KEEPS) && (!first || p->present[k]))
		return 0;
	return d->prep_s * (double)p->mem / (double)(1ull << 30);
}

/* load_total: the estimated seconds of every run of load k in the plan. */
static double load_total(const struct plan *p, size_t k)
{
	double total = 0;

	for (long round = 0; round < p->rounds; round++)
		for (size_t v = 0; v < p->nset; v++)
			total += run_secs(p, k, prep_of(p, k, round == 0 && v == 0),
			                  v == 0 && cold_before(p, k, round == 0 && k == 0));
	return total;
}

double plan_run_secs(const struct plan *p, size_t k)
{
	return p->rounds > 0 ? load_total(p, k) / (double)p->rounds / (double)p->nset : 0;
}

double plan_total(const struct plan *p, size_t *unknown)
{
	double total = 0;

	*unknown = 0;
	for (size_t k = 0; k < p->nloads; k++) {
		*unknown += !known(p, k);
		total += load_total(p, k);
	}
	return total;
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
	if (!known(p, k))
		fputs("time: no run recorded yet\n", f);
	else if (p->guess[k])
		fprintf(f, "about %s a run (a first guess: compile %.0fs, cost factor %.2f)\n",
		        progress_fmt_secs(run_secs(p, k, prep_of(p, k, 1), cold_before(p, k, k == 0)), t, sizeof t),
		        p->secs[k], p->loads[k]->cost > 0 ? p->loads[k]->cost : 1.0);
	else
		fprintf(f, "about %s a run (compile %.1fs, mean of %zu recorded%s)\n",
		        progress_fmt_secs(run_secs(p, k, prep_of(p, k, 1), cold_before(p, k, k == 0)), t, sizeof t),
		        p->secs[k], p->nrec[k], p->other[k] ? " under other labels" : "");
}

/* print_free: "; SIZE free in DIR" of s on f, when known. */
static void print_free(const struct plan_space *s, FILE *f)
{
	char size[32];

	if (s->free != UINT64_MAX)
		fprintf(f, "; %s free in %s", parse_fmt_size(s->free, size, sizeof size), s->dir);
}

/* print_peak: the lines of the peak disk in the testbed, and of -o's, with
 * the free space (full: and what the peak leaves out). */
static void print_peak(const struct plan *p, FILE *f, int full)
{
	char size[32], what[256];
	const char *name = NULL;
	uint64_t other;

	if (p->mem == 0) {
		fputs("peak disk in the testbed: not known (MEM unknown)\n", f);
		return;
	}
	fprintf(f, "peak disk in the testbed: %s", parse_fmt_size(peak_of(p, 0, what, sizeof what), size,
	        sizeof size));
	if (what[0] != '\0')
		fprintf(f, " (%s)", what);
	if (plan_peak_new(p, NULL, 0) < plan_peak_disk(p))
		fprintf(f, ", %s of it to write (the kept files are there)",
		        parse_fmt_size(plan_peak_new(p, NULL, 0), size, sizeof size));
	print_free(&p->tb, f);
	fputc('\n', f);
	if (full)
		fputs("  (not counted: the workload's tree, the files of loads whose size depends on it, a "
		      "--swap file)\n", f);
	if ((other = other_need(p, &name)) > 0) {
		fprintf(f, "disk in -o: %s (%s)", parse_fmt_size(other, size, sizeof size), name);
		print_free(&p->odir, f);
		fputc('\n', f);
	}
}

/* print_names: the load conditions' names on one line. */
static void print_names(const struct plan *p, FILE *f)
{
	fputs("load conditions:", f);
	for (size_t k = 0; k < p->nloads; k++)
		fprintf(f, " %s", p->loads[k]->name);
	fputc('\n', f);
}

/* print_guess: the estimated time line of a plan with first guesses
 * (guessed of its loads, total seconds); full: what the guess is made of. */
static void print_guess(const struct plan *p, FILE *f, int full, size_t guessed, double total)
{
	char t[32];

	fprintf(f, "estimated time: %s%s, a first guess: ", p->autorun ? "at most " : "",
	        est_fmt_guess(total, t, sizeof t));
	if (guessed == p->nloads)
		fputs("no runs of this workload recorded here yet", f);
	else
		fprintf(f, "%zu of %zu load condition(s) without a recorded run of this workload", guessed,
		        p->nloads);
	if (!full) {
		fputs("; corrected as runs finish\n", f);
		return;
	}
	if (guessed == p->nloads)
		fprintf(f, "\n  (from the canary %.3fs x %s, over the CPUs, times each load's cost factor",
		        p->canary, p->size);
	else
		fputs("\n  (their compile from the recorded loads' times over each load's cost factor", f);
	fputs("; each run's lead, make clean, flushing, quiet wait, canaries and its load's files; the "
	      "progress line corrects it as runs finish)\n", f);
}

void plan_print(const struct plan *p, FILE *f, int full)
{
	size_t unknown = 0, guessed = 0;
	double total = plan_total(p, &unknown);
	char t[32];

	print_shape(p, f);
	if (!full)
		print_names(p, f);
	for (size_t k = 0; k < p->nloads; k++) {
		if (full)
			print_load(p, k, f);
		guessed += p->guess[k];
	}
	print_peak(p, f, full);
	if (unknown == p->nloads) {
		fputs("estimated time: unknown (no run of these load conditions recorded yet, and no canary)\n", f);
		return;
	}
	if (guessed > 0) {
		print_guess(p, f, full, guessed, total);
		return;
	}
	fprintf(f, "estimated time: %s%s (a guess: the recorded compile times, the %.1fs lead of each "
	        "loaded run, about %.0fs a run for make clean, flushing and the canaries, and the loads' files",
	        p->autorun ? "at most " : unknown ? "at least " : "", progress_fmt_secs(total, t, sizeof t),
	        p->lead, EST_STEP_SECS);
	if (p->autorun)
		fprintf(f, "; -n auto: all %ld rounds", p->rounds);
	if (unknown)
		fprintf(f, "; %zu load condition(s) without a recorded run not counted", unknown);
	fputs(")\n", f);
}
